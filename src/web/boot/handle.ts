/**
 * What the first-frame boot (player-boot.ts, written into a /player page by the server) leaves for the app on
 * `window`, and how the app takes it (docs/decisions/030-first-frame-before-the-app.md):
 * - the answer of POST /api/playback/:id the boot asked for (the app takes it instead of asking again, so no second
 *   stream session is opened and a refusal is shown as usual);
 * - the `<video>` it plays in, with its MediaSource and SourceBuffer, which hls.js adopts (`attachMedia` with a
 *   transferred MediaSource), so playback goes on without a new start.
 */
import { PLAYER_BOOT_GLOBAL } from '../../shared/contracts/page-render';

/** The name of the global the boot sets; the app's loader (server ssr.ts deferAppScripts) reads it too. */
export const BOOT_GLOBAL = PLAYER_BOOT_GLOBAL;

/** The boot's media, handed over once. */
export interface BootMedia {
  mediaSource: MediaSource;
  /** The one SourceBuffer, audio and video muxed (`video/mp4; codecs="<codec>"`), as hls.js names it `audiovideo`. */
  sourceBuffer: SourceBuffer;
  codec: string;
  /** Whether the boot started playback (its start gate passed). */
  started: boolean;
  /** The boot's last measure of the link, bits per second (0 when it has none). */
  bandwidthBps: number;
  /**
   * How long the boot's own fetch of each segment took, request to last byte, ms, by absolute address. hls.js fetches
   * some of them again and the browser's cache answers at once; the player tells hls.js their real time.
   */
  loads: ReadonlyMap<string, number>;
}

export interface PlayerBoot {
  /** `<id>:<partId or ''>` of the page (use-signed-playback.ts keyOf). */
  key: string;
  /** The playback answer as fetched (refusals included); null once taken. */
  answer: Promise<Response> | null;
  /** The element the boot plays in, null until made (or when the boot does not play: MPEG-TS, no MSE, refused). */
  video: HTMLVideoElement | null;
  /** The 16:9 frame outside the app's root that holds `video` until the app's player takes it. */
  frame: HTMLElement | null;
  /**
   * The stream session whose ending on leave the app's player has taken over (use-watch-session.ts), null before.
   * Until then the boot ends its answer's session itself as the page goes, so no moment of the hand-over leaves it
   * running for the 75 s lapse.
   */
  leaveHandledFor: string | null;
  /** The signed master playlist the boot plays (the answer's `url`), null until known. */
  url: string | null;
  /** Resolves once the boot has drawn its first frame or given up (the app's scripts wait for it, at most 3 s). */
  settled: Promise<void>;
  /** Stops the boot's own fetching and hands over its media; null when it has none to give (it gave up). */
  claim(): Promise<BootMedia | null>;
}

/** The boot of this page, if one ran. */
export function readBoot(): PlayerBoot | null {
  if (typeof window === 'undefined') return null;
  return ((window as unknown as Record<string, unknown>)[BOOT_GLOBAL] as PlayerBoot | undefined) ?? null;
}

/** The boot's playback answer for `key`, once (later calls and other keys: null). */
export function takeBootAnswer(key: string): Promise<Response> | null {
  const boot = readBoot();
  if (!boot || boot.key !== key || !boot.answer) return null;
  const answer = boot.answer;
  boot.answer = null;
  return answer;
}

/**
 * Moves the boot's `<video>` into `into` when it plays `url`, once, and removes the boot's frame, in one task (a
 * media element re-inserted before the next stable state keeps playing, HTML "media element removed from a
 * document"). The player then adopts its media with `claimBoot`. Null (nothing moved) otherwise.
 */
export function takeBootVideo(url: string | null, into: HTMLElement): HTMLVideoElement | null {
  const boot = readBoot();
  if (!boot?.video || !url || boot.url !== url) return null;
  const video = boot.video;
  boot.video = null;
  into.appendChild(video);
  video.removeAttribute('style');
  boot.frame?.remove();
  boot.frame = null;
  return video;
}

/** Stops the boot, if one ran, and takes its media when the player took its `<video>` (null otherwise). */
export function claimBoot(): Promise<BootMedia | null> | null {
  return readBoot()?.claim() ?? null;
}

/**
 * Tells the boot, if one ran, that the app now ends stream session `sessionId` as the page goes: the boot's own
 * pagehide beacon for that session stands down (a session the app does not hold is still ended by the boot).
 */
export function bootLeaveHandled(sessionId: string): void {
  const boot = readBoot();
  if (boot) boot.leaveHandledFor = sessionId;
}
