/**
 * MP4 downloads (docs/product/viewer.md §9 "downloads"; docs/decisions/016-object-storage-and-roles.md): a rendition's HLS
 * segments remuxed once into `videos/{videoId}/downloads/{rendition}.mp4` in the media storage (`ffmpeg -c copy`,
 * faststart), then served from there. ffmpeg runs only where transcoding may run (SOBANURA_ROLE all or worker): a
 * web instance queues the `remux-download` job and waits for a worker to store the file.
 * Errors: AppError 404 `video_not_available` when the rendition is not stored; 503 `download_busy` when no worker
 * made the file within `waitSeconds`.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pLimit from 'p-limit';
import { AppError } from '../../lib/app-error.js';
import type { JobQueue } from '../../jobs/queue.js';
import { makeWorkFolder } from '../../jobs/work-folders.js';
import { keys, type MediaStorage } from '../../providers/storage/media-storage.js';
import { runTool } from '../../providers/transcoder/run-tool.js';

export const REMUX_QUEUE = 'remux-download';

export interface RemuxPayload {
  videoId: string;
  rendition: string;
}

const notAvailable = () => new AppError(404, 'video_not_available', "This content doesn't have a video source available yet.");

export function createDownloadRemuxer(deps: {
  storage: MediaStorage;
  ffmpegPath: string;
  queue: JobQueue;
  /** Whether this process may run ffmpeg (role all or worker); otherwise the job goes to a worker. */
  inProcess: boolean;
  /** How long a web instance waits for a worker's MP4, seconds (default 120). */
  waitSeconds?: number;
}) {
  const mp4Key = (videoId: string, rendition: string) => keys.videoFile(videoId, `downloads/${rendition}.mp4`);

  /**
   * Makes the MP4 in a temporary folder: the rendition's playlist and segments are copied out of storage, remuxed,
   * and the result stored. Called by the job's handler, or in-process.
   */
  async function remux(videoId: string, rendition: string): Promise<number> {
    const existing = await deps.storage.stat(mp4Key(videoId, rendition));
    if (existing) return existing.size;
    const prefix = keys.videoFile(videoId, `${rendition}/`.slice(0, -1)) + '/';
    const objects = await deps.storage.list(prefix);
    if (!objects.some((o) => o.key === `${prefix}index.m3u8`)) throw notAvailable();
    const work = await makeWorkFolder(videoId);
    try {
      const dir = path.join(work, rendition);
      await mkdir(dir, { recursive: true });
      const limit = pLimit(8);
      await Promise.all(
        objects.map((o) =>
          limit(async () => {
            const got = await deps.storage.read(o.key);
            if (got) await pipeline(got.stream, createWriteStream(path.join(dir, o.key.slice(prefix.length))));
          }),
        ),
      );
      const out = path.join(work, `${rendition}.mp4`);
      const run = await runTool('ffmpeg', deps.ffmpegPath, ['-hide_banner', '-nostdin', '-v', 'error', '-y', '-i', path.join(dir, 'index.m3u8'), '-map', '0', '-c', 'copy', '-bsf:a', 'aac_adtstoasc', '-movflags', '+faststart', '-f', 'mp4', out]);
      if (run.code !== 0) throw new Error(`ffmpeg remux failed: ${run.stderrTail.join(' / ')}`);
      await deps.storage.putFile(mp4Key(videoId, rendition), out, { contentType: 'video/mp4' });
      return (await deps.storage.stat(mp4Key(videoId, rendition)))!.size;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  return {
    remux,
    /** The stored MP4's size in bytes, making it first when needed (here, or by a worker). */
    async ensureMp4(videoId: string, rendition: string): Promise<{ size: number }> {
      const existing = await deps.storage.stat(mp4Key(videoId, rendition));
      if (existing) return { size: existing.size };
      if (deps.inProcess) return { size: await remux(videoId, rendition) };
      if (!(await deps.storage.stat(keys.videoFile(videoId, `${rendition}/index.m3u8`)))) throw notAvailable();
      await deps.queue.send(REMUX_QUEUE, { videoId, rendition } satisfies RemuxPayload, { singletonKey: `${videoId}/${rendition}`, retryLimit: 1, expireInSeconds: 900 });
      const deadline = Date.now() + (deps.waitSeconds ?? 120) * 1000;
      while (Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 500));
        const made = await deps.storage.stat(mp4Key(videoId, rendition));
        if (made) return { size: made.size };
      }
      throw new AppError(503, 'download_busy', 'The download is being prepared. Please try again in a minute.');
    },
  };
}
export type DownloadRemuxer = ReturnType<typeof createDownloadRemuxer>;
