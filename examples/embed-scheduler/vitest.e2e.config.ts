import { defineConfig } from 'vitest/config';

// The embed example's smoke test: its Vite build served on an origin of its own, the real
// server (the back office's e2e harness, on a copy of the seeded demo school), Chromium.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    // Seeds the demo school once (or takes E2E_DATA_TEMPLATE from `npm test`).
    globalSetup: ['../../apps/backoffice/e2e/global-setup.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
