/**
 * Video ingest (issue 2 point 6): an upload becomes a video asset (uploading), is probed by content with
 * ffprobe (a file that is not a playable video is refused with its reason), then a pg-boss job transcodes it
 * into the HLS ladder and takes a WebP poster (processing with percent → ready | failed with the reason).
 * Errors: AppError 404 `not_found` (no such movie), 413 `upload_too_large` (over 5 GB), 422 `media_rejected`,
 * 503 `media_tools_missing` (ffmpeg or ffprobe not installed).
 */
import { copyFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { VideoAsset } from '../../../shared/contracts/media.js';
import { MAX_VIDEO_BYTES } from '../../../shared/contracts/media.js';
import { AppError } from '../../lib/app-error.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { MediaStorage } from '../../providers/storage/local-storage.js';
import { ensureDir } from '../../providers/storage/local-storage.js';
import type { Transcoder } from '../../providers/transcoder/transcoder.js';
import { MediaRejectedError, MediaToolsMissingError } from '../../providers/transcoder/transcoder.js';
import type { MediaRepository, VideoAssetRow } from './media.repository.js';

export const TRANSCODE_QUEUE = 'transcode-video';

export interface MediaLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export function toVideoAsset(row: VideoAssetRow, movieId: string | null = null): VideoAsset {
  return {
    id: row.id,
    movieId,
    status: row.status,
    progress: row.progress,
    error: row.error,
    durationSeconds: row.durationSeconds,
    renditions: row.renditions.map((r) => r.name),
  };
}

export function createMediaService(deps: {
  repo: MediaRepository;
  transcoder: Transcoder;
  storage: MediaStorage;
  queue: JobQueue;
  uploadDir: string;
  log: MediaLogger;
}) {
  const { repo, transcoder, storage, queue, log } = deps;
  let tools: Promise<{ ffmpeg: boolean; ffprobe: boolean }> | null = null;
  const toolsAvailable = () => (tools ??= transcoder.available());

  async function assertTools() {
    const t = await toolsAvailable();
    if (!t.ffmpeg || !t.ffprobe) {
      tools = null; // look again next time: ffmpeg may be installed while the server runs
      throw new AppError(503, 'media_tools_missing', 'Video processing is unavailable: ffmpeg is not installed on the server.');
    }
  }

  const service = {
    toolsAvailable,
    /**
     * Starts an upload for a movie: checks the movie, the size (bytes) and the tools, creates the asset
     * (status uploading) and attaches it to the movie. Returns the new asset id, used as the tus upload id.
     */
    async beginUpload(input: { movieId: string; episodeId?: string; sizeBytes: number | null; filename: string; createdBy: string | null }): Promise<string> {
      if (input.sizeBytes !== null && input.sizeBytes > MAX_VIDEO_BYTES) throw new AppError(413, 'upload_too_large', 'Please select a video file smaller than 5GB');
      // An episode's upload (issue 6) names `episodeId` instead of a movie.
      if (input.episodeId) {
        if (!(await repo.episodeExists(input.episodeId))) throw new AppError(404, 'not_found', 'Episode not found');
      } else if (!(await repo.movieExists(input.movieId))) throw new AppError(404, 'not_found', 'Movie not found');
      await assertTools();
      const asset = await repo.create({ id: randomUUID(), status: 'uploading', sourceFilename: input.filename.slice(0, 255), sourceSizeBytes: input.sizeBytes, createdBy: input.createdBy });
      if (input.episodeId) await repo.attachToEpisode(input.episodeId, asset.id);
      else await repo.attachToMovie(input.movieId, asset.id);
      return asset.id;
    },

    /**
     * The upload is complete at `filePath`: probe it by content and queue the transcode.
     * @throws AppError 422 media_rejected (the asset is marked failed with the same reason).
     */
    async finishUpload(videoId: string, filePath: string): Promise<VideoAsset> {
      await assertTools();
      let facts;
      try {
        facts = await transcoder.probe(filePath);
      } catch (err) {
        const reason = err instanceof MediaRejectedError ? err.reason : err instanceof MediaToolsMissingError ? err.message : 'The file could not be read as a video.';
        await repo.update(videoId, { status: 'failed', error: reason, progress: 0 });
        await rm(filePath, { force: true });
        throw new AppError(422, 'media_rejected', reason);
      }
      const size = (await stat(filePath)).size;
      await repo.update(videoId, { status: 'processing', progress: 0, sourcePath: filePath, sourceFacts: facts, durationSeconds: facts.durationSeconds, sourceSizeBytes: size, error: null });
      await queue.send(TRANSCODE_QUEUE, { videoId }, { retryLimit: 2, retryDelay: 5, expireInSeconds: Math.max(900, Math.ceil(facts.durationSeconds * 4)), singletonKey: videoId });
      log.info({ videoId, durationSeconds: facts.durationSeconds, height: facts.displayHeight }, 'video queued for transcoding');
      return toVideoAsset((await repo.get(videoId))!);
    },

    /** Ingest of a file already on this machine (the command line's `movie import`): same path as an upload. */
    async importFile(movieId: string, file: string, createdBy: string | null): Promise<VideoAsset> {
      const s = await stat(file).catch(() => null);
      if (!s || !s.isFile()) throw new AppError(404, 'not_found', `No file at ${file}`);
      const id = await service.beginUpload({ movieId, sizeBytes: s.size, filename: path.basename(file), createdBy });
      await ensureDir(deps.uploadDir);
      const dest = path.join(deps.uploadDir, id);
      await copyFile(file, dest);
      return service.finishUpload(id, dest);
    },

    /**
     * The transcode job's work: the ladder into storage, then the poster, then ready. Safe to run again after
     * a restart: the output folder is emptied first. `finalAttempt` marks the asset failed on error.
     */
    async transcode(videoId: string, finalAttempt: boolean): Promise<void> {
      const asset = await repo.get(videoId);
      if (!asset || asset.status === 'ready') return;
      if (!asset.sourcePath || !asset.sourceFacts) {
        await repo.update(videoId, { status: 'failed', error: 'The uploaded file is missing; upload it again.' });
        return;
      }
      const outDir = storage.videoDir(videoId);
      await storage.removeVideo(videoId);
      await ensureDir(outDir);
      await repo.update(videoId, { status: 'processing', progress: 0, error: null });
      let last = 0;
      let lastAt = 0;
      try {
        const facts = asset.sourceFacts as Parameters<Transcoder['transcodeToHls']>[2];
        const result = await transcoder.transcodeToHls(asset.sourcePath, outDir, facts, (percent) => {
          const now = Date.now();
          if (percent > last && (now - lastAt > 1000 || percent - last >= 5)) {
            last = percent;
            lastAt = now;
            void repo.setProgress(videoId, Math.min(99, percent)).catch(() => {});
          }
        });
        let posterKey: string | null = 'poster.webp';
        await transcoder.poster(asset.sourcePath, facts, path.join(outDir, 'poster.webp')).catch((err) => {
          log.warn({ videoId, err: String(err) }, 'poster failed');
          posterKey = null;
        });
        const renditions = result.renditions.map((r) => ({ name: r.name, width: r.width, height: r.height, bandwidth: r.videoBitrate + r.audioBitrate, playlist: r.playlist }));
        await repo.markReady(videoId, { renditions, storageKey: videoId, posterKey, durationSeconds: facts.durationSeconds });
        await rm(asset.sourcePath, { force: true });
        log.info({ videoId, renditions: renditions.map((r) => r.name) }, 'video ready');
      } catch (err) {
        const reason = err instanceof MediaRejectedError ? err.reason : `Transcoding failed: ${String((err as Error).message ?? err).split('\n')[0]}`;
        log.warn({ videoId, err: String(err) }, 'transcode failed');
        if (finalAttempt || err instanceof MediaRejectedError) {
          await repo.update(videoId, { status: 'failed', error: reason });
          return;
        }
        throw err;
      }
    },

    async get(videoId: string): Promise<VideoAssetRow | null> {
      return repo.get(videoId);
    },
  };
  return service;
}
export type MediaService = ReturnType<typeof createMediaService>;
