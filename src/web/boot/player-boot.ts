/**
 * The first-frame boot (docs/decisions/030-first-frame-before-the-app.md): a small script the server writes into a
 * /player/{id} page (web.ts, built into /player-boot.js by vite.boot-plugin.ts), which plays the first
 * seconds before the app's JavaScript (about 250 KB with hls.js) has arrived. On a first visit at Slow 4G that
 * JavaScript alone took 1.3 s of the link; at 700 kb/s, 3 s.
 *
 * 1. At once: POST /api/playback/:id (with this tab's stream session and the browser's Save-Data), left on
 *    `window.__sobanuraBoot` for the app, which takes the answer instead of asking again (handle.ts).
 * 2. Where Media Source Extensions exist and the video is fMP4 (the answer names an init segment, ADR 026): picks the
 *    start rendition for the link (playlist.ts startVariant: navigator.connection.downlink, else the page's own
 *    transfer), puts a `<video>` in a 16:9 frame at the top of the page (outside the app's root), and appends the
 *    init segment and the segments from the resume position into one SourceBuffer.
 * 3. Starts playback by the player's start gate (start-gate.ts, ADR 013), then keeps about 12 s buffered until the
 *    app's player claims the MediaSource and hls.js adopts it (video-player.tsx).
 * Any failure leaves the page as it was drawn (the `<video>` removed): the app's player then starts as before.
 * Self-contained (no imports at run time but these small pure modules, bundled in), no exports.
 */
import { readyToStart } from '../features/player/lib/start-gate';
import { BOOT_GLOBAL, type BootMedia, type PlayerBoot } from './handle';
import { parseMaster, parseMedia, segmentAt, startVariant, type Segment } from './playlist';

/** Seconds kept buffered ahead while the boot plays alone. */
const BOOT_BUFFER_SECONDS = 12;
/** The stream session key of use-signed-playback.ts, and its lapse (SESSION_LAPSE_SECONDS), ms. */
const SESSION_KEY = 'sobanura-stream-session';
const SESSION_LAPSE_MS = 75_000;

interface PlaybackAnswer {
  url: string;
  captions?: unknown[];
  sessionId: string;
  resumeSeconds: number | null;
  start?: { media: string; init?: string | null; segment: string } | null;
}

type Connection = { downlink?: number; saveData?: boolean };

function storedSession(): string | undefined {
  try {
    const s = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null') as { id?: unknown; confirmedAt?: unknown } | null;
    return s && typeof s.id === 'string' && typeof s.confirmedAt === 'number' && Date.now() - s.confirmedAt < SESSION_LAPSE_MS ? s.id : undefined;
  } catch {
    return undefined;
  }
}

/** The link's speed, bits per second: the Network Information API, else this page's own download; null if unknown. */
function linkEstimate(): number | null {
  const c = (navigator as Navigator & { connection?: Connection }).connection;
  if (c?.downlink && c.downlink > 0) return c.downlink * 1e6;
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const seconds = nav ? (nav.responseEnd - nav.responseStart) / 1000 : 0;
  // Below ~8 KB or 50 ms the page says more about the server than about the link.
  return nav && nav.transferSize > 8000 && seconds > 0.05 ? (nav.transferSize * 8) / seconds : null;
}

function bufferedAhead(v: HTMLVideoElement): number {
  for (let i = 0; i < v.buffered.length; i++) if (v.buffered.start(i) <= v.currentTime + 0.25 && v.currentTime < v.buffered.end(i)) return v.buffered.end(i) - v.currentTime;
  return 0;
}

function boot(): void {
  const match = /^\/player\/([^/]+)\/?$/.exec(location.pathname);
  if (!match) return;
  const id = decodeURIComponent(match[1]!);
  const partId = new URLSearchParams(location.search).get('part') ?? undefined;
  const connection = (navigator as Navigator & { connection?: Connection }).connection;
  const body = { ...(partId ? { partId } : {}), ...(storedSession() ? { sessionId: storedSession() } : {}), ...(connection?.saveData === true ? { saveData: true } : {}) };
  const answer = fetch(`/api/playback/${encodeURIComponent(id)}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

  let settle: () => void = () => undefined;
  let claimed = false;
  let media: BootMedia | null = null;
  let controller: AbortController | null = null;
  let appending: Promise<void> = Promise.resolve();
  const handle: PlayerBoot = {
    key: `${id}:${partId ?? ''}`,
    answer,
    video: null,
    frame: null,
    url: null,
    settled: new Promise<void>((resolve) => (settle = resolve)),
    claim: async () => {
      claimed = true;
      controller?.abort();
      await appending.catch(() => undefined);
      // Given only with its <video>: a player that made its own element starts from scratch.
      if (media && handle.video === null && media.mediaSource.readyState === 'open') return media;
      giveUp();
      return null;
    },
  };
  (window as unknown as Record<string, unknown>)[BOOT_GLOBAL] = handle;

  let video: HTMLVideoElement | null = null;
  const giveUp = () => {
    claimed = true;
    media = null;
    if (video && handle.video === video) {
      handle.video = null;
      video.remove();
      video.removeAttribute('src');
      video.load();
    }
    handle.frame?.remove();
    handle.frame = null;
    settle();
  };

  const MS = window.MediaSource;
  if (!MS) return settle();
  const run = async () => {
    // The app reads the answer itself: the boot reads a copy.
    const res = await answer;
    if (!res.ok) return giveUp();
    const data = (await res.clone().json()) as PlaybackAnswer;
    // A viewer who leaves before the app has taken the answer frees the screen at once, as the app does
    // (stream-sessions.ts endStreamSessionOnLeave), not after the 75 s heartbeat lapse.
    addEventListener('pagehide', () => {
      if (handle.answer && data.sessionId) navigator.sendBeacon(`/api/playback/sessions/${encodeURIComponent(data.sessionId)}/end`);
    });
    // A video with captions starts as before, in the app's player: after hls.js adopted the boot's media, its
    // subtitle tracks were made twice and a caption picked after a quality switch did not show (ADR 030).
    if (!data.start?.init || data.captions?.length || claimed) return giveUp();
    if (document.readyState === 'loading') await new Promise((r) => document.addEventListener('DOMContentLoaded', r, { once: true }));
    const fetchText = (url: string) => fetch(url, { credentials: 'same-origin' }).then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))));
    // The master playlist, and the server's start rendition beside it (the usual pick on a good link).
    const masterText = fetchText(data.url);
    const serverMedia = fetchText(data.start.media);
    const variants = parseMaster(await masterText, new URL(data.url, location.href).href);
    const pick = startVariant(variants, linkEstimate());
    const variant = variants[pick];
    if (!variant?.codecs || !MS.isTypeSupported(`video/mp4; codecs="${variant.codecs}"`) || claimed) return giveUp();
    const mediaUrl = new URL(data.start.media, location.href).href;
    const playlist = parseMedia(variant.url === mediaUrl ? await serverMedia : await fetchText(variant.url), variant.url);
    if (!playlist.init || playlist.segments.length === 0) return giveUp();

    // The player page is drawn by the app: until it is, the video has a 16:9 frame of its own at the top of the
    // page, outside the app's root (React never touches it); the app's player moves the <video> into its own place.
    const frame = document.createElement('div');
    frame.setAttribute('data-player-boot', '');
    frame.style.cssText = 'width:100%;max-width:100vw;aspect-ratio:16/9;background:#000;overflow:hidden';
    video = document.createElement('video');
    video.style.cssText = 'width:100%;height:100%';
    video.playsInline = true;
    video.setAttribute('data-testid', 'player-video');
    try {
      const volume = Number(localStorage.getItem('sobanura-volume') ?? '0.5');
      video.volume = Number.isFinite(volume) && volume >= 0 && volume <= 1 ? volume : 0.5;
      video.muted = localStorage.getItem('sobanura-muted') === '1';
    } catch {
      video.volume = 0.5;
    }
    const mediaSource = new MS();
    video.src = URL.createObjectURL(mediaSource);
    frame.appendChild(video);
    document.body.prepend(frame);
    handle.frame = frame;
    handle.video = video;
    handle.url = data.url;
    await new Promise((r) => mediaSource.addEventListener('sourceopen', r, { once: true }));
    if (claimed) return giveUp();
    mediaSource.duration = playlist.duration;
    const sourceBuffer = mediaSource.addSourceBuffer(`video/mp4; codecs="${variant.codecs}"`);
    media = { mediaSource, sourceBuffer, codec: variant.codecs, started: false, level: pick, bandwidthBps: linkEstimate() ?? 0 };
    const append = (bytes: ArrayBuffer) =>
      new Promise<void>((resolve, reject) => {
        const done = (e: Event) => {
          sourceBuffer.removeEventListener('updateend', done);
          sourceBuffer.removeEventListener('error', done);
          if (e.type === 'error') reject(new Error('append'));
          else resolve();
        };
        sourceBuffer.addEventListener('updateend', done);
        sourceBuffer.addEventListener('error', done);
        sourceBuffer.appendBuffer(bytes);
      });
    let bandwidthBps = 0;
    const load = async (url: string) => {
      controller = new AbortController();
      const r = await fetch(url, { credentials: 'same-origin', signal: controller.signal });
      if (!r.ok) throw new Error(String(r.status));
      // From the first byte to the last, as hls.js measures: the round trip says nothing of the link's rate.
      const t0 = performance.now();
      const bytes = await r.arrayBuffer();
      bandwidthBps = (bytes.byteLength * 8) / Math.max(0.001, (performance.now() - t0) / 1000);
      if (media) media.bandwidthBps = bandwidthBps;
      return bytes;
    };
    const resume = data.resumeSeconds ?? 0;
    let next = segmentAt(playlist, resume);
    const first: Segment = playlist.segments[next]!;
    const initBytes = load(playlist.init);
    appending = initBytes.then(append);
    await appending;
    video.addEventListener('playing', () => settle(), { once: true });
    const start = () => {
      const v = video!;
      if (media!.started || claimed) return;
      if (readyToStart({ bufferedAhead: bufferedAhead(v), remaining: playlist.duration - v.currentTime, bandwidthBps, bitrateBps: variant.averageBandwidth })) {
        media!.started = true;
        // Autoplay refused: the app's controls show play.
        void v.play().catch(() => settle());
      }
    };
    while (!claimed && next < playlist.segments.length) {
      if (bufferedAhead(video) >= BOOT_BUFFER_SECONDS) {
        await new Promise((r) => setTimeout(r, 500));
        continue;
      }
      const segment = playlist.segments[next]!;
      appending = load(segment.url).then(append);
      await appending;
      if (segment === first && resume > first.start) video.currentTime = resume;
      next += 1;
      start();
    }
    if (!media.started && !claimed) {
      media.started = true;
      void video.play().catch(() => settle());
    }
  };
  run().catch(() => {
    if (!claimed) giveUp();
  });
}

boot();
