/**
 * Local-folder media storage, the embedded default (docs/decisions/016-object-storage-and-roles.md): the object key
 * `videos/{videoId}/720p/index.m3u8` is the file `{rootDir}/videos/{videoId}/720p/index.m3u8`.
 *
 * Writes are atomic: bytes go to a temporary file `.tmp-{uuid}` in the target folder, then `rename(2)` puts it in
 * place, so a reader sees the old object or the new one, never half of one (POSIX rename is atomic within one file
 * system). Names starting with `.` are never object keys (`assertKey`), so temporary files never show in `list`.
 * Sizes and offsets are bytes.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream, constants as fsConstants, mkdirSync } from 'node:fs';
import type { Dirent } from 'node:fs';
import { access, copyFile, mkdir, open, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteRange, MediaStorage, ObjectInfo } from './media-storage.js';
import { BadKeyError, assertKey } from './media-storage.js';
import { checkRange } from './byte-range.js';
import { reportErrors, type StorageOptions } from './storage-error-hook.js';

export type { MediaStorage } from './media-storage.js';

/** Prefix of the temporary files that atomic writes rename into place. */
export const TEMP_PREFIX = '.tmp-';

/** Codes meaning "no such object" when a key is opened as a file. */
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);
const isMissing = (err: unknown) => MISSING.has((err as NodeJS.ErrnoException)?.code ?? '');

/**
 * Media storage in the local folder `rootDir` (created with its parents now if missing).
 * @param rootDir the media folder (MEDIA_DIR); resolved to an absolute path.
 * @param options `onError` hook for unexpected failures (see storage-error-hook.ts).
 * @throws the `mkdir` error when the folder cannot be created.
 */
export function createLocalStorage(rootDir: string, options: StorageOptions = {}): MediaStorage {
  const root = path.resolve(rootDir);
  mkdirSync(root, { recursive: true });

  /** The file of an object key, checked to stay inside root. @throws BadKeyError */
  const fileOf = (key: string, prefix = false): string => {
    const file = path.join(root, assertKey(key, prefix));
    if (!file.startsWith(root + path.sep)) throw new BadKeyError(key);
    return file;
  };

  /** Writes into a temporary file beside `file` with `write`, then renames it into place. */
  const atomicWrite = async (file: string, write: (tmp: string) => Promise<void>): Promise<void> => {
    const dir = path.dirname(file);
    await mkdir(dir, { recursive: true });
    const tmp = path.join(dir, `${TEMP_PREFIX}${randomUUID()}`);
    try {
      await write(tmp);
      await rename(tmp, file);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  };

  const storage: MediaStorage = {
    kind: 'local',

    async put(key, body) {
      const file = fileOf(key);
      await atomicWrite(file, (tmp) =>
        body instanceof Readable ? pipeline(body, createWriteStream(tmp)) : writeFile(tmp, body),
      );
    },

    async putFile(key, source) {
      const file = fileOf(key);
      await atomicWrite(file, (tmp) => copyFile(source, tmp));
    },

    async read(key, range?: ByteRange) {
      const file = fileOf(key);
      // Open first, then size the open file: a rename replacing the object meanwhile cannot mix two versions.
      const handle = await open(file, 'r').catch((err: unknown) => {
        if (isMissing(err)) return null;
        throw err;
      });
      if (!handle) return null;
      try {
        const info = await handle.stat();
        if (!info.isFile()) {
          await handle.close();
          return null;
        }
        const size = info.size;
        const span = range ? checkRange(range, size) : { start: 0, end: size - 1 };
        const stream = handle.createReadStream(range ? { start: span.start, end: span.end } : {});
        return { stream, size, range: span };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },

    async readBuffer(key) {
      const file = fileOf(key);
      return readFile(file).catch((err: unknown) => {
        if (isMissing(err)) return null;
        throw err;
      });
    },

    async stat(key) {
      const file = fileOf(key);
      const info = await stat(file).catch((err: unknown) => {
        if (isMissing(err)) return null;
        throw err;
      });
      return info?.isFile() ? { key, size: info.size } : null;
    },

    async list(prefix) {
      const found: ObjectInfo[] = [];
      await walk(fileOf(prefix, true), prefix, found);
      return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },

    async delete(key) {
      const file = fileOf(key);
      await unlink(file).catch((err: unknown) => {
        // A folder at this path is a prefix, not an object: nothing to delete, as on S3.
        if (!isMissing(err) && (err as NodeJS.ErrnoException).code !== 'EPERM') throw err;
      });
    },

    async deletePrefix(prefix) {
      const dir = fileOf(prefix, true);
      const found: ObjectInfo[] = [];
      await walk(dir, prefix, found);
      await rm(dir, { recursive: true, force: true });
      return found.length;
    },

    async readLocation(key) {
      return fileOf(key);
    },

    async check() {
      const info = await stat(root);
      if (!info.isDirectory()) throw new Error(`media folder ${root} is not a directory`);
      await access(root, fsConstants.W_OK | fsConstants.R_OK);
    },
  };
  return reportErrors(storage, options.onError);
}

/**
 * Adds every regular file under `dir` (keys starting with `prefix`) to `out`, skipping names that start with `.`
 * (temporary files; never valid keys) and symbolic links (they could lead outside the root).
 */
async function walk(dir: string, prefix: string, out: ObjectInfo[]): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if (isMissing(err)) return;
    throw err;
  }
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      await walk(file, `${prefix}${entry.name}/`, out);
    } else if (entry.isFile()) {
      const info = await stat(file).catch((err: unknown) => {
        if (isMissing(err)) return null; // deleted meanwhile
        throw err;
      });
      if (info) out.push({ key: prefix + entry.name, size: info.size });
    }
  }
}

/** Creates a folder and its parents (`mkdir -p`). Kept for callers of the old local storage. */
export const ensureDir = (dir: string) => mkdir(dir, { recursive: true });
