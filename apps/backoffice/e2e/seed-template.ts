import { mkdirSync } from 'node:fs';
import { freePort, startServer, stopServer } from './server-process';

/*
 * Seeds the demo school into the DATA_DIR given as argument and stops the server (PGlite
 * closed cleanly). `npm test` runs it in the background while the unit and server tests run
 * and hands the folder to the e2e run (E2E_DATA_TEMPLATE), which then skips its own seeding.
 *
 *   cd apps/server && node --import tsx ../backoffice/e2e/seed-template.ts <dir>
 */
const dataDir = process.argv[2];
if (!dataDir) {
  console.error(
    'Usage (in apps/server): node --import tsx ../backoffice/e2e/seed-template.ts <dir>',
  );
  process.exit(2);
}
mkdirSync(dataDir, { recursive: true });
const started = performance.now();
const server = await startServer({
  port: await freePort(),
  dataDir,
  readyPath: '/api/generate-token',
});
await stopServer(server);
console.log(`e2e: demo school seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
