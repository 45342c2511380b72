import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  appointments,
  automaticPaymentTriggers,
  examParticipants,
  exams,
  type LicenseClass,
  studentEducations,
  students,
  triggerFirings,
} from '../../db/schema';
import { globalError } from '../../http/errors';
import type { JobQueue } from '../../jobs/job-queue';
import type { Services } from '../handlers';
import type { NewLine } from '../payment-documents/invoice-items';
import { issueDocument } from '../payment-documents/issue';
import { priceLine, vatRateOn } from '../payment-documents/vat';
import { listRows, pricesForClass } from '../prices/prices.resources';
import { activeEducations, resolvePriceListId } from '../prices/student-prices';
import { addDays, berlinToday } from '../resources/kit';
import { queuePreNotifications, writeLivePayDebit } from './live-pay-debits';

/*
 * Automatic payment triggers (automatic service bundles, `automatic_payment_triggers`; flash
 * pay's partial invoices as the training goes on), as a job on the queue. Whoever records an
 * event of an education queues `automatic-payment-triggers` {schoolId, studentEducationId,
 * event} after its commit:
 *
 * - CREATED: the education was created (in the office or from an accepted registration);
 * - DRIVING_LESSON: a lesson of it was booked or signed;
 * - EXAM_PLANNED: it joined an exam; EXAM_RESULT: an exam of it got a result.
 *
 * The worker takes the school's active triggers of that event whose workflows hold the
 * education's workflow, whose classes hold its class (none: every class) and, for exams,
 * whose exam kind and status match (none: any). For each it counts the occurrence:
 *
 * - DRIVING_LESSON: floor(signed driving lessons / lessonCount) (no count: each lesson);
 * - CREATED: 1; EXAM_PLANNED: the exams of the education of the trigger's kind;
 *   EXAM_RESULT: its exams with a result (of the trigger's status and kind).
 *
 * A trigger fires when the occurrence grew past the last it fired for (and is at least 1):
 * in ONE transaction a `trigger_firings` row (unique per trigger, education and occurrence)
 * and the bill — so a retried or doubled job, or two jobs at once, bill once. The bill is the
 * trigger's products at the prices of the education's price list (as booking prices them;
 * the combined-training price for a further class): a PAYMENT_REQUEST (no number) or a
 * PARTIAL_INVOICE issued on the one issuing path (payment-documents/issue.ts), due
 * `dueInDays` after today. A LIVE_PAY education is debited instead (live-pay-debits.ts,
 * without a lesson); without a usable mandate nothing is billed and nothing recorded, so a
 * later event of the education fires once a mandate is there. An education with automatic
 * payment off fires nothing. A product without a price in the list fails the job with the
 * reason (the queue logs it and tries again), nothing half-written.
 */

export const TRIGGER_JOB = 'automatic-payment-triggers';

export type TriggerEvent = 'CREATED' | 'DRIVING_LESSON' | 'EXAM_PLANNED' | 'EXAM_RESULT';
export type TriggerJob = { schoolId: number; studentEducationId: number; event: TriggerEvent };

type TriggerRow = typeof automaticPaymentTriggers.$inferSelect;
type EducationRow = typeof studentEducations.$inferSelect;
type StudentRow = typeof students.$inferSelect;

/** The exam statuses that are a result (as exams.resources.ts `RESULT_STATUSES`). */
const RESULT_STATUSES = ['PASSED', 'FAILED', 'ABSENT'] as const;

/** Queues the event of each education (after the commit that recorded it). */
export async function queueTriggerEvents(
  jobs: JobQueue | undefined,
  schoolId: number,
  studentEducationIds: number[],
  event: TriggerEvent,
): Promise<void> {
  if (!jobs) return;
  for (const studentEducationId of new Set(studentEducationIds)) {
    await jobs.send<TriggerJob>(TRIGGER_JOB, { schoolId, studentEducationId, event });
  }
}

/** The active triggers of the event that apply to the education's workflow and class. */
async function matchingTriggers(
  tx: Db,
  schoolId: number,
  event: TriggerEvent,
  education: EducationRow,
): Promise<TriggerRow[]> {
  const t = automaticPaymentTriggers;
  return tx
    .select()
    .from(t)
    .where(
      and(
        eq(t.drivingSchoolId, schoolId),
        eq(t.active, true),
        eq(t.event, event),
        sql`${education.paymentWorkflow} = any(${t.paymentWorkflows})`,
        sql`(cardinality(${t.licenseClasses}) = 0 or ${education.licenseClass} = any(${t.licenseClasses}))`,
      ),
    )
    .orderBy(t.id);
}

/** How often the trigger's event has happened to the education so far (see above). */
async function occurrenceOf(
  tx: Db,
  schoolId: number,
  trigger: TriggerRow,
  educationId: number,
): Promise<number> {
  const count = sql<number>`count(*)::int`.mapWith(Number);
  if (trigger.event === 'CREATED') return 1;
  if (trigger.event === 'DRIVING_LESSON') {
    const [row] = await tx
      .select({ n: count })
      .from(appointments)
      .where(
        and(
          eq(appointments.drivingSchoolId, schoolId),
          eq(appointments.studentEducationId, educationId),
          eq(appointments.type, 'DRIVING'),
          isNotNull(appointments.signatureFileId),
        ),
      );
    return Math.floor((row?.n ?? 0) / (trigger.lessonCount ?? 1));
  }
  const p = examParticipants;
  const [row] = await tx
    .select({ n: count })
    .from(p)
    .innerJoin(exams, and(eq(exams.drivingSchoolId, p.drivingSchoolId), eq(exams.id, p.examId)))
    .where(
      and(
        eq(p.drivingSchoolId, schoolId),
        eq(p.studentEducationId, educationId),
        trigger.examKind ? eq(exams.kind, trigger.examKind) : undefined,
        trigger.event === 'EXAM_RESULT'
          ? inArray(p.status, trigger.examStatus ? [trigger.examStatus] : [...RESULT_STATUSES])
          : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** The lines of the trigger's products at the prices of the education's price list. */
async function triggerLines(
  tx: Db,
  schoolId: number,
  trigger: TriggerRow,
  student: StudentRow,
  education: EducationRow,
  day: string,
): Promise<NewLine[]> {
  const listId = await resolvePriceListId(tx, schoolId, student, education);
  const licenseClass = education.licenseClass as LicenseClass;
  const active = await activeEducations(tx, schoolId, student);
  const combined = active.findIndex((row) => row.id === education.id) > 0;
  const applied =
    listId === null
      ? []
      : pricesForClass(await listRows(tx, schoolId, listId), listId, licenseClass, combined);
  return trigger.productIds.map((productId, index) => {
    const price = applied.find((row) => row.productId === productId);
    if (!price) {
      throw globalError(
        'errors.no_price',
        `Trigger ${trigger.id} (${trigger.name}): the price list of education ${education.id} has no price for product ${productId} in class ${licenseClass}.`,
      );
    }
    const vatRate = vatRateOn(day, licenseClass, price.vatRate);
    return {
      position: index + 1,
      description: `${price.productName} (Klasse ${licenseClass})`,
      quantity: 1,
      unitPrice: price.price,
      vatRate,
      ...priceLine(1, price.price, vatRate),
      productId,
      appointmentId: null,
      serviceDate: day,
    };
  });
}

/** Thrown inside a firing's transaction to roll it back: a live-pay debit without mandate. */
class NoMandate extends Error {}

export type Firing = {
  triggerId: number;
  occurrence: number;
  documentId?: number;
  paymentId?: number;
};

/**
 * Fires the triggers of one event of one education (the job's work). Answers what fired now;
 * queues the pre-notification of a live-pay debit after its commit.
 */
export async function fireTriggers(
  services: Pick<Services, 'db' | 'files' | 'jobs'>,
  job: TriggerJob,
): Promise<Firing[]> {
  const { db, files } = services;
  const { schoolId, studentEducationId } = job;
  const [education] = await db
    .select()
    .from(studentEducations)
    .where(
      and(
        eq(studentEducations.drivingSchoolId, schoolId),
        eq(studentEducations.id, studentEducationId),
      ),
    );
  if (!education?.automaticPayment) return [];
  const triggers = await matchingTriggers(db, schoolId, job.event, education);
  const fired: Firing[] = [];
  for (const trigger of triggers) {
    let firing: Firing | null;
    try {
      firing = await db.transaction(async (txn) => {
        const tx: Db = txn;
        // One firing of an education at a time: a second job waits and sees the first's row.
        const [found] = await tx
          .select({ education: studentEducations, student: students })
          .from(studentEducations)
          .innerJoin(
            students,
            and(
              eq(students.drivingSchoolId, schoolId),
              eq(students.id, studentEducations.studentId),
            ),
          )
          .where(
            and(
              eq(studentEducations.drivingSchoolId, schoolId),
              eq(studentEducations.id, studentEducationId),
            ),
          )
          .for('update', { of: studentEducations });
        if (!found?.education.automaticPayment) return null;
        const occurrence = await occurrenceOf(tx, schoolId, trigger, studentEducationId);
        if (occurrence < 1) return null;
        const [later] = await tx
          .select({ id: triggerFirings.id })
          .from(triggerFirings)
          .where(
            and(
              eq(triggerFirings.drivingSchoolId, schoolId),
              eq(triggerFirings.triggerId, trigger.id),
              eq(triggerFirings.studentEducationId, studentEducationId),
              gte(triggerFirings.occurrence, occurrence),
            ),
          )
          .limit(1);
        if (later) return null;
        const [row] = await tx
          .insert(triggerFirings)
          .values({
            drivingSchoolId: schoolId,
            triggerId: trigger.id,
            studentEducationId,
            occurrence,
          })
          .onConflictDoNothing()
          .returning({ id: triggerFirings.id });
        if (!row) return null;
        const { education: current, student } = found;
        const today = berlinToday();
        const lines = await triggerLines(tx, schoolId, trigger, student, current, today);
        if (current.paymentWorkflow === 'LIVE_PAY') {
          const paymentId = await writeLivePayDebit(tx, schoolId, {
            studentId: student.id,
            studentEducationId,
            amount: lines.reduce((sum, line) => sum + (line.gross ?? 0), 0),
            reference: `${trigger.name} Kl. ${current.licenseClass}`,
          });
          if (paymentId === null) throw new NoMandate();
          await tx
            .update(triggerFirings)
            .set({ paymentId })
            .where(
              and(eq(triggerFirings.drivingSchoolId, schoolId), eq(triggerFirings.id, row.id)),
            );
          return { triggerId: trigger.id, occurrence, paymentId };
        }
        const { row: document } = await issueDocument(
          tx,
          files,
          schoolId,
          {
            type: trigger.documentType,
            studentId: student.id,
            studentEducationId,
            recipientName: `${student.firstName} ${student.lastName}`.trim(),
            recipientAddress: student.address ?? null,
            issueDate: today,
            dueDate: addDays(today, trigger.dueInDays),
            serviceDate: today,
          },
          lines,
        );
        await tx
          .update(triggerFirings)
          .set({ documentId: document.id })
          .where(and(eq(triggerFirings.drivingSchoolId, schoolId), eq(triggerFirings.id, row.id)));
        return { triggerId: trigger.id, occurrence, documentId: document.id };
      });
    } catch (error) {
      if (error instanceof NoMandate) continue;
      throw error;
    }
    if (!firing) continue;
    fired.push(firing);
    if (firing.paymentId) {
      await queuePreNotifications(services.jobs, schoolId, [firing.paymentId]);
    }
  }
  return fired;
}

/** The worker of the triggers (app.ts, through jobs/workers.ts). */
export function registerTriggerWorker(services: Services): void {
  services.jobs.work<TriggerJob>(
    TRIGGER_JOB,
    async (job) => {
      await fireTriggers(services, job);
    },
    { concurrency: 2, retryLimit: 3, retryDelaySeconds: services.config.jobRetryDelaySeconds },
  );
}
