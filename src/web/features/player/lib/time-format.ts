/**
 * Clock times and data figures for the player's controls. Pure.
 */

/**
 * Seconds as a player clock: "m:ss" under an hour, "h:mm:ss" from an hour (or when `withHours`); non-finite or
 * negative input gives "0:00". Fractions are floored (the clock never shows a second not yet reached).
 */
export function formatClock(seconds: number, withHours = false): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 || withHours ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/**
 * Megabytes (10^6 bytes) an hour of playback spends at `bitsPerSecond`, rounded to a whole number, at least 1
 * for any positive bitrate: bits/s × 3600 / 8 / 10^6.
 */
export function megabytesPerHour(bitsPerSecond: number): number {
  if (!Number.isFinite(bitsPerSecond) || bitsPerSecond <= 0) return 0;
  return Math.max(1, Math.round((bitsPerSecond * 3600) / 8 / 1_000_000));
}

/** "720p" for a rendition, by its short side (the ladder's convention, src/shared/domain/ladder.ts). */
export function renditionName(width: number, height: number): string {
  const short = Math.min(width || height, height || width);
  return short > 0 ? `${short}p` : '';
}
