import type { components } from '@fahrwerk/api/schema';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  appointments,
  branches,
  studentEducations,
  students,
  userBranches,
  users,
} from '../../db/schema';
import { type AuthContext, requireAuth } from '../../http/auth';
import { fieldError, notFound } from '../../http/errors';
import type { OperationHandlers, OperationRequest } from '../../http/operation-types';
import {
  addDays,
  fieldErrors,
  handlers,
  hhmm,
  minuteOfDay,
  weekdayIndex,
  withoutNulls,
} from '../resources/kit';
import { occurrenceDates } from './appointments.resources';

/*
 * The booking checks of the instructor's calendar (spec 000 §5, 001 §5): overlaps, the
 * instructor's work hours and the branch's work corridor, the class of the education and the
 * 495 minutes of practical instruction a day. Every finding is a warning the user confirms;
 * nothing is booked. The school has no mirror schools yet, so no mirror appointment is found.
 */

type Schemas = components['schemas'];
type Finding = Schemas['BookingFinding'];
type CheckBody = Schemas['BookingCheckFields'] & {
  repeatRule?: Schemas['RepeatRule'];
  repeatUntil?: string;
};

/** Practical instruction per instructor and day (spec 000 §9). */
export const DAILY_LIMIT_MINUTES = 495;
const PRACTICAL_TYPES = ['DRIVING', 'EXAM'] as const;
const WEEKDAYS = [
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'SUNDAY',
] as const;

const warning = (kind: Finding['kind'], messageKey: string, date: string, extra = {}): Finding =>
  withoutNulls({ kind, severity: 'WARNING', messageKey, date, ...extra }) as Finding;

async function loadInstructor(db: Db, auth: AuthContext, id: number) {
  const [row] = await db
    .select({ id: users.id, dayWorkHours: users.dayWorkHours })
    .from(users)
    .where(and(eq(users.drivingSchoolId, auth.drivingSchoolId), eq(users.id, id)));
  if (!row) throw notFound();
  return row;
}

/** The days to check: one, or every occurrence of a repeating booking. */
function datesOf(body: CheckBody, repeating: boolean): string[] {
  if (!repeating) return [body.date];
  if (!body.repeatRule || body.repeatRule === 'NONE') {
    throw fieldError('repeatRule', 'validation.invalid', 'A repeating check needs a repeat rule.');
  }
  const until = body.repeatUntil as string;
  if (until < body.date) {
    throw fieldError('repeatUntil', 'validation.minimum', 'repeatUntil lies before the date.');
  }
  if (until > addDays(body.date, 365)) {
    throw fieldError('repeatUntil', 'validation.maximum', 'At most one year of occurrences.');
  }
  return occurrenceDates(body.date, body.repeatRule, until).slice(0, 400);
}

/** INSTRUCTOR_OVERLAP for every day, and CLASS_MISMATCH against the education's class. */
async function overlapFindings(
  db: Db,
  auth: AuthContext,
  instructorId: number,
  body: CheckBody,
  dates: string[],
): Promise<Map<string, Finding[]>> {
  const start = minuteOfDay(body.startTime);
  const end = Math.min(1440, start + body.minutes);
  const rows = await db
    .select({
      id: appointments.id,
      type: appointments.type,
      date: appointments.date,
      startTime: appointments.startTime,
      minutes: appointments.minutes,
      instructorId: appointments.instructorId,
      vehicleId: appointments.vehicleId,
      trailerId: appointments.trailerId,
      escortVehicleId: appointments.escortVehicleId,
      title: appointments.title,
      firstName: students.firstName,
      lastName: students.lastName,
    })
    .from(appointments)
    .leftJoin(
      students,
      and(
        eq(students.drivingSchoolId, appointments.drivingSchoolId),
        eq(students.id, appointments.studentId),
      ),
    )
    .where(
      and(
        eq(appointments.drivingSchoolId, auth.drivingSchoolId),
        eq(appointments.instructorId, instructorId),
        inArray(appointments.date, dates),
        body.appointmentId ? ne(appointments.id, body.appointmentId) : undefined,
        overlapsTime(start, end),
      ),
    )
    .orderBy(asc(appointments.date), asc(appointments.startTime))
    .limit(1000);
  const findings = new Map<string, Finding[]>(dates.map((date) => [date, []]));
  for (const row of rows) {
    findings.get(row.date)?.push(
      warning('INSTRUCTOR_OVERLAP', 'calendar.check.instructor_overlap', row.date, {
        conflictingAppointment: withoutNulls({
          appointmentId: row.id,
          type: row.type,
          date: row.date,
          startTime: hhmm(row.startTime),
          minutes: row.minutes,
          instructorId: row.instructorId,
          vehicleId: row.vehicleId,
          trailerId: row.trailerId,
          escortVehicleId: row.escortVehicleId,
          title: row.title,
          studentName: row.firstName ? `${row.firstName} ${row.lastName}` : undefined,
          mirrorSchool: false,
        }),
      }),
    );
  }
  if (body.studentEducationId) {
    const [education] = await db
      .select({ licenseClass: studentEducations.licenseClass })
      .from(studentEducations)
      .where(
        and(
          eq(studentEducations.drivingSchoolId, auth.drivingSchoolId),
          eq(studentEducations.id, body.studentEducationId),
        ),
      );
    if (!education) {
      throw fieldErrors(
        [{ field: 'studentEducationId', error: 'validation.unknown_id' }],
        'No such education in your school.',
      );
    }
    if (body.licenseClass && body.licenseClass !== education.licenseClass) {
      for (const date of dates) {
        findings.get(date)?.push(
          warning('CLASS_MISMATCH', 'calendar.check.class_mismatch', date, {
            licenseClass: body.licenseClass,
            allowedLicenseClasses: [education.licenseClass],
          }),
        );
      }
    }
  }
  return findings;
}

/** An appointment's time overlaps [start, end) minutes of the day. */
const overlapsTime = (start: number, end: number): SQL =>
  sql`extract(epoch from ${appointments.startTime}) / 60 < ${end} and extract(epoch from ${appointments.startTime}) / 60 + ${appointments.minutes} > ${start}`;

/** OUTSIDE_WORKING_HOURS, OUTSIDE_WORK_CORRIDOR and DAILY_LIMIT for every day. */
async function hoursFindings(
  db: Db,
  auth: AuthContext,
  instructor: Awaited<ReturnType<typeof loadInstructor>>,
  body: CheckBody,
  dates: string[],
): Promise<Map<string, Finding[]>> {
  const start = minuteOfDay(body.startTime);
  const end = start + body.minutes;
  const findings = new Map<string, Finding[]>(dates.map((date) => [date, []]));

  // The branch's corridor: the body's branch, else the instructor's only branch.
  let branchId = body.branchId;
  if (!branchId) {
    const own = await db
      .select({ branchId: userBranches.branchId })
      .from(userBranches)
      .where(
        and(
          eq(userBranches.drivingSchoolId, auth.drivingSchoolId),
          eq(userBranches.userId, instructor.id),
        ),
      );
    if (own.length === 1) branchId = own[0]?.branchId;
  }
  let corridor: { from: string; to: string } | undefined;
  if (branchId) {
    const [branch] = await db
      .select({ from: branches.workCorridorFrom, to: branches.workCorridorTo })
      .from(branches)
      .where(and(eq(branches.drivingSchoolId, auth.drivingSchoolId), eq(branches.id, branchId)));
    if (!branch) {
      throw fieldErrors(
        [{ field: 'branchId', error: 'validation.unknown_id' }],
        'No such branch in your school.',
      );
    }
    corridor = { from: hhmm(branch.from), to: hhmm(branch.to) };
  }

  const practical = (PRACTICAL_TYPES as readonly string[]).includes(body.type ?? 'DRIVING');
  const daySums = practical
    ? await db
        .select({
          date: appointments.date,
          minutes: sql<number>`sum(${appointments.minutes})::int`,
        })
        .from(appointments)
        .where(
          and(
            eq(appointments.drivingSchoolId, auth.drivingSchoolId),
            eq(appointments.instructorId, instructor.id),
            inArray(appointments.date, dates),
            inArray(appointments.type, [...PRACTICAL_TYPES]),
            body.appointmentId ? ne(appointments.id, body.appointmentId) : undefined,
          ),
        )
        .groupBy(appointments.date)
    : [];
  const sums = new Map(daySums.map((row) => [row.date, Number(row.minutes)]));

  for (const date of dates) {
    const list = findings.get(date) as Finding[];
    const weekday = WEEKDAYS[weekdayIndex(date)];
    const ranges = (instructor.dayWorkHours ?? [])
      .filter((day) => day.weekday === weekday)
      .flatMap((day) => day.ranges)
      .slice(0, 4);
    const inside = ranges.some(
      (range) => minuteOfDay(range.from) <= start && end <= minuteOfDay(range.to),
    );
    if (!inside) {
      list.push(
        warning('OUTSIDE_WORKING_HOURS', 'calendar.check.working_hours', date, {
          allowedHours: ranges,
        }),
      );
    }
    if (corridor && (start < minuteOfDay(corridor.from) || end > minuteOfDay(corridor.to))) {
      list.push(
        warning('OUTSIDE_WORK_CORRIDOR', 'calendar.check.work_corridor', date, {
          allowedHours: [corridor],
        }),
      );
    }
    const dayMinutes = (sums.get(date) ?? 0) + body.minutes;
    if (practical && dayMinutes > DAILY_LIMIT_MINUTES) {
      list.push(
        warning('DAILY_LIMIT', 'calendar.check.daily_limit', date, {
          dayMinutes: Math.min(1440, dayMinutes),
          limitMinutes: DAILY_LIMIT_MINUTES,
        }),
      );
    }
  }
  return findings;
}

function single(findings: Map<string, Finding[]>, date: string) {
  const list = (findings.get(date) ?? []).slice(0, 100);
  return { status: 200 as const, body: { ok: list.length === 0, findings: list } };
}

function perOccurrence(findings: Map<string, Finding[]>, dates: string[], startTime: string) {
  const occurrences = dates.map((date) => {
    const list = (findings.get(date) ?? []).slice(0, 100);
    return { date, startTime, ok: list.length === 0, findings: list };
  });
  return { status: 200 as const, body: { ok: occurrences.every((o) => o.ok), occurrences } };
}

type CheckOperation =
  | 'checkInstructorOverlappingAppointments'
  | 'checkInstructorOverlappingAppointmentsRepeating'
  | 'checkInstructorWorkingHours'
  | 'checkInstructorWorkingHoursRepeating';

/** `/calendar/instructor/{id}/…`: the instructor's booking checks, single and repeating. */
export function createBookingCheckHandlers(db: Db): OperationHandlers {
  /** The findings of one check on every date the body asks for. */
  async function check(
    request: OperationRequest<CheckOperation>,
    repeating: boolean,
    find: 'overlap' | 'hours',
  ) {
    const auth = requireAuth(request);
    const body = request.body as CheckBody;
    const instructor = await loadInstructor(db, auth, Number(request.params.id));
    const dates = datesOf(body, repeating);
    const findings =
      find === 'overlap'
        ? await overlapFindings(db, auth, instructor.id, body, dates)
        : await hoursFindings(db, auth, instructor, body, dates);
    return { body, dates, findings };
  }

  return handlers({
    async checkInstructorOverlappingAppointments(request) {
      const { body, findings } = await check(request, false, 'overlap');
      return single(findings, body.date);
    },
    async checkInstructorOverlappingAppointmentsRepeating(request) {
      const { body, dates, findings } = await check(request, true, 'overlap');
      return perOccurrence(findings, dates, body.startTime);
    },
    async checkInstructorWorkingHours(request) {
      const { body, findings } = await check(request, false, 'hours');
      return single(findings, body.date);
    },
    async checkInstructorWorkingHoursRepeating(request) {
      const { body, dates, findings } = await check(request, true, 'hours');
      return perOccurrence(findings, dates, body.startTime);
    },
  });
}
