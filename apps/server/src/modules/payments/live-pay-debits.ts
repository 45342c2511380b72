import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  appointments,
  drivingSchools,
  livePayMandates,
  masterData,
  payments,
  studentEducations,
  students,
} from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import type { Services } from '../handlers';
import { addDays, berlinToday } from '../resources/kit';

/*
 * Live pay (DOMAIN.md "Money"): every signed and released driving lesson of an education in
 * the LIVE_PAY workflow with automatic payment on becomes exactly one OPEN direct debit
 * (`payments.appointment_id`, unique index `payments_appointment_debit_key`), written in the
 * transaction that releases the lesson:
 *
 * - amount: the price the lesson was booked at (`appointments.booked_price`, set by booking
 *   or signing, see driving-lessons.ts `lessonCharge`);
 * - mandate: the newest CONFIRMED mandate of the education, else the student's CONFIRMED
 *   mandate that belongs to no education; the debit takes the mandate's sequence type;
 * - due (`payment_date`): today (Europe/Berlin) + the master data's pre-notification days
 *   (null: the legal 14);
 * - reference `Fahrstunde 12.11.2026 Kl. B` in the SEPA character set.
 *
 * Without a usable mandate (none, only unconfirmed, revoked or expired ones) no debit is
 * written and the release still succeeds: a release is the instructor's confirmation that the
 * lesson took place, and refusing it for a missing mandate would lose that. The lesson stays
 * charged on the education (booked price) and is billed by the final invoice like any lesson
 * not paid otherwise; the office sees the missing mandate on the live-pay list.
 *
 * After the commit the caller queues the SEPA pre-notification (`live-pay-pre-notification`):
 * an e-mail to the payer (or the student) with amount, collection date, mandate reference and
 * creditor id. A failing send throws, so the queue tries again and logs the last failure.
 */

export const PRE_NOTIFICATION_JOB = 'live-pay-pre-notification';
export type PreNotificationJob = { schoolId: number; paymentId: number };

/** The legal pre-notification period when the master data sets none. */
export const DEFAULT_PRE_NOTIFICATION_DAYS = 14;

const SEPA_REPLACEMENTS: Record<string, string> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ß: 'ss',
  '&': '+',
};

/**
 * A text in the SEPA character set (`A-Z a-z 0-9 / - ? : ( ) . , ' +` and space): umlauts
 * and ß transliterated, other accents dropped, anything else a space; at most `max`.
 */
export function sepaText(text: string, max = 140): string {
  return text
    .replace(/[äöüÄÖÜß&]/g, (char) => SEPA_REPLACEMENTS[char] ?? ' ')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9/?:().,'+ -]/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim()
    .slice(0, max);
}

/*
 * The invoice's formats (payment-documents/invoice-items.ts), repeated here: that module
 * imports the appointments module, which imports this one on every release.
 */
const germanDate = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
const euros = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')} €`;

type MandateRow = typeof livePayMandates.$inferSelect;

/**
 * The mandate a debit of the education runs under: the newest CONFIRMED mandate of the
 * education, else the newest CONFIRMED mandate of the student without an education.
 */
export async function debitMandate(
  tx: Db,
  schoolId: number,
  studentId: number,
  studentEducationId: number | null,
): Promise<MandateRow | undefined> {
  const confirmed = and(
    eq(livePayMandates.drivingSchoolId, schoolId),
    eq(livePayMandates.studentId, studentId),
    eq(livePayMandates.status, 'CONFIRMED'),
  );
  const newest = [desc(livePayMandates.createdAt), desc(livePayMandates.id)];
  if (studentEducationId !== null) {
    const [own] = await tx
      .select()
      .from(livePayMandates)
      .where(and(confirmed, eq(livePayMandates.studentEducationId, studentEducationId)))
      .orderBy(...newest)
      .limit(1);
    if (own) return own;
  }
  const [general] = await tx
    .select()
    .from(livePayMandates)
    .where(and(confirmed, isNull(livePayMandates.studentEducationId)))
    .orderBy(...newest)
    .limit(1);
  return general;
}

/** The due day of a debit written today: today + the pre-notification days. */
export async function debitDueDate(tx: Db, schoolId: number): Promise<string> {
  const [row] = await tx
    .select({ days: masterData.preNotificationDays })
    .from(masterData)
    .where(eq(masterData.drivingSchoolId, schoolId));
  return addDays(berlinToday(), row?.days ?? DEFAULT_PRE_NOTIFICATION_DAYS);
}

export type LivePayDebit = {
  studentId: number;
  studentEducationId: number;
  amount: number;
  reference: string;
  appointmentId?: number | null;
};

/**
 * Writes one OPEN direct debit under the education's mandate (inside the caller's
 * transaction). Answers its id, or null when there is no usable mandate or the lesson has
 * its debit already (the unique index: a second release or a doubled job writes nothing).
 */
export async function writeLivePayDebit(
  tx: Db,
  schoolId: number,
  debit: LivePayDebit,
): Promise<number | null> {
  if (debit.amount <= 0) return null;
  const mandate = await debitMandate(tx, schoolId, debit.studentId, debit.studentEducationId);
  if (!mandate) return null;
  const [row] = await tx
    .insert(payments)
    .values({
      drivingSchoolId: schoolId,
      amount: debit.amount,
      paymentDate: await debitDueDate(tx, schoolId),
      method: 'DIRECT_DEBIT',
      status: 'OPEN',
      reference: sepaText(debit.reference),
      studentId: debit.studentId,
      studentEducationId: debit.studentEducationId,
      mandateId: mandate.id,
      sequenceType: mandate.sequenceType,
      appointmentId: debit.appointmentId ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  return row?.id ?? null;
}

/** `Fahrstunde 12.11.2026 Kl. B`. */
export const lessonDebitReference = (date: string, licenseClass: string) =>
  sepaText(`Fahrstunde ${germanDate(date)} Kl. ${licenseClass}`);

/**
 * The debits of those of `appointmentIds` that are signed, released driving lessons of a
 * LIVE_PAY education with automatic payment on (inside the releasing transaction). Answers
 * the ids of the debits written now; lessons without a usable mandate get none (see above).
 */
export async function writeLessonDebits(
  tx: Db,
  schoolId: number,
  appointmentIds: number[],
): Promise<number[]> {
  if (appointmentIds.length === 0) return [];
  const lessons = await tx
    .select({
      id: appointments.id,
      date: appointments.date,
      licenseClass: appointments.licenseClass,
      bookedPrice: appointments.bookedPrice,
      studentId: studentEducations.studentId,
      studentEducationId: studentEducations.id,
      educationClass: studentEducations.licenseClass,
    })
    .from(appointments)
    .innerJoin(
      studentEducations,
      and(
        eq(studentEducations.drivingSchoolId, appointments.drivingSchoolId),
        eq(studentEducations.id, appointments.studentEducationId),
      ),
    )
    .where(
      and(
        eq(appointments.drivingSchoolId, schoolId),
        inArray(appointments.id, appointmentIds),
        eq(appointments.type, 'DRIVING'),
        eq(appointments.released, true),
        isNotNull(appointments.signatureFileId),
        isNotNull(appointments.bookedPrice),
        eq(studentEducations.paymentWorkflow, 'LIVE_PAY'),
        eq(studentEducations.automaticPayment, true),
      ),
    );
  const written: number[] = [];
  for (const lesson of lessons) {
    const id = await writeLivePayDebit(tx, schoolId, {
      studentId: lesson.studentId,
      studentEducationId: lesson.studentEducationId,
      amount: lesson.bookedPrice as number,
      reference: lessonDebitReference(lesson.date, lesson.licenseClass ?? lesson.educationClass),
      appointmentId: lesson.id,
    });
    if (id !== null) written.push(id);
  }
  return written;
}

/** Queues the pre-notification of each debit (after the commit that wrote them). */
export async function queuePreNotifications(
  jobs: JobQueue | undefined,
  schoolId: number,
  paymentIds: number[],
): Promise<void> {
  if (!jobs) return;
  for (const paymentId of paymentIds) {
    await jobs.send<PreNotificationJob>(PRE_NOTIFICATION_JOB, { schoolId, paymentId });
  }
}

/** `DE89370400440532013000` → `DE89 **** 3000` (country, check digits and the last four). */
const maskedIban = (iban: string) => `${iban.slice(0, 4)} **** ${iban.slice(-4)}`;

/** The German text of a pre-notification. */
export function preNotificationText(notice: {
  name: string;
  amount: number;
  dueDate: string;
  reference: string;
  mandateReference: string;
  creditorId: string | null;
  iban: string;
  schoolName: string;
}): { subject: string; text: string } {
  return {
    subject: `Vorabankündigung SEPA-Lastschrift: ${euros(notice.amount)} ab ${germanDate(notice.dueDate)}`,
    text: [
      `Guten Tag ${notice.name},`,
      '',
      `wir ziehen den Betrag von ${euros(notice.amount)} frühestens am ${germanDate(notice.dueDate)} per SEPA-Lastschrift von Ihrem Konto ${maskedIban(notice.iban)} ein.`,
      '',
      `Betrag: ${euros(notice.amount)}`,
      `Einzug ab: ${germanDate(notice.dueDate)}`,
      `Verwendungszweck: ${notice.reference}`,
      `Mandatsreferenz: ${notice.mandateReference}`,
      `Gläubiger-Identifikationsnummer: ${notice.creditorId ?? '(nicht hinterlegt)'}`,
      '',
      'Bitte sorgen Sie für eine ausreichende Deckung Ihres Kontos.',
      '',
      'Mit freundlichen Grüßen',
      notice.schoolName,
    ].join('\n'),
  };
}

/** Sends one pre-notification; throws (the queue retries) when it cannot be sent. */
export async function sendPreNotification(
  services: Pick<Services, 'db' | 'schoolMailer'>,
  job: PreNotificationJob,
): Promise<void> {
  const { db } = services;
  const [row] = await db
    .select({ payment: payments, mandate: livePayMandates, student: students })
    .from(payments)
    .innerJoin(
      livePayMandates,
      and(
        eq(livePayMandates.drivingSchoolId, payments.drivingSchoolId),
        eq(livePayMandates.id, payments.mandateId),
      ),
    )
    .innerJoin(
      students,
      and(
        eq(students.drivingSchoolId, payments.drivingSchoolId),
        eq(students.id, payments.studentId),
      ),
    )
    .where(and(eq(payments.drivingSchoolId, job.schoolId), eq(payments.id, job.paymentId)));
  // Deleted or cancelled meanwhile: nothing is collected, nothing to announce.
  if (!row || row.payment.status !== 'OPEN') return;
  const { payment, mandate, student } = row;
  const to = student.payerEmail ?? student.email;
  if (!to) {
    throw new Error(
      `Debit ${payment.id}: the student ${student.id} has no e-mail address for the SEPA pre-notification.`,
    );
  }
  const [school] = await db
    .select({ name: drivingSchools.name, creditorId: masterData.creditorId })
    .from(drivingSchools)
    .leftJoin(masterData, eq(masterData.drivingSchoolId, drivingSchools.id))
    .where(eq(drivingSchools.id, job.schoolId));
  const message = preNotificationText({
    // The account holder is who is debited (a parent paying for the student, say).
    name: mandate.holderName,
    amount: payment.amount,
    dueDate: payment.paymentDate,
    reference: payment.reference,
    mandateReference: mandate.reference,
    creditorId: school?.creditorId ?? null,
    iban: mandate.iban,
    schoolName: school?.name ?? '',
  });
  await services.schoolMailer.send(db, job.schoolId, { to, ...message });
}

/** The worker of the pre-notifications (app.ts, through jobs/workers.ts). */
export function registerLivePayDebitWorker(services: Services): void {
  services.jobs.work<PreNotificationJob>(
    PRE_NOTIFICATION_JOB,
    (job) => sendPreNotification(services, job),
    { concurrency: 2, retryLimit: 5, retryDelaySeconds: services.config.jobRetryDelaySeconds },
  );
}
