import { and, asc, count, desc, eq, gte, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import {
  branches,
  PEOPLE_CODES,
  registrations,
  studentEducationCourses,
  studentEducations,
  students,
} from '../../db/schema';
import { type AuthContext, requireAuth } from '../../http/auth';
import { fieldError, globalError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import type { JobQueue } from '../../jobs/job-queue';
import { addEducationEvent, currentQuestionsVersion } from '../educations/educations.resources';
import { queueTriggerEvents } from '../payments/trigger-firing';
import { guardWrite } from '../resources/database-errors';
import {
  expression,
  handlers,
  listWithQuery,
  mergeHandlers,
  num,
  replacing,
  type Schemas,
  unknownId,
  withoutNulls,
} from '../resources/kit';
import { createResourceHandlers, type ResourceDefinition } from '../resources/resource-handlers';
import {
  studentDefinition,
  studentMappers,
  studentVisibility,
  visibleStudent,
} from '../students/students.resources';

/*
 * Registrations (Anmeldungen; spec 001 §3, §4, §7): interested persons from the public page
 * or taken down by the office, read/unread, their process status, matching students and the
 * conversion into a student with educations.
 */

type RegistrationRow = typeof registrations.$inferSelect;

const REGISTRATION_FIELDS = [
  'salutation',
  'firstName',
  'lastName',
  'birthDate',
  'birthPlace',
  'address',
  'email',
  'phone',
  'language',
  'licenseClasses',
  'heldLicenseClasses',
  'branchId',
  'theoryCourseId',
  'preferredStartDate',
  'message',
] as const satisfies readonly (keyof Schemas['RegistrationFields'])[];

/** The process statuses in process order, with their German labels. */
const STATUS_LABELS: Record<(typeof PEOPLE_CODES.registrationStatuses)[number], string> = {
  NEW: 'Neu',
  CONTACTED: 'Kontaktiert',
  APPOINTMENT_MADE: 'Termin vereinbart',
  CONTRACT_SENT: 'Vertrag versendet',
  CONVERTED: 'Als Fahrschüler übernommen',
  REJECTED: 'Abgelehnt',
};

/** The calendar day of a timestamp in Europe/Berlin (the school's day). */
const berlinDate = (column: SQL | AnyPgColumn) =>
  sql`(${column} at time zone 'Europe/Berlin')::date`;

export function registrationDefinition(): ResourceDefinition<typeof registrations> {
  return {
    table: registrations,
    operations: {
      get: 'getRegistration',
      filter: 'filterRegistrations',
      page: 'pageRegistrations',
      create: 'createRegistration',
      update: 'updateRegistration',
      delete: 'deleteRegistration',
    },
    toDto: (row) => withoutNulls(row),
    fromInput: (input) => {
      return replacing(REGISTRATION_FIELDS, input, {
        defaults: { licenseClasses: [], heldLicenseClasses: [] },
      });
    },
    searchColumns: [
      registrations.firstName,
      registrations.lastName,
      expression(sql`${registrations.firstName} || ' ' || ${registrations.lastName}`),
      registrations.email,
      registrations.phone,
    ],
    sortColumns: {
      createdAt: registrations.createdAt,
      lastName: sql`lower(${registrations.lastName})`,
      firstName: sql`lower(${registrations.firstName})`,
      processStatus: registrations.processStatus,
      read: registrations.read,
    },
    defaultSort: [{ field: 'createdAt', direction: 'desc' }],
    filters: (body) => {
      const f = body as Schemas['RegistrationFilter'];
      return [
        f.read === undefined ? undefined : eq(registrations.read, f.read),
        f.processStatuses && f.processStatuses.length > 0
          ? inArray(registrations.processStatus, f.processStatuses)
          : undefined,
        f.licenseClass
          ? sql`${registrations.licenseClasses} @> array[${f.licenseClass}]::text[]`
          : undefined,
        f.branchId ? eq(registrations.branchId, f.branchId) : undefined,
        f.createdFrom ? gte(berlinDate(registrations.createdAt), f.createdFrom) : undefined,
        f.createdTo ? sql`${berlinDate(registrations.createdAt)} <= ${f.createdTo}` : undefined,
      ];
    },
    constraints: {
      registrations_branch_fk: unknownId('branchId'),
      registrations_theory_course_fk: unknownId('theoryCourseId'),
    },
    rules: {
      // An office entry starts read, with the process status NEW.
      beforeCreate: async ({ values }) => {
        if (values) values.read = true;
      },
    },
  };
}

/** Phone numbers compared by their digits, +49/0049 read as the leading 0. */
const phoneDigits = (value: SQL | AnyPgColumn) =>
  sql`regexp_replace(regexp_replace(${value}, '^\\s*(\\+|00)49', '0'), '[^0-9]', '', 'g')`;

export function createRegistrationHandlers(db: Db, jobs?: JobQueue): OperationHandlers {
  const definition = registrationDefinition();
  const generic = createResourceHandlers(db, definition);
  const { toStudent, toListItem } = studentMappers(db);
  const students$ = studentDefinition(db);

  async function load(a: AuthContext, id: number) {
    const [row] = await db
      .select()
      .from(registrations)
      .where(and(eq(registrations.drivingSchoolId, a.drivingSchoolId), eq(registrations.id, id)));
    if (!row) throw notFound();
    return row;
  }

  async function set(a: AuthContext, id: number, values: Partial<RegistrationRow>) {
    const [row] = await db
      .update(registrations)
      .set(values)
      .where(and(eq(registrations.drivingSchoolId, a.drivingSchoolId), eq(registrations.id, id)))
      .returning();
    if (!row) throw notFound();
    return { status: 200 as const, body: withoutNulls(row) };
  }

  return mergeHandlers(
    generic,
    handlers({
      listRegistrations: listWithQuery(db, definition, 'listRegistrations', (query) => ({
        read: query.read,
        processStatuses: query.processStatus ? [query.processStatus] : undefined,
      })),

      async countUnreadRegistrations(request) {
        const a = requireAuth(request);
        const [row] = await db
          .select({ count: count() })
          .from(registrations)
          .where(
            and(
              eq(registrations.drivingSchoolId, a.drivingSchoolId),
              eq(registrations.read, false),
            ),
          );
        return { status: 200 as const, body: { count: Number(row?.count ?? 0) } };
      },

      changeRegistrationReadState: (request) =>
        set(requireAuth(request), num(request.query.registrationId), {
          read: Boolean(request.query.read),
        }),

      async listRegistrationStatusOptions() {
        return {
          status: 200,
          body: PEOPLE_CODES.registrationStatuses.map((id) => ({
            id,
            label: STATUS_LABELS[id],
            labelKey: `registrations.status.${id}`,
          })),
        };
      },

      // Any status may follow any other, but CONVERTED is set by the conversion only, and a
      // converted registration keeps it.
      async changeRegistrationProcessStatus(request) {
        const a = requireAuth(request);
        const id = num(request.params.id);
        const { processStatus } = request.body as Schemas['RegistrationProcessStatusChange'];
        if (processStatus === 'CONVERTED') {
          throw fieldError(
            'processStatus',
            'validation.enum',
            'CONVERTED is set by convert-to-student only.',
          );
        }
        const current = await load(a, id);
        if (current.processStatus === 'CONVERTED') {
          throw globalError(
            'errors.registration_converted',
            'The registration was converted; it keeps its status.',
          );
        }
        return set(a, id, { processStatus });
      },

      // Students who may be this person: same e-mail, same name and birth date, same phone.
      async listRegistrationMatchingStudents(request) {
        const a = requireAuth(request);
        const registration = await load(a, num(request.params.id));
        const email = registration.email?.toLowerCase() ?? null;
        const phone = registration.phone;
        const emailMatches = email
          ? sql<boolean>`(lower(${students.email}) = ${email} or lower(${students.learningAppEmail}) = ${email})`
          : sql<boolean>`false`;
        const nameAndBirthDateMatch = registration.birthDate
          ? sql<boolean>`(lower(${students.firstName}) = lower(${registration.firstName}) and lower(${students.lastName}) = lower(${registration.lastName}) and ${students.birthDate} = ${registration.birthDate})`
          : sql<boolean>`false`;
        const phoneMatches = phone
          ? sql<boolean>`(${phoneDigits(sql`${phone}`)} in (${phoneDigits(students.phoneMobile)}, ${phoneDigits(students.phonePrivate)}, ${phoneDigits(students.phoneWork)}))`
          : sql<boolean>`false`;
        const rows = await db
          .select({
            student: students,
            emailMatches: sql<boolean>`coalesce(${emailMatches}, false)`,
            nameAndBirthDateMatch: sql<boolean>`coalesce(${nameAndBirthDateMatch}, false)`,
            phoneMatches: sql<boolean>`coalesce(${phoneMatches}, false)`,
          })
          .from(students)
          .where(
            and(
              eq(students.drivingSchoolId, a.drivingSchoolId),
              or(emailMatches, nameAndBirthDateMatch, phoneMatches),
              studentVisibility(db)(a),
            ),
          )
          .orderBy(
            desc(sql`coalesce(${emailMatches}, false)`),
            desc(sql`coalesce(${nameAndBirthDateMatch}, false)`),
            desc(sql`coalesce(${phoneMatches}, false)`),
            asc(students.id),
          )
          .limit(10);
        return {
          status: 200,
          body: await Promise.all(
            rows.map(async (row) => ({
              student: await toListItem(row.student),
              emailMatches: Boolean(row.emailMatches),
              nameAndBirthDateMatch: Boolean(row.nameAndBirthDateMatch),
              phoneMatches: Boolean(row.phoneMatches),
            })),
          ),
        };
      },

      // A new student (or a merge into an existing one, filling empty fields only), an
      // education for every wanted class the student lacks, the registration CONVERTED.
      async convertRegistrationToStudent(request) {
        const a = requireAuth(request);
        const registration = await load(a, num(request.params.id));
        if (registration.processStatus === 'CONVERTED') {
          throw globalError(
            'errors.registration_converted',
            'The registration was converted before.',
          );
        }
        const body = (request.body ?? {}) as Schemas['RegistrationConversion'];
        const existing = body.studentId ? await visibleStudent(db, a, body.studentId) : undefined;
        if (existing?.archived) {
          throw globalError(
            'errors.student_archived',
            'The student is archived; take them out of the archive first.',
          );
        }
        const branchId = existing?.branchId ?? body.branchId ?? registration.branchId;
        if (!branchId) {
          throw fieldError('branchId', 'validation.required', 'Choose the branch of the student.');
        }
        const [branch] = await db
          .select({ priceListId: branches.priceListId })
          .from(branches)
          .where(and(eq(branches.drivingSchoolId, a.drivingSchoolId), eq(branches.id, branchId)));
        const fromRegistration = {
          salutation: registration.salutation,
          birthDate: registration.birthDate,
          birthPlace: registration.birthPlace,
          address: registration.address,
          email: registration.email,
          learningAppEmail: registration.email,
          phoneMobile: registration.phone,
          language: registration.language,
        };
        const createdEducations: number[] = [];
        const student = await guardWrite(
          () =>
            db.transaction(async (tx) => {
              let row: typeof students.$inferSelect | undefined;
              if (existing) {
                const fill: Record<string, unknown> = {};
                for (const [key, value] of Object.entries(fromRegistration)) {
                  if (value != null && existing[key as keyof typeof existing] == null)
                    fill[key] = value;
                }
                if (existing.licenseClasses.length === 0 && registration.heldLicenseClasses.length)
                  fill.licenseClasses = registration.heldLicenseClasses;
                // Nothing to fill (every field already set): no update (an empty SET fails).
                if (Object.keys(fill).length > 0) {
                  [row] = await tx
                    .update(students)
                    .set(fill)
                    .where(
                      and(
                        eq(students.drivingSchoolId, a.drivingSchoolId),
                        eq(students.id, existing.id),
                      ),
                    )
                    .returning();
                }
                row ??= existing;
              } else {
                [row] = await tx
                  .insert(students)
                  .values({
                    drivingSchoolId: a.drivingSchoolId,
                    firstName: registration.firstName,
                    lastName: registration.lastName,
                    ...Object.fromEntries(
                      Object.entries(fromRegistration).filter(([, value]) => value != null),
                    ),
                    licenseClasses: registration.heldLicenseClasses,
                    branchId,
                    instructorId: body.instructorId ?? null,
                    priceListId: body.priceListId ?? branch?.priceListId ?? null,
                    paymentWorkflow: body.paymentWorkflow ?? null,
                  })
                  .returning();
              }
              if (!row) throw notFound();
              const held = await tx
                .select({ licenseClass: studentEducations.licenseClass })
                .from(studentEducations)
                .where(
                  and(
                    eq(studentEducations.drivingSchoolId, a.drivingSchoolId),
                    eq(studentEducations.studentId, row.id),
                    eq(studentEducations.archived, false),
                  ),
                );
              const have = new Set(held.map((e) => e.licenseClass));
              for (const licenseClass of registration.licenseClasses) {
                if (have.has(licenseClass)) continue;
                const [education] = await tx
                  .insert(studentEducations)
                  .values({
                    drivingSchoolId: a.drivingSchoolId,
                    studentId: row.id,
                    licenseClass,
                    branchId: row.branchId,
                    instructorId: body.instructorId ?? row.instructorId,
                    priceListId: body.priceListId ?? row.priceListId,
                    paymentWorkflow: body.paymentWorkflow ?? row.paymentWorkflow ?? 'CLASSIC_PAY',
                    theoryQuestionsVersion: currentQuestionsVersion(),
                    startDate: registration.preferredStartDate,
                  })
                  .returning();
                if (!education) continue;
                createdEducations.push(education.id);
                if (registration.theoryCourseId) {
                  await tx.insert(studentEducationCourses).values({
                    drivingSchoolId: a.drivingSchoolId,
                    studentEducationId: education.id,
                    theoryCourseId: registration.theoryCourseId,
                    position: 1,
                  });
                }
                await addEducationEvent(tx, {
                  drivingSchoolId: a.drivingSchoolId,
                  studentId: row.id,
                  studentEducationId: education.id,
                  userId: a.userId,
                  type: 'CREATED',
                  text: `Ausbildung Klasse ${licenseClass} aus der Anmeldung angelegt`,
                });
              }
              await tx
                .update(registrations)
                .set({ processStatus: 'CONVERTED', matchedStudentId: row.id, read: true })
                .where(
                  and(
                    eq(registrations.drivingSchoolId, a.drivingSchoolId),
                    eq(registrations.id, registration.id),
                  ),
                );
              return row;
            }),
          students$.constraints,
        );
        // Automatic payment triggers of the event CREATED, after the commit.
        await queueTriggerEvents(jobs, a.drivingSchoolId, createdEducations, 'CREATED');
        return { status: 201 as const, body: await toStudent(student) };
      },
    }),
  );
}
