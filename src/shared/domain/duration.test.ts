import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration.js';

describe('formatDuration (docs/product/viewer.md §9: "Xh Ym" or "Ym")', () => {
  it.each([
    [5400, '1h 30m'],
    [3600, '1h 0m'],
    [180.26, '3m'],
    [59.6, '1m'],
    [14, '14s'],
    [0, '0s'],
  ])('%s s reads %s', (s, text) => expect(formatDuration(s)).toBe(text));
  it('gives nothing for unknown durations', () => {
    for (const v of [null, undefined, Number.NaN, -1]) expect(formatDuration(v)).toBe('');
  });
  it.each([
    [5400, 'fr', '1 h 30 min'],
    [1800, 'fr', '30 min'],
    [14, 'fr', '14 s'],
    [5400, 'rw', '1 h 30 min'],
    [5400, 'fr-RW', '1 h 30 min'],
    [5400, 'de', '1h 30m'],
  ])('%s s in %s reads %s', (s, language, text) => expect(formatDuration(s, language)).toBe(text));
});
