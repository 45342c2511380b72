import type { components } from '@fahrwerk/api/schema';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  appointments,
  costBearers,
  studentEducationCostBearers,
  studentEducations,
  students,
} from '../../db/schema';
import { type AuthContext, requireAuth } from '../../http/auth';
import { AppError, globalError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import type { JobQueue } from '../../jobs/job-queue';
import { queuePreNotifications, writeLessonDebits } from '../payments/live-pay-debits';
import { guardWrite } from '../resources/database-errors';
import {
  addDays,
  berlinToday,
  expression,
  type FileRef,
  fieldErrors,
  fileRefLoader,
  handlers,
  hhmm,
  invalid,
  iso,
  mergeHandlers,
  unknownId,
  weekdayIndex,
  withoutNulls,
} from '../resources/kit';
import { createResourceHandlers, type ResourceDefinition } from '../resources/resource-handlers';
import { createResourceRepository, type SortOrder } from '../resources/resource-repository';
import { mayWriteCalendar } from '../roles/calendar-access';
import { saveGuard } from './booking-checks';
import { occurrenceDates } from './occurrences';

type Schemas = components['schemas'];
type Appointment = Schemas['Appointment'];
type AppointmentInput = Schemas['AppointmentInput'];
type AppointmentRow = typeof appointments.$inferSelect;
type AppointmentValues = Partial<typeof appointments.$inferInsert>;
type Insert = typeof appointments.$inferInsert;
type Values = AppointmentValues & Record<string, unknown>;

/** Takes the body's instructions that are no columns out of the values. */
function takeHidden(values: Values) {
  const taken = {
    signatureRemoval: values[CONFIRM_SIGNATURE_REMOVAL] === true,
    findings: (values[CONFIRMED_FINDINGS] ?? []) as Schemas['BookingFindingKind'][],
  };
  delete values[CONFIRM_SIGNATURE_REMOVAL];
  delete values[CONFIRMED_FINDINGS];
  return taken;
}

/** 403 unless the caller may write in every one of these calendars (own, shared read-write, office). */
async function requireCalendarWrite(db: Db, auth: AuthContext, ownerIds: number[]) {
  for (const ownerId of new Set(ownerIds)) {
    if (!(await mayWriteCalendar(db, auth, ownerId))) {
      throw new AppError(
        403,
        'errors.calendar_read_only',
        `The calendar of user ${ownerId} is not shared with you for writing.`,
      );
    }
  }
}

/** Whether an update's values differ from the row in anything but the release. */
function changesAppointment(current: AppointmentRow, values: Values) {
  return Object.entries(values).some(([key, value]) => {
    if (key === 'released' || key === 'releasedAt') return false;
    const stored = current[key as keyof AppointmentRow];
    if (key === 'startTime') return hhmm(String(stored)) !== hhmm(String(value));
    return (stored ?? null) !== (value ?? null);
  });
}

/** Days from one ISO date to another. */
const daysFrom = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export { occurrenceDates };

const LIST_LIMIT = 1000;
/** Appointment types that count towards the payroll unless the body says otherwise. */
const PAYROLL_TYPES = new Set(['DRIVING', 'THEORY', 'EXAM']);
/** A key fromInput hands to the update rule; never written. */
const CONFIRM_SIGNATURE_REMOVAL = '__confirmSignatureRemoval';
/** The findings the user confirmed (`confirmedFindings`); never written either. */
const CONFIRMED_FINDINGS = '__confirmedFindings';
type SeriesScope = Schemas['SeriesScope'];

/** "Max Mustermann", for the free-text search over the student's name. */
const studentName = sql`(select ${students.firstName} || ' ' || ${students.lastName} from ${students} where ${students.drivingSchoolId} = ${appointments.drivingSchoolId} and ${students.id} = ${appointments.studentId})`;

export function appointmentToDto(row: AppointmentRow, signatureFile?: FileRef): Appointment {
  const signed = row.signatureFileId !== null;
  return withoutNulls({
    id: row.id,
    type: row.type,
    date: row.date,
    startTime: hhmm(row.startTime),
    minutes: row.minutes,
    studentId: row.studentId,
    studentEducationId: row.studentEducationId,
    licenseClass: row.licenseClass as Appointment['licenseClass'],
    hourType: row.hourType,
    instructorId: row.instructorId,
    vehicleId: row.vehicleId,
    trailerId: row.trailerId,
    escortVehicleId: row.escortVehicleId,
    kmStart: row.kmStart,
    kmEnd: row.kmEnd,
    kmDriven: row.kmDriven,
    note: row.note,
    title: row.title,
    repeatRule: row.repeatRule,
    repeatUntil: row.repeatUntil,
    includeInPayroll: row.includeInPayroll,
    seriesId: row.seriesId,
    released: row.released,
    releasedAt: iso(row.releasedAt),
    invoiced: row.invoiced,
    finalInvoiceId: row.finalInvoiceId,
    booked: row.booked,
    bookedAt: iso(row.bookedAt),
    bookedPrice: row.bookedPrice,
    signed,
    signature:
      signed && signatureFile && row.signedAt
        ? { signedAt: iso(row.signedAt) as string, file: signatureFile }
        : undefined,
    branchId: row.branchId,
    costBearerId: row.costBearerId,
    createdAt: iso(row.createdAt) as string,
    updatedAt: iso(row.updatedAt) as string,
  }) as Appointment;
}

/**
 * The columns of a create or update body. A PUT replaces the whole row: an optional field left
 * out is cleared. `released: true` releases (with the time); false or absent leaves the flag.
 */
function fromInput(input: Record<string, unknown>): Record<string, unknown> {
  const body = input as AppointmentInput;
  const kmDriven =
    body.kmStart !== undefined && body.kmEnd !== undefined
      ? body.kmEnd - body.kmStart
      : (body.kmDriven ?? null);
  const values: AppointmentValues & Record<string, unknown> = {
    type: body.type,
    date: body.date,
    startTime: body.startTime,
    minutes: body.minutes,
    studentId: body.studentId ?? null,
    studentEducationId: body.studentEducationId ?? null,
    licenseClass: body.licenseClass ?? null,
    hourType: body.hourType ?? null,
    instructorId: body.instructorId,
    vehicleId: body.vehicleId ?? null,
    trailerId: body.trailerId ?? null,
    escortVehicleId: body.escortVehicleId ?? null,
    kmStart: body.kmStart ?? null,
    kmEnd: body.kmEnd ?? null,
    kmDriven,
    note: body.note ?? null,
    title: body.title ?? null,
    repeatRule: body.repeatRule ?? 'NONE',
    repeatUntil: body.repeatUntil ?? null,
    includeInPayroll: body.includeInPayroll ?? PAYROLL_TYPES.has(body.type),
    branchId: body.branchId ?? null,
    costBearerId: body.costBearerId ?? null,
    [CONFIRM_SIGNATURE_REMOVAL]: body.confirmSignatureRemoval === true,
    [CONFIRMED_FINDINGS]: body.confirmedFindings ?? [],
  };
  if (body.released === true) {
    values.released = true;
    values.releasedAt = new Date();
  }
  return values;
}

/** The rules a create and an update share (spec 000 §3, the AppointmentInput description). */
async function checkValues(db: Db, auth: AuthContext, values: AppointmentValues) {
  const missing: { field: string; error: string }[] = [];
  // The contract's `minimum: 5` beside the Minutes $ref; checked here as well.
  if (values.minutes !== undefined && values.minutes < 5) {
    missing.push({ field: 'minutes', error: 'validation.minimum' });
  }
  if (values.type === 'DRIVING') {
    for (const field of ['studentId', 'studentEducationId', 'hourType'] as const) {
      if (values[field] === null || values[field] === undefined) {
        missing.push({ field, error: 'validation.required' });
      }
    }
  }
  if (values.studentEducationId && !values.studentId) {
    missing.push({ field: 'studentId', error: 'validation.required' });
  }
  if (values.kmStart != null && values.kmEnd != null && values.kmEnd < values.kmStart) {
    missing.push({ field: 'kmEnd', error: 'validation.minimum' });
  }
  if (missing.length > 0) throw fieldErrors(missing, 'The appointment lacks required values.');

  if (values.studentEducationId && values.studentId) {
    const [education] = await db
      .select({
        studentId: studentEducations.studentId,
        licenseClass: studentEducations.licenseClass,
      })
      .from(studentEducations)
      .where(
        and(
          eq(studentEducations.drivingSchoolId, auth.drivingSchoolId),
          eq(studentEducations.id, values.studentEducationId),
        ),
      );
    if (!education) {
      throw fieldErrors(
        [{ field: 'studentEducationId', error: 'validation.unknown_id' }],
        'No such education in your school.',
      );
    }
    if (education.studentId !== values.studentId) {
      throw fieldErrors(
        [{ field: 'studentEducationId', error: 'validation.invalid' }],
        'The education belongs to another student.',
      );
    }
    // The class trained defaults to the education's class.
    values.licenseClass ??= education.licenseClass;
  }
}

function checkRepeat(values: AppointmentValues) {
  if (values.repeatRule === 'NONE' || values.repeatRule === undefined) {
    values.repeatUntil = null;
    return;
  }
  if (!values.repeatUntil) {
    throw fieldErrors(
      [{ field: 'repeatUntil', error: 'validation.required' }],
      'A repeating appointment needs repeatUntil.',
    );
  }
  if (values.repeatUntil < (values.date as string)) {
    throw fieldErrors(
      [{ field: 'repeatUntil', error: 'validation.minimum' }],
      'repeatUntil lies before the first day.',
    );
  }
  if (values.repeatUntil > addDays(values.date as string, 365)) {
    throw fieldErrors(
      [{ field: 'repeatUntil', error: 'validation.maximum' }],
      'repeatUntil lies more than one year after the first day.',
    );
  }
}

/** Released and invoiced appointments are frozen (spec 000 §4). */
export function refuseFrozen(current: AppointmentRow) {
  if (current.invoiced) {
    throw globalError(
      'errors.appointment_invoiced',
      'The appointment is billed on a final invoice and can no longer be changed.',
    );
  }
  if (current.released) {
    throw globalError(
      'errors.appointment_released',
      'The appointment is released and can no longer be changed.',
    );
  }
}

const constraints = {
  appointments_instructor_fk: unknownId('instructorId'),
  appointments_vehicle_fk: unknownId('vehicleId'),
  appointments_trailer_fk: unknownId('trailerId'),
  appointments_escort_vehicle_fk: unknownId('escortVehicleId'),
  appointments_branch_fk: unknownId('branchId'),
  appointments_student_fk: unknownId('studentId'),
  appointments_student_education_fk: unknownId('studentEducationId'),
  appointments_cost_bearer_fk: unknownId('costBearerId'),
  appointments_ends_same_day_check: invalid('minutes'),
  appointments_minutes_check: invalid('minutes'),
  appointments_km_order_check: invalid('kmEnd'),
  appointments_km_driven_check: invalid('kmDriven'),
  appointments_repeat_until_check: { field: 'repeatUntil', error: 'validation.required' },
};

/** The conditions of the AppointmentFilter fields. */
function filterConditions(body: Record<string, unknown>): (SQL | undefined)[] {
  const f = body as Schemas['AppointmentFilter'];
  const vehicleIds = f.vehicleIds?.length ? f.vehicleIds : undefined;
  return [
    f.from ? gte(appointments.date, f.from) : undefined,
    f.to ? lte(appointments.date, f.to) : undefined,
    f.types?.length ? inArray(appointments.type, f.types) : undefined,
    f.instructorIds?.length ? inArray(appointments.instructorId, f.instructorIds) : undefined,
    vehicleIds
      ? or(
          inArray(appointments.vehicleId, vehicleIds),
          inArray(appointments.trailerId, vehicleIds),
          inArray(appointments.escortVehicleId, vehicleIds),
        )
      : undefined,
    f.studentId ? eq(appointments.studentId, f.studentId) : undefined,
    f.studentEducationId ? eq(appointments.studentEducationId, f.studentEducationId) : undefined,
    f.branchId ? eq(appointments.branchId, f.branchId) : undefined,
    f.released !== undefined ? eq(appointments.released, f.released) : undefined,
    f.invoiced !== undefined ? eq(appointments.invoiced, f.invoiced) : undefined,
    f.booked !== undefined ? eq(appointments.booked, f.booked) : undefined,
    f.signed === true ? sql`${appointments.signatureFileId} is not null` : undefined,
    f.signed === false ? sql`${appointments.signatureFileId} is null` : undefined,
  ];
}

const sortColumns = {
  date: appointments.date,
  startTime: appointments.startTime,
  type: appointments.type,
  minutes: appointments.minutes,
  createdAt: appointments.createdAt,
};
const BY_TIME: SortOrder[] = [{ field: 'date' }, { field: 'startTime' }];
const NEWEST_FIRST: SortOrder[] = [
  { field: 'date', direction: 'desc' },
  { field: 'startTime', direction: 'desc' },
];

/**
 * `/appointments`: the generic calls (get, filter, page, create, update, delete) with the rules
 * of spec 000 §3–4, plus the period list, series creation, and the student and cost-bearer
 * listings.
 */
export function createAppointmentHandlers(db: Db, jobs?: JobQueue): OperationHandlers {
  const signatureFile = fileRefLoader(db);
  const toDto = async (row: AppointmentRow) =>
    appointmentToDto(
      row,
      row.signatureFileId === null
        ? undefined
        : await signatureFile(row.drivingSchoolId, row.signatureFileId),
    );

  const definition: ResourceDefinition<typeof appointments> = {
    table: appointments,
    operations: { get: 'getAppointment', filter: 'filterAppointments' },
    toDto,
    fromInput,
    searchColumns: [appointments.title, appointments.note, expression(studentName)],
    sortColumns,
    defaultSort: BY_TIME,
    filters: filterConditions,
    constraints,
  };
  const generic = createResourceHandlers(db, definition);
  const repository = createResourceRepository(db, appointments, {
    searchColumns: definition.searchColumns,
    sortColumns,
    defaultSort: BY_TIME,
  });
  const inSchool = (auth: AuthContext) => eq(appointments.drivingSchoolId, auth.drivingSchoolId);

  async function load(auth: AuthContext, id: number) {
    const [row] = await db
      .select()
      .from(appointments)
      .where(and(inSchool(auth), eq(appointments.id, id)));
    if (!row) throw notFound();
    return row;
  }

  /** The other occurrences a series scope reaches, without the frozen, booked or signed ones. */
  async function otherOccurrences(auth: AuthContext, current: AppointmentRow, scope: SeriesScope) {
    if (scope === 'THIS' || current.seriesId === null) return [];
    return db
      .select()
      .from(appointments)
      .where(
        and(
          inSchool(auth),
          eq(appointments.seriesId, current.seriesId),
          ne(appointments.id, current.id),
          scope === 'FOLLOWING' ? gte(appointments.date, current.date) : undefined,
          eq(appointments.released, false),
          eq(appointments.invoiced, false),
          eq(appointments.booked, false),
          isNull(appointments.signatureFileId),
        ),
      )
      .orderBy(asc(appointments.date));
  }

  const custom = handlers({
    /** The current week (Monday to Sunday, Europe/Berlin) unless from/to say otherwise. */
    async listAppointments(request) {
      const auth = requireAuth(request);
      const query = request.query as { search?: string; from?: string; to?: string };
      const today = berlinToday();
      const monday = addDays(today, -weekdayIndex(today));
      const from = query.from ?? (query.to ? addDays(query.to, -6) : monday);
      const to = query.to ?? (query.from ? addDays(query.from, 6) : addDays(monday, 6));
      const { rows } = await repository.page(auth.drivingSchoolId, {
        offset: 0,
        limit: LIST_LIMIT,
        search: query.search,
        where: [gte(appointments.date, from), lte(appointments.date, to)],
      });
      return { status: 200, body: await Promise.all(rows.map(toDto)) };
    },

    /** Newest first (the contract), unlike the filter's date order. */
    async pageAppointments(request) {
      const auth = requireAuth(request);
      const { rows, total } = await repository.page(auth.drivingSchoolId, {
        offset: Number(request.params.offset),
        limit: Number(request.params.limit),
        sort: NEWEST_FIRST,
      });
      return { status: 200, body: { data: await Promise.all(rows.map(toDto)), total } };
    },

    /**
     * One appointment, or one row per occurrence sharing `seriesId`, all or nothing; the
     * overlaps are checked again under the resources' locks (see `saveGuard`).
     */
    async createAppointment(request) {
      const auth = requireAuth(request);
      const values = fromInput((request.body ?? {}) as Record<string, unknown>) as Values;
      const confirmed = takeHidden(values);
      checkRepeat(values);
      await checkValues(db, auth, values);
      await requireCalendarWrite(db, auth, [values.instructorId as number]);
      const dates = occurrenceDates(
        values.date as string,
        values.repeatRule as AppointmentRow['repeatRule'],
        values.repeatUntil ?? null,
      );
      const first = await guardWrite(
        () =>
          db.transaction(async (tx) => {
            await saveGuard(tx, auth, values, dates, confirmed.findings, []);
            const [row] = await tx
              .insert(appointments)
              .values({ ...(values as Insert), drivingSchoolId: auth.drivingSchoolId })
              .returning();
            if (!row) throw new Error('The appointment was not created.');
            if (dates.length === 1) return row;
            const [withSeries] = await tx
              .update(appointments)
              .set({ seriesId: row.id })
              .where(and(inSchool(auth), eq(appointments.id, row.id)))
              .returning();
            const rest = dates.slice(1).map((date) => ({
              ...(values as Insert),
              drivingSchoolId: auth.drivingSchoolId,
              date,
              seriesId: row.id,
            }));
            for (let start = 0; start < rest.length; start += 500) {
              await tx.insert(appointments).values(rest.slice(start, start + 500));
            }
            return withSeries ?? row;
          }),
        constraints,
      );
      return { status: 201, body: await toDto(first) };
    },

    /**
     * One occurrence, or with `scope` the following or all of its series: the same fields,
     * a moved day moving each by as many days. Frozen, booked and signed other occurrences
     * stay as they are.
     */
    async updateAppointment(request) {
      const auth = requireAuth(request);
      const current = await load(auth, Number(request.params.id));
      const scope = ((request.query as { scope?: SeriesScope }).scope ?? 'THIS') as SeriesScope;
      const values = fromInput((request.body ?? {}) as Record<string, unknown>) as Values;
      const confirmed = takeHidden(values);
      refuseFrozen(current);
      // The series keeps its rule; one occurrence changes (or, with a scope, several).
      delete values.repeatRule;
      delete values.repeatUntil;
      await checkValues(db, auth, values);
      // Releasing a signed lesson changes nothing the student signed: the signature stays.
      if (current.signatureFileId !== null && changesAppointment(current, values)) {
        if (!confirmed.signatureRemoval) {
          throw globalError(
            'errors.appointment_signed',
            'The appointment is signed; changing it deletes the signature (confirmSignatureRemoval).',
          );
        }
        values.signatureFileId = null;
        values.signedAt = null;
      }
      await requireCalendarWrite(db, auth, [current.instructorId, values.instructorId as number]);
      const others = await otherOccurrences(auth, current, scope);
      const shift = daysFrom(current.date, values.date as string);
      const moves = others.map((row) => ({ row, date: addDays(row.date, shift) }));
      // Only a change of time, resources or student is checked again (a release keeps what was
      // confirmed).
      const rebooks =
        current.studentEducationId !== (values.studentEducationId ?? null) ||
        current.date !== values.date ||
        hhmm(current.startTime) !== values.startTime ||
        current.minutes !== values.minutes ||
        current.instructorId !== values.instructorId ||
        current.vehicleId !== values.vehicleId ||
        current.trailerId !== values.trailerId ||
        current.escortVehicleId !== values.escortVehicleId;
      let debits: number[] = [];
      const row = await guardWrite(
        () =>
          db.transaction(async (tx) => {
            if (rebooks) {
              await saveGuard(
                tx,
                auth,
                values,
                [values.date as string, ...moves.map((move) => move.date)],
                confirmed.findings,
                [current.id, ...others.map((other) => other.id)],
              );
            }
            const [updated] = await tx
              .update(appointments)
              .set({ ...(values as Insert), updatedAt: new Date() })
              .where(and(inSchool(auth), eq(appointments.id, current.id)))
              .returning();
            const { released: _released, releasedAt: _releasedAt, ...shared } = values;
            for (const move of moves) {
              await tx
                .update(appointments)
                .set({
                  ...(shared as Insert),
                  ...(values.released ? { released: true, releasedAt: values.releasedAt } : {}),
                  date: move.date,
                  updatedAt: new Date(),
                })
                .where(and(inSchool(auth), eq(appointments.id, move.row.id)));
            }
            // Live pay: a signed lesson released now is debited in this transaction.
            if (values.released) {
              debits = await writeLessonDebits(tx, auth.drivingSchoolId, [
                current.id,
                ...moves.map((move) => move.row.id),
              ]);
            }
            return updated;
          }),
        constraints,
      );
      if (!row) throw notFound();
      await queuePreNotifications(jobs, auth.drivingSchoolId, debits);
      return { status: 200, body: await toDto(row) };
    },

    /** One occurrence, or with `scope` the following or all (frozen and booked ones stay). */
    async deleteAppointment(request) {
      const auth = requireAuth(request);
      const current = await load(auth, Number(request.params.id));
      const scope = ((request.query as { scope?: SeriesScope }).scope ?? 'THIS') as SeriesScope;
      refuseFrozen(current);
      if (current.booked) {
        throw globalError(
          'errors.already_booked',
          'A booked driving lesson is deleted with DELETE /driving-lessons/{id}.',
        );
      }
      await requireCalendarWrite(db, auth, [current.instructorId]);
      const ids = [current.id, ...(await otherOccurrences(auth, current, scope)).map((r) => r.id)];
      await guardWrite(
        () => db.delete(appointments).where(and(inSchool(auth), inArray(appointments.id, ids))),
        constraints,
        'delete',
      );
      return { status: 204 };
    },

    /**
     * `POST /appointments/{id}`: the appointments of student `{id}` (with `costBearerId`: only
     * those billed to that cost bearer).
     */
    async filterStudentAppointments(request) {
      const auth = requireAuth(request);
      const studentId = Number(request.params.id);
      const [student] = await db
        .select({ id: students.id })
        .from(students)
        .where(and(eq(students.drivingSchoolId, auth.drivingSchoolId), eq(students.id, studentId)));
      if (!student) throw notFound();
      const f = (request.body ?? {}) as Schemas['StudentAppointmentFilter'];
      const size = f.size ?? 25;
      const { rows, total } = await repository.page(auth.drivingSchoolId, {
        offset: (f.page ?? 0) * size,
        limit: size,
        sort: f.sort ?? NEWEST_FIRST,
        search: f.search,
        where: [
          eq(appointments.studentId, studentId),
          f.costBearerId ? eq(appointments.costBearerId, f.costBearerId) : undefined,
          f.studentEducationId
            ? eq(appointments.studentEducationId, f.studentEducationId)
            : undefined,
          f.from ? gte(appointments.date, f.from) : undefined,
          f.to ? lte(appointments.date, f.to) : undefined,
          f.types?.length ? inArray(appointments.type, f.types) : undefined,
        ],
      });
      return { status: 200, body: { data: await Promise.all(rows.map(toDto)), total } };
    },

    /**
     * Every appointment billed to the cost bearer, or of an education it pays, newest first.
     */
    async listCostBearerAppointments(request) {
      const auth = requireAuth(request);
      const costBearerId = Number(request.params.id);
      const paid = db
        .select({ id: studentEducationCostBearers.studentEducationId })
        .from(studentEducationCostBearers)
        .where(
          and(
            eq(studentEducationCostBearers.drivingSchoolId, auth.drivingSchoolId),
            eq(studentEducationCostBearers.costBearerId, costBearerId),
          ),
        );
      const rows = await db
        .select()
        .from(appointments)
        .where(
          and(
            inSchool(auth),
            or(
              eq(appointments.costBearerId, costBearerId),
              inArray(appointments.studentEducationId, paid),
            ),
          ),
        )
        .orderBy(desc(appointments.date), desc(appointments.startTime), asc(appointments.id))
        .limit(LIST_LIMIT);
      if (rows.length === 0) await requireCostBearer(db, auth, costBearerId);
      return { status: 200, body: await Promise.all(rows.map(toDto)) };
    },
  });

  return mergeHandlers(generic, custom);
}

async function requireCostBearer(db: Db, auth: AuthContext, id: number) {
  const [row] = await db
    .select({ n: count() })
    .from(costBearers)
    .where(and(eq(costBearers.drivingSchoolId, auth.drivingSchoolId), eq(costBearers.id, id)));
  if (!row?.n) throw notFound();
}
