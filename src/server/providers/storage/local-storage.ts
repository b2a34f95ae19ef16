/**
 * Local-disk media storage, the embedded default: every video's ladder and poster live under
 * `MEDIA_DIR/videos/{videoId}/`. Keys are relative paths; a key that escapes the root is refused.
 */
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface MediaStorage {
  /** Local folder where a video's files are written (the transcoder writes there directly). */
  videoDir(videoId: string): string;
  /** Opens a stored file; null when it does not exist. Sizes in bytes. */
  open(videoId: string, relPath: string): Promise<{ stream: Readable; size: number } | null>;
  removeVideo(videoId: string): Promise<void>;
}

export function createLocalStorage(mediaDir: string): MediaStorage {
  const root = path.resolve(mediaDir, 'videos');
  const dirOf = (videoId: string) => {
    if (!/^[0-9a-f-]{36}$/.test(videoId)) throw new Error('bad video id');
    return path.join(root, videoId);
  };
  return {
    videoDir: dirOf,
    async open(videoId, relPath) {
      const base = dirOf(videoId);
      const file = path.resolve(base, relPath);
      if (!file.startsWith(base + path.sep)) return null;
      const s = await stat(file).catch(() => null);
      if (!s || !s.isFile()) return null;
      return { stream: createReadStream(file), size: s.size };
    },
    async removeVideo(videoId) {
      await rm(dirOf(videoId), { recursive: true, force: true });
    },
  };
}

/** Creates a folder and its parents. */
export const ensureDir = (dir: string) => mkdir(dir, { recursive: true });
