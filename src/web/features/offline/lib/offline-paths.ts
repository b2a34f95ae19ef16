/**
 * The page's copy of the storage names the service worker uses (src/web/sw/offline-routing.ts; docs/decisions/
 * 027-offline-downloads.md): sw.js must be self-contained (vite.sw-plugin.ts), so a module both import would become
 * a shared chunk it cannot load. offline-paths.test.ts keeps the two copies equal.
 */

/** Cache Storage name of the downloads. */
export const OFFLINE_CACHE = 'sobanura-offline';
/** Response header of the stored key: ISO time after which the worker refuses the key. */
export const KEY_VALID_UNTIL_HEADER = 'x-sobanura-valid-until';

/** `/offline/{downloadId}/{name}`: where a stored file is kept and answered. */
export function offlinePath(downloadId: string, name: string): string {
  return `/offline/${encodeURIComponent(downloadId)}/${name}`;
}

/** `/offline/{downloadId}/key`. */
export function offlineKeyPath(downloadId: string): string {
  return offlinePath(downloadId, 'key');
}

/** Whether a stored key may be used at `now` (ms since the epoch): only before a readable validUntil (ISO). */
export function keyUsable(validUntil: string | null | undefined, now: number): boolean {
  if (!validUntil) return false;
  const until = Date.parse(validUntil);
  return Number.isFinite(until) && now < until;
}
