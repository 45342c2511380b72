import { and, asc, desc, eq, exists, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  branches,
  costBearers,
  educationEvents,
  livePayMandates,
  paymentDocuments,
  studentEducationCostBearers,
  studentEducationCourses,
  studentEducations,
  students,
} from '../../db/schema';
import { type AuthContext, requireAuth } from '../../http/auth';
import { fieldError, globalError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import type { JobQueue } from '../../jobs/job-queue';
import { openPracticalExamDeadlines } from '../exams/exam-requirements';
import { queueTriggerEvents } from '../payments/trigger-firing';
import {
  batchLoader,
  expression,
  groupBy,
  handlers,
  immutable,
  listWithQuery,
  mergeHandlers,
  num,
  renameError,
  replacing,
  required,
  rules,
  type Schemas,
  unknownId,
  withoutNulls,
  withoutWrites,
  writeWithChildren,
} from '../resources/kit';
import { createResourceHandlers, type ResourceDefinition } from '../resources/resource-handlers';
import { studentVisibility, visibleStudent } from '../students/students.resources';

/*
 * Student educations (Ausbildungen; spec 000 §4–5, 001 §3–4): the generic calls with the
 * course and cost-bearer lists, the archive rule ("the student must be taken out of the
 * archive first"), the learning-app switch and the education timeline. The training
 * contract of an education is in training-contract.ts.
 */

type EducationRow = typeof studentEducations.$inferSelect;
type EducationInput = Schemas['StudentEducationInput'];

const EDUCATION_FIELDS = [
  'studentId',
  'licenseClass',
  'baseLicenseClass',
  'status',
  'instructorId',
  'branchId',
  'priceListId',
  'paymentWorkflow',
  'driveBuzzEnabled',
  'automaticPayment',
  'theoryQuestionsVersion',
  'startDate',
  'examApplicationExpiresAt',
] as const satisfies readonly Exclude<keyof EducationInput, 'courseIds' | 'costBearerIds'>[];

const LABEL_DE: Record<string, string> = {
  REGISTERED: 'angemeldet',
  IN_TRAINING: 'in Ausbildung',
  THEORY_PASSED: 'Theorie bestanden',
  FINISHED: 'abgeschlossen',
  CANCELLED: 'abgebrochen',
};

/**
 * The current edition of the official theory question catalogue: it changes on 1 April
 * and 1 October of every year.
 */
export function currentQuestionsVersion(today = new Date()): string {
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth() + 1;
  if (month >= 10) return `${year}-10`;
  if (month >= 4) return `${year}-04`;
  return `${year - 1}-10`;
}

export function educationListsLoader(db: Db) {
  return batchLoader<{ courseIds: number[]; costBearerIds: number[] }>(
    async (schoolId, ids) => {
      const [courses, bearers] = await Promise.all([
        db
          .select({
            educationId: studentEducationCourses.studentEducationId,
            id: studentEducationCourses.theoryCourseId,
          })
          .from(studentEducationCourses)
          .where(
            and(
              eq(studentEducationCourses.drivingSchoolId, schoolId),
              inArray(studentEducationCourses.studentEducationId, ids),
            ),
          )
          .orderBy(asc(studentEducationCourses.position)),
        db
          .select({
            educationId: studentEducationCostBearers.studentEducationId,
            id: studentEducationCostBearers.costBearerId,
          })
          .from(studentEducationCostBearers)
          .where(
            and(
              eq(studentEducationCostBearers.drivingSchoolId, schoolId),
              inArray(studentEducationCostBearers.studentEducationId, ids),
            ),
          )
          .orderBy(asc(studentEducationCostBearers.costBearerId)),
      ]);
      const courseIds = groupBy(
        courses,
        (r) => r.educationId,
        (r) => r.id,
      );
      const bearerIds = groupBy(
        bearers,
        (r) => r.educationId,
        (r) => r.id,
      );
      return new Map(
        ids.map((id) => [
          id,
          { courseIds: courseIds.get(id) ?? [], costBearerIds: bearerIds.get(id) ?? [] },
        ]),
      );
    },
    () => ({ courseIds: [], costBearerIds: [] }),
  );
}

export function educationMapper(db: Db) {
  const lists = educationListsLoader(db);
  // A passed theory exam starts the 12-month window for the practical exam (until it is passed).
  const practicalDeadline = batchLoader<string>((schoolId, ids) =>
    openPracticalExamDeadlines(db, schoolId, ids),
  );
  return async (row: EducationRow): Promise<Schemas['StudentEducation']> => {
    const deadline = await practicalDeadline(row.drivingSchoolId, row.id);
    return {
      ...withoutNulls(row),
      ...(await lists(row.drivingSchoolId, row.id)),
      ...(deadline ? { practicalExamDeadline: deadline } : {}),
    } as Schemas['StudentEducation'];
  };
}

async function studentOf(db: Db, schoolId: number, studentId: number) {
  const [student] = await db
    .select({
      id: students.id,
      archived: students.archived,
      branchId: students.branchId,
      priceListId: students.priceListId,
    })
    .from(students)
    .where(and(eq(students.drivingSchoolId, schoolId), eq(students.id, studentId)));
  return student;
}

const studentArchived = () =>
  globalError(
    'errors.student_archived',
    'The student is archived; take the student out of the archive first.',
  );

export function educationDefinition(db: Db): ResourceDefinition<typeof studentEducations> {
  const toDto = educationMapper(db);

  /** Branch and price list default to the student's (the price list else to the branch's). */
  async function defaults(a: AuthContext, values: Record<string, unknown>, current?: EducationRow) {
    const student = await studentOf(db, a.drivingSchoolId, Number(values.studentId));
    if (!student) {
      throw fieldError('studentId', 'validation.unknown_id', 'No such student in your school.');
    }
    if (!current && student.archived) throw studentArchived();
    values.branchId ??= student.branchId;
    if (values.priceListId == null) {
      const [branch] = await db
        .select({ priceListId: branches.priceListId })
        .from(branches)
        .where(
          and(
            eq(branches.drivingSchoolId, a.drivingSchoolId),
            eq(branches.id, Number(values.branchId)),
          ),
        );
      values.priceListId = student.priceListId ?? branch?.priceListId ?? null;
    }
    values.theoryQuestionsVersion ??= current?.theoryQuestionsVersion ?? currentQuestionsVersion();
  }

  return {
    table: studentEducations,
    operations: {
      get: 'getStudentEducation',
      filter: 'filterStudentEducations',
      page: 'pageStudentEducations',
      create: 'createStudentEducation',
      update: 'updateStudentEducation',
      delete: 'deleteStudentEducation',
      // archiveStudentEducation is hand-written (see createEducationHandlers).
    },
    toDto: (row) => toDto(row),
    fromInput: (input) =>
      replacing(EDUCATION_FIELDS, input, {
        defaults: {
          status: 'REGISTERED',
          paymentWorkflow: 'CLASSIC_PAY',
          driveBuzzEnabled: false,
          automaticPayment: false,
        },
      }),
    searchColumns: [
      expression(
        sql`(select s.first_name || ' ' || s.last_name from students s where s.id = ${studentEducations.studentId})`,
      ),
    ],
    sortColumns: {
      id: studentEducations.id,
      licenseClass: studentEducations.licenseClass,
      status: studentEducations.status,
      startDate: studentEducations.startDate,
      theoryExamDate: studentEducations.theoryExamDate,
      practicalExamDate: studentEducations.practicalExamDate,
      createdAt: studentEducations.createdAt,
    },
    defaultSort: [{ field: 'createdAt', direction: 'desc' }],
    // An instructor who sees only own students sees only their educations.
    visibility: (a) =>
      exists(
        db
          .select({ one: sql`1` })
          .from(students)
          .where(
            and(
              eq(students.drivingSchoolId, studentEducations.drivingSchoolId),
              eq(students.id, studentEducations.studentId),
              studentVisibility(db)(a),
            ),
          ),
      ),
    filters: (body) => {
      const f = body as Schemas['StudentEducationFilter'];
      const some = <T>(list: T[] | undefined) => (list && list.length > 0 ? list : undefined);
      const classes = some(f.licenseClasses);
      const statuses = some(f.statuses);
      const instructorIds = some(f.instructorIds);
      const branchIds = some(f.branchIds);
      return [
        f.studentId ? eq(studentEducations.studentId, f.studentId) : undefined,
        classes ? inArray(studentEducations.licenseClass, classes) : undefined,
        statuses ? inArray(studentEducations.status, statuses) : undefined,
        instructorIds ? inArray(studentEducations.instructorId, instructorIds) : undefined,
        branchIds ? inArray(studentEducations.branchId, branchIds) : undefined,
        f.costBearerId
          ? exists(
              db
                .select({ one: sql`1` })
                .from(studentEducationCostBearers)
                .where(
                  and(
                    eq(studentEducationCostBearers.studentEducationId, studentEducations.id),
                    eq(studentEducationCostBearers.costBearerId, f.costBearerId),
                  ),
                ),
            )
          : undefined,
        f.paymentWorkflow ? eq(studentEducations.paymentWorkflow, f.paymentWorkflow) : undefined,
        f.finished === undefined ? undefined : eq(studentEducations.finished, f.finished),
        f.automaticPayment === undefined
          ? undefined
          : eq(studentEducations.automaticPayment, f.automaticPayment),
      ];
    },
    constraints: {
      student_educations_class_key: { field: 'licenseClass', error: 'validation.education_exists' },
      student_educations_student_fk: unknownId('studentId'),
      student_educations_instructor_fk: unknownId('instructorId'),
      student_educations_branch_fk: unknownId('branchId'),
      student_educations_price_list_fk: unknownId('priceListId'),
      student_educations_finished_check: {
        field: 'status',
        error: 'validation.education_finished',
      },
      student_educations_base_class_differs_check: {
        field: 'baseLicenseClass',
        error: 'validation.invalid',
      },
      student_educations_questions_version_check: {
        field: 'theoryQuestionsVersion',
        error: 'validation.pattern',
      },
      // The fourth course of an education finds no place 1–3 (spec 000 §5).
      student_education_courses_position_check: {
        field: 'courseIds',
        error: 'validation.max_items',
      },
      student_education_courses_position_key: { field: 'courseIds', error: 'validation.max_items' },
      student_education_courses_course_fk: unknownId('courseIds'),
      student_education_cost_bearers_cost_bearer_fk: unknownId('costBearerIds'),
    },
    rules: {
      beforeCreate: async ({ auth: a, values }) => {
        if (values) await defaults(a, values);
      },
      beforeUpdate: rules<EducationRow>(
        async ({ current }) => {
          if (current?.archived) {
            throw globalError(
              'errors.education_archived',
              'An archived education cannot be changed; take it out of the archive first.',
            );
          }
        },
        immutable<EducationRow>('studentId'),
        async ({ auth: a, values, current }) => {
          if (values) await defaults(a, values, current);
        },
      ),
      // Spec 000 §4 / 001 §5: the student must be taken out of the archive first.
      beforeArchive: async ({ current, archived, auth: a }) => {
        if (archived || !current) return;
        const student = await studentOf(db, a.drivingSchoolId, current.studentId);
        if (student?.archived) throw studentArchived();
      },
    },
  };
}

/**
 * Keeps the assignments still wanted (with their place and time), removes the others and
 * gives each new course the first free place of 1–3. More than three find no place: the
 * database refuses the fourth (position check), whatever wrote it.
 */
async function writeCourses(tx: Db, schoolId: number, educationId: number, wanted: number[]) {
  const scope = and(
    eq(studentEducationCourses.drivingSchoolId, schoolId),
    eq(studentEducationCourses.studentEducationId, educationId),
  );
  const ids = [...new Set(wanted)];
  await tx
    .delete(studentEducationCourses)
    .where(
      ids.length > 0 ? and(scope, notInArray(studentEducationCourses.theoryCourseId, ids)) : scope,
    );
  const kept = await tx
    .select({
      id: studentEducationCourses.theoryCourseId,
      position: studentEducationCourses.position,
    })
    .from(studentEducationCourses)
    .where(scope);
  const taken = new Set(kept.map((row) => row.position));
  const keptIds = new Set(kept.map((row) => row.id));
  const added = ids.filter((id) => !keptIds.has(id));
  if (added.length === 0) return;
  let position = 1;
  const rows = added.map((theoryCourseId) => {
    while (taken.has(position)) position += 1;
    taken.add(position);
    return { drivingSchoolId: schoolId, studentEducationId: educationId, theoryCourseId, position };
  });
  await tx.insert(studentEducationCourses).values(rows);
}

async function writeCostBearers(tx: Db, schoolId: number, educationId: number, wanted: number[]) {
  const scope = and(
    eq(studentEducationCostBearers.drivingSchoolId, schoolId),
    eq(studentEducationCostBearers.studentEducationId, educationId),
  );
  const ids = [...new Set(wanted)];
  const existing = await tx
    .select({ id: studentEducationCostBearers.costBearerId })
    .from(studentEducationCostBearers)
    .where(scope);
  const have = new Set(existing.map((row) => row.id));
  const added = ids.filter((id) => !have.has(id));
  if (added.length > 0) {
    // An archived cost bearer is not added to an education (its old links stay).
    const archived = await tx
      .select({ id: costBearers.id })
      .from(costBearers)
      .where(
        and(
          eq(costBearers.drivingSchoolId, schoolId),
          inArray(costBearers.id, added),
          eq(costBearers.archived, true),
        ),
      );
    if (archived.length > 0) {
      throw fieldError(
        'costBearerIds',
        'validation.cost_bearer_archived',
        'An archived cost bearer cannot be added to an education.',
      );
    }
  }
  await tx
    .delete(studentEducationCostBearers)
    .where(
      ids.length > 0
        ? and(scope, notInArray(studentEducationCostBearers.costBearerId, ids))
        : scope,
    );
  if (added.length > 0) {
    await tx.insert(studentEducationCostBearers).values(
      added.map((costBearerId) => ({
        drivingSchoolId: schoolId,
        studentEducationId: educationId,
        costBearerId,
      })),
    );
  }
}

/** One entry of the education timeline. */
export async function addEducationEvent(
  tx: Db,
  event: Omit<typeof educationEvents.$inferInsert, 'id'>,
): Promise<void> {
  await tx.insert(educationEvents).values(event);
}

export function createEducationHandlers(db: Db, jobs?: JobQueue): OperationHandlers {
  const definition = educationDefinition(db);
  const toDto = educationMapper(db);
  // Create and update write the links too: `writes` answers them, not the generic layer.
  const { deleteStudentEducation, ...generic } = createResourceHandlers(
    db,
    withoutWrites(definition),
  );
  const writes = writeWithChildren(db, definition, {
    operations: definition.operations,
    children: async ({ tx, auth: a, row, current, body }) => {
      const input = body as EducationInput;
      await writeCourses(tx, a.drivingSchoolId, row.id, input.courseIds ?? []);
      await writeCostBearers(tx, a.drivingSchoolId, row.id, input.costBearerIds ?? []);
      const base = {
        drivingSchoolId: a.drivingSchoolId,
        studentId: row.studentId,
        studentEducationId: row.id,
        userId: a.userId,
      };
      if (!current) {
        await addEducationEvent(tx, {
          ...base,
          type: 'CREATED',
          text: `Ausbildung Klasse ${row.licenseClass} angelegt`,
        });
      } else if (current.status !== row.status) {
        await addEducationEvent(tx, {
          ...base,
          type: 'STATUS_CHANGE',
          text: `Status: ${LABEL_DE[current.status]} → ${LABEL_DE[row.status]}`,
        });
      }
    },
  });

  // The automatic payment triggers of the event CREATED, queued after the create's commit.
  const createInTransaction = writes.createStudentEducation;
  if (createInTransaction) {
    writes.createStudentEducation = async (request, reply) => {
      const result = await createInTransaction(request, reply);
      const id = (result.body as { id?: number } | undefined)?.id;
      if (result.status === 201 && id !== undefined) {
        await queueTriggerEvents(jobs, requireAuth(request).drivingSchoolId, [id], 'CREATED');
      }
      return result;
    };
  }

  async function load(a: AuthContext, id: number) {
    const [row] = await db
      .select()
      .from(studentEducations)
      .where(
        and(eq(studentEducations.drivingSchoolId, a.drivingSchoolId), eq(studentEducations.id, id)),
      );
    if (!row) throw notFound();
    return row;
  }

  /** The education, 404 unless its student is of the school and visible to the caller. */
  async function loadVisible(a: AuthContext, id: number) {
    const row = await load(a, id);
    await visibleStudent(db, a, row.studentId);
    return row;
  }

  async function setFlag(
    a: AuthContext,
    id: number,
    values: Partial<EducationRow>,
    check?: (current: EducationRow) => Promise<void>,
  ) {
    const current = await loadVisible(a, id);
    if (current.archived) {
      throw globalError('errors.education_archived', 'An archived education cannot be changed.');
    }
    await check?.(current);
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(studentEducations)
        .set(values)
        .where(
          and(
            eq(studentEducations.drivingSchoolId, a.drivingSchoolId),
            eq(studentEducations.id, id),
          ),
        )
        .returning();
      if (updated && updated.status !== current.status) {
        await addEducationEvent(tx, {
          drivingSchoolId: a.drivingSchoolId,
          studentId: updated.studentId,
          studentEducationId: updated.id,
          userId: a.userId,
          type: 'STATUS_CHANGE',
          text: `Status: ${LABEL_DE[current.status]} → ${LABEL_DE[updated.status]}`,
        });
      }
      return updated;
    });
    if (!row) throw notFound();
    return { status: 200 as const, body: await toDto(row) };
  }

  /** A final invoice of the education that is not cancelled (drafts included). */
  async function openFinalInvoice(a: AuthContext, educationId: number) {
    const [invoice] = await db
      .select({ id: paymentDocuments.id })
      .from(paymentDocuments)
      .where(
        and(
          eq(paymentDocuments.drivingSchoolId, a.drivingSchoolId),
          eq(paymentDocuments.studentEducationId, educationId),
          eq(paymentDocuments.type, 'FINAL_INVOICE'),
          ne(paymentDocuments.status, 'CANCELLED'),
        ),
      )
      .limit(1);
    return invoice;
  }

  return mergeHandlers(
    generic,
    writes,
    handlers({
      listStudentEducations: listWithQuery(db, definition, 'listStudentEducations', (query) => ({
        studentId: query.studentId,
      })),
      deleteStudentEducation: renameError(
        required(deleteStudentEducation, 'deleteStudentEducation'),
        'errors.still_referenced',
        'errors.education_in_use',
        'The education has appointments, exams, invoices, payments or a signed contract; archive it instead.',
      ),

      // Archive with its timeline entry; unarchiving needs the student out of the archive.
      async archiveStudentEducation(request) {
        const a = requireAuth(request);
        const { id, archived } = request.query as { id: number; archived: boolean };
        const current = await loadVisible(a, Number(id));
        await definition.rules?.beforeArchive?.({ db, auth: a, current, archived });
        const row = await db.transaction(async (tx) => {
          const [updated] = await tx
            .update(studentEducations)
            .set({ archived })
            .where(
              and(
                eq(studentEducations.drivingSchoolId, a.drivingSchoolId),
                eq(studentEducations.id, Number(id)),
              ),
            )
            .returning();
          if (updated && updated.archived !== current.archived) {
            await addEducationEvent(tx, {
              drivingSchoolId: a.drivingSchoolId,
              studentId: updated.studentId,
              studentEducationId: updated.id,
              userId: a.userId,
              type: archived ? 'ARCHIVED' : 'UNARCHIVED',
              text: archived
                ? `Ausbildung Klasse ${updated.licenseClass} archiviert`
                : `Ausbildung Klasse ${updated.licenseClass} aus dem Archiv geholt`,
            });
          }
          return updated;
        });
        if (!row) throw notFound();
        return { status: 200 as const, body: await toDto(row) };
      },

      async listStudentEducationsByStudent(request) {
        const a = requireAuth(request);
        const studentId = num(request.params.studentId);
        await visibleStudent(db, a, studentId);
        const rows = await db
          .select()
          .from(studentEducations)
          .where(
            and(
              eq(studentEducations.drivingSchoolId, a.drivingSchoolId),
              eq(studentEducations.studentId, studentId),
            ),
          )
          .orderBy(desc(studentEducations.createdAt), desc(studentEducations.id))
          .limit(50);
        return { status: 200 as const, body: await Promise.all(rows.map(toDto)) };
      },

      // Finishing sets FINISHED; taking the mark back sets IN_TRAINING, refused while an
      // uncancelled final invoice exists (cancel it first).
      changeFinishedEducationState(request) {
        const a = requireAuth(request);
        const finished = request.query.finished === true;
        return setFlag(
          a,
          num(request.query.id),
          finished
            ? { finished: true, status: 'FINISHED' }
            : { finished: false, status: 'IN_TRAINING' },
          async (current) => {
            if (finished || !current.finished) return;
            if (await openFinalInvoice(a, current.id)) {
              throw globalError(
                'errors.final_invoice_exists',
                'The education has a final invoice; cancel it before taking back the finished mark.',
              );
            }
          },
        );
      },

      // Live pay collects by direct debit: switching it on needs a confirmed mandate.
      changeAutomaticPaymentState(request) {
        const a = requireAuth(request);
        const automaticPayment = request.query.automaticPayment === true;
        return setFlag(a, num(request.query.id), { automaticPayment }, async (current) => {
          if (!automaticPayment || current.paymentWorkflow !== 'LIVE_PAY') return;
          const [mandate] = await db
            .select({ id: livePayMandates.id })
            .from(livePayMandates)
            .where(
              and(
                eq(livePayMandates.drivingSchoolId, a.drivingSchoolId),
                eq(livePayMandates.studentId, current.studentId),
                eq(livePayMandates.status, 'CONFIRMED'),
                or(
                  isNull(livePayMandates.studentEducationId),
                  eq(livePayMandates.studentEducationId, current.id),
                ),
              ),
            )
            .limit(1);
          if (!mandate) {
            throw globalError(
              'errors.no_confirmed_mandate',
              'Automatic live-pay payments need a confirmed direct-debit mandate of the student.',
            );
          }
        });
      },

      changeDriveBuzzEnabled: (request) =>
        setFlag(requireAuth(request), num(request.query.id), {
          driveBuzzEnabled: Boolean(request.query.driveBuzzEnabled),
        }),

      async getTheoryQuestionsVersion(request) {
        const row = await loadVisible(requireAuth(request), num(request.params.id));
        return {
          status: 200,
          body: { studentEducationId: row.id, theoryQuestionsVersion: row.theoryQuestionsVersion },
        };
      },

      async listEducationEventsByStudent(request) {
        const a = requireAuth(request);
        const studentId = num(request.params.id);
        await visibleStudent(db, a, studentId);
        const rows = await db
          .select()
          .from(educationEvents)
          .where(
            and(
              eq(educationEvents.drivingSchoolId, a.drivingSchoolId),
              eq(educationEvents.studentId, studentId),
            ),
          )
          .orderBy(desc(educationEvents.date), desc(educationEvents.id))
          .limit(2000);
        return { status: 200 as const, body: rows.map((row) => withoutNulls(row)) };
      },
    }),
  );
}
