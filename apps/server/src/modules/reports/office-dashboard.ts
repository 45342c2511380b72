import type { components } from '@fahrwerk/api/schema';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { type AuthContext, requireAuth } from '../../http/auth';
import type { OperationHandlers } from '../../http/operation-types';
import type { Services } from '../handlers';
import { SETTLED } from '../payments/workflows';
import { addDays, berlinToday } from '../resources/kit';
import { rowsOf } from './report-queries';

/*
 * The back office's start page (`GET /office-dashboard`): what needs the signed-in user
 * today, one small statement per tile, run side by side; a tile's statement runs only with
 * the permission of the screen it links to. The windows (30 days ahead) are this file's
 * constants; the contract (components/dashboard.yaml) describes each tile.
 */

type Schemas = components['schemas'];
type OfficeDashboard = Schemas['OfficeDashboard'];

/** How far ahead the inspection and exam-window tiles look. */
export const DUE_WITHIN_DAYS = 30;
/** How long a closed exam window stays on the tile (so nobody misses it over a weekend). */
export const CLOSED_WINDOW_SHOWN_DAYS = 14;
const CAP = 9999;

const int = (value: unknown) => Number(value ?? 0);
const str = (value: unknown) => String(value);
const day = (value: unknown) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
const capped = (value: unknown) => Math.min(CAP, int(value));

/** Whole days from `from` to `to` (ISO dates). */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export async function officeDashboard(
  db: Db,
  auth: AuthContext,
  today = berlinToday(),
): Promise<OfficeDashboard> {
  const school = auth.drivingSchoolId;
  const may = (permission: string) => auth.permissions.has(permission);
  const ahead = addDays(today, DUE_WITHIN_DAYS);
  const month = today.slice(0, 7);
  const monthStart = `${month}-01`;
  const previousStart = addDays(monthStart, -1).slice(0, 7).concat('-01');
  const previousSameDay = (() => {
    // The same day of last month, or its last day when last month is shorter.
    const lastOfPrevious = addDays(monthStart, -1);
    const wanted = `${previousStart.slice(0, 8)}${today.slice(8, 10)}`;
    return wanted > lastOfPrevious ? lastOfPrevious : wanted;
  })();

  // The students the user sees (students.resources.ts `studentVisibility`, on the alias `s`):
  // an instructor who sees only their own gets only their own students' tiles.
  const visible =
    auth.studentVisibility === 'ALL'
      ? sql`true`
      : auth.studentVisibility === 'OWN'
        ? sql`s.instructor_id = ${auth.userId}`
        : sql`(s.instructor_id = ${auth.userId} or exists (select 1 from users u
            where u.driving_school_id = ${school} and u.id = ${auth.userId} and u.student_visibility = 'ALL'))`;

  const tasks: Promise<void>[] = [];
  const result: OfficeDashboard = { today };
  const run = (permission: string, task: () => Promise<void>) => {
    if (may(permission)) tasks.push(task());
  };

  run('MODULE_CUSTOMERS', async () => {
    const [row] = await rowsOf(
      db,
      sql`select count(*)::bigint as n from registrations r
        where r.driving_school_id = ${school} and not r.read`,
    );
    result.registrations = { count: capped(row?.n) };
  });

  run('MODULE_COMMUNICATION', async () => {
    const [row] = await rowsOf(
      db,
      sql`select count(*)::bigint as n from emails m
        where m.driving_school_id = ${school} and m.folder = 'INBOX' and not m.read
          and m.email_config_id in (select u.email_config_id from email_config_users u
            where u.driving_school_id = ${school} and u.user_id = ${auth.userId})`,
    );
    result.mails = { count: capped(row?.n) };
  });

  run('MODULE_TASK', async () => {
    const mine = sql`t.driving_school_id = ${school}
      and t.status in ('OPEN', 'IN_PROGRESS', 'WAITING')
      and (t.assignee_user_id = ${auth.userId} or t.assignee_user_id is null)`;
    const [counts, items] = await Promise.all([
      rowsOf(
        db,
        sql`select count(*)::bigint as open,
            count(*) filter (where t.due_date < ${today}::date)::bigint as overdue
          from todos t where ${mine}`,
      ),
      rowsOf(
        db,
        sql`select t.id, t.title, t.due_date::text as due_date from todos t where ${mine}
          order by t.due_date nulls last, t.id limit 5`,
      ),
    ]);
    result.todos = {
      open: capped(counts[0]?.open),
      overdue: capped(counts[0]?.overdue),
      items: items.map((row) => ({
        id: int(row.id),
        title: str(row.title).slice(0, 500),
        ...(row.due_date === null ? {} : { dueDate: day(row.due_date) }),
      })),
    };
  });

  run('MODULE_COMPANY', async () => {
    const rows = await rowsOf(
      db,
      sql`select * from (
          select v.id, v.name, v.plate, 'MAIN_INSPECTION' as check_kind, v.main_inspection_date as due
          from vehicles v where v.driving_school_id = ${school} and not v.archived
            and v.main_inspection_date <= ${ahead}::date
          union all
          select v.id, v.name, v.plate, 'SAFETY_CHECK', v.safety_check_date
          from vehicles v where v.driving_school_id = ${school} and not v.archived
            and v.safety_check_date <= ${ahead}::date) d
        order by d.due, d.name limit 50`,
    );
    result.vehiclesDue = rows.map((row) => ({
      vehicleId: int(row.id),
      name: str(row.name),
      plate: str(row.plate),
      check: row.check_kind as 'MAIN_INSPECTION' | 'SAFETY_CHECK',
      dueDate: day(row.due),
    }));
  });

  run('MODULE_AUTOMATIC_PAYMENTS', async () => {
    // The newest direct debit of each active education; red when it failed.
    const rows = await rowsOf(
      db,
      sql`select * from (
          select distinct on (p.student_education_id) p.student_education_id, p.amount,
            p.payment_date::text as payment_date, p.status, e.student_id, e.license_class,
            s.first_name, s.last_name
          from payments p
          join student_educations e on e.driving_school_id = p.driving_school_id and e.id = p.student_education_id
          join students s on s.driving_school_id = e.driving_school_id and s.id = e.student_id
          where p.driving_school_id = ${school} and p.method = 'DIRECT_DEBIT'
            and not e.archived and not s.archived and ${visible}
          order by p.student_education_id, p.payment_date desc, p.id desc) newest
        where newest.status in ('FAILED', 'CANCELLED', 'CHARGED_BACK')
        order by newest.payment_date desc, newest.student_education_id limit 50`,
    );
    result.failedDebits = rows.map((row) => ({
      studentId: int(row.student_id),
      studentEducationId: int(row.student_education_id),
      firstName: str(row.first_name),
      lastName: str(row.last_name),
      licenseClass: row.license_class as never,
      amount: int(row.amount),
      paymentDate: day(row.payment_date),
      status: str(row.status),
    }));
  });

  run('MODULE_CUSTOMERS', async () => {
    // § 18 Abs. 2 FeV: the practical exam within 12 months of the passed theory exam — the
    // same calendar day a year later, as the education page counts it (exam-requirements.ts).
    const rows = await rowsOf(
      db,
      sql`select * from (
          select e.id, e.student_id, e.license_class, s.first_name, s.last_name,
            t.passed_on::text as theory_date,
            least((t.passed_on + interval '12 months')::date,
              e.exam_application_expires_at)::text as closes_on
          from student_educations e
          join students s on s.driving_school_id = e.driving_school_id and s.id = e.student_id
          left join lateral (
            select max(x.date) as passed_on from exam_participants ep
            join exams x on x.driving_school_id = ep.driving_school_id and x.id = ep.exam_id
            where ep.driving_school_id = e.driving_school_id and ep.student_education_id = e.id
              and x.kind = 'THEORY' and ep.status = 'PASSED') t on true
          where e.driving_school_id = ${school} and not e.archived and not s.archived and ${visible}
            and e.status in ('REGISTERED', 'IN_TRAINING', 'THEORY_PASSED')
            and (t.passed_on is not null or e.exam_application_expires_at is not null)
            and not exists (select 1 from exam_participants ep
              join exams x on x.driving_school_id = ep.driving_school_id and x.id = ep.exam_id
              where ep.driving_school_id = e.driving_school_id and ep.student_education_id = e.id
                and x.kind = 'PRACTICAL' and ep.status = 'PASSED')) w
        where w.closes_on::date between ${addDays(today, -CLOSED_WINDOW_SHOWN_DAYS)}::date and ${ahead}::date
        order by w.closes_on, w.last_name, w.first_name limit 50`,
    );
    result.examWindows = rows.map((row) => {
      const closesOn = day(row.closes_on);
      return {
        studentId: int(row.student_id),
        studentEducationId: int(row.id),
        firstName: str(row.first_name),
        lastName: str(row.last_name),
        licenseClass: row.license_class as never,
        ...(row.theory_date === null ? {} : { theoryExamDate: day(row.theory_date) }),
        closesOn,
        daysLeft: daysBetween(today, closesOn),
      };
    });
  });

  run('MODULE_THEORY', async () => {
    const rows = await rowsOf(
      db,
      sql`select c.id, c.short_description, c.start::text as start, c."end"::text as end_date, c.quantity,
          (select count(*) from student_education_courses sc
            where sc.driving_school_id = c.driving_school_id and sc.theory_course_id = c.id)::bigint as booked
        from theory_courses c
        where c.driving_school_id = ${school} and not c.archived and c.start >= ${today}::date
        order by c.start, c.id limit 5`,
    );
    result.theoryCourses = rows.map((row) => ({
      id: int(row.id),
      shortDescription: str(row.short_description).slice(0, 500),
      start: day(row.start),
      end: day(row.end_date),
      quantity: int(row.quantity),
      booked: capped(row.booked),
    }));
  });

  run('MODULE_REPORTS', async () => {
    const [row] = await rowsOf(
      db,
      sql`select
          coalesce(sum(p.amount) filter (where p.payment_date >= ${monthStart}::date), 0)::bigint as amount,
          coalesce(sum(p.amount) filter (where p.payment_date < ${monthStart}::date), 0)::bigint as previous,
          coalesce(sum(p.amount) filter (where p.payment_date <= ${previousSameDay}::date
            and p.payment_date < ${monthStart}::date), 0)::bigint as previous_to_date
        from payments p
        where p.driving_school_id = ${school} and ${SETTLED}
          and p.payment_date between ${previousStart}::date and ${today}::date`,
    );
    result.revenue = {
      month,
      amount: int(row?.amount),
      previousMonth: previousStart.slice(0, 7),
      previousAmount: int(row?.previous),
      previousToDate: int(row?.previous_to_date),
    };
  });

  await Promise.all(tasks);
  return result;
}

export function createOfficeDashboardHandlers({ db }: Pick<Services, 'db'>): OperationHandlers {
  return {
    async getOfficeDashboard(request) {
      const auth = requireAuth(request);
      return { status: 200, body: await officeDashboard(db, auth) };
    },
  };
}
