// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogItem } from '../../../../shared/contracts/browse';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import { item } from '../../../test/catalog-fixtures';
import { MovieCard } from './movie-card';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);

function card(overrides: Partial<CatalogItem>) {
  render(
    <MemoryRouter>
      <MovieCard item={item(overrides)} />
    </MemoryRouter>,
  );
  return screen.getByTestId('catalog-card');
}

describe('MovieCard badges', () => {
  it('shows "N Parts" on a group, and its link opens the first part', () => {
    const el = card({ kind: 'group', id: 'first-part', groupId: 'g1', partsCount: 3, title: 'Rambo' });
    expect(within(el).getByText('3 Parts')).toBeTruthy();
    expect(within(el).queryByText('NEW')).toBeNull();
    expect(within(el).getByRole('link', { name: 'Rambo' }).getAttribute('href')).toBe('/watch/first-part');
  });

  it('shows NEW instead of the parts badge on a recent group', () => {
    const el = card({ kind: 'group', partsCount: 3, isNew: true });
    expect(within(el).getByText('NEW')).toBeTruthy();
    expect(within(el).queryByText('3 Parts')).toBeNull();
  });

  it('shows category, Demo, translator, year, duration and rating; no parts badge on a single movie', () => {
    const el = card({ isDemo: true, category: 'action', durationSeconds: 5400, rating: 8.2, year: 2023 });
    for (const text of ['Action', 'Demo', 'Translated by Junior Giti', '2023', '1h 30m', '8.2', 'Kayitare', 'A story of two brothers.', 'Watch Now']) {
      expect(within(el).getByText(text)).toBeTruthy();
    }
    expect(within(el).queryByTestId('badge-parts')).toBeNull();
    expect(within(el).queryByTestId('badge-new')).toBeNull();
  });

  it('tells an admin why a title cannot play, and says nothing on a playable one (ADR 023)', () => {
    expect(within(card({ unavailable: 'failed' })).getByTestId('badge-unavailable').textContent).toBe('Not available');
    cleanup();
    expect(within(card({ unavailable: 'processing' })).getByTestId('badge-unavailable').textContent).toBe('Not available yet');
    cleanup();
    expect(within(card({})).queryByTestId('badge-unavailable')).toBeNull();
  });

  it('links a series to its page', () => {
    const el = card({ kind: 'series', id: 's1', title: 'Inshuti' });
    expect(within(el).getByRole('link', { name: 'Inshuti' }).getAttribute('href')).toBe('/series/s1');
  });
});

describe('MovieCard poster', () => {
  it('falls back through the fallbacks in order, then to the placeholder', () => {
    const el = card({ posterUrl: '/p/poster.webp', posterFallbacks: ['/p/part1.webp', '/p/poster.webp', '/p/thumb.webp'] });
    const img = () => el.querySelector('img');
    expect(img()!.getAttribute('src')).toBe('/p/poster.webp');
    // Reserved box: the image has its size before it loads.
    expect(img()!.getAttribute('width')).toBe('400');
    expect(img()!.getAttribute('height')).toBe('600');
    fireEvent.error(img()!);
    expect(img()!.getAttribute('src')).toBe('/p/part1.webp');
    fireEvent.error(img()!);
    // The repeated poster is not tried twice.
    expect(img()!.getAttribute('src')).toBe('/p/thumb.webp');
    fireEvent.error(img()!);
    expect(img()).toBeNull();
    expect(within(el).getByTestId('poster-placeholder')).toBeTruthy();
  });

  it('starts with the first fallback when there is no poster, and the placeholder when there is nothing', () => {
    let el = card({ posterUrl: null, posterFallbacks: ['/p/thumb.webp'] });
    expect(el.querySelector('img')!.getAttribute('src')).toBe('/p/thumb.webp');
    cleanup();
    el = card({ posterUrl: null, posterFallbacks: [] });
    expect(within(el).getByTestId('poster-placeholder')).toBeTruthy();
  });
});

describe('MovieCard in the viewer’s language', () => {
  afterEach(() => changeLanguage('en'));

  it('names the category, the badges, the duration and the rating in French and Kinyarwanda', async () => {
    await changeLanguage('fr');
    let el = card({ category: 'documentary', durationSeconds: 5400, rating: 6.1, isNew: true });
    for (const text of ['Documentaire', 'NOUVEAU', '1 h 30 min', '6,1']) expect(within(el).getByText(text)).toBeTruthy();
    cleanup();
    await changeLanguage('rw');
    el = card({ category: 'Sci-Fi', durationSeconds: 1800, rating: 8, isNew: true });
    for (const text of ['Ibihimbano bya siyansi', 'NSHYA', '30 min', '8,0']) expect(within(el).getByText(text)).toBeTruthy();
    cleanup();
    // A category typed freely in the new-movie form is shown as typed.
    el = card({ category: 'Amateka' });
    expect(within(el).getByTestId('badge-category').textContent).toBe('Amateka');
  });

  it('never cuts the category badge: it wraps, and the title is what gets clamped', () => {
    const el = card({ category: 'documentary', isNew: true });
    const badge = within(el).getByTestId('badge-category');
    expect(badge.className).not.toMatch(/\btruncate\b/);
    expect(badge.className).toContain('whitespace-normal');
    expect(el.querySelector('h3')!.className).toContain('line-clamp-2');
  });
});
