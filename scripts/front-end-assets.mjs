// After the builds of npm start and npm run build: `<file>.br` and `<file>.gz` beside the
// compressible files of the back office and Storybook, written once per build so the server
// sends them as they are (apps/server/src/http/static-files.ts) instead of compressing on
// every request; and the size of the back office's initial JavaScript. Plain Node.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import {
  describeInitialScripts,
  measureInitialScripts,
} from '../apps/backoffice/build/initial-scripts.mjs';
import { log, root } from './lib.mjs';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|map)$/;
/** Below this, the headers cost more than compression saves. */
const MIN_BYTES = 1024;
/** Brotli 11 is about 9 % smaller but ten times slower here; 5 keeps `npm start` quick. */
const BROTLI_QUALITY = 5;

function compressibleFiles(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) compressibleFiles(full, out);
    else if (COMPRESSIBLE.test(entry.name) && statSync(full).size >= MIN_BYTES) out.push(full);
  }
  return out;
}

/** True when `<file>.br` and `<file>.gz` are there and not older than the file. */
function upToDate(file) {
  const source = statSync(file).mtimeMs;
  return ['.br', '.gz'].every(
    (extension) => existsSync(file + extension) && statSync(file + extension).mtimeMs >= source,
  );
}

/** Compresses what is new in the given build folders; answers how many files it compressed. */
async function compressAssets(dirs) {
  const files = dirs
    .filter((dir) => existsSync(dir))
    .flatMap((dir) => compressibleFiles(dir))
    .filter((file) => !upToDate(file));
  // zlib's asynchronous calls run on the thread pool, a few files at a time.
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const [br, gzipped] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gz(content, { level: 9 }),
      ]);
      await writeFile(`${file}.br`, br);
      await writeFile(`${file}.gz`, gzipped);
    }),
  );
  return files.length;
}

/** Compresses the two builds and prints the back office's initial JavaScript. */
export async function prepareAssets() {
  const backoffice = join(root, 'apps/backoffice/dist');
  const started = performance.now();
  const count = await compressAssets([backoffice, join(root, 'apps/storybook/dist')]);
  if (count > 0) {
    log(
      `Compressed ${count} files (br, gz) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  if (existsSync(join(backoffice, 'index.html'))) {
    log(describeInitialScripts(measureInitialScripts(backoffice)));
  }
}
