import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const packageRoot = resolve(here, '..');

test('generated types match openapi/ (run `npm run generate` when this fails)', () => {
  const require = createRequire(import.meta.url);
  const cli = join(dirname(require.resolve('openapi-typescript/package.json')), 'bin', 'cli.js');
  const out = join(mkdtempSync(join(tmpdir(), 'fahrwerk-types-')), 'schema.d.ts');
  execFileSync(process.execPath, [cli, '../../openapi/openapi.yaml', '--output', out], {
    cwd: packageRoot,
    stdio: 'pipe',
  });
  const fresh = readFileSync(out, 'utf8');
  const committed = readFileSync(join(packageRoot, 'src/generated/schema.d.ts'), 'utf8');
  expect(committed === fresh, 'packages/api/src/generated/schema.d.ts is stale').toBe(true);
  // Generating the types of ~470 operations takes seconds, more on a busy CI machine.
}, 60_000);
