// npm run bench:billing -- [--count 500] [--runs 50] [--warmup 5] [--keep]
//
// A billing run of `--count` final invoices with their PDFs, on a generated school (the
// invoice tests' students: booked products, released lessons), through the API of an app
// built in-process, the job working beside it as on a server. With DATABASE_URL a fresh
// database on that PostgreSQL server (dropped afterwards unless --keep), else a fresh
// embedded PGlite in a temporary DATA_DIR. Prints:
//
// - the run: seconds from POST /billing-runs to FINISHED, documents per second, and the median
//   and p95 per document (the time between two items' commits, the first from the run's start);
// - a single preview (`POST /payment-documents/create-final-invoice-preview`): median and p95
//   of `--runs` calls after `--warmup`, on the educations before the run bills them.
//
// Goals (issue 13): 500 invoices in ≤ 30 s (≥ 16 a second), preview p95 ≤ 300 ms.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { and, asc, eq } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { billingRunItems, billingRuns } from '../db/schema';
import { benchArgs, percentile, signedInApp } from './bench-kit';
import { createBillingSchool, freshPostgresDatabase } from './billing-school';

const { values, runs, warmup } = benchArgs({
  count: { type: 'string', default: '500' },
  keep: { type: 'boolean', default: false },
});
const count = Number(values.count);
if (!Number.isInteger(count) || count < 1) {
  console.error('--count takes a whole number ≥ 1.');
  process.exit(2);
}
const keep = (values as { keep?: boolean }).keep === true;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fw-bench-billing-'));
const serverUrl = process.env.DATABASE_URL;
const target = serverUrl ? await freshPostgresDatabase(serverUrl, 'fw_bench_billing') : null;
const config = {
  ...loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMITS: 'off',
    ...(target ? { DATABASE_URL: target.url } : {}),
  }),
};
const driver = target ? `PostgreSQL (${target.name})` : `PGlite (${dataDir})`;
console.log(`Billing-run benchmark on ${driver}: generating a school of ${count} students …`);
const database = await openDatabase(config);
await database.migrate();
const setupStarted = performance.now();
const school = await createBillingSchool(database.db, {
  students: count,
  onProgress: (done) => process.stdout.write(`  ${done}\r`),
});
console.log(
  `  ${count} finished educations in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
);

const { app, token } = await signedInApp(config, database, school.email, school.password);
const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  app.inject({
    method,
    url: `/api${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

// A single preview, before the run bills the educations.
const previews: number[] = [];
for (let index = 0; index < warmup + runs; index += 1) {
  const educationId = school.educationIds[index % school.educationIds.length] as number;
  const started = performance.now();
  const response = await call(
    'POST',
    `/payment-documents/create-final-invoice-preview?studentEducationId=${educationId}`,
  );
  const ms = performance.now() - started;
  if (response.statusCode !== 200) {
    console.error(`Preview answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
    process.exit(1);
  }
  if (index >= warmup) previews.push(ms);
}
previews.sort((a, b) => a - b);

// The run.
const runStarted = performance.now();
const started = await call('POST', '/billing-runs', { studentEducationIds: school.educationIds });
if (started.statusCode !== 202) {
  console.error(`POST /billing-runs answered ${started.statusCode}: ${started.body}`);
  process.exit(1);
}
const runId = (JSON.parse(started.body) as { id: number }).id;
let last = { status: 'QUEUED', done: 0, issued: 0, skipped: 0, failed: 0 };
for (;;) {
  const response = await call('GET', `/billing-runs/${runId}`);
  last = JSON.parse(response.body) as typeof last;
  if (last.status === 'FINISHED' || last.status === 'INTERRUPTED') break;
  process.stdout.write(`  ${last.done}/${count}\r`);
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const seconds = (performance.now() - runStarted) / 1000;

// Per document: between two items' commits, in the run's order.
const [run] = await database.db
  .select()
  .from(billingRuns)
  .where(and(eq(billingRuns.drivingSchoolId, school.schoolId), eq(billingRuns.id, runId)));
const items = await database.db
  .select({ updatedAt: billingRunItems.updatedAt, status: billingRunItems.status })
  .from(billingRunItems)
  .where(
    and(
      eq(billingRunItems.drivingSchoolId, school.schoolId),
      eq(billingRunItems.billingRunId, runId),
    ),
  )
  .orderBy(asc(billingRunItems.position));
const perDocument: number[] = [];
let previous = run?.startedAt?.getTime() ?? 0;
for (const item of items) {
  perDocument.push(item.updatedAt.getTime() - previous);
  previous = item.updatedAt.getTime();
}
perDocument.sort((a, b) => a - b);
const median = (sorted: number[]) => percentile(sorted, 50);

console.log(`
Billing run of ${count} final invoices with PDFs (${driver}, ${process.arch}, Node ${process.version})
  status                  ${last.status}: ${last.issued} issued, ${last.skipped} skipped, ${last.failed} failed
  total                   ${seconds.toFixed(1)} s   (goal ≤ 30 s for 500)
  documents per second    ${(last.issued / seconds).toFixed(1)}   (goal ≥ 16)
  per document            median ${median(perDocument).toFixed(0)} ms, p95 ${percentile(perDocument, 95).toFixed(0)} ms
Single preview (POST /payment-documents/create-final-invoice-preview), ${runs} calls after ${warmup}
  median ${median(previews).toFixed(0)} ms, p95 ${percentile(previews, 95).toFixed(0)} ms   (goal p95 ≤ 300 ms)`);

await app.close();
await database.close();
if (target && !keep) await target.drop();
if (!keep) await rm(dataDir, { recursive: true, force: true });
else console.log(`kept: ${target ? target.url : dataDir}`);
process.exit(0);
