/**
 * Rights and licences of titles (docs/decisions/050-rights-and-licences.md; docs/product/admin.md "Rights and
 * licences").
 *
 * `title_rights`: one row per title, keyed by `title_id`, the same id the minutes-watched ledger keys minutes by
 * (viewing.ts `title_id`: the movie a film's title is, `filmTitle`, ADR 023; or the series), so statements join
 * `viewing_minutes.title_id = title_rights.title_id`. Every movie (a film, a multi-part film's main movie or a movie
 * that is some film's part) and every series has one: a database trigger writes the default record when the movie or
 * series is inserted (the operator as sole holder, or the movie's translator when it has one; licence from its
 * `created_at`, no end, every country), so adding a title stays one step. The rights that apply to a multi-part film
 * are its title movie's. `licence_start` inclusive, `licence_end` exclusive (null: no end); `countries` ISO 3166-1
 * alpha-2 codes, null for every country. `needs_review`: the record was made for a title that existed before rights
 * were recorded (migration 0025), or a holder's translator was removed; admins complete it.
 *
 * `title_rights_holders`: who is paid for a title and their share in basis points (1..10000; 10000 = 100 %). The
 * shares of a title add up to exactly 10000, checked at commit by a deferred constraint trigger
 * (`title_rights_shares_check`). A holder is the operator (Sobanura itself), a translator (translators) or another
 * party (rights_parties: a studio, a licensor).
 *
 * `rights_parties`: holders who are not translators: name, optional e-mail (lower-case) and MSISDN for payouts.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { movies, series, translators } from './catalog.js';

/** Kinds of holder: the operator, a translator, another party. */
export const RIGHTS_HOLDER_KINDS = ['operator', 'translator', 'party'] as const;

export const rightsParties = pgTable('rights_parties', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** Lower-case; optional. */
  email: text('email'),
  /** E.164 MSISDN without "+" (2507XXXXXXXX) for payouts; optional; never logged. */
  msisdn: text('msisdn'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const titleRights = pgTable(
  'title_rights',
  {
    /** The title: the movie's id (movie_id) or the series' id (series_id). */
    titleId: uuid('title_id').primaryKey(),
    movieId: uuid('movie_id').references(() => movies.id, { onDelete: 'cascade' }),
    seriesId: uuid('series_id').references(() => series.id, { onDelete: 'cascade' }),
    /** First instant the title may be sold (inclusive). */
    licenceStart: timestamp('licence_start', { withTimezone: true }).notNull(),
    /** First instant it may no longer be sold (exclusive); null: no end. */
    licenceEnd: timestamp('licence_end', { withTimezone: true }),
    /** ISO 3166-1 alpha-2 codes where it may be sold; null: every country. */
    countries: text('countries').array(),
    needsReview: boolean('needs_review').notNull().default(false),
    /** The licence document in the media storage (`rights/{titleId}/{id}.{ext}`), its type, name and size in bytes. */
    documentKey: text('document_key'),
    documentType: text('document_type'),
    documentName: text('document_name'),
    documentBytes: integer('document_bytes'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('title_rights_movie_uq').on(t.movieId),
    uniqueIndex('title_rights_series_uq').on(t.seriesId),
    // GET /api/admin/rights/ending: licences ending soon, soonest first.
    index('title_rights_end_idx').on(t.licenceEnd),
    check('title_rights_one_title', sql`num_nonnulls(${t.movieId}, ${t.seriesId}) = 1 and ${t.titleId} = coalesce(${t.movieId}, ${t.seriesId})`),
    check('title_rights_window', sql`${t.licenceEnd} is null or ${t.licenceEnd} > ${t.licenceStart}`),
    check('title_rights_countries', sql`${t.countries} is null or (cardinality(${t.countries}) > 0 and array_to_string(${t.countries}, ',') ~ '^[A-Z]{2}(,[A-Z]{2})*$')`),
  ],
);

export const titleRightsHolders = pgTable(
  'title_rights_holders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    titleId: uuid('title_id')
      .notNull()
      .references(() => titleRights.titleId, { onDelete: 'cascade' }),
    kind: text('kind', { enum: RIGHTS_HOLDER_KINDS }).notNull(),
    /** kind 'translator'; null once that translator was removed (the record is then flagged needs_review). */
    translatorId: uuid('translator_id').references(() => translators.id, { onDelete: 'set null' }),
    /** kind 'party'. */
    partyId: uuid('party_id').references(() => rightsParties.id, { onDelete: 'restrict' }),
    /** Basis points: 1..10000 (10000 = 100 %). */
    shareBp: integer('share_bp').notNull(),
  },
  (t) => [
    index('title_rights_holders_title_idx').on(t.titleId),
    uniqueIndex('title_rights_holders_translator_uq').on(t.titleId, t.translatorId),
    uniqueIndex('title_rights_holders_party_uq').on(t.titleId, t.partyId),
    uniqueIndex('title_rights_holders_operator_uq').on(t.titleId).where(sql`${t.kind} = 'operator'`),
    check('title_rights_holders_share', sql`${t.shareBp} between 1 and 10000`),
    check(
      'title_rights_holders_kind',
      sql`(${t.kind} = 'operator' and ${t.translatorId} is null and ${t.partyId} is null) or (${t.kind} = 'translator' and ${t.partyId} is null) or (${t.kind} = 'party' and ${t.partyId} is not null and ${t.translatorId} is null)`,
    ),
  ],
);
