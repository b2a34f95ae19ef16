/**
 * `movie ...` commands (docs/decisions/002-cli-and-embedded-database.md, amended 2026-11-26):
 *   movie import FILE --title T [--category C] [--year Y] [--director D] [--description S] [--translator NAME] [--free|--premium] [--wait]
 *     --translator names an existing translator (case ignored; docs/product/admin.md §12): an unknown name is an error
 *     naming it, and no movie is created. Premium unless --free, as the panel's new-movie form (docs/product/admin.md §4, `isPremium` default true). Prints
 *     the movie id on stdout at once; then, on stderr, the copy percent and, with --wait, the transcode percent as
 *     they move, and `ready: <renditions>` or `failed: <reason>` (exit 1). --wait has no time limit.
 *     Rights (docs/decisions/050-rights-and-licences.md; docs/product/admin.md §13): --holder NAME:PERCENT, repeatable,
 *     percents with up to 2 decimals adding up to 100 (NAME: `operator`, a translator's name, else a rights party, an
 *     existing one of that name or a new one); --licence-start ISO and --licence-end ISO (instants); --countries RW,UG
 *     (ISO 3166-1 alpha-2) or `everywhere`. Left out: the translator of --translator (else the operator) holds 100 %,
 *     from now, no end, every country. Bad rights are refused before any movie is made.
 *   movie retranscode ID [--file FILE] [--wait]
 *     Transcodes the movie's failed video again from its kept source; with --file, replaces its video by FILE (the
 *     title keeps playing its current video until the new one is ready, as an upload in the panel).
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { isCountryCode, type RightsCreateInput, type RightsHolderInput } from '../../shared/contracts/rights.js';
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
    .option('--holder <name:percent>', 'a rights holder and their share, repeatable (operator, a translator, or a party); shares add up to 100', collectHolder, [])
    .option('--licence-start <iso>', 'when the licence starts (ISO 8601; default now)', instant('--licence-start'))
    .option('--licence-end <iso>', 'when the licence ends (ISO 8601; default no end)', instant('--licence-end'))
    .option('--countries <codes>', 'where it may be sold: RW,UG (ISO 3166-1 alpha-2) or everywhere (the default)', countryList)
    .option('--free', 'anyone may watch it (default: Premium, as in the admin panel)', false)
    .option('--premium', 'needs a pass or the title bought (the default; kept for old scripts)', false)
    .option('--wait', 'show the transcode percent and return when the video is ready; exit 1 if it failed', false)
    .action(async (file: string, o: ImportOptions) => {
      if (o.free && o.premium) throw new AppError(400, 'validation_failed', 'give --free or --premium, not both');
      const abs = path.resolve(ctx.cwd, file);
      const s = await stat(abs).catch(() => null);
      if (!s || !s.isFile()) throw new AppError(404, 'not_found', `No file at ${abs}`);
      const translatorId = o.translator !== undefined ? (await services.translators.byName(o.translator)).id : null;
      const rights: RightsCreateInput = {
        holders: o.holder.length ? await Promise.all(o.holder.map((h) => holderOf(h, env))) : undefined,
        licenceStart: o.licenceStart,
        licenceEnd: o.licenceEnd,
        countries: o.countries,
      };
      const create = () => services.catalog.create({ title: o.title, category: o.category, year: o.year ?? null, director: o.director, description: o.description, isPremium: !o.free, translatorId });
      const m = await services.rights.createWithRights(rights, translatorId, create);
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

interface ImportOptions {
  title: string;
  category: string;
  year?: number;
  director: string;
  description: string;
  translator?: string;
  holder: { name: string; shareBp: number }[];
  licenceStart?: Date;
  licenceEnd?: Date;
  countries?: string[] | 'everywhere';
  free: boolean;
  premium: boolean;
  wait: boolean;
}

/** `NAME:PERCENT` (percent with up to 2 decimals, 0.01..100) as a name and basis points, added to the list. */
function collectHolder(v: string, list: { name: string; shareBp: number }[]) {
  const m = /^(.+):(\d{1,3}(?:\.\d{1,2})?)%?$/.exec(v.trim());
  const shareBp = m ? Math.round(Number(m[2]) * 100) : 0;
  if (!m || !m[1]!.trim() || shareBp < 1 || shareBp > 10_000) throw new InvalidArgumentError('--holder must be NAME:PERCENT, a percent between 0.01 and 100 with up to 2 decimals');
  return [...list, { name: m[1]!.trim(), shareBp }];
}

/** A commander parser of an ISO 8601 instant. */
function instant(what: string) {
  return (v: string): Date => {
    const d = new Date(v);
    if (!/^\d{4}-\d{2}-\d{2}/.test(v) || Number.isNaN(d.getTime())) throw new InvalidArgumentError(`${what} must be an ISO 8601 date or instant, such as 2027-01-31T00:00:00Z`);
    return d;
  };
}

/** `RW,UG` (ISO 3166-1 alpha-2, case ignored) or `everywhere`. */
function countryList(v: string): string[] | 'everywhere' {
  if (v.trim().toLowerCase() === 'everywhere') return 'everywhere';
  const codes = v.split(',').map((c) => c.trim().toUpperCase()).filter(Boolean);
  const bad = codes.filter((c) => !isCountryCode(c));
  if (!codes.length || bad.length) throw new InvalidArgumentError(`--countries must be ISO 3166-1 alpha-2 codes such as RW,UG, or everywhere${bad.length ? ` (not a country: ${bad.join(', ')})` : ''}`);
  return [...new Set(codes)].sort();
}

/** A holder named on the command line: `operator` (or `Sobanura`), a translator of that name, else a rights party of that name. */
async function holderOf(h: { name: string; shareBp: number }, env: CommandEnv): Promise<RightsHolderInput> {
  if (['operator', 'sobanura'].includes(h.name.toLowerCase())) return { kind: 'operator', shareBp: h.shareBp };
  const translator = await env.services.translators.byName(h.name).catch((e: unknown) => {
    if (e instanceof AppError && e.statusCode === 404) return null;
    throw e;
  });
  return translator ? { kind: 'translator', translatorId: translator.id, shareBp: h.shareBp } : { kind: 'party', name: h.name, shareBp: h.shareBp };
}
