import { z } from 'zod';

/**
 * Playback (issue 2 point 7; viewer spec section 9 "Signed video URL").
 * POST /api/playback/:movieId answers a master playlist URL signed for this user and this video.
 */

/** Lifetime of a signed URL in seconds (viewer spec section 9). */
export const SIGNED_URL_TTL_SECONDS = 3600;
/** Signed URL requests per user per minute (viewer spec section 9). */
export const PLAYBACK_RATE_LIMIT_PER_MINUTE = 10;

export const playbackResponse = z.object({
  /** Absolute path of the master playlist, e.g. `/media/{token}/{videoId}/master.m3u8`. */
  url: z.string(),
  /** ISO time at which the signature expires. */
  expiresAt: z.string(),
});
export type PlaybackResponse = z.infer<typeof playbackResponse>;
