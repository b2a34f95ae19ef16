import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { OfflineDownload } from '../../../../shared/contracts/offline';

/**
 * The device's record of each download, in IndexedDB (database `sobanura-offline`, store `downloads`, keyed by
 * download id), so a transfer survives closing the tab and the Downloads page lists what is stored with no network
 * (docs/decisions/027-offline-downloads.md, "On the device"). The files themselves are in Cache Storage
 * (offline-files.ts); this record says which of them are complete.
 */

/**
 * Where a download stands on this device:
 * - `downloading`: fetching files (or was, when the tab closed: it continues at the next start);
 * - `waiting-wifi`: the viewer asked for Wi-Fi only and the device is on another network; it continues on Wi-Fi;
 * - `paused`: stopped by the viewer; continues only when the viewer presses Resume;
 * - `failed`: stopped by an error (`error` holds the server's error code or `network`); Resume tries again;
 * - `done`: every file and the key are stored.
 */
export type DownloadState = 'downloading' | 'waiting-wifi' | 'paused' | 'failed' | 'done';

export interface StoredDownload {
  /** The download's id (the server's). */
  id: string;
  /** The server's description of it: title, image, rendition, files with their sizes (bytes). */
  download: OfflineDownload;
  state: DownloadState;
  /** Names of the files completely stored in Cache Storage. */
  storedFiles: string[];
  /** Bytes of those files. */
  storedBytes: number;
  /** Fetch files only on Wi-Fi (where the browser says which network it is on). */
  wifiOnly: boolean;
  /** ISO time after which the stored key is refused (the license's validUntil); null before the key is stored or after a refusal. */
  validUntil: string | null;
  /** Error code of the last failure (`network` when the server could not be reached), or null. */
  error: string | null;
  /** When it was saved here, ms since the epoch. */
  addedAt: number;
  /** What it played since the last check-in that reported it (played-stretches.ts; ADR 049); absent when nothing. */
  played?: { from: string; to: string }[];
}

interface OfflineSchema extends DBSchema {
  downloads: { key: string; value: StoredDownload };
}

const DB_NAME = 'sobanura-offline';
let db: Promise<IDBPDatabase<OfflineSchema>> | null = null;

function open(): Promise<IDBPDatabase<OfflineSchema>> {
  db ??= openDB<OfflineSchema>(DB_NAME, 1, {
    upgrade(d) {
      d.createObjectStore('downloads', { keyPath: 'id' });
    },
  });
  return db;
}

/** Every stored download, newest first. */
export async function listStored(): Promise<StoredDownload[]> {
  const all = await (await open()).getAll('downloads');
  return all.sort((a, b) => b.addedAt - a.addedAt);
}

export async function getStored(id: string): Promise<StoredDownload | undefined> {
  return (await open()).get('downloads', id);
}

export async function putStored(record: StoredDownload): Promise<void> {
  await (await open()).put('downloads', record);
}

export async function deleteStored(id: string): Promise<void> {
  await (await open()).delete('downloads', id);
}

/** Closes the database and forgets it (tests start each case on a fresh fake IndexedDB). */
export async function closeOfflineDb(): Promise<void> {
  if (db) (await db).close();
  db = null;
}
