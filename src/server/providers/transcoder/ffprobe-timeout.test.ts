/**
 * ffprobe's time limit (FFPROBE_TIMEOUT_SECONDS): a source that keeps the real ffprobe waiting, here a named pipe
 * nobody writes to (open(2) on a FIFO blocks until a writer comes), ends in a MediaRejectedError that says why, and
 * no ffprobe is left running.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { probeFile } from './ffprobe.js';
import { runningToolCount } from './run-tool.js';
import { MediaRejectedError } from './transcoder.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-ffprobe-timeout-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it.runIf(process.platform !== 'win32')('rejects a source ffprobe cannot finish reading within the limit, and kills ffprobe', async () => {
  const fifo = path.join(dir, 'endless.mp4');
  execFileSync('mkfifo', [fifo]);
  const probing = probeFile('ffprobe', fifo, undefined, 1);
  await expect(probing).rejects.toBeInstanceOf(MediaRejectedError);
  await expect(probing).rejects.toThrow(/ffprobe was still reading it after 1 s and was stopped/);
  expect(runningToolCount()).toBe(0);
});
