import type { components } from '@fahrwerk/api/schema';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { requireAuth } from '../../http/auth';
import type { OperationHandlers } from '../../http/operation-types';
import { berlinToday } from '../resources/kit';

/*
 * The pulse (`/pulse`, our reading of a route the spec only names): what happened in the
 * school on one day, newest first — one query, a UNION ALL of the day's rows of each source
 * (each over an index on its time column), cut to 500. Money (invoices, payments, debits)
 * only for users with the automatic-payments module.
 */

type Entry = components['schemas']['PulseEntry'];
type Row = {
  kind: Entry['kind'];
  at: Date | string;
  ref_id: number | string;
  student_id: number | string | null;
  name: string | null;
  detail: string | null;
  amount: number | string | null;
};

const LIMIT = 500;

export function createPulseHandlers(db: Db): OperationHandlers {
  return {
    async getPulse(request) {
      const auth = requireAuth(request);
      const day = request.query.date ?? berlinToday();
      const school = auth.drivingSchoolId;
      const from = sql`(${day}::date::timestamp at time zone 'Europe/Berlin')`;
      const to = sql`((${day}::date + 1)::timestamp at time zone 'Europe/Berlin')`;
      const within = (column: string) =>
        sql`${sql.raw(column)} >= ${from} and ${sql.raw(column)} < ${to}`;
      const name = sql`st.first_name || ' ' || st.last_name`;
      const studentOf = (column: string) =>
        sql`left join students st on st.driving_school_id = ${school} and st.id = ${sql.raw(column)}`;
      const parts = [
        sql`select 'REGISTRATION' as kind, r.created_at as at, r.id as ref_id, null::bigint as student_id,
            r.first_name || ' ' || r.last_name as name, r.email as detail, null::bigint as amount
          from registrations r where r.driving_school_id = ${school} and ${within('r.created_at')}`,
        sql`select 'LESSON_BOOKED', a.created_at, a.id, a.student_id, ${name},
            to_char(a.date, 'DD.MM.YYYY') || ' ' || to_char(a.start_time, 'HH24:MI'), null
          from appointments a ${studentOf('a.student_id')}
          where a.driving_school_id = ${school} and a.type = 'DRIVING' and ${within('a.created_at')}`,
        sql`select 'LESSON_CANCELLED', c.created_at, c.appointment_id, c.student_id, ${name},
            to_char(c.date::date, 'DD.MM.YYYY') || ' ' || left(c.start_time, 5), null
          from cancelled_lessons c ${studentOf('c.student_id')}
          where c.driving_school_id = ${school} and ${within('c.created_at')}`,
        sql`select 'EXAM_RESULT', p.updated_at, p.id, p.student_id, ${name}, p.status, null
          from exam_participants p ${studentOf('p.student_id')}
          where p.driving_school_id = ${school} and p.status in ('PASSED', 'FAILED', 'ABSENT')
            and ${within('p.updated_at')}`,
        sql`select 'EMAIL_RECEIVED', e.received_at, e.id, e.student_id,
            coalesce(e.from_name, e.from_address), left(e.subject, 300), null
          from emails e where e.driving_school_id = ${school} and e.folder = 'INBOX'
            and ${within('e.received_at')}`,
        sql`select 'MESSAGE_SENT', m.sent_at, m.id, m.student_id, ${name}, left(m.subject, 300), null
          from messages m ${studentOf('m.student_id')}
          where m.driving_school_id = ${school} and ${within('m.sent_at')}`,
      ];
      if (auth.permissions.has('MODULE_AUTOMATIC_PAYMENTS')) {
        parts.push(
          sql`select 'INVOICE_ISSUED', d.issued_at, d.id, d.student_id, ${name}, d.number, d.total_gross
            from payment_documents d ${studentOf('d.student_id')}
            where d.driving_school_id = ${school} and d.number is not null and ${within('d.issued_at')}`,
          sql`select 'PAYMENT_RECORDED', p.created_at, p.id, p.student_id, ${name}, p.method, p.amount
            from payments p ${studentOf('p.student_id')}
            where p.driving_school_id = ${school} and ${within('p.created_at')}`,
          sql`select 'DEBIT_FAILED', p.updated_at, p.id, p.student_id, ${name}, p.status, p.amount
            from payments p ${studentOf('p.student_id')}
            where p.driving_school_id = ${school} and p.status in ('FAILED', 'CHARGED_BACK')
              and ${within('p.updated_at')}`,
        );
      }
      const result = (await db.execute(
        sql`select * from (${sql.join(parts, sql` union all `)}) x order by at desc, kind limit ${LIMIT}`,
      )) as unknown as { rows: Row[] };
      const body: Entry[] = result.rows.map((row) => ({
        kind: row.kind,
        at: new Date(row.at).toISOString(),
        refId: Number(row.ref_id),
        ...(row.student_id !== null ? { studentId: Number(row.student_id) } : {}),
        ...(row.name ? { name: row.name.slice(0, 300) } : {}),
        ...(row.detail ? { detail: String(row.detail).slice(0, 300) } : {}),
        ...(row.amount !== null ? { amount: Number(row.amount) } : {}),
      }));
      return { status: 200, body };
    },
  };
}
