/**
 * The "NEW" badge (viewer spec sections 2 and 9; admin spec section 2): an item is new when it was created on
 * or after the start of the current week, Sunday 00:00 UTC. For a group, the newest part's creation counts.
 */

const DAY_MS = 86_400_000;

/** Sunday 00:00:00.000 UTC of the week that contains `now`. */
export function weekStart(now: Date): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(midnight - now.getUTCDay() * DAY_MS);
}

/** Whether something created at `createdAt` carries the NEW badge at `now` (created on or after `weekStart(now)`). */
export function isNew(createdAt: Date, now: Date): boolean {
  return createdAt.getTime() >= weekStart(now).getTime();
}

/** The NEW badge of a group: its newest part decides (spec section 9). False for no parts. */
export function isGroupNew(partsCreatedAt: readonly Date[], now: Date): boolean {
  return partsCreatedAt.some((d) => isNew(d, now));
}
