import os, { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { wholeJson } from './vite.locale-plugin';

// Unit and integration tests (app.inject against PGlite, and PostgreSQL when TEST_DATABASE_URL is set), one file per
// core at a time (VITEST_MAX_WORKERS overrides). Tests that start the server as a process run dist/server: build it
// first (`npm run build:server`; npm test does, src/server/test/built-server.ts).
//
// `isolate: false`: a worker keeps its module cache from one file to the next, so the app's modules are imported
// once per worker, not once per file (import time 144 s → 20 s summed over the files), and the migrated PGlite and
// PostgreSQL templates of src/server/test/harness.ts are made once per worker. Files share no state but those
// caches: each test builds its own app on its own database (docs/decisions/040-test-speed.md).
// Node's on-disk compile cache for every process the tests start (servers, workers, the CLI) and the test workers:
// the built server's modules are compiled once per machine, not at each start (about 0.4 CPU-seconds a start;
// https://nodejs.org/api/module.html#module-compile-cache).
process.env.NODE_COMPILE_CACHE ??= path.join(os.tmpdir(), 'sobanura-node-compile-cache');

export default defineConfig({
  plugins: [wholeJson()],
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    // The run's transcode cache folder (src/server/test/transcode-cache.ts).
    globalSetup: ['src/server/test/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    isolate: false,
    fileParallelism: true,
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || availableParallelism(),
  },
});
