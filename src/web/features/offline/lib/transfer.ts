import type { OfflineDownload } from '../../../../shared/contracts/offline';
import { ApiError, isApiError } from '../../../lib/api-client';
import { deleteOfflineDownload, getOfflineLicense, offlineFileUrl } from '../api/offline-api';
import { deleteStored, getStored, listStored, putStored, type StoredDownload } from './offline-db';
import { dropFiles, dropKey, hasFile, putFile, putKey } from './offline-files';
import { forgetReported } from './played-stretches';

/**
 * Moves a download's files from the server into the device (docs/decisions/027-offline-downloads.md, "On the
 * device"): one file at a time from `/api/offline/{id}/files/{name}` into Cache Storage, then the license's key.
 * - Progress is in bytes: the record's `storedBytes` plus the bytes of the file in flight (`liveBytes`).
 * - Pause aborts the file in flight; Resume (or the next app start, for a download that was not paused) fetches
 *   only the files not already stored: a file cut mid-way is fetched again from its start.
 * - Wi-Fi only: where the browser gives `navigator.connection.type` (Network Information API), files are fetched
 *   only on `wifi` or `ethernet`; leaving Wi-Fi stops the file in flight and the download waits (`waiting-wifi`)
 *   until the type changes back. Where the browser does not say, the type is unknown and the download runs
 *   (the dialog says so).
 * Changes are announced to `subscribe` listeners (the Downloads page and the dialog).
 */

interface NetworkInformationLike extends EventTarget {
  type?: string;
}

function connection(): NetworkInformationLike | undefined {
  return (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
}

/** Whether the browser tells which kind of network it is on (Wi-Fi only can be honoured). */
export function knowsNetworkType(): boolean {
  return typeof connection()?.type === 'string';
}

/** Whether fetching may go on for a Wi-Fi-only download: on Wi-Fi or wired, or when the browser does not say. */
export function onWifi(): boolean {
  const type = connection()?.type;
  return type === undefined || type === 'wifi' || type === 'ethernet';
}

type Listener = () => void;
const listeners = new Set<Listener>();
const running = new Map<string, AbortController>();
/** The run of each download in progress, so Resume right after Pause waits for the stopped run to end. */
const runs = new Map<string, Promise<void>>();
/** Bytes of the file in flight per download. */
const inFlight = new Map<string, number>();
let watching = false;

/** Calls `fn` after every change to a download on this device; returns the unsubscribe. */
export function subscribe(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function announce(): void {
  listeners.forEach((l) => l());
}

/** Bytes stored so far for a download, the file in flight included. */
export function liveBytes(record: StoredDownload): number {
  return record.storedBytes + (inFlight.get(record.id) ?? 0);
}

async function update(id: string, change: Partial<StoredDownload>): Promise<StoredDownload | undefined> {
  const current = await getStored(id);
  if (!current) return undefined;
  const next = { ...current, ...change };
  await putStored(next);
  announce();
  return next;
}

/** Starts Wi-Fi-waiting downloads again when the network type changes to Wi-Fi, and stops Wi-Fi-only ones leaving it. */
function watchConnection(): void {
  const c = connection();
  if (watching || !c || typeof c.addEventListener !== 'function') return;
  watching = true;
  c.addEventListener('change', () => void onConnectionChange());
}

async function onConnectionChange(): Promise<void> {
  const all = await listStored();
  for (const r of all) {
    if (!r.wifiOnly) continue;
    if (onWifi() && r.state === 'waiting-wifi') void run(r.id);
    else if (!onWifi() && running.has(r.id)) running.get(r.id)!.abort('wifi');
  }
}

/** Reads a response's body with progress (bytes so far); throws when the body is cut. */
async function readBody(res: Response, onBytes: (n: number) => void): Promise<Blob> {
  if (!res.body) return res.blob();
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let n = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    n += value.byteLength;
    onBytes(n);
  }
  return new Blob(chunks as BlobPart[]);
}

async function errorOf(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string; details?: unknown } } | null;
  return new ApiError(res.status, body?.error?.code ?? 'http_error', body?.error?.message ?? res.statusText, body?.error?.details);
}

function failureCode(e: unknown): string {
  if (isApiError(e)) return e.code;
  if (e instanceof TypeError) return 'network';
  return 'unknown';
}

/**
 * Fetches what is missing of download `id`, then its key. Does nothing when it is already running, done, paused
 * or gone. Never throws: failures are written to the record (`failed` with `error`).
 */
export function run(id: string): Promise<void> {
  const previous = runs.get(id);
  if (previous) return previous;
  const p = runOnce(id).finally(() => runs.delete(id));
  runs.set(id, p);
  return p;
}

async function runOnce(id: string): Promise<void> {
  const record = await getStored(id);
  if (!record || record.state === 'done' || record.state === 'paused') return;
  if (record.wifiOnly) watchConnection();
  if (record.wifiOnly && !onWifi()) {
    await update(id, { state: 'waiting-wifi' });
    return;
  }
  const control = new AbortController();
  running.set(id, control);
  try {
    let current = (await update(id, { state: 'downloading', error: null }))!;
    for (const file of current.download.files) {
      if (current.storedFiles.includes(file.name) && (await hasFile(id, file.name))) continue;
      const res = await fetch(offlineFileUrl(id, file.name), { credentials: 'same-origin', signal: control.signal });
      if (!res.ok) throw await errorOf(res);
      const body = await readBody(res, (n) => {
        inFlight.set(id, n);
        announce();
      });
      // A body shorter than listed was cut: it is not stored, and the next run fetches the whole file again.
      if (body.size < file.bytes) throw new TypeError(`${file.name}: ${body.size} of ${file.bytes} bytes`);
      await putFile(id, file.name, body, res.headers.get('content-type'));
      inFlight.delete(id);
      const stored = await getStored(id);
      if (!stored) return; // deleted meanwhile
      current = (await update(id, { storedFiles: [...stored.storedFiles.filter((n) => n !== file.name), file.name], storedBytes: stored.storedBytes + body.size }))!;
    }
    const license = await getOfflineLicense(id);
    await putKey(id, license.key, license.validUntil);
    await update(id, { state: 'done', validUntil: license.validUntil, error: null });
  } catch (e) {
    inFlight.delete(id);
    if (control.signal.aborted) {
      // Paused (the record already says so), deleted, or off Wi-Fi.
      if (control.signal.reason === 'wifi') await update(id, { state: 'waiting-wifi' });
      else announce();
    } else {
      await update(id, { state: 'failed', error: failureCode(e) });
    }
  } finally {
    running.delete(id);
  }
}

/**
 * Saves a new download on this device and starts its transfer. Asks the browser to keep the site's storage
 * (`navigator.storage.persist()`, Storage Standard) so it is not evicted under storage pressure.
 */
export async function startDownload(download: OfflineDownload, wifiOnly: boolean): Promise<void> {
  void navigator.storage?.persist?.().catch(() => false);
  const existing = await getStored(download.id);
  await putStored(
    existing
      ? { ...existing, download, wifiOnly, state: existing.state === 'done' ? 'done' : 'downloading' }
      : { id: download.id, download, state: 'downloading', storedFiles: [], storedBytes: 0, wifiOnly, validUntil: null, error: null, addedAt: Date.now() },
  );
  announce();
  void run(download.id);
}

/** Stops a download's transfer; it stays paused (also across app starts) until `resume`. */
export async function pause(id: string): Promise<void> {
  await update(id, { state: 'paused' });
  running.get(id)?.abort('pause');
}

/** Continues a paused, failed or waiting download from the files not yet stored. */
export async function resume(id: string): Promise<void> {
  await runs.get(id);
  await update(id, { state: 'downloading', error: null });
  await run(id);
}

/**
 * Continues, at app start, every download that was running or waiting for Wi-Fi when the app last closed (not
 * the paused or failed ones).
 */
export async function resumeUnfinished(): Promise<void> {
  const all = await listStored();
  await Promise.all(all.filter((r) => r.state === 'downloading' || r.state === 'waiting-wifi').map((r) => run(r.id)));
}

/**
 * Deletes a download from the device (files, key, record) and tells the server (DELETE; a failure there, e.g. no
 * network, does not keep it on the device: the server's record only matters for the quota, which deleting does
 * not change).
 */
export async function remove(id: string): Promise<void> {
  running.get(id)?.abort('delete');
  const record = await getStored(id);
  await dropFiles(id, record?.download.files.map((f) => f.name) ?? []);
  await deleteStored(id);
  announce();
  await deleteOfflineDownload(id).catch(() => undefined);
}

/** What the check-in before playing found (docs/decisions/027-offline-downloads.md). */
export type CheckIn =
  /** A fresh key is stored, valid until `validUntil` (ISO). */
  | { kind: 'renewed'; validUntil: string }
  /** The pass has ended: the key was deleted. */
  | { kind: 'pass-ended'; reason: 'expired' | 'none' }
  /** The server refused for another reason (`not_found`: deleted elsewhere; `forbidden`): the key was deleted. */
  | { kind: 'refused'; code: string }
  /** No network (or the server failed): the stored key decides. */
  | { kind: 'offline' };

/**
 * The check-in: asks the server for the license whenever it can be reached before playing. On 403
 * subscription_required (or another refusal: 403, 404) the key is deleted and the record keeps no validity, so
 * the download no longer plays. No network, 401 (the session ended: signing in again is not a refusal), 429 and
 * 5xx leave the stored key to decide. It reports what the copy played since the last check-in (played-stretches.ts;
 * ADR 049) and forgets that once the server took it; a refused or failed check-in keeps it for the next.
 */
export async function checkIn(id: string): Promise<CheckIn> {
  try {
    const played = (await getStored(id))?.played ?? [];
    const license = await getOfflineLicense(id, played.length ? { played } : {});
    await forgetReported(id, played);
    await putKey(id, license.key, license.validUntil);
    await update(id, { validUntil: license.validUntil });
    return { kind: 'renewed', validUntil: license.validUntil };
  } catch (e) {
    if (!isApiError(e) || e.status >= 500 || e.status === 429 || e.status === 401) return { kind: 'offline' };
    await dropKey(id);
    await update(id, { validUntil: null });
    if (e.code !== 'subscription_required') return { kind: 'refused', code: e.code };
    return { kind: 'pass-ended', reason: (e.details as { reason?: string } | undefined)?.reason === 'none' ? 'none' : 'expired' };
  }
}

/** Room the browser gives this site (Storage Standard `estimate()`), bytes; null where the browser does not say. */
export async function storageRoom(): Promise<{ usage: number; quota: number } | null> {
  const e = await navigator.storage?.estimate?.().catch(() => null);
  return e && typeof e.quota === 'number' ? { usage: e.usage ?? 0, quota: e.quota } : null;
}
