/**
 * Once per unit run, before any test file: the folder of the run's transcode cache (./transcode-cache.ts), handed
 * to every test process as `inject('transcodeCache')` and removed when the run ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of this run's transcode cache. */
    transcodeCache: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-transcode-cache-'));
  project.provide('transcodeCache', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
