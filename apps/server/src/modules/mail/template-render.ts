import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { notFound } from '../../http/errors';
import { escapeHtml } from '../../mail/mail-html';
import { documentOfPayer, INVOICED_SUM, PAID_SUM, paymentOfPayer } from '../payments/workflows';

/*
 * Filling a template's placeholders (`{{ student.firstName }}`, see EMAIL_PLACEHOLDERS) for
 * one student: the compose dialog (`POST /email-templates/render`), and later automatic
 * messages and broadcasts. The values are read in one query; German formats (DD.MM.YYYY,
 * `1.249,00 €`). A key without a value becomes empty and is reported as missing.
 */

export type RenderContext = { studentId?: number; educationId?: number };
export type Rendered = { subject: string; htmlBody: string; missing: string[] };

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
export const formatEuro = (cents: number) => euro.format(cents / 100);
export const formatDay = (iso: string | null | undefined) =>
  iso ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : undefined;
const formatTime = (time: string | null | undefined) => (time ? time.slice(0, 5) : undefined);
const addMinutes = (time: string, minutes: number) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const total = h * 60 + m + minutes;
  return `${String(Math.floor(total / 60) % 24).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

const APPOINTMENT_TYPE: Record<string, string> = {
  DRIVING: 'Fahrstunde',
  THEORY: 'Theorieunterricht',
  EXAM: 'Prüfung',
  PRIVATE: 'Privater Termin',
  OTHER: 'Termin',
};

type Row = Record<string, unknown>;
const text = (value: unknown) =>
  value === null || value === undefined || value === '' ? undefined : String(value);

function salutationOf(student: Row): string | undefined {
  const first = text(student.first_name);
  const last = text(student.last_name);
  if (!first && !last) return undefined;
  switch (student.salutation) {
    case 'MR':
      return `Sehr geehrter Herr ${last ?? first}`;
    case 'MS':
      return `Sehr geehrte Frau ${last ?? first}`;
    default:
      return `Hallo ${[first, last].filter(Boolean).join(' ')}`;
  }
}

function addressOf(address: unknown): string | undefined {
  if (!address || typeof address !== 'object') return undefined;
  const a = address as Record<string, string | undefined>;
  const street = [a.street, a.houseNumber].filter(Boolean).join(' ');
  const city = [a.postalCode, a.city].filter(Boolean).join(' ');
  return [street, city].filter(Boolean).join(', ') || undefined;
}

/** Every placeholder's value for the school and, when given, the student. */
export async function placeholderValues(
  db: Db,
  schoolId: number,
  context: RenderContext,
): Promise<Map<string, string>> {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
  const values = new Map<string, string>();
  const put = (key: string, value: string | undefined) => {
    if (value !== undefined) values.set(key, value);
  };
  const [school] = await rows(
    sql`select s.name, m.email, m.phone, m.address
      from driving_schools s left join master_data m on m.driving_school_id = s.id
      where s.id = ${schoolId}`,
  );
  put('school.name', text(school?.name));
  put('school.email', text(school?.email));
  put('school.phone', text(school?.phone));
  put('school.address', addressOf(school?.address));
  if (context.studentId === undefined) return values;

  const [student] = await rows(
    sql`select st.first_name, st.last_name, st.email, st.salutation,
        (select ${PAID_SUM} from payments p where p.driving_school_id = ${schoolId}
          and p.student_id = st.id and ${paymentOfPayer('student')})::bigint
        - (select ${INVOICED_SUM} from payment_documents d where d.driving_school_id = ${schoolId}
          and d.student_id = st.id and ${documentOfPayer('student')})::bigint as balance
      from students st where st.driving_school_id = ${schoolId} and st.id = ${context.studentId}`,
  );
  if (!student) throw notFound(`No student ${context.studentId} in your school.`);
  put('student.firstName', text(student.first_name));
  put('student.lastName', text(student.last_name));
  put('student.email', text(student.email));
  put('student.salutation', salutationOf(student));
  put('student.balance', formatEuro(Number(student.balance ?? 0)));

  const [education] = await rows(
    sql`select e.id, e.license_class, e.start_date::text as start_date,
        u.first_name as instructor_first_name, u.last_name as instructor_last_name
      from student_educations e left join users u
        on u.driving_school_id = e.driving_school_id and u.id = e.instructor_id
      where e.driving_school_id = ${schoolId} and e.student_id = ${context.studentId}
        ${context.educationId === undefined ? sql`and not e.archived` : sql`and e.id = ${context.educationId}`}
      order by e.id desc limit 1`,
  );
  if (context.educationId !== undefined && !education) {
    throw notFound(`No education ${context.educationId} of student ${context.studentId}.`);
  }
  if (education) {
    put('education.licenseClass', text(education.license_class));
    put('education.startDate', formatDay(text(education.start_date)));
    put('instructor.firstName', text(education.instructor_first_name));
    put('instructor.lastName', text(education.instructor_last_name));
  }

  const [[appointment], [exam], [invoice]] = await Promise.all([
    rows(sql`select a.type, a.date::text as date, a.start_time::text as start_time, a.minutes,
        u.first_name, u.last_name
      from appointments a join users u
        on u.driving_school_id = a.driving_school_id and u.id = a.instructor_id
      where a.driving_school_id = ${schoolId} and a.student_id = ${context.studentId}
        and (a.date + a.start_time) >= (now() at time zone 'Europe/Berlin')
      order by a.date, a.start_time limit 1`),
    rows(sql`select x.kind, x.date::text as date, x.start_time::text as start_time, x.location,
        o.name as organization
      from exam_participants p
      join exams x on x.driving_school_id = p.driving_school_id and x.id = p.exam_id
      left join testing_organizations o
        on o.driving_school_id = x.driving_school_id and o.id = x.testing_organization_id
      where p.driving_school_id = ${schoolId} and p.student_id = ${context.studentId}
        ${education ? sql`and p.student_education_id = ${Number(education.id)}` : sql``}
        and x.date >= (now() at time zone 'Europe/Berlin')::date
        and p.status in ('PLANNED', 'READY', 'BOOKED')
      order by x.date, x.start_time limit 1`),
    rows(sql`select d.number, d.due_date::text as due_date, d.open_amount, d.total_gross
      from payment_documents d
      where d.driving_school_id = ${schoolId} and d.student_id = ${context.studentId}
        and ${documentOfPayer('student')} and d.number is not null and d.open_amount > 0
        and d.type <> 'CANCELLATION_INVOICE' and d.status not in ('DRAFT', 'CANCELLED')
      order by d.id desc limit 1`),
  ]);
  if (appointment) {
    const start = text(appointment.start_time);
    put('appointment.type', APPOINTMENT_TYPE[String(appointment.type)]);
    put('appointment.date', formatDay(text(appointment.date)));
    put('appointment.startTime', formatTime(start));
    if (start) put('appointment.endTime', addMinutes(start, Number(appointment.minutes)));
    put(
      'appointment.instructorName',
      [text(appointment.first_name), text(appointment.last_name)].filter(Boolean).join(' '),
    );
  }
  if (exam) {
    put('exam.kind', exam.kind === 'THEORY' ? 'Theoretische Prüfung' : 'Praktische Prüfung');
    put('exam.date', formatDay(text(exam.date)));
    put('exam.time', formatTime(text(exam.start_time)));
    put(
      'exam.location',
      [text(exam.organization), text(exam.location)].filter(Boolean).join(', ') || undefined,
    );
  }
  if (invoice) {
    put('invoice.number', text(invoice.number));
    put('invoice.dueDate', formatDay(text(invoice.due_date)));
    put('invoice.openAmount', formatEuro(Number(invoice.open_amount)));
    put('invoice.totalGross', formatEuro(Number(invoice.total_gross)));
  }
  return values;
}

/**
 * Replaces each `{{ key }}`; in the body the value is HTML-escaped unless `plainText` (a
 * message is text, not HTML). Unknown and empty keys → missing.
 */
export function fillPlaceholders(
  template: { subject: string; htmlBody: string },
  values: Map<string, string>,
  options: { plainText?: boolean } = {},
): Rendered {
  const missing = new Set<string>();
  const fill = (source: string, html: boolean) =>
    source.replace(PLACEHOLDER, (_match, key: string) => {
      const value = values.get(key);
      if (value === undefined) {
        missing.add(key);
        return '';
      }
      return html ? escapeHtml(value) : value;
    });
  return {
    subject: fill(template.subject, false),
    htmlBody: fill(template.htmlBody, !options.plainText),
    missing: [...missing].sort(),
  };
}
