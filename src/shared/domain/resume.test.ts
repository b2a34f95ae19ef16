/** Resume, watched and watch-time rules (issue 4 point 5), as properties over many positions and durations. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditedWatchSeconds, isWatched, MAX_PLAYBACK_RATE, resumePosition, WATCH_TIME_SLACK_SECONDS } from './resume.js';

const duration = fc.double({ min: 0.5, max: 5 * 3600, noNaN: true });
describe('resumePosition', () => {
  it('never resumes a video under 5 minutes', () => {
    fc.assert(fc.property(fc.double({ min: 0.1, max: 299.999, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (d, f) => resumePosition(d * f, d) === null));
  });
  it('resumes exactly between 5 % and 90 % of a long video, at the saved position', () => {
    fc.assert(
      fc.property(fc.double({ min: 300, max: 5 * 3600, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (d, f) => {
        const p = d * f;
        const r = resumePosition(p, d);
        if (p < d * 0.05 || p >= d * 0.9) return r === null;
        return r === p;
      }),
    );
  });
  it('gives no resume for unknown or broken durations and positions', () => {
    for (const [p, d] of [[100, null], [100, 0], [Number.NaN, 1000], [-5, 1000], [100, Number.POSITIVE_INFINITY]] as const) expect(resumePosition(p, d)).toBeNull();
    expect(resumePosition(60, 1000)).toBe(60);
    expect(resumePosition(49, 1000)).toBeNull();
    expect(resumePosition(900, 1000)).toBeNull();
  });
});

describe('isWatched', () => {
  it('is true exactly from 90 %, whatever the length, and never alongside a resume position', () => {
    fc.assert(
      fc.property(duration, fc.double({ min: 0, max: 1, noNaN: true }), (d, f) => {
        const p = d * f;
        expect(isWatched(p, d)).toBe(p >= d * 0.9);
        if (isWatched(p, d)) expect(resumePosition(p, d)).toBeNull();
      }),
    );
  });
});

describe('creditedWatchSeconds', () => {
  it('never credits more than the wall clock allows at the fastest speed, nor less than 0', () => {
    fc.assert(
      fc.property(fc.option(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { nil: undefined }), fc.double({ min: -1e5, max: 1e5, noNaN: true }), fc.double({ min: 0, max: 1e5, noNaN: true }), (claimed, delta, elapsed) => {
        const c = creditedWatchSeconds(claimed, delta, elapsed);
        expect(c).toBeGreaterThanOrEqual(0);
        expect(c).toBeLessThanOrEqual(elapsed * MAX_PLAYBACK_RATE + WATCH_TIME_SLACK_SECONDS + 1e-9);
      }),
    );
  });
  it('credits honest plays in full', () => {
    expect(creditedWatchSeconds(10, 10, 10)).toBe(10);
    expect(creditedWatchSeconds(undefined, 8, 10)).toBe(8);
    expect(creditedWatchSeconds(undefined, -300, 10)).toBe(0);
    expect(creditedWatchSeconds(1000, 1000, 1)).toBe(1 * MAX_PLAYBACK_RATE + WATCH_TIME_SLACK_SECONDS);
  });
});
