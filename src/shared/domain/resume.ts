/**
 * Resume, "watched" and watch-time rules, stated below (neither spec covers resume). Pure; shared by server and web.
 * Seconds throughout.
 *
 * - No resume for videos under 5 minutes, nor in the first 5 % or the last 10 % of a video.
 * - A position at or past 90 % counts as watched.
 * - Watch time credited between two progress saves never exceeds the wall-clock time between them times the
 *   fastest playback speed, so seeking ahead or a forged body cannot inflate analytics.
 */

/** Videos shorter than this never resume, seconds (5 minutes). */
export const RESUME_MIN_DURATION_SECONDS = 300;
/** No resume before this fraction of the video (the first 5 %). */
export const RESUME_START_FRACTION = 0.05;
/** No resume from this fraction on (the last 10 %); also where "watched" starts. */
export const RESUME_END_FRACTION = 0.9;
/** Watched at or past this fraction (past 90 %). */
export const WATCHED_FRACTION = 0.9;
/** Fastest playback speed the player offers; bounds watch time per second of wall clock. */
export const MAX_PLAYBACK_RATE = 2;
/** Allowance for clock and network jitter when bounding watch time, seconds. */
export const WATCH_TIME_SLACK_SECONDS = 2;

const valid = (n: number) => Number.isFinite(n) && n >= 0;

/**
 * Where to resume a video, seconds, or null to start at the beginning.
 * @param positionSeconds last saved position; @param durationSeconds the video's duration (null/0: unknown → null).
 */
export function resumePosition(positionSeconds: number, durationSeconds: number | null | undefined): number | null {
  if (!durationSeconds || !valid(durationSeconds) || !valid(positionSeconds)) return null;
  if (durationSeconds < RESUME_MIN_DURATION_SECONDS) return null;
  if (positionSeconds < durationSeconds * RESUME_START_FRACTION) return null;
  if (positionSeconds >= durationSeconds * RESUME_END_FRACTION) return null;
  return positionSeconds;
}

/** Whether a position counts as watched (at or past 90 %). False when the duration is unknown. */
export function isWatched(positionSeconds: number, durationSeconds: number | null | undefined): boolean {
  if (!durationSeconds || !valid(durationSeconds) || !valid(positionSeconds)) return false;
  return positionSeconds >= durationSeconds * WATCHED_FRACTION;
}

/**
 * Seconds of watch time to credit for one progress save.
 * @param claimed seconds the client says it played since its previous save (undefined: use the position delta)
 * @param positionDelta new position minus the previous saved position, seconds (negative after seeking back)
 * @param elapsedSeconds wall-clock seconds since the previous save (or since the play started)
 * @returns a number in [0, elapsedSeconds * MAX_PLAYBACK_RATE + WATCH_TIME_SLACK_SECONDS]
 */
export function creditedWatchSeconds(claimed: number | undefined, positionDelta: number, elapsedSeconds: number): number {
  const bound = Math.max(0, (valid(elapsedSeconds) ? elapsedSeconds : 0) * MAX_PLAYBACK_RATE + WATCH_TIME_SLACK_SECONDS);
  const raw = claimed !== undefined && valid(claimed) ? claimed : Number.isFinite(positionDelta) ? positionDelta : 0;
  return Math.min(bound, Math.max(0, raw));
}
