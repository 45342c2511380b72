import type { components } from '@fahrwerk/api/schema';
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  AUTOMATIC_MESSAGE_EVENTS,
  type AutomaticMessageEvent,
  automaticMessageLog,
  automaticMessageRules,
  messages,
  messageTemplates,
  students,
} from '../../db/schema';
import { requireAuth } from '../../http/auth';
import { fieldError, globalError } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { everyWhileStarted, messageOf } from '../../jobs/job-queue';
import { textAsHtml } from '../../mail/mail-html';
import type { Services } from '../handlers';
import { checkPlaceholders } from '../mail/mail.resources';
import { fillPlaceholders, placeholderValues } from '../mail/template-render';
import { mergeHandlers, withoutNulls } from '../resources/kit';
import { createResourceHandlers } from '../resources/resource-handlers';
import { likePattern } from '../resources/resource-repository';

/*
 * Messaging: messages to students (shown in the learning app and the student record), their
 * templates, and automatic messages.
 *
 * Automatic messages are found, not pushed: once a minute each server process queues the
 * `automatic-messages` job, which (under one lock) looks for each switched-on rule for what
 * happened since it was switched on — a registration arrived, a future driving lesson was
 * booked or deleted (cancelled_lessons, written by a trigger), an exam was booked, an
 * invoice issued, a debit failed or was charged back, a birthday today (from 8:00 Berlin
 * time) — and not yet in the log. The log row is written first (its unique key per event
 * occurrence makes a second scanner, a retry or a restart skip it), then the message goes
 * out and the row is marked SENT or FAILED with the reason. Nothing is looked for further
 * back than two days, so switching a rule on never floods old students.
 */

type Schemas = components['schemas'];
type Rule = typeof automaticMessageRules.$inferSelect;
type Channel = Rule['channel'];

export const AUTOMATIC_MESSAGES_JOB = 'automatic-messages';
const SCAN_LIMIT = 200;

const checkTextPlaceholders = (values: Record<string, unknown> | undefined) =>
  checkPlaceholders(values, ['subject', 'text']);

/** A plain text with its placeholders filled (values are not escaped: it is no HTML). */
async function fillText(
  db: Db,
  schoolId: number,
  studentId: number | undefined,
  template: { subject: string; text: string },
) {
  const values = await placeholderValues(
    db,
    schoolId,
    studentId === undefined ? {} : { studentId },
  );
  const filled = fillPlaceholders({ subject: template.subject, htmlBody: template.text }, values, {
    plainText: true,
  });
  return { subject: filled.subject, text: filled.htmlBody };
}

const messageFields = {
  id: messages.id,
  studentId: messages.studentId,
  firstName: students.firstName,
  lastName: students.lastName,
  subject: messages.subject,
  text: messages.text,
  sentAt: messages.sentAt,
  readAt: messages.readAt,
  sentByUserId: messages.sentByUserId,
  event: messages.event,
};

function toMessage(row: {
  id: number;
  studentId: number;
  firstName: string;
  lastName: string;
  subject: string;
  text: string;
  sentAt: Date;
  readAt: Date | null;
  sentByUserId: number | null;
  event: AutomaticMessageEvent | null;
}): Schemas['Message'] {
  const { firstName, lastName, ...rest } = row;
  return {
    ...withoutNulls(rest),
    studentName: `${firstName} ${lastName}`.slice(0, 201),
    automatic: row.event !== null,
  } as Schemas['Message'];
}

export function createMessagingHandlers(services: Services): OperationHandlers {
  const { db } = services;

  const templates = createResourceHandlers(db, {
    table: messageTemplates,
    operations: {
      list: 'listMessageTemplates',
      create: 'createMessageTemplate',
      update: 'updateMessageTemplate',
      delete: 'deleteMessageTemplate',
    },
    fromInput: (input) => ({ name: input.name, subject: input.subject, text: input.text }),
    searchColumns: [messageTemplates.name, messageTemplates.subject],
    sortColumns: { id: messageTemplates.id, name: messageTemplates.name },
    defaultSort: [{ field: 'name' }],
    constraints: {
      automatic_message_rules_template_fk: { error: 'errors.message_template_in_use' },
    },
    rules: {
      beforeCreate: async ({ values }) => checkTextPlaceholders(values),
      beforeUpdate: async ({ values }) => checkTextPlaceholders(values),
      async beforeDelete({ auth, current }) {
        if (!current) return;
        const [used] = await db
          .select({ n: count() })
          .from(automaticMessageRules)
          .where(
            and(
              eq(automaticMessageRules.drivingSchoolId, auth.drivingSchoolId),
              eq(automaticMessageRules.messageTemplateId, current.id),
            ),
          );
        if ((used?.n ?? 0) > 0) {
          throw globalError(
            'errors.message_template_in_use',
            'An automatic message uses the template.',
          );
        }
      },
    },
  });

  async function rulesOf(schoolId: number): Promise<Schemas['AutomaticMessageRule'][]> {
    const [rows, sent] = await Promise.all([
      db
        .select()
        .from(automaticMessageRules)
        .where(eq(automaticMessageRules.drivingSchoolId, schoolId)),
      db
        .select({ event: automaticMessageLog.event, n: count() })
        .from(automaticMessageLog)
        .where(
          and(
            eq(automaticMessageLog.drivingSchoolId, schoolId),
            eq(automaticMessageLog.status, 'SENT'),
          ),
        )
        .groupBy(automaticMessageLog.event),
    ]);
    return AUTOMATIC_MESSAGE_EVENTS.map((event) => {
      const row = rows.find((rule) => rule.event === event);
      return {
        event,
        enabled: row?.enabled ?? false,
        channel: row?.channel ?? 'MESSAGE',
        sent: sent.find((entry) => entry.event === event)?.n ?? 0,
        ...(row?.messageTemplateId ? { messageTemplateId: row.messageTemplateId } : {}),
        ...(row?.enabled && row.enabledAt ? { enabledAt: row.enabledAt.toISOString() } : {}),
      };
    });
  }

  const handlers: OperationHandlers = {
    async filterMessages(request) {
      const auth = requireAuth(request);
      const body = request.body;
      const search = body.search?.trim();
      const pattern = search ? likePattern(search) : '';
      const where = and(
        eq(messages.drivingSchoolId, auth.drivingSchoolId),
        body.studentId ? eq(messages.studentId, body.studentId) : undefined,
        body.automatic === undefined
          ? undefined
          : body.automatic
            ? sql`${messages.event} is not null`
            : sql`${messages.event} is null`,
        search
          ? or(
              ilike(messages.subject, pattern),
              ilike(messages.text, pattern),
              ilike(sql`${students.firstName} || ' ' || ${students.lastName}`, pattern),
            )
          : undefined,
      );
      const joined = and(
        eq(students.drivingSchoolId, messages.drivingSchoolId),
        eq(students.id, messages.studentId),
      );
      const size = body.size ?? 25;
      const [rows, totals] = await Promise.all([
        db
          .select(messageFields)
          .from(messages)
          .innerJoin(students, joined)
          .where(where)
          .orderBy(desc(messages.sentAt), desc(messages.id))
          .limit(size)
          .offset((body.page ?? 0) * size),
        db.select({ n: count() }).from(messages).innerJoin(students, joined).where(where),
      ]);
      return { status: 200, body: { data: rows.map(toMessage), total: totals[0]?.n ?? 0 } };
    },

    async sendMessages(request) {
      const auth = requireAuth(request);
      const { studentIds, subject, text, messageTemplateId } = request.body;
      checkTextPlaceholders({ subject, text });
      const found = await db
        .select({ id: students.id })
        .from(students)
        .where(
          and(
            eq(students.drivingSchoolId, auth.drivingSchoolId),
            inArray(students.id, studentIds),
            eq(students.archived, false),
          ),
        );
      if (found.length !== studentIds.length) {
        throw fieldError(
          'studentIds',
          'validation.not_found',
          'Not every id is an active student of your school.',
        );
      }
      const filled = [];
      for (const studentId of studentIds) {
        filled.push({
          studentId,
          ...(await fillText(db, auth.drivingSchoolId, studentId, { subject, text })),
        });
      }
      const inserted = await db
        .insert(messages)
        .values(
          filled.map((message) => ({
            drivingSchoolId: auth.drivingSchoolId,
            studentId: message.studentId,
            subject: message.subject,
            text: message.text,
            sentByUserId: auth.userId,
            messageTemplateId: messageTemplateId ?? null,
          })),
        )
        .returning({ id: messages.id });
      const rows = await db
        .select(messageFields)
        .from(messages)
        .innerJoin(
          students,
          and(
            eq(students.drivingSchoolId, messages.drivingSchoolId),
            eq(students.id, messages.studentId),
          ),
        )
        .where(
          and(
            eq(messages.drivingSchoolId, auth.drivingSchoolId),
            inArray(
              messages.id,
              inserted.map((row) => row.id),
            ),
          ),
        )
        .orderBy(messages.id);
      return { status: 201, body: rows.map(toMessage) };
    },

    async listAutomaticMessages(request) {
      const auth = requireAuth(request);
      return { status: 200, body: await rulesOf(auth.drivingSchoolId) };
    },

    async updateAutomaticMessage(request) {
      const auth = requireAuth(request);
      const event = request.params.event as AutomaticMessageEvent;
      const { enabled, channel, messageTemplateId } = request.body;
      if (enabled && messageTemplateId === undefined) {
        throw fieldError(
          'messageTemplateId',
          'validation.required',
          'An automatic message needs its template.',
        );
      }
      if (messageTemplateId !== undefined) {
        const [template] = await db
          .select({ id: messageTemplates.id })
          .from(messageTemplates)
          .where(
            and(
              eq(messageTemplates.drivingSchoolId, auth.drivingSchoolId),
              eq(messageTemplates.id, messageTemplateId),
            ),
          );
        if (!template) {
          throw fieldError('messageTemplateId', 'validation.not_found', 'No such template.');
        }
      }
      const values = {
        enabled,
        channel,
        messageTemplateId: messageTemplateId ?? null,
        updatedAt: new Date(),
      };
      await db
        .insert(automaticMessageRules)
        .values({
          drivingSchoolId: auth.drivingSchoolId,
          event,
          ...values,
          enabledAt: enabled ? new Date() : null,
        })
        .onConflictDoUpdate({
          target: [automaticMessageRules.drivingSchoolId, automaticMessageRules.event],
          set: {
            ...values,
            // Switched on now: from now on. Already on: the moment stays.
            enabledAt: enabled
              ? sql`case when ${automaticMessageRules.enabled} then ${automaticMessageRules.enabledAt} else now() end`
              : null,
          },
        });
      const rule = (await rulesOf(auth.drivingSchoolId)).find((entry) => entry.event === event);
      return { status: 200, body: rule as Schemas['AutomaticMessageRule'] };
    },

    async filterAutomaticMessageLog(request) {
      const auth = requireAuth(request);
      const body = request.body;
      const where = and(
        eq(automaticMessageLog.drivingSchoolId, auth.drivingSchoolId),
        body.event ? eq(automaticMessageLog.event, body.event) : undefined,
        body.status ? eq(automaticMessageLog.status, body.status) : undefined,
        body.search?.trim()
          ? ilike(automaticMessageLog.recipient, likePattern(body.search.trim()))
          : undefined,
      );
      const size = body.size ?? 25;
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(automaticMessageLog)
          .where(where)
          .orderBy(desc(automaticMessageLog.createdAt), desc(automaticMessageLog.id))
          .limit(size)
          .offset((body.page ?? 0) * size),
        db.select({ n: count() }).from(automaticMessageLog).where(where),
      ]);
      return {
        status: 200,
        body: {
          data: rows.map(({ refKey: _refKey, ...row }) => ({
            ...withoutNulls(row),
            recipient: row.recipient.slice(0, 300),
          })) as Schemas['AutomaticMessageLogEntry'][],
          total: totals[0]?.n ?? 0,
        },
      };
    },
  };

  return mergeHandlers(templates, handlers);
}

/* ───────────────────────────── the scanner ───────────────────────────── */

type Occurrence = {
  refKey: string;
  studentId: number | null;
  /** For REGISTRATION_RECEIVED: the address written to (there is no student). */
  email?: string | null;
  recipient: string;
};

/** What happened for a rule since it was switched on (at most two days back), not yet logged. */
function occurrencesQuery(rule: Rule, birthdayFromHour: number): SQL | null {
  const school = rule.drivingSchoolId;
  const since = sql`greatest(${rule.enabledAt}::timestamptz, now() - interval '2 days')`;
  const notLogged = (key: SQL) => sql`not exists (select 1 from automatic_message_log l
    where l.driving_school_id = ${school} and l.event = ${rule.event} and l.ref_key = ${key})`;
  const studentName = sql`st.first_name || ' ' || st.last_name`;
  const studentJoin = (column: SQL) =>
    sql`join students st on st.driving_school_id = ${school} and st.id = ${column}`;
  switch (rule.event) {
    case 'REGISTRATION_RECEIVED': {
      const key = sql`'registration:' || r.id`;
      return sql`select ${key} as ref_key, null::bigint as student_id, r.email,
          r.first_name || ' ' || r.last_name || ' <' || coalesce(r.email, '') || '>' as recipient
        from registrations r
        where r.driving_school_id = ${school} and r.created_at >= ${since} and ${notLogged(key)}`;
    }
    case 'LESSON_BOOKED': {
      const key = sql`'appointment:' || a.id`;
      return sql`select ${key} as ref_key, a.student_id, null as email, ${studentName} as recipient
        from appointments a ${studentJoin(sql`a.student_id`)}
        where a.driving_school_id = ${school} and a.type = 'DRIVING' and a.created_at >= ${since}
          and a.date >= (now() at time zone 'Europe/Berlin')::date and ${notLogged(key)}`;
    }
    case 'LESSON_CANCELLED': {
      const key = sql`'appointment:' || c.appointment_id`;
      return sql`select ${key} as ref_key, c.student_id, null as email, ${studentName} as recipient
        from cancelled_lessons c ${studentJoin(sql`c.student_id`)}
        where c.driving_school_id = ${school} and c.created_at >= ${since} and ${notLogged(key)}`;
    }
    case 'EXAM_BOOKED': {
      const key = sql`'exam-participant:' || p.id`;
      return sql`select ${key} as ref_key, p.student_id, null as email, ${studentName} as recipient
        from exam_participants p ${studentJoin(sql`p.student_id`)}
        where p.driving_school_id = ${school} and p.status = 'BOOKED' and p.updated_at >= ${since}
          and ${notLogged(key)}`;
    }
    case 'INVOICE_ISSUED': {
      const key = sql`'document:' || d.id`;
      return sql`select ${key} as ref_key, d.student_id, null as email, ${studentName} as recipient
        from payment_documents d ${studentJoin(sql`d.student_id`)}
        where d.driving_school_id = ${school} and d.issued_at >= ${since}
          and d.cost_bearer_id is null and d.type <> 'PAYMENT_REQUEST' and ${notLogged(key)}`;
    }
    case 'DEBIT_FAILED': {
      const key = sql`'payment:' || p.id`;
      return sql`select ${key} as ref_key, p.student_id, null as email, ${studentName} as recipient
        from payments p ${studentJoin(sql`p.student_id`)}
        where p.driving_school_id = ${school} and p.status in ('FAILED', 'CHARGED_BACK')
          and p.updated_at >= ${since} and ${notLogged(key)}`;
    }
    case 'BIRTHDAY': {
      const today = sql`(now() at time zone 'Europe/Berlin')`;
      const key = sql`'birthday:' || extract(year from ${today})::int || ':' || st.id`;
      return sql`select ${key} as ref_key, st.id as student_id, null as email, ${studentName} as recipient
        from students st
        where st.driving_school_id = ${school} and not st.archived and st.birth_date is not null
          and extract(month from st.birth_date) = extract(month from ${today})
          and extract(day from st.birth_date) = extract(day from ${today})
          and extract(hour from ${today}) >= ${birthdayFromHour} and ${notLogged(key)}`;
    }
    default:
      return null;
  }
}

async function deliver(
  services: Services,
  rule: Rule,
  template: { subject: string; text: string },
  occurrence: Occurrence,
): Promise<{ status: 'SENT' | 'FAILED' | 'SKIPPED'; error?: string }> {
  const { db } = services;
  const schoolId = rule.drivingSchoolId;
  const studentId = occurrence.studentId ?? undefined;
  const filled = await fillText(db, schoolId, studentId, template);
  const channel: Channel = studentId === undefined ? 'EMAIL' : rule.channel;
  let email = occurrence.email ?? null;
  if (studentId !== undefined && channel !== 'MESSAGE') {
    const [student] = await db
      .select({ email: students.email })
      .from(students)
      .where(and(eq(students.drivingSchoolId, schoolId), eq(students.id, studentId)));
    email = student?.email ?? null;
  }
  if (channel !== 'EMAIL' && studentId !== undefined) {
    await db.insert(messages).values({
      drivingSchoolId: schoolId,
      studentId,
      subject: filled.subject,
      text: filled.text,
      messageTemplateId: rule.messageTemplateId,
      event: rule.event,
    });
  }
  if (channel === 'MESSAGE') return { status: 'SENT' };
  if (!email) {
    return channel === 'BOTH'
      ? { status: 'SENT' }
      : { status: 'SKIPPED', error: 'Keine E-Mail-Adresse hinterlegt.' };
  }
  await services.schoolMailer.send(db, schoolId, {
    to: email,
    subject: filled.subject,
    text: filled.text,
    html: textAsHtml(filled.text),
  });
  return { status: 'SENT' };
}

/** One scan over every switched-on rule (see the module comment). Answers what it sent. */
export async function scanAutomaticMessages(
  services: Services,
  options: { birthdayFromHour?: number } = {},
): Promise<number> {
  const { db } = services;
  const rules = await db
    .select()
    .from(automaticMessageRules)
    .where(eq(automaticMessageRules.enabled, true));
  let handled = 0;
  for (const rule of rules) {
    const query = occurrencesQuery(rule, options.birthdayFromHour ?? 8);
    if (!query || !rule.messageTemplateId) continue;
    const [template] = await db
      .select({ subject: messageTemplates.subject, text: messageTemplates.text })
      .from(messageTemplates)
      .where(
        and(
          eq(messageTemplates.drivingSchoolId, rule.drivingSchoolId),
          eq(messageTemplates.id, rule.messageTemplateId),
        ),
      );
    if (!template) continue;
    const found = (await db.execute(sql`${query} limit ${SCAN_LIMIT}`)) as unknown as {
      rows: {
        ref_key: string;
        student_id: number | string | null;
        email: string | null;
        recipient: string;
      }[];
    };
    for (const row of found.rows) {
      const occurrence: Occurrence = {
        refKey: row.ref_key,
        studentId: row.student_id === null ? null : Number(row.student_id),
        email: row.email,
        recipient: row.recipient,
      };
      // The claim: whoever inserts the log row sends; a crash after it leaves it FAILED.
      const [claim] = await db
        .insert(automaticMessageLog)
        .values({
          drivingSchoolId: rule.drivingSchoolId,
          event: rule.event,
          refKey: occurrence.refKey,
          channel: occurrence.studentId === null ? 'EMAIL' : rule.channel,
          status: 'FAILED',
          error: 'Der Versand wurde unterbrochen.',
          studentId: occurrence.studentId,
          recipient: occurrence.recipient.slice(0, 300),
        })
        .onConflictDoNothing()
        .returning({ id: automaticMessageLog.id });
      if (!claim) continue;
      let outcome: { status: 'SENT' | 'FAILED' | 'SKIPPED'; error?: string };
      try {
        outcome = await deliver(services, rule, template, occurrence);
      } catch (error) {
        outcome = { status: 'FAILED', error: messageOf(error).slice(0, 500) };
      }
      await db
        .update(automaticMessageLog)
        .set({ status: outcome.status, error: outcome.error ?? null })
        .where(eq(automaticMessageLog.id, claim.id));
      handled += 1;
    }
  }
  return handled;
}

/** The `automatic-messages` job and the per-minute tick that queues it (with the queue). */
export function registerAutomaticMessageWorker(services: Services): void {
  const { jobs } = services;
  jobs.work(
    AUTOMATIC_MESSAGES_JOB,
    async () => {
      const lock = await jobs.tryLock(AUTOMATIC_MESSAGES_JOB, 0);
      if (!lock) return;
      try {
        await scanAutomaticMessages(services);
      } finally {
        await lock.release();
      }
    },
    { retryLimit: 0, expireInSeconds: 10 * 60 },
  );
  everyWhileStarted(jobs, 60_000, () => jobs.send(AUTOMATIC_MESSAGES_JOB, {}));
}
