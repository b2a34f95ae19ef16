/**
 * The only place that queries series, seasons and episodes (docs/product/viewer.md §2, §3, §7; docs/product/admin.md §3). Writes refresh the series' display item and queue a `series` event in the same transaction (ADR 007);
 * a change to a season or episode is an update of its series.
 */
import { and, asc, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { episodes, seasons, series, translators, videoAssets } from '../../db/schema/index.js';
import { notifyCatalog } from '../events/catalog-notify.js';
import { BULK_ROWS, refreshSeries, vacuumItems } from '../catalog/catalog-items.repository.js';

export type SeriesRowPlain = typeof series.$inferSelect;
export type SeriesValues = Omit<typeof series.$inferInsert, 'id'>;
export type SeasonRow = typeof seasons.$inferSelect;
export type EpisodeRow = typeof episodes.$inferSelect;
export type EpisodeValues = Omit<typeof episodes.$inferInsert, 'id' | 'seasonId'>;
export type EpisodeWithVideo = EpisodeRow & { video: Pick<typeof videoAssets.$inferSelect, 'id' | 'status' | 'durationSeconds' | 'posterKey'> | null };
export interface SeriesTree {
  series: SeriesRowPlain & { translator: Pick<typeof translators.$inferSelect, 'id' | 'name' | 'slug' | 'photoUrl'> | null };
  seasons: (SeasonRow & { episodes: EpisodeWithVideo[] })[];
}
/** A series with its seasons and episodes, for bulk seeding. */
export interface SeriesSeed {
  values: SeriesValues;
  seasons: { seasonNumber: number; title: string; description?: string; episodes: EpisodeValues[] }[];
}

const isUniqueViolation = (err: unknown) => (err as { code?: string; cause?: { code?: string } })?.code === '23505' || (err as { cause?: { code?: string } })?.cause?.code === '23505';

/** Series, season and episode reads and writes over `db` (see the file comment). */
export function createSeriesRepository(db: Database) {
  /** Runs a write on a series in a transaction, then refreshes its item and queues the event. */
  function write<T>(seriesId: string, op: 'insert' | 'update' | 'delete', fn: (tx: Database) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      const out = await fn(tx);
      await refreshSeries(tx, [seriesId]);
      await notifyCatalog(tx, [{ entity: 'series', op, id: seriesId }]);
      return out;
    });
  }

  const get = async (id: string): Promise<SeriesRowPlain | null> => (await db.select().from(series).where(eq(series.id, id)))[0] ?? null;

  return {
    /** The series with its seasons (by number) and their episodes (by number); null when absent. */
    async tree(id: string): Promise<SeriesTree | null> {
      const [s] = await db
        .select({ s: getTableColumns(series), translator: { id: translators.id, name: translators.name, slug: translators.slug, photoUrl: translators.photoUrl } })
        .from(series)
        .leftJoin(translators, eq(translators.id, series.translatorId))
        .where(eq(series.id, id));
      if (!s) return null;
      const ss = await db.select().from(seasons).where(eq(seasons.seriesId, id)).orderBy(asc(seasons.seasonNumber));
      const eps = ss.length
        ? await db
            .select({ e: getTableColumns(episodes), video: { id: videoAssets.id, status: videoAssets.status, durationSeconds: videoAssets.durationSeconds, posterKey: videoAssets.posterKey } })
            .from(episodes)
            .leftJoin(videoAssets, eq(videoAssets.id, episodes.videoId))
            .where(inArray(episodes.seasonId, ss.map((x) => x.id)))
            .orderBy(asc(episodes.episodeNumber))
        : [];
      return {
        series: { ...s.s, translator: s.translator },
        seasons: ss.map((season) => ({ ...season, episodes: eps.filter((e) => e.e.seasonId === season.id).map((e) => ({ ...e.e, video: e.video })) })),
      };
    },
    get,
    async create(values: SeriesValues): Promise<SeriesRowPlain> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(series).values(values).returning();
        await refreshSeries(tx, [row!.id]);
        await notifyCatalog(tx, [{ entity: 'series', op: 'insert', id: row!.id }]);
        return row!;
      });
    },
    /** Inserts series with their seasons and episodes in one transaction (the bench seed); returns the ids. */
    async createMany(seeds: SeriesSeed[]): Promise<string[]> {
      if (seeds.length === 0) return [];
      const ids = await db.transaction(async (tx) => {
        const rows = await tx.insert(series).values(seeds.map((s) => s.values)).returning({ id: series.id });
        const seasonValues = seeds.flatMap((s, i) => s.seasons.map((x) => ({ seriesId: rows[i]!.id, seasonNumber: x.seasonNumber, title: x.title, description: x.description ?? '' })));
        const seasonRows = seasonValues.length ? await tx.insert(seasons).values(seasonValues).returning({ id: seasons.id, seriesId: seasons.seriesId, seasonNumber: seasons.seasonNumber }) : [];
        const seasonId = new Map(seasonRows.map((r) => [`${r.seriesId}:${r.seasonNumber}`, r.id]));
        const episodeValues = seeds.flatMap((s, i) => s.seasons.flatMap((x) => x.episodes.map((e) => ({ ...e, seasonId: seasonId.get(`${rows[i]!.id}:${x.seasonNumber}`)! }))));
        for (let i = 0; i < episodeValues.length; i += 1000) await tx.insert(episodes).values(episodeValues.slice(i, i + 1000));
        const ids = rows.map((r) => r.id);
        await refreshSeries(tx, ids);
        await notifyCatalog(tx, ids.map((id) => ({ entity: 'series' as const, op: 'insert' as const, id })));
        return ids;
      });
      if (ids.length >= BULK_ROWS) await vacuumItems(db);
      return ids;
    },
    async update(id: string, patch: Partial<SeriesValues>): Promise<SeriesRowPlain | null> {
      if (!(await get(id))) return null;
      return write(id, 'update', async (tx) => (await tx.update(series).set(patch).where(eq(series.id, id)).returning())[0] ?? null);
    },
    async delete(id: string): Promise<boolean> {
      return write(id, 'delete', async (tx) => (await tx.delete(series).where(eq(series.id, id)).returning({ id: series.id })).length > 0);
    },
    /** Adds a season; 'conflict' when the number is taken. */
    async addSeason(seriesId: string, values: { seasonNumber: number; title: string; description: string }): Promise<SeasonRow | 'conflict'> {
      try {
        return await write(seriesId, 'update', async (tx) => (await tx.insert(seasons).values({ seriesId, ...values }).returning())[0]!);
      } catch (err) {
        if (isUniqueViolation(err)) return 'conflict';
        throw err;
      }
    },
    async seasonCount(seriesId: string): Promise<number> {
      return db.$count(seasons, eq(seasons.seriesId, seriesId));
    },
    async season(seriesId: string, seasonNumber: number): Promise<SeasonRow | null> {
      return (await db.select().from(seasons).where(and(eq(seasons.seriesId, seriesId), eq(seasons.seasonNumber, seasonNumber))))[0] ?? null;
    },
    /** Adds an episode to a season; 'conflict' when the number is taken. */
    async addEpisode(seriesId: string, seasonId: string, values: EpisodeValues): Promise<EpisodeRow | 'conflict'> {
      try {
        return await write(seriesId, 'update', async (tx) => (await tx.insert(episodes).values({ ...values, seasonId }).returning())[0]!);
      } catch (err) {
        if (isUniqueViolation(err)) return 'conflict';
        throw err;
      }
    },
    /** The series an episode belongs to, or null. */
    async seriesOfEpisode(episodeId: string): Promise<string | null> {
      const [r] = await db.select({ seriesId: seasons.seriesId }).from(episodes).innerJoin(seasons, eq(seasons.id, episodes.seasonId)).where(eq(episodes.id, episodeId));
      return r?.seriesId ?? null;
    },
    async updateEpisode(seriesId: string, episodeId: string, patch: Partial<EpisodeValues>): Promise<EpisodeRow | null | 'conflict'> {
      try {
        return await write(seriesId, 'update', async (tx) => (await tx.update(episodes).set(patch).where(eq(episodes.id, episodeId)).returning())[0] ?? null);
      } catch (err) {
        if (isUniqueViolation(err)) return 'conflict';
        throw err;
      }
    },
    async deleteEpisode(seriesId: string, episodeId: string): Promise<boolean> {
      return write(seriesId, 'update', async (tx) => (await tx.delete(episodes).where(eq(episodes.id, episodeId)).returning({ id: episodes.id })).length > 0);
    },
    /** Deletes a season and its episodes (ADR 010 "Deletes keep videos"); false when it was not in this series. */
    async deleteSeason(seriesId: string, seasonId: string): Promise<boolean> {
      return write(seriesId, 'update', async (tx) => (await tx.delete(seasons).where(and(eq(seasons.id, seasonId), eq(seasons.seriesId, seriesId))).returning({ id: seasons.id })).length > 0);
    },
    /** Counts, for tests and the bench. */
    async count(): Promise<number> {
      return db.$count(series);
    },
  };
}
export type SeriesRepository = ReturnType<typeof createSeriesRepository>;
