// npm run bench:students -- [--email owner@…] [--password …] [--runs 200] [--warmup 20]
//
// Latency of the student list (`POST /students/student-list`) on a large school: builds the
// app in-process on the database of the environment (DATABASE_URL — meant for PostgreSQL
// holding a school made by `npm run demo:generate -- --students 50000 --appointments 0`),
// signs in as that school's owner and runs each filtered, sorted page call `--runs` times
// after `--warmup` calls, printing median and p95 per scenario. Beside them: the same page
// fetched by hand-written SQL (count + page with the row's category ids and classes, through
// the same driver, alternating with the calls) and the ratio call ÷ SQL — the price of HTTP,
// auth, validation and mapping (the call's principal and token come from memory after the
// first call, as for any signed-in user's next request). The SQL does the call's work: the same filters, order and paging,
// and the signed-in user's visibility (no condition for a user who sees all students, their
// own students otherwise). Without --email the owner of the newest "Fahrschule Benchmark …"
// school is used (demo:generate's password); an instructor's address measures "own only".
// Not a test: it changes nothing and asserts nothing but that the calls answer 200 and the
// SQL finds the same total and the same rows.
import { performance } from 'node:perf_hooks';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { branches, students } from '../db/schema';
import { likePattern } from '../modules/resources/resource-repository';
import { benchArgs, benchUser, openBenchDatabase, percentile, signedInApp } from './bench-kit';

const { values, runs, warmup } = benchArgs({});

const { config, database, db } = await openBenchDatabase();

// The school and its owner.
const { email, schoolId, userId, studentVisibility } = await benchUser(db, values.email);
const [{ count } = { count: 0 }] = await db
  .select({ count: sql<number>`count(*)::int` })
  .from(students)
  .where(eq(students.drivingSchoolId, schoolId));

const { app, token } = await signedInApp(config, database, email, values.password);

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

type Scenario = {
  name: string;
  body: Record<string, unknown>;
  /** The same page by hand: conditions beyond school, archive flag and visibility; order. */
  raw: { where: SQL[]; orderBy: SQL; archived?: boolean; offset: number };
};

const search = name?.prefix ?? 'mül';
const pattern = likePattern(search);
const scenarios: Scenario[] = [
  {
    name: 'first page, by last name',
    body: { page: 0, size: 25, sort: [{ field: 'lastName' }, { field: 'firstName' }] },
    raw: { where: [], orderBy: sql`lower(s.last_name), lower(s.first_name), s.id`, offset: 0 },
  },
  {
    name: `deep page 400, by registration date desc`,
    body: { page: 400, size: 25, sort: [{ field: 'registrationDate', direction: 'desc' }] },
    raw: { where: [], orderBy: sql`s.registration_date desc, s.id desc`, offset: 400 * 25 },
  },
  {
    name: `search "${search}" + class B, by last name`,
    body: { page: 0, size: 25, search, licenseClass: 'B', sort: [{ field: 'lastName' }] },
    raw: {
      where: [
        // The search text is "First Last", e-mail, phones and licence number, lower-cased.
        sql`s.search_text like lower(${pattern})`,
        // The classes of the active educations, kept on the student by the database.
        sql`s.education_classes @> array['B']`,
      ],
      orderBy: sql`lower(s.last_name), s.id`,
      offset: 0,
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
    raw: {
      where: [
        ...(branch ? [sql`s.branch_id = ${branch.id}`] : []),
        ...(instructor?.id ? [sql`s.instructor_id = ${instructor.id}`] : []),
        sql`exists (select 1 from student_educations e where e.driving_school_id = s.driving_school_id
          and e.student_id = s.id and not e.archived and e.status = 'IN_TRAINING')`,
      ],
      orderBy: sql`s.birth_date desc, s.id desc`,
      offset: 25,
    },
  },
  {
    name: 'archived, by last name',
    body: { page: 0, size: 25, archived: true, sort: [{ field: 'lastName' }] },
    raw: { where: [], orderBy: sql`lower(s.last_name), s.id`, archived: true, offset: 0 },
  },
];

/**
 * The page as one would write it by hand: the count and the rows (with the list row's
 * category ids and licence classes), sent together like the app sends its queries. The
 * rows are found by their ids first (from an index alone where one serves), and the
 * category ids are looked up for the page's rows only; the classes are the students'
 * column the database keeps.
 */
async function rawPage(scenario: Scenario) {
  const where = sql.join(
    [
      sql`s.driving_school_id = ${schoolId}`,
      sql`s.archived = ${scenario.raw.archived ?? false}`,
      // The caller's visibility, as the call reads it with the token's user: a user who
      // sees all students needs no condition, one who sees their own is cut to them.
      ...(studentVisibility === 'ALL' ? [] : [sql`s.instructor_id = ${userId}`]),
      ...scenario.raw.where,
    ],
    sql` and `,
  );
  const [page, counted] = await Promise.all([
    db.execute(sql`select s.id, s.first_name, s.last_name, s.birth_date, s.email,
        s.phone_mobile, s.branch_id, s.instructor_id, s.main_class, s.payment_workflow,
        s.registration_date, s.first_login_date, s.learning_app_login_allowed, s.archived,
        coalesce((select json_agg(a.student_category_id order by a.student_category_id)
          from student_category_assignments a
          where a.driving_school_id = s.driving_school_id and a.student_id = s.id), '[]'::json) as category_ids,
        s.education_classes
      from students s
      where s.driving_school_id = ${schoolId} and s.id = any(array(
        select s.id from students s where ${where}
        order by ${scenario.raw.orderBy} limit 25 offset ${scenario.raw.offset}))
      order by ${scenario.raw.orderBy}`),
    db.execute(sql`select count(*)::int as total from students s where ${where}`),
  ]);
  const rows = (page as unknown as { rows: { id: number | string }[] }).rows;
  const total = (counted as unknown as { rows: { total: number }[] }).rows[0]?.total ?? 0;
  return { ids: rows.map((row) => Number(row.id)), total };
}

console.log(
  `School ${schoolId} (${count} students), ${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}, ` +
    `as ${email} (sees ${studentVisibility === 'ALL' ? 'all' : 'own'} students); ` +
    `${warmup} warm-up + ${runs} measured calls per scenario.`,
);
const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;
for (const scenario of scenarios) {
  const call = async () => {
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/students/student-list',
      headers: { authorization: `Bearer ${token}` },
      payload: scenario.body,
    });
    const elapsed = performance.now() - started;
    if (response.statusCode !== 200) {
      throw new Error(`${scenario.name}: ${response.statusCode} ${response.body}`);
    }
    const body = JSON.parse(response.body) as { total: number; data: { id: number }[] };
    return { ms: elapsed, total: body.total, ids: body.data.map((row) => row.id) };
  };
  const raw = async () => {
    const started = performance.now();
    const result = await rawPage(scenario);
    return { ms: performance.now() - started, ...result };
  };
  for (let i = 0; i < warmup; i += 1) {
    await call();
    await raw();
  }
  const times: number[] = [];
  const rawTimes: number[] = [];
  let total = 0;
  for (let i = 0; i < runs; i += 1) {
    const result = await call();
    const byHand = await raw();
    times.push(result.ms);
    rawTimes.push(byHand.ms);
    total = result.total;
    // The hand-written SQL must answer the same page, else the comparison means nothing.
    if (byHand.total !== result.total || byHand.ids.join() !== result.ids.join()) {
      throw new Error(
        `${scenario.name}: the SQL answers ${byHand.total} [${byHand.ids.join()}], the call ` +
          `${result.total} [${result.ids.join()}]`,
      );
    }
  }
  times.sort((a, b) => a - b);
  rawTimes.sort((a, b) => a - b);
  const [median, p95] = [percentile(times, 50), percentile(times, 95)];
  const [rawMedian, rawP95] = [percentile(rawTimes, 50), percentile(rawTimes, 95)];
  console.log(
    `${scenario.name.padEnd(62)} total ${String(total).padStart(6)}  ` +
      `median ${ms(median)}  p95 ${ms(p95)}  max ${ms(times.at(-1) ?? 0)}  |  ` +
      `SQL median ${ms(rawMedian)}  p95 ${ms(rawP95)}  |  ` +
      `ratio median ${(median / rawMedian).toFixed(2)}×  p95 ${(p95 / rawP95).toFixed(2)}×`,
  );
}

await app.close();
await database.close();
