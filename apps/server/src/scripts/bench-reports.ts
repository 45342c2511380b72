// npm run bench:reports -- [--email owner@…] [--password …] [--to 2026-11-27] [--runs 30] [--warmup 3]
//
// Latency of every report (`POST /reports/…`) for one year on a large school: builds the app
// in-process on the database of the environment (DATABASE_URL — meant for PostgreSQL holding
// a school made by `npm run demo:generate -- --students 50000 --appointments 2000000`), signs
// in as that school's owner and runs each report `--runs` times after `--warmup` calls for the
// 12 months up to `--to` (default today), then once more restricted to one branch. Printed per
// report: median and p95 of the HTTP call and of the report's SQL alone (the module's query
// function on the same driver, no HTTP, auth, validation or JSON), and the ratio call ÷ SQL.
// Also the office dashboard (`GET /office-dashboard`) and one XLSX export of the largest list.
// Not a test: it asserts nothing but that the calls answer 200 and agree with the functions.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { AuthContext } from '../http/auth';
import { officeDashboard } from '../modules/reports/office-dashboard';
import { computeReport, type ReportKind } from '../modules/reports/report-files';
import { addDays, berlinToday } from '../modules/resources/kit';
import { benchArgs, benchUser, openBenchDatabase, percentile, signedInApp } from './bench-kit';

const { values, runs, warmup } = benchArgs({ to: { type: 'string' } });
const to = values.to ?? berlinToday();
const from = addDays(to, -364);

const { config, database, db } = await openBenchDatabase();
const user = await benchUser(db, values.email);
const { app, token } = await signedInApp(config, database, user.email, values.password);

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
const [counts] = rowsOf(
  await db.execute(sql`select
      (select count(*) from students where driving_school_id = ${user.schoolId})::int as students,
      (select count(*) from appointments where driving_school_id = ${user.schoolId})::int as appointments,
      (select count(*) from appointments where driving_school_id = ${user.schoolId}
        and date between ${from}::date and ${to}::date)::int as in_year,
      (select count(*) from payments where driving_school_id = ${user.schoolId})::int as payments,
      (select count(*) from exam_participants where driving_school_id = ${user.schoolId})::int as exam_participants,
      (select min(id) from branches where driving_school_id = ${user.schoolId})::int as branch`),
);
const branchId = Number(counts?.branch);

const REPORTS: [ReportKind, string][] = [
  ['PAYMENTS_PER_DRIVING_SCHOOL', 'payments-per-driving-school'],
  ['BALANCE_PER_DRIVING_SCHOOL', 'balance-per-driving-school'],
  ['SALES_PER_INSTRUCTOR', 'sales-per-instructor'],
  ['PRACTICAL_EXAM_SUCCESS_RATE', 'practical-exam-success-rate'],
  ['THEORY_EXAM_SUCCESS_RATE', 'theory-exam-success-rate'],
  ['SUCCESSFULLY_PASSED_PRACTICAL_EXAMS', 'successfully-passed-practical-exams'],
  ['SUCCESSFULLY_PASSED_THEORY_EXAMS', 'successfully-passed-theory-exams'],
  ['KM_PER_DRIVING_LESSON', 'km-per-driving-lesson'],
  ['EDUCATION_DURATION', 'education-duration'],
];

const timed = async <T>(run: () => Promise<T>) => {
  const started = performance.now();
  const result = await run();
  return { ms: performance.now() - started, result };
};

async function call(method: 'GET' | 'POST', url: string, payload?: unknown, accept?: string) {
  const { ms, result } = await timed(() =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: { authorization: `Bearer ${token}`, ...(accept ? { accept } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    }),
  );
  if (result.statusCode !== 200) {
    console.error(`${method} ${url} answered ${result.statusCode}: ${result.body.slice(0, 300)}`);
    process.exit(1);
  }
  return { ms, body: result.body, size: result.rawPayload.length };
}

const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95) };
};
const ms = (value: number) => value.toFixed(1).padStart(7);

/** JSON with every object's keys sorted (the dashboard's tiles arrive in any order). */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );

type Line = { name: string; call: number[]; sql: number[]; size: number };

async function measure(
  name: string,
  runCall: () => Promise<{ ms: number; size: number; body: string }>,
  runSql: () => Promise<unknown>,
): Promise<Line> {
  const line: Line = { name, call: [], sql: [], size: 0 };
  for (let i = 0; i < warmup + runs; i++) {
    // Alternating, so a busy moment of the machine hits both alike.
    const answered = await runCall();
    const direct = await timed(runSql);
    if (i === 0 && canonical(JSON.parse(answered.body)) !== canonical(direct.result)) {
      console.error(`${name}: the call and the function disagree.`);
      process.exit(1);
    }
    if (i < warmup) continue;
    line.call.push(answered.ms);
    line.sql.push(direct.ms);
    line.size = answered.size;
  }
  print(line);
  return line;
}

const auth = {
  userId: user.userId,
  drivingSchoolId: user.schoolId,
  roleId: 0,
  permissions: new Set<string>(),
} as AuthContext;
// The owner's permissions, as the call reads them (every module).
for (const row of rowsOf(
  await db.execute(sql`select distinct rp.permission from role_permissions rp
    join user_roles ur on ur.role_id = rp.role_id where ur.user_id = ${user.userId}`),
)) {
  (auth.permissions as Set<string>).add(String(row.permission));
}

console.log(
  `School ${user.schoolId} (${user.email}): ${counts?.students} students, ${counts?.appointments} appointments (${counts?.in_year} in the period), ${counts?.payments} payments, ${counts?.exam_participants} exam participations.`,
);
console.log(`Period ${from} … ${to}; ${runs} runs after ${warmup} warm-up calls each.\n`);

const header = `${'report'.padEnd(48)} ${'call p50'.padStart(8)} ${'call p95'.padStart(8)} ${'SQL p50'.padStart(8)} ${'SQL p95'.padStart(8)}  ratio  answer`;
const print = (line: Line) => {
  const c = stats(line.call);
  const s = stats(line.sql);
  console.log(
    `${line.name.padEnd(48)} ${ms(c.median)}  ${ms(c.p95)}  ${ms(s.median)}  ${ms(s.p95)}  ${(c.median / s.median).toFixed(2).padStart(5)}  ${(line.size / 1024).toFixed(1)} kB`,
  );
};
console.log(header);
const lines: Line[] = [];
for (const [kind, path] of REPORTS) {
  const filter = { from, to };
  lines.push(
    await measure(
      `${path}`,
      () => call('POST', `/reports/${path}`, filter),
      () => computeReport(db, user.schoolId, kind, filter),
    ),
  );
}
for (const [kind, path] of [REPORTS[2], REPORTS[7]] as [ReportKind, string][]) {
  const filter = { from, to, branchIds: [branchId] };
  lines.push(
    await measure(
      `${path} (one branch)`,
      () => call('POST', `/reports/${path}`, filter),
      () => computeReport(db, user.schoolId, kind, filter),
    ),
  );
}
const today = berlinToday();
lines.push(
  await measure(
    'office dashboard (owner)',
    () => call('GET', '/office-dashboard'),
    () => officeDashboard(db, auth, today),
  ),
);

const xlsx = await call(
  'POST',
  '/reports/successfully-passed-theory-exams/export',
  { from, to },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
);
console.log(
  `\nXLSX of the passed theory exams (unlimited): ${xlsx.ms.toFixed(0)} ms, ${(xlsx.size / 1024).toFixed(0)} kB.`,
);
await app.close();
await database.close?.();
process.exit(0);
