/** How the service worker answers stored downloads (docs/decisions/027-offline-downloads.md, "On the device"). */
import { describe, expect, it } from 'vitest';
import { OFFLINE_PATH_PREFIX as CONTRACT_PREFIX } from '../../shared/contracts/offline';
import { cacheNames, staleCaches } from './cache-policy';
import { OFFLINE_CACHE, OFFLINE_PATH_PREFIX, isKeyPath, keyUsable, offlineAnswer, offlineKeyPath, offlinePath, opensOffline } from './offline-routing';
import { swStrategy } from './strategy';

const O = 'https://sobanura.rw';
const ID = '0b7c6a52-5d0e-4c36-9a8e-1c1f1e2d3a4b';
const NOW = Date.parse('2026-11-26T08:00:00Z');

describe('offline downloads in the service worker', () => {
  it('names storage as the contract does', () => {
    expect(OFFLINE_PATH_PREFIX).toBe(CONTRACT_PREFIX);
    expect(offlinePath(ID, 'seg_00001.m4s')).toBe(`/offline/${ID}/seg_00001.m4s`);
    expect(offlineKeyPath(ID)).toBe(`/offline/${ID}/key`);
    expect(isKeyPath(offlineKeyPath(ID))).toBe(true);
    expect(isKeyPath(offlinePath(ID, 'index.m3u8'))).toBe(false);
    expect(isKeyPath(`/offline/${ID}/sub/key`)).toBe(false);
  });

  it('answers /offline/* from storage, but not the offline page, the API or other methods', () => {
    const s = (path: string, method = 'GET', mode = 'cors') => swStrategy(new URL(path, O), { method, mode }, O);
    expect(s(offlinePath(ID, 'index.m3u8'))).toBe('offline');
    expect(s(offlineKeyPath(ID))).toBe('offline');
    expect(s('/offline.html')).toBe('stale-while-revalidate');
    expect(s(`/api/offline/${ID}/files/index.m3u8`)).toBe('bypass');
    expect(s(offlinePath(ID, 'index.m3u8'), 'POST')).toBe('bypass');
  });

  it('gives a stored file as stored, and a 404 (never the network) for what is not stored', () => {
    expect(offlineAnswer(offlinePath(ID, 'seg_00001.m4s'), { validUntil: null }, NOW)).toEqual({ kind: 'stored' });
    expect(offlineAnswer(offlinePath(ID, 'seg_00002.m4s'), undefined, NOW)).toEqual({ kind: 'missing' });
    expect(offlineAnswer(offlineKeyPath(ID), undefined, NOW)).toEqual({ kind: 'missing' });
  });

  it('gives the key only before its validUntil, and refuses a key with no or a broken validity', () => {
    const key = offlineKeyPath(ID);
    expect(offlineAnswer(key, { validUntil: '2026-11-26T08:00:01Z' }, NOW)).toEqual({ kind: 'stored' });
    expect(offlineAnswer(key, { validUntil: '2026-11-26T08:00:00Z' }, NOW)).toEqual({ kind: 'expired' });
    expect(offlineAnswer(key, { validUntil: '2026-11-25T08:00:00Z' }, NOW)).toEqual({ kind: 'expired' });
    expect(offlineAnswer(key, { validUntil: null }, NOW)).toEqual({ kind: 'expired' });
    expect(offlineAnswer(key, { validUntil: 'soon' }, NOW)).toEqual({ kind: 'expired' });
    expect(keyUsable(undefined, NOW)).toBe(false);
  });

  it('opens only the Downloads pages from the kept shell when the network fails', () => {
    expect(opensOffline('/downloads')).toBe(true);
    expect(opensOffline(`/downloads/${ID}/play`)).toBe(true);
    expect(opensOffline('/downloadsx')).toBe(false);
    expect(opensOffline('/movies')).toBe(false);
  });

  it('keeps the downloads when a new release drops the old caches', () => {
    const now = cacheNames('b2');
    expect(staleCaches(['sobanura-shell-a1', OFFLINE_CACHE, now.shell], 'b2')).toEqual(['sobanura-shell-a1']);
  });
});
