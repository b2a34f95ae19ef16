import { z } from 'zod';

/**
 * Offline downloads: a film or episode stored inside the app, encrypted, playable with no network while the
 * viewer's pass lasts (docs/decisions/027-offline-downloads.md). Shared by server and web. STABLE once landed:
 * later changes are additive only.
 *
 * Routes (all `access: 'user'`; failures answer `{ error: { code, message, details? } }`):
 * - POST   /api/offline            body `offlineCreateBody` → 201 `offlineDownload`
 *     Counts against the pass's download quota exactly as the MP4 download does (one per distinct video per pass
 *     period; downloading the same video again is free). Devices (amended 2026-11-28, ADR 027): live copies are
 *     held by at most the plan's `devices` devices at once (`deviceId`: the app's own id, kept on the device); the
 *     same video again on the same device and at the same rendition renews that copy (the same download, key and id)
 *     instead of making another; a copy on one more device is refused with 403 `offline_device_limit`
 *     `{ limit, used }`. A copy not checked in for OFFLINE_CHECK_IN_SECONDS no longer counts (it cannot play).
 *     Errors: 401; 403 subscription_required {reason};
 *     403 download_not_included (Daily pass); 403 download_limit_reached `downloadLimitDetails`; 403 forbidden
 *     (rendition above the pass's cap); 404 not_found / video_not_available; 429 rate_limited.
 * - GET    /api/offline            → `offlineDownloadList` (this viewer's downloads, newest first)
 * - GET    /api/offline/options/:id?deviceId=   (movie, part or episode id) → `offlineOptions`: what the download dialog shows
 *     before anything is counted: the renditions this viewer may store with their real sizes, and the quota.
 *     Same errors as POST /api/offline except the quota ones (the dialog shows the quota instead).
 * - GET    /api/offline/:downloadId/files/*   the download's files, for storing on the device:
 *     `index.m3u8` (the rendition's media playlist rewritten to relative URIs, with
 *     `#EXT-X-KEY:METHOD=AES-128,URI="key"` before the first segment and no IV attribute, so the IV of each segment
 *     is its media sequence number as RFC 8216 section 5.2 says), the init segment (`init.mp4`, clear: it holds
 *     no media) and every media segment encrypted with AES-128-CBC and PKCS#7 padding under the download's own key.
 *     Only the owner, only while the pass is active (403 subscription_required otherwise).
 * - POST   /api/offline/:downloadId/license → `offlineLicense`: the download's key and how long the device may use
 *     it. This is also the check-in: the app calls it whenever it is online before playing, and may send
 *     `offlineLicenseBody` (the stretches it played offline since its last check-in, for the minutes-watched ledger). 403
 *     subscription_required {reason 'expired'|'none'} once the pass has ended (the app then deletes the key);
 *     404 not_found for another viewer's or a deleted download.
 * - DELETE /api/offline/:downloadId → 204. Deleting does not give a download back to the quota; it frees its device
 *     once that device holds no other live copy.
 *
 * On the device (web): files are stored in Cache Storage under `/offline/{downloadId}/{file}` (OFFLINE_PATH_PREFIX),
 * the key with its validity under `/offline/{downloadId}/key`; the service worker answers those paths from storage
 * and refuses the key after `validUntil` (offlineLicense).
 */

/** Where the device keeps a download's files, as URL paths the service worker answers: `/offline/{id}/{file}`. */
export const OFFLINE_PATH_PREFIX = '/offline/';
/** Longest a download plays without the device checking in online, seconds (30 days). */
export const OFFLINE_CHECK_IN_SECONDS = 30 * 24 * 3600;
/** Stretches of offline play one check-in may report (ADR 049). */
export const OFFLINE_PLAY_REPORT_MAX = 1000;
/** AES-128 key length, bytes (RFC 8216 section 5.2). */
export const OFFLINE_KEY_BYTES = 16;

export const offlineDownloadParams = z.object({ downloadId: z.uuid('Not a valid id') });

/** Body of POST /api/offline. */
export const offlineCreateBody = z.object({
  /** A movie, movie-part or episode id (the same ids POST /api/playback/:id takes). */
  id: z.uuid(),
  /** Rendition to store, e.g. "240p"; default: the data saver's rung when it is on, else the highest rendition at or under 360p the pass allows. */
  rendition: z.string().regex(/^\d{2,5}p$/).optional(),
  /**
   * The device's own id (a random UUID the app keeps in localStorage, `sobanura-device-id`). Without it the copy
   * counts as one more device each time.
   */
  deviceId: z.uuid().optional(),
});
export type OfflineCreateBody = z.infer<typeof offlineCreateBody>;

/** Query of GET /api/offline/options/:id: the asking device, so `devices.thisDevice` can be told. */
export const offlineOptionsQuery = z.object({ deviceId: z.uuid().optional() });

/**
 * Devices holding live copies (ADR 027, amended 2026-11-28): `limit` is the plan's devices, `used` the devices that
 * hold at least one live copy (this one included once it holds one), `remaining` = limit - used (at least 0), and
 * `thisDevice` whether the asking device is among them (it may then add copies whatever `remaining` says).
 */
export const offlineDevices = z.object({ limit: z.number().int(), used: z.number().int(), remaining: z.number().int(), thisDevice: z.boolean() });
export type OfflineDevices = z.infer<typeof offlineDevices>;

/** One file of a download, as listed for the device to fetch. */
export const offlineFile = z.object({
  /** Relative name: `index.m3u8`, `init.mp4`, `seg_00001.m4s`... (fetch at `/api/offline/{downloadId}/files/{name}`). */
  name: z.string(),
  /** Bytes as the server sends them (encrypted segments include their padding). */
  bytes: z.number().int(),
});

export const offlineDownload = z.object({
  id: z.uuid(),
  videoId: z.uuid(),
  /** What to show: "Title", "Title - Part 2" or "Series - S1E2". */
  title: z.string(),
  /** Poster or thumbnail URL, null when none. */
  imageUrl: z.string().nullable(),
  /** Where the title lives online, e.g. `/movie/{id}` or `/series/{id}`. */
  pageUrl: z.string(),
  rendition: z.object({ name: z.string(), width: z.number().int(), height: z.number().int() }),
  durationSeconds: z.number().nullable(),
  /** Sum of `files[].bytes`. */
  totalBytes: z.number().int(),
  files: z.array(offlineFile),
  createdAt: z.string(),
  /** ISO end of the pass that allows it (the key is refused after). */
  passEndsAt: z.string().nullable(),
  /** Downloads left in this pass period after this one; null = unlimited. */
  remaining: z.number().int().nullable(),
  /** The devices holding live copies, after this one (POST only; additive 2026-11-28). */
  devices: offlineDevices.optional(),
});
export type OfflineDownload = z.infer<typeof offlineDownload>;

export const offlineDownloadList = z.object({ items: z.array(offlineDownload) });
export type OfflineDownloadList = z.infer<typeof offlineDownloadList>;

/** One rendition the viewer may store, with its size computed from the stored segments. */
export const offlineRenditionOption = z.object({
  name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Bytes the whole film or episode takes at this rendition (what the device will store). */
  totalBytes: z.number().int(),
  /** Megabytes (10^6 bytes) per hour of this rendition, one decimal. */
  megabytesPerHour: z.number(),
});
export type OfflineRenditionOption = z.infer<typeof offlineRenditionOption>;

/** Answer of GET /api/offline/options/:id. */
export const offlineOptions = z.object({
  title: z.string(),
  durationSeconds: z.number().nullable(),
  /** Lowest first. */
  renditions: z.array(offlineRenditionOption),
  /** The rendition POST /api/offline takes when none is named. */
  defaultRendition: z.string(),
  /** Downloads per pass period (null = unlimited), used, remaining (null = unlimited). */
  quota: z.object({ limit: z.number().int().nullable(), used: z.number().int(), remaining: z.number().int().nullable() }),
  /** Whether this video was already counted in this pass period (downloading it again is free). */
  alreadyCounted: z.boolean(),
  /** The devices holding live copies; a device not among them is refused once none remain (additive 2026-11-28). */
  devices: offlineDevices.optional(),
});
export type OfflineOptions = z.infer<typeof offlineOptions>;

/**
 * Optional body of POST /api/offline/:downloadId/license: the stretches of wall-clock time the copy played with no
 * network since its last check-in, ISO times. Credited to the minutes-watched ledger only within the time since the
 * download was issued or last checked in, in server time (docs/decisions/049-minutes-watched-ledger.md).
 */
export const offlineLicenseBody = z.object({
  played: z
    .array(z.object({ from: z.iso.datetime({ offset: true, message: 'Use an ISO time' }), to: z.iso.datetime({ offset: true, message: 'Use an ISO time' }) }))
    .max(OFFLINE_PLAY_REPORT_MAX, `Report at most ${OFFLINE_PLAY_REPORT_MAX} stretches at a check-in`)
    .optional(),
});
export type OfflineLicenseBody = z.infer<typeof offlineLicenseBody>;

/** Answer of POST /api/offline/:downloadId/license. */
export const offlineLicense = z.object({
  downloadId: z.uuid(),
  /** The AES-128 key, base64 (OFFLINE_KEY_BYTES bytes). */
  key: z.string(),
  /** ISO end of the pass: the key must not be used after it. */
  passEndsAt: z.string(),
  /** ISO time by which the device must check in again (now + OFFLINE_CHECK_IN_SECONDS). */
  checkInBy: z.string(),
  /** min(passEndsAt, checkInBy): the device refuses to play after this without a new license. */
  validUntil: z.string(),
});
export type OfflineLicense = z.infer<typeof offlineLicense>;
