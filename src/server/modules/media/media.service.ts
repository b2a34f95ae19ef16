/**
 * Video ingest (admin spec section 4, "Video upload"; docs/decisions/016-object-storage-and-roles.md): an upload becomes
 * a video asset (uploading), is probed by content with ffprobe (a file that is not a playable video is refused with
 * its reason), then a pg-boss job on a worker transcodes it in a temporary folder into the HLS ladder and a WebP
 * poster, uploads them to the media storage (the master playlist last), and only then marks the asset ready
 * (processing with percent → ready | failed with the reason). A partial ladder is never visible.
 * Errors: AppError 404 `not_found` (no such movie), 413 `upload_too_large` (over 5 GB), 422 `media_rejected`,
 * 503 `media_tools_missing` (ffmpeg or ffprobe not installed).
 */
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pLimit from 'p-limit';
import type { VideoAsset } from '../../../shared/contracts/media.js';
import { MAX_VIDEO_BYTES } from '../../../shared/contracts/media.js';
import { AppError } from '../../lib/app-error.js';
import type { JobQueue } from '../../jobs/queue.js';
import { makeWorkFolder } from '../../jobs/work-folders.js';
import { keys, type MediaStorage } from '../../providers/storage/media-storage.js';
import type { UploadSources } from '../../providers/storage/upload-sources.js';
import type { Transcoder } from '../../providers/transcoder/transcoder.js';
import { MediaRejectedError, MediaToolsMissingError } from '../../providers/transcoder/transcoder.js';
import { contentTypeOf } from './content-types.js';
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
  sources: UploadSources;
  queue: JobQueue;
  log: MediaLogger;
  /** Parent of the transcode's temporary folders (default the OS's temp folder). */
  workDir?: string;
  /** Called with the seconds a ladder took, transcode and upload together (the metrics histogram). */
  onTranscoded?: (seconds: number) => void;
}) {
  const { repo, transcoder, storage, sources, queue, log } = deps;
  let tools: Promise<{ ffmpeg: boolean; ffprobe: boolean }> | null = null;
  const toolsAvailable = () => (tools ??= transcoder.available());

  async function assertTools() {
    const t = await toolsAvailable();
    if (!t.ffmpeg || !t.ffprobe) {
      tools = null; // look again next time: ffmpeg may be installed while the server runs
      throw new AppError(503, 'media_tools_missing', 'Video processing is unavailable: ffmpeg is not installed on the server.');
    }
  }

  /** Deletes what an earlier attempt stored for `videoId`, except its captions (an admin's, kept across a re-run). */
  async function removeStoredLadder(videoId: string): Promise<void> {
    const prefix = keys.video(videoId);
    const stored = await storage.list(prefix);
    await Promise.all(stored.filter((o) => !o.key.startsWith(`${prefix}captions/`)).map((o) => storage.delete(o.key)));
  }

  /** Uploads every file under `outDir` to `videos/{videoId}/`, eight at a time, the master playlist last. */
  async function uploadLadder(videoId: string, outDir: string, master: string): Promise<void> {
    const files = (await readdir(outDir, { recursive: true, withFileTypes: true })).filter((d) => d.isFile()).map((d) => path.relative(outDir, path.join(d.parentPath, d.name)).split(path.sep).join('/'));
    const limit = pLimit(8);
    await Promise.all(files.filter((f) => f !== master).map((f) => limit(() => storage.putFile(keys.videoFile(videoId, f), path.join(outDir, f), { contentType: contentTypeOf(f) }))));
    await storage.putFile(keys.videoFile(videoId, master), path.join(outDir, master), { contentType: contentTypeOf(master) });
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
     * The upload of `videoId` is complete in the upload store: probe it by content (ffprobe reads it in place, or
     * through a presigned URL) and queue the transcode. Idempotent: an asset already processing or ready is returned.
     * @throws AppError 422 media_rejected (the asset is marked failed with the same reason, the source deleted).
     */
    async finishUpload(videoId: string): Promise<VideoAsset> {
      const current = await repo.get(videoId);
      if (current && (current.status === 'processing' || current.status === 'ready')) return toVideoAsset(current);
      await assertTools();
      const reference = sources.reference(videoId);
      let facts;
      try {
        const source = await sources.probeSource(reference);
        facts = await transcoder.probe(source.location, source.bytes);
      } catch (err) {
        const reason = err instanceof MediaRejectedError ? err.reason : err instanceof MediaToolsMissingError ? err.message : 'The file could not be read as a video.';
        await repo.update(videoId, { status: 'failed', error: reason, progress: 0 });
        await sources.remove(reference);
        throw new AppError(422, 'media_rejected', reason);
      }
      const size = (await sources.size(reference)) ?? facts.sizeBytes;
      await repo.update(videoId, { status: 'processing', progress: 0, sourcePath: reference, sourceFacts: facts, durationSeconds: facts.durationSeconds, sourceSizeBytes: size, error: null });
      await queue.send(TRANSCODE_QUEUE, { videoId }, { retryLimit: 4, retryDelay: 5, expireInSeconds: Math.max(900, Math.ceil(facts.durationSeconds * 4)), singletonKey: videoId });
      log.info({ videoId, durationSeconds: facts.durationSeconds, height: facts.displayHeight }, 'video queued for transcoding');
      return toVideoAsset((await repo.get(videoId))!);
    },

    /** Ingest of a file already on this machine (the command line's `movie import`): same path as an upload. */
    async importFile(movieId: string, file: string, createdBy: string | null): Promise<VideoAsset> {
      const s = await stat(file).catch(() => null);
      if (!s || !s.isFile()) throw new AppError(404, 'not_found', `No file at ${file}`);
      const id = await service.beginUpload({ movieId, sizeBytes: s.size, filename: path.basename(file), createdBy });
      await sources.importFile(id, file);
      return service.finishUpload(id);
    },

    /**
     * The transcode job's work, run by a worker: the source is copied into a temporary folder (or read in place on
     * the local store), ffmpeg writes the ladder and poster there, the files go up to storage (the master playlist
     * last), and the asset is marked ready only then. Safe to run again after a crash or on another worker: what an
     * earlier attempt stored for this video is deleted first (captions excepted), so a ladder is never mixed.
     * `finalAttempt` marks the asset failed on error; otherwise the error is rethrown for pg-boss to retry.
     */
    async transcode(videoId: string, finalAttempt: boolean): Promise<void> {
      const asset = await repo.get(videoId);
      if (!asset || asset.status === 'ready') return;
      if (!asset.sourcePath || !asset.sourceFacts) {
        await repo.update(videoId, { status: 'failed', error: 'The uploaded file is missing; upload it again.' });
        return;
      }
      const started = Date.now();
      await repo.update(videoId, { status: 'processing', progress: 0, error: null });
      const work = await makeWorkFolder(videoId, deps.workDir);
      let last = 0;
      let lastAt = 0;
      try {
        await removeStoredLadder(videoId);
        const input = await sources.localCopy(asset.sourcePath, path.join(work, 'source'));
        const outDir = path.join(work, 'out');
        const facts = asset.sourceFacts as Parameters<Transcoder['transcodeToHls']>[2];
        const result = await transcoder.transcodeToHls(input, outDir, facts, (percent) => {
          const now = Date.now();
          if (percent > last && (now - lastAt > 1000 || percent - last >= 5)) {
            last = percent;
            lastAt = now;
            void repo.setProgress(videoId, Math.min(98, percent)).catch(() => {});
          }
        });
        let posterKey: string | null = 'poster.webp';
        await transcoder.poster(input, facts, path.join(outDir, 'poster.webp')).catch((err) => {
          log.warn({ videoId, err: String(err) }, 'poster failed');
          posterKey = null;
        });
        await uploadLadder(videoId, outDir, result.master);
        const renditions = result.renditions.map((r) => ({ name: r.name, width: r.width, height: r.height, bandwidth: r.videoBitrate + r.audioBitrate, playlist: r.playlist }));
        await repo.markReady(videoId, { renditions, storageKey: videoId, posterKey, durationSeconds: facts.durationSeconds });
        await sources.remove(asset.sourcePath).catch((err) => log.warn({ videoId, err: String(err) }, 'source not deleted'));
        deps.onTranscoded?.((Date.now() - started) / 1000);
        log.info({ videoId, renditions: renditions.map((r) => r.name) }, 'video ready');
      } catch (err) {
        const reason = err instanceof MediaRejectedError ? err.reason : `Transcoding failed: ${String((err as Error).message ?? err).split('\n')[0]}`;
        log.warn({ videoId, err: String(err) }, 'transcode failed');
        if (finalAttempt || err instanceof MediaRejectedError) {
          await repo.update(videoId, { status: 'failed', error: reason });
          return;
        }
        throw err;
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },

    async get(videoId: string): Promise<VideoAssetRow | null> {
      return repo.get(videoId);
    },
  };
  return service;
}
export type MediaService = ReturnType<typeof createMediaService>;
