import type { components } from '@fahrwerk/api/schema';
import { aliasedTable, and, asc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { appointments, branches, masterData, students, users, vehicles } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { requireAuth } from '../../http/auth';
import { fieldError } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { handlers } from '../resources/kit';
import { readableCalendars } from '../roles/calendar-access';
import { studentVisibility } from '../students/students.resources';
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
  const calendars = await readableCalendars(db, auth);
  const writable = new Set(calendars.filter((c) => c.write).map((c) => c.userId));
  const asked = filter.instructorIds?.length ? new Set(filter.instructorIds) : undefined;
  const shown = calendars.map((c) => c.userId).filter((id) => !asked || asked.has(id));

  const visible = studentVisibility(db)(auth);
  const conditions: (SQL | undefined)[] = [
    eq(appointments.drivingSchoolId, schoolId),
    gte(appointments.date, filter.from),
    lte(appointments.date, filter.to),
    inArray(appointments.instructorId, shown.length > 0 ? shown : [-1]),
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

  const [rows, [counted], place] = await Promise.all([
    db
      .select({
        appointment: appointments,
        studentFirstName: students.firstName,
        studentLastName: students.lastName,
        // Whether the caller may see the student (always, for a user seeing all students).
        studentVisible: visible ? sql<boolean>`coalesce(${visible}, false)` : sql<boolean>`true`,
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
      .leftJoin(
        students,
        and(eq(students.drivingSchoolId, schoolId), eq(students.id, appointments.studentId)),
      )
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
    db.select({ n: sql<number>`count(*)::int` }).from(appointments).where(where),
    placeOf(db, schoolId, filter.branchId),
  ]);

  const data = rows.map((row): Schemas['CalendarEntry'] => {
    const a = row.appointment;
    const hidden = a.studentId !== null && !row.studentVisible;
    const appointment = appointmentToDto(
      hidden ? { ...a, studentId: null, studentEducationId: null, note: null } : a,
    );
    const entry: Schemas['CalendarEntry'] = {
      appointment,
      instructorName: `${row.instructorFirstName} ${row.instructorLastName}`,
      editable: writable.has(a.instructorId) && !hidden && !a.released && !a.invoiced,
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
    total: Number(counted?.n ?? data.length),
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
