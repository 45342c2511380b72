import { defineConfig } from 'vitest/config';

// End-to-end: the built back office served by the real server (embedded PGlite, demo
// school), driven in Debian's Chromium by playwright-core.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
