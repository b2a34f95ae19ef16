/** The page and the service worker name stored downloads alike (docs/decisions/027-offline-downloads.md). */
import { describe, expect, it } from 'vitest';
import * as worker from '../../../sw/offline-routing';
import * as page from './offline-paths';

describe('offline storage names', () => {
  it('are the same in the page and in the service worker', () => {
    const id = '7d0c2a1e-4b5f-4c3d-8e9f-0a1b2c3d4e5f';
    expect(page.OFFLINE_CACHE).toBe(worker.OFFLINE_CACHE);
    expect(page.KEY_VALID_UNTIL_HEADER).toBe(worker.KEY_VALID_UNTIL_HEADER);
    expect(page.offlinePath(id, 'seg_00001.m4s')).toBe(worker.offlinePath(id, 'seg_00001.m4s'));
    expect(page.offlineKeyPath(id)).toBe(worker.offlineKeyPath(id));
    const now = Date.parse('2026-11-26T08:00:00Z');
    for (const v of ['2026-11-26T08:00:01Z', '2026-11-26T08:00:00Z', '2026-11-25T00:00:00Z', 'soon', null, undefined]) expect(page.keyUsable(v, now)).toBe(worker.keyUsable(v, now));
  });
});
