/**
 * `episode ...` commands (docs/decisions/002-cli-and-embedded-database.md, amended 2026-11-26):
 *   episode retranscode ID [--file FILE] [--wait]
 *     As `movie retranscode`, for an episode (ID: the episode's id, as GET /api/admin/seasons/:id/episodes lists
 *     it): transcodes its failed video again from the kept source; with --file, replaces its video by FILE (the
 *     episode keeps playing its current video until the new one is ready).
 */
import path from 'node:path';
import type { Command } from 'commander';
import { AppError } from '../lib/app-error.js';
import { uuid, type CommandEnv } from './command-kit.js';
import { importWithProgress, waitForVideo } from './video-ingest.js';

export function registerEpisodeCommands(program: Command, env: CommandEnv): void {
  const { configure, services, print, ctx } = env;
  const episode = configure(program.command('episode').description('manage episodes'));

  configure(episode.command('retranscode').description("transcode an episode's failed video again from its kept source, or (--file) replace its video"))
    .argument('<id>', 'the episode id', uuid('the episode id'))
    .option('--file <file>', 'a video file to replace the episode video with (when no source is kept)')
    .option('--wait', 'show the transcode percent and return when the video is ready; exit 1 if it failed', false)
    .action(async (id: string, o: { file?: string; wait: boolean }) => {
      const target = { kind: 'episode' as const, id };
      const noSuch = (e: unknown) => {
        throw e instanceof AppError && e.statusCode === 404 && /Episode not found/.test(e.message) ? new AppError(404, 'not_found', `No episode with id ${id}`) : e;
      };
      let videoId: string;
      if (o.file) videoId = await importWithProgress(services, target, path.resolve(ctx.cwd, o.file), env).catch(noSuch);
      else {
        const v = await services.media.retranscode(target).catch((e: unknown) => {
          if (e instanceof AppError && /cannot be transcoded again/.test(e.message)) throw new AppError(e.statusCode, e.code, `${e.message} Run: sobanura episode retranscode ${id} --file FILE`);
          return noSuch(e);
        });
        videoId = v.id;
      }
      print(`episode ${id}: video ${videoId} queued for transcoding`);
      if (o.wait) await waitForVideo(services, videoId, env);
    });
}
