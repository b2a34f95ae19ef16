/**
 * What every command group of the command line shares (docs/decisions/002-cli-and-embedded-database.md): the
 * context a caller gives `runCli`, the result it gets back, and the small helpers the groups use (output as it
 * happens, argument checks, a plain-text table).
 */
import { InvalidArgumentError, type Command } from 'commander';
import type { Services } from '../services.js';

export interface CliResult {
  /** 0 done; 1 the command failed (the reason is in `err`); 2 bad arguments (usage in `err`). */
  code: number;
  out: string;
  err: string;
}

/** The database the command runs against, for `db init` and `db dump` (cli.ts or the server's CLI route fill it). */
export interface CliDatabase {
  kind: 'pglite' | 'postgres';
  /** PGlite's data directory, or null (PostgreSQL, or PGlite in memory). */
  dir: string | null;
  /** The PostgreSQL URL (its password is never printed), or null. */
  url: string | null;
  /** PGlite only: the data directory as a gzipped tarball. */
  dumpDataDir?: () => Promise<Blob>;
}

export interface CliContext {
  /** Absent for `storage ...`, `--version` and help, which need no database (cli.ts); other commands then fail saying so. */
  services?: Services;
  /** The environment `storage migrate` reads MEDIA_DIR, DATA_DIR and S3_* from (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Where `storage migrate` writes progress lines as they happen (default: they join `out`). */
  progress?: (line: string) => void;
  /**
   * Every piece of output as it is made, for callers that show it at once (cli.ts, the server's streamed CLI route).
   * The result still holds all of it.
   */
  write?: (stream: 'out' | 'err', text: string) => void;
  /** Where FILE arguments are resolved from (the caller's working directory). */
  cwd: string;
  /** Seeds the demo catalogue (see demo-seed.ts). */
  seedDemo?: () => Promise<string[]>;
  /** How long `--wait` waits, in seconds (default: until the video is ready or failed, however long that takes). */
  waitSeconds?: number;
  /** Milliseconds between two looks at an import or a transcode under way (default 1000). */
  pollMs?: number;
  /**
   * The password for `user create` and `user set-password`, read by cli.ts from a prompt with echo off or from
   * stdin's first line (password-input.ts); never from argv.
   */
  password?: string;
  database?: CliDatabase;
  /** Aborted when the caller went away (the CLI process behind the server's route was stopped): waits end. */
  signal?: AbortSignal;
}

/** What a command group's `register` function gets. */
export interface CommandEnv {
  ctx: CliContext;
  services: Services;
  /** Applies the shared output and error handling to a new (sub)command. */
  configure: (c: Command) => Command;
  /** A line to stdout (the command's answer). */
  print: (s: string) => void;
  /** A line to stderr (progress, warnings, reasons). */
  warn: (s: string) => void;
  /** Sets the exit code the command ends with (1 failed). */
  setCode: (code: number) => void;
}

/** Waits `ms` milliseconds, or less when `signal` aborts. */
export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

/** A commander argument parser accepting one of `values`. */
export function oneOf<T extends string>(values: readonly T[], what: string) {
  return (v: string): T => {
    if (!(values as readonly string[]).includes(v)) throw new InvalidArgumentError(`${what} must be one of: ${values.join(', ')}`);
    return v as T;
  };
}

/** A commander parser of a whole number in [min, max]. */
export function wholeNumber(what: string, min: number, max: number) {
  return (v: string): number => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`${what} must be a whole number between ${min} and ${max}`);
    return n;
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A commander parser of an id (a UUID, as the commands print them). */
export function uuid(what: string) {
  return (v: string): string => {
    if (!UUID.test(v)) throw new InvalidArgumentError(`${what} must be an id such as the one movie import prints`);
    return v.toLowerCase();
  };
}

/** Rows as a plain-text table: a header line, then one line per row, columns padded to their widest cell. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

/** Stands in when the caller gave no services: any command that uses them fails saying why. */
export function noServices(): Services {
  return new Proxy({} as Services, {
    get: () => {
      throw new Error('this command needs the database, and this process opened none');
    },
  });
}
