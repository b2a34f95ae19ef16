import { z } from 'zod';
import { LANGUAGE_CODES } from '../domain/languages.js';
import { roundTo } from './numbers.js';

/**
 * Playback contracts (docs/product/viewer.md §2, §4, §8, §9; ADR 003, ADR 009). Shared by server and web.
 * STABLE: later changes are additive only.
 *
 * Routes (all answer `{ error: { code, message, details? } }` on failure):
 * - POST /api/playback/:id                         body `playbackRequest` (optional)  → `playbackResponse`
 *     `:id` is a movie id, a movie-part id or an episode id (or a movie id with `partId` in the body).
 *     Creates a stream session (counted against the pass's simultaneous streams), or, with `sessionId`, refreshes
 *     the signed URL of that session without counting another stream (refresh within 5 min of expiry, section 9).
 *     Errors: 401 unauthenticated; 403 subscription_required {reason 'none'|'expired'}; 404 not_found /
 *     video_not_available; 409 video_not_ready; 409 stream_limit_reached `streamLimitDetails`; 429 rate_limited.
 * - POST   /api/playback/sessions/:sessionId/heartbeat  (optional body `heartbeatBody`) → `heartbeatResponse`, every HEARTBEAT_INTERVAL_SECONDS
 *     from each playing device; 409 stream_session_ended when the session was stopped or lapsed (stop playing).
 * - GET    /api/playback/sessions                    → `streamSessionListResponse` (the viewer's active streams)
 * - DELETE /api/playback/sessions/:sessionId         → 204 (stop one of your own streams; frees its slot now)
 * - GET    /api/playback/settings                    → `playbackSettings`
 * - PUT    /api/playback/settings  body `playbackSettingsBody` → `playbackSettings`
 * - POST   /api/downloads/:id   (movie, part or episode id)  → `downloadResponse`; errors 403 download_not_included
 *     (Daily pass, no pass), 403 download_limit_reached `downloadLimitDetails`, 403 subscription_required,
 *     403 file_downloads_off (a viewer while ALLOW_FILE_DOWNLOADS is false: the MP4 file is for admins; viewers
 *     download inside the app, ADR 027 and 028).
 * - GET    /api/downloads/quota                      → `downloadQuota`
 * - GET    /api/progress/continue-watching           → `continueWatchingResponse` (signed-in viewers)
 * - GET    /api/progress/:id    (video, movie, part or episode id) → `progressResponse`
 * - PUT    /api/progress/:id    body `progressBody` (JSON) → `progressResponse`
 * - POST   /api/progress/:id    same body as JSON or as text/plain JSON (navigator.sendBeacon) → `progressResponse`
 * - Admin (role admin): GET /api/admin/videos/:id/captions → `captionListResponse`;
 *     PUT /api/admin/videos/:id/captions/:language, body the WebVTT or SRT text (Content-Type text/vtt,
 *     application/x-subrip or text/plain; or JSON `captionUploadBody`) → `captionTrackAdmin`; 400 caption_invalid;
 *     DELETE /api/admin/videos/:id/captions/:language → 204.
 *
 * Media URLs: `/media/v/{videoId}/{token}/master.m3u8`. The master playlist is written per request: it lists only
 * the renditions this viewer may watch (plan cap, data saver), the start rendition first (see START_BANDWIDTH_MAX),
 * and the caption tracks as an `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs"` group (hls.js reads it). The same
 * tracks come in `playbackResponse.captions` with URLs under the same signature, for a native `<track>`.
 */

/** Lifetime of a signed URL in seconds (docs/product/viewer.md §9). */
export const SIGNED_URL_TTL_SECONDS = 3600;
/** Signed URL requests per user per minute (docs/product/viewer.md §9). */
export const PLAYBACK_RATE_LIMIT_PER_MINUTE = 10;
/** The client refreshes the signed URL when it expires within this many seconds (docs/product/viewer.md §9: 5 min). */
export const SIGNED_URL_REFRESH_BEFORE_SECONDS = 300;
/** How often the client checks whether to refresh, seconds (docs/product/viewer.md §9: timer 2 min). */
export const SIGNED_URL_REFRESH_TIMER_SECONDS = 120;
/** At most this many signed URLs cached by the client (docs/product/viewer.md §9). */
export const SIGNED_URL_CACHE_MAX_ENTRIES = 50;
/** Cached signed URLs older than this are purged, seconds (docs/product/viewer.md §9: 24 h). */
export const SIGNED_URL_CACHE_MAX_AGE_SECONDS = 24 * 3600;
// Heartbeat and lapse live in a module without zod, so the first-frame boot can share them (ADR 030).
export { HEARTBEAT_INTERVAL_SECONDS, SESSION_LAPSE_SECONDS } from './stream-session-timing.js';
/**
 * Rungs the data saver may cap at, short side in pixels: the viewer chooses 144p (the ladder's lowest rung, under
 * 0.1 GB an hour) or 240p. docs/decisions/028-data-saver-rungs-and-save-data.md (amends ADR 009's 360p).
 */
export const DATA_SAVER_HEIGHTS = [144, 240] as const;
export type DataSaverHeight = (typeof DATA_SAVER_HEIGHTS)[number];
/**
 * The data saver's cap when the viewer has not chosen a rung: 240p, also what the browser's Save-Data hint turns on
 * (ADR 028). Kept under its old name for the callers of ADR 009's single cap.
 */
export const DATA_SAVER_MAX_HEIGHT: DataSaverHeight = 240;
export const dataSaverHeight = z.union([z.literal(144), z.literal(240)], 'must be 144 or 240');
/**
 * Why the data saver is on: the viewer chose it ('viewer'), or the viewer has not chosen and the browser asked to
 * save data (`Save-Data: on` request header, WICG "Save-Data" client hint, or `navigator.connection.saveData` sent
 * as `playbackRequest.saveData`): 'browser'. null: the data saver is off.
 */
export const dataSaverSource = z.enum(['viewer', 'browser']).nullable();
export type DataSaverSource = z.infer<typeof dataSaverSource>;
/**
 * A player without a bandwidth estimate starts on the first variant of the master playlist (hls.js `startLevel`
 * default, Apple HLS authoring spec). The server lists first the highest allowed rendition whose BANDWIDTH is at
 * most this many bits per second (else the lowest), then the others lowest first (ADR 009 "Start rendition": 500 kb/s).
 */
export const START_BANDWIDTH_MAX = 500_000;
/** Caption languages: the interface languages (docs/product/viewer.md §9; domain/languages.ts). */
export const CAPTION_LANGUAGES = LANGUAGE_CODES;
export type CaptionLanguage = (typeof CAPTION_LANGUAGES)[number];
/** Largest caption file accepted, bytes. */
export const CAPTION_MAX_BYTES = 2 * 1024 * 1024;
/** Lifetime of a signed download link, seconds. */
export const DOWNLOAD_URL_TTL_SECONDS = 3600;
/** Progress saves are expected about this often while playing, seconds (and once on leaving, via sendBeacon). */
export const PROGRESS_SAVE_INTERVAL_SECONDS = 10;
/** A play counts for analytics once this many seconds were watched. */
export const PLAY_COUNT_AFTER_SECONDS = 10;

export const captionLanguage = z.enum(CAPTION_LANGUAGES);

/** Body of POST /api/playback/:id; every field optional (an empty body starts a new stream of `:id`). */
export const playbackRequest = z.object({
  /** A part of the movie `:id` (the player page's `?part=`); the part's video is played. */
  partId: z.uuid().optional(),
  /** The stream session this device already holds: refreshes its URL (or moves it to the next part/episode) without counting another stream. */
  sessionId: z.uuid().optional(),
  /**
   * The browser's `navigator.connection.saveData` (Network Information API): true turns the data saver on when the
   * viewer has not chosen (ADR 028), as a `Save-Data: on` request header does.
   */
  saveData: z.boolean().optional(),
});
export type PlaybackRequest = z.infer<typeof playbackRequest>;

/** One rendition this viewer may watch. Bitrates in bits per second. */
export const playbackRendition = z.object({
  /** e.g. "720p" (the short side of the picture). */
  name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Peak bitrate (HLS BANDWIDTH), bits per second. */
  bandwidth: z.number().int(),
  /** Average bitrate, bits per second. */
  averageBandwidth: z.number().int(),
  /** Expected data use for one hour at this quality, megabytes (10^6 bytes), one decimal (from averageBandwidth). */
  megabytesPerHour: z.number(),
  /**
   * Expected data use for the whole video at this quality, megabytes (10^6 bytes), one decimal:
   * durationSeconds x averageBandwidth / 8. null when the duration is unknown.
   */
  megabytesForVideo: z.number().nullable(),
});
export type PlaybackRendition = z.infer<typeof playbackRendition>;

/** A caption track, served under the same signature as the video. */
export const captionTrack = z.object({
  language: captionLanguage,
  /** WebVTT file URL (signed, same expiry as the master playlist). */
  url: z.string(),
});
export type CaptionTrack = z.infer<typeof captionTrack>;

/** Why the quality is capped: the pass's plan table, the data saver, or not capped (null). */
export const qualityCapReason = z.enum(['plan', 'data_saver']).nullable();

export const playbackResponse = z.object({
  /** Absolute path of the master playlist, e.g. `/media/v/{videoId}/{token}/master.m3u8`. */
  url: z.string(),
  /** ISO time at which the signature expires. */
  expiresAt: z.string(),
  /** The stream session of this device: send it back on refresh, in heartbeats and progress saves. */
  sessionId: z.uuid(),
  /** The video played (progress is saved against it). */
  videoId: z.uuid(),
  /** Duration of the video in seconds (null when unknown). */
  durationSeconds: z.number().nullable(),
  /** Seconds between heartbeats. */
  heartbeatIntervalSeconds: z.number().int(),
  /** Renditions listed in the served master playlist, lowest first (the quality menu: Auto plus these). */
  renditions: z.array(playbackRendition),
  /** Highest short side allowed in pixels, null when not capped. */
  maxHeight: z.number().int().nullable(),
  capReason: qualityCapReason,
  /** The viewer's data-saver setting (null: not chosen yet; the web asks at first play). */
  dataSaver: z.boolean().nullable(),
  /** Why the data saver is on for this answer ('viewer' or 'browser'), null when it is off (ADR 028). */
  dataSaverSource: dataSaverSource,
  /** The data saver's rung, short side in pixels: the viewer's choice, else 240 (applies only when it is on). */
  dataSaverMaxHeight: dataSaverHeight,
  /** Caption tracks of the video (en, fr, rw as uploaded). */
  captions: z.array(captionTrack),
  /** Where to resume, seconds, or null to start at the beginning (src/shared/domain/resume.ts). */
  resumeSeconds: z.number().nullable(),
  /**
   * What the player fetches first, absolute paths under the same signature: the start rendition's media
   * playlist, its init segment and the segment at the start (or resume) position, null when it could not be read. The web app
   * fetches them beside the master playlist (ADR 013), so they are not round trips in a row.
   */
  start: z
    .object({
      media: z.string(),
      segment: z.string().nullable(),
      /** The start rendition's init segment (fMP4 ladders, ADR 026); null for an MPEG-TS rendition. */
      init: z.string().nullable().optional(),
    })
    .nullable(),
});
export type PlaybackResponse = z.infer<typeof playbackResponse>;

export const streamSession = z.object({
  id: z.uuid(),
  /** Short device description from the User-Agent, e.g. "Chrome on Android". */
  device: z.string(),
  /** Title being watched (movie, part or "Series - S1E2"). */
  title: z.string(),
  videoId: z.uuid(),
  startedAt: z.string(),
  lastSeenAt: z.string(),
});
export type StreamSession = z.infer<typeof streamSession>;
/** `details` of 409 stream_limit_reached. */
export const streamLimitDetails = z.object({
  /** Simultaneous streams the pass allows. */
  limit: z.number().int(),
  /** The pass's plan, or null without a pass. */
  plan: z.string().nullable(),
  /** The viewer's active streams; stop one with DELETE /api/playback/sessions/:sessionId. */
  sessions: z.array(streamSession),
});

export const streamSessionListResponse = z.object({
  items: z.array(streamSession),
  /** Simultaneous streams allowed. */
  limit: z.number().int(),
});
export const sessionParams = z.object({ sessionId: z.uuid('Not a valid id') });
/**
 * Optional body of a heartbeat: the player's state now (docs/decisions/049-minutes-watched-ledger.md). A `paused`
 * heartbeat keeps the session and makes the next one credit no minutes watched; without a body, `playing`.
 */
export const heartbeatBody = z.object({ state: z.enum(['playing', 'paused']).optional() });
export const heartbeatResponse = z.object({
  /** ISO time after which the session lapses without another heartbeat. */
  lapsesAt: z.string(),
});

/** The viewer's playback settings (stored on the server). */
export const playbackSettings = z.object({
  /** Data saver on or off as the viewer chose; null = not chosen yet (then the browser's Save-Data hint decides). */
  dataSaver: z.boolean().nullable(),
  /** The rung the data saver caps at, short side in pixels (144 or 240; 240 until chosen). ADR 028. */
  dataSaverMaxHeight: dataSaverHeight,
});
export type PlaybackSettings = z.infer<typeof playbackSettings>;
/** Body of PUT /api/playback/settings; without `dataSaverMaxHeight` the stored rung is kept. */
export const playbackSettingsBody = z.object({ dataSaver: z.boolean(), dataSaverMaxHeight: dataSaverHeight.optional() });
export type PlaybackSettingsBody = z.infer<typeof playbackSettingsBody>;

/** A signed, expiring link to an MP4 within the viewer's quality cap. */
export const downloadResponse = z.object({
  /** `/media/d/{videoId}/{token}/{name}.mp4`; answers with Content-Disposition attachment. */
  url: z.string(),
  expiresAt: z.string(),
  /** Rendition of the MP4, e.g. "720p". */
  rendition: z.string(),
  sizeBytes: z.number().int(),
  /** Suggested file name. */
  filename: z.string(),
  /** Downloads left in this pass period after this one; null = unlimited. */
  remaining: z.number().int().nullable(),
});
export type DownloadResponse = z.infer<typeof downloadResponse>;
export const downloadQuota = z.object({
  /** Downloads per pass period; 0 = not included; null = unlimited. */
  limit: z.number().int().nullable(),
  used: z.number().int(),
  remaining: z.number().int().nullable(),
});
export type DownloadQuota = z.infer<typeof downloadQuota>;
/** `details` of 403 download_limit_reached. */
export const downloadLimitDetails = z.object({ limit: z.number().int(), used: z.number().int(), plan: z.string() });

/** Body of PUT/POST /api/progress/:id. Seconds, kept to the millisecond (stored as `real`: numbers.ts). */
export const progressBody = z.object({
  positionSeconds: z.number().min(0).max(7 * 24 * 3600).transform(roundTo(3)),
  durationSeconds: z.number().min(0.001).max(7 * 24 * 3600).transform(roundTo(3)),
  /** The stream session (from playbackResponse), so watch time is attributed to one play. */
  sessionId: z.uuid().optional(),
  /** Seconds actually played since the previous save (watch time); bounded by the server by wall-clock time. */
  watchedSeconds: z.number().min(0).max(24 * 3600).transform(roundTo(3)).optional(),
});
export type ProgressBody = z.infer<typeof progressBody>;
export const progressResponse = z.object({
  videoId: z.uuid(),
  /** Last saved position, seconds (0 when never saved). */
  positionSeconds: z.number(),
  durationSeconds: z.number().nullable(),
  /** Where to resume, or null (rules in src/shared/domain/resume.ts). */
  resumeSeconds: z.number().nullable(),
  /** Watched past 90 % at least once. */
  watched: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type ProgressResponse = z.infer<typeof progressResponse>;

/** One card of the Continue Watching row. */
export const continueWatchingItem = z.object({
  kind: z.enum(['movie', 'episode']),
  /** Movie id (for a part, its movie) or series id. */
  titleId: z.uuid(),
  title: z.string(),
  /** Movie part id when the video is a part, else null. */
  partId: z.uuid().nullable(),
  partNumber: z.number().int().nullable(),
  partTitle: z.string().nullable(),
  episodeId: z.uuid().nullable(),
  seasonNumber: z.number().int().nullable(),
  episodeNumber: z.number().int().nullable(),
  episodeTitle: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  videoId: z.uuid(),
  positionSeconds: z.number(),
  durationSeconds: z.number(),
  /** 0..1 */
  progress: z.number(),
  /** Where the card links: `/player/{id}?part={partId}` or `/episode/{seriesId}/{season}/{episode}`. */
  href: z.string(),
  updatedAt: z.string(),
});
export type ContinueWatchingItem = z.infer<typeof continueWatchingItem>;
export const continueWatchingResponse = z.object({ items: z.array(continueWatchingItem) });
/** Cards in the Continue Watching row at most. */
export const CONTINUE_WATCHING_LIMIT = 20;

/** Captions as admins see them. */
export const captionTrackAdmin = z.object({
  language: captionLanguage,
  /** What was uploaded: 'vtt' or 'srt' (converted to WebVTT). */
  sourceFormat: z.enum(['vtt', 'srt']),
  cues: z.number().int(),
  sizeBytes: z.number().int(),
  updatedAt: z.string(),
});
export type CaptionTrackAdmin = z.infer<typeof captionTrackAdmin>;
export const captionListResponse = z.object({ items: z.array(captionTrackAdmin) });
export const captionParams = z.object({ id: z.uuid('Not a valid id'), language: captionLanguage });
/** JSON alternative to a raw text body. */
export const captionUploadBody = z.object({ content: z.string().min(1) });
