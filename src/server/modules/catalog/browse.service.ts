/**
 * Browsing (docs/product/viewer.md §2-5, §9; ADR 007): the home rows, the catalogue list,
 * a movie's detail and the translators. Contracts: src/shared/contracts/browse.ts.
 *
 * - Home: Recently Added Movies (4 newest), Popular Movies (4 highest rated), New Series (4 newest); a group
 *   counts as one movie card (docs/product/viewer.md §2, §9 "Home §4 items each").
 * - List: page size 10; groups count once; by page number, or after a keyset cursor (`after`, answered as
 *   `nextCursor`; not when searching; docs/decisions/036-catalogue-at-100k-titles.md); sorts newest, oldest, rating (highest first), az. With a search
 *   text and the default sort (newest) the order is relevance, newest first among equals; another chosen sort
 *   wins over relevance. A category is matched lower-cased ('all' or empty: none); an unknown translator slug
 *   gives an empty page. `categories` is the union of the tab's categories (the chips).
 * - Detail: parts (the movie's own parts, else its group's, in order), up to 3 related titles of the same
 *   category (not itself or its group, newest first), trailer in embed form, `redirectToId` when its video is a
 *   part of another movie. Errors: AppError 404 `not_found`.
 * Reads go through `cache` (read-cache.ts), which catalogue changes clear. A list's total and a tab's chips go
 * through `counts` (default `cache`), cleared by the same changes but kept when the page cache is off, so a page
 * costs one indexed page query (docs/decisions/036-catalogue-at-100k-titles.md).
 *
 * Audience (docs/decisions/023-playable-titles-and-film-parts.md): viewers are shown only what they can play (items
 * with a ready video, groups' ready parts, a film's ready parts; related titles likewise); admins are shown all,
 * each card not playable carrying `unavailable`. Cache keys carry the audience, so an admin's answer is never
 * served to a viewer. A movie's page opens for both; its `videoStatus` says whether it plays.
 */
import type { CatalogItem, CatalogPage, CatalogQuery, MovieFull } from '../../../shared/contracts/browse.js';
import { PAGE_SIZE } from '../../../shared/contracts/browse.js';
import { combinedAvailability, type Audience } from '../../../shared/domain/catalog-list.js';
import { isNew } from '../../../shared/domain/new-badge.js';
import { trailerEmbedUrl } from '../../../shared/domain/trailer.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { BrowseRepository, MemberRow } from './browse.repository.js';
import type { CursorValues, ItemFilter, Sort } from './catalog-filters.js';
import type { CatalogPageRepository, PageItem } from './catalog-page.repository.js';
import { groupCard, movieCard, moviePosters, seriesCard, translatorRef, videoPoster, videoSeconds } from './catalog-cards.js';
import type { ReadCache } from './read-cache.js';
import type { TranslatorsRepository, TranslatorWithCount } from './translators.repository.js';
import { filmTitle } from './film-title.repository.js';
import type { Database } from '../../db/client.js';

const NIL_UUID = '00000000-0000-0000-0000-000000000000';
/** Cards per home row (docs/product/viewer.md §9: "Home §4 items each"). */
export const HOME_ROW_SIZE = 4;
/** Related titles on a movie's page (docs/product/viewer.md §9: "Related: 3 on detail"). */
export const RELATED_SIZE = 3;
/** Cards on a translator's page, newest first. */
export const TRANSLATOR_PAGE_SIZE = 60;

/** Text from a query string, trimmed, without NUL characters (PostgreSQL text cannot hold them). */
const clean = (s: string | undefined) => s?.replaceAll('\0', '').trim();

/** A category as the list filters on it: trimmed, lower-cased; 'all' or empty means no filter. */
export const normalizeCategory = (c: string | undefined): string | undefined => {
  const v = c?.trim().toLowerCase();
  return v && v !== 'all' ? v : undefined;
};

/** A keyset cursor as the API carries it: base64url of the JSON array of the last item's sort values (ADR 036). */
export const encodeCursor = (values: CursorValues): string => Buffer.from(JSON.stringify(values)).toString('base64url');

/** The sort values of a cursor; AppError 400 `validation_failed` when it is not one. */
export function decodeCursor(cursor: string): CursorValues {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    values = null;
  }
  if (!Array.isArray(values) || values.length === 0 || values.length > 3 || !values.every((v) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)))) {
    throw new AppError(400, 'validation_failed', 'The page cursor is not valid.', { field: 'after' });
  }
  return values as CursorValues;
}

const translatorFull = (t: TranslatorWithCount) => ({ id: t.id, name: t.name, slug: t.slug, photoUrl: t.photoUrl, bio: t.bio, titles: t.titles });

/** Browsing over its repositories and read cache; `clock` (default: now) decides the NEW badge. Methods answer the browse.ts contract shapes. */
export function createBrowseService(deps: { browse: BrowseRepository; pages: CatalogPageRepository; translators: TranslatorsRepository; cache: ReadCache; counts?: ReadCache; clock?: () => Date; db?: Database }) {
  const { browse, pages, cache } = deps;
  // Totals and chips apart from the pages (ADR 036): the same for every page of a filter.
  const counts = deps.counts ?? cache;
  const now = deps.clock ?? (() => new Date());

  /**
   * Cards of a page's items, in order (an item whose movies were deleted meanwhile is skipped). For viewers a group
   * shows only its parts with a ready video; for admins every part, and a card no viewer sees says why (`unavailable`).
   */
  function cards(items: PageItem[], audience: Audience = 'viewer'): CatalogItem[] {
    const t = now();
    return items.flatMap((i): CatalogItem[] => {
      if (i.kind === 'series') return i.series ? [seriesCard(i.series, t)] : [];
      const members = audience === 'viewer' ? i.members.filter((m) => m.video?.status === 'ready') : i.members;
      if (members.length === 0) return [];
      const card = i.kind === 'movie' || members.length === 1 ? movieCard(members[0]!, t) : groupCard(i, members, i.custom, t);
      const state = combinedAvailability(members.map((m) => m.video?.status));
      return [audience === 'admin' && state !== 'ready' ? { ...card, unavailable: state } : card];
    });
  }

  const list = async (f: ItemFilter, sort: Sort, limit: number, offset = 0, audience: Audience = 'viewer') =>
    cards((await pages.page({ ...f, playableOnly: audience === 'viewer' }, sort, limit, offset)).items, audience);

  async function page(query: CatalogQuery, audience: Audience): Promise<CatalogPage> {
    const q = clean(query.q) || undefined;
    const category = normalizeCategory(clean(query.category));
    const slug = clean(query.translator)?.toLowerCase() || undefined;
    const translatorId = slug ? await browse.translatorIdBySlug(slug) : undefined;
    // An unknown translator: nothing matches (a nil id keeps the query's shape).
    const filter: ItemFilter = { tab: query.tab, category, translatorId: translatorId === null ? NIL_UUID : translatorId, q, playableOnly: audience === 'viewer' };
    const sort: Sort = q && query.sort === 'newest' ? 'relevance' : query.sort;
    const after = query.after && !q ? decodeCursor(query.after) : undefined;
    const [r, total, categories] = await Promise.all([
      pages.page(filter, sort, PAGE_SIZE, (query.page - 1) * PAGE_SIZE, after),
      counts.get(`count:${JSON.stringify(filter)}`, () => pages.count(filter)),
      counts.get(`categories:${query.tab}:${audience}`, () => pages.categories(query.tab, audience === 'viewer')),
    ]);
    return { items: cards(r.items, audience), page: query.page, pageSize: PAGE_SIZE, total, categories, nextCursor: r.last ? encodeCursor(r.last) : null };
  }

  /**
   * A film page's related titles: the newest `RELATED_SIZE` items of its category other than its own item (`ownKey`).
   * The category's newest `RELATED_SIZE + 1` items are kept with the totals (`counts`, cleared by every catalogue
   * change, ADR 036): the same for every film of the category, where the page cache holds one film a key.
   */
  async function relatedTo(category: string, ownKey: string, audience: Audience): Promise<CatalogItem[]> {
    const items = await counts.get(`related:${audience}:${category}`, async () =>
      (await pages.page({ tab: 'movies', category, playableOnly: audience === 'viewer' }, 'newest', RELATED_SIZE + 1, 0)).items,
    );
    return cards(items.filter((i) => i.key !== ownKey).slice(0, RELATED_SIZE), audience);
  }

  /** The parts a movie's page lists: its own parts, else its group's parts; [] for a lone movie. Viewers: ready ones only. */
  async function partsOf(m: MemberRow, own: MovieFull['parts'], audience: Audience): Promise<MovieFull['parts']> {
    const shown = (ps: MovieFull['parts']) => (audience === 'viewer' ? ps.filter((p) => p.videoStatus === 'ready') : ps);
    if (own.length) return shown(own);
    const key = m.movie.displayKey;
    if (!key || key.startsWith('m:')) return [];
    const members = (await browse.members([key])).get(key) ?? [];
    return shown(
      members.map((p, i) => ({
        id: p.movie.id,
        title: p.movie.title,
        partNumber: key.startsWith('a:') ? (p.movie.partNumber ?? i + 1) : i + 1,
        durationSeconds: videoSeconds(p.video),
        posterUrl: p.movie.thumbnailUrl ?? videoPoster(p.video),
        videoStatus: p.video?.status ?? null,
      })),
    );
  }

  /** The film a purchase of this movie is of (ADR 023), or the movie alone when no database was given (unit tests). */
  const titleOf = async (id: string, priceRwf: number | null) => {
    const film = deps.db ? await filmTitle(deps.db, id) : null;
    if (!film || film.titleId === id) return { titleId: id, titleMovieIds: film?.movieIds ?? [id], priceRwf };
    const main = await browse.moviesByIds([film.titleId]);
    return { titleId: film.titleId, titleMovieIds: film.movieIds, priceRwf: main.get(film.titleId)?.movie.priceRwf ?? null };
  };

  async function movie(id: string, audience: Audience): Promise<MovieFull> {
    const m = await browse.movieDetail(id);
    if (!m) throw notFound('Movie');
    const mv = m.movie;
    const category = normalizeCategory(mv.category);
    const [parts, related, title] = await Promise.all([
      partsOf(m, m.ownParts, audience),
      category ? relatedTo(category, mv.displayKey ?? `m:${mv.id}`, audience) : Promise.resolve([]),
      titleOf(mv.id, mv.priceRwf ?? null),
    ]);
    return {
      id: mv.id,
      title: mv.title,
      description: mv.description,
      fullDescription: mv.fullDescription,
      ...moviePosters(m),
      category: mv.category,
      year: mv.year,
      director: mv.director,
      cast: mv.cast,
      durationSeconds: videoSeconds(m.video),
      rating: movieCard(m, now()).rating,
      isPremium: mv.isPremium,
      isDemo: mv.isDemo,
      isNew: isNew(mv.createdAt, now()),
      trailerEmbedUrl: trailerEmbedUrl(mv.trailer),
      translator: translatorRef(m.translator),
      videoStatus: m.video?.status ?? null,
      parts,
      related,
      redirectToId: m.redirectToId,
      ...title,
    };
  }

  /** Cards of single movies (as themselves, even when grouped) and series, by id (the watch list). */
  async function titleCards(ids: { movieIds: string[]; seriesIds: string[] }): Promise<{ movies: Map<string, CatalogItem>; series: Map<string, CatalogItem> }> {
    const [ms, ss] = await Promise.all([browse.moviesByIds(ids.movieIds), browse.seriesByIds(ids.seriesIds)]);
    const t = now();
    return {
      // A saved title stays on its owner's list when its video stops being playable (nothing saved is lost), and
      // its card says why, for viewers too (ADR 023).
      movies: new Map(
        [...ms].map(([id, m]) => {
          const state = combinedAvailability([m.video?.status]);
          return [id, state === 'ready' ? movieCard(m, t) : { ...movieCard(m, t), unavailable: state }];
        }),
      ),
      series: new Map([...ss].map(([id, s]) => [id, seriesCard(s, t)])),
    };
  }

  return {
    cards,
    titleCards,
    page: (query: CatalogQuery, audience: Audience = 'viewer') => cache.get(`page:${audience}:${JSON.stringify(query)}`, () => page(query, audience)),
    async home(audience: Audience = 'viewer') {
      return cache.get(`home:${audience}`, async () => {
        const [recentMovies, popularMovies, newSeries] = await Promise.all([
          list({ tab: 'movies' }, 'newest', HOME_ROW_SIZE, 0, audience),
          list({ tab: 'movies' }, 'rating', HOME_ROW_SIZE, 0, audience),
          list({ tab: 'series' }, 'newest', HOME_ROW_SIZE, 0, audience),
        ]);
        return { recentMovies, popularMovies, newSeries };
      });
    },
    /** `{ movie }` for GET /api/movies/:id (the cached object is the whole answer, serialized once). */
    movie: (id: string, audience: Audience = 'viewer') => cache.get(`movie:${audience}:${id}`, async () => ({ movie: await movie(id, audience) })),
    /** Every translator with their number of titles: counted over the whole catalogue, so read through the cache. */
    translators: () => cache.get('translators', async () => ({ translators: (await deps.translators.list()).map(translatorFull) })),
    async translator(slug: string, audience: Audience = 'viewer') {
      const t = await deps.translators.bySlug(slug.trim().toLowerCase());
      if (!t) throw notFound('Translator');
      return { translator: translatorFull(t), items: await list({ translatorId: t.id }, 'newest', TRANSLATOR_PAGE_SIZE, 0, audience) };
    },
  };
}
export type BrowseService = ReturnType<typeof createBrowseService>;
