/**
 * Resume positions, Continue Watching and watch time. Rules: src/shared/domain/resume.ts.
 * `:id` of the routes is a video id, or a movie, movie-part or episode id (its video). Errors: 404 `not_found`
 * (no such video or title), 404 `video_not_available` (the title has no video), 400 `validation_failed`.
 */
import type { ContinueWatchingItem, ProgressBody, ProgressResponse } from '../../../shared/contracts/playback.js';
import { CONTINUE_WATCHING_LIMIT, PLAY_COUNT_AFTER_SECONDS } from '../../../shared/contracts/playback.js';
import { creditedWatchSeconds, isWatched, resumePosition } from '../../../shared/domain/resume.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { PlaybackRepository } from '../playback/playback.repository.js';
import type { ProgressRepository } from './progress.repository.js';

/** A save without a session attaches to the user's play of the same video seen within this window, milliseconds. */
const PLAY_REUSE_MS = 10 * 60 * 1000;

export function createProgressService(deps: { repo: ProgressRepository; playback: PlaybackRepository }) {
  /** The video of `id` (a video id, or a movie/part/episode id) with its duration in seconds. */
  async function videoOf(id: string): Promise<{ id: string; durationSeconds: number | null }> {
    const v = await deps.playback.video(id);
    if (v) return v;
    const p = await deps.playback.playable(id);
    if (!p) throw notFound('Video');
    if (!p.video) throw new AppError(404, 'video_not_available', "This content doesn't have a video source available yet.");
    return p.video;
  }
  const answer = (videoId: string, row: { positionSeconds: number; durationSeconds: number; watchedAt: Date | null; updatedAt: Date } | null, fallbackDuration: number | null): ProgressResponse => ({
    videoId,
    positionSeconds: row?.positionSeconds ?? 0,
    durationSeconds: row?.durationSeconds ?? fallbackDuration,
    resumeSeconds: row ? resumePosition(row.positionSeconds, row.durationSeconds) : null,
    watched: Boolean(row?.watchedAt),
    updatedAt: row ? row.updatedAt.toISOString() : null,
  });

  return {
    /** Resume position of a user's video, seconds, or null (used by playback). */
    async resumeOf(userId: string, videoId: string): Promise<number | null> {
      const row = await deps.repo.get(userId, videoId);
      return row ? resumePosition(row.positionSeconds, row.durationSeconds) : null;
    },
    async get(userId: string, id: string): Promise<ProgressResponse> {
      const video = await videoOf(id);
      return answer(video.id, await deps.repo.get(userId, video.id), video.durationSeconds);
    },
    /**
     * Saves a position and credits watch time to the play it belongs to (the session's play of this video, else the
     * user's play of it in the last 10 minutes, else a new play). The position is clamped to the duration; the
     * duration of a processed video is the server's own figure when known.
     */
    async save(userId: string, id: string, body: ProgressBody, now = new Date()): Promise<ProgressResponse> {
      const video = await videoOf(id);
      const refs = (await deps.repo.refsOfVideo(video.id)) ?? { movieId: null, partId: null, episodeId: null, seriesId: null };
      const duration = video.durationSeconds && video.durationSeconds > 0 ? video.durationSeconds : body.durationSeconds;
      const position = Math.min(body.positionSeconds, duration);
      const row = await deps.repo.save(userId, video.id, refs, position, duration, isWatched(position, duration), now);

      const play = await deps.playback.findPlay(userId, video.id, body.sessionId, new Date(now.getTime() - PLAY_REUSE_MS));
      if (play) {
        const credit = creditedWatchSeconds(body.watchedSeconds, position - play.lastPosition, (now.getTime() - play.lastAt.getTime()) / 1000);
        await deps.playback.creditPlay(play.id, credit, position, PLAY_COUNT_AFTER_SECONDS, now);
      } else {
        await deps.playback.openPlay(userId, video.id, body.sessionId ?? null, position, now);
      }
      return answer(video.id, row, duration);
    },
    /** Titles with a resume position, newest first, one card per movie or series (its latest part or episode). */
    async continueWatching(userId: string): Promise<ContinueWatchingItem[]> {
      const rows = await deps.repo.recent(userId, CONTINUE_WATCHING_LIMIT * 5);
      const seen = new Set<string>();
      const items: ContinueWatchingItem[] = [];
      for (const r of rows) {
        const titleKey = r.p.seriesId ?? r.p.movieId;
        if (!titleKey || seen.has(titleKey)) continue;
        seen.add(titleKey);
        const resume = resumePosition(r.p.positionSeconds, r.p.durationSeconds);
        if (resume === null) continue;
        const base = {
          videoId: r.p.videoId,
          positionSeconds: r.p.positionSeconds,
          durationSeconds: r.p.durationSeconds,
          progress: Math.min(1, r.p.positionSeconds / r.p.durationSeconds),
          updatedAt: r.p.updatedAt.toISOString(),
        };
        if (r.series && r.episode && r.seasonNumber !== null) {
          items.push({
            ...base, kind: 'episode', titleId: r.series.id, title: r.series.title, partId: null, partNumber: null, partTitle: null,
            episodeId: r.episode.id, seasonNumber: r.seasonNumber, episodeNumber: r.episode.number, episodeTitle: r.episode.title,
            thumbnailUrl: r.series.thumbnailUrl, href: `/episode/${r.series.id}/${r.seasonNumber}/${r.episode.number}`,
          });
        } else if (r.movie) {
          items.push({
            ...base, kind: 'movie', titleId: r.movie.id, title: r.movie.title, partId: r.part?.id ?? null, partNumber: r.part?.partNumber ?? null,
            partTitle: r.part?.title ?? null, episodeId: null, seasonNumber: null, episodeNumber: null, episodeTitle: null,
            thumbnailUrl: r.part?.thumbnailUrl ?? r.movie.thumbnailUrl, href: r.part ? `/player/${r.movie.id}?part=${r.part.id}` : `/player/${r.movie.id}`,
          });
        }
        if (items.length >= CONTINUE_WATCHING_LIMIT) break;
      }
      return items;
    },
  };
}
export type ProgressService = ReturnType<typeof createProgressService>;
