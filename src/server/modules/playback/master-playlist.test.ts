/** segmentAt: the segment a player starting at a position fetches first (ADR 013). */
import { describe, expect, it } from 'vitest';
import { segmentAt } from './master-playlist';

const SEGMENTS = [
  { uri: 'seg_00000_0.ts', durationSeconds: 1.001 },
  { uri: 'seg_00000_1.ts', durationSeconds: 3.003 },
  { uri: 'seg_00001.ts', durationSeconds: 4.004 },
  { uri: 'seg_00002.ts', durationSeconds: 2.5 },
];

describe('segmentAt', () => {
  it('gives the segment holding the position', () => {
    expect(segmentAt(SEGMENTS, 0)).toBe('seg_00000_0.ts');
    expect(segmentAt(SEGMENTS, 0.5)).toBe('seg_00000_0.ts');
    expect(segmentAt(SEGMENTS, 1.001)).toBe('seg_00000_1.ts');
    expect(segmentAt(SEGMENTS, 5)).toBe('seg_00001.ts');
    expect(segmentAt(SEGMENTS, 9)).toBe('seg_00002.ts');
  });

  it('gives the first for a negative position, the last past the end, null without segments', () => {
    expect(segmentAt(SEGMENTS, -3)).toBe('seg_00000_0.ts');
    expect(segmentAt(SEGMENTS, 999)).toBe('seg_00002.ts');
    expect(segmentAt([], 0)).toBeNull();
  });
});
