// npm run bench:load -- [--sessions 200] [--rate 1] [--schools 5] [--duration 20] [--warmup 5] [--keep] [--database fw_load_…] [--cpu-prof DIR]
//
// Load on one and on two server instances (issue 18): `--sessions` staff sessions (default
// 200, each a signed-in office user of one of `--schools` demo schools) call the server
// over loopback at once for `--duration` seconds after `--warmup` seconds, first against one
// instance, then against two (each taking half of the connections; every session's token is
// used on both: no sticky sessions). Each session makes at most `--rate` calls a second
// (default 1 — a member of staff working flat out; a real one makes a call every few
// seconds); `--rate 0` calls again as soon as the answer is in, which measures the most the
// machine answers (latency then is mostly queueing: sessions ÷ answers per second). The
// load is bounded: one HTTP connection per session, a fixed time per phase.
//
// Each connection repeats the back office's calls, one after the other, each cycle as the
// next session (round robin over all of them):
//
// 1. the student list (`POST /students/student-list`, page 1–4 of 25 by last name);
// 2. the scheduler week (`POST /calendar/filter`, this week, five instructors);
// 3.–5. a booking's checks: the instructor's overlaps and working hours, the vehicle's
//    overlaps (the client runs them in parallel; here one after the other);
// 6. the booking itself (`POST /appointments`, a 90-minute class B lesson of a student of
//    the school, 4–25 weeks ahead so the measured week stays as it is), confirming what the
//    checks found, as the client does.
//
// Needs DATABASE_URL (a PostgreSQL server; a database of its own is created, filled with
// `--schools` demo schools of the size `npm start` seeds — 400 students, 12,000 appointments
// each — and dropped afterwards unless `--keep`; `--database` reuses a kept one). The
// servers are child processes (`node --import tsx src/main.ts`) on one DATA_DIR and, when
// it answers, the Redis of REDIS_URL (default redis://127.0.0.1:6379). Latencies are
// autocannon's (from the request written to the last byte read), per call type; an error is
// any answer but the call's success status, a socket error or a timeout; a 409 of the
// booking (somebody else booked the slot between check and save) is counted apart as a
// conflict. Client, servers and PostgreSQL share the machine's cores: note how many.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../db/database';
import { DEMO_SCALE, generateDemoData } from '../db/demo';
import { createSchool, DEMO_SCHOOL } from '../db/seed';
import { addDays, berlinToday, weekdayIndex } from '../modules/resources/kit';
import { redisAnswers } from '../scale/redis-answers';
import { percentile } from './bench-kit';
import { exited, type Server, startServer } from './billing-crash';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    sessions: { type: 'string', default: '200' },
    schools: { type: 'string', default: '5' },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '5' },
    rate: { type: 'string', default: '1' },
    keep: { type: 'boolean', default: false },
    database: { type: 'string' },
    'cpu-prof': { type: 'string' },
  },
});
const sessionCount = Number(values.sessions);
const schoolCount = Number(values.schools);
const duration = Number(values.duration);
const warmup = Number(values.warmup);
const rate = Number(values.rate);
// `--cpu-prof DIR`: each server writes a V8 CPU profile there when it stops (open it in
// Chrome DevTools, or sum its self times by function).
const serverNodeArgs = values['cpu-prof']
  ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values['cpu-prof'])}`]
  : [];
const wholeAtLeast = (value: number, least: number) => Number.isInteger(value) && value >= least;
if (
  !wholeAtLeast(sessionCount, 2) ||
  !wholeAtLeast(schoolCount, 1) ||
  !wholeAtLeast(duration, 1) ||
  !wholeAtLeast(warmup, 0) ||
  !wholeAtLeast(rate, 0) ||
  (values.database !== undefined && !/^fw_load_[0-9a-f]+$/.test(values.database))
) {
  console.error(
    '--sessions (≥ 2), --schools (≥ 1), --duration (≥ 1), --warmup (≥ 0) and --rate (≥ 0) take whole numbers; --database a name fw_load_… printed by --keep.',
  );
  process.exit(2);
}
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error('Set DATABASE_URL to a PostgreSQL server (a database of its own is created).');
  process.exit(2);
}
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const STAFF_PASSWORD = 'Last#Test2026';
const SCHOOL_PREFIX = 'Fahrschule Last';
const WEEK_INSTRUCTORS = 5;
const CALLS = [
  'student list',
  'scheduler week',
  'check: instructor overlaps',
  'check: working hours',
  'check: vehicle overlaps',
  'booking (create)',
] as const;
type CallName = (typeof CALLS)[number];

const today = berlinToday();
const monday = addDays(today, -weekdayIndex(today));
const sunday = addDays(monday, 6);

// ---- the database and its schools ----------------------------------------------------------

type Lesson = {
  studentId: number;
  studentEducationId: number;
  licenseClass: string;
  hourType: string;
  instructorId: number;
  vehicleId: number;
  branchId: number;
};
type School = { schoolId: number; instructorIds: number[]; lessons: Lesson[] };
type Session = { token: string; school: School };

/** Creates `schoolCount` demo schools, each with enough office users for its sessions. */
async function fillSchools(db: Database['db']) {
  const staffPerSchool = Math.ceil(sessionCount / schoolCount);
  for (let index = 0; index < schoolCount; index += 1) {
    const started = performance.now();
    const tag = `${randomBytes(3).toString('hex')}${index}`;
    const school = await createSchool(db, {
      ...DEMO_SCHOOL,
      name: `${SCHOOL_PREFIX} ${tag}`,
      users: [
        ...DEMO_SCHOOL.users.map((user) => ({
          ...user,
          email: user.email.replace('@', `+${tag}@`),
        })),
        ...Array.from({ length: staffPerSchool }, (_, n) => ({
          firstName: 'Büro',
          lastName: `Kraft ${n + 1}`,
          email: `buero-${n + 1}+${tag}@fahrschule-last.test`,
          password: STAFF_PASSWORD,
          roles: ['Büro'],
          studentVisibility: 'ALL' as const,
        })),
      ],
    });
    const { counts } = await generateDemoData(db, school, {
      scale: DEMO_SCALE,
      emailTag: tag,
      today,
    });
    console.log(
      `  school ${index + 1}/${schoolCount}: ${counts.students ?? '?'} students, ${counts.appointments ?? '?'} appointments, ${staffPerSchool} office users (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
}

type Rows<T> = { rows: T[] };

/** The schools' office users, the week's instructors and lessons to book again. */
async function readSchools(db: Database['db']) {
  const { rows: schools } = (await db.execute(sql`select id from driving_schools
    where name like ${`${SCHOOL_PREFIX} %`} order by id`)) as unknown as Rows<{ id: number }>;
  const result: { school: School; emails: string[] }[] = [];
  for (const { id } of schools) {
    const schoolId = Number(id);
    const { rows: instructors } = (await db.execute(sql`select instructor_id as id, count(*) as n
      from appointments where driving_school_id = ${schoolId} and date between ${monday} and ${sunday}
      group by instructor_id order by 2 desc, 1 limit ${WEEK_INSTRUCTORS}`)) as unknown as Rows<{
      id: number;
    }>;
    const { rows: lessons } = (await db.execute(sql`select student_id, student_education_id,
        license_class, hour_type, instructor_id, vehicle_id, branch_id
      from appointments
      where driving_school_id = ${schoolId} and date between ${monday} and ${sunday}
        and type = 'DRIVING' and license_class = 'B' and student_education_id is not null
        and vehicle_id is not null and branch_id is not null and hour_type is not null
        and trailer_id is null and escort_vehicle_id is null
      order by id limit 60`)) as unknown as Rows<Record<string, string | number>>;
    const { rows: staff } = (await db.execute(sql`select email from users
      where driving_school_id = ${schoolId} and email like 'buero-%@fahrschule-last.test'
      order by id`)) as unknown as Rows<{ email: string }>;
    if (instructors.length === 0 || lessons.length === 0 || staff.length === 0) {
      throw new Error(
        `School ${schoolId} has no appointments this week (${monday}): the data was made for another week; run without --database.`,
      );
    }
    result.push({
      school: {
        schoolId,
        instructorIds: instructors.map((row) => Number(row.id)),
        lessons: lessons.map((row) => ({
          studentId: Number(row.student_id),
          studentEducationId: Number(row.student_education_id),
          licenseClass: String(row.license_class),
          hourType: String(row.hour_type),
          instructorId: Number(row.instructor_id),
          vehicleId: Number(row.vehicle_id),
          branchId: Number(row.branch_id),
        })),
      },
      emails: staff.map((row) => row.email),
    });
  }
  return result;
}

// ---- the load ------------------------------------------------------------------------------

type Tally = { times: number[]; errors: number; conflicts: number; other: Map<number, number> };
type Phase = { name: string; calls: Map<CallName, Tally>; socketErrors: number; seconds: number };

const newPhase = (name: string): Phase => ({
  name,
  calls: new Map(
    CALLS.map((call) => [call, { times: [], errors: 0, conflicts: 0, other: new Map() }]),
  ),
  socketErrors: 0,
  seconds: 0,
});

type Context = {
  session?: Session;
  lesson?: Lesson;
  date?: string;
  startTime?: string;
  found?: string[];
};

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)] as T;
const json = (body: unknown) => JSON.stringify(body);

/**
 * The calls of one cycle. `onResponse` of a request runs just before autocannon's
 * 'response' event of the same answer (both synchronously), so it names the call measured.
 */
function cycle(
  sessions: Session[],
  answered: { call: CallName | undefined },
  turn: { next: number },
) {
  const headersOf = (context: Context) => ({
    authorization: `Bearer ${context.session?.token}`,
    'content-type': 'application/json',
  });
  const checkBody = (context: Context) => ({
    type: 'DRIVING',
    date: context.date,
    startTime: context.startTime,
    minutes: 90,
    instructorId: context.lesson?.instructorId,
    studentEducationId: context.lesson?.studentEducationId,
    licenseClass: context.lesson?.licenseClass,
    vehicleId: context.lesson?.vehicleId,
    branchId: context.lesson?.branchId,
  });
  /** Keeps the kinds a check found, for the booking to confirm (as the client asks to). */
  const keepFindings = (call: CallName) => (_status: number, body: string, context: Context) => {
    answered.call = call;
    try {
      const answer = JSON.parse(body) as { findings?: { kind: string }[] };
      const kinds = new Set([
        ...(context.found ?? []),
        ...(answer.findings ?? []).map((f) => f.kind),
      ]);
      context.found = [...kinds];
    } catch {
      // Not JSON: counted as an error by its status.
    }
  };
  type Request = Omit<autocannon.Request, 'setupRequest' | 'onResponse'> & {
    setupRequest: (request: autocannon.Request, context: Context) => autocannon.Request;
    onResponse: (status: number, body: string, context: Context) => void;
  };
  const requests: Request[] = [
    {
      method: 'POST',
      path: '/api/students/student-list',
      setupRequest: (request, context) => {
        context.session = sessions[turn.next++ % sessions.length] as Session;
        return {
          ...request,
          headers: headersOf(context),
          body: json({
            page: Math.floor(Math.random() * 4),
            size: 25,
            sort: [{ field: 'lastName' }, { field: 'firstName' }],
          }),
        };
      },
      onResponse: () => {
        answered.call = 'student list';
      },
    },
    {
      method: 'POST',
      path: '/api/calendar/filter',
      setupRequest: (request, context) => ({
        ...request,
        headers: headersOf(context),
        body: json({
          from: monday,
          to: sunday,
          instructorIds: context.session?.school.instructorIds,
        }),
      }),
      onResponse: () => {
        answered.call = 'scheduler week';
      },
    },
    {
      method: 'POST',
      path: '/api/calendar/instructor/0/check-overlapping-appointments',
      setupRequest: (request, context) => {
        const lesson = pick(context.session?.school.lessons ?? []);
        const minute = 7 * 60 + 15 * Math.floor(Math.random() * 46);
        Object.assign(context, {
          lesson,
          date: addDays(
            monday,
            7 * (4 + Math.floor(Math.random() * 22)) + Math.floor(Math.random() * 6),
          ),
          startTime: `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`,
          found: [],
        });
        return {
          ...request,
          path: `/api/calendar/instructor/${lesson.instructorId}/check-overlapping-appointments`,
          headers: headersOf(context),
          body: json(checkBody(context)),
        };
      },
      onResponse: keepFindings('check: instructor overlaps'),
    },
    {
      method: 'POST',
      path: '/api/calendar/instructor/0/check-working-hours',
      setupRequest: (request, context) => ({
        ...request,
        path: `/api/calendar/instructor/${context.lesson?.instructorId}/check-working-hours`,
        headers: headersOf(context),
        body: json(checkBody(context)),
      }),
      onResponse: keepFindings('check: working hours'),
    },
    {
      method: 'POST',
      path: '/api/calendar/vehicle/check-overlapping-appointments',
      setupRequest: (request, context) => ({
        ...request,
        headers: headersOf(context),
        body: json(checkBody(context)),
      }),
      onResponse: keepFindings('check: vehicle overlaps'),
    },
    {
      method: 'POST',
      path: '/api/appointments',
      setupRequest: (request, context) => ({
        ...request,
        headers: headersOf(context),
        body: json({
          ...checkBody(context),
          studentId: context.lesson?.studentId,
          hourType: context.lesson?.hourType,
          ...(context.found?.length ? { confirmedFindings: context.found.slice(0, 8) } : {}),
        }),
      }),
      onResponse: () => {
        answered.call = 'booking (create)';
      },
    },
  ];
  return requests as autocannon.Request[];
}

/** The success status of each call. */
const SUCCESS: Record<CallName, number> = {
  'student list': 200,
  'scheduler week': 200,
  'check: instructor overlaps': 200,
  'check: working hours': 200,
  'check: vehicle overlaps': 200,
  'booking (create)': 201,
};

/** Autocannon runs per server when paced: their per-second ticks fall apart, not at once. */
const WAVES = 10;

/** The `index`-th of `parts` near-equal shares of `total`. */
const share = (total: number, parts: number, index: number) =>
  Math.floor(total / parts) + (index < total % parts ? 1 : 0);

/**
 * Runs the connections against the servers (split evenly) for `seconds`, each at most `rate`
 * calls a second (0: as fast as answered); fills `phase`. Paced, each server's connections
 * are split over WAVES autocannon runs started a tenth of a second apart: autocannon counts
 * a connection's calls per second from its start, and 200 connections started at once would
 * call at the same moment every second.
 */
async function load(
  servers: Server[],
  sessions: Session[],
  seconds: number,
  rate: number,
  phase?: Phase,
) {
  const waves = rate > 0 ? WAVES : 1;
  const turn = { next: 0 };
  const slots = servers.flatMap((server, index) => {
    const perServer = share(sessions.length, servers.length, index);
    return Array.from({ length: waves }, (_, wave) => ({
      server,
      connections: share(perServer, waves, wave),
      delayMs: (wave * 1000) / waves,
    })).filter((slot) => slot.connections > 0);
  });
  const runs = slots.map(async ({ server, connections, delayMs }) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    const answered: { call: CallName | undefined } = { call: undefined };
    let instance!: autocannon.Instance;
    const done = new Promise<autocannon.Result>((resolve, reject) => {
      instance = autocannon(
        {
          url: server.url,
          connections,
          pipelining: 1,
          duration: seconds,
          timeout: 30,
          ...(rate > 0 ? { connectionRate: rate } : {}),
          requests: cycle(sessions, answered, turn),
        },
        (error: unknown, result) => (error ? reject(error) : resolve(result)),
      );
    });
    const onAnswer = (
      _client: unknown,
      statusCode: number,
      _bytes: number,
      responseTime: number,
    ) => {
      const call = answered.call;
      answered.call = undefined;
      if (!phase || !call) return;
      const tally = phase.calls.get(call) as Tally;
      if (statusCode === SUCCESS[call]) tally.times.push(responseTime);
      else if (call === 'booking (create)' && statusCode === 409) tally.conflicts += 1;
      else {
        tally.errors += 1;
        tally.other.set(statusCode, (tally.other.get(statusCode) ?? 0) + 1);
      }
    };
    instance.on('response', onAnswer as (...args: unknown[]) => void);
    instance.on('reqError', () => {
      if (phase) phase.socketErrors += 1;
    });
    return done;
  });
  const results = await Promise.all(runs);
  if (phase) {
    // Every run lasts `seconds`; the per-second figures are per those seconds.
    phase.seconds = seconds;
    phase.socketErrors += results.reduce((sum, result) => sum + result.timeouts, 0);
  }
  return results;
}

// ---- the run -------------------------------------------------------------------------------

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
const databaseName = values.database ?? `fw_load_${randomBytes(6).toString('hex')}`;
if (!values.database) await admin.query(`create database ${databaseName}`);
const databaseUrl = new URL(serverUrl);
databaseUrl.pathname = `/${databaseName}`;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fw-load-'));
const database = await openDatabase({ databaseUrl: databaseUrl.toString(), dataDir });
const servers: Server[] = [];
let failed = false;
try {
  await database.migrate();
  if (!values.database) {
    console.log(`Creating ${schoolCount} demo schools in ${databaseName} …`);
    await fillSchools(database.db);
    // Schools grow over years: autovacuum has analyzed their tables long before. A bulk load
    // of a minute ago has not been (the first runs measured its analyze running beside them,
    // p95 up to 1.5× the later runs'), so the benchmark analyzes once, untimed.
    await database.db.execute(sql`analyze`);
  }
  const schools = await readSchools(database.db);
  const withRedis = await redisAnswers(redisUrl);
  const env = {
    DATABASE_URL: databaseUrl.toString(),
    DATA_DIR: dataDir,
    JWT_SECRET: `bench-load-${randomBytes(24).toString('hex')}`,
    MAIL_SECRET_KEY: randomBytes(32).toString('base64'),
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    REDIS_URL: withRedis ? redisUrl : '',
    SMTP_URL: '',
    STATIC_DIR: path.join(dataDir, 'no-backoffice'),
    STORYBOOK_DIR: path.join(dataDir, 'no-storybook'),
  };
  const first = await startServer(env, serverNodeArgs);
  servers.push(first);

  // The sessions: office users signed in (through the first instance), spread over schools.
  const sessions: Session[] = [];
  // Interleaved: the n-th office user of every school, then the (n+1)-th, …
  const ordered: { school: School; email: string }[] = [];
  for (let n = 0; ordered.length < sessionCount; n += 1) {
    const row = schools.flatMap(({ school, emails }) =>
      n < emails.length ? [{ school, email: emails[n] as string }] : [],
    );
    if (row.length === 0) break;
    ordered.push(...row.slice(0, sessionCount - ordered.length));
  }
  if (ordered.length < sessionCount) {
    throw new Error(
      `Only ${ordered.length} office users in ${databaseName} for ${sessionCount} sessions.`,
    );
  }
  for (let index = 0; index < ordered.length; index += 8) {
    const batch = ordered.slice(index, index + 8);
    const tokens = await Promise.all(
      batch.map(async ({ email }) => {
        const response = await fetch(`${first.url}/api/generate-token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: STAFF_PASSWORD }),
        });
        if (response.status !== 200) {
          throw new Error(`Sign-in of ${email}: ${response.status} ${await response.text()}`);
        }
        return ((await response.json()) as { token: string }).token;
      }),
    );
    for (const [n, token] of tokens.entries()) {
      sessions.push({ token, school: (batch[n] as { school: School }).school });
    }
  }

  const cores = os.availableParallelism();
  const loadAverage = () =>
    os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ');
  console.log(
    `${sessions.length} sessions over ${schools.length} schools (${monday} … ${sunday}), ${warmup} s warm-up + ${duration} s per phase, ${rate > 0 ? `at most ${rate} call(s) a second per session` : 'each session calling as fast as answered'}, ${cores} cores shared by client, servers and PostgreSQL, Redis ${withRedis ? 'yes' : 'no'}; load average ${loadAverage()} before`,
  );

  const one = newPhase('one instance');
  if (warmup > 0) await load([first], sessions, warmup, rate);
  await load([first], sessions, duration, rate, one);

  const second = await startServer(env, serverNodeArgs);
  servers.push(second);
  const two = newPhase('two instances');
  if (warmup > 0) await load([first, second], sessions, warmup, rate);
  await load([first, second], sessions, duration, rate, two);

  // ---- the figures ---------------------------------------------------------------------------
  const ms = (value: number | undefined) =>
    (value === undefined ? '-' : value.toFixed(0)).padStart(5);
  const figures = (tally: Tally) => {
    const sorted = [...tally.times].sort((x, y) => x - y);
    return {
      n: sorted.length,
      p50: sorted.length ? percentile(sorted, 50) : undefined,
      p95: sorted.length ? percentile(sorted, 95) : undefined,
      p99: sorted.length ? percentile(sorted, 99) : undefined,
      errors: tally.errors,
      conflicts: tally.conflicts,
    };
  };
  const all = (phase: Phase): Tally => {
    const tally: Tally = { times: [], errors: phase.socketErrors, conflicts: 0, other: new Map() };
    for (const call of phase.calls.values()) {
      tally.times.push(...call.times);
      tally.errors += call.errors;
      tally.conflicts += call.conflicts;
    }
    return tally;
  };
  const column = (f: ReturnType<typeof figures>, seconds: number) =>
    `${String(f.n).padStart(6)} ${(f.n / seconds).toFixed(0).padStart(5)} ${ms(f.p50)} ${ms(f.p95)} ${ms(f.p99)} ${String(f.errors).padStart(4)}`;
  const header = `${'call'.padEnd(27)} | ${'one instance'.padEnd(35)} | ${'two instances'.padEnd(35)} | two/one`;
  const sub = `${''.padEnd(27)} | ${'n'.padStart(6)} ${'/s'.padStart(5)} ${'p50'.padStart(5)} ${'p95'.padStart(5)} ${'p99'.padStart(5)} ${'err'.padStart(4)} | ${'n'.padStart(6)} ${'/s'.padStart(5)} ${'p50'.padStart(5)} ${'p95'.padStart(5)} ${'p99'.padStart(5)} ${'err'.padStart(4)} | ${'/s'.padStart(5)} ${'p95'.padStart(5)}`;
  console.log(`\n${header}\n${sub}\n${'-'.repeat(sub.length)}`);
  const rows: [string, Tally, Tally][] = [
    ...CALLS.map((call): [string, Tally, Tally] => [
      call,
      one.calls.get(call) as Tally,
      two.calls.get(call) as Tally,
    ]),
    ['all calls', all(one), all(two)],
  ];
  for (const [name, left, right] of rows) {
    const [a, b] = [figures(left), figures(right)];
    const rate = b.n / two.seconds / (a.n / one.seconds);
    const p95 = a.p95 && b.p95 ? b.p95 / a.p95 : Number.NaN;
    console.log(
      `${name.padEnd(27)} | ${column(a, one.seconds)} | ${column(b, two.seconds)} | ${rate.toFixed(2).padStart(5)} ${p95.toFixed(2).padStart(5)}`,
    );
  }
  const conflicts = [one, two].map(
    (phase) => (phase.calls.get('booking (create)') as Tally).conflicts,
  );
  const others = [one, two].flatMap((phase) =>
    [...phase.calls].flatMap(([call, tally]) =>
      [...tally.other].map(([status, n]) => `${phase.name}: ${call} ${status} ×${n}`),
    ),
  );
  console.log(
    `\nms from request to answer (autocannon); /s: answers per second; err: other status, socket error or timeout` +
      ` (socket errors and timeouts: one ${one.socketErrors}, two ${two.socketErrors}).` +
      `\nBooking conflicts (409: booked by another session between check and save): one ${conflicts[0]}, two ${conflicts[1]}.` +
      (others.length ? `\nOther answers: ${others.join('; ')}` : '') +
      `\nGoal: p95 ≤ 200 ms, no errors. ${cores} cores: two instances share them with PostgreSQL and the client (load average ${loadAverage()} after).`,
  );
  failed = all(one).errors + all(two).errors > 0;
} finally {
  for (const server of servers) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await exited(server.child);
    }
  }
  await database.close();
  if (values.keep) {
    console.log(`Kept ${databaseName}: run again with --database ${databaseName}.`);
  } else {
    await admin.query(`drop database if exists ${databaseName} with (force)`);
  }
  await admin.end();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
