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
import { bufferedAhead, readyToStart } from '../features/player/lib/start-gate';
import { liveSessionId, readTabSession } from '../features/player/lib/tab-session';
import { storedMuted, storedVolume } from '../features/player/lib/volume';
import { BOOT_GLOBAL, type BootMedia, type PlayerBoot } from './handle';
import { parseMaster, parseMedia, segmentAt, startVariant, type Segment } from './playlist';

/** Seconds kept buffered ahead while the boot plays alone. */
const BOOT_BUFFER_SECONDS = 12;

interface PlaybackAnswer {
  url: string;
  sessionId: string;
  renditions: { name: string; height: number; bandwidth: number; averageBandwidth: number }[];
  resumeSeconds: number | null;
  start?: { media: string; init?: string | null; segment: string } | null;
}

type Connection = { downlink?: number; saveData?: boolean };


/** The link's speed, bits per second: the Network Information API, else this page's own download; null if unknown. */
function linkEstimate(): number | null {
  const c = (navigator as Navigator & { connection?: Connection }).connection;
  if (c?.downlink && c.downlink > 0) return c.downlink * 1e6;
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const seconds = nav ? (nav.responseEnd - nav.responseStart) / 1000 : 0;
  // Below ~8 KB or 50 ms the page says more about the server than about the link.
  return nav && nav.transferSize > 8000 && seconds > 0.05 ? (nav.transferSize * 8) / seconds : null;
}


function boot(): void {
  const match = /^\/player\/([^/]+)\/?$/.exec(location.pathname);
  if (!match) return;
  const id = decodeURIComponent(match[1]!);
  const partId = new URLSearchParams(location.search).get('part') ?? undefined;
  const connection = (navigator as Navigator & { connection?: Connection }).connection;
  const session = liveSessionId(readTabSession(), Date.now());
  const body = { ...(partId ? { partId } : {}), ...(session ? { sessionId: session } : {}), ...(connection?.saveData === true ? { saveData: true } : {}) };
  const answer = fetch(`/api/playback/${encodeURIComponent(id)}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

  let settle: () => void = () => undefined;
  let claimed = false;
  let media: BootMedia | null = null;
  const controller = new AbortController();
  let appending: Promise<void> = Promise.resolve();
  const handle: PlayerBoot = {
    key: `${id}:${partId ?? ''}`,
    answer,
    video: null,
    frame: null,
    url: null,
    leaveHandledFor: null,
    settled: new Promise<void>((resolve) => (settle = resolve)),
    claim: async () => {
      claimed = true;
      controller.abort();
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
  let bandwidthBps = 0;
  /** How long each fetch took, request to last byte, ms, by absolute address (BootMedia.loads). */
  const loads = new Map<string, number>();
  /** Fetches a segment (init or media), bytes; measures the link over the body, from its first byte to its last. */
  const load = async (url: string): Promise<ArrayBuffer> => {
    const asked = performance.now();
    const r = await fetch(url, { credentials: 'same-origin', signal: controller.signal });
    if (!r.ok) throw new Error(String(r.status));
    const t0 = performance.now();
    const bytes = await r.arrayBuffer();
    // Below ~20 ms the bytes came from a cache or a buffer, not over the link.
    const ms = performance.now() - t0;
    if (ms > 20) bandwidthBps = (bytes.byteLength * 8) / (ms / 1000);
    if (media && bandwidthBps) media.bandwidthBps = bandwidthBps;
    loads.set(new URL(url, location.href).href, performance.now() - asked);
    return bytes;
  };
  /** Segments asked for before their turn, by absolute address. */
  const early = new Map<string, Promise<ArrayBuffer>>();
  const ask = (url: string) => {
    const bytes = load(url);
    // Its failure is met when its turn comes (or never, once claimed).
    bytes.catch(() => undefined);
    early.set(new URL(url, location.href).href, bytes);
  };
  const take = (url: string) => {
    const asked = early.get(url);
    early.delete(url);
    return asked ?? load(url);
  };
  const run = async () => {
    // The app reads the answer itself: the boot reads a copy.
    const res = await answer;
    if (!res.ok) return giveUp();
    const data = (await res.clone().json()) as PlaybackAnswer;
    // A viewer who leaves before the app's player ends the session on leave itself (bootLeaveHandled) frees the
    // screen at once, as the app does (stream-sessions.ts endStreamSessionOnLeave), not after the 75 s lapse. Not
    // only until the app takes the answer: between taking it and its player's pagehide handler there is a gap.
    addEventListener('pagehide', () => {
      if (data.sessionId && handle.leaveHandledFor !== data.sessionId) navigator.sendBeacon(`/api/playback/sessions/${encodeURIComponent(data.sessionId)}/end`);
    });
    if (!data.start?.init || claimed) return giveUp();
    if (document.readyState === 'loading') await new Promise((r) => document.addEventListener('DOMContentLoaded', r, { once: true }));
    const fetchText = (url: string) => fetch(url, { credentials: 'same-origin', signal: controller.signal }).then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))));
    // The rendition to start on, from the answer's renditions (the server's start rendition first, ADR 013), so
    // its files are asked for at once and side by side: the master playlist (for CODECS), the media playlist, the
    // init segment and the first segment.
    const absolute = (u: string) => new URL(u, location.href).href;
    const rung = (u: string) => absolute(u).split('/').slice(-2)[0] ?? '';
    const startRung = rung(data.start.media);
    const byRung = data.renditions.slice().sort((a, b) => (a.name === startRung ? -1 : b.name === startRung ? 1 : 0));
    const candidates = byRung.map((r) => ({ url: absolute(data.start!.media).replace(`/${startRung}/`, `/${r.name}/`), bandwidth: r.bandwidth, averageBandwidth: r.averageBandwidth, codecs: '', height: r.height }));
    const chosen = candidates[startVariant(candidates, linkEstimate())];
    if (!chosen) return giveUp();
    const onServerStart = rung(chosen.url) === startRung;
    const masterText = fetchText(data.url);
    const mediaText = fetchText(chosen.url);
    if (onServerStart) {
      ask(data.start.init);
      ask(data.start.segment);
    }
    const variants = parseMaster(await masterText, absolute(data.url));
    const pick = variants.findIndex((v) => v.url === chosen.url);
    const variant = variants[pick];
    if (!variant?.codecs || !MS.isTypeSupported(`video/mp4; codecs="${variant.codecs}"`) || claimed) return giveUp();
    const playlist = parseMedia(await mediaText, variant.url);
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
    video.volume = storedVolume();
    video.muted = storedMuted();
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
    media = { mediaSource, sourceBuffer, codec: variant.codecs, started: false, bandwidthBps: linkEstimate() ?? 0, loads };
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
    const resume = data.resumeSeconds ?? 0;
    let next = segmentAt(playlist, resume);
    const first: Segment = playlist.segments[next]!;
    // The first segment is on its way beside the init segment (asked for above, or now).
    if (!early.has(first.url)) ask(first.url);
    appending = take(playlist.init).then(append);
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
      appending = take(segment.url).then(append);
      // One segment ahead is always on its way, so the next piece is not asked for only once this one is in (at
      // 700 kb/s the 1 s piece after the first frame came late, behind the app's scripts).
      const after = playlist.segments[next + 1];
      if (after && bufferedAhead(video) + segment.duration < BOOT_BUFFER_SECONDS && !early.has(after.url)) ask(after.url);
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
