// @vitest-environment node
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import {
  describeInitialScripts,
  INITIAL_SCRIPTS_LIMIT_BYTES,
  measureInitialScripts,
} from '../build/initial-scripts.mjs';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const built = existsSync(`${dist}/index.html`);
if (!built)
  console.warn(`No back office build in ${dist}: the initial JavaScript is not measured.`);

test.skipIf(!built)(
  `the initial JavaScript of the built back office stays within ${INITIAL_SCRIPTS_LIMIT_BYTES / 1000} kB gzip (skipped without a build)`,
  () => {
    const measured = measureInitialScripts(dist);
    expect(measured.files.length, 'the entry script').toBeGreaterThan(0);
    // Feature screens load with their route: no feature page is preloaded by index.html.
    expect(measured.files.map((file) => file.href).join(' ')).not.toMatch(/-pages-/);
    expect(measured.gzipBytes, describeInitialScripts(measured)).toBeLessThanOrEqual(
      INITIAL_SCRIPTS_LIMIT_BYTES,
    );
  },
);
