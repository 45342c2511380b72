// npm run bench:students -- [--email owner@…] [--password …] [--runs 200] [--warmup 20]
//
// Latency of the student list (`POST /students/student-list`) on a large school: builds the
// app in-process on the database of the environment (DATABASE_URL — meant for PostgreSQL
// holding a school made by `npm run demo:generate -- --students 50000 --appointments 0`),
// signs in as that school's owner and runs each filtered, sorted page call `--runs` times
// after `--warmup` calls, printing median and p95 per scenario. Without --email the owner
// of the newest "Fahrschule Benchmark …" school is used (demo:generate's password).
// Not a test: it changes nothing and asserts nothing but that the calls answer 200.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { and, desc, eq, like, sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { branches, drivingSchools, students, users } from '../db/schema';
import { bundleOpenApi, loadOpenApiDocument } from '../http/openapi-document';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string', default: 'Bench#Mark2026' },
    runs: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '20' },
  },
});
const runs = Number(values.runs);
const warmup = Number(values.warmup);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(warmup) || warmup < 0) {
  console.error('--runs and --warmup take whole numbers (runs ≥ 1).');
  process.exit(2);
}

const config = { ...loadConfig(), logLevel: 'warn' as const };
if (!config.databaseUrl) {
  console.warn('DATABASE_URL is not set: measuring the PGlite database in DATA_DIR.');
}
const database = await openDatabase(config);
await database.migrate();
const { db } = database;

// The school and its owner.
let email = values.email;
if (!email) {
  const [owner] = await db
    .select({ email: users.email })
    .from(users)
    .innerJoin(drivingSchools, eq(drivingSchools.id, users.drivingSchoolId))
    .where(like(drivingSchools.name, 'Fahrschule Benchmark %'))
    .orderBy(desc(drivingSchools.id), users.id)
    .limit(1);
  if (!owner) {
    console.error('No "Fahrschule Benchmark" school found: run npm run demo:generate first.');
    process.exit(1);
  }
  email = owner.email;
}
const [user] = await db
  .select({ schoolId: users.drivingSchoolId })
  .from(users)
  .where(sql`lower(${users.email}) = lower(${email})`);
if (!user) {
  console.error(`No user ${email}.`);
  process.exit(1);
}
const schoolId = user.schoolId;
const [{ count } = { count: 0 }] = await db
  .select({ count: sql<number>`count(*)::int` })
  .from(students)
  .where(eq(students.drivingSchoolId, schoolId));

bundleOpenApi();
const app = await buildApp(config, {
  database,
  document: loadOpenApiDocument(),
  logger: false,
});
await app.ready();

const signIn = await app.inject({
  method: 'POST',
  url: '/api/generate-token',
  payload: { email, password: values.password },
});
if (signIn.statusCode !== 200) {
  console.error(`Sign-in as ${email} failed (${signIn.statusCode}): ${signIn.body}`);
  process.exit(1);
}
const token = (JSON.parse(signIn.body) as { token: string }).token;

// Filter values that exist in the school: a frequent last-name prefix, a branch, an instructor.
const [name] = await db
  .select({ prefix: sql<string>`left(lower(${students.lastName}), 3)`, n: sql<number>`count(*)` })
  .from(students)
  .where(eq(students.drivingSchoolId, schoolId))
  .groupBy(sql`1`)
  .orderBy(sql`2 desc`)
  .limit(1);
const [branch] = await db
  .select({ id: branches.id })
  .from(branches)
  .where(eq(branches.drivingSchoolId, schoolId))
  .orderBy(branches.id)
  .limit(1);
const [instructor] = await db
  .select({ id: students.instructorId, n: sql<number>`count(*)` })
  .from(students)
  .where(and(eq(students.drivingSchoolId, schoolId), sql`${students.instructorId} is not null`))
  .groupBy(students.instructorId)
  .orderBy(sql`2 desc`)
  .limit(1);

const scenarios: { name: string; body: Record<string, unknown> }[] = [
  {
    name: 'first page, by last name',
    body: { page: 0, size: 25, sort: [{ field: 'lastName' }, { field: 'firstName' }] },
  },
  {
    name: `deep page 400, by registration date desc`,
    body: { page: 400, size: 25, sort: [{ field: 'registrationDate', direction: 'desc' }] },
  },
  {
    name: `search "${name?.prefix}" + class B, by last name`,
    body: {
      page: 0,
      size: 25,
      search: name?.prefix ?? 'mül',
      licenseClass: 'B',
      sort: [{ field: 'lastName' }],
    },
  },
  {
    name: 'branch + instructor + status IN_TRAINING, page 2, by birth date',
    body: {
      page: 1,
      size: 25,
      branchIds: branch ? [branch.id] : [],
      instructorIds: instructor?.id ? [instructor.id] : [],
      educationStatus: 'IN_TRAINING',
      sort: [{ field: 'birthDate', direction: 'desc' }],
    },
  },
  {
    name: 'archived, by last name',
    body: { page: 0, size: 25, archived: true, sort: [{ field: 'lastName' }] },
  },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;

console.log(
  `School ${schoolId} (${count} students), ${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}; ` +
    `${warmup} warm-up + ${runs} measured calls per scenario.`,
);
for (const scenario of scenarios) {
  const call = async () => {
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/students/student-list',
      headers: { authorization: `Bearer ${token}` },
      payload: scenario.body,
    });
    const ms = performance.now() - started;
    if (response.statusCode !== 200) {
      throw new Error(`${scenario.name}: ${response.statusCode} ${response.body}`);
    }
    return { ms, total: (JSON.parse(response.body) as { total: number }).total };
  };
  for (let i = 0; i < warmup; i += 1) await call();
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < runs; i += 1) {
    const result = await call();
    times.push(result.ms);
    total = result.total;
  }
  times.sort((a, b) => a - b);
  console.log(
    `${scenario.name.padEnd(62)} total ${String(total).padStart(6)}  ` +
      `median ${percentile(times, 50).toFixed(1).padStart(7)} ms  p95 ${percentile(times, 95)
        .toFixed(1)
        .padStart(7)} ms  max ${(times.at(-1) ?? 0).toFixed(1).padStart(7)} ms`,
  );
}

await app.close();
await database.close();
