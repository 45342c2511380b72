import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// The files that replace modules (vi.mock) or patch sockets run in a module graph of their own.
const ISOLATED = ['src/http/contract-fuzz.test.ts', 'src/test/fuzz/harness.test.ts'];

export default defineConfig({
  test: {
    // Bundles openapi/ once, so every test file reads the current contract.
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    // Creating a PGlite database (or a PostgreSQL one) and migrating it takes a few seconds.
    hookTimeout: 120_000,
    // Vitest's default is one worker on two cores; a file spends much of its time waiting on
    // PostgreSQL (another process) or in PGlite's single thread, so two files side by side
    // use both cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        // The other files share a worker's modules: the server's ~400 modules, the contract
        // and its compiled schemas are loaded once per worker instead of once per file.
        test: { name: 'server', include: ['src/**/*.test.ts'], exclude: ISOLATED, isolate: false },
      },
      { extends: true, test: { name: 'server-isolated', include: ISOLATED } },
    ],
  },
});
