/** Plan limits while watching, the quality cap and the start order of the master playlist (issue 4 points 6, 7). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allowedRenditions, dataSaverState, filmTitleOf, megabytesForDuration, megabytesPerHour, qualityCap, signedCap, startFirstOrder, viewerLimits } from './entitlements.js';

describe('viewerLimits', () => {
  it('follows the plan table of docs/product/viewer.md §9', () => {
    expect(viewerLimits({ superAdmin: false, activePlan: 'daily' })).toEqual({ plan: 'daily', maxHeight: 720, streams: 1, downloads: 0 });
    expect(viewerLimits({ superAdmin: false, activePlan: 'weekly' })).toEqual({ plan: 'weekly', maxHeight: 1080, streams: 3, downloads: 10 });
    expect(viewerLimits({ superAdmin: false, activePlan: 'monthly' })).toEqual({ plan: 'monthly', maxHeight: 1080, streams: 5, downloads: 25 });
    expect(viewerLimits({ superAdmin: false, activePlan: 'yearly' })).toEqual({ plan: 'yearly', maxHeight: null, streams: 6, downloads: null });
    expect(viewerLimits({ superAdmin: false, activePlan: null })).toMatchObject({ maxHeight: 720, streams: 1, downloads: 0 });
    expect(viewerLimits({ superAdmin: false, activePlan: null, ownsTitle: true })).toMatchObject({ maxHeight: 1080, streams: 1, downloads: 0 });
    expect(viewerLimits({ superAdmin: true, activePlan: null })).toMatchObject({ maxHeight: null, downloads: null });
  });
  it('caps at the data saver rung (240p unless told), never raising a lower cap (ADR 028)', () => {
    expect(qualityCap(1080, true)).toEqual({ maxHeight: 240, reason: 'data_saver' });
    expect(qualityCap(null, true)).toEqual({ maxHeight: 240, reason: 'data_saver' });
    expect(qualityCap(1080, true, 144)).toEqual({ maxHeight: 144, reason: 'data_saver' });
    expect(qualityCap(null, true, 144)).toEqual({ maxHeight: 144, reason: 'data_saver' });
    expect(qualityCap(144, true, 240)).toEqual({ maxHeight: 144, reason: 'plan' });
    expect(qualityCap(240, true, 240)).toEqual({ maxHeight: 240, reason: 'plan' });
    expect(qualityCap(720, null, 144)).toEqual({ maxHeight: 720, reason: 'plan' });
    expect(qualityCap(720, false, 144)).toEqual({ maxHeight: 720, reason: 'plan' });
    expect(qualityCap(null, false)).toEqual({ maxHeight: null, reason: null });
  });
});

describe('dataSaverState (ADR 028: the viewer chooses, else the browser asks)', () => {
  it('follows the viewer: on at their rung, and an explicit off wins over Save-Data', () => {
    expect(dataSaverState({ chosen: true, storedMaxHeight: 144, browserSaveData: false })).toEqual({ on: true, maxHeight: 144, source: 'viewer' });
    expect(dataSaverState({ chosen: true, storedMaxHeight: null, browserSaveData: true })).toEqual({ on: true, maxHeight: 240, source: 'viewer' });
    expect(dataSaverState({ chosen: false, storedMaxHeight: 144, browserSaveData: true })).toEqual({ on: false, maxHeight: 144, source: null });
  });
  it('is on by the browser only while the viewer has not chosen', () => {
    expect(dataSaverState({ chosen: null, storedMaxHeight: null, browserSaveData: true })).toEqual({ on: true, maxHeight: 240, source: 'browser' });
    expect(dataSaverState({ chosen: null, storedMaxHeight: 144, browserSaveData: true })).toEqual({ on: true, maxHeight: 144, source: 'browser' });
    expect(dataSaverState({ chosen: null, storedMaxHeight: null, browserSaveData: false })).toEqual({ on: false, maxHeight: 240, source: null });
  });
});

describe('signedCap', () => {
  const r = (w: number, h: number) => ({ width: w, height: h });
  it('keeps the cap when a served rendition fits it, and no cap stays no cap', () => {
    expect(signedCap(144, [r(256, 144), r(426, 240)])).toBe(144);
    expect(signedCap(240, [r(256, 144), r(426, 240)])).toBe(240);
    expect(signedCap(null, [r(426, 240)])).toBeNull();
  });
  it("raises it to the lowest served rendition when none fits (a video from before the 144p rung)", () => {
    expect(signedCap(144, [r(426, 240)])).toBe(240);
    expect(signedCap(144, [r(240, 426)])).toBe(240);
    expect(signedCap(144, [])).toBe(144);
  });
});

const rendition = fc.record({ width: fc.integer({ min: 100, max: 4000 }), height: fc.integer({ min: 100, max: 4000 }), bandwidth: fc.integer({ min: 50_000, max: 20_000_000 }) });
describe('allowedRenditions and startFirstOrder', () => {
  it('keeps only renditions within the cap (short side), and never leaves none', () => {
    fc.assert(
      fc.property(fc.array(rendition, { minLength: 1, maxLength: 8 }), fc.option(fc.integer({ min: 100, max: 2200 }), { nil: null }), (all, cap) => {
        const ok = allowedRenditions(all, cap);
        expect(ok.length).toBeGreaterThan(0);
        const fitting = all.filter((r) => cap === null || Math.min(r.width, r.height) <= cap);
        if (fitting.length) expect(ok.length).toBe(fitting.length);
      }),
    );
  });
  it('puts first the highest rendition at or under 500 kb/s (else the lowest), the rest lowest first', () => {
    fc.assert(
      fc.property(fc.array(rendition, { minLength: 1, maxLength: 8 }), (all) => {
        const order = startFirstOrder(all);
        expect(order.length).toBe(all.length);
        const under = all.map((r) => r.bandwidth).filter((b) => b <= 500_000);
        expect(order[0]!.bandwidth).toBe(under.length ? Math.max(...under) : Math.min(...all.map((r) => r.bandwidth)));
        const rest = order.slice(1).map((r) => r.bandwidth);
        expect(rest).toEqual([...rest].sort((a, b) => a - b));
      }),
    );
  });
  it('converts bitrates to megabytes per hour', () => {
    expect(megabytesPerHour(1_000_000)).toBe(450);
    expect(megabytesPerHour(446_000)).toBe(200.7);
  });
  it('gives the megabytes of a whole video from its duration and average bitrate', () => {
    expect(megabytesForDuration(1_000_000, 3600)).toBe(450);
    expect(megabytesForDuration(150_000, 5400)).toBe(101.3);
    expect(megabytesForDuration(446_000, 90)).toBe(5);
    expect(megabytesForDuration(1_000_000, null)).toBeNull();
    expect(megabytesForDuration(1_000_000, 0)).toBeNull();
    fc.assert(fc.property(fc.integer({ min: 1, max: 20_000_000 }), fc.integer({ min: 1, max: 36_000 }), (bps, s) => {
      expect(Math.abs(megabytesForDuration(bps, s)! - (bps * s) / 8e6)).toBeLessThanOrEqual(0.05 + 1e-9);
    }));
  });
});

describe('filmTitleOf (ADR 023: one price for the whole multi-part film)', () => {
  it('sells a lone movie as itself', () => {
    expect(filmTitleOf({ movieId: 'a', holderId: null, groupIds: [], partMovieIds: [] })).toEqual({ titleId: 'a', movieIds: ['a'] });
  });
  it('sells any part of an automatic group as the group, recorded against its first part', () => {
    const f = filmTitleOf({ movieId: 'p2', holderId: null, groupIds: ['p1', 'p2', 'p3'], partMovieIds: [] });
    expect(f.titleId).toBe('p1');
    expect(f.movieIds.sort()).toEqual(['p1', 'p2', 'p3']);
  });
  it("sells a movie held as another movie's part as that main movie, with every part", () => {
    const f = filmTitleOf({ movieId: 'x', holderId: 'main', groupIds: [], partMovieIds: ['x', 'y'] });
    expect(f).toEqual({ titleId: 'main', movieIds: ['main', 'x', 'y'] });
  });
  it('covers the same movies whichever part it starts from', () => {
    const from = (movieId: string) => new Set(filmTitleOf({ movieId, holderId: null, groupIds: ['p1', 'p2'], partMovieIds: ['q'] }).movieIds);
    expect(from('p1')).toEqual(from('p2'));
  });
});
