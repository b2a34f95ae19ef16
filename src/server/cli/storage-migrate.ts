/**
 * `sobanura storage migrate --to s3`: copies the media of the local folder (MEDIA_DIR) into the S3 bucket of the
 * S3_* settings, then checks that every object is in the bucket with its file's size. It switches nothing: the
 * local folder, the database and the configuration stay as they are, and the site keeps serving from MEDIA_DIR
 * until the operator sets STORAGE=s3 and restarts (docs/decisions/016-object-storage-and-roles.md, docs/deploy.md).
 *
 * The local folder's files are the objects: the file MEDIA_DIR/videos/{id}/720p/seg_001.m4s is the object key
 * videos/{id}/720p/seg_001.m4s on both stores, so a copy is one `putFile` per object (multipart on S3 for big
 * files), with the content type the services give that kind of object when they write it. An object already in the
 * bucket with the same size is skipped, so a run after an interruption goes on where the last one stopped, and a
 * run right before switching copies only what was written meanwhile.
 * Sizes are bytes. Exit codes: 0 when every object is in the bucket with the right size (or after a dry run),
 * 1 on any failure (a missing or bad S3 setting, an unreachable bucket, a copy or size check that failed).
 */
import { readdir } from 'node:fs/promises';
import { InvalidArgumentError } from 'commander';
import { ConfigError, loadConfig, type S3Config } from '../config.js';
import { contentTypeOf } from '../modules/media/content-types.js';
import { createLocalStorage } from '../providers/storage/local-storage.js';
import { assertKey, type MediaStorage, type ObjectInfo } from '../providers/storage/media-storage.js';
import { createS3Storage } from '../providers/storage/s3-storage.js';

/** The prefixes of the object layout (media-storage.ts); everything Sobanura keeps in MEDIA_DIR is under them. */
export const MEDIA_PREFIXES = ['videos/', 'images/'] as const;
/** Objects copied at once when `--concurrency` is not given. Each S3 multipart upload holds up to 32 MiB (s3-storage.ts). */
export const DEFAULT_CONCURRENCY = 4;
const MAX_CONCURRENCY = 64;
/** Said after every failure: nothing was switched. */
const UNCHANGED = 'STORAGE is unchanged: the site keeps serving its media from MEDIA_DIR.';

/** A failure that stops the migration; the message says what and where. */
export class MigrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationError';
  }
}

export interface MigrateOptions {
  /** The local media folder (MEDIA_DIR), read only. */
  mediaDir: string;
  /** DATA_DIR/uploads: tus uploads, which are not migrated (only counted, to say so). */
  uploadDir: string;
  /** The bucket's storage. */
  target: MediaStorage;
  /** How the bucket is named in messages, e.g. `s3://media at https://s3.example.com`. */
  targetName: string;
  /** List and compare only; copy nothing. */
  dryRun: boolean;
  /** Objects copied (and sizes checked) at once, 1..64. */
  concurrency: number;
  /** Receives each progress or notice line as it happens. */
  log: (line: string) => void;
}

export interface MigrateReport {
  /** Objects found in MEDIA_DIR under the layout's prefixes, and their total size in bytes. */
  objects: number;
  bytes: number;
  /** Objects copied by this run (0 on a dry run) and their bytes. */
  copied: number;
  copiedBytes: number;
  /** Objects already in the bucket with the same size (not copied). */
  skipped: number;
  /** Objects to copy that a dry run found (those not already in the bucket with the same size), and their bytes. */
  toCopy: number;
  toCopyBytes: number;
  /** Files removed from MEDIA_DIR while the run went on (a video deleted meanwhile): nothing left to migrate. */
  vanished: number;
}

/** Parses `--concurrency`: a whole number 1..64. @throws InvalidArgumentError (commander prints usage, exit 2). */
export function parseConcurrency(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_CONCURRENCY) throw new InvalidArgumentError(`concurrency must be a whole number from 1 to ${MAX_CONCURRENCY}`);
  return n;
}

/** Bytes as `1.2 GB` (SI units, powers of 1000). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB', 'PB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}

/** Runs `task` on every item with at most `limit` at once; stops taking new items once one fails, then rethrows the first failure. */
async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { err: unknown } | null = null;
  const lane = async () => {
    while (!failure && next < items.length) {
      const item = items[next++]!;
      try {
        await task(item);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failure) throw (failure as { err: unknown }).err;
}

const errorText = (err: unknown): string => {
  const e = err as { name?: string; message?: string; code?: string; $metadata?: { httpStatusCode?: number } };
  const status = e?.$metadata?.httpStatusCode;
  const parts = [e?.name && e.name !== 'Error' ? e.name : '', e?.message || e?.code || '', status ? `(HTTP ${status})` : ''];
  return parts.filter(Boolean).join(' ') || String(err);
};
const isMissingFile = (err: unknown) => ['ENOENT', 'ENOTDIR'].includes((err as NodeJS.ErrnoException)?.code ?? '');

/** Entries of a folder (empty when it does not exist). */
async function entriesOf(dir: string): Promise<string[]> {
  return readdir(dir).catch((err: unknown) => {
    if (isMissingFile(err)) return [];
    throw err;
  });
}

/**
 * Copies every object of MEDIA_DIR that the bucket lacks (or holds with another size), then checks the size of each
 * in the bucket (HeadObject) against its file. Prints progress through `log`. Reads MEDIA_DIR only.
 * @throws MigrationError when the bucket cannot be reached (checked before anything is copied), a copy fails (new
 *   copies stop, the ones under way finish), or an object's size in the bucket differs from its file's.
 */
export async function migrateMedia(opts: MigrateOptions): Promise<MigrateReport> {
  const { target, log } = opts;
  try {
    await target.check();
  } catch (err) {
    throw new MigrationError(`cannot reach the bucket ${opts.targetName}: ${errorText(err)}`);
  }
  const source = createLocalStorage(opts.mediaDir);

  for (const name of await entriesOf(opts.mediaDir)) {
    if (!name.startsWith('.') && !MEDIA_PREFIXES.includes(`${name}/` as (typeof MEDIA_PREFIXES)[number])) {
      log(`not migrated: MEDIA_DIR/${name} (outside the object layout ${MEDIA_PREFIXES.join(', ')})`);
    }
  }
  const uploads = (await entriesOf(opts.uploadDir)).filter((name) => !name.startsWith('.'));
  if (uploads.length > 0) {
    log(`not migrated: ${uploads.length} files in DATA_DIR/uploads (uploads in progress or waiting for their transcode); they finish on local storage, so let them reach ready before switching`);
  }

  const local: ObjectInfo[] = [];
  const inBucket = new Map<string, number>();
  for (const prefix of MEDIA_PREFIXES) {
    for (const object of await source.list(prefix)) {
      try {
        local.push({ key: assertKey(object.key), size: object.size });
      } catch {
        log(`not migrated: MEDIA_DIR/${object.key} (not a valid object key, so no part of Sobanura reads it)`);
      }
    }
    try {
      for (const object of await target.list(prefix)) inBucket.set(object.key, object.size);
    } catch (err) {
      throw new MigrationError(`cannot list ${prefix} in the bucket ${opts.targetName}: ${errorText(err)}`);
    }
  }
  const bytes = local.reduce((sum, o) => sum + o.size, 0);
  const todo = local.filter((o) => inBucket.get(o.key) !== o.size);
  const todoBytes = todo.reduce((sum, o) => sum + o.size, 0);
  const report: MigrateReport = {
    objects: local.length,
    bytes,
    copied: 0,
    copiedBytes: 0,
    skipped: local.length - todo.length,
    toCopy: todo.length,
    toCopyBytes: todoBytes,
    vanished: 0,
  };
  log(`${local.length} objects (${formatBytes(bytes)}) in MEDIA_DIR; ${report.skipped} already in the bucket with the same size; ${todo.length} to copy (${formatBytes(todoBytes)})`);
  if (opts.dryRun) return report;

  // A line every 5 % of the objects, and the last one.
  const every = Math.max(1, Math.ceil(todo.length / 20));
  const vanished = new Set<string>();
  await eachLimited(todo, opts.concurrency, async (object) => {
    const file = await source.readLocation(object.key, 0);
    try {
      await target.putFile(object.key, file, { contentType: contentTypeOf(object.key) });
    } catch (err) {
      if (isMissingFile(err)) {
        vanished.add(object.key);
        return;
      }
      throw new MigrationError(`copying ${object.key} failed: ${errorText(err)}`);
    }
    report.copied += 1;
    report.copiedBytes += object.size;
    if (report.copied % every === 0 || report.copied + vanished.size === todo.length) {
      log(`copied ${report.copied}/${todo.length} objects, ${formatBytes(report.copiedBytes)}/${formatBytes(todoBytes)}`);
    }
  }).catch((err: unknown) => {
    if (report.copied > 0) log(`copied ${report.copied}/${todo.length} objects before the failure`);
    throw err;
  });

  // Every object, copied now or before: its size in the bucket against its file's size now (a file replaced
  // meanwhile, a re-transcode, must be copied again, and the next run does).
  const wrong: string[] = [];
  await eachLimited(local, opts.concurrency, async (object) => {
    if (vanished.has(object.key)) return;
    const [file, stored] = await Promise.all([
      source.stat(object.key),
      target.stat(object.key).catch((err: unknown) => {
        throw new MigrationError(`checking ${object.key} in the bucket failed: ${errorText(err)}`);
      }),
    ]);
    if (!file) {
      vanished.add(object.key);
      return;
    }
    if (!stored) wrong.push(`${object.key}: missing in the bucket (${file.size} bytes in MEDIA_DIR)`);
    else if (stored.size !== file.size) wrong.push(`${object.key}: ${stored.size} bytes in the bucket, ${file.size} in MEDIA_DIR`);
  });
  report.vanished = vanished.size;
  if (vanished.size > 0) log(`${vanished.size} files were removed from MEDIA_DIR during the run (deleted media): nothing to migrate for them`);
  if (wrong.length > 0) {
    wrong.sort();
    const shown = wrong.slice(0, 10).map((line) => `\n  ${line}`).join('');
    throw new MigrationError(`${wrong.length} of ${local.length} objects are not in the bucket with the right size:${shown}${wrong.length > 10 ? `\n  ...and ${wrong.length - 10} more` : ''}`);
  }
  return report;
}

export interface RunStorageMigrateOptions {
  /** Only `s3` (commander's choices refuse anything else). */
  to: 's3';
  dryRun: boolean;
  concurrency: number;
  /** The environment holding MEDIA_DIR, DATA_DIR and the S3_* settings. */
  env: NodeJS.ProcessEnv;
  /** Progress and notice lines, as they happen. */
  progress: (line: string) => void;
  /** The summary (stdout). */
  print: (line: string) => void;
  /** The error (stderr). */
  printError: (line: string) => void;
  /** Opens the bucket's storage (default createS3Storage); tests wrap it. */
  openTarget?: (s3: S3Config) => MediaStorage;
}

/**
 * The command: reads the configuration STORAGE=s3 will use, migrates, prints the summary and the next step.
 * The S3 settings are checked by `loadConfig` with STORAGE=s3, the very check the server makes once switched, so a
 * migration that succeeds is followed by a restart that passes it; its message names the missing variable.
 * @returns the exit code: 0 done (or dry run), 1 failed (the message on `printError`, ending with "STORAGE is unchanged").
 */
export async function runStorageMigrate(opts: RunStorageMigrateOptions): Promise<number> {
  const fail = (message: string, hint = 'Run the command again to go on; objects already in the bucket with the right size are skipped.') => {
    opts.printError(`error: ${message}\n${UNCHANGED} ${hint}`);
    return 1;
  };
  let config;
  try {
    config = loadConfig({ ...opts.env, STORAGE: opts.to });
  } catch (err) {
    if (err instanceof ConfigError) return fail(`storage migrate needs the S3 settings that STORAGE=s3 will use. ${err.message}`, 'Nothing was copied.');
    throw err;
  }
  const s3 = config.s3!;
  const target = (opts.openTarget ?? createS3Storage)(s3);
  const targetName = `s3://${s3.bucket}${s3.endpoint ? ` at ${s3.endpoint}` : ` (AWS, ${s3.region})`}`;
  opts.progress(`${opts.dryRun ? 'dry run: ' : ''}migrating ${config.mediaDir} to ${targetName}`);
  let report: MigrateReport;
  try {
    report = await migrateMedia({
      mediaDir: config.mediaDir,
      uploadDir: config.uploadDir,
      target,
      targetName,
      dryRun: opts.dryRun,
      concurrency: opts.concurrency,
      log: opts.progress,
    });
  } catch (err) {
    if (err instanceof MigrationError) return fail(err.message);
    return fail(errorText(err));
  }
  if (opts.dryRun) {
    opts.print(`dry run: would copy ${report.toCopy} of ${report.objects} objects (${formatBytes(report.toCopyBytes)}); nothing was copied. ${UNCHANGED}`);
    return 0;
  }
  const present = report.objects - report.vanished;
  opts.print(`copied ${report.copied} objects (${formatBytes(report.copiedBytes)}), ${report.skipped} were already there; checked the size of all ${present} in the bucket.`);
  opts.print('Media written while this ran (a transcode finishing) is not in it: run the command again right before switching, and it copies only what is new.');
  opts.print(`All ${present} objects are in the bucket. Set STORAGE=s3 (and keep the S3_* variables) and restart.`);
  return 0;
}
