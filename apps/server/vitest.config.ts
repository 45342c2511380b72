import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Bundles openapi/ once, so every test file reads the current contract.
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    // Creating a PGlite database (or a PostgreSQL one) and migrating it takes a few seconds.
    hookTimeout: 120_000,
  },
});
