// npm start: install, build what changed, then serve the back office, the API and the
// static Storybook on one port, on the embedded database with the demo school.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { prepareAssets } from './front-end-assets.mjs';
import { build, ensureInstalled, log, root, toolEnv } from './lib.mjs';

const started = performance.now();
if (!ensureInstalled()) process.exit(1);
if (!build()) process.exit(1);
await prepareAssets();
log(`Ready to start after ${((performance.now() - started) / 1000).toFixed(1)} s`);

const server = join(root, 'apps/server');
const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: server,
  stdio: 'inherit',
  env: {
    ...toolEnv,
    NODE_ENV: 'production',
    DATA_DIR: process.env.DATA_DIR ?? join(root, 'data'),
    SEED_DEMO: process.env.SEED_DEMO ?? 'true',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
