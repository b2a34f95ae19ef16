// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { MovieFull } from '../../../../shared/contracts/browse';
import { initI18n } from '../../../lib/i18n';
import { json } from '../../../test/catalog-fixtures';
import { renderRoutes } from '../../../test/render';
import { WatchPage } from './watch-page';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const movie = (over: Partial<MovieFull>): MovieFull => ({
  id: 'm1', title: 'Inzovu', description: 'd', fullDescription: 'd', posterUrl: null, posterFallbacks: [], category: 'action', year: 2024,
  director: '', cast: [], durationSeconds: 5400, rating: 7, isPremium: true, isDemo: false, isNew: false, trailerEmbedUrl: null,
  translator: null, videoStatus: 'ready', parts: [], related: [], redirectToId: null, priceRwf: 1000, ...over,
});

function open(m: MovieFull) {
  vi.stubGlobal('fetch', vi.fn(async () => json(200, { movie: m })));
  renderRoutes([{ path: '/watch/:id', element: <WatchPage extraActions={() => <button type="button">Buy this title</button>} /> }], '/watch/m1');
}

it('offers Watch Now and the extra actions (Buy this title) on a playable title', async () => {
  open(movie({}));
  expect(await screen.findByRole('link', { name: /Watch Now/ })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Buy this title' })).toBeTruthy();
});

it('sells nothing and promises nothing on a title that cannot play (ADR 023)', async () => {
  open(movie({ videoStatus: 'failed' }));
  expect((await screen.findByTestId('title-availability')).textContent).toMatch(/^Not available/);
  expect(screen.queryByRole('link', { name: /Watch Now/ })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Buy this title' })).toBeNull();
  expect(document.body.textContent).not.toMatch(/few minutes/);
});

it('says "not available yet" while the video is processing', async () => {
  open(movie({ videoStatus: 'processing' }));
  expect((await screen.findByTestId('title-availability')).textContent).toMatch(/^Not available yet/);
  expect(screen.queryByRole('button', { name: 'Buy this title' })).toBeNull();
});
