/**
 * Catalogue management for the admin panel (docs/product/admin.md §3-5, §8, §9; ADR 010):
 * movies from the new-movie form, edits and deletes; the video library (list, verify, pre-upload check);
 * series, seasons and episodes; custom groups. Writes go through the catalogue, series and groups services,
 * whose repositories refresh the display items and send the live `catalog_events` in the same transaction.
 *
 * Deleting a movie removes its parts, group memberships and watch-list rows (ON DELETE CASCADE) and keeps its
 * video asset in the library: a video may be shared by titles or attached again, and deleting the files is a
 * separate, deliberate act. Deleting a series removes its seasons and episodes; a season its episodes.
 *
 * Errors: AppError 400 `validation_failed` (`details.fields` names the field, e.g. `body.videoId`),
 * 404 `not_found`, 409 `conflict` (a season or episode number taken; a movie already in another group).
 */
import path from 'node:path';
import type { AdminEpisode, AdminGroup, AdminSeason, AdminSeries, DeletedResponse, LibraryVideo } from '../../../shared/contracts/admin.js';
import { ADMIN_TEXTS, GROUP_PREVIEW_MOVIES, defaultTitle, episodeBody, episodeUpdateBody, groupCreateBody, groupUpdateBody, movieFormBody, movieUpdateBody, seriesBody, seriesUpdateBody, videoValidateBody } from '../../../shared/contracts/admin.js';
import type { z } from 'zod';
import type { AdminMovie } from '../../../shared/contracts/catalog.js';
import { MAX_VIDEO_BYTES, mediaFailureCode } from '../../../shared/contracts/media.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { CatalogService, MovieInput } from '../catalog/catalog.service.js';
import type { GroupsService } from '../catalog/groups.service.js';
import type { SeriesService } from '../series/series.service.js';
import type { AdminRepository, GroupMovieRow, VideoAttachments, VideoRow } from './admin.repository.js';

/** A 400 naming one field, in the error handler's shape. */
export const fieldError = (field: string, message: string) => new AppError(400, 'validation_failed', `${field}: ${message}`, { fields: [{ field, message }] });

const moviePoster = (m: Pick<GroupMovieRow, 'thumbnailUrl' | 'videoId' | 'videoStatus' | 'posterKey'>) =>
  m.thumbnailUrl ?? (m.videoStatus === 'ready' && m.posterKey && m.videoId ? `/media/posters/${m.videoId}.webp` : null);

function toLibraryVideo(v: VideoRow, a: VideoAttachments): LibraryVideo {
  return {
    id: v.id,
    fileName: v.sourceFilename,
    status: v.status,
    progress: v.progress,
    error: v.error,
    errorCode: mediaFailureCode(v.error),
    durationSeconds: v.durationSeconds != null ? Math.round(v.durationSeconds) : null,
    sizeBytes: v.sourceSizeBytes,
    renditions: v.renditions.map((r) => r.name),
    createdAt: v.createdAt.toISOString(),
    movies: a.movies.filter((m) => m.videoId === v.id).map(({ id, title }) => ({ id, title })),
    episodes: a.episodes.filter((e) => e.videoId === v.id).map(({ videoId: _v, ...e }) => e),
  };
}

export function createContentService(deps: { repo: AdminRepository; catalog: CatalogService; series: SeriesService; groups: GroupsService }) {
  const { repo, catalog } = deps;

  async function checkRefs(b: { videoId?: string | null; translatorId?: string | null }) {
    if (b.videoId && !(await repo.videoExists(b.videoId))) throw fieldError('body.videoId', ADMIN_TEXTS.videoNotFound);
    if (b.translatorId && !(await repo.translatorExists(b.translatorId))) throw fieldError('body.translatorId', 'Translator not found');
  }

  async function libraryVideo(id: string): Promise<LibraryVideo> {
    const v = await repo.video(id);
    if (!v) throw new AppError(404, 'not_found', ADMIN_TEXTS.videoNotFound);
    return toLibraryVideo(v, await repo.attachments([id]));
  }

  function toSeries(s: Awaited<ReturnType<AdminRepository['series']>>[number]): AdminSeries {
    return {
      id: s.id,
      title: s.title,
      description: s.description,
      fullDescription: s.fullDescription,
      category: s.category,
      director: s.director,
      actors: s.actors,
      year: s.year,
      rating: Math.round(s.rating * 10) / 10,
      isPremium: s.isPremium,
      thumbnailUrl: s.thumbnailUrl,
      trailer: s.trailer,
      translatorId: s.translatorId,
      seasonsCount: s.seasonsCount,
      episodesCount: s.episodesCount,
      createdAt: s.createdAt.toISOString(),
    };
  }
  async function oneSeries(id: string): Promise<AdminSeries> {
    const [s] = await repo.series(id);
    if (!s) throw notFound('Series');
    return toSeries(s);
  }
  const toSeason = (s: Awaited<ReturnType<AdminRepository['seasons']>>[number]): AdminSeason => ({
    id: s.id,
    seriesId: s.seriesId,
    seasonNumber: s.seasonNumber,
    title: s.title,
    description: s.description,
    episodesCount: s.episodesCount,
  });
  const toEpisode = (e: Awaited<ReturnType<AdminRepository['episodes']>>[number]): AdminEpisode => ({
    id: e.id,
    seasonId: e.seasonId,
    episodeNumber: e.episodeNumber,
    title: e.title,
    description: e.description,
    durationSeconds: e.durationSeconds != null ? Math.round(e.durationSeconds) : e.video?.durationSeconds != null ? Math.round(e.video.durationSeconds) : null,
    videoId: e.videoId,
    video: e.video ? { id: e.video.id, status: e.video.status, progress: e.video.progress, error: e.video.error } : null,
    createdAt: e.createdAt.toISOString(),
  });
  async function oneEpisode(id: string): Promise<AdminEpisode> {
    const [e] = await repo.episodes({ id });
    if (!e) throw notFound('Episode');
    return toEpisode(e);
  }
  async function season(id: string) {
    const s = await repo.season(id);
    if (!s) throw notFound('Season');
    return s;
  }

  function toGroup(g: Awaited<ReturnType<AdminRepository['groups']>>[number]): AdminGroup {
    const ms = g.movies.map((m) => ({ id: m.id, title: m.title, posterUrl: moviePoster(m) }));
    return {
      id: g.group.id,
      title: g.group.title,
      description: g.group.description,
      thumbnailUrl: g.group.thumbnailUrl,
      createdBy: g.group.createdBy,
      createdAt: g.group.createdAt.toISOString(),
      movieCount: ms.length,
      preview: ms.slice(0, GROUP_PREVIEW_MOVIES),
      movies: ms,
    };
  }
  async function oneGroup(id: string): Promise<AdminGroup> {
    const [g] = await repo.groups(id);
    if (!g) throw notFound('Group');
    return toGroup(g);
  }

  return {
    /** The new-movie form (movieFormBody, already validated): checks the video and translator, defaults the title, creates. */
    async createMovie(b: z.output<typeof movieFormBody>): Promise<AdminMovie> {
      await checkRefs(b);
      // `rights` are the route's (ADR 050), not the movie's.
      const { fileName, rights: _rights, ...fields } = b;
      const input: MovieInput = { ...fields, title: defaultTitle(b.title, fileName), videoId: b.videoId ?? null };
      const m = await catalog.create(input);
      return b.videoId ? catalog.adminGet(m.id) : m;
    },
    /** Changes the given fields of a movie (movieUpdateBody, already validated). */
    async updateMovie(id: string, b: z.output<typeof movieUpdateBody>): Promise<AdminMovie> {
      if (!(await catalog.raw(id))) throw notFound('Movie');
      await checkRefs(b);
      return catalog.update(id, b);
    },
    async deleteMovie(id: string): Promise<DeletedResponse> {
      const m = await catalog.raw(id);
      if (!m) throw notFound('Movie');
      await catalog.delete(id);
      return { id, title: m.title };
    },

    async listVideos(f: Parameters<AdminRepository['listVideos']>[0]) {
      const { rows, total } = await repo.listVideos(f);
      const a = await repo.attachments(rows.map((r) => r.id));
      return { items: rows.map((r) => toLibraryVideo(r, a)), total, page: f.page, pageSize: f.pageSize };
    },
    /** verify-bunny-video's equivalent: the video exists in our library (404 'Video not found in your library'). */
    async verifyVideo(id: string) {
      return { exists: true as const, video: await libraryVideo(id) };
    },
    /** validate-file-upload's equivalent (docs/product/admin.md §5 "Video file"): type video/*, at most 5 GB, a name. */
    validateVideo(b: z.output<typeof videoValidateBody>) {
      const errors: string[] = [];
      if (!b.fileName.trim()) errors.push(ADMIN_TEXTS.missingInformation);
      if (!b.fileType.startsWith('video/')) errors.push(ADMIN_TEXTS.videoType);
      if (b.fileSize > MAX_VIDEO_BYTES) errors.push(ADMIN_TEXTS.videoSize);
      if (b.fileSize === 0) errors.push('The file is empty');
      return { success: errors.length === 0, errors, fileInfo: { fileName: b.fileName, fileSize: b.fileSize, fileType: b.fileType, extension: path.extname(b.fileName).slice(1).toLowerCase() } };
    },

    listSeries: async () => (await repo.series()).map(toSeries),
    oneSeries,
    async createSeries(b: z.output<typeof seriesBody>) {
      await checkRefs(b);
      const row = await deps.series.create(b);
      return oneSeries(row.id);
    },
    async updateSeries(id: string, b: z.output<typeof seriesUpdateBody>) {
      await checkRefs(b);
      await deps.series.update(id, b);
      return oneSeries(id);
    },
    async deleteSeries(id: string): Promise<DeletedResponse> {
      const s = await oneSeries(id);
      await deps.series.delete(id);
      return { id, title: s.title };
    },
    async listSeasons(seriesId: string) {
      await oneSeries(seriesId);
      return (await repo.seasons(seriesId)).map(toSeason);
    },
    /** Adds a season; its number defaults to the count of seasons + 1 (docs/product/admin.md §9). */
    async addSeason(seriesId: string, seasonNumber?: number) {
      const row = await deps.series.addSeason(seriesId, { seasonNumber });
      return toSeason({ ...row, episodesCount: 0 });
    },
    async deleteSeason(id: string): Promise<DeletedResponse> {
      const s = await season(id);
      await deps.series.deleteSeason(s.seriesId, id);
      return { id, title: s.title };
    },
    async listEpisodes(seasonId: string) {
      await season(seasonId);
      return (await repo.episodes({ seasonId })).map(toEpisode);
    },
    async addEpisode(seasonId: string, b: z.output<typeof episodeBody>) {
      const s = await season(seasonId);
      await checkRefs(b);
      const row = await deps.series.addEpisode(s.seriesId, s.seasonNumber, b);
      return oneEpisode(row.id);
    },
    async updateEpisode(id: string, b: z.output<typeof episodeUpdateBody>) {
      await oneEpisode(id);
      await checkRefs(b);
      await deps.series.updateEpisode(id, b);
      return oneEpisode(id);
    },
    async deleteEpisode(id: string): Promise<DeletedResponse> {
      const e = await oneEpisode(id);
      await deps.series.deleteEpisode(id);
      return { id, title: e.title };
    },

    listGroups: async () => (await repo.groups()).map(toGroup),
    oneGroup,
    /** Creates a group and its memberships in one transaction (groups.repository.ts). */
    async createGroup(b: z.output<typeof groupCreateBody>, createdBy: string) {
      const g = await deps.groups.create(b, createdBy);
      return oneGroup(g.id);
    },
    async updateGroup(id: string, b: z.output<typeof groupUpdateBody>) {
      await deps.groups.update(id, b);
      return oneGroup(id);
    },
    async addGroupMovie(id: string, movieId: string) {
      await deps.groups.addMovie(id, movieId);
      return oneGroup(id);
    },
    async removeGroupMovie(id: string, movieId: string) {
      await deps.groups.removeMovie(id, movieId);
      return oneGroup(id);
    },
    async deleteGroup(id: string): Promise<DeletedResponse> {
      const g = await oneGroup(id);
      await deps.groups.delete(id);
      return { id, title: g.title };
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
