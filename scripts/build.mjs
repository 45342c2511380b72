// npm run build: the bundled spec, the back office and the static Storybook.
import { build, ensureInstalled } from './lib.mjs';

if (!ensureInstalled() || !build({ force: process.argv.includes('--force') })) process.exit(1);
