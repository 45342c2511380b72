// Shared helpers of the two set-up commands (npm start, npm test). Plain Node, no deps:
// they run before anything is installed.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stateDir = join(root, '.fahrwerk');

/** Environment for every tool: pnpm through corepack, no browser downloads, no telemetry. */
export const toolEnv = {
  ...process.env,
  COREPACK_INTEGRITY_KEYS: '0',
  COREPACK_ENABLE_DOWNLOAD_PROMPT: '0',
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  STORYBOOK_DISABLE_TELEMETRY: '1',
  CHROMIUM_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
};

export function log(message) {
  process.stdout.write(`\u001b[1m▶ ${message}\u001b[0m\n`);
}

/** Runs a command, inheriting the terminal; answers { ok, seconds }. */
export function run(command, args, options = {}) {
  const started = performance.now();
  const result = spawnSync(command, args, {
    cwd: options.cwd ?? root,
    env: { ...toolEnv, ...options.env },
    stdio: options.quiet ? 'pipe' : 'inherit',
  });
  const seconds = (performance.now() - started) / 1000;
  const ok = result.status === 0;
  if (!ok && options.quiet) {
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
  }
  return { ok, seconds };
}

/**
 * Runs several commands at once (their output interleaves, each line prefixed with its
 * label); answers { ok, seconds } with ok only when every one succeeded.
 */
export async function runParallel(commands) {
  const started = performance.now();
  const results = await Promise.all(
    commands.map(
      ({ label, command, args, cwd, env }) =>
        new Promise((resolveRun) => {
          const t0 = performance.now();
          const child = spawn(command, args, { cwd: cwd ?? root, env: { ...toolEnv, ...env } });
          const prefix = (chunk) =>
            chunk
              .toString()
              .split('\n')
              .filter((line) => line.length > 0)
              .map((line) => `[${label}] ${line}\n`)
              .join('');
          child.stdout.on('data', (chunk) => process.stdout.write(prefix(chunk)));
          child.stderr.on('data', (chunk) => process.stderr.write(prefix(chunk)));
          child.on('close', (code) => {
            const seconds = ((performance.now() - t0) / 1000).toFixed(1);
            process.stdout.write(
              `[${label}] ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s\n`,
            );
            resolveRun(code === 0);
          });
          child.on('error', () => resolveRun(false));
        }),
    ),
  );
  return { ok: results.every(Boolean), seconds: (performance.now() - started) / 1000 };
}

export function pnpm(args, options = {}) {
  return run('corepack', ['pnpm', ...args], options);
}

function hashOf(paths) {
  const hash = createHash('sha256');
  for (const path of paths) hash.update(path).update(readFileSync(path));
  return hash.digest('hex');
}

function readState(name) {
  const file = join(stateDir, name);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

function writeState(name, value) {
  mkdirSync(stateDir, { recursive: true });
  writeFileSync(join(stateDir, name), value);
}

/** Installs the workspace when node_modules is missing or the lockfile changed. */
export function ensureInstalled({ force = false } = {}) {
  const manifests = [
    'pnpm-lock.yaml',
    'package.json',
    'pnpm-workspace.yaml',
    ...workspaceManifests(),
  ].map((p) => join(root, p));
  const hash = hashOf(manifests);
  if (
    !force &&
    existsSync(join(root, 'node_modules/.modules.yaml')) &&
    readState('install-hash') === hash
  ) {
    return true;
  }
  log('Installing dependencies (pnpm through corepack)');
  const { ok, seconds } = pnpm(['install', '--frozen-lockfile']);
  if (!ok) return false;
  writeState('install-hash', hash);
  log(`Installed in ${seconds.toFixed(1)} s`);
  return true;
}

function workspaceManifests() {
  const out = [];
  for (const base of ['openapi', 'packages', 'packages/features', 'apps', 'examples']) {
    const dir = join(root, base);
    if (existsSync(join(dir, 'package.json'))) out.push(join(base, 'package.json'));
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir)) {
      const manifest = join(base, entry, 'package.json');
      if (existsSync(join(root, manifest))) out.push(manifest);
    }
  }
  return out;
}

const SKIP = new Set([
  'node_modules',
  'dist',
  'storybook-static',
  '.vitest-attachments',
  '__screenshots__',
]);

function listFiles(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || (entry.name.startsWith('.') && entry.name !== '.storybook'))
      continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) listFiles(full, out);
    else out.push(full);
  }
  return out;
}

/** A fingerprint of everything the front-end builds read (sizes and times, fast). */
function buildFingerprint() {
  const files = [
    ...listFiles(join(root, 'openapi')),
    ...listFiles(join(root, 'packages')),
    ...listFiles(join(root, 'apps/backoffice')),
    ...listFiles(join(root, 'apps/storybook')),
    join(root, 'pnpm-lock.yaml'),
  ].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    const stat = statSync(file);
    hash.update(`${relative(root, file)}:${stat.size}:${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/** The builds `npm start` serves: the bundled spec, the back office, the static Storybook. */
export function build({ force = false } = {}) {
  const fingerprint = buildFingerprint();
  const outputs = [
    'openapi/dist/openapi.json',
    'apps/backoffice/dist/index.html',
    'apps/storybook/dist/index.html',
  ];
  const present = outputs.every((p) => existsSync(join(root, p)));
  if (!force && present && readState('build-hash') === fingerprint) return true;
  const steps = [
    ['OpenAPI bundle', ['--filter', '@fahrwerk/openapi', 'bundle']],
    ['Back office build', ['--filter', '@fahrwerk/backoffice', 'build']],
    ['Storybook build', ['--filter', '@fahrwerk/storybook', 'build']],
  ];
  for (const [name, args] of steps) {
    log(name);
    const { ok, seconds } = pnpm(args);
    if (!ok) return false;
    log(`${name}: ${seconds.toFixed(1)} s`);
  }
  writeState('build-hash', buildFingerprint());
  return true;
}
