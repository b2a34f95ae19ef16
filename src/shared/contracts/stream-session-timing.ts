/**
 * A stream session's timing, without zod (the first-frame boot bundles it: docs/decisions/030-first-frame-before-the-app.md).
 * Re-exported by playback.ts, where the rest of the playback contract lives.
 */

/** A playing device sends a heartbeat this often, seconds (docs/product/viewer.md §9, stream sessions). */
export const HEARTBEAT_INTERVAL_SECONDS = 30;
/** A stream session without a heartbeat for this long lapses and frees its slot (about 2 missed heartbeats), seconds. */
export const SESSION_LAPSE_SECONDS = 75;
