/**
 * Video ingest (docs/product/admin.md §4, "Video upload"; docs/decisions/016-object-storage-and-roles.md): an upload becomes
 * a video asset (uploading), is probed by content with ffprobe (a file that is not a playable video is refused with
 * its reason), then a pg-boss job on a worker transcodes it in a temporary folder into the HLS ladder and a WebP
 * poster, uploads them to the media storage (the master playlist last), and only then marks the asset ready
 * (processing with percent → ready | failed with the reason). A partial ladder is never visible.
 *
 * Replacing a title's video (an upload for a movie or episode whose video is ready) never takes it offline: the new
 * asset waits as the title's pending replacement (movies/episodes.pending_video_id, migration 0008) while it uploads
 * and transcodes, and is swapped in, in one transaction, only once it is ready. A rejected, failed or abandoned
 * replacement changes nothing viewers see; its state stays readable at GET /api/admin/videos/:id (the upload panel).
 * The replaced video stays in the library (docs: admin/content.service.ts, deleting files is a separate act); its
 * caption tracks and viewers' resume positions on the title move to the new video as it is swapped in.
 *
 * Nothing is lost to a crash (upkeep, run by the job role every minute and at start): an upload whose bytes are all
 * stored but that was never finished is finished; an asset left 'processing' with no job is queued again, or marked
 * failed when its last job failed for good; an upload not finished within UPLOAD_EXPIRY_HOURS expires.
 * Errors: AppError 404 `not_found` (no such movie), 413 `upload_too_large` (over 5 GB), 422 `media_rejected`,
 * 503 `media_tools_missing` (ffmpeg or ffprobe not installed).
 */
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pLimit from 'p-limit';
import type { VideoAsset } from '../../../shared/contracts/media.js';
import { MAX_VIDEO_BYTES, mediaFailureCode, withoutToolText } from '../../../shared/contracts/media.js';
import { AppError } from '../../lib/app-error.js';
import type { JobQueue } from '../../jobs/queue.js';
import { makeWorkFolder } from '../../jobs/work-folders.js';
import { keys, type MediaStorage } from '../../providers/storage/media-storage.js';
import type { UploadSources } from '../../providers/storage/upload-sources.js';
import type { Transcoder } from '../../providers/transcoder/transcoder.js';
import { MediaRejectedError, MediaToolsMissingError } from '../../providers/transcoder/transcoder.js';
import { contentTypeOf } from './content-types.js';
import type { CarriedCaption, MediaRepository, UploadTarget, VideoAssetRow } from './media.repository.js';

export const TRANSCODE_QUEUE = 'transcode-video';

/**
 * Seconds the upkeep leaves alone an upload a request has started finishing (finishUpload marks it first), and a
 * 'processing' asset whose job may be being queued: ffprobe's limit (FFPROBE_TIMEOUT_SECONDS, 60). Only to spare a
 * second probe: two finishes of one upload at once are safe (compare-and-set).
 */
export const UPKEEP_IDLE_SECONDS = 60;

/** The reason an expired upload's asset carries. */
export function expiredReason(hours: number): string {
  return `The upload expired: it was not finished within ${hours} hours. Upload the file again.`;
}

/** What one upkeep did: asset ids by outcome. */
export interface UpkeepReport {
  /** Uploads whose bytes were all stored, now probed and queued (or refused: then in `rejected`). */
  finished: string[];
  rejected: string[];
  /** 'processing' assets with no job, queued again. */
  requeued: string[];
  /** 'processing' assets whose last transcode job failed for good, now 'failed'. */
  failed: string[];
  /** Uploads not finished within the expiry, now 'failed' and their partial files deleted. */
  expired: string[];
  /** Partial uploads the upload store itself deleted as expired (its own count). */
  storeExpired: number;
}

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
    errorCode: mediaFailureCode(row.error),
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
  /** Hours an upload may take from its creation before it expires (UPLOAD_EXPIRY_HOURS; default 24). */
  uploadExpiryHours?: number;
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

  /** Queues the transcode of a 'processing' asset (retries 4, 5 s apart; expiry from the film's duration). */
  async function queueTranscode(videoId: string, durationSeconds: number): Promise<void> {
    await queue.send(TRANSCODE_QUEUE, { videoId }, { retryLimit: 4, retryDelay: 5, expireInSeconds: Math.max(900, Math.ceil(durationSeconds * 4)), singletonKey: videoId });
  }

  /** The answer for an upload that is already past 'uploading': its asset, or 422 with the reason it failed. */
  function settled(row: VideoAssetRow): VideoAsset {
    if (row.status === 'failed') throw new AppError(422, 'media_rejected', row.error ?? 'The file could not be read as a video.', { reason: mediaFailureCode(row.error) ?? 'not_a_video' });
    return toVideoAsset(row);
  }

  const service = {
    toolsAvailable,
    /**
     * Starts an upload for a movie or episode: checks the title, the size (bytes) and the tools, creates the asset
     * (status uploading) and points the title at it: as its video when it has none that plays, else as its pending
     * replacement (see the file comment). Returns the new asset id, used as the tus upload id.
     */
    async beginUpload(input: { movieId: string; episodeId?: string; sizeBytes: number | null; filename: string; createdBy: string | null }): Promise<string> {
      if (input.sizeBytes !== null && input.sizeBytes > MAX_VIDEO_BYTES) throw new AppError(413, 'upload_too_large', 'Please select a video file smaller than 5GB');
      // An episode's upload (ADR 010) names `episodeId` instead of a movie.
      if (input.episodeId) {
        if (!(await repo.episodeExists(input.episodeId))) throw new AppError(404, 'not_found', 'Episode not found');
      } else if (!(await repo.movieExists(input.movieId))) throw new AppError(404, 'not_found', 'Movie not found');
      await assertTools();
      const asset = await repo.create({ id: randomUUID(), status: 'uploading', sourceFilename: input.filename.slice(0, 255), sourceSizeBytes: input.sizeBytes, createdBy: input.createdBy });
      await repo.attachUpload(input.episodeId ? { kind: 'episode', id: input.episodeId } : { kind: 'movie', id: input.movieId }, asset.id);
      return asset.id;
    },

    /**
     * The upload of `videoId` is complete in the upload store: probe it by content (ffprobe reads it in place, or
     * through a presigned URL, within FFPROBE_TIMEOUT_SECONDS) and queue the transcode. Idempotent and safe to run
     * twice at once (the upload's last request and the upkeep): only the call that moves the asset out of
     * 'uploading' (a compare-and-set) marks it, deletes a refused source or queues the job; the other returns
     * what the first decided. An asset already processing or ready is returned as it is.
     * @throws AppError 404 not_found (no such asset), 422 media_rejected (the asset is failed with that reason, the
     * source deleted), 503 media_tools_missing (nothing changed).
     */
    async finishUpload(videoId: string): Promise<VideoAsset> {
      const current = await repo.get(videoId);
      if (!current) throw new AppError(404, 'not_found', 'Video not found');
      if (current.status !== 'uploading') return settled(current);
      await repo.touchUploading(videoId);
      await assertTools();
      const reference = sources.reference(videoId);
      let facts;
      try {
        const source = await sources.probeSource(reference);
        facts = await transcoder.probe(source.location, source.bytes);
      } catch (err) {
        const raw = err instanceof MediaRejectedError ? err.reason : err instanceof MediaToolsMissingError ? err.message : 'The file could not be read as a video.';
        // The tool's own words go to the log; the asset keeps the reason without them, and answers carry its code (ADR 023).
        const reason = withoutToolText(raw);
        log.warn({ videoId, reason: raw }, 'upload refused');
        if (await repo.transition(videoId, 'uploading', { status: 'failed', error: reason, progress: 0 })) {
          await sources.remove(reference);
          throw new AppError(422, 'media_rejected', reason, { reason: mediaFailureCode(reason) ?? 'not_a_video' });
        }
        return settled((await repo.get(videoId))!);
      }
      const size = (await sources.size(reference)) ?? facts.sizeBytes;
      const won = await repo.transition(videoId, 'uploading', { status: 'processing', progress: 0, sourcePath: reference, sourceFacts: facts, durationSeconds: facts.durationSeconds, sourceSizeBytes: size, error: null });
      if (won) {
        await queueTranscode(videoId, facts.durationSeconds);
        log.info({ videoId, durationSeconds: facts.durationSeconds, height: facts.displayHeight }, 'video queued for transcoding');
      }
      return settled((await repo.get(videoId))!);
    },

    /**
     * One pass of ingest upkeep (run by the job role at start and every minute, one process at a time: upkeep job in
     * src/server/jobs/media-upkeep.job.ts). In order:
     * 1. uploads 'uploading' whose bytes are all in the upload store (tus offset == length), and that no request
     *    has started finishing in the last `idleSeconds`, are finished (finishUpload): a crash after the last byte
     *    loses nothing;
     * 2. assets 'processing' for `idleSeconds` with no transcode job waiting or running: failed with the job's reason
     *    when their latest job failed for good (a worker that died on the last attempt, a job past its expiry), else
     *    queued again (a crash between marking and queuing);
     * 3. uploads still 'uploading' `expiryHours` after creation are failed with expiredReason and their partial files
     *    deleted (a replacement that expires leaves the title's video as it is);
     * 4. the upload store deletes its own expired partial uploads (files left with no asset).
     * Errors of one asset are logged and the pass goes on; returns what it did. Passes of this service never overlap
     * (a call waits for the one under way); across processes the caller holds a lock (media-upkeep.job.ts).
     */
    upkeep(opts: { idleSeconds?: number; expiryHours?: number } = {}): Promise<UpkeepReport> {
      const run = upkeeping.catch(() => {}).then(() => upkeepPass(opts));
      upkeeping = run;
      return run;
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
      // Only a 'processing' asset is transcoded: a job sent twice, or sent again by the upkeep just as the asset was
      // marked, finds it ready or failed and does nothing.
      if (!asset || asset.status !== 'processing') return;
      if (!asset.sourcePath || !asset.sourceFacts) {
        await repo.transition(videoId, 'processing', { status: 'failed', error: 'The uploaded file is missing; upload it again.' });
        return;
      }
      const started = Date.now();
      await repo.transition(videoId, 'processing', { progress: 0, error: null });
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
        const carried = await carryCaptions(videoId);
        if (!(await repo.markReady(videoId, { renditions, storageKey: videoId, posterKey, durationSeconds: facts.durationSeconds }, carried))) {
          log.warn({ videoId }, 'transcoded, but the asset was no longer processing');
          return;
        }
        await sources.remove(asset.sourcePath).catch((err) => log.warn({ videoId, err: String(err) }, 'source not deleted'));
        deps.onTranscoded?.((Date.now() - started) / 1000);
        log.info({ videoId, renditions: renditions.map((r) => r.name) }, 'video ready');
      } catch (err) {
        const reason = err instanceof MediaRejectedError ? err.reason : `Transcoding failed: ${String((err as Error).message ?? err).split('\n')[0]}`;
        log.warn({ videoId, err: String(err) }, 'transcode failed');
        if (finalAttempt || err instanceof MediaRejectedError) {
          await repo.transition(videoId, 'processing', { status: 'failed', error: reason });
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

    /**
     * Transcodes a movie's or an episode's video again from its kept source (the command line's `movie retranscode`
     * and `episode retranscode`, docs/decisions/002-cli-and-embedded-database.md, amended): the title's pending
     * replacement when it has one, else its video. Only a failed video keeps its source (a ready one's source is
     * deleted once its ladder is stored, and transcoding a ready video in place would take it offline): it goes back
     * to 'processing' and is queued. Returns the asset now processing.
     * @throws AppError 404 `not_found` (no such movie or episode, or it has no video), 409 `conflict` (still
     * uploading or processing; or ready, or the source is gone: import the file again).
     */
    async retranscode(target: UploadTarget): Promise<VideoAsset> {
      const title = await repo.videosOf(target);
      if (!title) throw new AppError(404, 'not_found', target.kind === 'movie' ? 'Movie not found' : 'Episode not found');
      const videoId = title.pendingVideoId ?? title.videoId;
      const asset = videoId ? await repo.get(videoId) : null;
      if (!asset) throw new AppError(404, 'not_found', `This ${target.kind} has no video yet`);
      if (asset.status === 'uploading' || asset.status === 'processing') throw new AppError(409, 'conflict', `The video is still ${asset.status} (${asset.progress}%)`);
      const kept = asset.status === 'failed' && asset.sourcePath && asset.sourceFacts && (await sources.size(asset.sourcePath)) !== null;
      if (!kept || !asset.sourcePath) {
        const why = asset.status === 'ready' ? 'its source file was deleted once it was transcoded' : 'its source file is gone';
        throw new AppError(409, 'conflict', `This video cannot be transcoded again: ${why}. Import the file again.`);
      }
      if (!(await repo.transition(asset.id, 'failed', { status: 'processing', progress: 0, error: null }))) throw new AppError(409, 'conflict', 'The video changed meanwhile; try again');
      await queueTranscode(asset.id, asset.durationSeconds ?? 0);
      log.info({ videoId: asset.id, [`${target.kind}Id`]: target.id }, 'video queued for transcoding again');
      return toVideoAsset((await repo.get(asset.id))!);
    },
  };
  /**
   * Copies to `videoId` the caption files it takes over as a replacement (repo.captionsToCarry), before it is swapped
   * in, so a film keeps its captions when its video is uploaded again. A track whose file cannot be read is left
   * behind (logged); the admin can upload it again. Returns the tracks copied, for markReady to record.
   */
  async function carryCaptions(videoId: string): Promise<CarriedCaption[]> {
    const copied: CarriedCaption[] = [];
    for (const c of await repo.captionsToCarry(videoId)) {
      const rel = `captions/${c.language}.vtt`;
      const bytes = await storage.readBuffer(keys.videoFile(c.videoId, rel));
      if (!bytes) {
        log.warn({ videoId, from: c.videoId, language: c.language }, 'caption file of the replaced video is missing; not carried over');
        continue;
      }
      await storage.put(keys.videoFile(videoId, rel), bytes, { contentType: contentTypeOf(rel) });
      copied.push(c);
    }
    return copied;
  }
  let upkeeping: Promise<unknown> = Promise.resolve();
  /** One upkeep pass (see `upkeep`). */
  async function upkeepPass(opts: { idleSeconds?: number; expiryHours?: number }): Promise<UpkeepReport> {
    const idleSeconds = opts.idleSeconds ?? UPKEEP_IDLE_SECONDS;
    const expiryHours = opts.expiryHours ?? deps.uploadExpiryHours ?? 24;
    const report: UpkeepReport = { finished: [], rejected: [], requeued: [], failed: [], expired: [], storeExpired: 0 };
    for (const id of await repo.uploadingIdle(idleSeconds)) {
      const upload = await sources.datastore.getUpload(id).catch(() => null);
      if (!upload || upload.size === undefined || upload.offset !== upload.size) continue;
      try {
        await service.finishUpload(id);
        report.finished.push(id);
      } catch (err) {
        if (err instanceof AppError && err.code === 'media_rejected') report.rejected.push(id);
        else log.warn({ videoId: id, err: String(err) }, 'upload not finished by the upkeep');
      }
    }
    for (const row of await repo.processingWithoutJob(TRANSCODE_QUEUE, idleSeconds)) {
      const asset = await repo.get(row.id);
      if (!asset) continue;
      if (row.lastJobState === 'failed' || !row.hasFacts) {
        const reason = row.hasFacts ? `Transcoding failed on its last attempt: ${row.lastJobMessage ?? 'the job failed'}.` : 'The uploaded file is missing; upload it again.';
        if (await repo.transition(row.id, 'processing', { status: 'failed', error: reason })) report.failed.push(row.id);
      } else {
        await queueTranscode(row.id, asset.durationSeconds ?? 0);
        report.requeued.push(row.id);
      }
    }
    for (const id of await repo.uploadingOlderThan(expiryHours * 3600)) {
      if (!(await repo.transition(id, 'uploading', { status: 'failed', error: expiredReason(expiryHours), progress: 0 }))) continue;
      await sources.remove(sources.reference(id)).catch((err) => log.warn({ videoId: id, err: String(err) }, 'expired upload not deleted'));
      report.expired.push(id);
    }
    // Some S3-compatible servers cannot list multipart uploads; the uploads with an asset were expired above anyway.
  if (sources.datastore.getExpiration() > 0) report.storeExpired = await sources.datastore.deleteExpired().catch((err: unknown) => (log.warn({ err: String(err) }, 'upload store expiry failed'), 0));
    const did = Object.entries(report).filter(([, v]) => (Array.isArray(v) ? v.length : v));
    if (did.length) log.info({ ...report }, 'ingest upkeep');
    return report;
  }
  return service;
}
export type MediaService = ReturnType<typeof createMediaService>;
