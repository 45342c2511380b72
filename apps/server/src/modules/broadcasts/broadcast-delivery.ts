import type { components } from '@fahrwerk/api/schema';
import { and, eq, isNotNull, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { broadcastRecipients, broadcasts, students } from '../../db/schema';
import { globalError } from '../../http/errors';
import { everyWhileStarted, messageOf } from '../../jobs/job-queue';
import type { SchoolMailSession } from '../../mail/school-mailer';
import type { Services } from '../handlers';
import { isEmailAddress } from '../mail/addresses';
import { textOf } from '../mail/mail-transfer';
import { fillPlaceholders, placeholderValues } from '../mail/template-render';
import { berlinToday } from '../resources/kit';
import { FASTLANE_MAX_DAYS } from '../theory/fastlane';

/*
 * Who a broadcast reaches and how its e-mails go out.
 *
 * Recipients: the school's students that are not archived and have an active (not archived)
 * education, narrowed by every non-empty list of the group — branches (the student's), licence
 * classes and education statuses (of that education), student categories, theory courses
 * (the education booked into one) — and by `fastlane`: the education booked into a theory
 * course of at most 14 days, an intensive course (our reading; the spec names fast lanes but
 * does not define them). `prepare` freezes them in `broadcast_recipients` with the address of
 * the moment; an edit returns the broadcast to CREATED, and the next `prepare` resolves again.
 *
 * E-mails (with `sendEmail`): from `publishFrom` on, the `broadcast-send` job sends one per
 * PENDING recipient over the school's mail account, the placeholders filled for each student.
 * A recipient is claimed (sent_at set) before its e-mail leaves and marked SENT or FAILED
 * after, so a job that dies never sends twice: a recipient claimed but not marked is FAILED
 * ("interrupted") on the next run. Stopping a broadcast marks what is still PENDING NOT_SENT.
 */

type Group = components['schemas']['BroadcastRecipientGroup'];
export type Delivery = components['schemas']['BroadcastDelivery'];

export const BROADCAST_SEND_JOB = 'broadcast-send';
const BATCH = 20;

const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** The ids of the students a group reaches (a subquery of `students s`). */
export function recipientsQuery(
  schoolId: number,
  group: Group | undefined,
  fastlane: boolean,
): SQL {
  const education: SQL[] = [sql`not e.archived`];
  if (group?.licenseClasses?.length) {
    education.push(sql`e.license_class in (${list(group.licenseClasses)})`);
  }
  if (group?.educationStatuses?.length) {
    education.push(sql`e.status in (${list(group.educationStatuses)})`);
  }
  if (group?.theoryCourseIds?.length) {
    education.push(sql`exists (select 1 from student_education_courses c
      where c.driving_school_id = e.driving_school_id and c.student_education_id = e.id
      and c.theory_course_id in (${list(group.theoryCourseIds)}))`);
  }
  if (fastlane) {
    education.push(sql`exists (select 1 from student_education_courses c
      join theory_courses tc on tc.driving_school_id = c.driving_school_id and tc.id = c.theory_course_id
      where c.driving_school_id = e.driving_school_id and c.student_education_id = e.id
      and tc."end" - tc.start < ${FASTLANE_MAX_DAYS})`);
  }
  const student: SQL[] = [
    sql`s.driving_school_id = ${schoolId}`,
    sql`not s.archived`,
    sql`exists (select 1 from student_educations e
      where e.driving_school_id = s.driving_school_id and e.student_id = s.id
      and ${sql.join(education, sql` and `)})`,
  ];
  if (group?.branchIds?.length) student.push(sql`s.branch_id in (${list(group.branchIds)})`);
  if (group?.studentCategoryIds?.length) {
    student.push(sql`exists (select 1 from student_category_assignments a
      where a.driving_school_id = s.driving_school_id and a.student_id = s.id
      and a.student_category_id in (${list(group.studentCategoryIds)}))`);
  }
  return sql`select s.id, s.email from students s where ${sql.join(student, sql` and `)}`;
}

export async function countRecipients(
  db: Db,
  schoolId: number,
  group: Group | undefined,
  fastlane: boolean,
): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as n from (${recipientsQuery(schoolId, group, fastlane)}) r`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Freezes the recipients of a CREATED or PREPARED broadcast; 422 without any. Answers the
 * number. In the caller's transaction.
 */
export async function freezeRecipients(
  tx: Db,
  schoolId: number,
  broadcast: typeof broadcasts.$inferSelect,
): Promise<number> {
  await tx
    .delete(broadcastRecipients)
    .where(
      and(
        eq(broadcastRecipients.drivingSchoolId, schoolId),
        eq(broadcastRecipients.broadcastId, broadcast.id),
      ),
    );
  const found = (await tx.execute(
    recipientsQuery(schoolId, broadcast.recipientGroup, broadcast.fastlane),
  )) as unknown as { rows: { id: number | string; email: string | null }[] };
  if (found.rows.length === 0) {
    throw globalError(
      'errors.broadcast_no_recipients',
      'The recipient group reaches no active student.',
    );
  }
  const rows = found.rows.map((row) => {
    const email = row.email && isEmailAddress(row.email) ? row.email : null;
    return {
      drivingSchoolId: schoolId,
      broadcastId: broadcast.id,
      studentId: Number(row.id),
      email,
      emailStatus: !broadcast.sendEmail ? 'NOT_SENT' : email ? 'PENDING' : 'NO_EMAIL',
    };
  });
  for (let start = 0; start < rows.length; start += 1000) {
    await tx.insert(broadcastRecipients).values(rows.slice(start, start + 1000));
  }
  return rows.length;
}

/** The delivery counts of a broadcast row (SQL over `broadcasts`), null without e-mails. */
export const deliverySql = sql<Delivery | null>`(case when ${broadcasts.sendEmail} and ${broadcasts.state} <> 'CREATED' then
  (select jsonb_build_object(
    'pending', count(*) filter (where r.email_status = 'PENDING'),
    'sent', count(*) filter (where r.email_status = 'SENT'),
    'failed', count(*) filter (where r.email_status = 'FAILED'),
    'withoutEmail', count(*) filter (where r.email_status = 'NO_EMAIL'),
    'notSent', count(*) filter (where r.email_status = 'NOT_SENT'))
   from broadcast_recipients r
   where r.driving_school_id = ${broadcasts.drivingSchoolId} and r.broadcast_id = ${broadcasts.id})
  end)`;

/** What is still PENDING will not be sent (stop, archive). In the caller's transaction. */
export async function cancelPending(db: Db, schoolId: number, broadcastId: number) {
  await db
    .update(broadcastRecipients)
    .set({ emailStatus: 'NOT_SENT' })
    .where(
      and(
        eq(broadcastRecipients.drivingSchoolId, schoolId),
        eq(broadcastRecipients.broadcastId, broadcastId),
        eq(broadcastRecipients.emailStatus, 'PENDING'),
        isNull(broadcastRecipients.sentAt),
      ),
    );
}

type SendPayload = { drivingSchoolId: number; broadcastId: number };

/** Sends the broadcast's pending e-mails (one job run; see the module comment). */
export async function sendBroadcastEmails(
  services: Services,
  payload: SendPayload,
  signal?: AbortSignal,
): Promise<void> {
  const { db } = services;
  const schoolId = payload.drivingSchoolId;
  const mine = and(
    eq(broadcastRecipients.drivingSchoolId, schoolId),
    eq(broadcastRecipients.broadcastId, payload.broadcastId),
  );
  // Claimed by a run that died before it knew whether the mail left: never sent again.
  await db
    .update(broadcastRecipients)
    .set({
      emailStatus: 'FAILED',
      error: 'Der Versand wurde unterbrochen; ob die E-Mail ankam, ist unbekannt.',
    })
    .where(
      and(
        mine,
        eq(broadcastRecipients.emailStatus, 'PENDING'),
        isNotNull(broadcastRecipients.sentAt),
      ),
    );
  for (;;) {
    if (signal?.aborted) return;
    const [broadcast] = await db
      .select()
      .from(broadcasts)
      .where(and(eq(broadcasts.drivingSchoolId, schoolId), eq(broadcasts.id, payload.broadcastId)));
    if (
      !broadcast ||
      broadcast.state !== 'PUBLISHED' ||
      !broadcast.sendEmail ||
      broadcast.publishFrom > berlinToday()
    ) {
      return;
    }
    const batch = await db
      .update(broadcastRecipients)
      .set({ sentAt: new Date() })
      .where(
        and(
          mine,
          sql`${broadcastRecipients.studentId} in (select r.student_id from broadcast_recipients r
            where r.driving_school_id = ${schoolId} and r.broadcast_id = ${payload.broadcastId}
            and r.email_status = 'PENDING' and r.sent_at is null
            order by r.student_id limit ${BATCH})`,
          isNull(broadcastRecipients.sentAt),
        ),
      )
      .returning();
    if (batch.length === 0) return;
    // One SMTP connection per batch (and one account lookup), not one per e-mail.
    const mailer = await services.schoolMailer.open(db, schoolId);
    try {
      await sendBatch(batch, broadcast, mailer);
    } finally {
      mailer.close();
    }
  }

  async function sendBatch(
    batch: (typeof broadcastRecipients.$inferSelect)[],
    broadcast: typeof broadcasts.$inferSelect,
    mailer: SchoolMailSession,
  ) {
    for (const recipient of batch) {
      const one = and(mine, eq(broadcastRecipients.studentId, recipient.studentId));
      try {
        const values = await placeholderValues(db, schoolId, { studentId: recipient.studentId });
        const filled = fillPlaceholders(
          { subject: broadcast.subject, htmlBody: broadcast.body },
          values,
        );
        await mailer.send({
          to: recipient.email as string,
          subject: filled.subject,
          text: textOf(filled.htmlBody),
          html: filled.htmlBody,
        });
        await db
          .update(broadcastRecipients)
          .set({ emailStatus: 'SENT', sentAt: new Date(), error: null })
          .where(one);
      } catch (error) {
        await db
          .update(broadcastRecipients)
          .set({ emailStatus: 'FAILED', error: messageOf(error).slice(0, 500) })
          .where(one);
      }
    }
  }
}

/**
 * The `broadcast-send` worker and the scheduler beside it: every minute each process ends
 * publications whose `publishTo` has passed (FINISHED) and queues a send for each published
 * broadcast with pending e-mails whose `publishFrom` has come. The worker runs a broadcast
 * under its lock, so queued twice it still sends once.
 */
export function registerBroadcastWorker(services: Services): void {
  const { db, jobs } = services;
  jobs.work<SendPayload>(
    BROADCAST_SEND_JOB,
    async (payload, context) => {
      const lock = await jobs.tryLock(BROADCAST_SEND_JOB, payload.broadcastId);
      if (!lock) return;
      try {
        await sendBroadcastEmails(services, payload, context.signal);
      } finally {
        await lock.release();
      }
    },
    { retryLimit: 1, expireInSeconds: 30 * 60 },
  );
  const tick = async () => {
    try {
      const today = berlinToday();
      await db
        .update(broadcasts)
        .set({ state: 'FINISHED' })
        .where(and(eq(broadcasts.state, 'PUBLISHED'), lt(broadcasts.publishTo, today)));
      const due = await db
        .select({ drivingSchoolId: broadcasts.drivingSchoolId, broadcastId: broadcasts.id })
        .from(broadcasts)
        .where(
          and(
            eq(broadcasts.state, 'PUBLISHED'),
            eq(broadcasts.sendEmail, true),
            lte(broadcasts.publishFrom, today),
            sql`exists (select 1 from ${broadcastRecipients} r
              where r.driving_school_id = ${broadcasts.drivingSchoolId}
              and r.broadcast_id = ${broadcasts.id} and r.email_status = 'PENDING')`,
          ),
        )
        .limit(50);
      for (const broadcast of due) await jobs.send(BROADCAST_SEND_JOB, broadcast);
    } catch (error) {
      console.warn(`The broadcast scheduler failed: ${messageOf(error)}`);
    }
  };
  everyWhileStarted(jobs, 60_000, tick);
}

/** The recipients of a broadcast with their results (`GET /broadcasts/{id}/recipients`). */
export async function recipientsOf(db: Db, schoolId: number, broadcastId: number) {
  const rows = await db
    .select({
      studentId: broadcastRecipients.studentId,
      firstName: students.firstName,
      lastName: students.lastName,
      email: broadcastRecipients.email,
      emailStatus: broadcastRecipients.emailStatus,
      sentAt: broadcastRecipients.sentAt,
      error: broadcastRecipients.error,
    })
    .from(broadcastRecipients)
    .innerJoin(
      students,
      and(
        eq(students.drivingSchoolId, broadcastRecipients.drivingSchoolId),
        eq(students.id, broadcastRecipients.studentId),
      ),
    )
    .where(
      and(
        eq(broadcastRecipients.drivingSchoolId, schoolId),
        eq(broadcastRecipients.broadcastId, broadcastId),
      ),
    )
    .orderBy(students.lastName, students.firstName, broadcastRecipients.studentId);
  return rows.map((row) => ({
    studentId: row.studentId,
    firstName: row.firstName.slice(0, 100),
    lastName: row.lastName.slice(0, 100),
    emailStatus: row.emailStatus as components['schemas']['BroadcastRecipient']['emailStatus'],
    ...(row.email ? { email: row.email } : {}),
    ...(row.sentAt && row.emailStatus === 'SENT' ? { sentAt: row.sentAt.toISOString() } : {}),
    ...(row.error ? { error: row.error } : {}),
  }));
}
