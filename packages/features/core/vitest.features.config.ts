import { defineConfig } from 'vitest/config';

/*
 * The unit tests of every feature package in one Vitest process (`npm test`): each package
 * with a vitest.config.ts is a project of its own (its environment and includes), without
 * paying Vitest's start-up once per package. `vitest run` in a package still runs its own.
 */
export default defineConfig({
  test: { projects: ['./vitest.config.ts', '../!(core)/vitest.config.ts'], passWithNoTests: true },
});
