// The kill -9 scenario of billing runs (issue 13), for billing-runs.crash.test.ts and
// `npm run crash:billing -- --count 500`:
//
// 1. a fresh PostgreSQL database with a generated school of `count` finished educations;
// 2. the server (`node --import tsx src/main.ts`) as a child process; a billing run over all;
// 3. once a share of the run is done, `kill -9` of the server — in the middle of an invoice;
// 4. the server started again on the same database and DATA_DIR: it takes the run up;
// 5. read from the database: the run FINISHED (or INTERRUPTED naming exactly the students
//    without an invoice), every education billed at most once, the numbers gap-free, every
//    invoice referenced by its item, with its lines (summing to its total) and its PDF file.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import { SERVER_PACKAGE_DIR } from '../config';
import { openDatabase } from '../db/database';
import { billingRunItems, billingRuns, paymentDocuments } from '../db/schema';
import { createFileStore } from '../files/file-store';
import { createBillingSchool, freshPostgresDatabase } from './billing-school';

export type CrashOptions = {
  /** The PostgreSQL server (DATABASE_URL); a database of its own is created and dropped. */
  serverUrl: string;
  /** Finished educations in the run. */
  count: number;
  /** The share of items done when the server is killed (default 0.4). */
  killAt?: number;
  log?: (line: string) => void;
};

export type CrashResult = {
  count: number;
  /** Items done (not PENDING) when the server was killed, and after the restart. */
  doneAtKill: number;
  status: string;
  issued: number;
  skipped: number;
  failed: number;
  /** The failed items' reasons. */
  failures: string[];
  /** The students the run names as remaining (PENDING items). */
  pendingStudents: string[];
  /** The students without an invoice (should be those PENDING). */
  unbilledStudents: string[];
  invoices: number;
  /** Educations with more than one standing final invoice. */
  billedTwice: number[];
  /** The numbers are unique and consecutive. */
  gapFree: boolean;
  numbers: { first: string | null; last: string | null };
  /** Invoices no ISSUED item names (half a run's work that got lost). */
  unreferenced: string[];
  /** Invoices without lines, or whose lines do not sum to the total. */
  incomplete: string[];
  /** Invoices without a readable archived PDF. */
  withoutPdf: string[];
  seconds: { setup: number; untilKill: number; restartToSettled: number };
};

const JWT_SECRET = 'fahrwerk-crash-test-secret-0123456789abcdef';

export type Server = { child: ChildProcess; url: string; output: string[] };

/**
 * Starts `src/main.ts` and resolves with its URL once it listens; `nodeArgs` go to Node before
 * the script (`--cpu-prof`, …).
 */
export function startServer(env: Record<string, string>, nodeArgs: string[] = []): Promise<Server> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_PACKAGE_DIR,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    let settled = false;
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output.push(text);
      const match = /Back office:\s+(http:\/\/localhost:\d+)/.exec(output.join(''));
      if (match && !settled) {
        settled = true;
        // It listens on 127.0.0.1 (HOST), which `localhost` may not resolve to first.
        resolve({ child, url: (match[1] as string).replace('localhost', '127.0.0.1'), output });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code, signal) => {
      if (!settled) {
        settled = true;
        reject(
          new Error(`The server ended (${code ?? signal}) before listening:\n${output.join('')}`),
        );
      }
    });
  });
}

/** Resolves when the child process has ended. */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

type RunAnswer = { status: string; done: number; total: number };

async function api<T>(
  server: Server,
  method: string,
  apiPath: string,
  token?: string,
  body?: unknown,
) {
  const response = await fetch(`${server.url}/api${apiPath}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${apiPath}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls the run until `done` answers true (at most `limitMs`). */
async function pollRun(
  server: Server,
  token: string,
  runId: number,
  done: (run: RunAnswer) => boolean,
  limitMs: number,
): Promise<RunAnswer> {
  const until = Date.now() + limitMs;
  for (;;) {
    const run = await api<RunAnswer>(server, 'GET', `/billing-runs/${runId}`, token);
    if (done(run)) return run;
    if (Date.now() > until)
      throw new Error(`Run ${runId} stuck at ${run.status} ${run.done}/${run.total}`);
    await pause(50);
  }
}

export async function billingCrashScenario(options: CrashOptions): Promise<CrashResult> {
  const log = options.log ?? (() => {});
  const killAt = Math.max(1, Math.floor(options.count * (options.killAt ?? 0.4)));
  const started = performance.now();
  const target = await freshPostgresDatabase(options.serverUrl, 'fw_crash');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fw-crash-'));
  const database = await openDatabase({ databaseUrl: target.url, dataDir });
  const servers: Server[] = [];
  try {
    await database.migrate();
    const db = database.db;
    const school = await createBillingSchool(db, {
      students: options.count,
      onProgress: (done) => log(`  ${done} students`),
    });
    const env = {
      DATABASE_URL: target.url,
      DATA_DIR: dataDir,
      JWT_SECRET,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      RATE_LIMITS: 'off',
      STATIC_DIR: path.join(dataDir, 'no-backoffice'),
      STORYBOOK_DIR: path.join(dataDir, 'no-storybook'),
    };
    const setupSeconds = (performance.now() - started) / 1000;

    log(`school of ${options.count} finished educations ready; starting the server`);
    const first = await startServer(env);
    servers.push(first);
    const { token } = await api<{ token: string }>(first, 'POST', '/generate-token', undefined, {
      email: school.email,
      password: school.password,
    });
    const runStarted = performance.now();
    const { id: runId } = await api<{ id: number }>(first, 'POST', '/billing-runs', token, {
      studentEducationIds: school.educationIds,
    });
    const before = await pollRun(first, token, runId, (run) => run.done >= killAt, 10 * 60_000);
    first.child.kill('SIGKILL');
    await exited(first.child);
    const untilKill = (performance.now() - runStarted) / 1000;
    log(`kill -9 with ${before.done}/${before.total} done; restarting`);

    const restarted = performance.now();
    const second = await startServer(env);
    servers.push(second);
    const after = await pollRun(
      second,
      token,
      runId,
      (run) => run.status === 'FINISHED' || run.status === 'INTERRUPTED',
      20 * 60_000,
    );
    const restartToSettled = (performance.now() - restarted) / 1000;
    second.child.kill('SIGTERM');
    await exited(second.child);
    log(`after the restart: ${after.status} in ${restartToSettled.toFixed(1)} s`);

    // What the database holds.
    const schoolId = school.schoolId;
    const [run] = await db
      .select()
      .from(billingRuns)
      .where(and(eq(billingRuns.drivingSchoolId, schoolId), eq(billingRuns.id, runId)));
    const items = await db
      .select()
      .from(billingRunItems)
      .where(
        and(eq(billingRunItems.drivingSchoolId, schoolId), eq(billingRunItems.billingRunId, runId)),
      );
    const documents = await db
      .select()
      .from(paymentDocuments)
      .where(eq(paymentDocuments.drivingSchoolId, schoolId));
    const lineSums = (await db.execute(
      sql`select document_id, count(*)::int as lines, sum(gross)::bigint as gross
        from payment_document_lines where driving_school_id = ${schoolId} group by document_id`,
    )) as unknown as { rows: { document_id: number | string; lines: number; gross: string }[] };
    const linesOf = new Map(
      lineSums.rows.map((row) => [
        Number(row.document_id),
        { lines: row.lines, gross: Number(row.gross) },
      ]),
    );

    const standing = documents.filter(
      (document) => document.type === 'FINAL_INVOICE' && document.status !== 'CANCELLED',
    );
    const perEducation = new Map<number, number>();
    for (const document of standing) {
      const key = document.studentEducationId as number;
      perEducation.set(key, (perEducation.get(key) ?? 0) + 1);
    }
    const numbered = documents.filter((document) => document.number);
    const sequence = numbered
      .map((document) => Number(/(\d+)$/.exec(document.number as string)?.[1]))
      .sort((a, b) => a - b);
    const gapFree =
      new Set(sequence).size === sequence.length &&
      sequence.every(
        (value, index) => index === 0 || value === (sequence[index - 1] as number) + 1,
      );
    const referenced = new Set(items.map((item) => item.documentId).filter(Boolean));
    const files = createFileStore({ dataDir });
    const withoutPdf: string[] = [];
    for (const document of standing) {
      const pdf = document.pdfFileId
        ? await files.read(db, schoolId, document.pdfFileId).catch(() => null)
        : null;
      if (pdf?.bytes.subarray(0, 5).toString() !== '%PDF-') {
        withoutPdf.push(document.number ?? String(document.id));
      }
    }
    const billed = new Set(standing.map((document) => document.studentEducationId));
    const nameOf = new Map(items.map((item) => [item.studentEducationId, item.studentName]));
    return {
      count: options.count,
      doneAtKill: before.done,
      status: run?.status ?? 'MISSING',
      issued: items.filter((item) => item.status === 'ISSUED').length,
      skipped: items.filter((item) => item.status === 'SKIPPED').length,
      failed: items.filter((item) => item.status === 'FAILED').length,
      failures: items.filter((item) => item.status === 'FAILED').map((item) => item.reason ?? ''),
      pendingStudents: items
        .filter((item) => item.status === 'PENDING')
        .map((item) => item.studentName)
        .sort(),
      unbilledStudents: school.educationIds
        .filter((id) => !billed.has(id))
        .map((id) => nameOf.get(id) ?? String(id))
        .sort(),
      invoices: standing.length,
      billedTwice: [...perEducation].filter(([, n]) => n > 1).map(([id]) => id),
      gapFree,
      numbers: {
        first: numbered.map((d) => d.number as string).sort()[0] ?? null,
        last:
          numbered
            .map((d) => d.number as string)
            .sort()
            .at(-1) ?? null,
      },
      unreferenced: standing
        .filter((document) => !referenced.has(document.id))
        .map((document) => document.number ?? String(document.id)),
      incomplete: standing
        .filter((document) => {
          const lines = linesOf.get(document.id);
          return !lines || lines.lines === 0 || lines.gross !== document.totalGross;
        })
        .map((document) => document.number ?? String(document.id)),
      withoutPdf,
      seconds: { setup: setupSeconds, untilKill, restartToSettled },
    };
  } finally {
    for (const server of servers) {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGKILL');
        await exited(server.child);
      }
    }
    await database.close();
    await target.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
