import { defineConfig } from 'vitest/config';

// End-to-end: the built back office served by the real server (embedded PGlite, demo
// school), driven in Debian's Chromium by playwright-core.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    // Seeds the demo school once; every file starts its server on a copy.
    globalSetup: ['e2e/global-setup.ts'],
    environment: 'node',
    // A whole flow (sign-ins, a mail round trip, several pages) on a busy 2-core machine.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
