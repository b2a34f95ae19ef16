/** Plan limits while watching, the quality cap and the start order of the master playlist (issue 4 points 6, 7). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allowedRenditions, filmTitleOf, megabytesPerHour, qualityCap, startFirstOrder, viewerLimits } from './entitlements.js';

describe('viewerLimits', () => {
  it('follows the plan table of viewer spec section 9', () => {
    expect(viewerLimits({ superAdmin: false, activePlan: 'daily' })).toEqual({ plan: 'daily', maxHeight: 720, streams: 1, downloads: 0 });
    expect(viewerLimits({ superAdmin: false, activePlan: 'weekly' })).toEqual({ plan: 'weekly', maxHeight: 1080, streams: 3, downloads: 10 });
    expect(viewerLimits({ superAdmin: false, activePlan: 'monthly' })).toEqual({ plan: 'monthly', maxHeight: 1080, streams: 5, downloads: 25 });
    expect(viewerLimits({ superAdmin: false, activePlan: 'yearly' })).toEqual({ plan: 'yearly', maxHeight: null, streams: 6, downloads: null });
    expect(viewerLimits({ superAdmin: false, activePlan: null })).toMatchObject({ maxHeight: 720, streams: 1, downloads: 0 });
    expect(viewerLimits({ superAdmin: false, activePlan: null, ownsTitle: true })).toMatchObject({ maxHeight: 1080, streams: 1, downloads: 0 });
    expect(viewerLimits({ superAdmin: true, activePlan: null })).toMatchObject({ maxHeight: null, downloads: null });
  });
  it('caps at 360p with the data saver, never raising a lower cap', () => {
    expect(qualityCap(1080, true)).toEqual({ maxHeight: 360, reason: 'data_saver' });
    expect(qualityCap(null, true)).toEqual({ maxHeight: 360, reason: 'data_saver' });
    expect(qualityCap(240, true)).toEqual({ maxHeight: 240, reason: 'plan' });
    expect(qualityCap(720, null)).toEqual({ maxHeight: 720, reason: 'plan' });
    expect(qualityCap(null, false)).toEqual({ maxHeight: null, reason: null });
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
