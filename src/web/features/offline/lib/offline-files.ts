import { KEY_VALID_UNTIL_HEADER, OFFLINE_CACHE, offlineKeyPath, offlinePath } from './offline-paths';

/**
 * A download's files and key in Cache Storage (cache OFFLINE_CACHE, keys `/offline/{id}/{name}` and
 * `/offline/{id}/key`), where the service worker answers the offline player from
 * (src/web/sw/offline-routing.ts; docs/decisions/027-offline-downloads.md).
 */

function cache(): Promise<Cache> {
  return caches.open(OFFLINE_CACHE);
}

/** Whether the file `name` of download `id` is stored. */
export async function hasFile(id: string, name: string): Promise<boolean> {
  return (await (await cache()).match(offlinePath(id, name))) !== undefined;
}

/** Stores one file's bytes with its content type. */
export async function putFile(id: string, name: string, body: Blob, contentType: string | null): Promise<void> {
  const headers: Record<string, string> = { 'content-length': String(body.size) };
  if (contentType) headers['content-type'] = contentType;
  await (await cache()).put(offlinePath(id, name), new Response(body, { headers }));
}

/**
 * Stores the AES-128 key (base64 from the license) as its raw bytes, with its validity (ISO validUntil) in
 * KEY_VALID_UNTIL_HEADER for the service worker to check on every use.
 * @throws Error when the key is not valid base64
 */
export async function putKey(id: string, keyBase64: string, validUntil: string): Promise<void> {
  const raw = Uint8Array.from(atob(keyBase64), (c) => c.charCodeAt(0));
  await (await cache()).put(offlineKeyPath(id), new Response(raw, { headers: { 'content-type': 'application/octet-stream', [KEY_VALID_UNTIL_HEADER]: validUntil } }));
}

/** Deletes the key of a download (the pass ended): its files stay but cannot be played. */
export async function dropKey(id: string): Promise<void> {
  await (await cache()).delete(offlineKeyPath(id));
}

/** Deletes every stored file and the key of a download. */
export async function dropFiles(id: string, names: readonly string[]): Promise<void> {
  const c = await cache();
  await Promise.all([...names.map((n) => c.delete(offlinePath(id, n))), c.delete(offlineKeyPath(id))]);
}
