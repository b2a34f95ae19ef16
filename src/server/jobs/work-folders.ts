/**
 * Temporary folders of transcodes and download remuxes (ADR 016): a worker copies a source and writes a ladder into
 * `{tmp}/sobanura-work-{pid}-{videoId}-XXXXXX`, removed when the job ends. A worker killed outright (SIGKILL, a crash)
 * leaves its folder, a whole source and a partial ladder, so every worker sweeps, when it starts, the folders of
 * processes that no longer run. The pid in the name keeps two workers on one machine from taking each other's.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const PREFIX = 'sobanura-work-';
const NAME = /^sobanura-work-(\d+)-/;

/** Makes a fresh work folder for `label` (e.g. a video id) under `parent` (default the OS's temp folder); returns its path. */
export function makeWorkFolder(label: string, parent = os.tmpdir()): Promise<string> {
  return mkdtemp(path.join(parent, `${PREFIX}${process.pid}-${label}-`));
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the work folders under `parent` whose process is gone; returns how many. Never throws. */
export async function sweepWorkFolders(parent = os.tmpdir()): Promise<number> {
  const names = await readdir(parent).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const m = NAME.exec(name);
    if (!m || Number(m[1]) === process.pid || running(Number(m[1]))) continue;
    await rm(path.join(parent, name), { recursive: true, force: true }).then(() => removed++, () => {});
  }
  return removed;
}
