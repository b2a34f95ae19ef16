/**
 * What a viewer's player does before it fetches segments, through the public API: sign in (POST /api/accounts/login,
 * session cookie), start playback (POST /api/playback/{movieId}: the signed master URL
 * `/media/v/{videoId}/{token}/master.m3u8`), read the master playlist and one media playlist (RFC 8216: a line that
 * is not a tag or blank is a URI, here relative to the playlist's own URL).
 */

/** Signs in and returns the `Cookie` header value made of the answer's Set-Cookie pairs. @throws unless 200. */
export async function signIn(origin: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${origin}/api/accounts/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}: ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

const uris = (playlist: string) =>
  playlist
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

export interface SignedSegments {
  videoId: string;
  /** The rendition whose segments were collected (the highest the token allows), e.g. `720p`. */
  rendition: string;
  /** Absolute paths, `/media/v/{videoId}/{token}/{rendition}/{segment}.ts`, in playlist order. */
  paths: string[];
}

/**
 * Starts playback of `movieId` for the signed-in viewer and returns the signed segment paths of the highest rendition
 * the master playlist offers.
 * @throws when an answer is not 200 or a playlist has no entries.
 */
export async function signedSegments(origin: string, cookie: string, movieId: string): Promise<SignedSegments> {
  const get = async (path: string) => {
    const res = await fetch(`${origin}${path}`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
    return res.text();
  };
  const started = await fetch(`${origin}/api/playback/${movieId}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' });
  if (started.status !== 200) throw new Error(`POST /api/playback/${movieId} answered ${started.status}: ${await started.text()}`);
  const { url, videoId } = (await started.json()) as { url: string; videoId: string };
  const base = url.slice(0, url.lastIndexOf('/') + 1);
  const variants = uris(await get(url)).filter((u) => /^\d+p\//.test(u));
  const top = variants.sort((a, b) => Number.parseInt(b, 10) - Number.parseInt(a, 10))[0];
  if (!top) throw new Error(`the master playlist ${url} lists no rendition`);
  const rendition = top.slice(0, top.indexOf('/'));
  const mediaBase = base + top.slice(0, top.lastIndexOf('/') + 1);
  const paths = uris(await get(base + top)).map((s) => mediaBase + s);
  if (!paths.length) throw new Error(`the media playlist ${base + top} lists no segment`);
  return { videoId, rendition, paths };
}
