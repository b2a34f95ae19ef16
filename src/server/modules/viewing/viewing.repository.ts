/**
 * The only place that queries the minutes-watched ledger (docs/decisions/049-minutes-watched-ledger.md; schema in
 * src/server/db/schema/viewing.ts): session marks, ledger rows merged by OR of their second masks, what a video
 * counts as, and the admin read by title and day. Times are Dates; `*Sec` whole seconds since the epoch.
 */
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { episodes, movieParts, movies, seasons, viewingMinutes, viewingSessionMarks } from '../../db/schema/index.js';
import { VIEWING_KINDS } from '../../db/schema/viewing.js';
import { filmTitle } from '../catalog/film-title.repository.js';

export type ViewingKind = (typeof VIEWING_KINDS)[number];
/** What a video counts as in the ledger: the movie, part or episode, and its display title (film title id or series id). */
export interface ViewingItem {
  kind: ViewingKind;
  itemId: string;
  titleId: string;
}
export type SessionMarkRow = typeof viewingSessionMarks.$inferSelect;
/** One minute's seconds for one viewer and item: the minute's first second (epoch seconds) and the mask of its seconds. */
export interface LedgerCredit {
  minuteSec: number;
  mask: bigint;
  seconds: number;
}
/** One display title on one UTC day (`day` YYYY-MM-DD): seconds watched and distinct viewers. */
export interface DailyTitleRow {
  day: string;
  titleId: string;
  kind: 'film' | 'series';
  title: string | null;
  seconds: number;
  viewers: number;
}

/** Rows per INSERT: an offline report of days of play is thousands of minutes. */
const CHUNK = 500;
const rowsOf = (r: unknown): Record<string, unknown>[] => (Array.isArray(r) ? r : ((r as { rows?: Record<string, unknown>[] }).rows ?? []));

/** The mark's columns on conflict: the later anchor wins for the same video; another video starts a new chain. */
const markUpdate = sql.raw(
  `video_id = excluded.video_id, item_id = excluded.item_id, kind = excluded.kind, title_id = excluded.title_id, state = excluded.state,
   anchor_at = case when viewing_session_marks.video_id = excluded.video_id then greatest(viewing_session_marks.anchor_at, excluded.anchor_at) else excluded.anchor_at end`,
);

export function createViewingRepository(db: Database) {
  /**
   * Stores a session's mark. A mark for the same video never moves back (two heartbeats racing: the later anchor
   * wins); a mark for another video replaces it (the session moved on, a new chain).
   */
  async function saveMark(row: SessionMarkRow): Promise<void> {
    await db.execute(sql`insert into viewing_session_marks (session_id, video_id, item_id, kind, title_id, anchor_at, state)
      values (${row.sessionId}::uuid, ${row.videoId}::uuid, ${row.itemId}::uuid, ${row.kind}, ${row.titleId}::uuid, ${row.anchorAt.toISOString()}::timestamptz, ${row.state})
      on conflict (session_id) do update set ${markUpdate}`);
  }

  return {
    /**
     * What `videoId` counts as: a part of a multi-part film when it is one (the first made, ADR 023), else the movie
     * whose video it is, else the episode; the display title is the film's title id (`filmTitle`) or the series.
     * Null when no movie, part or episode plays it (nothing is credited).
     */
    async itemOfVideo(videoId: string): Promise<ViewingItem | null> {
      const [part] = await db.select({ id: movieParts.id, movieId: movieParts.movieId }).from(movieParts).where(eq(movieParts.videoId, videoId)).orderBy(asc(movieParts.createdAt), asc(movieParts.id)).limit(1);
      if (part) return { kind: 'part', itemId: part.id, titleId: (await filmTitle(db, part.movieId))?.titleId ?? part.movieId };
      const [movie] = await db.select({ id: movies.id }).from(movies).where(eq(movies.videoId, videoId)).orderBy(asc(movies.createdAt), asc(movies.id)).limit(1);
      if (movie) return { kind: 'movie', itemId: movie.id, titleId: (await filmTitle(db, movie.id))?.titleId ?? movie.id };
      const [ep] = await db.select({ id: episodes.id, seriesId: seasons.seriesId }).from(episodes).innerJoin(seasons, eq(seasons.id, episodes.seasonId)).where(eq(episodes.videoId, videoId)).orderBy(asc(episodes.id)).limit(1);
      return ep ? { kind: 'episode', itemId: ep.id, titleId: ep.seriesId } : null;
    },

    /** A stream session's mark, or null before its first credited heartbeat. */
    async mark(sessionId: string): Promise<SessionMarkRow | null> {
      const [row] = await db.select().from(viewingSessionMarks).where(eq(viewingSessionMarks.sessionId, sessionId));
      return row ?? null;
    },
    saveMark,

    /**
     * Adds seconds to the ledger: per (viewer, item, minute) the masks are OR-ed with what is there, and `seconds` is
     * recounted from the merged mask, so a second credited twice counts once. Chunked, one statement a chunk.
     * With `mark`, the session's mark is saved in the same statement as the first chunk (as `saveMark`; one round
     * trip for a heartbeat), or alone when there is nothing to credit.
     */
    async credit(userId: string, item: ViewingItem, credits: readonly LedgerCredit[], now: Date, mark?: SessionMarkRow): Promise<void> {
      if (!credits.length) {
        if (mark) await saveMark(mark);
        return;
      }
      for (let i = 0; i < credits.length; i += CHUNK) {
        const values = credits.slice(i, i + CHUNK).map((c) => sql`(${userId}, ${item.itemId}::uuid, ${item.kind}, ${item.titleId}::uuid, ${new Date(c.minuteSec * 1000).toISOString()}::timestamptz, ${c.mask.toString()}::bigint, ${c.seconds}::smallint, ${now.toISOString()}::timestamptz)`);
        const markCte =
          i === 0 && mark
            ? sql`with saved_mark as (insert into viewing_session_marks (session_id, video_id, item_id, kind, title_id, anchor_at, state)
                values (${mark.sessionId}::uuid, ${mark.videoId}::uuid, ${mark.itemId}::uuid, ${mark.kind}, ${mark.titleId}::uuid, ${mark.anchorAt.toISOString()}::timestamptz, ${mark.state})
                on conflict (session_id) do update set ${markUpdate}) `
            : sql``;
        await db.execute(sql`${markCte}insert into viewing_minutes (user_id, item_id, kind, title_id, minute, seconds_mask, seconds, updated_at)
          values ${sql.join(values, sql`, `)}
          on conflict (user_id, item_id, minute) do update set
            seconds_mask = viewing_minutes.seconds_mask | excluded.seconds_mask,
            seconds = bit_count((viewing_minutes.seconds_mask | excluded.seconds_mask)::bit(64))::smallint,
            updated_at = excluded.updated_at`);
      }
    },

    /** Seconds a viewer has in the ledger for an item between two times (tests and support). */
    async secondsOf(userId: string, itemId: string, from = new Date(0), to = new Date('9999-12-31T00:00:00Z')): Promise<number> {
      const [r] = await db
        .select({ s: sql<number>`coalesce(sum(${viewingMinutes.seconds}), 0)::int` })
        .from(viewingMinutes)
        .where(and(eq(viewingMinutes.userId, userId), eq(viewingMinutes.itemId, itemId), gte(viewingMinutes.minute, from), lt(viewingMinutes.minute, to)));
      return Number(r?.s ?? 0);
    },

    /**
     * Seconds watched and distinct viewers per display title and UTC day, for days `fromDay`..`toDay` (YYYY-MM-DD,
     * inclusive), by day then most seconds first; with the film's or series' title now (null once deleted).
     */
    async dailyByTitle(fromDay: string, toDay: string, titleId?: string): Promise<DailyTitleRow[]> {
      const rows = rowsOf(
        await db.execute(sql`
          select to_char(date_trunc('day', v.minute at time zone 'UTC'), 'YYYY-MM-DD') as day, v.title_id::text as title_id,
            case when bool_or(v.kind = 'episode') then 'series' else 'film' end as kind,
            coalesce(min(m.title), min(s.title)) as title,
            sum(v.seconds)::int as seconds, count(distinct v.user_id)::int as viewers
          from viewing_minutes v
          left join movies m on m.id = v.title_id
          left join series s on s.id = v.title_id
          where v.minute >= (${fromDay}::date)::timestamp at time zone 'UTC'
            and v.minute < ((${toDay}::date + 1))::timestamp at time zone 'UTC'
            ${titleId ? sql`and v.title_id = ${titleId}` : sql``}
          group by 1, 2
          order by 1 asc, 5 desc, 2 asc`),
      );
      return rows.map((r) => ({ day: String(r.day), titleId: String(r.title_id), kind: r.kind === 'series' ? 'series' : 'film', title: (r.title as string | null) ?? null, seconds: Number(r.seconds), viewers: Number(r.viewers) }));
    },

    /**
     * Seconds watched and distinct viewers per display title over days `fromDay`..`toDay` (YYYY-MM-DD, UTC,
     * inclusive), viewers counted once across the days; most seconds first.
     */
    async totalsByTitle(fromDay: string, toDay: string): Promise<Omit<DailyTitleRow, 'day'>[]> {
      const rows = rowsOf(
        await db.execute(sql`
          select v.title_id::text as title_id, case when bool_or(v.kind = 'episode') then 'series' else 'film' end as kind,
            coalesce(min(m.title), min(s.title)) as title, sum(v.seconds)::int as seconds, count(distinct v.user_id)::int as viewers
          from viewing_minutes v
          left join movies m on m.id = v.title_id
          left join series s on s.id = v.title_id
          where v.minute >= (${fromDay}::date)::timestamp at time zone 'UTC'
            and v.minute < ((${toDay}::date + 1))::timestamp at time zone 'UTC'
          group by 1
          order by 4 desc, 1 asc`),
      );
      return rows.map((r) => ({ titleId: String(r.title_id), kind: r.kind === 'series' ? 'series' : 'film', title: (r.title as string | null) ?? null, seconds: Number(r.seconds), viewers: Number(r.viewers) }));
    },
  };
}
export type ViewingRepository = ReturnType<typeof createViewingRepository>;
