/**
 * What the `movie` and `episode` commands share (docs/decisions/002-cli-and-embedded-database.md): importing a file
 * through the upload path with its copy percent, and waiting for a video with its transcode percent.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Services } from '../services.js';
import { AppError } from '../lib/app-error.js';
import type { UploadTarget } from '../modules/media/media.repository.js';
import { sleep, type CommandEnv } from './command-kit.js';

/**
 * Ingests `file` for a movie or an episode (`target`) through the upload path (beginUpload, the store's import,
 * finishUpload: probe and queue), writing `copying N%` lines while the file is copied into the upload store.
 * Returns the video id.
 * @throws AppError 404 (no file), 422 media_rejected (not a video), 503 media_tools_missing.
 */
export async function importWithProgress(services: Services, target: UploadTarget, file: string, env: CommandEnv): Promise<string> {
  const s = await stat(file).catch(() => null);
  if (!s || !s.isFile()) throw new AppError(404, 'not_found', `No file at ${file}`);
  // An episode's upload names `episodeId` instead of a movie (as upload.routes.ts does).
  const owner = target.kind === 'movie' ? { movieId: target.id } : { movieId: '', episodeId: target.id };
  const videoId = await services.media.beginUpload({ ...owner, sizeBytes: s.size, filename: path.basename(file), createdBy: null });
  const reference = services.sources.reference(videoId);
  let done = false;
  let shown = -1;
  const copying = services.sources.importFile(videoId, file).finally(() => (done = true));
  const watch = (async () => {
    while (!done) {
      const bytes = (await services.sources.size(reference).catch(() => null)) ?? 0;
      const percent = s.size > 0 ? Math.min(99, Math.floor((bytes / s.size) * 100)) : 0;
      if (!done && percent !== shown) env.warn(`copying ${(shown = percent)}%`);
      await sleep(env.ctx.pollMs ?? 1000, env.ctx.signal);
      if (env.ctx.signal?.aborted) return;
    }
  })();
  await copying;
  await watch;
  env.warn('copying 100%');
  await services.media.finishUpload(videoId);
  return videoId;
}

/**
 * Waits for `videoId` to be ready or failed, writing `transcoding N%` as the worker's percent moves. Sets exit code
 * 1 when it failed, when `waitSeconds` passed, or when the caller went away.
 */
export async function waitForVideo(services: Services, videoId: string, env: CommandEnv): Promise<void> {
  const { ctx } = env;
  const deadline = ctx.waitSeconds === undefined ? Infinity : Date.now() + ctx.waitSeconds * 1000;
  let shown = -1;
  for (;;) {
    const v = await services.media.get(videoId);
    if (v?.status === 'ready') return env.warn(`ready: ${v.renditions.map((r) => r.name).join(', ')}`);
    if (!v || v.status === 'failed') {
      env.warn(`failed: ${v?.error ?? 'video missing'}`);
      return env.setCode(1);
    }
    if (v.status === 'processing' && v.progress !== shown) env.warn(`transcoding ${(shown = v.progress)}%`);
    if (Date.now() > deadline || ctx.signal?.aborted) {
      env.warn(ctx.signal?.aborted ? 'stopped waiting; the video goes on processing' : 'timed out waiting for the video; it goes on processing');
      return env.setCode(1);
    }
    await sleep(ctx.pollMs ?? 1000, ctx.signal);
  }
}
