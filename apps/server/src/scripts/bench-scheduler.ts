// npm run bench:scheduler -- [--email owner@…] [--password …] [--monday 2026-11-23] [--runs 200] [--warmup 20]
//
// Latency of the scheduler's calls on a large school: builds the app in-process on the
// database of the environment (DATABASE_URL — meant for PostgreSQL holding a school made by
// `npm run demo:generate -- --students 50000 --appointments 2000000`), signs in as that
// school's owner and runs each call `--runs` times after `--warmup` calls, printing median
// and p95 per scenario:
//
// - `POST /calendar/filter` for one week (Monday to Sunday) × 30 instructors;
// - the checks the client runs before booking one 90-minute driving lesson:
//   `POST /calendar/instructor/{id}/check-overlapping-appointments` and
//   `…/check-working-hours`, each and their sum;
// - the same two `/repeating-event/` checks for a 26-week weekly series.
//
// Beside each call: the same question answered by hand-written SQL of the shape the handler
// needs (the filter: the range's appointments of the instructors with the names of student
// (looked up by key), instructor and vehicles, counted only when cut at 5,000; the overlap
// check: the overlap query; the hours check: the practical minutes per day), through the same
// driver, alternating with the
// calls, and the ratio call ÷ SQL — the price of HTTP, auth, validation, the handler's other
// queries and mapping. Without --email the owner of the newest "Fahrschule Benchmark …"
// school is used (demo:generate's password). Without --monday, the Monday of this week.
// Not a test: it changes nothing and asserts nothing but that the calls answer 200 and the
// SQL finds the same rows (filter: ids and total; overlaps: the conflicting appointments;
// hours: the days over the daily limit and their minutes).
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { appointments } from '../db/schema';
import { occurrenceDates } from '../modules/appointments/occurrences';
import { addDays, berlinToday, weekdayIndex } from '../modules/resources/kit';
import { benchArgs, benchUser, openBenchDatabase, percentile, signedInApp } from './bench-kit';

const { values, runs, warmup } = benchArgs({ monday: { type: 'string' } });
const today = berlinToday();
const monday = values.monday ?? addDays(today, -weekdayIndex(today));
if (!/^\d{4}-\d{2}-\d{2}$/.test(monday) || weekdayIndex(monday) !== 0) {
  console.error('--monday takes the ISO date of a Monday.');
  process.exit(2);
}
const sunday = addDays(monday, 6);

const { config, database, db } = await openBenchDatabase();

// The school and its owner.
const user = await benchUser(db, values.email);
const { email, schoolId } = user;
if (user.studentVisibility !== 'ALL') {
  // The SQL below shows every student's name, as the call does for a user who sees all.
  console.error(`${email} sees only own students: measure as a user who sees all.`);
  process.exit(1);
}
const [{ count } = { count: 0 }] = await db
  .select({ count: sql<number>`count(*)::int` })
  .from(appointments)
  .where(eq(appointments.drivingSchoolId, schoolId));

const { app, token } = await signedInApp(config, database, email, values.password);

type Rows = { rows: Record<string, unknown>[] };
const rowsOf = (result: unknown) => (result as Rows).rows;

// The week's 30 instructors: those with appointments that week, by id.
const instructorIds = rowsOf(
  await db.execute(sql`select instructor_id from appointments
    where driving_school_id = ${schoolId} and date between ${monday} and ${sunday}
    group by instructor_id order by instructor_id limit 30`),
).map((row) => Number(row.instructor_id));
if (instructorIds.length < 30) {
  console.error(
    `Only ${instructorIds.length} instructors have appointments ${monday} … ${sunday}.`,
  );
  process.exit(1);
}
// The lesson to check: the first instructor's first 90-minute driving lesson on the
// Wednesday, checked again at its own time (so the overlap check finds it) for its student.
const wednesday = addDays(monday, 2);
const [lesson] = rowsOf(
  await db.execute(sql`select instructor_id, date::text, to_char(start_time, 'HH24:MI') as start_time,
      student_education_id, license_class, vehicle_id, branch_id
    from appointments
    where driving_school_id = ${schoolId} and instructor_id = ${instructorIds[0] as number}
      and date = ${wednesday} and type = 'DRIVING' and minutes = 90
    order by start_time limit 1`),
);
if (!lesson) {
  console.error(`No 90-minute driving lesson of instructor ${instructorIds[0]} on ${wednesday}.`);
  process.exit(1);
}
const instructorId = Number(lesson.instructor_id);
const checkBody = {
  type: 'DRIVING',
  date: String(lesson.date),
  startTime: String(lesson.start_time),
  minutes: 90,
  instructorId,
  ...(lesson.student_education_id
    ? { studentEducationId: Number(lesson.student_education_id) }
    : {}),
  ...(lesson.license_class ? { licenseClass: String(lesson.license_class) } : {}),
  ...(lesson.vehicle_id ? { vehicleId: Number(lesson.vehicle_id) } : {}),
  ...(lesson.branch_id ? { branchId: Number(lesson.branch_id) } : {}),
};
const seriesBody = {
  ...checkBody,
  repeatRule: 'WEEKLY',
  repeatUntil: addDays(checkBody.date, 25 * 7),
};
const seriesDates = occurrenceDates(seriesBody.date, 'WEEKLY', seriesBody.repeatUntil);

// ---- the SQL of each question --------------------------------------------------------------

/**
 * The week of the instructors: rows with the names, each student found by its key (the fastest
 * plan; a plain join hashes every student of the school), counted only when cut at 5,000.
 */
async function rawFilter() {
  const ids = sql.join(
    instructorIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const where = sql`a.driving_school_id = ${schoolId} and a.date >= ${monday} and a.date <= ${sunday}
    and a.instructor_id in (${ids})`;
  const page = await db.execute(sql`select a.*, s.first_name as student_first_name,
        s.last_name as student_last_name, s.instructor_id as student_instructor_id,
        u.first_name as instructor_first_name, u.last_name as instructor_last_name,
        v.name as vehicle_name, t.name as trailer_name, e.name as escort_vehicle_name
      from appointments a
      join users u on u.driving_school_id = ${schoolId} and u.id = a.instructor_id
      left join lateral (select first_name, last_name, instructor_id from students
        where driving_school_id = ${schoolId} and id = a.student_id limit 1) s on true
      left join vehicles v on v.driving_school_id = ${schoolId} and v.id = a.vehicle_id
      left join vehicles t on t.driving_school_id = ${schoolId} and t.id = a.trailer_id
      left join vehicles e on e.driving_school_id = ${schoolId} and e.id = a.escort_vehicle_id
      where ${where}
      order by a.date, a.start_time, a.id
      limit 5000`);
  const rows = rowsOf(page);
  const total =
    rows.length < 5000
      ? rows.length
      : Number(
          rowsOf(
            await db.execute(sql`select count(*)::int as total from appointments a where ${where}`),
          )[0]?.total ?? 0,
        );
  return { ids: rows.map((row) => Number(row.id)), total };
}

const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The instructor's appointments overlapping the lesson on the dates, with the student's name. */
async function rawOverlaps(dates: string[]) {
  const start = minuteOf(checkBody.startTime);
  const end = Math.min(1440, start + checkBody.minutes);
  const onDates =
    dates.length === 1
      ? sql`a.date = ${dates[0] as string}`
      : sql`a.date in (${sql.join(
          dates.map((date) => sql`${date}`),
          sql`, `,
        )})`;
  const rows = rowsOf(
    await db.execute(sql`select a.id, a.type, a.date, a.start_time, a.minutes, a.instructor_id,
        a.vehicle_id, a.trailer_id, a.escort_vehicle_id, a.title, s.first_name, s.last_name
      from appointments a
      left join students s on s.driving_school_id = a.driving_school_id and s.id = a.student_id
      where a.driving_school_id = ${schoolId} and ${onDates} and a.instructor_id = ${instructorId}
        and extract(epoch from a.start_time) / 60 < ${end}
        and extract(epoch from a.start_time) / 60 + a.minutes > ${start}
      order by a.date, a.start_time
      limit 2000`),
  );
  return rows.map((row) => Number(row.id));
}

/** The instructor's minutes of practical instruction per date. */
async function rawDaySums(dates: string[]) {
  const rows = rowsOf(
    await db.execute(sql`select a.date::text as date, sum(a.minutes)::int as minutes
      from appointments a
      where a.driving_school_id = ${schoolId} and a.instructor_id = ${instructorId}
        and a.date in (${sql.join(
          dates.map((date) => sql`${date}`),
          sql`, `,
        )})
        and a.type in ('DRIVING', 'EXAM')
      group by a.date`),
  );
  return new Map(rows.map((row) => [String(row.date), Number(row.minutes)]));
}

// ---- the calls and what they found ---------------------------------------------------------

type Finding = {
  kind: string;
  date: string;
  dayMinutes?: number;
  conflictingAppointment?: { appointmentId: number };
};
type CheckAnswer = {
  findings?: Finding[];
  occurrences?: { date: string; findings: Finding[] }[];
};

async function post(url: string, payload: unknown) {
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { authorization: `Bearer ${token}` },
    payload: payload as Record<string, unknown>,
  });
  const ms = performance.now() - started;
  if (response.statusCode !== 200) {
    throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  }
  return { ms, body: JSON.parse(response.body) as unknown };
}

const findingsOf = (answer: CheckAnswer) =>
  answer.findings ?? (answer.occurrences ?? []).flatMap((o) => o.findings);
const overlapIdsOf = (answer: CheckAnswer) =>
  findingsOf(answer)
    .filter((f) => f.kind === 'INSTRUCTOR_OVERLAP')
    .map((f) => f.conflictingAppointment?.appointmentId);
/** The days over the limit, as the call answers them and as the SQL's sums give them. */
const limitDaysOf = (answer: CheckAnswer) =>
  findingsOf(answer)
    .filter((f) => f.kind === 'DAILY_LIMIT')
    .map((f) => `${f.date}:${f.dayMinutes}`)
    .sort()
    .join();
const limitDaysBySql = (sums: Map<string, number>) =>
  [...sums]
    .map(([date, minutes]) => [date, minutes + checkBody.minutes] as const)
    .filter(([, minutes]) => minutes > 495)
    .map(([date, minutes]) => `${date}:${Math.min(1440, minutes)}`)
    .sort()
    .join();

type Measured = { ms: number; found: string; size: number };
type Scenario = {
  name: string;
  call: () => Promise<Measured>;
  raw: () => Promise<Measured>;
};

const timed = async <T>(run: () => Promise<T>) => {
  const started = performance.now();
  const result = await run();
  return { ms: performance.now() - started, result };
};

const filterBody = { from: monday, to: sunday, instructorIds };
const overlapCall = (repeating: boolean) => async (): Promise<Measured> => {
  const prefix = `/calendar/instructor/${instructorId}${repeating ? '/repeating-event' : ''}`;
  const { ms, body } = await post(
    `${prefix}/check-overlapping-appointments`,
    repeating ? seriesBody : checkBody,
  );
  const ids = overlapIdsOf(body as CheckAnswer);
  return { ms, found: ids.join(), size: ids.length };
};
const overlapRaw = (dates: string[]) => async (): Promise<Measured> => {
  const { ms, result } = await timed(() => rawOverlaps(dates));
  return { ms, found: result.join(), size: result.length };
};
const hoursCall = (repeating: boolean) => async (): Promise<Measured> => {
  const prefix = `/calendar/instructor/${instructorId}${repeating ? '/repeating-event' : ''}`;
  const { ms, body } = await post(
    `${prefix}/check-working-hours`,
    repeating ? seriesBody : checkBody,
  );
  const found = limitDaysOf(body as CheckAnswer);
  return { ms, found, size: found ? found.split(',').length : 0 };
};
const hoursRaw = (dates: string[]) => async (): Promise<Measured> => {
  const { ms, result } = await timed(() => rawDaySums(dates));
  const found = limitDaysBySql(result);
  return { ms, found, size: found ? found.split(',').length : 0 };
};
const both =
  (first: () => Promise<Measured>, second: () => Promise<Measured>) =>
  async (): Promise<Measured> => {
    const a = await first();
    const b = await second();
    return { ms: a.ms + b.ms, found: `${a.found}|${b.found}`, size: a.size + b.size };
  };

const scenarios: Scenario[] = [
  {
    name: `filter: week ${monday} × 30 instructors`,
    call: async () => {
      const { ms, body } = await post('/calendar/filter', filterBody);
      const answer = body as {
        total: number;
        data: { appointment: { id: number }; theoryLessonId?: number }[];
      };
      // The week's theory lessons follow the appointments (and count in total); the SQL
      // answers the appointments.
      const appointmentsOnly = answer.data.filter((entry) => entry.theoryLessonId === undefined);
      const ids = appointmentsOnly.map((entry) => entry.appointment.id);
      const total = answer.total - (answer.data.length - appointmentsOnly.length);
      return { ms, found: `${total}:${ids.join()}`, size: answer.total };
    },
    raw: async () => {
      const { ms, result } = await timed(rawFilter);
      return { ms, found: `${result.total}:${result.ids.join()}`, size: result.total };
    },
  },
  {
    name: 'single: overlap check',
    call: overlapCall(false),
    raw: overlapRaw([checkBody.date]),
  },
  {
    name: 'single: working-hours check',
    call: hoursCall(false),
    raw: hoursRaw([checkBody.date]),
  },
  {
    name: 'single: both (sum)',
    call: both(overlapCall(false), hoursCall(false)),
    raw: both(overlapRaw([checkBody.date]), hoursRaw([checkBody.date])),
  },
  {
    name: `series ×${seriesDates.length}: overlap check`,
    call: overlapCall(true),
    raw: overlapRaw(seriesDates),
  },
  {
    name: `series ×${seriesDates.length}: working-hours check`,
    call: hoursCall(true),
    raw: hoursRaw(seriesDates),
  },
  {
    name: `series ×${seriesDates.length}: both (sum)`,
    call: both(overlapCall(true), hoursCall(true)),
    raw: both(overlapRaw(seriesDates), hoursRaw(seriesDates)),
  },
];

console.log(
  `School ${schoolId} (${count} appointments), ${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}, ` +
    `as ${email}; week ${monday} … ${sunday}; lesson ${checkBody.date} ${checkBody.startTime} ` +
    `90 min of instructor ${instructorId}, series weekly until ${seriesBody.repeatUntil}; ` +
    `${warmup} warm-up + ${runs} measured calls per scenario.`,
);
const ms = (value: number) => value.toFixed(1).padStart(7);
const header = `${'scenario'.padEnd(40)} ${'found'.padStart(6)} | ${'median'.padStart(7)} ${'p95'.padStart(7)} ${'max'.padStart(7)} | ${'SQL med'.padStart(7)} ${'SQL p95'.padStart(7)} | ${'ratio med'.padStart(9)} ${'ratio p95'.padStart(9)}   (ms)`;
console.log(header);
console.log('-'.repeat(header.length));
for (const scenario of scenarios) {
  for (let i = 0; i < warmup; i += 1) {
    await scenario.call();
    await scenario.raw();
  }
  const times: number[] = [];
  const rawTimes: number[] = [];
  let size = 0;
  for (let i = 0; i < runs; i += 1) {
    const result = await scenario.call();
    const byHand = await scenario.raw();
    times.push(result.ms);
    rawTimes.push(byHand.ms);
    size = result.size;
    // The SQL must answer the same rows, else the comparison means nothing.
    if (result.found !== byHand.found) {
      throw new Error(
        `${scenario.name}: the SQL finds ${byHand.found.slice(0, 300)}, the call ${result.found.slice(0, 300)}`,
      );
    }
  }
  times.sort((a, b) => a - b);
  rawTimes.sort((a, b) => a - b);
  const [median, p95] = [percentile(times, 50), percentile(times, 95)];
  const [rawMedian, rawP95] = [percentile(rawTimes, 50), percentile(rawTimes, 95)];
  console.log(
    `${scenario.name.padEnd(40)} ${String(size).padStart(6)} | ${ms(median)} ${ms(p95)} ${ms(times.at(-1) ?? 0)} | ` +
      `${ms(rawMedian)} ${ms(rawP95)} | ${`${(median / rawMedian).toFixed(2)}×`.padStart(9)} ${`${(p95 / rawP95).toFixed(2)}×`.padStart(9)}`,
  );
}
console.log(
  'Goals (p95): filter ≤ 30 ms, single check (both) ≤ 10 ms, series check (both) ≤ 50 ms.',
);

await app.close();
await database.close();
