/**
 * DATA_DIR is its owner's only (docs/decisions/031-private-data-folder.md): the embedded database (its write-ahead
 * log included), the secrets, the CLI token, uploads and media.
 *
 * - `makeNewFilesPrivate()`: process umask 0o077, set first thing by every entry point (server, worker, command
 *   line), so whatever they create (folders, uploads, transcoded media, dumps) is 0700/0600 at most. PGlite sets its
 *   files' modes itself, past the umask; db/private-node-fs.ts keeps those private.
 * - `lockDownFolder(dir)`: once at start, walks `dir` (not following symbolic links) and sets every folder to 0700
 *   and every regular file to 0600 that is not so already; a folder made by an older version, with 0666 and 0777
 *   entries, is fixed in place. Entries it cannot change (another owner's) are counted, never thrown.
 */
import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** The umask of every Sobanura process: no bit for group or others. */
export const PRIVATE_UMASK = 0o077;
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Sets the process umask to PRIVATE_UMASK (main thread only: Node refuses it in worker threads). */
export function makeNewFilesPrivate(): void {
  process.umask(PRIVATE_UMASK);
}

/** What `lockDownFolder` did: folders and files whose mode it changed, entries it could not read or change. */
export interface LockDownReport {
  dirs: number;
  files: number;
  failed: number;
}

/**
 * Sets `dir` and every folder under it to 0700 and every regular file to 0600, leaving symbolic links (and what
 * they point to) and other entry types alone. A missing `dir` is nothing to do.
 * @returns the counts of changed and failed entries.
 */
export function lockDownFolder(dir: string): LockDownReport {
  const report: LockDownReport = { dirs: 0, files: 0, failed: 0 };
  const fix = (p: string, want: number, kind: 'dirs' | 'files', mode: number) => {
    if ((mode & 0o7777) === want) return;
    try {
      chmodSync(p, want);
      report[kind] += 1;
    } catch {
      report.failed += 1;
    }
  };
  let top;
  try {
    top = lstatSync(dir);
  } catch {
    return report;
  }
  if (!top.isDirectory()) return report;
  const stack = [dir];
  fix(dir, PRIVATE_DIR_MODE, 'dirs', top.mode);
  while (stack.length) {
    const folder = stack.pop()!;
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      report.failed += 1;
      continue;
    }
    for (const name of names) {
      const p = path.join(folder, name);
      let st;
      try {
        st = lstatSync(p);
      } catch {
        continue; // gone meanwhile
      }
      if (st.isDirectory()) {
        fix(p, PRIVATE_DIR_MODE, 'dirs', st.mode);
        stack.push(p);
      } else if (st.isFile()) fix(p, PRIVATE_FILE_MODE, 'files', st.mode);
    }
  }
  return report;
}

/** The one log line of a start: how many entries of DATA_DIR were made private (nothing when none was needed). */
export function logLockDown(report: LockDownReport, dir: string, log: { warn(obj: object, msg: string): void }): void {
  if (report.dirs || report.files) log.warn({ dataDir: dir, dirs: report.dirs, files: report.files }, 'DATA_DIR: folders set to 0700 and files to 0600 (they were open to other users)');
  if (report.failed) log.warn({ dataDir: dir, failed: report.failed }, 'DATA_DIR: some entries could not be made private (another owner?); check their modes');
}
