// npm test: installs what the tests need and runs every test; exits non-zero on any failure.
//
//   lint and format (Biome) · OpenAPI lint · typecheck · unit tests (api, ui, feature packages)
//   server tests (PGlite, and PostgreSQL when DATABASE_URL is set)
//   builds · every Storybook story as a test in Chromium (a11y included) · end-to-end in Chromium
import { existsSync } from 'node:fs';
import { build, ensureInstalled, log, pnpm, run, toolEnv } from './lib.mjs';

const started = performance.now();
const results = [];

function step(name, fn) {
  log(name);
  const t0 = performance.now();
  const ok = fn();
  const seconds = (performance.now() - t0) / 1000;
  results.push({ name, ok, seconds });
  if (!ok) log(`FAILED: ${name}`);
  return ok;
}

function ensureChromium() {
  if (existsSync(toolEnv.CHROMIUM_PATH)) return true;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    log('Installing Chromium from Debian (apt-get install -y chromium)');
    run('apt-get', ['update', '-qq'], { quiet: true });
    if (run('apt-get', ['install', '-y', '-qq', 'chromium'], { quiet: true }).ok) return true;
  }
  console.error(
    `Chromium is missing at ${toolEnv.CHROMIUM_PATH}. Install it with "apt-get install -y chromium" ` +
      'or point CHROMIUM_PATH at a Chromium binary.',
  );
  return false;
}

const setupOk =
  step('Install dependencies', () => ensureInstalled()) && step('Chromium', ensureChromium);

if (setupOk) {
  step('Lint and format (Biome)', () => pnpm(['exec', 'biome', 'ci', '.']).ok);
  step('OpenAPI lint', () => pnpm(['--filter', '@fahrwerk/openapi', 'lint']).ok);
  step('OpenAPI bundle', () => pnpm(['--filter', '@fahrwerk/openapi', 'bundle']).ok);
  step('Typecheck', () => pnpm(['-r', '--workspace-concurrency=2', 'typecheck']).ok);
  step(
    'Unit tests: api (incl. generated types up to date)',
    () => pnpm(['--filter', '@fahrwerk/api', 'test']).ok,
  );
  step('Unit tests: ui', () => pnpm(['--filter', '@fahrwerk/ui', 'test']).ok);
  step(
    'Unit tests: feature packages',
    () => pnpm(['--filter', './packages/features/*', '--workspace-concurrency=1', 'test']).ok,
  );
  step('Unit tests: back office', () => pnpm(['--filter', '@fahrwerk/backoffice', 'test']).ok);
  step(
    process.env.DATABASE_URL
      ? 'Server tests (PGlite and PostgreSQL)'
      : 'Server tests (PGlite; set DATABASE_URL to add PostgreSQL)',
    () => pnpm(['--filter', '@fahrwerk/server', 'test']).ok,
  );
  if (step('Builds (back office, Storybook)', () => build({ force: true }))) {
    step(
      'Stories as tests in Chromium (with a11y)',
      () => pnpm(['--filter', '@fahrwerk/storybook', 'test']).ok,
    );
    step('End-to-end in Chromium', () => pnpm(['--filter', '@fahrwerk/backoffice', 'e2e']).ok);
  }
}

const total = (performance.now() - started) / 1000;
console.log('\nSummary');
for (const { name, ok, seconds } of results) {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'}  ${name.padEnd(62)} ${seconds.toFixed(1).padStart(6)} s`);
}
console.log(`  total ${total.toFixed(1)} s`);
const failed = results.filter((r) => !r.ok);
if (failed.length > 0 || !setupOk) {
  console.error(`\n${failed.length} step(s) failed.`);
  process.exit(1);
}
