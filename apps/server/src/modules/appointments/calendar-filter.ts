import type { components } from '@fahrwerk/api/schema';
import { and, asc, eq, exists, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  appointments,
  branches,
  masterData,
  students,
  theoryLessonParticipants,
  theoryLessons,
  users,
  vehicles,
} from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { requireAuth } from '../../http/auth';
import { fieldError } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { handlers, hhmm, iso } from '../resources/kit';
import { plansEveryCalendar, readableCalendars } from '../roles/calendar-access';
import { nightTimes, placeOfPostalCode } from './night-times';

type Schemas = components['schemas'];
type CalendarFilter = Schemas['CalendarFilter'];
type CalendarEntries = Schemas['CalendarEntries'];

/** The contract's limits: 42 days a range, 5,000 entries an answer. */
export const MAX_RANGE_DAYS = 42;
export const MAX_ENTRIES = 5000;

/** An instant as the contract's IsoDateTime (what `Date#toISOString` writes), by the database. */
const isoOf = (column: string) =>
  `to_char(a.${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${column}`;

/**
 * The appointment's columns as the answer writes them: ids as numbers (bigint as float8, exact
 * below 2^53 as the contract's ids are), days and times as text, instants in ISO. The same
 * text on node-postgres and PGlite, whose type parsers differ.
 */
const ROW_COLUMNS = sql.raw(
  [
    'a.id::float8 as id',
    'a.type',
    'a.date::text as date',
    `to_char(a.start_time, 'HH24:MI') as start_time`,
    'a.minutes',
    ...[
      'student_id',
      'student_education_id',
      'instructor_id',
      'vehicle_id',
      'trailer_id',
      'escort_vehicle_id',
      'series_id',
      'final_invoice_id',
      'branch_id',
      'cost_bearer_id',
    ].map((column) => `a.${column}::float8 as ${column}`),
    'a.license_class',
    'a.hour_type',
    'a.km_start',
    'a.km_end',
    'a.km_driven',
    'a.note',
    'a.title',
    'a.repeat_rule',
    'a.repeat_until::text as repeat_until',
    'a.include_in_payroll',
    'a.released',
    isoOf('released_at'),
    'a.invoiced',
    'a.booked',
    isoOf('booked_at'),
    'a.booked_price',
    'a.signature_file_id is not null as signed',
    isoOf('created_at'),
    isoOf('updated_at'),
  ].join(', '),
);

type RawEntryRow = {
  id: number;
  type: Schemas['AppointmentType'];
  date: string;
  start_time: string;
  minutes: number;
  student_id: number | null;
  student_education_id: number | null;
  instructor_id: number;
  vehicle_id: number | null;
  trailer_id: number | null;
  escort_vehicle_id: number | null;
  series_id: number | null;
  final_invoice_id: number | null;
  branch_id: number | null;
  cost_bearer_id: number | null;
  license_class: Schemas['LicenseClass'] | null;
  hour_type: Schemas['HourType'] | null;
  km_start: number | null;
  km_end: number | null;
  km_driven: number | null;
  note: string | null;
  title: string | null;
  repeat_rule: Schemas['RepeatRule'];
  repeat_until: string | null;
  include_in_payroll: boolean;
  released: boolean;
  released_at: string | null;
  invoiced: boolean;
  booked: boolean;
  booked_at: string | null;
  booked_price: number | null;
  signed: boolean;
  created_at: string;
  updated_at: string;
  student_first_name: string | null;
  student_last_name: string | null;
  student_instructor_id: number | null;
  instructor_first_name: string;
  instructor_last_name: string;
  vehicle_name: string | null;
  trailer_name: string | null;
  escort_vehicle_name: string | null;
};

/**
 * The contract's Appointment of a calendar row — what `appointmentToDto` answers for it (the
 * signature's file is not part of the calendar; `signed` says whether there is one). `hidden`:
 * the caller may not see the student, so neither student, education nor note is answered.
 */
function appointmentOfRow(row: RawEntryRow, hidden: boolean): Schemas['Appointment'] {
  const dto: Record<string, unknown> = {
    id: row.id,
    type: row.type,
    date: row.date,
    startTime: row.start_time,
    minutes: row.minutes,
    instructorId: row.instructor_id,
    repeatRule: row.repeat_rule,
    includeInPayroll: row.include_in_payroll,
    released: row.released,
    invoiced: row.invoiced,
    booked: row.booked,
    signed: row.signed,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  const optional: [string, unknown][] = [
    ['studentId', hidden ? null : row.student_id],
    ['studentEducationId', hidden ? null : row.student_education_id],
    ['note', hidden ? null : row.note],
    ['licenseClass', row.license_class],
    ['hourType', row.hour_type],
    ['vehicleId', row.vehicle_id],
    ['trailerId', row.trailer_id],
    ['escortVehicleId', row.escort_vehicle_id],
    ['kmStart', row.km_start],
    ['kmEnd', row.km_end],
    ['kmDriven', row.km_driven],
    ['title', row.title],
    ['repeatUntil', row.repeat_until],
    ['seriesId', row.series_id],
    ['releasedAt', row.released_at],
    ['finalInvoiceId', row.final_invoice_id],
    ['bookedAt', row.booked_at],
    ['bookedPrice', row.booked_price],
    ['branchId', row.branch_id],
    ['costBearerId', row.cost_bearer_id],
  ];
  for (const [key, value] of optional) if (value !== null) dto[key] = value;
  return dto as Schemas['Appointment'];
}

/** The number of days from `from` to `to`, both included. */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * `POST /calendar/filter`: the appointments of a range in the calendars the caller may read,
 * with the names the calendar shows, in one query (joins, no query per appointment); the
 * night times of each day; the calendars the caller may show. An appointment of a student the
 * caller may not see (an instructor seeing only own students, in a shared calendar) shows its
 * time and kind only: no student, education or note, and it cannot be changed.
 */
export async function filterCalendar(
  db: Db,
  auth: AuthContext,
  filter: CalendarFilter,
): Promise<CalendarEntries> {
  if (filter.to < filter.from) {
    throw fieldError('to', 'validation.minimum', 'The range ends before it starts.');
  }
  if (daysBetween(filter.from, filter.to) > MAX_RANGE_DAYS + 1) {
    throw fieldError('to', 'validation.maximum', `At most ${MAX_RANGE_DAYS} days a range.`);
  }
  const schoolId = auth.drivingSchoolId;
  const office = plansEveryCalendar(auth);
  // The office reads every calendar: its query need not wait for the list of calendars.
  const calendarsLoading = readableCalendars(db, auth);
  const asked = filter.instructorIds?.length ? filter.instructorIds : undefined;
  let shown: number[] | undefined = asked;
  let writable: (instructorId: number) => boolean = () => false;
  if (office) {
    const mayWrite = auth.permissions.has('MODULE_TIME_PLANNER_WRITE');
    writable = () => mayWrite;
  } else {
    const calendars = await calendarsLoading;
    const ids = calendars.map((c) => c.userId).filter((id) => !asked || asked.includes(id));
    shown = ids.length > 0 ? ids : [-1];
    const write = new Set(calendars.filter((c) => c.write).map((c) => c.userId));
    writable = (instructorId) => write.has(instructorId);
  }
  const visibility = auth.studentVisibility ?? (await visibilityOf(db, auth));

  const ids = (list: number[]) =>
    sql.join(
      list.map((id) => sql`${id}`),
      sql`, `,
    );
  const conditions: (SQL | undefined)[] = [
    sql`a.driving_school_id = ${schoolId}`,
    sql`a.date >= ${filter.from} and a.date <= ${filter.to}`,
    shown ? sql`a.instructor_id in (${ids(shown)})` : undefined,
    filter.types?.length
      ? sql`a.type in (${sql.join(
          filter.types.map((type) => sql`${type}`),
          sql`, `,
        )})`
      : undefined,
    filter.branchId ? sql`a.branch_id = ${filter.branchId}` : undefined,
    filter.studentId ? sql`a.student_id = ${filter.studentId}` : undefined,
    filter.vehicleIds?.length
      ? sql`(a.vehicle_id in (${ids(filter.vehicleIds)}) or a.trailer_id in (${ids(filter.vehicleIds)}) or a.escort_vehicle_id in (${ids(filter.vehicleIds)}))`
      : undefined,
  ];
  const where = and(...conditions) as SQL;
  // Hand-written SQL for the calendar's hot path: the student of each appointment by its key
  // (a lateral look-up; a join lets the planner hash every student of the school to name a
  // week's few hundred, measured at 50,000), and every value already as the answer's text, so
  // no row is mapped twice (drizzle's mapping cost ~4 ms a week at 30 instructors).
  const [result, place, calendars, lessons] = await Promise.all([
    db.execute(sql`select ${ROW_COLUMNS},
        s.first_name as student_first_name, s.last_name as student_last_name,
        s.instructor_id::float8 as student_instructor_id,
        u.first_name as instructor_first_name, u.last_name as instructor_last_name,
        v.name as vehicle_name, t.name as trailer_name, e.name as escort_vehicle_name
      from ${appointments} a
      join ${users} u on u.driving_school_id = ${schoolId} and u.id = a.instructor_id
      left join lateral (select first_name, last_name, instructor_id from ${students}
        where driving_school_id = ${schoolId} and id = a.student_id limit 1) s on true
      left join ${vehicles} v on v.driving_school_id = ${schoolId} and v.id = a.vehicle_id
      left join ${vehicles} t on t.driving_school_id = ${schoolId} and t.id = a.trailer_id
      left join ${vehicles} e on e.driving_school_id = ${schoolId} and e.id = a.escort_vehicle_id
      where ${where}
      order by a.date, a.start_time, a.id
      limit ${MAX_ENTRIES}`),
    placeOf(db, schoolId, filter.branchId),
    calendarsLoading,
    theoryLessonEntries(db, schoolId, filter, shown),
  ]);
  const rows = (result as unknown as { rows: RawEntryRow[] }).rows;
  // Counted only when the answer is cut at its limit.
  const total =
    rows.length < MAX_ENTRIES
      ? rows.length
      : Number(
          (
            (await db.execute(
              sql`select count(*)::int as n from ${appointments} a where ${where}`,
            )) as unknown as { rows: { n: number }[] }
          ).rows[0]?.n ?? rows.length,
        );

  const data = rows.map((row): Schemas['CalendarEntry'] => {
    const hidden =
      row.student_id !== null && visibility === 'OWN' && row.student_instructor_id !== auth.userId;
    const entry: Schemas['CalendarEntry'] = {
      appointment: appointmentOfRow(row, hidden),
      instructorName: `${row.instructor_first_name} ${row.instructor_last_name}`,
      editable: writable(row.instructor_id) && !hidden && !row.released && !row.invoiced,
    };
    if (!hidden && row.student_first_name !== null) {
      entry.studentName = `${row.student_first_name} ${row.student_last_name}`;
    }
    if (row.vehicle_name !== null) entry.vehicleName = row.vehicle_name;
    if (row.trailer_name !== null) entry.trailerName = row.trailer_name;
    if (row.escort_vehicle_name !== null) entry.escortVehicleName = row.escort_vehicle_name;
    return entry;
  });

  // Theory lessons after the appointments: a client that finds an entry by the appointment's
  // id alone still finds the appointment.
  data.push(...lessons.slice(0, Math.max(0, MAX_ENTRIES - data.length)));
  return {
    data,
    total: total + lessons.length,
    // No school shares vehicles or instructors with a mirror school yet.
    mirrorBlocks: [],
    nightTimes: nightTimes(filter.from, filter.to, place),
    userCalendars: calendars.map(({ userId, firstName, lastName, own, write }) => ({
      userId,
      firstName,
      lastName,
      own,
      write,
    })),
  };
}

/**
 * The theory lessons of the range in the calendars shown, as read-only THEORY entries (the
 * theory screen changes them). A vehicle filter leaves them out: a lesson uses no vehicle.
 */
async function theoryLessonEntries(
  db: Db,
  schoolId: number,
  filter: CalendarFilter,
  shown: number[] | undefined,
): Promise<Schemas['CalendarEntry'][]> {
  if (filter.types?.length && !filter.types.includes('THEORY')) return [];
  if (filter.vehicleIds?.length) return [];
  const rows = await db
    .select({
      lesson: theoryLessons,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(theoryLessons)
    .innerJoin(
      users,
      and(eq(users.drivingSchoolId, schoolId), eq(users.id, theoryLessons.instructorId)),
    )
    .where(
      and(
        eq(theoryLessons.drivingSchoolId, schoolId),
        gte(theoryLessons.date, filter.from),
        lte(theoryLessons.date, filter.to),
        shown ? inArray(theoryLessons.instructorId, shown) : undefined,
        filter.branchId ? eq(theoryLessons.branchId, filter.branchId) : undefined,
        filter.studentId
          ? exists(
              db
                .select({ one: sql`1` })
                .from(theoryLessonParticipants)
                .where(
                  and(
                    eq(theoryLessonParticipants.drivingSchoolId, schoolId),
                    eq(theoryLessonParticipants.theoryLessonId, theoryLessons.id),
                    eq(theoryLessonParticipants.studentId, filter.studentId),
                  ),
                ),
            )
          : undefined,
      ),
    )
    .orderBy(asc(theoryLessons.date), asc(theoryLessons.startTime), asc(theoryLessons.id))
    .limit(MAX_ENTRIES);
  return rows.map(({ lesson, firstName, lastName }) => ({
    appointment: {
      id: lesson.id,
      type: 'THEORY',
      date: lesson.date,
      startTime: hhmm(lesson.startTime),
      minutes: lesson.minutes,
      instructorId: lesson.instructorId,
      branchId: lesson.branchId,
      title: lesson.topic,
      repeatRule: 'NONE',
      includeInPayroll: true,
      released: false,
      invoiced: false,
      booked: lesson.booked,
      signed: false,
      createdAt: iso(lesson.createdAt),
      updatedAt: iso(lesson.updatedAt),
    },
    instructorName: `${firstName} ${lastName}`,
    editable: false,
    theoryLessonId: lesson.id,
  }));
}

/** The user's student visibility, for a context that does not carry it. */
async function visibilityOf(db: Db, auth: AuthContext): Promise<'ALL' | 'OWN'> {
  const [row] = await db
    .select({ visibility: users.studentVisibility })
    .from(users)
    .where(and(eq(users.drivingSchoolId, auth.drivingSchoolId), eq(users.id, auth.userId)));
  return row?.visibility ?? 'OWN';
}

/** Where the night times are computed: the filtered branch, else the school's address. */
async function placeOf(db: Db, schoolId: number, branchId: number | undefined) {
  if (branchId) {
    const [branch] = await db
      .select({ address: branches.address })
      .from(branches)
      .where(and(eq(branches.drivingSchoolId, schoolId), eq(branches.id, branchId)));
    if (branch?.address?.postalCode) return placeOfPostalCode(branch.address.postalCode);
  }
  const [school] = await db
    .select({ address: masterData.address })
    .from(masterData)
    .where(eq(masterData.drivingSchoolId, schoolId));
  return placeOfPostalCode(school?.address?.postalCode);
}

/** `POST /calendar/filter`. */
export function createCalendarHandlers(db: Db): OperationHandlers {
  return handlers({
    async filterCalendar(request) {
      const auth = requireAuth(request);
      return { status: 200, body: await filterCalendar(db, auth, request.body) };
    },
  });
}
