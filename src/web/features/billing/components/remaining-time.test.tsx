// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import { RemainingTime, remainingText } from './remaining-time';

const NOW = new Date('2026-03-01T12:00:00Z');
const after = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
const HOUR = 3600;
const DAY = 24 * HOUR;

beforeAll(async () => {
  await initI18n('en');
});
afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

describe('remaining time of a pass (docs/product/viewer.md §4)', () => {
  it.each([
    [30 * DAY, '30 days remaining'],
    [DAY, '1 day remaining'],
    [3 * DAY + 5 * HOUR, '3 days remaining'],
    [DAY - 1, '24 hours remaining'],
    [5 * HOUR, '5 hours remaining'],
    [HOUR, '1 hour remaining'],
    [59 * 60, '1 hour remaining'],
    [1, '1 hour remaining'],
    [0, 'Expired'],
    [-DAY, 'Expired'],
  ])('%i s left reads "%s"', (seconds, text) => {
    render(<RemainingTime expiresAt={after(seconds)} now={NOW} />);
    expect(screen.getByTestId('remaining-time').textContent).toBe(text);
  });

  it('speaks French and Kinyarwanda', async () => {
    await changeLanguage('fr');
    expect(remainingText(i18next.t, after(2 * DAY), NOW)).toBe('Il reste 2 jours');
    expect(remainingText(i18next.t, after(HOUR), NOW)).toBe('Il reste 1 heure');
    await changeLanguage('rw');
    expect(remainingText(i18next.t, after(2 * DAY), NOW)).toBe('Hasigaye iminsi 2');
    expect(remainingText(i18next.t, after(3 * HOUR), NOW)).toBe('Hasigaye amasaha 3');
  });
});
