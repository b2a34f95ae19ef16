/**
 * The "NEW" badge (docs/product/viewer.md §2 and §9; docs/product/admin.md §2): an item is new when it was created on
 * or after the start of the current week, Sunday 00:00 in Kigali (Africa/Kigali, UTC+2 all year: Rwanda has no
 * daylight saving time), the time of the viewers and of the admins who add the titles. The spec names Sunday, not
 * the zone; Sunday 00:00 UTC would be Sunday 02:00 in Kigali, so for two hours a week a title added on Sunday
 * morning there was counted in the week before. For a group, the newest part's creation counts.
 * (docs/decisions/025-localised-figures-and-download-validators.md)
 */

const DAY_MS = 86_400_000;
/** Africa/Kigali's offset from UTC, milliseconds (CAT, UTC+2, no DST since 1935: IANA tz database). */
export const KIGALI_OFFSET_MS = 2 * 3_600_000;

/** Sunday 00:00:00.000 Kigali time (Saturday 22:00 UTC) of the Kigali week that contains `now`. */
export function weekStart(now: Date): Date {
  const local = new Date(now.getTime() + KIGALI_OFFSET_MS);
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  return new Date(midnight - local.getUTCDay() * DAY_MS - KIGALI_OFFSET_MS);
}

/** Whether something created at `createdAt` carries the NEW badge at `now` (created on or after `weekStart(now)`). */
export function isNew(createdAt: Date, now: Date): boolean {
  return createdAt.getTime() >= weekStart(now).getTime();
}

/** The NEW badge of a group: its newest part decides (docs/product/viewer.md §9). False for no parts. */
export function isGroupNew(partsCreatedAt: readonly Date[], now: Date): boolean {
  return partsCreatedAt.some((d) => isNew(d, now));
}
