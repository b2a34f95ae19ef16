/**
 * Movies: the first version's list and admin views (docs/product/viewer.md §2), and writing movies (ADR 007; the admin
 * HTTP routes for editing are in the admin module, ADR 010; these functions serve the CLI, tests, the bench seed and
 * later the admin API).
 * Posters are served at /media/posters/{videoId}.webp once the video is ready. Every write clears the read cache
 * after commit (other instances hear of it through `catalog_events`). Errors: AppError 404 `not_found`,
 * 400 `validation_failed` (zod).
 */
import { z } from 'zod';
import type { AdminMovie, CreateMovieBody, MovieDetail, MovieSummary } from '../../../shared/contracts/catalog.js';
import { createMovieBody } from '../../../shared/contracts/catalog.js';
import { mediaFailureCode } from '../../../shared/contracts/media.js';
import { notFound } from '../../lib/app-error.js';
import type { CatalogRepository, MovieValues, MovieWithVideo } from './catalog.repository.js';
import type { ReadCache } from './read-cache.js';

/** A movie's poster: its thumbnail, else its ready video's generated poster (/media/posters/{videoId}.webp), else null. */
export const posterUrl = (m: MovieWithVideo): string | null =>
  m.thumbnailUrl ?? (m.video?.status === 'ready' && m.video.posterKey ? `/media/posters/${m.video.id}.webp` : null);

/** A movie as the server writes it: the admin form's fields plus translator, trailer link and thumbnail. */
export const movieInput = createMovieBody.extend({
  translatorId: z.uuid().nullable().optional(),
  trailer: z.string().trim().max(500).nullable().optional(),
  thumbnailUrl: z.string().trim().max(1000).nullable().optional(),
  /** A video already in the library (ADR 010 "Library videos"; the caller checks it exists). */
  videoId: z.uuid().nullable().optional(),
  /** One-off price in RWF (ADR 008 "Single titles"), null: not sold alone. */
  priceRwf: z.number().int().positive().nullable().optional(),
});
export type MovieInput = z.input<typeof movieInput>;
/** Options only the server sets: demo titles, and a creation time (imports, tests, the bench). */
export interface MovieWriteOptions {
  isDemo?: boolean;
  createdAt?: Date;
}

function toSummary(m: MovieWithVideo): MovieSummary {
  return {
    id: m.id,
    title: m.title,
    description: m.description,
    category: m.category,
    year: m.year,
    director: m.director,
    durationSeconds: m.video?.durationSeconds != null ? Math.round(m.video.durationSeconds) : null,
    rating: m.rating,
    isPremium: m.isPremium,
    isDemo: m.isDemo,
    posterUrl: posterUrl(m),
    videoStatus: m.video?.status ?? null,
    createdAt: m.createdAt.toISOString(),
  };
}

function toDetail(m: MovieWithVideo): MovieDetail {
  return { ...toSummary(m), fullDescription: m.fullDescription, cast: m.cast, trailer: m.trailer, videoId: m.videoId };
}

function toAdmin(m: MovieWithVideo): AdminMovie {
  const v = m.video;
  return {
    ...toDetail(m),
    video: v ? { id: v.id, status: v.status, progress: v.progress, error: v.error, errorCode: mediaFailureCode(v.error), renditions: v.renditions.map((r) => r.name) } : null,
    replacement: m.pending ? { ...m.pending, errorCode: mediaFailureCode(m.pending.error) } : null,
    thumbnailUrl: m.thumbnailUrl,
    translatorId: m.translatorId,
    priceRwf: m.priceRwf,
  };
}

const toValues = (input: MovieInput, opts: MovieWriteOptions): MovieValues => {
  const b = movieInput.parse(input);
  return { ...b, isDemo: opts.isDemo ?? false, ...(opts.createdAt ? { createdAt: opts.createdAt } : {}) };
};

/** Movies over their repository; writes clear `cache` after commit. */
export function createCatalogService(deps: { repo: CatalogRepository; cache?: ReadCache }) {
  const { repo } = deps;
  const changed = () => deps.cache?.clear();
  async function adminGet(id: string): Promise<AdminMovie> {
    const m = await repo.get(id);
    if (!m) throw notFound('Movie');
    return toAdmin(m);
  }
  return {
    async list(): Promise<MovieSummary[]> {
      return (await repo.list()).map(toSummary);
    },
    async detail(id: string): Promise<MovieDetail> {
      const m = await repo.get(id);
      if (!m) throw notFound('Movie');
      return toDetail(m);
    },
    async adminList(): Promise<AdminMovie[]> {
      return (await repo.list()).map(toAdmin);
    },
    adminGet,
    /** Creates a movie without a video; the video arrives by upload or import. */
    async create(input: CreateMovieBody | MovieInput, opts: MovieWriteOptions = {}): Promise<AdminMovie> {
      const row = await repo.create(toValues(input, opts));
      changed();
      return toAdmin({ ...row, video: null });
    },
    /** Creates many movies in one transaction (imports, the bench seed); returns their ids in input order. */
    async createMany(inputs: { input: MovieInput; opts?: MovieWriteOptions }[]): Promise<string[]> {
      const rows = await repo.createMany(inputs.map((i) => toValues(i.input, i.opts ?? {})));
      changed();
      return rows.map((r) => r.id);
    },
    /** Changes some fields of a movie; its part columns and display item follow. */
    async update(id: string, patch: Partial<MovieInput>): Promise<AdminMovie> {
      const values = movieInput.partial().parse(patch);
      const defined = Object.fromEntries(Object.entries(values).filter(([k]) => k in patch)) as Partial<MovieValues>;
      const row = await repo.update(id, defined);
      if (!row) throw notFound('Movie');
      changed();
      return adminGet(id);
    },
    async delete(id: string): Promise<void> {
      if (!(await repo.delete(id))) throw notFound('Movie');
      changed();
    },
    count: () => repo.count(),
    raw: (id: string) => repo.get(id),
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
