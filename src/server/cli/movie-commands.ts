/**
 * `movie ...` commands (docs/decisions/002-cli-and-embedded-database.md, amended 2026-11-26):
 *   movie import FILE --title T [--category C] [--year Y] [--director D] [--description S] [--translator NAME] [--free|--premium] [--wait]
 *     --translator names an existing translator (case ignored; docs/product/admin.md §12): an unknown name is an error
 *     naming it, and no movie is created. Premium unless --free, as the panel's new-movie form (docs/product/admin.md §4, `isPremium` default true). Prints
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
import { uuid, wholeNumber, type CommandEnv } from './command-kit.js';
import { importWithProgress, waitForVideo } from './video-ingest.js';

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
    .option('--translator <name>', 'the name of an existing translator (see: sobanura translator list)')
    .option('--free', 'anyone may watch it (default: Premium, as in the admin panel)', false)
    .option('--premium', 'needs a pass or the title bought (the default; kept for old scripts)', false)
    .option('--wait', 'show the transcode percent and return when the video is ready; exit 1 if it failed', false)
    .action(async (file: string, o: { title: string; category: string; year?: number; director: string; description: string; translator?: string; free: boolean; premium: boolean; wait: boolean }) => {
      if (o.free && o.premium) throw new AppError(400, 'validation_failed', 'give --free or --premium, not both');
      const abs = path.resolve(ctx.cwd, file);
      const s = await stat(abs).catch(() => null);
      if (!s || !s.isFile()) throw new AppError(404, 'not_found', `No file at ${abs}`);
      const translatorId = o.translator !== undefined ? (await services.translators.byName(o.translator)).id : null;
      const m = await services.catalog.create({ title: o.title, category: o.category, year: o.year ?? null, director: o.director, description: o.description, isPremium: !o.free, translatorId });
      print(m.id);
      const videoId = await importWithProgress(services, { kind: 'movie', id: m.id }, abs, env);
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
      if (o.file) videoId = await importWithProgress(services, { kind: 'movie', id: m.id }, path.resolve(ctx.cwd, o.file), env);
      else {
        const v = await services.media.retranscode({ kind: 'movie', id: m.id }).catch((e: unknown) => {
          if (e instanceof AppError && /cannot be transcoded again/.test(e.message)) throw new AppError(e.statusCode, e.code, `${e.message} Run: sobanura movie retranscode ${m.id} --file FILE`);
          throw e;
        });
        videoId = v.id;
      }
      print(`${m.title}: video ${videoId} queued for transcoding`);
      if (o.wait) await waitForVideo(services, videoId, env);
    });
}
