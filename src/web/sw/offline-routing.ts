/**
 * How the service worker answers a viewer's downloads (docs/decisions/027-offline-downloads.md, "On the device").
 * Pure rules, applied by sw.ts, shared with the page (src/web/features/offline) so both name storage alike:
 * - a download's files live in the Cache Storage cache OFFLINE_CACHE under `/offline/{downloadId}/{file}`
 *   (OFFLINE_PATH_PREFIX of src/shared/contracts/offline.ts); the worker answers those paths from it, never from
 *   the network, and a file not stored is a 404;
 * - the key is stored at `/offline/{downloadId}/key` as its 16 raw bytes with the header KEY_VALID_UNTIL_HEADER
 *   (ISO time, the license's validUntil); the worker gives it out only while that time has not passed, and answers
 *   403 after (or when the header is missing or unreadable): a download stops playing when the pass ends or after
 *   30 days without a check-in (OFFLINE_CHECK_IN_SECONDS);
 * - the pages that must open with no network (the Downloads page and its player, both drawn in the browser) are
 *   answered with the app shell kept at OFFLINE_SHELL_URL when the network fails.
 */

/**
 * `/offline/`: OFFLINE_PATH_PREFIX of src/shared/contracts/offline.ts, repeated here because sw.js must be
 * self-contained (vite.sw-plugin.ts) and the contract pulls in zod; offline-routing.test.ts keeps the two equal.
 */
export const OFFLINE_PATH_PREFIX = '/offline/';

/** Cache Storage name of the downloads. Not per release: a new release must not delete it (cache-policy.ts). */
export const OFFLINE_CACHE = 'sobanura-offline';
/** Response header of the stored key: ISO time after which the key is refused. */
export const KEY_VALID_UNTIL_HEADER = 'x-sobanura-valid-until';
/** The page whose app shell the worker keeps for opening the Downloads pages offline (drawn in the browser). */
export const OFFLINE_SHELL_URL = '/downloads';

/** The cache key (a URL path) of one stored file of a download: `/offline/{downloadId}/{name}`. */
export function offlinePath(downloadId: string, name: string): string {
  return `${OFFLINE_PATH_PREFIX}${encodeURIComponent(downloadId)}/${name}`;
}

/** Where a download's key is kept: `/offline/{downloadId}/key`. */
export function offlineKeyPath(downloadId: string): string {
  return offlinePath(downloadId, 'key');
}

/** Whether a same-origin path is one of the stored downloads' (`/offline/...`). */
export function isOfflinePath(pathname: string): boolean {
  return pathname.startsWith(OFFLINE_PATH_PREFIX);
}

/** Whether a path is a key's (`/offline/{id}/key`): these are checked against their validity before use. */
export function isKeyPath(pathname: string): boolean {
  return /^\/offline\/[^/]+\/key$/.test(pathname);
}

/** Whether a navigation to this path may be answered with the kept app shell when the network fails. */
export function opensOffline(pathname: string): boolean {
  return pathname === OFFLINE_SHELL_URL || pathname === `${OFFLINE_SHELL_URL}/` || pathname.startsWith(`${OFFLINE_SHELL_URL}/`);
}

/**
 * Whether a stored key may be used at `now` (ms since the epoch): only with a readable validUntil that has not
 * passed. A key stored without one is refused (fail closed).
 */
export function keyUsable(validUntil: string | null | undefined, now: number): boolean {
  if (!validUntil) return false;
  const until = Date.parse(validUntil);
  return Number.isFinite(until) && now < until;
}

/** What the worker answers for an `/offline/...` request, given what storage holds. */
export type OfflineAnswer = { kind: 'stored' } | { kind: 'missing' } | { kind: 'expired' };

/**
 * The answer to an `/offline/...` GET: a stored file as stored; a key only while usable (`expired` otherwise,
 * answered 403 so hls.js stops with a key error); anything not stored `missing` (404, never the network).
 * @param stored the stored response's validity header for a key (null for other files), or undefined when nothing is stored
 */
export function offlineAnswer(pathname: string, stored: { validUntil: string | null } | undefined, now: number): OfflineAnswer {
  if (!stored) return { kind: 'missing' };
  if (isKeyPath(pathname) && !keyUsable(stored.validUntil, now)) return { kind: 'expired' };
  return { kind: 'stored' };
}
