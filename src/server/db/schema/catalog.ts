/**
 * The catalogue (docs/product/viewer.md §3; docs/product/admin.md §3; ADR 007): translators, movies, movie parts,
 * custom groups, series, seasons, episodes, the watch list, and `catalog_items`, the derived display items the
 * lists page through. Durations are seconds (docs/product/architecture.md §4.8); rating 0-10.
 *
 * Derived columns (written only by modules/catalog/catalog-items.repository.ts, in the same transaction as the
 * write that changes them; docs/decisions/007-catalogue-display-items.md):
 * - movies.base_title, part_number, group_key: part detection of the title (src/shared/domain/grouping.ts);
 * - movies.display_key: the display item the movie shows in: `c:{customGroupId}`, `a:{groupKey}` or `m:{id}`;
 *   null until derived (rows written before migration 0003 are derived at start);
 * - catalog_items: one row per display item (a movie, an automatic or custom group, a series) with the
 *   columns lists filter, sort and search on.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, pgTable, primaryKey, real, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.js';
import { videoAssets } from './media.js';

/** PostgreSQL's tsvector (full-text search document). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Translators (abasobanuzi): the voice that makes a title agasobanuye. A translator is a person
 * (docs/decisions/047-translators-as-people.md; docs/product/admin.md §12): an optional e-mail (stored
 * lower-case, unique when set), an optional phone (E.164 MSISDN of a supported country, src/shared/domain/msisdn.ts)
 * and an optional link to the user account that signs in as this translator (one account per translator and one
 * translator per account; the account's row going away unlinks it).
 */
export const translators = pgTable('translators', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  photoUrl: text('photo_url'),
  bio: text('bio').notNull().default(''),
  email: text('email').unique(),
  phone: text('phone'),
  userId: text('user_id')
    .unique()
    .references(() => user.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const movies = pgTable(
  'movies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    fullDescription: text('full_description').notNull().default(''),
    thumbnailUrl: text('thumbnail_url'),
    trailer: text('trailer'),
    category: text('category').notNull(),
    year: integer('year'),
    director: text('director').notNull().default(''),
    cast: text('cast').array().notNull().default([]),
    rating: real('rating').notNull().default(0),
    isPremium: boolean('is_premium').notNull().default(true),
    /** Titles of the generated demo catalogue, labelled as such on screen. */
    isDemo: boolean('is_demo').notNull().default(false),
    /** One-off price of this title alone in RWF (ADR 008 "Single titles"); null: not sold alone. */
    priceRwf: integer('price_rwf'),
    videoId: uuid('video_id').references(() => videoAssets.id, { onDelete: 'set null' }),
    /** A replacement upload of a title whose video is ready: swapped into video_id once it is ready (modules/media). */
    pendingVideoId: uuid('pending_video_id').references(() => videoAssets.id, { onDelete: 'set null' }),
    translatorId: uuid('translator_id').references(() => translators.id, { onDelete: 'set null' }),
    /** Derived: the title without its part suffix (the title itself when it is not a part). */
    baseTitle: text('base_title').notNull().default(''),
    /** Derived: the detected part number, or null when the title is not a part. */
    partNumber: integer('part_number'),
    /** Derived: `{lower base}|{year}|{lower director}` when the title is a part, else null. */
    groupKey: text('group_key'),
    /** Derived: the display item key (`c:…`, `a:…`, `m:…`); null until derived. */
    displayKey: text('display_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('movies_created_at_idx').on(t.createdAt),
    index('movies_video_id_idx').on(t.videoId),
    index('movies_pending_video_id_idx').on(t.pendingVideoId),
    index('movies_group_key_idx').on(t.groupKey),
    index('movies_display_key_idx').on(t.displayKey),
    index('movies_translator_id_idx').on(t.translatorId),
    // The category chips: distinct categories read by skipping through this index (browse.repository.ts).
    index('movies_category_idx').on(sql`lower(trim(${t.category}))`),
  ],
);

export const movieParts = pgTable(
  'movie_parts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    movieId: uuid('movie_id')
      .notNull()
      .references(() => movies.id, { onDelete: 'cascade' }),
    partNumber: integer('part_number').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    durationSeconds: real('duration_seconds'),
    videoId: uuid('video_id').references(() => videoAssets.id, { onDelete: 'set null' }),
    thumbnailUrl: text('thumbnail_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('movie_parts_movie_part_uq').on(t.movieId, t.partNumber), index('movie_parts_video_id_idx').on(t.videoId)],
);

export const customMovieGroups = pgTable('custom_movie_groups', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  thumbnailUrl: text('thumbnail_url'),
  createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const customGroupMovies = pgTable(
  'custom_group_movies',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => customMovieGroups.id, { onDelete: 'cascade' }),
    movieId: uuid('movie_id')
      .notNull()
      .references(() => movies.id, { onDelete: 'cascade' }),
  },
  // A movie belongs to one custom group at most, so it shows in exactly one display item (ADR 007).
  (t) => [primaryKey({ columns: [t.groupId, t.movieId] }), uniqueIndex('custom_group_movies_movie_uq').on(t.movieId)],
);

export const series = pgTable(
  'series',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    fullDescription: text('full_description').notNull().default(''),
    category: text('category').notNull(),
    director: text('director').notNull().default(''),
    actors: text('actors').array().notNull().default([]),
    year: integer('year'),
    rating: real('rating').notNull().default(0),
    isPremium: boolean('is_premium').notNull().default(true),
    thumbnailUrl: text('thumbnail_url'),
    trailer: text('trailer'),
    translatorId: uuid('translator_id').references(() => translators.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('series_category_idx').on(sql`lower(trim(${t.category}))`)],
);

export const seasons = pgTable(
  'seasons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seriesId: uuid('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    seasonNumber: integer('season_number').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    thumbnailUrl: text('thumbnail_url'),
    trailer: text('trailer'),
  },
  (t) => [unique('seasons_series_number_uq').on(t.seriesId, t.seasonNumber)],
);

export const episodes = pgTable(
  'episodes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seasonId: uuid('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    episodeNumber: integer('episode_number').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    durationSeconds: real('duration_seconds'),
    videoId: uuid('video_id').references(() => videoAssets.id, { onDelete: 'set null' }),
    /** As movies.pending_video_id: the replacement waiting to be ready. */
    pendingVideoId: uuid('pending_video_id').references(() => videoAssets.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('episodes_season_number_uq').on(t.seasonId, t.episodeNumber), index('episodes_pending_video_id_idx').on(t.pendingVideoId), index('episodes_video_id_idx').on(t.videoId)],
);

/** The watch list (docs/product/viewer.md §3 "Watchlist entry"): a movie or a series per row, once per user. */
export const userWatchlist = pgTable(
  'user_watchlist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    movieId: uuid('movie_id').references(() => movies.id, { onDelete: 'cascade' }),
    seriesId: uuid('series_id').references(() => series.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('user_watchlist_user_movie_uq').on(t.userId, t.movieId),
    unique('user_watchlist_user_series_uq').on(t.userId, t.seriesId),
    index('user_watchlist_user_added_idx').on(t.userId, t.addedAt),
    check('user_watchlist_one_title_ck', sql`num_nonnulls(${t.movieId}, ${t.seriesId}) = 1`),
  ],
);

/**
 * Display items (derived; ADR 007): what a catalogue list shows, one row per card. `key` is `m:{movieId}`,
 * `a:{groupKey}`, `c:{customGroupId}` or `s:{seriesId}`; `ref_id` the card's id (a group's first part, or the
 * series). Sorting: `created_at` is the newest part's creation, `first_created_at` the oldest's; `rating` the
 * group rating (grouping.ts). Filtering: `categories` (lower-cased, every part's), `translator_ids`.
 * Search (docs/product/viewer.md §5; ADR 007): `search_text` holds titles, base titles, descriptions, directors and
 * translator names; `name_text` the item's title and its parts' base titles (a single movie: its title). Their
 * generated, accent-folded forms carry a GIN full-text index and a GIN trigram index (f_unaccent: migration 0002).
 */
export const catalogItems = pgTable(
  'catalog_items',
  {
    key: text('key').primaryKey(),
    tab: text('tab', { enum: ['movies', 'series'] }).notNull(),
    kind: text('kind', { enum: ['movie', 'group', 'series'] }).notNull(),
    refId: uuid('ref_id').notNull(),
    title: text('title').notNull(),
    sortTitle: text('sort_title').notNull(),
    categories: text('categories').array().notNull(),
    translatorIds: uuid('translator_ids').array().notNull(),
    rating: real('rating').notNull(),
    partsCount: integer('parts_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    firstCreatedAt: timestamp('first_created_at', { withTimezone: true }).notNull(),
    searchText: text('search_text').notNull(),
    nameText: text('name_text').notNull(),
    searchVector: tsvector('search_vector').notNull().generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, public.f_unaccent(lower(search_text)))`),
    nameFolded: text('name_folded').notNull().generatedAlwaysAs(sql`public.f_unaccent(lower(name_text))`),
    /**
     * Whether viewers are shown it (ADR 023 amended 2026-11-28, ADR 036): kept by the database's triggers from
     * `catalog_item_playable(key)` (migration 0015) in every transaction that changes a video's status, a movie's
     * video or display item, a part, an episode or a season. Never written by the app.
     */
    playable: boolean('playable').notNull().default(false),
  },
  (t) => [
    index('catalog_items_newest_idx').on(t.tab, t.createdAt.desc(), t.key.desc()),
    index('catalog_items_oldest_idx').on(t.tab, t.firstCreatedAt, t.key),
    index('catalog_items_rating_idx').on(t.tab, t.rating.desc(), t.createdAt.desc(), t.key.desc()),
    index('catalog_items_az_idx').on(t.tab, t.sortTitle, t.key),
    // What viewers page through: the playable items in each sort order (ADR 036).
    index('catalog_items_playable_newest_idx').on(t.tab, t.createdAt.desc(), t.key.desc()).where(sql`${t.playable}`),
    index('catalog_items_playable_oldest_idx').on(t.tab, t.firstCreatedAt, t.key).where(sql`${t.playable}`),
    index('catalog_items_playable_rating_idx').on(t.tab, t.rating.desc(), t.createdAt.desc(), t.key.desc()).where(sql`${t.playable}`),
    index('catalog_items_playable_az_idx').on(t.tab, t.sortTitle, t.key).where(sql`${t.playable}`),
    // GIN without its pending list (fastupdate off): writes are rare admin actions, reads must not scan a list of
    // unmerged entries, and PGlite has no autovacuum to merge it (migration 0004).
    index('catalog_items_categories_idx').using('gin', t.categories).with({ fastupdate: 'off' }),
    index('catalog_items_translators_idx').using('gin', t.translatorIds).with({ fastupdate: 'off' }),
    index('catalog_items_search_idx').using('gin', t.searchVector).with({ fastupdate: 'off' }),
    index('catalog_items_name_trgm_idx').using('gin', sql`${t.nameFolded} gin_trgm_ops`).with({ fastupdate: 'off' }),
  ],
);

/**
 * The words of display items' names (titles and base titles: the lexemes of `to_tsvector('simple', name_folded)`,
 * three letters or more), against which a search's words are corrected for typos (ADR 036, amended 2026-11-29
 * "typos through a word list", after pg_trgm's documented way of suggesting words). Written only by the database:
 * a trigger on `catalog_items` adds a name's new words (migration 0024). Words of titles since renamed or deleted
 * stay: a correction to such a word matches nothing, as the typo alone would.
 */
export const catalogWords = pgTable(
  'catalog_words',
  { word: text('word').primaryKey() },
  (t) => [index('catalog_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`).with({ fastupdate: 'off' })],
);
