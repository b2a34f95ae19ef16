import os, { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// End-to-end scenarios: real server processes (dist/server, built first) and Debian's Chromium driven by
// playwright-core. Two files at a time where there are two cores (E2E_WORKERS overrides): each file starts its own
// server on a free port with its own DATA_DIR, PostgreSQL database, Redis key prefix and nginx folder
// (docs/decisions/040-test-speed.md).
// Node's on-disk compile cache for every process the tests start (servers, workers, the CLI) and the test workers:
// the built server's modules are compiled once per machine, not at each start (about 0.4 CPU-seconds a start;
// https://nodejs.org/api/module.html#module-compile-cache).
process.env.NODE_COMPILE_CACHE ??= path.join(os.tmpdir(), 'sobanura-node-compile-cache');

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    // A migrated embedded database made once per run, copied into each new server's DATA_DIR.
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    testTimeout: 600_000,
    hookTimeout: 300_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS) || Math.min(2, availableParallelism()),
  },
});
