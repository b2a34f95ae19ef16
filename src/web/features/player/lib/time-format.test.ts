import { describe, expect, it } from 'vitest';
import { formatClock, megabytesPerHour, renditionName } from './time-format';

describe('formatClock', () => {
  it('shows m:ss under an hour and h:mm:ss from an hour', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(9.99)).toBe('0:09');
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(3599)).toBe('59:59');
    expect(formatClock(3600)).toBe('1:00:00');
    expect(formatClock(3725)).toBe('1:02:05');
    expect(formatClock(65, true)).toBe('0:01:05');
  });
  it('shows 0:00 for nonsense', () => {
    expect(formatClock(Number.NaN)).toBe('0:00');
    expect(formatClock(-5)).toBe('0:00');
    expect(formatClock(Number.POSITIVE_INFINITY)).toBe('0:00');
  });
});

describe('megabytesPerHour', () => {
  it('is bits per second × 3600 / 8 / 10^6, rounded, at least 1', () => {
    expect(megabytesPerHour(796_000)).toBe(358);
    expect(megabytesPerHour(446_000)).toBe(201);
    expect(megabytesPerHour(1000)).toBe(1);
    expect(megabytesPerHour(0)).toBe(0);
    expect(megabytesPerHour(Number.NaN)).toBe(0);
  });
});

describe('renditionName', () => {
  it('names a rendition by its short side', () => {
    expect(renditionName(1280, 720)).toBe('720p');
    expect(renditionName(720, 1280)).toBe('720p');
    expect(renditionName(0, 360)).toBe('360p');
    expect(renditionName(0, 0)).toBe('');
  });
});
