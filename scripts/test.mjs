// npm test: installs what the tests need and runs every test; exits non-zero on any failure.
//
//   lint and format (Biome) · OpenAPI lint · typecheck · unit tests (api, ui, feature packages)
//   server tests (PGlite, and PostgreSQL when DATABASE_URL is set)
//   builds · every Storybook story as a test in Chromium (a11y included) · end-to-end in Chromium
//   · the embed example (examples/embed-scheduler) in Chromium
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, ensureInstalled, log, pnpm, root, run, runParallel, toolEnv } from './lib.mjs';

const started = performance.now();
const results = [];

async function step(name, fn) {
  log(name);
  const t0 = performance.now();
  const ok = await fn();
  const seconds = (performance.now() - t0) / 1000;
  results.push({ name, ok, seconds });
  if (!ok) log(`FAILED: ${name}`);
  return ok;
}

/**
 * Chromium (stories, flows), poppler-utils' pdftoppm (the invoice flow reads its PDF) and
 * Dovecot (the mail tests' real IMAP server, started per test run with a throw-away config).
 */
function ensureChromium() {
  const hasPdftoppm = () => run('sh', ['-c', 'command -v pdftoppm'], { quiet: true }).ok;
  const hasDovecot = () => existsSync('/usr/sbin/dovecot');
  const ready = () => existsSync(toolEnv.CHROMIUM_PATH) && hasPdftoppm() && hasDovecot();
  if (ready()) return true;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    log(
      'Installing Chromium, poppler-utils and Dovecot from Debian (apt-get install -y chromium poppler-utils dovecot-imapd)',
    );
    run('apt-get', ['update', '-qq'], { quiet: true });
    run('apt-get', ['install', '-y', '-qq', 'chromium', 'poppler-utils', 'dovecot-imapd'], {
      quiet: true,
    });
    if (ready()) return true;
  }
  console.error(
    `Chromium (${toolEnv.CHROMIUM_PATH}), pdftoppm or dovecot is missing. Install them with ` +
      '"apt-get install -y chromium poppler-utils dovecot-imapd" or point CHROMIUM_PATH at a Chromium binary.',
  );
  return false;
}

const setupOk =
  (await step('Install dependencies', () => ensureInstalled())) &&
  (await step('Chromium, pdftoppm, Dovecot (Debian)', ensureChromium));

if (setupOk) {
  await step('Lint and format (Biome)', () => pnpm(['exec', 'biome', 'ci', '.']).ok);
  await step('OpenAPI lint', () => pnpm(['--filter', '@fahrwerk/openapi', 'lint']).ok);
  await step('OpenAPI bundle', () => pnpm(['--filter', '@fahrwerk/openapi', 'bundle']).ok);
  // Two programs, side by side: every front-end package in one (each shared file checked
  // once, not once per package that imports it) and the server with its Node-only lib.
  await step('Typecheck (front end and server, in parallel)', async () => {
    const tsc = (label, project) => ({
      label,
      command: 'corepack',
      args: ['pnpm', 'exec', 'tsc', '--noEmit', '-p', project],
    });
    return (
      await runParallel([
        tsc('web', 'tsconfig.web.json'),
        tsc('server', 'apps/server/tsconfig.json'),
      ])
    ).ok;
  });
  // The e2e flows start on a copy of a seeded demo school. Seeding it takes a minute of one
  // core; it runs in the background from here (the unit tests below use one core) and the
  // e2e step takes the folder when it comes (its own seeding is the fallback).
  const e2eTemplate = startE2eSeeding();
  await step(
    'Unit tests: api (incl. generated types up to date)',
    () => pnpm(['--filter', '@fahrwerk/api', 'test']).ok,
  );
  await step('Unit tests: ui', () => pnpm(['--filter', '@fahrwerk/ui', 'test']).ok);
  // One Vitest process for every feature package (each package a project of its own).
  await step(
    'Unit tests: feature packages',
    () =>
      pnpm([
        '--filter',
        '@fahrwerk/core',
        'exec',
        'vitest',
        'run',
        '--config',
        'vitest.features.config.ts',
      ]).ok,
  );
  await step(
    'Unit tests: back office',
    () => pnpm(['--filter', '@fahrwerk/backoffice', 'test']).ok,
  );
  await step(
    process.env.DATABASE_URL
      ? 'Server tests (PGlite and PostgreSQL)'
      : 'Server tests (PGlite; set DATABASE_URL to add PostgreSQL)',
    () => pnpm(['--filter', '@fahrwerk/server', 'test']).ok,
  );
  if (await step('Builds (back office, Storybook)', () => build({ force: true }))) {
    const seeded = await e2eTemplate.done;
    const stories = {
      label: 'stories',
      command: 'corepack',
      args: ['pnpm', '--filter', '@fahrwerk/storybook', 'test'],
    };
    const e2e = {
      label: 'e2e',
      command: 'corepack',
      args: ['pnpm', '--filter', '@fahrwerk/backoffice', 'e2e'],
      env: seeded ? { E2E_DATA_TEMPLATE: e2eTemplate.dir } : {},
    };
    // One after the other: side by side (tried in issue 14) both took longer than in turn
    // on two cores (stories 898 s, e2e 772 s). TEST_PARALLEL_BROWSERS=1 runs them together.
    if (process.env.TEST_PARALLEL_BROWSERS) {
      await step(
        'Stories as tests (with a11y) and end-to-end flows in Chromium, side by side',
        async () => (await runParallel([stories, e2e])).ok,
      );
    } else {
      await step(
        'Stories as tests in Chromium (with a11y)',
        async () => (await runParallel([stories])).ok,
      );
      await step('End-to-end in Chromium', async () => (await runParallel([e2e])).ok);
    }
    // examples/embed-scheduler: the scheduler and the invoice wizard in a foreign host page —
    // its Vite build, the real server (the e2e harness), Chromium; about 30 s.
    await step(
      'Embedding example in Chromium (foreign host, real server)',
      async () =>
        (
          await runParallel([
            {
              label: 'embed',
              command: 'corepack',
              args: ['pnpm', '--filter', '@fahrwerk/example-embed-scheduler', 'e2e'],
              env: seeded ? { E2E_DATA_TEMPLATE: e2eTemplate.dir } : {},
            },
          ])
        ).ok,
    );
  }
  await e2eTemplate.done;
  rmSync(e2eTemplate.root, { recursive: true, force: true });
}

/** Seeds the e2e demo school into a temporary folder in the background (output to a log). */
function startE2eSeeding() {
  const dir = mkdtempSync(join(tmpdir(), 'fahrwerk-e2e-seeded-'));
  const logFile = join(dir, 'seed.log');
  const out = openSync(logFile, 'w');
  const started = performance.now();
  // tsx is the server's dependency: it runs from there.
  const script = join(root, 'apps/backoffice/e2e/seed-template.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, join(dir, 'data')], {
    cwd: join(root, 'apps/server'),
    env: toolEnv,
    stdio: ['ignore', out, out],
  });
  const done = new Promise((resolveSeed) => {
    child.on('error', () => resolveSeed(false));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      if (code === 0) log(`e2e demo school seeded in the background in ${seconds} s`);
      else {
        log(`Background seeding of the e2e demo school failed (the e2e step seeds itself):`);
        process.stdout.write(readFileSync(logFile, 'utf8'));
      }
      resolveSeed(code === 0);
    });
  });
  return { root: dir, dir: join(dir, 'data'), done };
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
