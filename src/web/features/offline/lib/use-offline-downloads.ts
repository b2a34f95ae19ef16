import { useEffect, useState } from 'react';
import { listStored, type StoredDownload } from './offline-db';
import { storageRoom, subscribe } from './transfer';

/** The downloads stored on this device (newest first), kept current as transfers move; null while loading. */
export function useOfflineDownloads(): StoredDownload[] | null {
  const [items, setItems] = useState<StoredDownload[] | null>(null);
  useEffect(() => {
    let live = true;
    const load = () => void listStored().then((all) => live && setItems(all), () => live && setItems([]));
    load();
    const off = subscribe(load);
    return () => {
      live = false;
      off();
    };
  }, []);
  return items;
}

/** The site's storage use and quota in bytes (navigator.storage.estimate()), refreshed with the downloads; null where unknown. */
export function useStorageRoom(version: unknown): { usage: number; quota: number } | null {
  const [room, setRoom] = useState<{ usage: number; quota: number } | null>(null);
  useEffect(() => {
    let live = true;
    void storageRoom().then((r) => live && setRoom(r));
    return () => {
      live = false;
    };
  }, [version]);
  return room;
}
