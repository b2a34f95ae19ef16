/**
 * Drawn pages shared between signed-out visitors (docs/decisions/015-shared-page-cache.md).
 *
 * A page drawn for a signed-out visitor depends only on its URL, its language and the catalogue: no session, so no
 * name, pass or watch list in it. Signed out means no cookie of better-auth's (isSignedOutVisitor); other cookies
 * (analytics, a proxy's, junk) change nothing in the page, so they neither skip the cache nor let a client draw
 * every page afresh by adding `Cookie: junk=1`. Such pages go through a short-lived read cache
 * (src/server/modules/catalog/read-cache.ts) keyed by language, origin and URL: visitors who ask for the same page at
 * once share one drawing, and the drawn page is reused for PAGE_CACHE_SECONDS (default 5). That is the case of a
 * film's link shared in a WhatsApp group, where many phones open the same /watch/{id} within seconds.
 *
 * A drawing is kept only when every API answer it used was 200, 204, 304 or 404 (never a 429 of one address's rate
 * limit, nor a 5xx), no answer set a cookie, and every part of the page was drawn. One drawn with another answer
 * goes to the visitor it was drawn for, and the visitors who were waiting on it draw their own. One that failed
 * (the app shell goes out) or lacks a part goes to everyone who was waiting, and is not kept. The owner of the
 * cache clears it on every catalogue change (app.ts, through the LISTEN hub), so the time to live bounds only
 * what no event announces.
 */
import type { ReadCache } from '../modules/catalog/read-cache.js';

/**
 * Whether a page's URL carries a secret, so its drawing is never kept for others: the password-reset link's
 * `token` (docs/decisions/021-account-recovery.md), which the drawn reset form holds in a hidden field so it works
 * before the app has loaded (docs/decisions/024-forms-before-hydration.md). Only its hash is stored anywhere else,
 * and a shared cache (Redis at scale) would hold the token itself for PAGE_CACHE_SECONDS.
 */
export function carriesSecret(url: string): boolean {
  const q = url.indexOf('?');
  return q >= 0 && new URLSearchParams(url.slice(q + 1)).has('token');
}

/** API statuses a page may be drawn with and still be shared: answers that are the same for every signed-out visitor. */
export const SHAREABLE_API_STATUSES: ReadonlySet<number> = new Set([200, 204, 304, 404]);

/**
 * Whether a request with this Cookie header may get, and give, a shared page: no cookie of better-auth's is in it.
 * Those cookies (`better-auth.session_token`, `session_data`, `dont_remember`, `__Secure-` prefixed when PUBLIC_URL is
 * https; better-auth's createCookieGetter, node_modules/better-auth/dist/cookies) say who the visitor may be. A request
 * with one is checked further by web.ts (drawPage): if its session cookie names no session (expired, or forged, which
 * better-auth finds by its signature without a lookup), it is a signed-out visitor after all and shares the page. The test is on the raw header,
 * so no way of writing the cookie that better-auth's own parsers (better-call's parseCookies) would accept can slip
 * past it. The language cookie changes the page too, but it is in the cache key (web.ts). Nothing else on the server
 * reads a cookie: the API a page is drawn from (ssr.ts injectTransport) learns who the visitor is only from
 * request.currentUser (plugins/auth.ts), through the session cookie. So any other cookie (analytics, a proxy's, junk)
 * neither changes the page nor skips the cache.
 */
export function isSignedOutVisitor(cookieHeader: string | undefined): boolean {
  return !cookieHeader || !/better-auth/i.test(cookieHeader);
}

/**
 * A drawing, and who else may be given it: `keep`, every visitor of its key until the cache's time to live ends;
 * `waiting`, the visitors already waiting on it but no later ones (the app shell after a drawing failed or ran out
 * of time, which is the same for everyone, and drawing it again for each would only add load); `own`, its visitor
 * only (drawn with an answer about that visitor, such as their address's rate limit).
 */
export interface Drawing<T> {
  value: T;
  share: 'keep' | 'waiting' | 'own';
}

class NotKept<T> extends Error {
  constructor(
    readonly drawer: symbol,
    readonly drawing: Drawing<T>,
  ) {
    super('drawing not kept');
  }
}

/**
 * `draw()` through `cache` under `key`. Callers asking for the same key at once share one drawing, which is then
 * handled as its `share` says (see Drawing): a caller waiting on an `own` drawing calls its own `draw` and gets
 * that, whatever its `share`. Rejects only when `draw` rejects.
 */
export async function drawShared<T>(cache: ReadCache, key: string, draw: () => Promise<Drawing<T>>): Promise<T> {
  const me = Symbol('drawer');
  try {
    return await cache.get(key, async () => {
      const drawn = await draw();
      if (drawn.share !== 'keep') throw new NotKept(me, drawn);
      return drawn.value;
    });
  } catch (err) {
    if (!(err instanceof NotKept)) throw err;
    const { drawing } = err as NotKept<T>;
    return err.drawer === me || drawing.share === 'waiting' ? drawing.value : (await draw()).value;
  }
}
