import { createHash, randomBytes, randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../db/database';
import { emailSyncStates } from '../db/schema';
import { createSchool } from '../db/seed';
import { advisoryLockKey } from '../jobs/pg-boss-queue';
import { BILLING_RUN_JOB } from '../modules/payment-documents/billing-runs';
import {
  type InvoiceFixture,
  invoiceFixture,
  studentWithServices,
} from '../modules/payment-documents/invoice-fixtures';
import { PERMISSION_KEYS } from '../modules/session/permission-keys';
import { exited, type Server, startServer } from '../scripts/billing-crash';
import { type Dovecot, dovecotAvailable, startDovecot } from '../test/dovecot';
import { type S3TestServer, startS3Server } from '../test/s3-server';
import { startSmtpSink } from '../test/smtp-sink';
import { redisAnswers } from './redis-answers';

/*
 * Issue 18, several instances: two real server processes (`node --import tsx src/main.ts`)
 * on one fresh PostgreSQL database, one DATA_DIR (the local file store, which is how several
 * instances run on one machine without S3) and the Redis of REDIS_URL, driven through both
 * with no sticky sessions:
 *
 * - a token signed in on one works on the other; archiving the user through one ends the
 *   token on both (each process keeps principals in memory, refreshed by NOTIFY);
 * - failed sign-ins on both add up in Redis (the 11th attempt is refused on either);
 * - a file uploaded through one is downloaded through the other, byte for byte;
 * - two force syncs of one mailbox, one through each instance at once, fetch each mail once
 *   (Dovecot, when installed);
 * - a billing run started through one, its progress read through the other; the instance
 *   working on it is killed (SIGKILL) mid-run and the other finishes it, exactly once: every
 *   education one invoice, numbers gap-free and unique, every PDF readable.
 *
 * Neither JWT_SECRET nor MAIL_SECRET_KEY is set: both instances read the secrets generated
 * into the shared DATA_DIR. The second instance starts once the first has written them (two
 * processes creating them at the very same moment could read a half-written file).
 *
 * Then two more instances as on two machines: each with a DATA_DIR of its own, the secrets
 * from the environment and the files in an S3-compatible bucket (s3rver, started by the
 * test): a token, an upload and a billing run's PDFs cross between them, no file on disk.
 *
 * Needs DATABASE_URL (CI sets it); skipped with a message otherwise. Without a reachable
 * Redis at REDIS_URL (default redis://127.0.0.1:6379) the rate-limit part is skipped, without
 * Dovecot the mail part.
 */

const serverUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Educations in the billing run; the kill comes after a quarter of them. */
const RUN_SIZE = Number(process.env.TWO_INSTANCES_RUN_SIZE ?? 40);
const MAILS = 25;

const withRedis = serverUrl ? await redisAnswers(redisUrl) : false;
const withDovecot = dovecotAvailable();

if (!serverUrl) {
  console.info(
    'two-instances.test.ts skipped: two server processes need PostgreSQL (set DATABASE_URL).',
  );
} else {
  if (!withRedis) {
    console.info(`two-instances.test.ts: Redis unreachable at ${redisUrl}; rate limits skipped.`);
  }
  if (!withDovecot) {
    console.info('two-instances.test.ts: Dovecot missing; the mail sync part is skipped.');
  }
}

type Instance = Server & { name: 'A' | 'B' };

type Answer<T> = { status: number; body: T; raw: string; bytes: Buffer; headers: Headers };

type Request = {
  token?: string;
  body?: unknown;
  query?: Record<string, string | number | boolean>;
  form?: FormData;
  headers?: Record<string, string>;
};

/** One API call over HTTP (a fresh answer each time; 30 s at most). */
async function call<T = unknown>(
  instance: Instance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  apiPath: string,
  request: Request = {},
): Promise<Answer<T>> {
  const url = new URL(`${instance.url}/api${apiPath}`);
  for (const [key, value] of Object.entries(request.query ?? {})) {
    url.searchParams.set(key, String(value));
  }
  const response = await fetch(url, {
    method,
    headers: {
      ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
      ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...request.headers,
    },
    body: request.form ?? (request.body !== undefined ? JSON.stringify(request.body) : undefined),
    signal: AbortSignal.timeout(30_000),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const raw = bytes.toString('utf8');
  let body: unknown = raw;
  if (response.headers.get('content-type')?.includes('json')) body = JSON.parse(raw);
  return { status: response.status, body: body as T, raw, bytes, headers: response.headers };
}

/** Polls `probe` until it answers a value (not undefined); fails after `limitMs`. */
async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  limitMs = 60_000,
): Promise<T> {
  const until = Date.now() + limitMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`Gave up waiting for ${what} after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const PDF = Buffer.from(
  `%PDF-1.4\n% ${randomBytes(16).toString('hex')}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`,
);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A fresh database on the DATABASE_URL server, from the global setup's migrated template. */
async function freshDatabase(dataDir: string) {
  const name = `fw_two_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const template = inject('postgresTemplate');
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl as string);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir });
  await database.migrate();
  return {
    url: url.toString(),
    database,
    async dispose() {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * The environment of instance `name` (its connections named fw-two-<name> in PostgreSQL):
 * no secrets, the local file store; `extra` changes that.
 */
function serverEnv(
  databaseUrl: string,
  name: 'A' | 'B',
  dataDir: string,
  extra: Record<string, string> = {},
) {
  const instanceUrl = new URL(databaseUrl);
  // Tells the instances' connections apart in pg_stat_activity (who holds a lock).
  instanceUrl.searchParams.set('application_name', `fw-two-${name}`);
  return {
    DATABASE_URL: instanceUrl.toString(),
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    RATE_LIMITS: 'on',
    REDIS_URL: withRedis ? redisUrl : '',
    // The tests' own client addresses (X-Forwarded-For) keep their counters apart.
    TRUST_PROXY: '127.0.0.1',
    SMTP_URL: '',
    PUBLIC_URL: '',
    JWT_SECRET: '',
    MAIL_SECRET_KEY: '',
    FILE_STORAGE: '',
    S3_BUCKET: '',
    JOB_RETRY_DELAY_SECONDS: '1',
    STATIC_DIR: path.join(dataDir, 'no-backoffice'),
    STORYBOOK_DIR: path.join(dataDir, 'no-storybook'),
    ...extra,
  };
}

/** Stops the instances still running: SIGTERM, SIGKILL after 15 s. */
async function stopAll(instances: Instance[]) {
  for (const instance of instances) {
    if (instance.child.exitCode === null && instance.child.signalCode === null) {
      instance.child.kill('SIGTERM');
      const ended = await Promise.race([
        exited(instance.child).then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 15_000)),
      ]);
      if (!ended) {
        instance.child.kill('SIGKILL');
        await exited(instance.child);
      }
    }
  }
}

/** Fails with the instances' output when `check` throws (a crash leaves its reason there). */
async function explained(instances: Instance[], check: () => Promise<void>) {
  try {
    await check();
  } catch (error) {
    const output = instances
      .map((instance) => `--- ${instance.name}:\n${instance.output.join('').slice(-4000)}`)
      .join('\n');
    (error as Error).message += `\n${output}`;
    throw error;
  }
}

/** A student document uploaded through `instance`; answers its id. */
async function uploadDocument(instance: Instance, token: string, studentId: number, name: string) {
  const form = new FormData();
  form.set('studentId', String(studentId));
  form.set('type', 'EYE_TEST');
  form.set('file', new Blob([PDF], { type: 'application/pdf' }), name);
  const answer = await call<{ id: number }>(instance, 'POST', '/student-documents', {
    token,
    form,
  });
  expect(answer.status, answer.raw).toBe(201);
  return answer.body.id;
}

describe.skipIf(!serverUrl)('two server instances on one PostgreSQL, DATA_DIR and Redis', () => {
  let started = performance.now();
  const tag = randomBytes(4).toString('hex');
  const password = 'Zwei#Instanzen1';
  const emails = {
    owner: `inhaber-${tag}@zwei-instanzen.test`,
    office: `buero-${tag}@zwei-instanzen.test`,
    clerk: `sachbearbeitung-${tag}@zwei-instanzen.test`,
  };
  let dataDir: string;
  let dispose: (() => Promise<void>) | undefined;
  let database: Database;
  let schoolId: number;
  let userIds: Record<string, number>;
  let fixture: InvoiceFixture;
  const studentIds: number[] = [];
  const educationIds: number[] = [];
  let dovecot: Dovecot | undefined;
  let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
  const instances: Instance[] = [];
  let a: Instance;
  let b: Instance;
  let owner: string;

  beforeAll(async () => {
    started = performance.now();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'fw-two-'));
    const fresh = await freshDatabase(dataDir);
    ({ database, dispose } = fresh);
    // Neither JWT_SECRET nor MAIL_SECRET_KEY: shared through DATA_DIR, as two instances on
    // one machine do.
    const env = (name: 'A' | 'B') => serverEnv(fresh.url, name, dataDir);
    const start = async (name: 'A' | 'B') => {
      const server = await startServer(env(name));
      const instance = Object.assign(server, { name });
      instances.push(instance);
      return instance;
    };

    const servers = (async () => {
      const first = start('A');
      // The first instance writes the secrets into DATA_DIR; the second reads them.
      await waitFor('the generated secrets in DATA_DIR', async () => {
        const files = ['jwt-secret', 'mail-secret-key'].map((file) => path.join(dataDir, file));
        const texts = await Promise.all(
          files.map((file) => readFile(file, 'utf8').catch(() => '')),
        );
        return texts.every((text) => text.endsWith('\n')) ? true : undefined;
      });
      const second = start('B');
      [a, b] = await Promise.all([first, second]);
    })();
    const school = (async () => {
      const created = await createSchool(database.db, {
        name: `Fahrschule Zwei Instanzen ${tag}`,
        roles: [
          { name: 'Inhaber', type: 'OWNER', description: 'Inhaber', allow: PERMISSION_KEYS },
          { name: 'Büro', type: 'STAFF', description: 'Büro', allow: PERMISSION_KEYS },
        ],
        users: [
          { firstName: 'Ida', lastName: 'Inhaber', email: emails.owner, roles: ['Inhaber'] },
          { firstName: 'Bea', lastName: 'Büro', email: emails.office, roles: ['Büro'] },
          { firstName: 'Sam', lastName: 'Sachbearbeitung', email: emails.clerk, roles: ['Büro'] },
        ].map((user) => ({ ...user, password, studentVisibility: 'ALL' as const })),
      });
      schoolId = created.schoolId;
      userIds = created.userIds;
      fixture = await invoiceFixture(database.db, schoolId);
      for (let n = 0; n < RUN_SIZE; n += 1) {
        const made = await studentWithServices(database.db, fixture);
        studentIds.push(made.studentId);
        educationIds.push(made.educationId);
      }
    })();
    const mail = (async () => {
      if (!withDovecot) return;
      [dovecot, sink] = await Promise.all([startDovecot([]), startSmtpSink()]);
    })();
    await Promise.all([servers, school, mail]);

    const signIn = await call<{ token: string }>(a, 'POST', '/generate-token', {
      body: { email: emails.owner, password },
    });
    expect(signIn.status, signIn.raw).toBe(200);
    owner = signIn.body.token;
    console.log(
      `[two-instances] ready in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
        `A ${a.url}, B ${b.url}, ${RUN_SIZE} educations, Redis ${withRedis ? 'yes' : 'no'}, ` +
        `Dovecot ${withDovecot ? 'yes' : 'no'}`,
    );
  }, 240_000);

  afterAll(async () => {
    await stopAll(instances);
    await dispose?.();
    await dovecot?.stop();
    await sink?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    console.log(
      `[two-instances] ${((performance.now() - started) / 1000).toFixed(1)} s in all (start, checks, stop)`,
    );
  }, 60_000);

  it(
    'a token signed in on one instance works on the other; archiving the user ends it on both',
    () =>
      explained(instances, async () => {
        const list = (instance: Instance, token: string) =>
          call(instance, 'POST', '/students/student-list', { token, body: { page: 0, size: 5 } });
        expect((await list(b, owner)).status).toBe(200);

        const signIn = await call<{ token: string }>(b, 'POST', '/generate-token', {
          body: { email: emails.office, password },
        });
        expect(signIn.status, signIn.raw).toBe(200);
        const office = signIn.body.token;
        // Both instances have read (and keep) the office user's principal.
        for (const instance of [a, b, a, b])
          expect((await list(instance, office)).status).toBe(200);

        const archived = await call(a, 'POST', '/users/archive', {
          token: owner,
          query: { id: userIds[emails.office] as number, archived: true },
        });
        expect(archived.status, archived.raw).toBe(200);
        // The instance that wrote it refuses at once; the other as soon as PostgreSQL's
        // notification has reached it (well under the cache's 60-second safety net).
        expect((await list(a, office)).status).toBe(401);
        const waited = performance.now();
        await waitFor(
          'the archived user refused by B',
          async () => ((await list(b, office)).status === 401 ? true : undefined),
          10_000,
        );
        console.log(
          `[two-instances] archiving through A refused on B after ${(performance.now() - waited).toFixed(0)} ms`,
        );
        const again = await call(b, 'POST', '/generate-token', {
          body: { email: emails.office, password },
        });
        expect(again.status).toBe(401);
        // The owner's session goes on, on both.
        expect((await list(a, owner)).status).toBe(200);
        expect((await list(b, owner)).status).toBe(200);
      }),
    60_000,
  );

  it.skipIf(!withRedis)(
    'failed sign-ins on both instances add up in Redis: after 5 + 5 even the right password is refused on either',
    () =>
      explained(instances, async () => {
        const client = `198.51.100.${randomInt(1, 255)}`;
        const attempt = (instance: Instance, secret: string) =>
          call<{ error_message?: string }>(instance, 'POST', '/generate-token', {
            body: { email: emails.clerk, password: secret },
            headers: { 'x-forwarded-for': client },
          });
        for (let n = 1; n <= 10; n += 1) {
          const answer = await attempt(n % 2 === 1 ? a : b, 'Falsch#Passwort1');
          expect(answer.status, `attempt ${n}: ${answer.raw}`).toBe(401);
        }
        for (const instance of [a, b]) {
          const refused = await attempt(instance, password);
          expect(refused.status, refused.raw).toBe(429);
          expect(refused.body.error_message).toBe('errors.too_many_attempts');
          expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        }
      }),
    60_000,
  );

  it(
    'a file uploaded through one instance is downloaded through the other, byte for byte',
    () =>
      explained(instances, async () => {
        const fromA = await uploadDocument(a, owner, studentIds[0] as number, 'Sehtest-A.pdf');
        const fromB = await uploadDocument(b, owner, studentIds[1] as number, 'Sehtest-B.pdf');
        for (const [id, reader] of [
          [fromA, b],
          [fromB, a],
          [fromA, a],
          [fromB, b],
        ] as const) {
          const download = await call(reader, 'GET', `/student-documents/${id}`, { token: owner });
          expect(download.status, download.raw).toBe(200);
          expect(sha256(download.bytes)).toBe(sha256(PDF));
        }
      }),
    60_000,
  );

  it.skipIf(!withDovecot)(
    'two syncs of one mailbox at once, one through each instance, fetch every mail once',
    () =>
      explained(instances, async () => {
        const box = { user: `info-${tag}@zwei-instanzen.test`, password: 'Postfach#Zwei1' };
        const server = dovecot as Dovecot;
        await server.addUser(box);
        const deliver = async (from: number, to: number) => {
          for (let n = from; n < to; n += 1) {
            await server.deliver(
              box.user,
              [
                `From: "Schüler ${n}" <schueler-${n}@example.de>`,
                `To: ${box.user}`,
                `Subject: Frage ${n}`,
                `Message-ID: <frage-${n}-${tag}@example.de>`,
                'Content-Type: text/plain; charset=utf-8',
                '',
                `Wann ist meine nächste Fahrstunde? (${n})`,
                '',
              ].join('\r\n'),
            );
          }
        };
        await deliver(0, MAILS);
        const created = await call<{ id: number }>(a, 'POST', '/email-config', {
          token: owner,
          body: {
            email: box.user,
            senderName: 'Fahrschule Zwei Instanzen',
            userIds: [userIds[emails.owner] as number],
            smtpHost: '127.0.0.1',
            smtpPort: Number(new URL((sink as { url: string }).url).port),
            smtpSecurity: 'STARTTLS',
            imapHost: server.host,
            imapPort: server.port,
            imapSecurity: 'STARTTLS',
            username: box.user,
            password: box.password,
          },
        });
        expect(created.status, created.raw).toBe(201);
        const accountId = created.body.id;
        // The background sync (each instance's one-minute scheduler) is kept out of the way,
        // so the mails are fetched by the two syncs below.
        await database.db
          .insert(emailSyncStates)
          .values({
            drivingSchoolId: schoolId,
            emailConfigId: accountId,
            nextAttemptAt: sql`now() + interval '1 hour'`,
          })
          .onConflictDoUpdate({
            target: [emailSyncStates.drivingSchoolId, emailSyncStates.emailConfigId],
            set: { nextAttemptAt: sql`now() + interval '1 hour'` },
          });

        type Synced = { emailConfigId: number; newEmails: number; error?: string }[];
        const sync = (instance: Instance) =>
          call<Synced>(instance, 'POST', '/emails/force-sync-by-email-config-ids', {
            token: owner,
            body: { emailConfigIds: [accountId] },
          });
        const both = await Promise.all([sync(a), sync(b)]);
        for (const answer of both) {
          expect(answer.status, answer.raw).toBe(200);
          expect(answer.body[0]?.error, answer.raw).toBeUndefined();
        }
        expect(both.map((answer) => answer.body[0]?.newEmails ?? 0).sort()).toEqual([0, MAILS]);

        await deliver(MAILS, MAILS + 5);
        const later = await sync(b);
        expect(later.body[0]?.newEmails, later.raw).toBe(5);

        const stored = (await database.db.execute(sql`select count(*)::int as n,
            count(distinct message_id)::int as distinct_ids from emails
          where driving_school_id = ${schoolId} and email_config_id = ${accountId}`)) as unknown as {
          rows: { n: number; distinct_ids: number }[];
        };
        expect(stored.rows[0]).toEqual({ n: MAILS + 5, distinct_ids: MAILS + 5 });
        for (const instance of [a, b]) {
          const page = await call<{ total: number }>(instance, 'POST', '/emails/filter', {
            token: owner,
            body: { page: 0, size: 1, emailConfigIds: [accountId] },
          });
          expect(page.body.total, page.raw).toBe(MAILS + 5);
        }
      }),
    120_000,
  );

  it(
    `a billing run of ${RUN_SIZE} started through A and read through B survives SIGKILL of the instance working on it`,
    () =>
      explained(instances, async () => {
        type Run = { id: number; status: string; done: number; total: number; issued: number };
        const startedRun = await call<Run>(a, 'POST', '/billing-runs', {
          token: owner,
          body: { studentEducationIds: educationIds },
        });
        expect(startedRun.status, startedRun.raw).toBe(202);
        const runId = startedRun.body.id;
        const read = async (instance: Instance) => {
          const answer = await call<Run>(instance, 'GET', `/billing-runs/${runId}`, {
            token: owner,
          });
          expect(answer.status, answer.raw).toBe(200);
          return answer.body;
        };

        // Which instance works on the run: the one whose connection holds the run's lock.
        const key = BigInt(advisoryLockKey(BILLING_RUN_JOB, runId));
        const holder = async () => {
          const { rows } = (await database.db.execute(sql`select a.application_name as name
            from pg_locks l join pg_stat_activity a on a.pid = l.pid
            where l.locktype = 'advisory' and l.granted and l.database = (
              select oid from pg_database where datname = current_database())
              and l.classid = ${Number(key >> 32n)}::oid and l.objid = ${Number(key & 0xffffffffn)}::oid
              and l.objsubid = 1`)) as unknown as { rows: { name: string }[] };
          return rows[0]?.name;
        };

        // Its progress, read through B while it runs.
        const killAt = Math.ceil(RUN_SIZE / 4);
        const before = await waitFor('a quarter of the run done', async () => {
          const run = await read(b);
          return run.done >= killAt ? run : undefined;
        });
        const working = await holder();
        const worker = instances.find((instance) => `fw-two-${instance.name}` === working);
        expect(worker, `lock holder ${working}`).toBeDefined();
        const survivor = worker === a ? b : a;
        (worker as Instance).child.kill('SIGKILL');
        await exited((worker as Instance).child);
        const atKill = await read(survivor);
        console.log(
          `[two-instances] run ${runId}: SIGKILL of ${worker?.name} (working on it) at ${atKill.done}/${RUN_SIZE} done (${before.done} seen through B)`,
        );
        // Killed in the middle, not after the end.
        expect(atKill.done).toBeLessThan(RUN_SIZE);

        const killed = performance.now();
        const finished = await waitFor(
          'the run finished by the survivor',
          async () => {
            const run = await read(survivor);
            return run.status === 'FINISHED' || run.status === 'INTERRUPTED' ? run : undefined;
          },
          180_000,
        );
        console.log(
          `[two-instances] ${survivor.name} took the run up and finished it ${((performance.now() - killed) / 1000).toFixed(1)} s after the kill`,
        );
        expect(finished).toMatchObject({
          status: 'FINISHED',
          total: RUN_SIZE,
          done: RUN_SIZE,
          issued: RUN_SIZE,
        });

        // Exactly once, as the database has it.
        const { rows: documents } = (await database.db.execute(sql`select id, number,
            student_education_id, status, pdf_file_id from payment_documents
          where driving_school_id = ${schoolId}`)) as unknown as {
          rows: {
            id: number;
            number: string | null;
            student_education_id: number;
            status: string;
            pdf_file_id: number | null;
          }[];
        };
        expect(documents).toHaveLength(RUN_SIZE);
        const perEducation = new Map<number, number>();
        for (const document of documents) {
          const education = Number(document.student_education_id);
          perEducation.set(education, (perEducation.get(education) ?? 0) + 1);
        }
        expect([...perEducation.keys()].sort((x, y) => x - y)).toEqual(
          [...educationIds].sort((x, y) => x - y),
        );
        expect([...perEducation.values()].every((n) => n === 1)).toBe(true);
        const sequence = documents
          .map((document) => Number(/(\d+)$/.exec(document.number ?? '')?.[1]))
          .sort((x, y) => x - y);
        expect(new Set(sequence).size).toBe(RUN_SIZE);
        const first = sequence[0] as number;
        expect(sequence).toEqual(sequence.map((_, index) => first + index));
        const { rows: items } = (await database.db.execute(sql`select count(*)::int as n,
            count(distinct document_id)::int as documents from billing_run_items
          where driving_school_id = ${schoolId} and billing_run_id = ${runId}
            and status = 'ISSUED'`)) as unknown as { rows: { n: number; documents: number }[] };
        expect(items[0]).toEqual({ n: RUN_SIZE, documents: RUN_SIZE });

        // Every invoice's PDF, written by either instance, read through the survivor.
        const zip = await call(survivor, 'GET', `/billing-runs/${runId}/pdfs`, { token: owner });
        expect(zip.status, zip.raw.slice(0, 300)).toBe(200);
        const pdfs = Object.values(unzipSync(new Uint8Array(zip.bytes)));
        expect(pdfs).toHaveLength(RUN_SIZE);
        for (const pdf of pdfs) expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
        expect(
          documents.every((document) => document.pdf_file_id !== null && document.number),
        ).toBe(true);

        // The survivor still answers for the dead one's sessions (the same token).
        expect(
          (await call(survivor, 'GET', `/billing-runs/${runId}`, { token: owner })).status,
        ).toBe(200);
      }),
    240_000,
  );
});

describe.skipIf(!serverUrl)(
  'two server instances as on two machines: own DATA_DIRs, files in S3',
  () => {
    let started = performance.now();
    const tag = randomBytes(4).toString('hex');
    const password = 'Zwei#Maschinen1';
    const email = `inhaber-${tag}@zwei-maschinen.test`;
    const size = 4;
    const dataDirs: string[] = [];
    const instances: Instance[] = [];
    let s3: S3TestServer | undefined;
    let dispose: (() => Promise<void>) | undefined;
    let database: Database;
    let schoolId: number;
    const studentIds: number[] = [];
    const educationIds: number[] = [];
    let a: Instance;
    let b: Instance;

    beforeAll(async () => {
      started = performance.now();
      s3 = await startS3Server();
      for (const name of ['a', 'b']) {
        dataDirs.push(await mkdtemp(path.join(os.tmpdir(), `fw-two-s3-${name}-`)));
      }
      const fresh = await freshDatabase(dataDirs[0] as string);
      ({ database, dispose } = fresh);
      // Nothing shared on disk: the secrets come from the environment, the files from S3.
      const shared = {
        ...s3.env,
        JWT_SECRET: `two-machines-${randomBytes(24).toString('hex')}`,
        MAIL_SECRET_KEY: randomBytes(32).toString('base64'),
      };
      const start = async (name: 'A' | 'B', dataDir: string) => {
        const server = await startServer(serverEnv(fresh.url, name, dataDir, shared));
        const instance = Object.assign(server, { name });
        instances.push(instance);
        return instance;
      };
      const school = (async () => {
        const created = await createSchool(database.db, {
          name: `Fahrschule Zwei Maschinen ${tag}`,
          roles: [
            { name: 'Inhaber', type: 'OWNER', description: 'Inhaber', allow: PERMISSION_KEYS },
          ],
          users: [
            {
              firstName: 'Ida',
              lastName: 'Inhaber',
              email,
              password,
              roles: ['Inhaber'],
              studentVisibility: 'ALL',
            },
          ],
        });
        schoolId = created.schoolId;
        const fixture = await invoiceFixture(database.db, schoolId);
        for (let n = 0; n < size; n += 1) {
          const made = await studentWithServices(database.db, fixture);
          studentIds.push(made.studentId);
          educationIds.push(made.educationId);
        }
      })();
      [a, b] = await Promise.all([
        start('A', dataDirs[0] as string),
        start('B', dataDirs[1] as string),
        school,
      ]);
      console.log(
        `[two-instances/S3] ready in ${((performance.now() - started) / 1000).toFixed(1)} s: A ${a.url}, B ${b.url}, bucket ${s3.storage.endpoint}`,
      );
    }, 240_000);

    afterAll(async () => {
      await stopAll(instances);
      await dispose?.();
      await s3?.stop();
      for (const dataDir of dataDirs) await rm(dataDir, { recursive: true, force: true });
      console.log(
        `[two-instances/S3] ${((performance.now() - started) / 1000).toFixed(1)} s in all (start, checks, stop)`,
      );
    }, 60_000);

    it(
      'a token, an uploaded file and a billing run cross between them; no file lands on either disk',
      () =>
        explained(instances, async () => {
          const signIn = await call<{ token: string }>(b, 'POST', '/generate-token', {
            body: { email, password },
          });
          expect(signIn.status, signIn.raw).toBe(200);
          const token = signIn.body.token;

          const uploaded = await uploadDocument(a, token, studentIds[0] as number, 'Sehtest.pdf');
          const download = await call(b, 'GET', `/student-documents/${uploaded}`, { token });
          expect(download.status, download.raw).toBe(200);
          expect(sha256(download.bytes)).toBe(sha256(PDF));

          type Run = { id: number; status: string; issued: number };
          const run = await call<Run>(b, 'POST', '/billing-runs', {
            token,
            body: { studentEducationIds: educationIds },
          });
          expect(run.status, run.raw).toBe(202);
          const finished = await waitFor('the run finished, read through A', async () => {
            const answer = await call<Run>(a, 'GET', `/billing-runs/${run.body.id}`, { token });
            return answer.body.status === 'FINISHED' ? answer.body : undefined;
          });
          expect(finished.issued).toBe(size);
          const zip = await call(a, 'GET', `/billing-runs/${run.body.id}/pdfs`, { token });
          expect(zip.status, zip.raw.slice(0, 300)).toBe(200);
          const pdfs = Object.values(unzipSync(new Uint8Array(zip.bytes)));
          expect(pdfs).toHaveLength(size);
          for (const pdf of pdfs) expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');

          // Every byte in the bucket (the upload and the PDFs), none under either DATA_DIR.
          const keys = await (s3 as S3TestServer).listKeys(`${schoolId}/`);
          expect(keys.length).toBeGreaterThanOrEqual(size + 1);
          for (const dataDir of dataDirs) {
            expect(existsSync(path.join(dataDir, 'files'))).toBe(false);
          }
        }),
      120_000,
    );
  },
);
