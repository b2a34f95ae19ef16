/**
 * Query keys shared by the features and the app layer, so one part can refresh another's data without importing
 * it (billing refreshes the signed-in user's pass after a payment; the live catalogue events refresh lists).
 *
 * Catalogue data sits under `['catalog']` (public, kept across sign-in and sign-out); everything a viewer owns
 * (the watch list) sits elsewhere and is dropped when the session changes.
 */
export const queryKeys = {
  me: ['accounts', 'me'] as const,
  /** Every catalogue query: lists and single titles. */
  catalog: ['catalog'] as const,
  /** Every list of titles (home sections, catalogue pages, translator pages). */
  catalogLists: ['catalog', 'lists'] as const,
  home: ['catalog', 'lists', 'home'] as const,
  catalogPage: (params: Record<string, string | number>) => ['catalog', 'lists', 'page', params] as const,
  translators: ['catalog', 'lists', 'translators'] as const,
  translator: (slug: string) => ['catalog', 'lists', 'translator', slug] as const,
  movie: (id: string) => ['catalog', 'movie', id] as const,
  /** A series and, under it, its episodes. */
  series: (id: string) => ['catalog', 'series', id] as const,
  episode: (seriesId: string, season: number, episode: number) => ['catalog', 'series', seriesId, 'episode', season, episode] as const,
  watchlist: ['watchlist'] as const,
  plans: ['billing', 'plans'] as const,
  /** Everything of billing (plans, the pass and its history, payments): refreshed after a voucher adds a pass. */
  billing: ['billing'] as const,
  payment: (id: string) => ['billing', 'payments', id] as const,
  playback: (movieId: string) => ['playback', movieId] as const,
  adminMovies: ['admin', 'movies'] as const,
};
