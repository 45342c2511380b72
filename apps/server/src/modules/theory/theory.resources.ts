import type { components } from '@fahrwerk/api/schema';
import {
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  inArray,
  lt,
  lte,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  studentEducationCourses,
  studentEducations,
  students,
  theoryCourses,
  theoryLessonParticipants,
  theoryLessons,
} from '../../db/schema';
import { type AuthContext, requireAuth } from '../../http/auth';
import { AppError, globalError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { syllabusTopic } from '../licence-data/licence-data';
import { guardWrite } from '../resources/database-errors';
import {
  batchLoader,
  berlinToday,
  fieldErrors,
  groupBy,
  handlers,
  hhmm,
  invalid,
  iso,
  mergeHandlers,
  unknownId,
  withoutNulls,
} from '../resources/kit';
import { createResourceHandlers, type ResourceDefinition } from '../resources/resource-handlers';
import { createResourceRepository, type SortOrder } from '../resources/resource-repository';
import { hiddenStudentIds, keepingHiddenEducations } from '../students/student-access';
import { lessonClasses } from './theory-progress';

type Schemas = components['schemas'];
type TheoryCourse = Schemas['TheoryCourse'];
type TheoryLesson = Schemas['TheoryLesson'];
type Participant = Schemas['TheoryLessonParticipant'];
type CourseRow = typeof theoryCourses.$inferSelect;
type LessonRow = typeof theoryLessons.$inferSelect;
type LicenseClass = Schemas['LicenseClass'];

/** An education may be in at most 3 courses (spec 001 §5). */
export const MAX_COURSES_PER_EDUCATION = 3;

/* ──────────────────────────── theory courses ──────────────────────────── */

function courseToDto(row: CourseRow, studentCount: number): TheoryCourse {
  return withoutNulls({
    id: row.id,
    shortDescription: row.shortDescription,
    start: row.start,
    end: row.end,
    quantity: row.quantity,
    shownOnWebPage: row.shownOnWebPage,
    teachingMaterialProductId: row.teachingMaterialProductId,
    basicFeeProductId: row.basicFeeProductId,
    showForOnboarding: row.showForOnboarding,
    licenseClasses: row.licenseClasses as LicenseClass[],
    branchId: row.branchId,
    instructorId: row.instructorId,
    studentCount: Math.min(studentCount, 500),
    archived: row.archived,
    createdAt: iso(row.createdAt) as string,
    updatedAt: iso(row.updatedAt) as string,
  }) as TheoryCourse;
}

function courseFromInput(input: Record<string, unknown>): Record<string, unknown> {
  const body = input as Schemas['TheoryCourseInput'];
  return {
    shortDescription: body.shortDescription,
    start: body.start,
    end: body.end,
    quantity: body.quantity,
    shownOnWebPage: body.shownOnWebPage ?? false,
    teachingMaterialProductId: body.teachingMaterialProductId ?? null,
    basicFeeProductId: body.basicFeeProductId ?? null,
    showForOnboarding: body.showForOnboarding ?? false,
    licenseClasses: [...new Set(body.licenseClasses ?? [])],
    branchId: body.branchId,
    instructorId: body.instructorId ?? null,
  };
}

function courseFilter(body: Record<string, unknown>): (SQL | undefined)[] {
  const f = body as Schemas['TheoryCourseFilter'];
  return [
    f.from ? gte(theoryCourses.end, f.from) : undefined,
    f.to ? lte(theoryCourses.start, f.to) : undefined,
    f.branchId ? eq(theoryCourses.branchId, f.branchId) : undefined,
    f.instructorId ? eq(theoryCourses.instructorId, f.instructorId) : undefined,
    // A course without classes prepares for every class.
    f.licenseClass
      ? or(
          arrayContains(theoryCourses.licenseClasses, [f.licenseClass]),
          sql`cardinality(${theoryCourses.licenseClasses}) = 0`,
        )
      : undefined,
    f.shownOnWebPage !== undefined ? eq(theoryCourses.shownOnWebPage, f.shownOnWebPage) : undefined,
    f.showForOnboarding !== undefined
      ? eq(theoryCourses.showForOnboarding, f.showForOnboarding)
      : undefined,
  ];
}

function checkDates(values: Record<string, unknown>) {
  if ((values.end as string) < (values.start as string)) {
    throw fieldErrors(
      [{ field: 'end', error: 'validation.minimum' }],
      'The course ends before it starts.',
    );
  }
}

/** Students per course, batched. */
function studentCounts(db: Db) {
  return batchLoader<number>(async (schoolId, ids) => {
    const rows = await db
      .select({ id: studentEducationCourses.theoryCourseId, n: count() })
      .from(studentEducationCourses)
      .where(
        and(
          eq(studentEducationCourses.drivingSchoolId, schoolId),
          inArray(studentEducationCourses.theoryCourseId, ids),
        ),
      )
      .groupBy(studentEducationCourses.theoryCourseId);
    return new Map(rows.map((row) => [row.id, Number(row.n)]));
  });
}

/** The lessons of each course: how many, how many held, the next date. Batched. */
function lessonStats(db: Db) {
  return batchLoader<{ lessonCount: number; heldLessonCount: number; nextLessonDate?: string }>(
    async (schoolId, ids) => {
      const today = berlinToday();
      const rows = await db
        .select({
          id: theoryLessons.theoryCourseId,
          lessonCount: count(),
          heldLessonCount: sql<number>`count(*) filter (where ${theoryLessons.date} < ${today})`,
          nextLessonDate: sql<
            string | null
          >`min(${theoryLessons.date}) filter (where ${theoryLessons.date} >= ${today})`,
        })
        .from(theoryLessons)
        .where(
          and(
            eq(theoryLessons.drivingSchoolId, schoolId),
            inArray(theoryLessons.theoryCourseId, ids),
          ),
        )
        .groupBy(theoryLessons.theoryCourseId);
      return new Map(
        rows.map((row) => [
          row.id as number,
          withoutNulls({
            lessonCount: Number(row.lessonCount),
            heldLessonCount: Number(row.heldLessonCount),
            nextLessonDate: row.nextLessonDate
              ? String(row.nextLessonDate).slice(0, 10)
              : undefined,
          }),
        ]),
      );
    },
  );
}

const NEWEST_START: SortOrder[] = [{ field: 'start', direction: 'desc' }];

/** The students of a course, by last name. */
async function courseStudents(db: Db, auth: AuthContext, courseId: number) {
  const attended = db
    .select({ n: count() })
    .from(theoryLessonParticipants)
    .innerJoin(
      theoryLessons,
      and(
        eq(theoryLessons.drivingSchoolId, theoryLessonParticipants.drivingSchoolId),
        eq(theoryLessons.id, theoryLessonParticipants.theoryLessonId),
      ),
    )
    .where(
      and(
        eq(theoryLessonParticipants.drivingSchoolId, auth.drivingSchoolId),
        eq(theoryLessonParticipants.studentEducationId, studentEducationCourses.studentEducationId),
        eq(theoryLessons.theoryCourseId, courseId),
      ),
    );
  const rows = await db
    .select({
      studentId: studentEducations.studentId,
      studentEducationId: studentEducationCourses.studentEducationId,
      firstName: students.firstName,
      lastName: students.lastName,
      licenseClass: studentEducations.licenseClass,
      assignedAt: studentEducationCourses.assignedAt,
      attendedLessonCount: sql<number>`(${attended})`,
    })
    .from(studentEducationCourses)
    .innerJoin(
      studentEducations,
      and(
        eq(studentEducations.drivingSchoolId, studentEducationCourses.drivingSchoolId),
        eq(studentEducations.id, studentEducationCourses.studentEducationId),
      ),
    )
    .innerJoin(
      students,
      and(
        eq(students.drivingSchoolId, studentEducations.drivingSchoolId),
        eq(students.id, studentEducations.studentId),
      ),
    )
    .where(
      and(
        eq(studentEducationCourses.drivingSchoolId, auth.drivingSchoolId),
        eq(studentEducationCourses.theoryCourseId, courseId),
      ),
    )
    .orderBy(
      asc(students.lastName),
      asc(students.firstName),
      asc(studentEducationCourses.studentEducationId),
    )
    .limit(500);
  return rows.map((row) => ({
    ...row,
    assignedAt: iso(row.assignedAt) as string,
    attendedLessonCount: Number(row.attendedLessonCount),
  })) as Schemas['TheoryCourseStudent'][];
}

async function loadCourse(db: Db, auth: AuthContext, id: number): Promise<CourseRow> {
  const [row] = await db
    .select()
    .from(theoryCourses)
    .where(and(eq(theoryCourses.drivingSchoolId, auth.drivingSchoolId), eq(theoryCourses.id, id)));
  if (!row) throw notFound();
  return row;
}

/**
 * Assigns educations to a course in the places 1–3 each education has (spec 001 §5: at most 3
 * courses); answers false when an education has no free place.
 */
async function assignToCourse(
  tx: Db,
  schoolId: number,
  courseId: number,
  educationIds: number[],
): Promise<void> {
  if (educationIds.length === 0) return;
  const taken = await tx
    .select({
      id: studentEducationCourses.studentEducationId,
      position: studentEducationCourses.position,
    })
    .from(studentEducationCourses)
    .where(
      and(
        eq(studentEducationCourses.drivingSchoolId, schoolId),
        inArray(studentEducationCourses.studentEducationId, educationIds),
      ),
    );
  const byEducation = groupBy(taken, (row) => row.id);
  const rows = educationIds.map((studentEducationId) => {
    const used = new Set((byEducation.get(studentEducationId) ?? []).map((row) => row.position));
    const position = [1, 2, 3].find((p) => !used.has(p));
    if (position === undefined) {
      throw globalError(
        'errors.course_limit_reached',
        `Education ${studentEducationId} is already in ${MAX_COURSES_PER_EDUCATION} courses.`,
      );
    }
    return { drivingSchoolId: schoolId, studentEducationId, theoryCourseId: courseId, position };
  });
  await tx.insert(studentEducationCourses).values(rows);
}

/** Educations of the school among `ids`, with their student. */
async function educationsOf(db: Db, schoolId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: studentEducations.id,
      studentId: studentEducations.studentId,
      licenseClass: studentEducations.licenseClass,
      status: studentEducations.status,
      archived: studentEducations.archived,
    })
    .from(studentEducations)
    .where(
      and(eq(studentEducations.drivingSchoolId, schoolId), inArray(studentEducations.id, ids)),
    );
}

const courseConstraints = {
  theory_courses_branch_fk: unknownId('branchId'),
  theory_courses_instructor_fk: unknownId('instructorId'),
  theory_courses_teaching_material_product_fk: unknownId('teachingMaterialProductId'),
  theory_courses_basic_fee_product_fk: unknownId('basicFeeProductId'),
  theory_courses_dates_check: invalid('end'),
  theory_courses_quantity_check: invalid('quantity'),
  student_education_courses_position_key: { error: 'errors.course_limit_reached' },
  student_education_courses_pkey: { error: 'errors.duplicate' },
};

function createCourseHandlers(db: Db): OperationHandlers {
  const counts = studentCounts(db);
  const stats = lessonStats(db);
  const toDto = async (row: CourseRow) =>
    courseToDto(row, (await counts(row.drivingSchoolId, row.id)) ?? 0);
  const sortColumns = {
    shortDescription: theoryCourses.shortDescription,
    start: theoryCourses.start,
    end: theoryCourses.end,
    quantity: theoryCourses.quantity,
    createdAt: theoryCourses.createdAt,
  };
  const definition: ResourceDefinition<typeof theoryCourses> = {
    table: theoryCourses,
    operations: {
      get: 'getTheoryCourse',
      filter: 'filterTheoryCourses',
      list: 'listTheoryCourses',
      page: 'pageTheoryCourses',
      create: 'createTheoryCourse',
      update: 'updateTheoryCourse',
      delete: 'deleteTheoryCourse',
      archive: 'archiveTheoryCourse',
    },
    toDto,
    fromInput: courseFromInput,
    searchColumns: [theoryCourses.shortDescription],
    sortColumns,
    defaultSort: NEWEST_START,
    filters: courseFilter,
    constraints: courseConstraints,
    rules: {
      async beforeCreate({ values }) {
        checkDates(values ?? {});
      },
      async beforeUpdate({ current, values }) {
        checkDates(values ?? {});
        if (!current) return;
        const assigned = (await counts(current.drivingSchoolId, current.id)) ?? 0;
        if (Number(values?.quantity) < assigned) {
          throw globalError(
            'errors.course_quantity_below_students',
            `The course has ${assigned} students; quantity cannot be lower.`,
          );
        }
      },
      async beforeDelete({ db, current }) {
        if (!current) return;
        const assigned = (await counts(current.drivingSchoolId, current.id)) ?? 0;
        const [held] = await db
          .select({ n: count() })
          .from(theoryLessons)
          .where(
            and(
              eq(theoryLessons.drivingSchoolId, current.drivingSchoolId),
              eq(theoryLessons.theoryCourseId, current.id),
              lt(theoryLessons.date, berlinToday()),
            ),
          );
        if (assigned > 0 || Number(held?.n ?? 0) > 0) {
          throw globalError(
            'errors.course_in_use',
            'The course has students or held lessons; archive it instead.',
          );
        }
      },
    },
  };
  const repository = createResourceRepository(db, theoryCourses, {
    searchColumns: definition.searchColumns,
    sortColumns,
    defaultSort: NEWEST_START,
  });
  const inSchool = (auth: AuthContext) => eq(theoryCourses.drivingSchoolId, auth.drivingSchoolId);

  return mergeHandlers(
    createResourceHandlers(db, definition),
    handlers({
      async filterTheoryList(request) {
        const auth = requireAuth(request);
        const body = (request.body ?? {}) as Schemas['TheoryCourseFilter'];
        const size = body.size ?? 25;
        const { rows, total } = await repository.page(auth.drivingSchoolId, {
          offset: (body.page ?? 0) * size,
          limit: size,
          sort: body.sort,
          search: body.search,
          archived: body.archived ?? false,
          where: courseFilter(body),
        });
        const data = await Promise.all(
          rows.map(async (row) => {
            const course = await toDto(row);
            const stat = (await stats(row.drivingSchoolId, row.id)) ?? {
              lessonCount: 0,
              heldLessonCount: 0,
            };
            return withoutNulls({
              course,
              lessonCount: Math.min(stat.lessonCount, 1000),
              heldLessonCount: Math.min(stat.heldLessonCount, 1000),
              nextLessonDate: stat.nextLessonDate,
              freePlaces: Math.max(0, course.quantity - course.studentCount),
            });
          }),
        );
        return { status: 200, body: { data, total } };
      },

      async listUpcomingTheoryCourses(request) {
        const auth = requireAuth(request);
        const rows = await db
          .select()
          .from(theoryCourses)
          .where(
            and(
              inSchool(auth),
              eq(theoryCourses.archived, false),
              gte(theoryCourses.start, berlinToday()),
            ),
          )
          .orderBy(asc(theoryCourses.start), asc(theoryCourses.id))
          .limit(5);
        return { status: 200, body: await Promise.all(rows.map(toDto)) };
      },

      async listStudentFilterTheoryCourses(request) {
        const auth = requireAuth(request);
        const rows = await db
          .select({
            id: theoryCourses.id,
            shortDescription: theoryCourses.shortDescription,
            start: theoryCourses.start,
            end: theoryCourses.end,
            archived: theoryCourses.archived,
          })
          .from(theoryCourses)
          .where(inSchool(auth))
          .orderBy(asc(theoryCourses.archived), desc(theoryCourses.start), asc(theoryCourses.id))
          .limit(1000);
        return { status: 200, body: rows };
      },

      async listTheoryCourseStudents(request) {
        const auth = requireAuth(request);
        const course = await loadCourse(db, auth, Number(request.params.id));
        return { status: 200, body: await courseStudents(db, auth, course.id) };
      },

      /** Replaces the assignment (spec 001 §5: at most 3 courses per education, not over quantity). */
      async updateTheoryCourseStudents(request) {
        const auth = requireAuth(request);
        const course = await loadCourse(db, auth, Number(request.params.id));
        const assigned = await db
          .select({ id: studentEducationCourses.studentEducationId })
          .from(studentEducationCourses)
          .where(
            and(
              eq(studentEducationCourses.drivingSchoolId, auth.drivingSchoolId),
              eq(studentEducationCourses.theoryCourseId, course.id),
            ),
          );
        // Visibility "own students": others' educations stay, none of theirs is added.
        const wanted = await keepingHiddenEducations(
          db,
          auth,
          [...new Set((request.body as Schemas['TheoryCourseStudentsInput']).studentEducationIds)],
          assigned.map((row) => row.id),
          'studentEducationIds',
        );
        if (wanted.length > course.quantity) {
          throw globalError('errors.course_full', `The course has ${course.quantity} places.`);
        }
        const found = await educationsOf(db, auth.drivingSchoolId, wanted);
        if (found.length !== wanted.length) {
          throw fieldErrors(
            [{ field: 'studentEducationIds', error: 'validation.unknown_id' }],
            'An education is not one of your school.',
          );
        }
        await guardWrite(
          () =>
            db.transaction(async (tx) => {
              const current = await tx
                .select({ id: studentEducationCourses.studentEducationId })
                .from(studentEducationCourses)
                .where(
                  and(
                    eq(studentEducationCourses.drivingSchoolId, auth.drivingSchoolId),
                    eq(studentEducationCourses.theoryCourseId, course.id),
                  ),
                );
              const have = new Set(current.map((row) => row.id));
              const removed = [...have].filter((id) => !wanted.includes(id));
              if (removed.length > 0) {
                await tx
                  .delete(studentEducationCourses)
                  .where(
                    and(
                      eq(studentEducationCourses.drivingSchoolId, auth.drivingSchoolId),
                      eq(studentEducationCourses.theoryCourseId, course.id),
                      inArray(studentEducationCourses.studentEducationId, removed),
                    ),
                  );
              }
              await assignToCourse(
                tx,
                auth.drivingSchoolId,
                course.id,
                wanted.filter((id) => !have.has(id)),
              );
            }),
          courseConstraints,
        );
        return { status: 200, body: await courseStudents(db, auth, course.id) };
      },

      /** Books an education into single lessons (modules) of the course, joining it if needed. */
      async bookTheoryCourseModule(request) {
        const auth = requireAuth(request);
        const course = await loadCourse(db, auth, Number(request.params.id));
        const body = request.body as Schemas['TheoryModuleBookingInput'];
        const [education] = await educationsOf(db, auth.drivingSchoolId, [body.studentEducationId]);
        if (!education) {
          throw fieldErrors(
            [{ field: 'studentEducationId', error: 'validation.unknown_id' }],
            'No such education in your school.',
          );
        }
        const lessonIds = [...new Set(body.theoryLessonIds)];
        const lessons = await db
          .select({ id: theoryLessons.id, courseId: theoryLessons.theoryCourseId })
          .from(theoryLessons)
          .where(
            and(
              eq(theoryLessons.drivingSchoolId, auth.drivingSchoolId),
              inArray(theoryLessons.id, lessonIds),
            ),
          );
        if (lessons.length !== lessonIds.length || lessons.some((l) => l.courseId !== course.id)) {
          throw globalError(
            'errors.lesson_not_in_course',
            'A lesson does not belong to the course.',
          );
        }
        await guardWrite(
          () =>
            db.transaction(async (tx) => {
              const [inCourse] = await tx
                .select({ n: count() })
                .from(studentEducationCourses)
                .where(
                  and(
                    eq(studentEducationCourses.drivingSchoolId, auth.drivingSchoolId),
                    eq(studentEducationCourses.theoryCourseId, course.id),
                    eq(studentEducationCourses.studentEducationId, education.id),
                  ),
                );
              if (!Number(inCourse?.n ?? 0)) {
                const counted = await courseStudentCount(tx, auth, course.id);
                if (counted >= course.quantity) {
                  throw globalError('errors.course_full', 'The course has no free place.');
                }
                await assignToCourse(tx, auth.drivingSchoolId, course.id, [education.id]);
              }
              await tx
                .insert(theoryLessonParticipants)
                .values(
                  lessonIds.map((theoryLessonId) => ({
                    drivingSchoolId: auth.drivingSchoolId,
                    theoryLessonId,
                    studentId: education.studentId,
                    studentEducationId: education.id,
                  })),
                )
                .onConflictDoNothing();
            }),
          courseConstraints,
        );
        const booked = await participantsOf(
          db,
          auth.drivingSchoolId,
          lessonIds,
          education.studentId,
        );
        return { status: 200, body: booked };
      },
    }),
  );
}

async function courseStudentCount(db: Db, auth: AuthContext, courseId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(studentEducationCourses)
    .where(
      and(
        eq(studentEducationCourses.drivingSchoolId, auth.drivingSchoolId),
        eq(studentEducationCourses.theoryCourseId, courseId),
      ),
    );
  return Number(row?.n ?? 0);
}

/* ──────────────────────────── theory lessons ──────────────────────────── */

/**
 * The participant rows of lessons with names, class and signature file, by name;
 * `studentId` narrows to one student. The lesson answers and the attendance PDF read these.
 */
export async function participantRows(
  db: Db,
  schoolId: number,
  lessonIds: number[],
  studentId?: number,
) {
  if (lessonIds.length === 0) return [];
  return db
    .select({
      id: theoryLessonParticipants.id,
      theoryLessonId: theoryLessonParticipants.theoryLessonId,
      studentId: theoryLessonParticipants.studentId,
      studentEducationId: theoryLessonParticipants.studentEducationId,
      firstName: students.firstName,
      lastName: students.lastName,
      licenseClass: studentEducations.licenseClass,
      signatureFileId: theoryLessonParticipants.signatureFileId,
      signedAt: theoryLessonParticipants.signedAt,
    })
    .from(theoryLessonParticipants)
    .innerJoin(
      students,
      and(
        eq(students.drivingSchoolId, theoryLessonParticipants.drivingSchoolId),
        eq(students.id, theoryLessonParticipants.studentId),
      ),
    )
    .innerJoin(
      studentEducations,
      and(
        eq(studentEducations.drivingSchoolId, theoryLessonParticipants.drivingSchoolId),
        eq(studentEducations.id, theoryLessonParticipants.studentEducationId),
      ),
    )
    .where(
      and(
        eq(theoryLessonParticipants.drivingSchoolId, schoolId),
        inArray(theoryLessonParticipants.theoryLessonId, lessonIds),
        studentId === undefined ? undefined : eq(theoryLessonParticipants.studentId, studentId),
      ),
    )
    .orderBy(asc(students.lastName), asc(students.firstName), asc(theoryLessonParticipants.id));
}

/** The participants of lessons with names and class; `studentId` narrows to one student. */
export async function participantsOf(
  db: Db,
  schoolId: number,
  lessonIds: number[],
  studentId?: number,
): Promise<Participant[]> {
  const rows = await participantRows(db, schoolId, lessonIds, studentId);
  return rows.map(({ signatureFileId: _file, ...row }) =>
    withoutNulls({
      ...row,
      licenseClass: row.licenseClass as LicenseClass,
      signed: row.signedAt !== null,
      signedAt: iso(row.signedAt),
    }),
  ) as Participant[];
}

function lessonToDto(row: LessonRow, participants: Participant[]): TheoryLesson {
  return withoutNulls({
    id: row.id,
    theoryCourseId: row.theoryCourseId,
    additional: row.additional,
    lessonNumber: row.lessonNumber,
    topic: row.topic,
    licenseClasses: row.licenseClasses as LicenseClass[],
    date: row.date,
    startTime: hhmm(row.startTime),
    minutes: row.minutes,
    instructorId: row.instructorId,
    branchId: row.branchId,
    room: row.room,
    booked: row.booked,
    participants: participants.slice(0, 500),
    createdAt: iso(row.createdAt) as string,
    updatedAt: iso(row.updatedAt) as string,
  }) as TheoryLesson;
}

function lessonFromInput(input: Record<string, unknown>): Record<string, unknown> {
  const body = input as Schemas['TheoryLessonInput'];
  return {
    theoryCourseId: body.theoryCourseId ?? null,
    additional: body.additional,
    lessonNumber: body.lessonNumber,
    topic: body.topic?.trim() || syllabusTopic(body.additional, body.lessonNumber),
    licenseClasses: [...new Set(body.licenseClasses ?? [])],
    date: body.date,
    startTime: body.startTime,
    minutes: body.minutes ?? 90,
    instructorId: body.instructorId,
    branchId: body.branchId,
    room: body.room ?? null,
  };
}

function checkLesson(values: Record<string, unknown>) {
  const errors: { field: string; error: string }[] = [];
  if (Number(values.minutes) < 5) errors.push({ field: 'minutes', error: 'validation.minimum' });
  if (values.additional === true && (values.licenseClasses as unknown[]).length === 0) {
    errors.push({ field: 'licenseClasses', error: 'validation.min_items' });
  }
  if (errors.length > 0) throw fieldErrors(errors, 'The lesson breaks a rule.');
}

function lessonFilter(body: Record<string, unknown>): (SQL | undefined)[] {
  const f = body as Schemas['TheoryLessonFilter'];
  return [
    f.from ? gte(theoryLessons.date, f.from) : undefined,
    f.to ? lte(theoryLessons.date, f.to) : undefined,
    f.theoryCourseId ? eq(theoryLessons.theoryCourseId, f.theoryCourseId) : undefined,
    f.instructorId ? eq(theoryLessons.instructorId, f.instructorId) : undefined,
    f.branchId ? eq(theoryLessons.branchId, f.branchId) : undefined,
    f.additional !== undefined ? eq(theoryLessons.additional, f.additional) : undefined,
    f.booked !== undefined ? eq(theoryLessons.booked, f.booked) : undefined,
    f.studentId
      ? exists(
          sql`(select 1 from ${theoryLessonParticipants} where ${theoryLessonParticipants.drivingSchoolId} = ${theoryLessons.drivingSchoolId} and ${theoryLessonParticipants.theoryLessonId} = ${theoryLessons.id} and ${theoryLessonParticipants.studentId} = ${f.studentId})`,
        )
      : undefined,
  ];
}

const lessonConstraints = {
  theory_lessons_course_fk: unknownId('theoryCourseId'),
  theory_lessons_instructor_fk: unknownId('instructorId'),
  theory_lessons_branch_fk: unknownId('branchId'),
  theory_lessons_minutes_check: invalid('minutes'),
  theory_lessons_ends_same_day_check: invalid('minutes'),
  theory_lessons_lesson_number_check: invalid('lessonNumber'),
  theory_lessons_additional_classes_check: {
    field: 'licenseClasses',
    error: 'validation.min_items',
  },
};

const BY_TIME: SortOrder[] = [{ field: 'date' }, { field: 'startTime' }];
const NEWEST_FIRST: SortOrder[] = [
  { field: 'date', direction: 'desc' },
  { field: 'startTime', direction: 'desc' },
];

type StudentEducation = { id: number; licenseClass: string; courseIds: number[] };

/**
 * Which of the student's active educations a lesson can count for (spec 000 §3 student match):
 * basic lessons count for every class, additional ones for the classes they cover (B197 also
 * takes class B's, as the progress counts them); a lesson of a course counts for educations
 * in the course or with a free course place.
 */
export function matchLesson(
  lesson: Pick<LessonRow, 'additional' | 'licenseClasses' | 'theoryCourseId'>,
  educations: StudentEducation[],
): { studentEducationIds: number[]; reasons: string[] } {
  if (educations.length === 0) {
    return { studentEducationIds: [], reasons: ['theory.match.no_active_education'] };
  }
  const covered = educations.filter(
    (e) =>
      !lesson.additional ||
      lessonClasses(e.licenseClass as LicenseClass).some((c) =>
        lesson.licenseClasses.includes(c as LicenseClass),
      ),
  );
  if (covered.length === 0) {
    return { studentEducationIds: [], reasons: ['theory.match.class_not_covered'] };
  }
  if (lesson.theoryCourseId === null) {
    return { studentEducationIds: covered.map((e) => e.id), reasons: [] };
  }
  const courseId = lesson.theoryCourseId;
  const inCourse = covered.filter((e) => e.courseIds.includes(courseId));
  if (inCourse.length > 0) return { studentEducationIds: inCourse.map((e) => e.id), reasons: [] };
  const canJoin = covered.filter((e) => e.courseIds.length < MAX_COURSES_PER_EDUCATION);
  if (canJoin.length === 0) {
    return { studentEducationIds: [], reasons: ['theory.match.course_limit_reached'] };
  }
  return { studentEducationIds: [], reasons: ['theory.match.not_in_course'] };
}

/** The student's active educations with their courses. */
async function activeEducations(db: Db, schoolId: number, studentId: number) {
  const rows = await db
    .select({
      id: studentEducations.id,
      licenseClass: studentEducations.licenseClass,
      courseId: studentEducationCourses.theoryCourseId,
    })
    .from(studentEducations)
    .leftJoin(
      studentEducationCourses,
      and(
        eq(studentEducationCourses.drivingSchoolId, studentEducations.drivingSchoolId),
        eq(studentEducationCourses.studentEducationId, studentEducations.id),
      ),
    )
    .where(
      and(
        eq(studentEducations.drivingSchoolId, schoolId),
        eq(studentEducations.studentId, studentId),
        eq(studentEducations.archived, false),
        notInArray(studentEducations.status, ['FINISHED', 'CANCELLED']),
      ),
    )
    .orderBy(asc(studentEducations.id));
  const byId = new Map<number, StudentEducation>();
  for (const row of rows) {
    const education = byId.get(row.id) ?? {
      id: row.id,
      licenseClass: row.licenseClass,
      courseIds: [],
    };
    if (row.courseId !== null) education.courseIds.push(row.courseId);
    byId.set(row.id, education);
  }
  return [...byId.values()];
}

function createLessonHandlers(db: Db): OperationHandlers {
  const participants = batchLoader<Participant[]>(async (schoolId, ids) =>
    groupBy(await participantsOf(db, schoolId, ids), (p) => p.theoryLessonId),
  );
  const toDto = async (row: LessonRow) =>
    lessonToDto(row, (await participants(row.drivingSchoolId, row.id)) ?? []);
  const sortColumns = {
    date: theoryLessons.date,
    startTime: theoryLessons.startTime,
    lessonNumber: theoryLessons.lessonNumber,
    createdAt: theoryLessons.createdAt,
  };
  const definition: ResourceDefinition<typeof theoryLessons> = {
    table: theoryLessons,
    operations: {
      get: 'getTheoryLesson',
      filter: 'filterTheoryLessons',
      create: 'createTheoryLesson',
      update: 'updateTheoryLesson',
      delete: 'deleteTheoryLesson',
    },
    toDto,
    fromInput: lessonFromInput,
    searchColumns: [theoryLessons.topic, theoryLessons.room],
    sortColumns,
    defaultSort: BY_TIME,
    filters: lessonFilter,
    constraints: lessonConstraints,
    rules: {
      async beforeCreate({ values }) {
        checkLesson(values ?? {});
      },
      async beforeUpdate({ values }) {
        checkLesson(values ?? {});
      },
    },
  };
  const repository = createResourceRepository(db, theoryLessons, {
    searchColumns: definition.searchColumns,
    sortColumns,
    defaultSort: BY_TIME,
  });
  const loadLesson = async (auth: AuthContext, id: number) => {
    const [row] = await db
      .select()
      .from(theoryLessons)
      .where(
        and(eq(theoryLessons.drivingSchoolId, auth.drivingSchoolId), eq(theoryLessons.id, id)),
      );
    if (!row) throw notFound();
    return row;
  };

  const lessonHandlers = mergeHandlers(
    createResourceHandlers(db, definition),
    handlers({
      async listTheoryLessons(request) {
        const auth = requireAuth(request);
        const query = request.query as { search?: string };
        const { rows } = await repository.page(auth.drivingSchoolId, {
          offset: 0,
          limit: 1000,
          sort: NEWEST_FIRST,
          search: query.search,
        });
        return { status: 200, body: await Promise.all(rows.map(toDto)) };
      },

      async pageTheoryLessons(request) {
        const auth = requireAuth(request);
        const { rows, total } = await repository.page(auth.drivingSchoolId, {
          offset: Number(request.params.offset),
          limit: Number(request.params.limit),
          sort: NEWEST_FIRST,
        });
        return { status: 200, body: { data: await Promise.all(rows.map(toDto)), total } };
      },

      async listTheoryLessonsByCourse(request) {
        const auth = requireAuth(request);
        const course = await loadCourse(db, auth, Number(request.params.id));
        const { rows } = await repository.page(auth.drivingSchoolId, {
          offset: 0,
          limit: 500,
          sort: BY_TIME,
          where: [eq(theoryLessons.theoryCourseId, course.id)],
        });
        return { status: 200, body: await Promise.all(rows.map(toDto)) };
      },

      async checkTheoryLessonStudentMatch(request) {
        const auth = requireAuth(request);
        const lesson = await loadLesson(auth, Number(request.params.id));
        const studentId = Number(request.params.studentId);
        const [student] = await db
          .select({ id: students.id })
          .from(students)
          .where(
            and(eq(students.drivingSchoolId, auth.drivingSchoolId), eq(students.id, studentId)),
          );
        if (!student) throw notFound();
        const match = matchLesson(
          lesson,
          await activeEducations(db, auth.drivingSchoolId, studentId),
        );
        const [attended] = await db
          .select({ n: count() })
          .from(theoryLessonParticipants)
          .innerJoin(
            theoryLessons,
            and(
              eq(theoryLessons.drivingSchoolId, theoryLessonParticipants.drivingSchoolId),
              eq(theoryLessons.id, theoryLessonParticipants.theoryLessonId),
            ),
          )
          .where(
            and(
              eq(theoryLessonParticipants.drivingSchoolId, auth.drivingSchoolId),
              eq(theoryLessonParticipants.studentId, studentId),
              eq(theoryLessons.additional, lesson.additional),
              eq(theoryLessons.lessonNumber, lesson.lessonNumber),
              sql`${theoryLessons.id} <> ${lesson.id}`,
            ),
          );
        return {
          status: 200,
          body: {
            theoryLessonId: lesson.id,
            studentId,
            matches: match.studentEducationIds.length > 0,
            alreadyAttended: Number(attended?.n ?? 0) > 0,
            studentEducationIds: match.studentEducationIds.slice(0, 20),
            reasons: match.reasons,
          },
        };
      },

      /** Books the students for the education the lesson matches; sets the lesson's booked flag. */
      async bookTheoryLesson(request) {
        const auth = requireAuth(request);
        const lesson = await loadLesson(auth, Number(request.params.id));
        const studentIds = [
          ...new Set((request.body as Schemas['TheoryLessonBookingInput']).studentIds),
        ];
        const bookings: { studentId: number; studentEducationId: number }[] = [];
        for (const studentId of studentIds) {
          const educations = await activeEducations(db, auth.drivingSchoolId, studentId);
          const match = matchLesson(lesson, educations);
          const studentEducationId = match.studentEducationIds[0];
          if (studentEducationId === undefined) {
            throw new AppError(
              422,
              'errors.theory_lesson_no_match',
              `Student ${studentId} has no education the lesson counts for.`,
              [],
              ['errors.theory_lesson_no_match', ...match.reasons],
            );
          }
          bookings.push({ studentId, studentEducationId });
        }
        await db.transaction(async (tx) => {
          if (bookings.length > 0) {
            await tx
              .insert(theoryLessonParticipants)
              .values(
                bookings.map((booking) => ({
                  drivingSchoolId: auth.drivingSchoolId,
                  theoryLessonId: lesson.id,
                  ...booking,
                })),
              )
              .onConflictDoNothing();
          }
          await tx
            .update(theoryLessons)
            .set({ booked: true })
            .where(
              and(
                eq(theoryLessons.drivingSchoolId, auth.drivingSchoolId),
                eq(theoryLessons.id, lesson.id),
              ),
            );
        });
        return { status: 200, body: await toDto(await loadLesson(auth, lesson.id)) };
      },
    }),
  );
  return hidingOthersParticipants(db, lessonHandlers);
}

/** The lessons in an answer: one lesson, a list, or a page. */
function lessonsIn(body: unknown): TheoryLesson[] {
  if (Array.isArray(body)) return body as TheoryLesson[];
  const page = body as { data?: unknown; participants?: unknown } | undefined;
  if (Array.isArray(page?.data)) return page.data as TheoryLesson[];
  return Array.isArray(page?.participants) ? [body as TheoryLesson] : [];
}

/**
 * "Only own students" (spec 000 §3): an instructor who sees only own students sees only those
 * among a lesson's participants; the lesson itself, its time and topic, stays visible.
 */
function hidingOthersParticipants(db: Db, all: OperationHandlers): OperationHandlers {
  const wrapped: Record<string, unknown> = { ...all };
  for (const [operationId, handler] of Object.entries(all)) {
    if (!handler) continue;
    const call = handler as (request: never, reply: never) => Promise<{ body?: unknown }>;
    wrapped[operationId] = async (request: never, reply: never) => {
      const result = await call(request, reply);
      const lessons = lessonsIn(result.body);
      const studentIds = lessons.flatMap((l) => l.participants.map((p) => p.studentId));
      if (studentIds.length === 0) return result;
      const hidden = await hiddenStudentIds(db, requireAuth(request), studentIds);
      if (hidden.size === 0) return result;
      for (const lesson of lessons) {
        lesson.participants = lesson.participants.filter((p) => !hidden.has(p.studentId));
      }
      return result;
    };
  }
  return wrapped as OperationHandlers;
}

/** `/theory-courses` and `/theory-lesson` with the theory screen's calls. */
export function createTheoryHandlers(db: Db): OperationHandlers {
  return mergeHandlers(createCourseHandlers(db), createLessonHandlers(db));
}
