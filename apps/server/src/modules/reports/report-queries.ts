import type { components } from '@fahrwerk/api/schema';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { VAT_EXEMPT_CLASSES } from '../licence-data/licence-data';
import { checkReportPeriod } from '../payments/payments.resources';
import { INVOICED, SETTLED } from '../payments/workflows';
import { berlinToday } from '../resources/kit';

/*
 * The reports of spec 001 §3/§7 (`POST /reports/…`), each computed by PostgreSQL in one or two
 * statements: the rows are grouped and summed in SQL, JavaScript only renames the columns.
 * What every report counts is written in the contract (openapi/components/reports.yaml);
 * the choices beyond it are noted at each function.
 *
 * The restrictions of `ReportFilter` apply through `restrict()`: an empty or missing list is
 * "all", each report names the columns its restrictions apply to.
 */

type Schemas = components['schemas'];
export type ReportFilter = Schemas['ReportFilter'];
type ExamKind = Schemas['ExamKind'];
type ExamSuccessRate = Schemas['ExamSuccessRate'];

type Row = Record<string, unknown>;

export const rowsOf = async (db: Db, query: SQL): Promise<Row[]> =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const int = (value: unknown) => Number(value ?? 0);
/** Rounded to `digits` decimals (the contract's rates and averages). */
const round = (value: unknown, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(Number(value ?? 0) * factor) / factor;
};
/** The percentage `part / whole`, two decimals; 0 when there is nothing to count. */
export const rate = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100;
/** An optional value: `undefined` for SQL null (the DTOs leave absent fields out). */
const opt = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

/** The columns a report's restrictions apply to (SQL expressions of its query). */
type RestrictedColumns = { branch?: SQL; instructor?: SQL; licenseClass?: SQL };

/** `and …` conditions for the filter's non-empty lists, on the given columns. */
/** The values as a comma-separated list of parameters. */
const list = (values: readonly (number | string)[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

export function restrict(filter: ReportFilter, columns: RestrictedColumns): SQL {
  const parts: SQL[] = [];
  if (columns.branch && filter.branchIds?.length) {
    parts.push(sql` and ${columns.branch} in (${list(filter.branchIds)})`);
  }
  if (columns.instructor && filter.instructorIds?.length) {
    parts.push(sql` and ${columns.instructor} in (${list(filter.instructorIds)})`);
  }
  if (columns.licenseClass && filter.licenseClasses?.length) {
    parts.push(sql` and ${columns.licenseClass} in (${list(filter.licenseClasses)})`);
  }
  return parts.length === 0 ? sql`` : sql.join(parts, sql``);
}

/** The educations selected by branch and class (money rows belong to an education). */
function educationRestriction(schoolId: number, filter: ReportFilter, column: SQL): SQL {
  if (!filter.branchIds?.length && !filter.licenseClasses?.length) return sql``;
  return sql` and ${column} in (select e.id from student_educations e
    where e.driving_school_id = ${schoolId}${restrict(filter, {
      branch: sql`e.branch_id`,
      licenseClass: sql`e.license_class`,
    })})`;
}

/* ---- balance per school ------------------------------------------------------------------ */

/**
 * How the balance (`paid − invoiced`, as the balance pages compute it: issued documents
 * other than payment requests by issue date, settled payments by payment date) of all
 * students and cost bearers developed. Receivables and credits on `to` are summed per payer
 * (a student's own account, or a cost bearer), so one payer's credit does not hide another's
 * debt.
 */
export async function balanceReport(
  db: Db,
  schoolId: number,
  filter: ReportFilter,
): Promise<Schemas['BalancePerDrivingSchoolReport']> {
  checkReportPeriod(filter);
  const { from, to } = filter;
  const documents = sql`select coalesce(d.issue_date, d.created_at::date) as day,
      d.total_gross as amount,
      coalesce('c' || d.cost_bearer_id, 's' || d.student_id, 'd' || d.id) as payer
    from payment_documents d
    where d.driving_school_id = ${schoolId} and ${INVOICED}
      and coalesce(d.issue_date, d.created_at::date) <= ${to}::date
      ${educationRestriction(schoolId, filter, sql`d.student_education_id`)}`;
  const payments = sql`select p.payment_date as day, p.amount,
      coalesce('c' || p.cost_bearer_id, 's' || p.student_id, 'p' || p.id) as payer
    from payments p
    where p.driving_school_id = ${schoolId} and ${SETTLED} and p.payment_date <= ${to}::date
      ${educationRestriction(schoolId, filter, sql`p.student_education_id`)}`;
  const movements = sql`select day, -amount as effect, 0::bigint as paid, amount as invoiced, payer
      from (${documents}) d
    union all select day, amount, amount, 0::bigint, payer from (${payments}) p`;
  const [months, payers] = await Promise.all([
    rowsOf(
      db,
      sql`with m as (${movements}),
        months as (select to_char(g, 'YYYY-MM') as month
          from generate_series(date_trunc('month', ${from}::date), ${to}::date, interval '1 month') g)
        select months.month,
          coalesce(sum(m.invoiced), 0)::bigint as invoiced,
          coalesce(sum(m.paid), 0)::bigint as paid,
          (select coalesce(sum(effect), 0) from m where m.day < ${from}::date)::bigint as opening
        from months left join m on to_char(m.day, 'YYYY-MM') = months.month and m.day >= ${from}::date
        group by months.month order by months.month`,
    ),
    rowsOf(
      db,
      sql`select coalesce(sum(-balance) filter (where balance < 0), 0)::bigint as receivables,
          coalesce(sum(balance) filter (where balance > 0), 0)::bigint as credits,
          count(*) filter (where balance < 0)::bigint as debtors
        from (select payer, sum(effect) as balance from (${movements}) m group by payer) b`,
    ),
  ]);
  const opening = int(months[0]?.opening);
  let balance = opening;
  const rows = months.map((row) => {
    const invoiced = int(row.invoiced);
    const paid = int(row.paid);
    balance += paid - invoiced;
    return { month: String(row.month), invoiced, paid, change: paid - invoiced, balance };
  });
  return {
    from,
    to,
    openingBalance: opening,
    closingBalance: balance,
    receivables: int(payers[0]?.receivables),
    credits: int(payers[0]?.credits),
    debtorCount: int(payers[0]?.debtors),
    months: rows,
  };
}

/**
 * The filter's restrictions of appointments `a`: the instructor, and the appointment's branch
 * and class, else its education's (a semi-join, only when asked) — columns the practice index
 * holds, so a restricted year stays an index-only scan.
 */
function appointmentRestrictions(schoolId: number, filter: ReportFilter): SQL {
  // The appointment's branch and class, else its education's (a semi-join only when asked).
  const ofEducation = (column: string, values: readonly (number | string)[]) =>
    sql`a.student_education_id in (select e.id from student_educations e
      where e.driving_school_id = ${schoolId} and e.${sql.raw(column)} in (${list(values)}))`;
  return sql.join(
    [
      filter.instructorIds?.length
        ? sql` and a.instructor_id in (${list(filter.instructorIds)})`
        : sql``,
      filter.branchIds?.length
        ? sql` and (a.branch_id in (${list(filter.branchIds)}) or (a.branch_id is null and ${ofEducation('branch_id', filter.branchIds)}))`
        : sql``,
      filter.licenseClasses?.length
        ? sql` and (a.license_class in (${list(filter.licenseClasses)}) or (a.license_class is null and ${ofEducation('license_class', filter.licenseClasses)}))`
        : sql``,
    ],
    sql``,
  );
}

/* ---- sales per instructor ------------------------------------------------------------------- */

/**
 * The price list of an education `e` (the education's, the student's, the branch's, the
 * school's standard list) and the class of its lesson `a`, as `l.list_id` and `l.cls`: each
 * looked up once per lesson, not per price row.
 */
const listOf = (schoolId: number) => sql`lateral (
    select coalesce(e.price_list_id,
        (select s.price_list_id from students s
          where s.driving_school_id = ${schoolId} and s.id = e.student_id),
        (select br.price_list_id from branches br
          where br.driving_school_id = ${schoolId} and br.id = e.branch_id),
        (select pl.id from price_lists pl where pl.driving_school_id = ${schoolId} and pl.standard)
      ) as list_id, coalesce(a.license_class, e.license_class) as cls)`;

/**
 * The list price of a lesson `a` (an appointment with `hour_type` and `minutes`) in the list
 * `l` of `listOf`: the driving-lesson product of its hour type, the class's own price before
 * the one for every class, pro rata to the product's duration (45 minutes when it has none) —
 * as booking charges it (driving-lessons.ts `lessonCharge` through `pricesForClass`: products
 * not archived and assigned to the class, VAT 0 for the tax-free classes; less the
 * combined-training price). Gross cents as float8, and the VAT rate; no row without a price.
 */
const listPriceOf = (schoolId: number) => sql`lateral (
    select pr.price::float8 * a.minutes / coalesce(prod.duration, 45) as gross,
      case when l.cls in (${list([...VAT_EXEMPT_CLASSES])}) then 0 else prod.vat_rate end as vat_rate
    from prices pr
    join products prod on prod.driving_school_id = pr.driving_school_id and prod.id = pr.product_id
    where pr.driving_school_id = ${schoolId} and pr.price_list_id = l.list_id
      and prod.type = 'DRIVING_LESSON' and prod.hour_type = a.hour_type and not prod.archived
      and (cardinality(prod.license_classes) = 0 or l.cls = any(prod.license_classes))
      and (pr.license_class = l.cls or pr.license_class is null)
    order by pr.license_class nulls last, lower(prod.name), prod.id limit 1)`;

/**
 * The value of what each instructor did in the period: driving lessons held (booked or
 * signed), practical exams presented (calendar entries of type EXAM on or before today) and
 * theory lessons given. A lesson is valued at the price its booking charged; one without a
 * charge (an exam drive; a lesson of data from before charges were recorded) at its list price
 * (`listPriceOf`). Theory lessons are counted, not valued (the basic fee pays for them). Net
 * is gross without the VAT rate of the charge or product.
 *
 * Three parts in one statement, so the year of a large school stays fast: the charged lessons
 * summed per instructor from the appointments alone, the few uncharged ones valued one by one,
 * and the theory lessons.
 */
export async function salesReport(
  db: Db,
  schoolId: number,
  filter: ReportFilter,
  today = berlinToday(),
): Promise<Schemas['SalesPerInstructorReport']> {
  checkReportPeriod(filter);
  const { from, to } = filter;
  const restrictions = appointmentRestrictions(schoolId, filter);
  // Written as the predicate of appointments_practice_idx (migration 0021), so the year's
  // lessons are summed from that index alone.
  const held = sql`a.driving_school_id = ${schoolId} and a.date between ${from}::date and ${to}::date
    and a.student_education_id is not null
    and ((a.type = 'DRIVING' and (a.booked or a.signed_at is not null)) or a.type = 'EXAM')
    and (a.type <> 'EXAM' or a.date <= ${today}::date)${restrictions}`;
  const rows = await rowsOf(
    db,
    sql`with counted as (
        select a.instructor_id,
          count(*) filter (where a.type = 'DRIVING') as lessons,
          coalesce(sum(a.minutes) filter (where a.type = 'DRIVING'), 0) as minutes,
          count(*) filter (where a.type = 'EXAM') as exams,
          coalesce(sum(a.booked_price), 0)::float8 as gross,
          coalesce(sum(a.booked_price * 100.0::float8 / (100 + a.booked_vat_rate)), 0) as net
        from appointments a where ${held}
        group by a.instructor_id),
      listed as (
        select a.instructor_id, coalesce(sum(p.gross), 0) as gross,
          coalesce(sum(p.gross * 100 / (100 + p.vat_rate)), 0) as net
        from appointments a
        join student_educations e on e.driving_school_id = a.driving_school_id and e.id = a.student_education_id
        cross join ${listOf(schoolId)} l
        left join ${listPriceOf(schoolId)} p on true
        where ${held} and a.booked_price is null
        group by a.instructor_id),
      theory as (
        select t.instructor_id, count(*) as theory_lessons from theory_lessons t
        where t.driving_school_id = ${schoolId} and t.date between ${from}::date and ${to}::date
          and t.date <= ${today}::date
          ${restrict(filter, { branch: sql`t.branch_id`, instructor: sql`t.instructor_id` })}
          ${
            filter.licenseClasses?.length
              ? sql` and (cardinality(t.license_classes) = 0 or t.license_classes && array[${list(
                  filter.licenseClasses,
                )}]::text[])`
              : sql``
          }
        group by t.instructor_id)
    select u.id, u.first_name, u.last_name,
      coalesce(c.lessons, 0)::bigint as lessons, coalesce(c.minutes, 0)::bigint as minutes,
      coalesce(c.exams, 0)::bigint as exams, coalesce(t.theory_lessons, 0)::bigint as theory_lessons,
      round(coalesce(c.net, 0) + coalesce(l.net, 0))::bigint as net,
      round(coalesce(c.gross, 0) + coalesce(l.gross, 0))::bigint as gross
    from counted c
    left join listed l on l.instructor_id = c.instructor_id
    full join theory t on t.instructor_id = c.instructor_id
    join users u on u.driving_school_id = ${schoolId} and u.id = coalesce(c.instructor_id, t.instructor_id)
    order by round(coalesce(c.gross, 0) + coalesce(l.gross, 0)) desc, u.last_name, u.first_name, u.id`,
  );
  const instructors = rows.map((row) => ({
    instructorId: int(row.id),
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    drivingLessonCount: int(row.lessons),
    drivingMinutes: int(row.minutes),
    examCount: int(row.exams),
    theoryLessonCount: int(row.theory_lessons),
    net: int(row.net),
    gross: int(row.gross),
  }));
  return {
    from,
    to,
    instructors,
    net: instructors.reduce((sum, row) => sum + row.net, 0),
    gross: instructors.reduce((sum, row) => sum + row.gross, 0),
  };
}

/* ---- exams -------------------------------------------------------------------------------- */

/** The participants of the kind's exams in the period, with their restriction columns. */
function examRows(schoolId: number, kind: ExamKind, filter: ReportFilter): SQL {
  // Practical exams: the instructor who presented the student (the exam's proctor), else the
  // education's; theory exams: the education's instructor.
  const instructor =
    kind === 'PRACTICAL' ? sql`coalesce(x.proctor_id, e.instructor_id)` : sql`e.instructor_id`;
  return sql`select ep.status, ep.attempt, ep.student_id, ep.student_education_id, x.date,
      x.testing_organization_id, e.license_class, e.branch_id, ${instructor} as instructor_id
    from exam_participants ep
    join exams x on x.driving_school_id = ep.driving_school_id and x.id = ep.exam_id
    join student_educations e on e.driving_school_id = ep.driving_school_id and e.id = ep.student_education_id
    where ep.driving_school_id = ${schoolId} and x.kind = ${kind}
      and x.date between ${filter.from}::date and ${filter.to}::date
      and ep.status in ('PASSED', 'FAILED', 'ABSENT')
      ${restrict(filter, {
        branch: sql`e.branch_id`,
        instructor,
        licenseClass: sql`e.license_class`,
      })}`;
}

/**
 * Exam results per licence class, instructor and testing organisation, and in total, in one
 * statement (grouping sets). A first attempt is a participation with `attempt` 1 (the exam
 * list counts attempts per education and kind).
 */
export async function examSuccessReport(
  db: Db,
  schoolId: number,
  kind: ExamKind,
  filter: ReportFilter,
): Promise<Schemas['ExamSuccessRateReport']> {
  checkReportPeriod(filter);
  const rows = await rowsOf(
    db,
    sql`select grouping(r.license_class) as g_class, grouping(r.instructor_id) as g_instructor,
        grouping(r.testing_organization_id) as g_org,
        r.license_class, r.instructor_id, r.testing_organization_id,
        min(u.first_name || ' ' || u.last_name) as instructor_name, min(o.name) as organization_name,
        count(*) filter (where r.status = 'PASSED')::bigint as passed,
        count(*) filter (where r.status = 'FAILED')::bigint as failed,
        count(*) filter (where r.status = 'ABSENT')::bigint as absent,
        count(*) filter (where r.attempt = 1 and r.status in ('PASSED', 'FAILED'))::bigint as first_attempts,
        count(*) filter (where r.attempt = 1 and r.status = 'PASSED')::bigint as first_passed
      from (${examRows(schoolId, kind, filter)}) r
      left join users u on u.driving_school_id = ${schoolId} and u.id = r.instructor_id
      left join testing_organizations o on o.driving_school_id = ${schoolId} and o.id = r.testing_organization_id
      group by grouping sets ((r.license_class), (r.instructor_id), (r.testing_organization_id), ())`,
  );
  const toRate = (row: Row): ExamSuccessRate => {
    const passed = int(row.passed);
    const failed = int(row.failed);
    const firstAttempts = int(row.first_attempts);
    const firstAttemptsPassed = int(row.first_passed);
    return {
      attempts: passed + failed,
      passed,
      failed,
      absent: int(row.absent),
      rate: rate(passed, passed + failed),
      firstAttempts,
      firstAttemptsPassed,
      firstAttemptRate: rate(firstAttemptsPassed, firstAttempts),
    };
  };
  const classes: ExamSuccessRate[] = [];
  const instructors: ExamSuccessRate[] = [];
  const organizations: ExamSuccessRate[] = [];
  let total = toRate({});
  for (const row of rows) {
    if (int(row.g_class) === 0) {
      classes.push({ licenseClass: row.license_class as never, ...toRate(row) });
    } else if (int(row.g_instructor) === 0) {
      instructors.push({
        instructorId: row.instructor_id === null ? undefined : int(row.instructor_id),
        instructorName: opt(row.instructor_name as string | null),
        ...toRate(row),
      });
    } else if (int(row.g_org) === 0) {
      organizations.push({
        testingOrganizationId: int(row.testing_organization_id),
        testingOrganizationName: opt(row.organization_name as string | null),
        ...toRate(row),
      });
    } else {
      total = toRate(row);
    }
  }
  const byName = (a: ExamSuccessRate, b: ExamSuccessRate, key: keyof ExamSuccessRate) =>
    String(a[key] ?? '\uffff').localeCompare(String(b[key] ?? '\uffff'), 'de');
  classes.sort((a, b) => byName(a, b, 'licenseClass'));
  instructors.sort((a, b) => byName(a, b, 'instructorName'));
  organizations.sort((a, b) => byName(a, b, 'testingOrganizationName'));
  return {
    from: filter.from,
    to: filter.to,
    examKind: kind,
    classes,
    instructors,
    testingOrganizations: organizations,
    total,
  };
}

/** The passed exams of the kind, oldest first; `limit` null: all (the export). */
export async function passedExamsReport(
  db: Db,
  schoolId: number,
  kind: ExamKind,
  filter: ReportFilter,
  limit: number | null = 10_000,
): Promise<Schemas['PassedExamsReport']> {
  checkReportPeriod(filter);
  const passed = sql`select * from (${examRows(schoolId, kind, filter)}) r where r.status = 'PASSED'`;
  const [rows, counted] = await Promise.all([
    rowsOf(
      db,
      sql`select r.date::text as date, r.student_id, r.student_education_id, s.first_name, s.last_name,
          r.license_class, r.attempt, r.instructor_id, u.first_name || ' ' || u.last_name as instructor_name,
          r.branch_id, r.testing_organization_id
        from (${passed}) r
        join students s on s.driving_school_id = ${schoolId} and s.id = r.student_id
        left join users u on u.driving_school_id = ${schoolId} and u.id = r.instructor_id
        order by r.date, s.last_name, s.first_name, r.student_education_id
        ${limit === null ? sql`` : sql`limit ${limit}`}`,
    ),
    rowsOf(db, sql`select count(*)::bigint as total from (${passed}) r`),
  ]);
  return {
    from: filter.from,
    to: filter.to,
    examKind: kind,
    exams: rows.map((row) => ({
      examDate: String(row.date),
      studentId: int(row.student_id),
      studentEducationId: int(row.student_education_id),
      firstName: String(row.first_name),
      lastName: String(row.last_name),
      licenseClass: row.license_class as never,
      attempt: int(row.attempt),
      instructorId: row.instructor_id === null ? undefined : int(row.instructor_id),
      instructorName: opt(row.instructor_name as string | null),
      branchId: row.branch_id === null ? undefined : int(row.branch_id),
      testingOrganizationId: int(row.testing_organization_id),
    })),
    total: int(counted[0]?.total),
  };
}

/* ---- km per driving lesson --------------------------------------------------------------- */

/**
 * The km of the period's driving lessons held (booked or signed) with km recorded, per vehicle,
 * per instructor and in total (one statement, grouping sets). A lesson counts as its minutes in
 * 45-minute units.
 */
export async function kmReport(
  db: Db,
  schoolId: number,
  filter: ReportFilter,
): Promise<Schemas['KmPerDrivingLessonReport']> {
  checkReportPeriod(filter);
  // Summed from appointments_practice_idx alone (the held lessons: booked or signed), then
  // the few sums get their names.
  const rows = await rowsOf(
    db,
    sql`with sums as (
        select grouping(a.vehicle_id) as g_vehicle, grouping(a.instructor_id) as g_instructor,
          a.vehicle_id, a.instructor_id, sum(a.minutes)::bigint as minutes, sum(a.km_driven)::bigint as km
        from appointments a
        where a.driving_school_id = ${schoolId} and a.date between ${filter.from}::date and ${filter.to}::date
          and a.student_education_id is not null
          and ((a.type = 'DRIVING' and (a.booked or a.signed_at is not null)) or a.type = 'EXAM')
          and a.type = 'DRIVING' and a.km_driven is not null
          ${appointmentRestrictions(schoolId, filter)}
        group by grouping sets ((a.vehicle_id), (a.instructor_id), ()))
      select sums.*, v.name as vehicle_name, v.plate, u.first_name, u.last_name
      from sums
      left join vehicles v on v.driving_school_id = ${schoolId} and v.id = sums.vehicle_id
      left join users u on u.driving_school_id = ${schoolId} and u.id = sums.instructor_id`,
  );
  const figures = (row: Row) => {
    const minutes = int(row.minutes);
    const km = int(row.km);
    const lessons = minutes / 45;
    return {
      lessonCount: Math.round(lessons),
      minutes,
      km,
      kmPerLesson: lessons === 0 ? 0 : round(km / lessons, 1),
    };
  };
  const vehicles: Schemas['KmPerVehicle'][] = [];
  const instructors: Schemas['KmPerInstructor'][] = [];
  let total = figures({});
  for (const row of rows) {
    if (int(row.g_vehicle) === 0) {
      // Lessons without a vehicle (own car of the student, simulator) have no vehicle line.
      if (row.vehicle_id === null) continue;
      vehicles.push({
        vehicleId: int(row.vehicle_id),
        name: String(row.vehicle_name),
        plate: opt(row.plate as string | null),
        ...figures(row),
      });
    } else if (int(row.g_instructor) === 0) {
      instructors.push({
        instructorId: int(row.instructor_id),
        firstName: String(row.first_name),
        lastName: String(row.last_name),
        ...figures(row),
      });
    } else {
      total = figures(row);
    }
  }
  vehicles.sort((a, b) => b.km - a.km || a.name.localeCompare(b.name, 'de'));
  instructors.sort(
    (a, b) =>
      b.km - a.km ||
      `${a.lastName} ${a.firstName}`.localeCompare(`${b.lastName} ${b.firstName}`, 'de'),
  );
  const { minutes: _minutes, ...totals } = total;
  return { from: filter.from, to: filter.to, vehicles, instructors, ...totals };
}

/* ---- education duration ----------------------------------------------------------------- */

/**
 * Educations finished in the period — their practical exam passed on a day of the period —
 * per licence class: days from the registration (the education's start date, else the day it
 * was created) to that exam, with median and quartiles (`percentile_cont`), and the driving
 * lessons held (booked or signed, in 45-minute units). Cancelled educations are left out.
 */
export async function durationReport(
  db: Db,
  schoolId: number,
  filter: ReportFilter,
): Promise<Schemas['EducationDurationReport']> {
  checkReportPeriod(filter);
  const rows = await rowsOf(
    db,
    sql`with finished as (
        select e.id, e.license_class,
          (min(x.date) - coalesce(e.start_date, (e.created_at at time zone 'Europe/Berlin')::date)) as days
        from student_educations e
        join exam_participants ep on ep.driving_school_id = e.driving_school_id
          and ep.student_education_id = e.id and ep.status = 'PASSED'
        join exams x on x.driving_school_id = ep.driving_school_id and x.id = ep.exam_id and x.kind = 'PRACTICAL'
        where e.driving_school_id = ${schoolId} and e.status <> 'CANCELLED'
          ${restrict(filter, {
            branch: sql`e.branch_id`,
            instructor: sql`e.instructor_id`,
            licenseClass: sql`e.license_class`,
          })}
        group by e.id
        having min(x.date) between ${filter.from}::date and ${filter.to}::date)
      select f.license_class, count(*)::bigint as n, avg(greatest(f.days, 0)) as average,
        percentile_cont(0.5) within group (order by greatest(f.days, 0)) as median,
        percentile_cont(0.25) within group (order by greatest(f.days, 0)) as p25,
        percentile_cont(0.75) within group (order by greatest(f.days, 0)) as p75,
        min(greatest(f.days, 0)) as min_days, max(greatest(f.days, 0)) as max_days,
        avg(coalesce(l.units, 0)) as lessons
      from finished f
      -- The held lessons of each education, from appointments_held_lessons_idx alone.
      left join lateral (select sum(a.minutes) / 45.0 as units from appointments a
        where a.driving_school_id = ${schoolId} and a.student_education_id = f.id
          and a.type = 'DRIVING' and (a.booked or a.signed_at is not null)) l on true
      group by f.license_class order by f.license_class`,
  );
  return {
    from: filter.from,
    to: filter.to,
    classes: rows.map((row) => ({
      licenseClass: row.license_class as never,
      educationCount: int(row.n),
      averageDays: round(row.average, 1),
      medianDays: round(row.median, 1),
      minDays: int(row.min_days),
      maxDays: int(row.max_days),
      p25Days: round(row.p25, 1),
      p75Days: round(row.p75, 1),
      averageDrivingLessons: round(row.lessons, 1),
    })),
  };
}
