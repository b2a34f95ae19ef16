/** Work folders of stopped workers are swept; a running process's, this one's included, are kept (work-folders.ts). */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeWorkFolder, sweepWorkFolders } from './work-folders.js';

describe('work folders', () => {
  const parent = mkdtempSync(path.join(os.tmpdir(), 'work-folders-'));
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('removes the folders of processes that are gone and keeps the others', async () => {
    const mine = await makeWorkFolder('00000000-0000-4000-8000-000000000001', parent);
    expect(path.basename(mine).startsWith(`sobanura-work-${process.pid}-`)).toBe(true);
    // A process that has exited: its pid is free (or reused by a process that runs, and then kept).
    const child = spawn(process.execPath, ['-e', '0']);
    const deadPid = child.pid!;
    await new Promise((r) => child.once('exit', r));
    const dead = path.join(parent, `sobanura-work-${deadPid}-00000000-0000-4000-8000-000000000002-abc123`);
    mkdirSync(path.join(dead, 'out'), { recursive: true });
    // A process that runs.
    const alive = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    const live = path.join(parent, `sobanura-work-${alive.pid}-00000000-0000-4000-8000-000000000003-def456`);
    mkdirSync(live);
    const other = path.join(parent, 'not-ours');
    mkdirSync(other);
    try {
      expect(await sweepWorkFolders(parent)).toBe(1);
      expect(existsSync(dead)).toBe(false);
      expect(existsSync(mine)).toBe(true);
      expect(existsSync(live)).toBe(true);
      expect(existsSync(other)).toBe(true);
    } finally {
      alive.kill('SIGKILL');
    }
  });
});
