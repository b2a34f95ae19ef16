import { defineConfig } from 'vitest/config';

// End-to-end scenarios: a real server process and Debian's Chromium driven by playwright-core.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    testTimeout: 600_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
