/** The start gate (ADR 013): start on 1 s only over a link twice the rendition's bitrate, else on 4 s. */
import { describe, expect, it } from 'vitest';
import { readyToStart } from './start-gate';

const base = { remaining: 180, bitrateBps: 470_000 };

describe('readyToStart', () => {
  it('starts on 1 s of buffer when the link is at least twice the bitrate', () => {
    expect(readyToStart({ ...base, bufferedAhead: 1, bandwidthBps: 1_500_000 })).toBe(true);
    expect(readyToStart({ ...base, bufferedAhead: 0.5, bandwidthBps: 5_000_000 })).toBe(false);
  });

  it('waits for 4 s on a link barely faster than the film, or with no estimate', () => {
    expect(readyToStart({ ...base, bufferedAhead: 2, bandwidthBps: 612_000 })).toBe(false);
    expect(readyToStart({ ...base, bufferedAhead: 2, bandwidthBps: Number.NaN })).toBe(false);
    expect(readyToStart({ ...base, bufferedAhead: 4, bandwidthBps: 612_000 })).toBe(true);
    expect(readyToStart({ ...base, bufferedAhead: 4, bandwidthBps: 0 })).toBe(true);
  });

  it('starts a clip shorter than the safe buffer once all of it is buffered', () => {
    expect(readyToStart({ bufferedAhead: 2.95, remaining: 3, bandwidthBps: 0, bitrateBps: 470_000 })).toBe(true);
    expect(readyToStart({ bufferedAhead: 1.5, remaining: 3, bandwidthBps: 0, bitrateBps: 470_000 })).toBe(false);
  });
});
