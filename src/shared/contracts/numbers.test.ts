/** Numbers bound for `real` columns are rounded to the precision they mean, so none underflows (numbers.ts). */
import { expect, it } from 'vitest';
import { seriesBody } from './admin.js';
import { createMovieBody } from './catalog.js';
import { roundTo } from './numbers.js';
import { progressBody } from './playback.js';

it('rounds ratings to 0.1 and seconds to the millisecond, so 1e-300 becomes 0', () => {
  expect([roundTo(1)(0.30000000000000004), roundTo(1)(1e-300), roundTo(3)(12.34567)]).toEqual([0.3, 0, 12.346]);
  expect(seriesBody.parse({ title: 'Imena', category: 'drama', rating: 1e-300 }).rating).toBe(0);
  expect(createMovieBody.parse({ title: 'Umutima', category: 'drama', rating: 8.1 }).rating).toBe(8.1);
  expect(progressBody.parse({ positionSeconds: 1e-300, durationSeconds: 60, watchedSeconds: 1e-186 })).toEqual({ positionSeconds: 0, durationSeconds: 60, watchedSeconds: 0 });
  expect(progressBody.safeParse({ positionSeconds: 0, durationSeconds: 1e-300 }).success).toBe(false);
});
