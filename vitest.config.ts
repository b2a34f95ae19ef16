import { defineConfig } from 'vitest/config';
import { wholeJson } from './vite.locale-plugin';

// Unit and integration tests (app.inject against PGlite, and PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  plugins: [wholeJson()],
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
  },
});
