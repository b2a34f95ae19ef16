import type { CatalogItem, CatalogPage } from '../../shared/contracts/browse';

/** A catalogue card as the server sends it, with test-friendly defaults. */
export function item(overrides: Partial<CatalogItem> = {}): CatalogItem {
  const id = overrides.id ?? '00000000-0000-4000-8000-000000000001';
  return {
    kind: 'movie',
    id,
    groupId: null,
    title: 'Inzira y’Ubuzima',
    description: 'A story of two brothers.',
    posterUrl: '/media/posters/a.webp',
    posterFallbacks: [],
    category: 'drama',
    year: 2024,
    director: 'Kayitare',
    durationSeconds: 5400,
    rating: 7.5,
    partsCount: 0,
    isCustomGroup: false,
    isNew: false,
    isDemo: false,
    isPremium: true,
    translator: { id: 't1', name: 'Junior Giti', slug: 'junior-giti', photoUrl: null },
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function page(items: CatalogItem[], overrides: Partial<CatalogPage> = {}): CatalogPage {
  return { items, page: 1, pageSize: 10, total: items.length, categories: ['action', 'drama'], ...overrides };
}

export function json(status: number, body: unknown): Response {
  return status === 204 ? new Response(null, { status }) : new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
