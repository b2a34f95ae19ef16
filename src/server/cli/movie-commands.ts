/**
 * `movie ...` commands (docs/decisions/002-cli-and-embedded-database.md, amended 2026-11-26):
 *   movie import FILE --title T [--category C] [--year Y] [--director D] [--description S] [--free|--premium] [--wait]
 *     Premium unless --free, as the panel's new-movie form (admin spec section 4, `isPremium` default true). Prints
 *     the movie id on stdout at once; then, on stderr, the copy percent and, with --wait, the transcode percent as
 *     they move, and `ready: <renditions>` or `failed: <reason>` (exit 1). --wait has no time limit.
 *   movie retranscode ID [--file FILE] [--wait]
 *     Transcodes the movie's failed video again from its kept source; with --file, replaces its video by FILE (the
 *     title keeps playing its current video until the new one is ready, as an upload in the panel).
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { AppError } from '../lib/app-error.js';
import type { Services } from '../app.js';
import { sleep, uuid, wholeNumber, type CommandEnv } from './command-kit.js';

/**
 * Ingests `file` for `movieId` through the upload path (beginUpload, the store's import, finishUpload: probe and
 * queue), writing `copying N%` lines while the file is copied into the upload store. Returns the video id.
 * @throws AppError 404 (no file), 422 media_rejected (not a video), 503 media_tools_missing.
 */
async function importWithProgress(services: Services, movieId: string, file: string, env: CommandEnv): Promise<string> {
  const s = await stat(file).catch(() => null);
  if (!s || !s.isFile()) throw new AppError(404, 'not_found', `No file at ${file}`);
  const videoId = await services.media.beginUpload({ movieId, sizeBytes: s.size, filename: path.basename(file), createdBy: null });
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
async function waitForVideo(services: Services, videoId: string, env: CommandEnv): Promise<void> {
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

export function registerMovieCommands(program: Command, env: CommandEnv): void {
  const { configure, services, print, ctx } = env;
  const movie = configure(program.command('movie').description('manage movies'));

  configure(movie.command('import').description('import a video file as a new movie (same ingest path as an admin upload); Premium unless --free'))
    .argument('<file>', 'video file')
    .requiredOption('--title <title>', 'title')
    .option('--category <category>', 'category', 'drama')
    .option('--year <year>', 'year', wholeNumber('year', 1888, 2100))
    .option('--director <director>', 'director', '')
    .option('--description <text>', 'description', '')
    .option('--free', 'anyone may watch it (default: Premium, as in the admin panel)', false)
    .option('--premium', 'needs a pass or the title bought (the default; kept for old scripts)', false)
    .option('--wait', 'show the transcode percent and return when the video is ready; exit 1 if it failed', false)
    .action(async (file: string, o: { title: string; category: string; year?: number; director: string; description: string; free: boolean; premium: boolean; wait: boolean }) => {
      if (o.free && o.premium) throw new AppError(400, 'validation_failed', 'give --free or --premium, not both');
      const abs = path.resolve(ctx.cwd, file);
      const s = await stat(abs).catch(() => null);
      if (!s || !s.isFile()) throw new AppError(404, 'not_found', `No file at ${abs}`);
      const m = await services.catalog.create({ title: o.title, category: o.category, year: o.year ?? null, director: o.director, description: o.description, isPremium: !o.free });
      print(m.id);
      const videoId = await importWithProgress(services, m.id, abs, env);
      if (o.wait) await waitForVideo(services, videoId, env);
    });

  configure(movie.command('retranscode').description("transcode a movie's failed video again from its kept source, or (--file) replace its video"))
    .argument('<id>', 'the movie id', uuid('the movie id'))
    .option('--file <file>', 'a video file to replace the movie video with (when no source is kept)')
    .option('--wait', 'show the transcode percent and return when the video is ready; exit 1 if it failed', false)
    .action(async (id: string, o: { file?: string; wait: boolean }) => {
      const m = await services.catalog.adminGet(id).catch((e: unknown) => {
        throw e instanceof AppError && e.statusCode === 404 ? new AppError(404, 'not_found', `No movie with id ${id}`) : e;
      });
      let videoId: string;
      if (o.file) videoId = await importWithProgress(services, m.id, path.resolve(ctx.cwd, o.file), env);
      else {
        const v = await services.media.retranscode(m.id).catch((e: unknown) => {
          if (e instanceof AppError && /cannot be transcoded again/.test(e.message)) throw new AppError(e.statusCode, e.code, `${e.message} Run: sobanura movie retranscode ${m.id} --file FILE`);
          throw e;
        });
        videoId = v.id;
      }
      print(`${m.title}: video ${videoId} queued for transcoding`);
      if (o.wait) await waitForVideo(services, videoId, env);
    });
}
