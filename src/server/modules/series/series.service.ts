/**
 * Series, seasons and episodes (docs/product/viewer.md §2, §3; docs/product/admin.md §3-5, §9).
 * Reading: a series with its seasons in order and their episodes in order; one episode with the next one to
 * play (`nextEpisode`). Writing (admin HTTP routes: docs/decisions/010-admin-api.md): series need a title and a
 * category; a new season takes the next number (count + 1), the title 'Season N' and the description
 * 'Season N of {title}'; episode numbers start at 1. Errors: AppError 404 `not_found` ('Series not found',
 * 'Episode not found'), 400 `validation_failed`, 409 `conflict` (a season or episode number taken).
 */
import { z } from 'zod';
import type { EpisodeView, SeriesFull } from '../../../shared/contracts/browse.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { translatorRef, videoPoster, videoSeconds } from '../catalog/catalog-cards.js';
import type { ReadCache } from '../catalog/read-cache.js';
import type { Audience } from '../../../shared/domain/catalog-list.js';
import type { EpisodeWithVideo, SeriesRepository, SeriesSeed, SeriesTree } from './series.repository.js';

const text = (max: number) => z.string().trim().max(max).optional().default('');
/** A series' fields (docs/product/admin.md §3, §5): title and category required; rating 0-10, step 0.1. */
export const seriesInput = z.object({
  title: z.string().trim().min(1, 'Please fill in at least the title and category').max(200),
  category: z.string().trim().min(1, 'Please fill in at least the title and category').max(60),
  description: text(2000),
  fullDescription: text(10000),
  director: text(200),
  actors: z.array(z.string().trim().min(1).max(120)).max(50).optional().default([]),
  year: z.number().int().min(1888).max(2100).nullable().optional().default(null),
  rating: z.number().min(0).max(10).multipleOf(0.1).optional().default(0),
  isPremium: z.boolean().optional().default(true),
  thumbnailUrl: z.string().trim().max(1000).nullable().optional().default(null),
  trailer: z.string().trim().max(500).nullable().optional().default(null),
  translatorId: z.uuid().nullable().optional().default(null),
});
/** An episode's fields (docs/product/admin.md §3, §5, §9): number from 1, title required, duration in seconds. */
export const episodeInput = z.object({
  episodeNumber: z.number().int().min(1, 'Episode number must be at least 1'),
  title: z.string().trim().min(1, 'Please fill in all required fields').max(200),
  description: text(5000),
  durationSeconds: z.number().min(0).nullable().optional().default(null),
  videoId: z.uuid().nullable().optional().default(null),
});

type Season = SeriesTree['seasons'][number];

/**
 * Where to go after an episode (docs/product/viewer.md §2 "/episode/...": Next Episode): the next in its season, else the
 * first of the next season that has episodes, else null.
 */
export function nextEpisode(seasons: readonly Pick<Season, 'seasonNumber' | 'episodes'>[], seasonNumber: number, episodeNumber: number) {
  const ordered = [...seasons].sort((a, b) => a.seasonNumber - b.seasonNumber);
  const current = ordered.find((s) => s.seasonNumber === seasonNumber);
  const inSeason = current?.episodes.map((e) => e.episodeNumber).sort((a, b) => a - b).find((n) => n > episodeNumber);
  if (inSeason !== undefined) return { seasonNumber, episodeNumber: inSeason, sameSeason: true };
  const later = ordered.find((s) => s.seasonNumber > seasonNumber && s.episodes.length > 0);
  if (!later) return null;
  return { seasonNumber: later.seasonNumber, episodeNumber: Math.min(...later.episodes.map((e) => e.episodeNumber)), sameSeason: false };
}

function episodeView(seasonNumber: number, e: EpisodeWithVideo): EpisodeView {
  return {
    id: e.id,
    seasonNumber,
    episodeNumber: e.episodeNumber,
    title: e.title,
    description: e.description,
    durationSeconds: e.durationSeconds != null ? Math.round(e.durationSeconds) : videoSeconds(e.video),
    posterUrl: videoPoster(e.video),
    videoStatus: e.video?.status ?? null,
  };
}

function seriesFull(t: SeriesTree): SeriesFull {
  const s = t.series;
  return {
    id: s.id,
    title: s.title,
    description: s.description,
    fullDescription: s.fullDescription,
    category: s.category,
    year: s.year,
    rating: Math.round(s.rating * 10) / 10,
    director: s.director,
    actors: s.actors,
    posterUrl: s.thumbnailUrl,
    isPremium: s.isPremium,
    translator: translatorRef(s.translator),
    seasons: t.seasons.map((x) => ({ seasonNumber: x.seasonNumber, title: x.title, episodes: x.episodes.map((e) => episodeView(x.seasonNumber, e)) })),
  };
}

/**
 * What a viewer is shown of a series (docs/decisions/023-playable-titles-and-film-parts.md): its episodes with a ready
 * video, in seasons that have one; admins are shown the whole tree with each episode's state.
 */
export function visibleTree(t: SeriesTree, audience: Audience): SeriesTree {
  if (audience === 'admin') return t;
  const seasons = t.seasons.map((x) => ({ ...x, episodes: x.episodes.filter((e) => e.video?.status === 'ready') })).filter((x) => x.episodes.length > 0);
  return { ...t, seasons };
}

const numberTaken = (what: string) => new AppError(409, 'conflict', `This ${what} number already exists`);

/** Series over their repository; writes clear `cache` after commit. */
export function createSeriesService(deps: { repo: SeriesRepository; cache?: ReadCache }) {
  const { repo } = deps;
  const cached = <T>(key: string, load: () => Promise<T>) => (deps.cache ? deps.cache.get(key, load) : load());
  const changed = () => deps.cache?.clear();
  async function tree(id: string): Promise<SeriesTree> {
    const t = await repo.tree(id);
    if (!t) throw notFound('Series');
    return t;
  }
  async function seasonOf(seriesId: string, seasonNumber: number) {
    const s = await repo.season(seriesId, seasonNumber);
    if (!s) throw notFound('Season');
    return s;
  }
  return {
    /** `{ series }` for GET /api/series/:id (cached whole, serialized once). */
    detail: (id: string, audience: Audience = 'viewer') => cached(`series:${audience}:${id}`, async () => ({ series: seriesFull(visibleTree(await tree(id), audience)) })),
    /**
     * One episode, found among all of them (a direct link to one not ready yet shows its state), with the series and
     * the next episode as the audience sees them (visibleTree).
     */
    episode: (id: string, seasonNumber: number, episodeNumber: number, audience: Audience = 'viewer') =>
      cached(`episode:${audience}:${id}:${seasonNumber}:${episodeNumber}`, async () => {
        const all = await tree(id);
        const t = visibleTree(all, audience);
        const season = all.seasons.find((s) => s.seasonNumber === seasonNumber);
        const e = season?.episodes.find((x) => x.episodeNumber === episodeNumber);
        if (!season || !e) throw notFound('Episode');
        return { series: seriesFull(t), episode: episodeView(seasonNumber, e), next: nextEpisode(t.seasons, seasonNumber, episodeNumber) };
      }),
    async create(input: z.input<typeof seriesInput>, opts: { createdAt?: Date } = {}) {
      const row = await repo.create({ ...seriesInput.parse(input), ...(opts.createdAt ? { createdAt: opts.createdAt } : {}) });
      changed();
      return row;
    },
    /** Bulk insert of whole series (the bench seed). */
    async createMany(seeds: SeriesSeed[]) {
      const ids = await repo.createMany(seeds);
      changed();
      return ids;
    },
    async update(id: string, patch: Partial<z.input<typeof seriesInput>>) {
      const b = seriesInput.partial().parse(patch);
      const row = await repo.update(id, Object.fromEntries(Object.entries(b).filter(([k]) => k in patch)));
      if (!row) throw notFound('Series');
      changed();
      return row;
    },
    async delete(id: string) {
      if (!(await repo.delete(id))) throw notFound('Series');
      changed();
    },
    /** Adds a season numbered count + 1 unless a number is given (docs/product/admin.md §4, §9). */
    async addSeason(seriesId: string, opts: { seasonNumber?: number } = {}) {
      const s = await repo.get(seriesId);
      if (!s) throw notFound('Series');
      const n = opts.seasonNumber ?? (await repo.seasonCount(seriesId)) + 1;
      if (!Number.isInteger(n) || n < 1) throw new AppError(400, 'validation_failed', 'Season number must be at least 1');
      const r = await repo.addSeason(seriesId, { seasonNumber: n, title: `Season ${n}`, description: `Season ${n} of ${s.title}` });
      if (r === 'conflict') throw numberTaken('season');
      changed();
      return r;
    },
    async addEpisode(seriesId: string, seasonNumber: number, input: z.input<typeof episodeInput>) {
      const season = await seasonOf(seriesId, seasonNumber);
      const r = await repo.addEpisode(seriesId, season.id, episodeInput.parse(input));
      if (r === 'conflict') throw numberTaken('episode');
      changed();
      return r;
    },
    async updateEpisode(episodeId: string, patch: Partial<z.input<typeof episodeInput>>) {
      const seriesId = await repo.seriesOfEpisode(episodeId);
      if (!seriesId) throw notFound('Episode');
      const b = episodeInput.partial().parse(patch);
      const r = await repo.updateEpisode(seriesId, episodeId, Object.fromEntries(Object.entries(b).filter(([k]) => k in patch)));
      if (r === 'conflict') throw numberTaken('episode');
      if (!r) throw notFound('Episode');
      changed();
      return r;
    },
    /** Deletes a season of a series with its episodes (docs/decisions/010-admin-api.md). */
    async deleteSeason(seriesId: string, seasonId: string) {
      if (!(await repo.deleteSeason(seriesId, seasonId))) throw notFound('Season');
      changed();
    },
    async deleteEpisode(episodeId: string) {
      const seriesId = await repo.seriesOfEpisode(episodeId);
      if (!seriesId || !(await repo.deleteEpisode(seriesId, episodeId))) throw notFound('Episode');
      changed();
    },
  };
}
export type SeriesService = ReturnType<typeof createSeriesService>;
