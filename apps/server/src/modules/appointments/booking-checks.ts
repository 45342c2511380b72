import type { components } from '@fahrwerk/api/schema';
import { and, asc, eq, inArray, isNull, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  appointments,
  branches,
  masterData,
  paymentDocuments,
  payments,
  studentEducations,
  students,
  userBranches,
  users,
  vehicles,
} from '../../db/schema';
import { type AuthContext, requireAuth } from '../../http/auth';
import { AppError, fieldError, notFound } from '../../http/errors';
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
import { occurrenceDates } from './occurrences';

/*
 * The booking checks of the instructor's calendar (spec 000 §5, 001 §5): overlaps, the
 * instructor's work hours and the branch's work corridor, the class of the education and the
 * 495 minutes of practical instruction a day, and — with the master data's "restricted
 * planning on low balance" — the student's balance (LOW_BALANCE). Every finding is a warning
 * the user confirms; nothing is booked. The school has no mirror schools yet, so no mirror
 * appointment is found.
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

type OverlapKind = Extract<
  Finding['kind'],
  'INSTRUCTOR_OVERLAP' | 'VEHICLE_OVERLAP' | 'TRAILER_OVERLAP' | 'ESCORT_VEHICLE_OVERLAP'
>;
const OVERLAP_MESSAGES: Record<OverlapKind, string> = {
  INSTRUCTOR_OVERLAP: 'calendar.check.instructor_overlap',
  VEHICLE_OVERLAP: 'calendar.check.vehicle_overlap',
  TRAILER_OVERLAP: 'calendar.check.trailer_overlap',
  ESCORT_VEHICLE_OVERLAP: 'calendar.check.escort_vehicle_overlap',
};

/** What is booked: an instructor, or a vehicle in any use (vehicle, trailer, escort). */
export type Resource = { kind: OverlapKind; instructorId?: number; vehicleId?: number };

const usedBy = (resource: Resource): SQL =>
  resource.instructorId !== undefined
    ? eq(appointments.instructorId, resource.instructorId)
    : (or(
        eq(appointments.vehicleId, resource.vehicleId as number),
        eq(appointments.trailerId, resource.vehicleId as number),
        eq(appointments.escortVehicleId, resource.vehicleId as number),
      ) as SQL);

/**
 * The appointments overlapping `startTime` + `minutes` on any of `dates` that use one of
 * `resources`, as findings by day — one query for every resource and day (a 26-week series is
 * one round trip). `except`: the appointments being changed.
 */
export async function overlapFindings(
  db: Db,
  schoolId: number,
  resources: Resource[],
  slot: { startTime: string; minutes: number; except?: number[] },
  dates: string[],
): Promise<Map<string, Finding[]>> {
  const findings = new Map<string, Finding[]>(dates.map((date) => [date, []]));
  if (resources.length === 0 || dates.length === 0) return findings;
  const start = minuteOfDay(slot.startTime);
  const end = Math.min(1440, start + slot.minutes);
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
        eq(appointments.drivingSchoolId, schoolId),
        dates.length === 1
          ? eq(appointments.date, dates[0] as string)
          : inArray(appointments.date, dates),
        or(...resources.map(usedBy)),
        slot.except?.length ? notInArray(appointments.id, slot.except) : undefined,
        overlapsTime(start, end),
      ),
    )
    .orderBy(asc(appointments.date), asc(appointments.startTime))
    .limit(2000);
  for (const row of rows) {
    for (const resource of resources) {
      const uses =
        resource.instructorId !== undefined
          ? row.instructorId === resource.instructorId
          : [row.vehicleId, row.trailerId, row.escortVehicleId].includes(
              resource.vehicleId as number,
            );
      if (!uses) continue;
      findings.get(row.date)?.push(
        warning(resource.kind, OVERLAP_MESSAGES[resource.kind], row.date, {
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
  }
  return findings;
}

/** The class of the booking: the body's, else the education's (404-like 422 when unknown). */
async function bookingClass(db: Db, auth: AuthContext, body: CheckBody) {
  if (!body.studentEducationId) return { licenseClass: body.licenseClass, education: undefined };
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
  return { licenseClass: body.licenseClass ?? education.licenseClass, education };
}

function classMismatch(
  findings: Map<string, Finding[]>,
  dates: string[],
  licenseClass: string | undefined,
  allowed: string[],
) {
  if (!licenseClass || allowed.includes(licenseClass)) return;
  for (const date of dates) {
    findings.get(date)?.push(
      warning('CLASS_MISMATCH', 'calendar.check.class_mismatch', date, {
        licenseClass,
        allowedLicenseClasses: allowed.slice(0, 18),
      }),
    );
  }
}

/** The settled payment statuses (as payments.resources.ts `SETTLED_PAYMENT_STATUSES`). */
const SETTLED = ['PAID', 'PARTIALLY_PAID'] as const;

/**
 * Restricted planning: for a driving lesson of a student's education, when the school's
 * switch `restricted_planning_on_low_balance` is on, the student's balance and the limit if
 * the balance is below it — else null (switch off, no education, not a driving lesson).
 * The balance is the one `getStudentBalance` answers: `paid − invoiced` over the invoices
 * addressed to the student (not drafts, not payment requests; cancellations subtract) and
 * the student's settled payments, cost bearers' left out. The limit `low_balance_threshold`
 * is in cents; none means 0 (a student who owes anything is asked about).
 */
export async function lowBalance(
  db: Db,
  schoolId: number,
  booking: { type?: string | null; studentEducationId?: number | null },
): Promise<{ balance: number; threshold: number } | null> {
  if ((booking.type ?? 'DRIVING') !== 'DRIVING' || !booking.studentEducationId) return null;
  // One round trip: the switch, the education's student and both sums. No row when the
  // switch is off or the education unknown (the sums are then never computed).
  const d = paymentDocuments;
  const e = studentEducations;
  const p = payments;
  const settled = sql.join(
    SETTLED.map((status) => sql`${status}`),
    sql`, `,
  );
  const [row] = await db
    .select({
      threshold: masterData.lowBalanceThreshold,
      invoiced: sql<number>`(select coalesce(sum(${d.totalGross}), 0)::int from ${d}
        where ${d.drivingSchoolId} = ${schoolId} and ${d.studentId} = ${e.studentId}
          and ${d.costBearerId} is null and ${d.status} <> 'DRAFT'
          and ${d.type} <> 'PAYMENT_REQUEST')`.mapWith(Number),
      paid: sql<number>`(select coalesce(sum(${p.amount}), 0)::int from ${p}
        where ${p.drivingSchoolId} = ${schoolId} and ${p.studentId} = ${e.studentId}
          and ${p.costBearerId} is null and ${p.status} in (${settled}))`.mapWith(Number),
    })
    .from(masterData)
    .innerJoin(e, and(eq(e.drivingSchoolId, schoolId), eq(e.id, booking.studentEducationId)))
    .where(
      and(
        eq(masterData.drivingSchoolId, schoolId),
        eq(masterData.restrictedPlanningOnLowBalance, true),
      ),
    );
  if (!row) return null;
  const balance = (row.paid ?? 0) - (row.invoiced ?? 0);
  const threshold = row.threshold ?? 0;
  return balance < threshold ? { balance, threshold } : null;
}

/** INSTRUCTOR_OVERLAP for every day, and CLASS_MISMATCH against the education's class. */
async function instructorOverlapFindings(
  db: Db,
  auth: AuthContext,
  instructorId: number,
  body: CheckBody,
  dates: string[],
): Promise<Map<string, Finding[]>> {
  // At once (three connections, one round trip): the overlaps, the education's class and the
  // balance. lowBalance answers null for an unknown education, which bookingClass refuses.
  const [findings, { licenseClass, education }, low] = await Promise.all([
    overlapFindings(
      db,
      auth.drivingSchoolId,
      [{ kind: 'INSTRUCTOR_OVERLAP', instructorId }],
      { startTime: body.startTime, minutes: body.minutes, except: exceptOf(body) },
      dates,
    ),
    bookingClass(db, auth, body),
    lowBalance(db, auth.drivingSchoolId, body),
  ]);
  if (education && body.licenseClass) {
    classMismatch(findings, dates, licenseClass, [education.licenseClass]);
  }
  if (low) {
    for (const date of dates) {
      findings.get(date)?.push(warning('LOW_BALANCE', 'calendar.check.low_balance', date, low));
    }
  }
  return findings;
}

const exceptOf = (body: CheckBody) => (body.appointmentId ? [body.appointmentId] : undefined);

/** The school's vehicles among `ids`; 404 when one is not. */
async function loadVehicles(db: Db, auth: AuthContext, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<number, { kind: string; licenseClasses: string[] }>();
  const rows = await db
    .select({ id: vehicles.id, kind: vehicles.kind, licenseClasses: vehicles.licenseClasses })
    .from(vehicles)
    .where(and(eq(vehicles.drivingSchoolId, auth.drivingSchoolId), inArray(vehicles.id, unique)));
  if (rows.length !== unique.length) throw notFound();
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * VEHICLE_OVERLAP, TRAILER_OVERLAP, ESCORT_VEHICLE_OVERLAP of the given vehicles, and
 * CLASS_MISMATCH when the (main) vehicle is not used to train the booking's class.
 */
async function vehicleOverlapFindings(
  db: Db,
  auth: AuthContext,
  body: CheckBody,
  dates: string[],
  only?: number,
): Promise<Map<string, Finding[]>> {
  const roles: { id: number | undefined; kind: OverlapKind }[] =
    only === undefined
      ? [
          { id: body.vehicleId, kind: 'VEHICLE_OVERLAP' },
          { id: body.trailerId, kind: 'TRAILER_OVERLAP' },
          { id: body.escortVehicleId, kind: 'ESCORT_VEHICLE_OVERLAP' },
        ]
      : [{ id: only, kind: 'VEHICLE_OVERLAP' }];
  const present = roles.filter((role): role is { id: number; kind: OverlapKind } => !!role.id);
  const known = await loadVehicles(
    db,
    auth,
    present.map((role) => role.id),
  );
  const resources: Resource[] = present.map((role) => {
    const kind = known.get(role.id)?.kind;
    // One vehicle checked by its id: named by its use in the body, else by its kind.
    const own: OverlapKind =
      only === undefined
        ? role.kind
        : body.trailerId === only || kind === 'TRAILER'
          ? 'TRAILER_OVERLAP'
          : body.escortVehicleId === only || kind === 'ESCORT'
            ? 'ESCORT_VEHICLE_OVERLAP'
            : 'VEHICLE_OVERLAP';
    return { kind: own, vehicleId: role.id };
  });
  const findings = await overlapFindings(
    db,
    auth.drivingSchoolId,
    resources,
    { startTime: body.startTime, minutes: body.minutes, except: exceptOf(body) },
    dates,
  );
  const main = resources.find((resource) => resource.kind === 'VEHICLE_OVERLAP');
  if (main?.vehicleId !== undefined) {
    const { licenseClass } = await bookingClass(db, auth, body);
    classMismatch(findings, dates, licenseClass, known.get(main.vehicleId)?.licenseClasses ?? []);
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

/**
 * `/calendar/instructor/{id}/…` and `/calendar/vehicle/…`: the booking checks, single and
 * repeating. Each answers warnings only; nothing is booked.
 */
export function createBookingCheckHandlers(db: Db): OperationHandlers {
  /** The findings of one instructor check on every date the body asks for. */
  async function check(
    request: OperationRequest<CheckOperation>,
    repeating: boolean,
    find: 'overlap' | 'hours',
  ) {
    const auth = requireAuth(request);
    const body = request.body as CheckBody;
    const id = Number(request.params.id);
    const loading = loadInstructor(db, auth, id);
    if (find === 'hours') {
      const instructor = await loading;
      const dates = datesOf(body, repeating);
      return { body, dates, findings: await hoursFindings(db, auth, instructor, body, dates) };
    }
    // The overlaps need the instructor's id only: looked for while the instructor is loaded
    // (one round trip in all). An unknown instructor still answers 404 before anything else.
    let dates: string[];
    try {
      dates = datesOf(body, repeating);
    } catch (error) {
      await loading;
      throw error;
    }
    const finding = instructorOverlapFindings(db, auth, id, body, dates);
    // Awaited below, after the instructor: a refusal then is not left unhandled meanwhile.
    finding.catch(() => {});
    await loading;
    return { body, dates, findings: await finding };
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
    async checkVehiclesOverlappingAppointments(request) {
      const auth = requireAuth(request);
      const body = request.body as CheckBody;
      const findings = await vehicleOverlapFindings(db, auth, body, [body.date]);
      return single(findings, body.date);
    },
    async checkVehicleOverlappingAppointments(request) {
      const auth = requireAuth(request);
      const body = request.body as CheckBody;
      const findings = await vehicleOverlapFindings(
        db,
        auth,
        body,
        [body.date],
        Number(request.params.id),
      );
      return single(findings, body.date);
    },
    async checkVehicleOverlappingAppointmentsRepeating(request) {
      const auth = requireAuth(request);
      const body = request.body as CheckBody;
      const dates = datesOf(body, true);
      const findings = await vehicleOverlapFindings(
        db,
        auth,
        body,
        dates,
        Number(request.params.id),
      );
      return perOccurrence(findings, dates, body.startTime);
    },
  });
}

/**
 * While saving: takes a transaction-long lock per instructor and vehicle of the booking (so
 * two users booking the same instructor or car wait for each other), then looks for overlaps
 * again. One the user did not confirm — booked by somebody else since their check — refuses
 * the save with 409 and nothing is written; the other user's booking stands. A driving lesson
 * of a student below the school's balance limit (restricted planning) is refused with 409
 * `errors.balance_too_low` unless LOW_BALANCE is confirmed.
 */
export async function saveGuard(
  tx: Db,
  auth: AuthContext,
  values: {
    type?: string | null;
    studentEducationId?: number | null;
    instructorId?: number | null;
    vehicleId?: number | null;
    trailerId?: number | null;
    escortVehicleId?: number | null;
    startTime?: string;
    minutes?: number;
  },
  dates: string[],
  confirmed: Finding['kind'][],
  except: number[],
) {
  const resources: Resource[] = [];
  if (values.instructorId) {
    resources.push({ kind: 'INSTRUCTOR_OVERLAP', instructorId: values.instructorId });
  }
  if (values.vehicleId) resources.push({ kind: 'VEHICLE_OVERLAP', vehicleId: values.vehicleId });
  if (values.trailerId) resources.push({ kind: 'TRAILER_OVERLAP', vehicleId: values.trailerId });
  if (values.escortVehicleId) {
    resources.push({ kind: 'ESCORT_VEHICLE_OVERLAP', vehicleId: values.escortVehicleId });
  }
  const keys = resources
    .map((r) =>
      r.instructorId !== undefined
        ? `appointments:${auth.drivingSchoolId}:instructor:${r.instructorId}`
        : `appointments:${auth.drivingSchoolId}:vehicle:${r.vehicleId}`,
    )
    .sort();
  // One order for every transaction, so two bookings never wait for each other in a circle.
  for (const key of new Set(keys)) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  }
  const findings = await overlapFindings(
    tx,
    auth.drivingSchoolId,
    resources.filter((r) => !confirmed.includes(r.kind)),
    {
      startTime: values.startTime as string,
      minutes: values.minutes as number,
      except,
    },
    dates,
  );
  const first = [...findings.values()].flat()[0]?.conflictingAppointment;
  if (first) {
    throw new AppError(
      409,
      'errors.appointment_overlap',
      `Another appointment was booked meanwhile on ${first.date} at ${first.startTime} (${first.minutes} min); nothing was saved.`,
    );
  }
  // Restricted planning: a driving lesson of a student below the limit needs LOW_BALANCE confirmed.
  if (!confirmed.includes('LOW_BALANCE')) {
    const low = await lowBalance(tx, auth.drivingSchoolId, values);
    if (low) {
      throw new AppError(
        409,
        'errors.balance_too_low',
        `The student's balance (${low.balance} cents) is below the school's limit (${low.threshold} cents); confirm LOW_BALANCE to book the driving lesson. Nothing was saved.`,
      );
    }
  }
}
