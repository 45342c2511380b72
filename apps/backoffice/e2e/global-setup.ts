import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, startServer, stopServer } from './server-process';

declare module 'vitest' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: declaration merging needs an interface
  export interface ProvidedContext {
    /** A DATA_DIR with the migrated database and the seeded demo school; files copy it. */
    e2eDataTemplate: string;
  }
}

/**
 * Once per run: the server migrates and seeds the demo school into a template DATA_DIR and
 * stops (closing PGlite cleanly). Each e2e file starts its own server on a copy, so files
 * stay independent without each paying for the demo generator.
 */
export default async function setup(project: TestProject) {
  // Flows run against a server already running (see `startHarness`): nothing to seed.
  if (process.env.E2E_BASE_URL) {
    project.provide('e2eDataTemplate', '');
    return;
  }
  // `npm test` seeded the template in the background already (e2e/seed-template.ts); its
  // creator removes it.
  const seeded = process.env.E2E_DATA_TEMPLATE;
  if (seeded && existsSync(join(seeded, 'pglite'))) {
    console.log(`e2e: demo school seeded beforehand in ${seeded}`);
    project.provide('e2eDataTemplate', seeded);
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'fahrwerk-e2e-template-'));
  const started = performance.now();
  const server = await startServer({ port: await freePort(), dataDir });
  await stopServer(server);
  console.log(
    `e2e: demo school seeded once in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  project.provide('e2eDataTemplate', dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
