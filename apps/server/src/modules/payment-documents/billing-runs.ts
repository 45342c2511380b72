import type { components } from '@fahrwerk/api/schema';
import { and, asc, desc, eq, inArray, isNotNull, max, or, sql } from 'drizzle-orm';
import { type Zippable, zipSync } from 'fflate';
import type { Db } from '../../db/database';
import {
  billingRunItems,
  billingRuns,
  paymentDocuments,
  studentEducations,
  students,
  users,
} from '../../db/schema';
import { requireAuth } from '../../http/auth';
import { AppError, fieldError, globalError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import type { JobContext } from '../../jobs/job-queue';
import { everyWhileStarted, messageOf } from '../../jobs/job-queue';
import type { Services } from '../handlers';
import { translateDatabaseError } from '../resources/database-errors';
import { issueFinalInvoice } from './final-invoices';

/*
 * Billing runs (issue 13): the final invoices of many educations, issued by a background job.
 *
 * The request stores the run and one PENDING item per education (with the student's name) in
 * one transaction and queues the job. The job takes the run's lock (one worker per run, in
 * any process), marks it RUNNING, and issues item after item through issueFinalInvoice — each
 * invoice in its own transaction with its number, lines and PDF — committing each item's
 * outcome as it goes (ISSUED with the document, SKIPPED or FAILED with the reason's key).
 * A run whose server stopped (stop or crash) stays RUNNING and is sent again when a server
 * starts, or by any running server once its heartbeat is stale (its server died while others
 * go on); the lock lets only one worker take it, which goes on with the PENDING items. A run
 * that keeps failing as a whole (not one item: the database gone) is INTERRUPTED, its PENDING
 * items naming the students that remain. Two runs over the same education never bill it twice:
 * the database keeps one standing final invoice per education, issueFinalInvoice answers
 * SKIPPED `errors.education_already_invoiced` to the second.
 */

type BillingRun = components['schemas']['BillingRun'];
type BillingRunItem = components['schemas']['BillingRunItem'];
type RunRow = typeof billingRuns.$inferSelect;
type ItemRow = typeof billingRunItems.$inferSelect;

export const BILLING_RUN_JOB = 'billing-run';
export type BillingRunJob = { schoolId: number; runId: number };

/** How often a running run's heartbeat is written (milliseconds). */
const HEARTBEAT_MS = 2000;
/**
 * A RUNNING run whose heartbeat is older than this (four missed beats) has lost its worker:
 * its server process died while the other server processes go on (PostgreSQL).
 */
const ABANDONED_AFTER_SECONDS = 8;
/**
 * A QUEUED run this old that nobody beat for is taken for one whose job was never sent: its
 * server died between writing the run and queueing it. (A run waiting behind others in the
 * queue may be sent twice; the second job finds it locked or finished and does nothing.)
 */
const UNSENT_AFTER_SECONDS = 60;
/** How often each server process looks for abandoned runs (PostgreSQL). */
const WATCH_MS = 3000;
/** The contract's length of an item's reason. */
const REASON_LENGTH = 100;
/** How many runs the list shows. */
const LIST_LIMIT = 50;

const runOf = (schoolId: number, runId: number) =>
  and(eq(billingRuns.drivingSchoolId, schoolId), eq(billingRuns.id, runId));
const itemsOf = (schoolId: number, runId: number) =>
  and(eq(billingRunItems.drivingSchoolId, schoolId), eq(billingRunItems.billingRunId, runId));

type Counts = { total: number; done: number; issued: number; skipped: number; failed: number };
const NO_COUNTS: Counts = { total: 0, done: 0, issued: 0, skipped: 0, failed: 0 };

function toRunDto(run: RunRow, counts: Counts, items: BillingRunItem[]): BillingRun {
  return {
    id: run.id,
    status: run.status,
    ...counts,
    items,
    ...(run.issueDate ? { issueDate: run.issueDate } : {}),
    ...(run.createdByName ? { createdByName: run.createdByName } : {}),
    createdAt: run.createdAt.toISOString(),
    ...(run.startedAt ? { startedAt: run.startedAt.toISOString() } : {}),
    ...(run.finishedAt ? { finishedAt: run.finishedAt.toISOString() } : {}),
  };
}

/** The counts of runs' items by status, one query for all of them. */
async function countsOf(db: Db, schoolId: number, runIds: number[]): Promise<Map<number, Counts>> {
  const counts = new Map<number, Counts>();
  if (runIds.length === 0) return counts;
  const rows = await db
    .select({
      runId: billingRunItems.billingRunId,
      total: sql<number>`count(*)::int`,
      done: sql<number>`count(*) filter (where ${billingRunItems.status} <> 'PENDING')::int`,
      issued: sql<number>`count(*) filter (where ${billingRunItems.status} = 'ISSUED')::int`,
      skipped: sql<number>`count(*) filter (where ${billingRunItems.status} = 'SKIPPED')::int`,
      failed: sql<number>`count(*) filter (where ${billingRunItems.status} = 'FAILED')::int`,
    })
    .from(billingRunItems)
    .where(
      and(
        eq(billingRunItems.drivingSchoolId, schoolId),
        inArray(billingRunItems.billingRunId, runIds),
      ),
    )
    .groupBy(billingRunItems.billingRunId);
  for (const { runId, ...row } of rows) counts.set(runId, row);
  return counts;
}

async function loadRun(db: Db, schoolId: number, runId: number): Promise<RunRow> {
  const [run] = await db.select().from(billingRuns).where(runOf(schoolId, runId));
  if (!run) throw notFound('No such billing run in your school.');
  return run;
}

/** One run with its items (number and total of each issued invoice), in the run's order. */
export async function billingRunDto(db: Db, schoolId: number, runId: number): Promise<BillingRun> {
  const run = await loadRun(db, schoolId, runId);
  const rows = await db
    .select({
      item: billingRunItems,
      number: paymentDocuments.number,
      totalGross: paymentDocuments.totalGross,
    })
    .from(billingRunItems)
    .leftJoin(
      paymentDocuments,
      and(
        eq(paymentDocuments.drivingSchoolId, billingRunItems.drivingSchoolId),
        eq(paymentDocuments.id, billingRunItems.documentId),
      ),
    )
    .where(itemsOf(schoolId, runId))
    .orderBy(asc(billingRunItems.position));
  const counts = { ...NO_COUNTS };
  const items = rows.map(({ item, number, totalGross }): BillingRunItem => {
    counts.total += 1;
    if (item.status !== 'PENDING') counts.done += 1;
    if (item.status === 'ISSUED') counts.issued += 1;
    if (item.status === 'SKIPPED') counts.skipped += 1;
    if (item.status === 'FAILED') counts.failed += 1;
    return {
      studentEducationId: item.studentEducationId,
      studentName: item.studentName,
      status: item.status,
      ...(item.documentId ? { documentId: item.documentId } : {}),
      ...(number ? { number } : {}),
      ...(item.documentId && totalGross !== null ? { totalGross } : {}),
      ...(item.reason && item.status !== 'PENDING' ? { reason: item.reason } : {}),
    };
  });
  return toRunDto(run, counts, items);
}

export function createBillingRunHandlers(services: Services): OperationHandlers {
  const { db } = services;
  return {
    async startBillingRun(request) {
      const auth = requireAuth(request);
      const schoolId = auth.drivingSchoolId;
      const { studentEducationIds: ids, issueDate, dueDate, footnote } = request.body;
      const found = await db
        .select({
          id: studentEducations.id,
          firstName: students.firstName,
          lastName: students.lastName,
        })
        .from(studentEducations)
        .innerJoin(
          students,
          and(
            eq(students.drivingSchoolId, studentEducations.drivingSchoolId),
            eq(students.id, studentEducations.studentId),
          ),
        )
        .where(
          and(eq(studentEducations.drivingSchoolId, schoolId), inArray(studentEducations.id, ids)),
        );
      if (found.length !== ids.length) {
        throw fieldError(
          'studentEducationIds',
          'validation.not_found',
          'An education is not one of your school.',
        );
      }
      if (issueDate) {
        const [newest] = await db
          .select({ day: max(paymentDocuments.issueDate) })
          .from(paymentDocuments)
          .where(
            and(eq(paymentDocuments.drivingSchoolId, schoolId), isNotNull(paymentDocuments.number)),
          );
        if (newest?.day && issueDate < newest.day) {
          throw globalError(
            'errors.issue_date_order',
            `The issue date may not be before the newest issued invoice (${newest.day}).`,
          );
        }
      }
      const names = new Map(
        found.map((row) => [row.id, `${row.firstName} ${row.lastName}`.trim().slice(0, 200)]),
      );
      const [user] = await db
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(and(eq(users.drivingSchoolId, schoolId), eq(users.id, auth.userId)));
      const run = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(billingRuns)
          .values({
            drivingSchoolId: schoolId,
            issueDate: issueDate ?? null,
            dueDate: dueDate ?? null,
            footnote: footnote ?? null,
            createdByUserId: auth.userId,
            createdByName: user ? `${user.firstName} ${user.lastName}`.trim().slice(0, 200) : null,
          })
          .returning();
        if (!created) throw new Error('The insert answered no row.');
        await tx.insert(billingRunItems).values(
          ids.map((studentEducationId, index) => ({
            drivingSchoolId: schoolId,
            billingRunId: created.id,
            position: index + 1,
            studentEducationId,
            studentName: names.get(studentEducationId) ?? '',
          })),
        );
        return created;
      });
      await services.jobs.send<BillingRunJob>(BILLING_RUN_JOB, { schoolId, runId: run.id });
      return { status: 202, body: await billingRunDto(db, schoolId, run.id) };
    },

    async listBillingRuns(request) {
      const auth = requireAuth(request);
      const schoolId = auth.drivingSchoolId;
      const runs = await db
        .select()
        .from(billingRuns)
        .where(eq(billingRuns.drivingSchoolId, schoolId))
        .orderBy(desc(billingRuns.id))
        .limit(LIST_LIMIT);
      const counts = await countsOf(
        db,
        schoolId,
        runs.map((run) => run.id),
      );
      return {
        status: 200,
        body: runs.map((run) => toRunDto(run, counts.get(run.id) ?? NO_COUNTS, [])),
      };
    },

    async getBillingRun(request) {
      const auth = requireAuth(request);
      return {
        status: 200,
        body: await billingRunDto(db, auth.drivingSchoolId, request.params.id),
      };
    },

    async downloadBillingRunPdfs(request) {
      const auth = requireAuth(request);
      const schoolId = auth.drivingSchoolId;
      const run = await loadRun(db, schoolId, request.params.id);
      const documents = await db
        .select({ number: paymentDocuments.number, pdfFileId: paymentDocuments.pdfFileId })
        .from(billingRunItems)
        .innerJoin(
          paymentDocuments,
          and(
            eq(paymentDocuments.drivingSchoolId, billingRunItems.drivingSchoolId),
            eq(paymentDocuments.id, billingRunItems.documentId),
          ),
        )
        .where(and(itemsOf(schoolId, run.id), eq(billingRunItems.status, 'ISSUED')))
        .orderBy(asc(billingRunItems.position));
      const archived = documents.filter(
        (row): row is { number: string; pdfFileId: number } => !!row.number && !!row.pdfFileId,
      );
      if (archived.length === 0) {
        throw globalError('errors.no_documents', 'The run has issued no invoice with a PDF.');
      }
      const entries: Zippable = {};
      for (const { number, pdfFileId } of archived) {
        const { bytes } = await services.files.read(db, schoolId, pdfFileId);
        // PDFs are compressed already: stored as they are.
        entries[`${number.replace(/[\\/:*?"<>|]/g, '-')}.pdf`] = [bytes, { level: 0 }];
      }
      return {
        status: 200,
        file: {
          bytes: Buffer.from(zipSync(entries)),
          mimeType: 'application/zip',
          fileName: `Rechnungslauf-${run.id}.zip`,
        },
      };
    },
  };
}

/** The i18n key (or else the message) of why issuing an item failed. */
function reasonOf(error: unknown): string {
  const known = error instanceof AppError ? error : translateDatabaseError(error);
  const reason = known
    ? (known.fieldErrors[0]?.error ?? known.globalErrors[0] ?? known.errorMessage)
    : messageOf(error);
  return reason.slice(0, REASON_LENGTH);
}

/** What became of one item: the values its row takes. */
async function issueItem(
  services: Services,
  run: RunRow,
  item: ItemRow,
): Promise<Pick<ItemRow, 'status' | 'documentId' | 'reason'>> {
  try {
    const outcome = await issueFinalInvoice(
      services,
      run.drivingSchoolId,
      item.studentEducationId,
      {
        issueDate: run.issueDate ?? undefined,
        dueDate: run.dueDate ?? undefined,
        footnote: run.footnote ?? undefined,
      },
    );
    return outcome.status === 'ISSUED'
      ? { status: 'ISSUED', documentId: outcome.document.id, reason: null }
      : { status: 'SKIPPED', documentId: null, reason: outcome.reason.slice(0, REASON_LENGTH) };
  } catch (error) {
    return { status: 'FAILED', documentId: null, reason: reasonOf(error) };
  }
}

/**
 * The invoice a resumed run issued for `item` before its server died, when it did: the item
 * in flight then is the first PENDING one, and its invoice (committed, the item not yet) is
 * the education's standing final invoice issued since the run started that no item names.
 */
async function orphanedInvoiceOf(db: Db, run: RunRow, item: ItemRow): Promise<number | null> {
  if (!run.startedAt) return null;
  const d = paymentDocuments;
  const [row] = await db
    .select({ id: d.id })
    .from(d)
    .where(
      and(
        eq(d.drivingSchoolId, run.drivingSchoolId),
        eq(d.studentEducationId, item.studentEducationId),
        eq(d.type, 'FINAL_INVOICE'),
        sql`${d.status} <> 'CANCELLED'`,
        // Both times are the database's own (no clock of a server process compared).
        sql`${d.createdAt} >= ${run.startedAt.toISOString()}::timestamptz`,
        sql`not exists (select 1 from ${billingRunItems}
          where ${billingRunItems.drivingSchoolId} = ${run.drivingSchoolId}
          and ${billingRunItems.documentId} = ${d.id})`,
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/**
 * Works on one run while holding its lock. Answers 'done' when the run is FINISHED (or was
 * already), 'stopped' when it returned early — left RUNNING, to be taken up again — because
 * the queue stops or the lock is lost.
 */
async function workOnRun(
  services: Services,
  job: BillingRunJob,
  signal: AbortSignal,
  lost: AbortSignal,
): Promise<'done' | 'stopped'> {
  const { db } = services;
  const { schoolId, runId } = job;
  const [before] = await db.select().from(billingRuns).where(runOf(schoolId, runId));
  if (!before || before.status === 'FINISHED' || before.status === 'INTERRUPTED') return 'done';
  const resumed = before.status === 'RUNNING';
  const [run] = await db
    .update(billingRuns)
    .set({
      status: 'RUNNING',
      startedAt: sql`coalesce(${billingRuns.startedAt}, now())`,
      heartbeatAt: sql`now()`,
    })
    .where(and(runOf(schoolId, runId), inArray(billingRuns.status, ['QUEUED', 'RUNNING'])))
    .returning();
  if (!run) return 'done';

  let beating: Promise<unknown> = Promise.resolve();
  const heartbeat = setInterval(() => {
    beating = db
      .update(billingRuns)
      .set({ heartbeatAt: sql`now()` })
      .where(runOf(schoolId, runId))
      .catch(() => {});
  }, HEARTBEAT_MS);
  heartbeat.unref();
  try {
    const pending = await db
      .select()
      .from(billingRunItems)
      .where(and(itemsOf(schoolId, runId), eq(billingRunItems.status, 'PENDING')))
      .orderBy(asc(billingRunItems.position));
    for (const [index, item] of pending.entries()) {
      if (signal.aborted || lost.aborted) return 'stopped';
      const orphan =
        resumed && index === 0
          ? await orphanedInvoiceOf(db, { ...run, startedAt: before.startedAt }, item)
          : null;
      const outcome = orphan
        ? { status: 'ISSUED' as const, documentId: orphan, reason: null }
        : await issueItem(services, run, item);
      // Only a PENDING item changes: another worker (a lost lock) may have been quicker.
      await db
        .update(billingRunItems)
        .set({ ...outcome, updatedAt: sql`now()` })
        .where(
          and(
            eq(billingRunItems.drivingSchoolId, schoolId),
            eq(billingRunItems.id, item.id),
            eq(billingRunItems.status, 'PENDING'),
          ),
        );
    }
    await db
      .update(billingRuns)
      .set({ status: 'FINISHED', finishedAt: sql`now()`, heartbeatAt: sql`now()` })
      .where(and(runOf(schoolId, runId), eq(billingRuns.status, 'RUNNING')));
    return 'done';
  } finally {
    clearInterval(heartbeat);
    await beating;
  }
}

/** The job: one run, under its lock; a run that fails as a whole on its last try is INTERRUPTED. */
export async function billingRunJob(
  services: Services,
  job: BillingRunJob,
  context: JobContext,
): Promise<void> {
  const lock = await services.jobs.tryLock(BILLING_RUN_JOB, job.runId);
  // Another worker (this process or another) is on it.
  if (!lock) return;
  let outcome: 'done' | 'stopped';
  try {
    outcome = await workOnRun(services, job, context.signal, lock.lost);
  } catch (error) {
    if (context.lastTry && !context.signal.aborted) {
      await services.db
        .update(billingRuns)
        .set({ status: 'INTERRUPTED', finishedAt: sql`now()` })
        .where(
          and(runOf(job.schoolId, job.runId), inArray(billingRuns.status, ['QUEUED', 'RUNNING'])),
        )
        .catch(() => {});
    }
    throw error;
  } finally {
    await lock.release();
  }
  if (outcome === 'stopped') {
    // The queue stops (or the lock's connection broke): the run is handed back unfinished, so
    // the queue tries it again — on PostgreSQL any running server, else the next start.
    throw new Error(`Billing run ${job.runId} handed back unfinished.`);
  }
}

/** Sends every unfinished run again (a server starts): its lock tells whether anyone is on it. */
export async function resumeBillingRuns(services: Services): Promise<void> {
  const unfinished = await services.db
    .select({ schoolId: billingRuns.drivingSchoolId, runId: billingRuns.id })
    .from(billingRuns)
    .where(inArray(billingRuns.status, ['QUEUED', 'RUNNING']))
    .orderBy(asc(billingRuns.id));
  for (const job of unfinished) {
    await services.jobs.send<BillingRunJob>(BILLING_RUN_JOB, job);
  }
}

/**
 * Sends again every RUNNING run whose worker is gone while this server runs on: its heartbeat
 * is stale and nobody holds its lock (the lock of a killed process is freed when PostgreSQL
 * closes its connection). Its pg-boss job would only be retried when it expires (an hour),
 * so another server takes the run up now, adopting the invoice in flight. Likewise a QUEUED
 * run a minute old that nobody beat for: its server died before its job was sent, and no
 * server would send it before one restarts. The stale beat is claimed by an update first, so
 * of several servers looking at once one sends, and again only after another stale period.
 * Answers the runs sent.
 */
export async function takeOverAbandonedRuns(services: Services): Promise<BillingRunJob[]> {
  const claimed = await services.db
    .update(billingRuns)
    .set({ heartbeatAt: sql`now()` })
    .where(
      or(
        and(
          eq(billingRuns.status, 'RUNNING'),
          sql`coalesce(${billingRuns.heartbeatAt}, ${billingRuns.startedAt}, ${billingRuns.createdAt})
            < now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS})`,
        ),
        and(
          eq(billingRuns.status, 'QUEUED'),
          sql`coalesce(${billingRuns.heartbeatAt}, ${billingRuns.createdAt})
            < now() - make_interval(secs => ${UNSENT_AFTER_SECONDS})`,
        ),
      ),
    )
    .returning({ schoolId: billingRuns.drivingSchoolId, runId: billingRuns.id });
  const sent: BillingRunJob[] = [];
  for (const job of claimed.sort((a, b) => a.runId - b.runId)) {
    // A worker that is alive but slow to beat still holds the lock: leave the run to it.
    const lock = await services.jobs.tryLock(BILLING_RUN_JOB, job.runId);
    if (!lock) continue;
    await lock.release();
    await services.jobs.send<BillingRunJob>(BILLING_RUN_JOB, job);
    sent.push(job);
  }
  return sent;
}

/** The worker of billing runs and its start hook (app.ts, through jobs/workers.ts). */
export function registerBillingRunWorker(services: Services): void {
  services.jobs.work<BillingRunJob>(
    BILLING_RUN_JOB,
    (job, context) => billingRunJob(services, job, context),
    // Two runs at once per process (two schools; one school's invoices are issued one at a
    // time anyway). An hour before a run counts as lost: far above the 2,000 items' time.
    {
      concurrency: 2,
      retryLimit: 3,
      retryDelaySeconds: services.config.jobRetryDelaySeconds,
      expireInSeconds: 60 * 60,
    },
  );
  services.jobs.onStart(() => resumeBillingRuns(services));
  // Several server processes (PostgreSQL): one that dies mid-run leaves it to the others.
  // PGlite has one process, whose start hook above takes up what it left.
  if (services.jobs.kind === 'pg-boss') {
    everyWhileStarted(services.jobs, WATCH_MS, () => takeOverAbandonedRuns(services));
  }
}
