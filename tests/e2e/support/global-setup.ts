/**
 * Once per end-to-end run, before any scenario file: a migrated, empty embedded database (the PGlite folder that
 * `sobanura db init` makes, from the built CLI), handed to every file as `inject('pgliteTemplate')`. A server or a
 * seed that starts on a new DATA_DIR copies it (`provideMigratedDatabase` in ./migrated-database.ts) instead of
 * running initdb and every migration again: about 8 CPU-seconds a start saved, some 30 starts a run
 * (docs/decisions/040-test-speed.md, amended 2026-11-29). The scenarios that test a first start on an empty folder
 * ask for a fresh one (`startServer({}, { freshDatabase: true })`).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { serverCommand } from '../../../src/server/test/built-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite folder to copy into a new DATA_DIR as its `pglite` folder. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-e2e-template-'));
  const [node, cli] = serverCommand('cli');
  const { DATABASE_URL: _url, ...env } = process.env;
  await promisify(execFile)(node, [cli!, 'db', 'init'], { env: { ...env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' } });
  project.provide('pgliteTemplate', path.join(dataDir, 'pglite'));
  return () => rmSync(dataDir, { recursive: true, force: true });
}
