// npm run build: the bundled spec, the back office and the static Storybook, compressed.
import { prepareAssets } from './front-end-assets.mjs';
import { build, ensureInstalled } from './lib.mjs';

if (!ensureInstalled() || !build({ force: process.argv.includes('--force') })) process.exit(1);
await prepareAssets();
