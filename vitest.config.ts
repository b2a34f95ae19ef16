import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { wholeJson } from './vite.locale-plugin';

// Unit and integration tests (app.inject against PGlite, and PostgreSQL when TEST_DATABASE_URL is set), one file per
// core at a time (VITEST_MAX_WORKERS overrides). Tests that start the server as a process run dist/server: build it
// first (`npm run build:server`; npm test does, src/server/test/built-server.ts).
export default defineConfig({
  plugins: [wholeJson()],
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || availableParallelism(),
  },
});
