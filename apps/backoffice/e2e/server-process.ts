import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The real server as a child process for the end-to-end flows, without Vitest: the e2e
 * global set-up and `seed-template.ts` (which `npm test` runs in the background while the
 * unit tests run) seed the demo school with it.
 */

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolvePort(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export type RunningServer = { process: ChildProcess; output: () => string };

/**
 * Starts the real server (`src/main.ts`) on `dataDir` and waits until it answers. The first
 * start in a fresh directory migrates and seeds the demo school; `e2e/global-setup.ts` does
 * that once per run and every file starts on a copy.
 */
export async function startServer(options: {
  port: number;
  dataDir: string;
  smtpPort?: number;
  /** A path that answers once the server listens (default `/login`, the built app). */
  readyPath?: string;
}): Promise<RunningServer> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(repo, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      SEED_DEMO: 'true',
      PUBLIC_URL: baseUrl,
      DATABASE_URL: '',
      // Each flow's server counts its own rate limits (CI's REDIS_URL is for the server tests).
      REDIS_URL: '',
      SMTP_URL: options.smtpPort ? `smtp://127.0.0.1:${options.smtpPort}` : '',
      // E2E_STATIC_DIR: a build of one's own (scripts/e2e-one.sh), so parallel runs don't clash.
      STATIC_DIR: process.env.E2E_STATIC_DIR ?? join(repo, 'apps/backoffice/dist'),
      STORYBOOK_DIR: join(repo, 'apps/storybook/dist'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });

  // Generous: a first start migrates and seeds the demo school, slow on a busy machine.
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`Server exited early:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}${options.readyPath ?? '/login'}`);
      // The seeding alone (no build to serve yet) waits for any answer of the API.
      if (response.ok || (options.readyPath && response.status < 500)) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      server.kill('SIGKILL');
      throw new Error(`Server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { process: server, output: () => output };
}

/** Stops a server started by `startServer` (it closes its database on SIGTERM). */
export async function stopServer(server: RunningServer): Promise<void> {
  if (server.process.exitCode !== null) return;
  const exited = new Promise((r) => server.process.once('exit', r));
  server.process.kill('SIGTERM');
  await exited;
}
