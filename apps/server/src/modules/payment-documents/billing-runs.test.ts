import type { components } from '@fahrwerk/api/schema';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Db } from '../../db/database';
import { billingRunItems, billingRuns, paymentDocuments, studentEducations } from '../../db/schema';
import { createSchool, DEMO_SCHOOL } from '../../db/seed';
import { createFileStore } from '../../files/file-store';
import {
  contract,
  createTestDatabase,
  DEMO_INSTRUCTOR,
  DEMO_OWNER,
  DRIVERS,
  expectError,
  TEST_JWT_SECRET,
  type TestApp,
  useTestApp,
} from '../../test/test-app';
import type { Services } from '../handlers';
import { type BillingRunJob, takeOverAbandonedRuns } from './billing-runs';
import { issueFinalInvoice } from './final-invoices';
import { type InvoiceFixture, invoiceFixture, studentWithServices } from './invoice-fixtures';

type BillingRun = components['schemas']['BillingRun'];

/** A run's test waits for the background job; a busy CI machine may take its time. */
const RUN_TIMEOUT = 120_000;

/** A student whose education is not finished (yet): a final invoice skips it. */
async function unfinished(db: Db, fixture: InvoiceFixture): Promise<number> {
  const { educationId } = await studentWithServices(db, fixture);
  await db
    .update(studentEducations)
    .set({ finished: false })
    .where(
      and(
        eq(studentEducations.drivingSchoolId, fixture.schoolId),
        eq(studentEducations.id, educationId),
      ),
    );
  return educationId;
}

/** Polls the run until it is FINISHED or INTERRUPTED (the job runs beside the test). */
async function settled(t: TestApp, token: string, id: number): Promise<BillingRun> {
  for (let attempt = 0; attempt < 1200; attempt += 1) {
    const response = await t.call<BillingRun>('GET', `/billing-runs/${id}`, { token });
    expect(response.status, response.raw).toBe(200);
    if (response.body.status === 'FINISHED' || response.body.status === 'INTERRUPTED') {
      return response.body;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Billing run ${id} did not settle.`);
}

async function start(t: TestApp, token: string, body: Record<string, unknown>) {
  const response = await t.call<BillingRun>('POST', '/billing-runs', { token, body });
  expect(response.status, response.raw).toBe(202);
  return response.body;
}

/** The school's standing final invoices by education, and every invoice number. */
const invoicesOf = (t: TestApp, schoolId: number) => invoicesOfDb(t.database.db, schoolId);

async function invoicesOfDb(db: Db, schoolId: number) {
  const rows = await db
    .select({
      id: paymentDocuments.id,
      type: paymentDocuments.type,
      status: paymentDocuments.status,
      number: paymentDocuments.number,
      studentEducationId: paymentDocuments.studentEducationId,
      pdfFileId: paymentDocuments.pdfFileId,
    })
    .from(paymentDocuments)
    .where(eq(paymentDocuments.drivingSchoolId, schoolId));
  return rows;
}

/** The running numbers of invoice numbers (`…-00042` → 42), ascending. */
const sequenceOf = (numbers: (string | null)[]) =>
  numbers
    .filter((number): number is string => !!number)
    .map((number) => Number(/(\d+)$/.exec(number)?.[1]))
    .sort((a, b) => a - b);

/** Unique and without a gap. */
function expectGapFree(sequence: number[]) {
  expect(new Set(sequence).size).toBe(sequence.length);
  for (let index = 1; index < sequence.length; index += 1) {
    expect(sequence[index]).toBe((sequence[index - 1] as number) + 1);
  }
}

describe.each(DRIVERS)('billing runs (%s)', (driver) => {
  const t = useTestApp(driver);
  let owner: string;
  let fixture: InvoiceFixture;
  const finished = async (count: number) => {
    const ids: number[] = [];
    for (let n = 0; n < count; n += 1) {
      ids.push((await studentWithServices(t.database.db, fixture)).educationId);
    }
    return ids;
  };

  beforeAll(async () => {
    owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    fixture = await invoiceFixture(t.database.db, t.demo.schoolId);
  });

  it(
    'issues one final invoice per finished education, in order, and skips one not finished',
    async () => {
      const ready = await finished(3);
      const open = await unfinished(t.database.db, fixture);
      const ids = [ready[0], open, ready[1], ready[2]] as number[];
      const queued = await start(t, owner, { studentEducationIds: ids });
      expect(queued).toMatchObject({ total: 4, issued: 0, createdByName: 'Erika Mustermann' });
      expect(['QUEUED', 'RUNNING', 'FINISHED']).toContain(queued.status);
      expect(queued.items.map((item) => item.studentEducationId)).toEqual(ids);
      expect(queued.items.every((item) => /Köhler$/.test(item.studentName))).toBe(true);

      const run = await settled(t, owner, queued.id);
      expect(run).toMatchObject({
        status: 'FINISHED',
        total: 4,
        done: 4,
        issued: 3,
        skipped: 1,
        failed: 0,
      });
      expect(run.startedAt).toBeDefined();
      expect(run.finishedAt).toBeDefined();
      expect(run.items.map((item) => item.status)).toEqual([
        'ISSUED',
        'SKIPPED',
        'ISSUED',
        'ISSUED',
      ]);
      expect(run.items[1]?.reason).toBe('errors.education_not_finished');
      // Issued in the run's order: consecutive numbers.
      const issued = run.items.filter((item) => item.status === 'ISSUED');
      expect(issued.every((item) => item.documentId && item.number && item.totalGross)).toBe(true);
      const inRunOrder = issued.map((item) => Number(/(\d+)$/.exec(item.number ?? '')?.[1]));
      expect(inRunOrder).toEqual(sequenceOf(issued.map((item) => item.number ?? null)));
      expectGapFree(inRunOrder);

      // Each issued document is the education's final invoice, with lines and an archived PDF.
      for (const item of issued) {
        const document = await t.call<components['schemas']['PaymentDocument']>(
          'GET',
          `/payment-documents/${item.documentId}`,
          { token: owner },
        );
        expect(document.status, document.raw).toBe(200);
        expect(document.body).toMatchObject({
          type: 'FINAL_INVOICE',
          studentEducationId: item.studentEducationId,
          number: item.number,
          totalGross: item.totalGross,
        });
        expect(document.body.lines.length).toBeGreaterThan(0);
      }

      // The list: newest first, with counts and without items.
      const list = await t.call<BillingRun[]>('GET', '/billing-runs', { token: owner });
      expect(list.status, list.raw).toBe(200);
      expect(list.body[0]).toMatchObject({ id: run.id, status: 'FINISHED', issued: 3, items: [] });

      // The ZIP: one PDF per issued invoice, named by its number, the archived bytes.
      const zip = await t.call('GET', `/billing-runs/${run.id}/pdfs`, { token: owner });
      expect(zip.status, zip.raw).toBe(200);
      expect(zip.headers['content-type']).toBe('application/zip');
      const entries = unzipSync(new Uint8Array(zip.bytes));
      expect(Object.keys(entries).sort()).toEqual(
        issued.map((item) => `${item.number}.pdf`).sort(),
      );
      const files = createFileStore({ dataDir: t.config.dataDir });
      const rows = await invoicesOf(t, t.demo.schoolId);
      for (const item of issued) {
        const bytes = entries[`${item.number}.pdf`] as Uint8Array;
        expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
        const row = rows.find((candidate) => candidate.id === item.documentId);
        const archived = await files.read(t.database.db, t.demo.schoolId, row?.pdfFileId as number);
        expect(Buffer.from(bytes).equals(archived.bytes)).toBe(true);
      }
    },
    RUN_TIMEOUT,
  );

  it(
    'bills each education once and gives no number twice when two runs overlap',
    async () => {
      const ids = await finished(8);
      const before = sequenceOf((await invoicesOf(t, t.demo.schoolId)).map((row) => row.number));
      // Started at once: both run side by side (two runs per process).
      const [first, second] = await Promise.all([
        start(t, owner, { studentEducationIds: ids.slice(0, 6) }),
        start(t, owner, { studentEducationIds: [...ids.slice(2, 8)].reverse() }),
      ]);
      const runs = await Promise.all([
        settled(t, owner, (first as BillingRun).id),
        settled(t, owner, (second as BillingRun).id),
      ]);
      for (const run of runs)
        expect(run).toMatchObject({ status: 'FINISHED', total: 6, failed: 0 });
      // Eight educations, eight invoices; each overlapping one skipped by exactly one run.
      expect(runs[0].issued + runs[1].issued).toBe(8);
      const skipped = runs.flatMap((run) => run.items.filter((item) => item.status === 'SKIPPED'));
      expect(skipped).toHaveLength(4);
      expect(skipped.every((item) => item.reason === 'errors.education_already_invoiced')).toBe(
        true,
      );
      expect(new Set(skipped.map((item) => item.studentEducationId))).toEqual(
        new Set(ids.slice(2, 6)),
      );

      const rows = await invoicesOf(t, t.demo.schoolId);
      for (const id of ids) {
        const standing = rows.filter(
          (row) =>
            row.studentEducationId === id &&
            row.type === 'FINAL_INVOICE' &&
            row.status !== 'CANCELLED',
        );
        expect(standing, `education ${id}`).toHaveLength(1);
      }
      const after = sequenceOf(rows.map((row) => row.number));
      expect(after).toHaveLength(before.length + 8);
      expectGapFree(after);
    },
    RUN_TIMEOUT,
  );

  it('refuses an education of another school (422) and creates no run', async () => {
    const [count] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(billingRuns)
      .where(eq(billingRuns.drivingSchoolId, t.demo.schoolId));
    const [ready] = await finished(1);
    const response = await t.call('POST', '/billing-runs', {
      token: owner,
      body: { studentEducationIds: [ready, 999_999_999] },
    });
    const body = expectError(response, 422, 'errors.validation');
    expect(body.fieldErrors).toEqual([
      { field: 'studentEducationIds', error: 'validation.not_found' },
    ]);
    const [after] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(billingRuns)
      .where(eq(billingRuns.drivingSchoolId, t.demo.schoolId));
    expect(after?.n).toBe(count?.n);
  });

  it(
    'a run without issued invoices has no ZIP (422 errors.no_documents)',
    async () => {
      const open = await unfinished(t.database.db, fixture);
      const queued = await start(t, owner, { studentEducationIds: [open] });
      const run = await settled(t, owner, queued.id);
      expect(run).toMatchObject({ status: 'FINISHED', issued: 0, skipped: 1 });
      expectError(
        await t.call('GET', `/billing-runs/${run.id}/pdfs`, { token: owner }),
        422,
        'errors.no_documents',
      );
    },
    RUN_TIMEOUT,
  );

  it('an instructor without the payment permissions may not start, list or read runs', async () => {
    const instructor = await t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password);
    const [ready] = await finished(1);
    expectError(
      await t.call('POST', '/billing-runs', {
        token: instructor,
        body: { studentEducationIds: [ready] },
      }),
      403,
      'errors.forbidden',
    );
    expectError(
      await t.call('GET', '/billing-runs', { token: instructor }),
      403,
      'errors.forbidden',
    );
    expectError(
      await t.call('GET', '/billing-runs/1', { token: instructor }),
      403,
      'errors.forbidden',
    );
    expectError(
      await t.call('GET', '/billing-runs/999999', { token: owner }),
      404,
      'errors.not_found',
    );
  });
});

describe.each(DRIVERS)('billing runs left by a stopped server (%s)', (driver) => {
  const t = useTestApp(driver);
  let owner: string;
  let fixture: InvoiceFixture;
  let crashedRunId: number;
  let lateRunId: number;
  let educations: number[];
  let orphanId: number;

  beforeAll(async () => {
    owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    const db = t.database.db;
    const schoolId = t.demo.schoolId;
    fixture = await invoiceFixture(db, schoolId);
    educations = [];
    for (let n = 0; n < 4; n += 1) {
      educations.push((await studentWithServices(db, fixture)).educationId);
    }
    // A run the server died in: RUNNING, its beat a minute old; the first PENDING item's
    // invoice was committed, the item not.
    const minuteAgo = new Date(Date.now() - 60_000);
    const [crashed] = await db
      .insert(billingRuns)
      .values({
        drivingSchoolId: schoolId,
        status: 'RUNNING',
        startedAt: minuteAgo,
        heartbeatAt: minuteAgo,
      })
      .returning();
    crashedRunId = crashed?.id as number;
    await db.insert(billingRunItems).values(
      educations.slice(0, 3).map((studentEducationId, index) => ({
        drivingSchoolId: schoolId,
        billingRunId: crashedRunId,
        position: index + 1,
        studentEducationId,
        studentName: `Schüler ${index + 1}`,
      })),
    );
    const outcome = await issueFinalInvoice(
      { db, files: createFileStore({ dataDir: t.config.dataDir }) },
      schoolId,
      educations[0] as number,
    );
    if (outcome.status !== 'ISSUED') throw new Error(`not issued: ${outcome.reason}`);
    orphanId = outcome.document.id;
    // A queued run whose issue date lies before that invoice: its item fails.
    const [late] = await db
      .insert(billingRuns)
      .values({ drivingSchoolId: schoolId, issueDate: '2020-01-02' })
      .returning();
    lateRunId = late?.id as number;
    await db.insert(billingRunItems).values({
      drivingSchoolId: schoolId,
      billingRunId: lateRunId,
      position: 1,
      studentEducationId: educations[3] as number,
      studentName: 'Schüler 4',
    });
  });

  it(
    'are taken up when the queue starts: the invoice in flight is adopted, not billed again',
    async () => {
      const db = t.database.db;
      // Nothing works on them yet: this app's queue has not started.
      const [still] = await db
        .select({ status: billingRuns.status })
        .from(billingRuns)
        .where(
          and(eq(billingRuns.drivingSchoolId, t.demo.schoolId), eq(billingRuns.id, lateRunId)),
        );
      expect(still?.status).toBe('QUEUED');

      // The first run started through the API starts the queue, whose start hook sends both.
      const open = await unfinished(db, fixture);
      await settled(t, owner, (await start(t, owner, { studentEducationIds: [open] })).id);

      const crashed = await settled(t, owner, crashedRunId);
      expect(crashed).toMatchObject({ status: 'FINISHED', issued: 3, skipped: 0, failed: 0 });
      expect(crashed.items[0]).toMatchObject({ status: 'ISSUED', documentId: orphanId });
      const rows = await invoicesOf(t, t.demo.schoolId);
      for (const id of educations.slice(0, 3)) {
        expect(rows.filter((row) => row.studentEducationId === id)).toHaveLength(1);
      }
      expectGapFree(sequenceOf(rows.map((row) => row.number)));

      const late = await settled(t, owner, lateRunId);
      expect(late).toMatchObject({ status: 'FINISHED', failed: 1, issued: 0 });
      expect(late.items[0]).toMatchObject({ status: 'FAILED', reason: 'errors.issue_date_order' });
    },
    RUN_TIMEOUT,
  );
});

describe.each(DRIVERS)('a billing run the database keeps refusing (%s)', (driver) => {
  const t = useTestApp(driver, { env: { JOB_RETRY_DELAY_SECONDS: '1' } });

  it(
    'is INTERRUPTED after its last try, naming every student still to bill',
    async () => {
      const owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
      const db = t.database.db;
      const fixture = await invoiceFixture(db, t.demo.schoolId);
      const ids: number[] = [];
      for (let n = 0; n < 2; n += 1) ids.push((await studentWithServices(db, fixture)).educationId);
      // A fault of the database itself: it refuses to mark any run RUNNING.
      await db.execute(sql`create function refuse_running() returns trigger language plpgsql as $$
      begin raise exception 'the database refuses (test)'; end $$`);
      await db.execute(sql`create trigger refuse_running before update on billing_runs for each row
      when (new.status = 'RUNNING') execute function refuse_running()`);

      const queued = await start(t, owner, { studentEducationIds: ids });
      const run = await settled(t, owner, queued.id);
      expect(run).toMatchObject({ status: 'INTERRUPTED', total: 2, done: 0, issued: 0 });
      expect(run.finishedAt).toBeDefined();
      expect(run.items.map((item) => [item.studentEducationId, item.status])).toEqual(
        ids.map((id) => [id, 'PENDING']),
      );
      expect(run.items.every((item) => /Köhler$/.test(item.studentName))).toBe(true);
      expect(await invoicesOf(t, t.demo.schoolId)).toEqual([]);
    },
    RUN_TIMEOUT,
  );
});

describe.each(DRIVERS)('a billing run whose server stops (%s)', (driver) => {
  it(
    'is left RUNNING by a clean close, never half an invoice, and finished by the next server',
    async () => {
      const testDatabase = await createTestDatabase(driver);
      const apps: FastifyInstance[] = [];
      try {
        const db = testDatabase.database.db;
        const { schoolId } = await createSchool(db, DEMO_SCHOOL);
        const fixture = await invoiceFixture(db, schoolId);
        const ids: number[] = [];
        for (let n = 0; n < 6; n += 1)
          ids.push((await studentWithServices(db, fixture)).educationId);
        const config = loadConfig({
          DATA_DIR: testDatabase.dataDir,
          JWT_SECRET: TEST_JWT_SECRET,
          LOG_LEVEL: 'silent',
          JOB_RETRY_DELAY_SECONDS: '1',
        });
        const server = async () => {
          const app = await buildApp(config, {
            logger: false,
            validateResponses: true,
            database: testDatabase.database,
            document: contract(),
            startJobs: true,
          });
          await app.ready();
          apps.push(app);
          return app;
        };
        const call = async <T>(
          app: FastifyInstance,
          method: 'GET' | 'POST',
          url: string,
          body?: object,
        ) => {
          const response = await app.inject({
            method,
            url: `/api${url}`,
            ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
            ...(body ? { payload: body } : {}),
          });
          return { status: response.statusCode, body: response.json() as T };
        };
        let token = '';
        const first = await server();
        token = (
          await call<{ token: string }>(first, 'POST', '/generate-token', {
            email: DEMO_OWNER.email,
            password: DEMO_OWNER.password,
          })
        ).body.token;
        const started = await call<BillingRun>(first, 'POST', '/billing-runs', {
          studentEducationIds: ids,
        });
        expect(started.status).toBe(202);
        const runId = started.body.id;
        for (let attempt = 0; ; attempt += 1) {
          const { body } = await call<BillingRun>(first, 'GET', `/billing-runs/${runId}`);
          if (body.done >= 2) break;
          if (attempt > 2400) throw new Error('the run never got going');
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        // The close waits for the invoice at hand; the rest stays for later.
        await first.close();
        const [stopped] = await db
          .select()
          .from(billingRuns)
          .where(and(eq(billingRuns.drivingSchoolId, schoolId), eq(billingRuns.id, runId)));
        const pendingAtStop = await db
          .select({ id: billingRunItems.id })
          .from(billingRunItems)
          .where(
            and(
              eq(billingRunItems.drivingSchoolId, schoolId),
              eq(billingRunItems.billingRunId, runId),
              eq(billingRunItems.status, 'PENDING'),
            ),
          );
        const issuedAtStop = await invoicesOfDb(db, schoolId);
        expect(stopped?.status).toBe('RUNNING');
        expect(pendingAtStop.length).toBeGreaterThan(0);
        // Every invoice so far is named by its item: none was left half-way.
        expect(issuedAtStop).toHaveLength(ids.length - pendingAtStop.length);

        const second = await server();
        let run: BillingRun | undefined;
        for (let attempt = 0; attempt < 2400; attempt += 1) {
          run = (await call<BillingRun>(second, 'GET', `/billing-runs/${runId}`)).body;
          if (run.status === 'FINISHED' || run.status === 'INTERRUPTED') break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(run).toMatchObject({ status: 'FINISHED', issued: 6, skipped: 0, failed: 0 });
        const invoices = await invoicesOfDb(db, schoolId);
        expect(new Set(invoices.map((row) => row.studentEducationId))).toEqual(new Set(ids));
        expect(invoices).toHaveLength(6);
        expectGapFree(sequenceOf(invoices.map((row) => row.number)));
      } finally {
        for (const app of apps) await app.close();
        await testDatabase.dispose();
      }
    },
    RUN_TIMEOUT,
  );
});

describe.each(DRIVERS)('abandoned billing runs taken over (%s)', (driver) => {
  const t = useTestApp(driver);
  /** The queue's part takeOverAbandonedRuns uses: every lock free, the jobs sent kept. */
  const sent: BillingRunJob[] = [];
  const services = () =>
    ({
      db: t.database.db,
      jobs: {
        tryLock: async () => ({ lost: new AbortController().signal, release: async () => {} }),
        send: async (_name: string, job: BillingRunJob) => {
          sent.push(job);
        },
      },
    }) as unknown as Services;
  const run = async (status: 'QUEUED' | 'RUNNING', secondsAgo: number) => {
    const [row] = await t.database.db
      .insert(billingRuns)
      .values({
        drivingSchoolId: t.demo.schoolId,
        status,
        createdAt: sql`now() - make_interval(secs => ${secondsAgo})`,
        heartbeatAt:
          status === 'RUNNING' ? sql`now() - make_interval(secs => ${secondsAgo})` : null,
      })
      .returning({ id: billingRuns.id });
    return row?.id as number;
  };

  it('sends again a RUNNING run whose beat stopped and a QUEUED run a minute old never sent — once', async () => {
    const running = await run('RUNNING', 30);
    const unsent = await run('QUEUED', 120);
    const waiting = await run('QUEUED', 5);
    const beating = await run('RUNNING', 1);
    const taken = await takeOverAbandonedRuns(services());
    const ids = taken.map((job) => job.runId);
    expect(ids).toEqual(expect.arrayContaining([running, unsent]));
    expect(ids).not.toContain(waiting);
    expect(ids).not.toContain(beating);
    expect(sent.map((job) => job.runId)).toEqual(ids);
    // The beat claimed by the first look: a second look (another server) sends neither again.
    const again = await takeOverAbandonedRuns(services());
    expect(again.map((job) => job.runId)).not.toEqual(expect.arrayContaining([running]));
    expect(again.map((job) => job.runId)).not.toContain(unsent);
    await t.database.db
      .update(billingRuns)
      .set({ status: 'INTERRUPTED' })
      .where(inArray(billingRuns.id, [running, unsent, waiting, beating]));
  });
});
