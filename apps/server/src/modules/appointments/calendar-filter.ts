import type { components } from '@fahrwerk/api/schema';
import { aliasedTable, and, asc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { appointments, branches, masterData, students, users, vehicles } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { requireAuth } from '../../http/auth';
import { fieldError } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { handlers } from '../resources/kit';
import { plansEveryCalendar, readableCalendars } from '../roles/calendar-access';
import { appointmentToDto } from './appointments.resources';
import { nightTimes, placeOfPostalCode } from './night-times';

type Schemas = components['schemas'];
type CalendarFilter = Schemas['CalendarFilter'];
type CalendarEntries = Schemas['CalendarEntries'];

/** The contract's limits: 42 days a range, 5,000 entries an answer. */
export const MAX_RANGE_DAYS = 42;
export const MAX_ENTRIES = 5000;

const trailers = aliasedTable(vehicles, 'trailers');
const escorts = aliasedTable(vehicles, 'escort_vehicles');

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

  const conditions: (SQL | undefined)[] = [
    eq(appointments.drivingSchoolId, schoolId),
    gte(appointments.date, filter.from),
    lte(appointments.date, filter.to),
    shown ? inArray(appointments.instructorId, shown) : undefined,
    filter.types?.length ? inArray(appointments.type, filter.types) : undefined,
    filter.branchId ? eq(appointments.branchId, filter.branchId) : undefined,
    filter.studentId ? eq(appointments.studentId, filter.studentId) : undefined,
    filter.vehicleIds?.length
      ? or(
          inArray(appointments.vehicleId, filter.vehicleIds),
          inArray(appointments.trailerId, filter.vehicleIds),
          inArray(appointments.escortVehicleId, filter.vehicleIds),
        )
      : undefined,
  ];
  const where = and(...conditions);
  // The student of each appointment by its key (a lateral look-up): a join lets the planner
  // hash every student of the school to name a week's few hundred (measured at 50,000).
  const student = db
    .select({
      firstName: students.firstName,
      lastName: students.lastName,
      instructorId: students.instructorId,
    })
    .from(students)
    .where(and(eq(students.drivingSchoolId, schoolId), eq(students.id, appointments.studentId)))
    .limit(1)
    .as('student');

  const [rows, place, calendars] = await Promise.all([
    db
      .select({
        appointment: appointments,
        studentFirstName: student.firstName,
        studentLastName: student.lastName,
        studentInstructorId: student.instructorId,
        instructorFirstName: users.firstName,
        instructorLastName: users.lastName,
        vehicleName: vehicles.name,
        trailerName: trailers.name,
        escortVehicleName: escorts.name,
      })
      .from(appointments)
      .innerJoin(
        users,
        and(eq(users.drivingSchoolId, schoolId), eq(users.id, appointments.instructorId)),
      )
      .leftJoinLateral(student, sql`true`)
      .leftJoin(
        vehicles,
        and(eq(vehicles.drivingSchoolId, schoolId), eq(vehicles.id, appointments.vehicleId)),
      )
      .leftJoin(
        trailers,
        and(eq(trailers.drivingSchoolId, schoolId), eq(trailers.id, appointments.trailerId)),
      )
      .leftJoin(
        escorts,
        and(eq(escorts.drivingSchoolId, schoolId), eq(escorts.id, appointments.escortVehicleId)),
      )
      .where(where)
      .orderBy(asc(appointments.date), asc(appointments.startTime), asc(appointments.id))
      .limit(MAX_ENTRIES),
    placeOf(db, schoolId, filter.branchId),
    calendarsLoading,
  ]);
  // Counted only when the answer is cut at its limit.
  const total =
    rows.length < MAX_ENTRIES
      ? rows.length
      : Number(
          (await db.select({ n: sql<number>`count(*)::int` }).from(appointments).where(where))[0]
            ?.n ?? rows.length,
        );

  const data = rows.map((row): Schemas['CalendarEntry'] => {
    const a = row.appointment;
    const hidden =
      a.studentId !== null && visibility === 'OWN' && row.studentInstructorId !== auth.userId;
    const appointment = appointmentToDto(
      hidden ? { ...a, studentId: null, studentEducationId: null, note: null } : a,
    );
    const entry: Schemas['CalendarEntry'] = {
      appointment,
      instructorName: `${row.instructorFirstName} ${row.instructorLastName}`,
      editable: writable(a.instructorId) && !hidden && !a.released && !a.invoiced,
    };
    if (!hidden && row.studentFirstName !== null) {
      entry.studentName = `${row.studentFirstName} ${row.studentLastName}`;
    }
    if (row.vehicleName !== null) entry.vehicleName = row.vehicleName;
    if (row.trailerName !== null) entry.trailerName = row.trailerName;
    if (row.escortVehicleName !== null) entry.escortVehicleName = row.escortVehicleName;
    return entry;
  });

  return {
    data,
    total,
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
