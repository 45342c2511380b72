import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Bundles openapi/ once, so every test file reads the current contract.
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    // Creating a PGlite database (or a PostgreSQL one) and migrating it takes a few seconds.
    hookTimeout: 120_000,
    // Vitest's default is one worker on two cores; a file spends much of its time waiting on
    // PostgreSQL (another process) or in PGlite's single thread, so two files side by side
    // use both cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
