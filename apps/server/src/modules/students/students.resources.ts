import {
  and,
  arrayContains,
  asc,
  eq,
  exists,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  branches,
  educationEvents,
  paymentDocuments,
  studentCategoryAssignments,
  studentEducationCostBearers,
  studentEducations,
  studentNotes,
  students,
  users,
} from '../../db/schema';
import { type AuthContext, requireAuth } from '../../http/auth';
import { fieldError, globalError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { guardWrite } from '../resources/database-errors';
import {
  batchLoader,
  fileRefLoader,
  filterWith,
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
  userNameLoader,
  withoutNulls,
  withoutWrites,
  writeWithChildren,
} from '../resources/kit';
import { createResourceHandlers, type ResourceDefinition } from '../resources/resource-handlers';
import { createResourceRepository, lowerCased } from '../resources/resource-repository';

/*
 * Students (spec 000 §3–5) and student notes (001 §3): the generic calls, the list screens'
 * rows, archive with the educations, the e-mail check, the learning-app switch.
 */

type StudentRow = typeof students.$inferSelect;

/** The fields of StudentInput kept in the students row (the categories are a join table). */
const STUDENT_FIELDS = [
  'salutation',
  'firstName',
  'lastName',
  'birthDate',
  'birthPlace',
  'address',
  'phonePrivate',
  'phoneMobile',
  'phoneWork',
  'email',
  'learningAppEmail',
  'payerEmail',
  'language',
  'nationality',
  'driverLicenseNumber',
  'licenseDate',
  'keyNumber',
  'previousClass',
  'mainClass',
  'furtherClass',
  'grantType',
  'registrationDate',
  'applicationDate',
  'applicationReturnDate',
  'returnNumber',
  'processNumber',
  'testLocation',
  'testingOrganizationId',
  'visualAid',
  'paymentMethod',
  'paymentWorkflow',
  'priceListId',
  'discount',
  'learningAppLoginAllowed',
  'instructorId',
  'branchId',
  'adrExpiryDate',
  'driverCardExpiryDate',
  'licenseClasses',
  'fqnNumber',
  'fqnExpiryDate',
  'iban',
  'bic',
  'accountHolder',
] as const satisfies readonly Exclude<keyof Schemas['StudentInput'], 'studentCategoryIds'>[];

/** ISO 13616: the IBAN moved by four characters, letters as numbers, is 1 modulo 97. */
export function validIban(iban: string): boolean {
  const moved = `${iban.slice(4)}${iban.slice(0, 4)}`;
  let rest = 0;
  for (const char of moved) {
    const code = char.charCodeAt(0);
    const digits = code >= 65 && code <= 90 ? String(code - 55) : char;
    for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1;
}

/**
 * The students the caller sees: a user with visibility ALL sees every student of the school
 * (no condition, so a list or count carries no clause every row passes); one with OWN those
 * whose main instructor they are. The auth hook reads the visibility with the permissions on
 * every request; a context without it (made by hand) has the condition read it from the
 * user's row. The condition is never null, so `not(…)` of it finds exactly the hidden
 * students (those without an instructor, too).
 */
export function studentVisibility(db: Db) {
  return (a: AuthContext): SQL | undefined => {
    if (a.studentVisibility === 'ALL') return undefined;
    const own = and(isNotNull(students.instructorId), eq(students.instructorId, a.userId));
    if (a.studentVisibility === 'OWN') return own;
    return or(
      own,
      exists(
        db
          .select({ one: sql`1` })
          .from(users)
          .where(
            and(
              eq(users.id, a.userId),
              eq(users.drivingSchoolId, a.drivingSchoolId),
              eq(users.studentVisibility, 'ALL'),
            ),
          ),
      ),
    );
  };
}

/** An unarchived education of the student matching `condition`. */
const hasEducation = (db: Db, condition: SQL | undefined) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(studentEducations)
      .where(
        and(
          eq(studentEducations.drivingSchoolId, students.drivingSchoolId),
          eq(studentEducations.studentId, students.id),
          eq(studentEducations.archived, false),
          condition,
        ),
      ),
  );

type StudentFilter = Schemas['StudentFilter'];

export function studentFilters(db: Db) {
  return (body: Record<string, unknown>): (SQL | undefined)[] => {
    const f = body as StudentFilter;
    const some = (ids: number[] | undefined) => (ids && ids.length > 0 ? ids : undefined);
    const branchIds = some(f.branchIds);
    const instructorIds = some(f.instructorIds);
    const categoryIds = some(f.studentCategoryIds);
    return [
      branchIds ? inArray(students.branchId, branchIds) : undefined,
      instructorIds ? inArray(students.instructorId, instructorIds) : undefined,
      categoryIds
        ? exists(
            db
              .select({ one: sql`1` })
              .from(studentCategoryAssignments)
              .where(
                and(
                  eq(studentCategoryAssignments.studentId, students.id),
                  inArray(studentCategoryAssignments.studentCategoryId, categoryIds),
                ),
              ),
          )
        : undefined,
      // The classes of the active educations, as the database keeps them on the student.
      f.licenseClass ? arrayContains(students.educationClasses, [f.licenseClass]) : undefined,
      f.educationStatus
        ? hasEducation(db, eq(studentEducations.status, f.educationStatus))
        : undefined,
      f.paymentWorkflow
        ? or(
            eq(students.paymentWorkflow, f.paymentWorkflow),
            hasEducation(db, eq(studentEducations.paymentWorkflow, f.paymentWorkflow)),
          )
        : undefined,
      f.costBearerId
        ? exists(
            db
              .select({ one: sql`1` })
              .from(studentEducationCostBearers)
              .innerJoin(
                studentEducations,
                eq(studentEducations.id, studentEducationCostBearers.studentEducationId),
              )
              .where(
                and(
                  eq(studentEducations.studentId, students.id),
                  eq(studentEducationCostBearers.costBearerId, f.costBearerId),
                ),
              ),
          )
        : undefined,
      f.registeredFrom ? gte(students.registrationDate, f.registeredFrom) : undefined,
      f.registeredTo ? lte(students.registrationDate, f.registeredTo) : undefined,
      f.learningAppConfirmed === undefined
        ? undefined
        : f.learningAppConfirmed
          ? isNotNull(students.firstLoginDate)
          : isNull(students.firstLoginDate),
    ];
  };
}

type StudentExtras = {
  studentCategoryIds: number[];
  checklistIds: number[];
  noteIds: number[];
  documentIds: number[];
  educationLicenseClasses: string[];
  educationContractSigned: boolean;
};

// Subqueries name the outer row as `students` (drizzle drops the table of a lone column).
/** The student's category ids, ascending. */
const categoryIdsOfStudent = sql<
  number[]
>`coalesce((select json_agg(a.student_category_id order by a.student_category_id) from student_category_assignments a where a.driving_school_id = students.driving_school_id and a.student_id = students.id), '[]'::json)`;
/**
 * The licence classes of the student's active educations, oldest first: a column the
 * database keeps (migration 0007).
 */
const licenseClassesOfStudent = sql<string[]>`students.education_classes`;

/** The id lists and computed flags of students, one query per answer. */
export function studentExtrasLoader(db: Db) {
  const ids = (query: SQL) => sql<number[]>`coalesce((${query}), '[]'::json)`;
  return batchLoader<StudentExtras>(
    async (schoolId, keys) => {
      const rows = await db
        .select({
          id: students.id,
          studentCategoryIds: categoryIdsOfStudent,
          checklistIds: ids(
            sql`select json_agg(c.id order by c.id) from checklists c where c.driving_school_id = students.driving_school_id and c.student_id = students.id`,
          ),
          noteIds: ids(
            sql`select json_agg(n.id order by n.id) from student_notes n where n.driving_school_id = students.driving_school_id and n.student_id = students.id`,
          ),
          documentIds: ids(
            sql`select json_agg(d.id order by d.id) from student_documents d where d.driving_school_id = students.driving_school_id and d.student_id = students.id`,
          ),
          educationLicenseClasses: licenseClassesOfStudent,
          // Every active education has a contract signed by the student, and by a parent
          // where the student was under 18 when signing.
          educationContractSigned: sql<boolean>`(
            exists (select 1 from student_educations e where e.driving_school_id = students.driving_school_id and e.student_id = students.id and not e.archived)
            and not exists (
              select 1 from student_educations e
              left join training_contracts c on c.driving_school_id = e.driving_school_id and c.student_education_id = e.id
              where e.driving_school_id = students.driving_school_id and e.student_id = students.id and not e.archived
                and (c.student_signed_at is null
                  or (c.parent_signed_at is null and students.birth_date is not null
                      and students.birth_date + interval '18 years' > c.student_signed_at))))`,
        })
        .from(students)
        .where(and(eq(students.drivingSchoolId, schoolId), inArray(students.id, keys)));
      return new Map(
        rows.map((row) => [
          row.id,
          {
            studentCategoryIds: row.studentCategoryIds,
            checklistIds: row.checklistIds,
            noteIds: row.noteIds,
            documentIds: row.documentIds,
            educationLicenseClasses: row.educationLicenseClasses,
            educationContractSigned: Boolean(row.educationContractSigned),
          },
        ]),
      );
    },
    () => ({
      studentCategoryIds: [],
      checklistIds: [],
      noteIds: [],
      documentIds: [],
      educationLicenseClasses: [],
      educationContractSigned: false,
    }),
  );
}

/** What a list row adds to the students row: its categories and active educations' classes. */
type StudentListExtras = Pick<StudentExtras, 'studentCategoryIds' | 'educationLicenseClasses'>;

/** The columns of the students row a list row shows. */
const LIST_COLUMNS = [
  'id',
  'drivingSchoolId',
  'firstName',
  'lastName',
  'birthDate',
  'email',
  'phoneMobile',
  'branchId',
  'instructorId',
  'mainClass',
  'paymentWorkflow',
  'registrationDate',
  'firstLoginDate',
  'learningAppLoginAllowed',
  'archived',
] as const satisfies readonly (keyof StudentRow)[];

/** A list row as the list calls read it (the two lists with it), or a whole students row. */
type StudentListRow = Pick<StudentRow, (typeof LIST_COLUMNS)[number]> & Partial<StudentListExtras>;

/**
 * The two id lists of the list rows, for every row of a page in one query (the list needs
 * neither the checklists, notes and documents nor the contract state of `studentExtrasLoader`).
 */
export function studentListExtrasLoader(db: Db) {
  return batchLoader<StudentListExtras>(
    async (schoolId, keys) => {
      const rows = await db
        .select({
          id: students.id,
          studentCategoryIds: categoryIdsOfStudent,
          educationLicenseClasses: licenseClassesOfStudent,
        })
        .from(students)
        .where(and(eq(students.drivingSchoolId, schoolId), inArray(students.id, keys)));
      return new Map(rows.map(({ id, ...lists }) => [id, lists]));
    },
    () => ({ studentCategoryIds: [], educationLicenseClasses: [] }),
  );
}

export function studentMappers(db: Db) {
  const extras = studentExtrasLoader(db);
  const listExtras = studentListExtrasLoader(db);
  const files = fileRefLoader(db);

  async function toStudent(row: StudentRow): Promise<Schemas['Student']> {
    const { educationLicenseClasses: _, ...lists } = await extras(row.drivingSchoolId, row.id);
    const avatar = row.avatarFileId ? await files(row.drivingSchoolId, row.avatarFileId) : null;
    return {
      ...withoutNulls(row, ['avatarFileId', 'uploadToken', 'searchText', 'educationClasses']),
      ...lists,
      ...(avatar ? { avatar } : {}),
    } as Schemas['Student'];
  }

  // A page of a list call brings the two lists along (`listSelection`); other callers' rows
  // are looked up, every row of a page in the same tick: one look-up query per page.
  async function toListItem(row: StudentListRow): Promise<Schemas['StudentListItem']> {
    const more =
      row.studentCategoryIds && row.educationLicenseClasses
        ? {
            studentCategoryIds: row.studentCategoryIds,
            educationLicenseClasses: row.educationLicenseClasses,
          }
        : await listExtras(row.drivingSchoolId, row.id);
    return withoutNulls({
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      birthDate: row.birthDate,
      email: row.email,
      phoneMobile: row.phoneMobile,
      branchId: row.branchId,
      instructorId: row.instructorId,
      mainClass: row.mainClass,
      educationLicenseClasses: more.educationLicenseClasses,
      studentCategoryIds: more.studentCategoryIds,
      paymentWorkflow: row.paymentWorkflow,
      registrationDate: row.registrationDate,
      firstLoginDate: row.firstLoginDate,
      learningAppLoginAllowed: row.learningAppLoginAllowed,
      archived: row.archived,
    }) as Schemas['StudentListItem'];
  }

  return { toStudent, toListItem };
}

export function studentDefinition(db: Db): ResourceDefinition<typeof students> {
  const { toStudent } = studentMappers(db);

  // Direct debit needs the account: IBAN (with valid check digits) and account holder.
  const checkIban = async ({ values }: { values?: Record<string, unknown> }) => {
    const iban = values?.iban;
    if (typeof iban === 'string' && !validIban(iban)) {
      throw fieldError('iban', 'validation.iban', 'The IBAN check digits are wrong.');
    }
    if (values?.paymentMethod === 'DIRECT_DEBIT') {
      if (typeof iban !== 'string' || iban === '') {
        throw fieldError('iban', 'validation.required', 'Direct debit needs the IBAN.');
      }
      if (typeof values.accountHolder !== 'string' || values.accountHolder.trim() === '') {
        throw fieldError(
          'accountHolder',
          'validation.required',
          'Direct debit needs the account holder.',
        );
      }
    }
  };
  // The price list defaults to the branch's (spec: "defaults to the price list of the branch").
  const defaultPriceList = async ({
    auth: a,
    values,
  }: {
    auth: AuthContext;
    values?: Record<string, unknown>;
  }) => {
    if (!values || values.priceListId != null || values.branchId == null) return;
    const [branch] = await db
      .select({ priceListId: branches.priceListId })
      .from(branches)
      .where(
        and(
          eq(branches.drivingSchoolId, a.drivingSchoolId),
          eq(branches.id, Number(values.branchId)),
        ),
      );
    values.priceListId = branch?.priceListId ?? null;
  };

  return {
    table: students,
    operations: {
      get: 'getStudent',
      filter: 'filterStudents',
      list: 'listStudents',
      page: 'pageStudents',
      create: 'createStudent',
      update: 'updateStudent',
      delete: 'deleteStudent',
      // archiveStudent is hand-written: it archives the student's educations too.
    },
    toDto: (row) => toStudent(row),
    fromInput: (input) => {
      const values = replacing(STUDENT_FIELDS, input, {
        defaults: {
          language: 'de',
          visualAid: false,
          learningAppLoginAllowed: true,
          licenseClasses: [],
        },
        keep: ['registrationDate'],
      });
      values.learningAppEmail ??= values.email ?? null;
      if (typeof values.discount === 'number') {
        values.discount = Math.round(values.discount * 100) / 100;
      }
      return values;
    },
    // One generated column holds "First Last", the e-mail, the phones and the licence number,
    // lower-cased (the trigram index students_search_idx is on it).
    searchColumns: [lowerCased(students.searchText)],
    sortColumns: {
      id: students.id,
      lastName: sql`lower(${students.lastName})`,
      firstName: sql`lower(${students.firstName})`,
      birthDate: students.birthDate,
      email: sql`lower(${students.email})`,
      registrationDate: students.registrationDate,
      mainClass: students.mainClass,
      createdAt: students.createdAt,
    },
    defaultSort: [{ field: 'lastName' }, { field: 'firstName' }],
    filters: studentFilters(db),
    visibility: studentVisibility(db),
    // What the list calls read of a row, with its two lists (see toListItem).
    listSelection: {
      columns: LIST_COLUMNS,
      computed: {
        studentCategoryIds: categoryIdsOfStudent,
        educationLicenseClasses: licenseClassesOfStudent,
      } satisfies Record<keyof StudentListExtras, SQL>,
    },
    constraints: {
      students_email_key: { field: 'email', error: 'validation.email_in_use' },
      students_branch_fk: unknownId('branchId'),
      students_instructor_fk: unknownId('instructorId'),
      students_price_list_fk: unknownId('priceListId'),
      students_testing_organization_fk: unknownId('testingOrganizationId'),
      student_category_assignments_category_fk: unknownId('studentCategoryIds'),
      students_iban_holder_check: { field: 'accountHolder', error: 'validation.required' },
      students_holder_iban_check: { field: 'iban', error: 'validation.required' },
    },
    rules: {
      beforeCreate: rules(checkIban, defaultPriceList),
      beforeUpdate: rules(
        async ({ current }) => {
          if (current?.archived) {
            throw globalError(
              'errors.student_archived',
              'An archived student cannot be changed; take them out of the archive first.',
            );
          }
        },
        checkIban,
        defaultPriceList,
      ),
    },
  };
}

/** Replaces the student's categories with the body's (absent: none). */
async function writeCategories(tx: Db, schoolId: number, studentId: number, ids: number[]) {
  const wanted = [...new Set(ids)];
  await tx
    .delete(studentCategoryAssignments)
    .where(
      and(
        eq(studentCategoryAssignments.drivingSchoolId, schoolId),
        eq(studentCategoryAssignments.studentId, studentId),
      ),
    );
  if (wanted.length === 0) return;
  await tx.insert(studentCategoryAssignments).values(
    wanted.map((studentCategoryId) => ({
      drivingSchoolId: schoolId,
      studentId,
      studentCategoryId,
    })),
  );
}

type StudentNoteRow = typeof studentNotes.$inferSelect;

export function studentNoteDefinition(db: Db): ResourceDefinition<typeof studentNotes> {
  const authorName = userNameLoader(db);
  return {
    table: studentNotes,
    operations: {
      get: 'getStudentNote',
      filter: 'filterStudentNotes',
      page: 'pageStudentNotes',
      create: 'createStudentNote',
      update: 'updateStudentNote',
      delete: 'deleteStudentNote',
    },
    toDto: async (row: StudentNoteRow) => ({
      ...withoutNulls(row),
      authorName: await authorName(row.drivingSchoolId, row.authorUserId),
    }),
    fromInput: (input) => ({
      studentId: input.studentId,
      text: input.text,
      ...(input.date ? { date: new Date(String(input.date)) } : {}),
    }),
    searchColumns: [studentNotes.text],
    // An instructor who sees only own students sees only their notes.
    visibility: (a) =>
      exists(
        db
          .select({ one: sql`1` })
          .from(students)
          .where(
            and(
              eq(students.drivingSchoolId, studentNotes.drivingSchoolId),
              eq(students.id, studentNotes.studentId),
              studentVisibility(db)(a),
            ),
          ),
      ),
    sortColumns: { date: studentNotes.date, createdAt: studentNotes.createdAt },
    defaultSort: [{ field: 'date', direction: 'desc' }],
    filters: (body) => [
      body.studentId ? eq(studentNotes.studentId, Number(body.studentId)) : undefined,
      body.authorUserId ? eq(studentNotes.authorUserId, Number(body.authorUserId)) : undefined,
    ],
    constraints: { student_notes_student_fk: unknownId('studentId') },
    rules: {
      beforeCreate: async ({ auth: a, values }) => {
        if (!values) return;
        values.authorUserId = a.userId;
        // A student of the school the caller may not see is not there for them (404);
        // an id of no student of the school stays a 422 of the foreign key.
        const studentId = Number(values.studentId);
        const [inSchool] = await db
          .select({ id: students.id })
          .from(students)
          .where(and(eq(students.drivingSchoolId, a.drivingSchoolId), eq(students.id, studentId)));
        if (inSchool) await visibleStudent(db, a, studentId);
      },
      beforeUpdate: immutable<StudentNoteRow>('studentId'),
    },
  };
}

/**
 * Spec 000 §7: "Archiving a student resets the education-finished mark when a final
 * invoice is cancelled." An education marked finished whose final invoice was cancelled
 * (and that has no other, uncancelled final invoice) loses the mark when the student is
 * archived, so it shows as unfinished — the training was not completed and billed — if the
 * student comes back. Its status returns to IN_TRAINING, with a timeline entry.
 */
export async function resetFinishedOfCancelledFinalInvoices(
  tx: Db,
  a: AuthContext,
  studentId: number,
): Promise<void> {
  const finalInvoice = (cancelled: boolean) =>
    exists(
      tx
        .select({ one: sql`1` })
        .from(paymentDocuments)
        .where(
          and(
            eq(paymentDocuments.drivingSchoolId, studentEducations.drivingSchoolId),
            eq(paymentDocuments.studentEducationId, studentEducations.id),
            eq(paymentDocuments.type, 'FINAL_INVOICE'),
            cancelled
              ? eq(paymentDocuments.status, 'CANCELLED')
              : ne(paymentDocuments.status, 'CANCELLED'),
          ),
        ),
    );
  const reset = await tx
    .update(studentEducations)
    .set({ finished: false, status: 'IN_TRAINING' })
    .where(
      and(
        eq(studentEducations.drivingSchoolId, a.drivingSchoolId),
        eq(studentEducations.studentId, studentId),
        eq(studentEducations.finished, true),
        finalInvoice(true),
        not(finalInvoice(false)),
      ),
    )
    .returning({ id: studentEducations.id, licenseClass: studentEducations.licenseClass });
  if (reset.length === 0) return;
  await tx.insert(educationEvents).values(
    reset.map((education) => ({
      drivingSchoolId: a.drivingSchoolId,
      studentId,
      studentEducationId: education.id,
      userId: a.userId,
      type: 'STATUS_CHANGE' as const,
      text: `Abschluss der Ausbildung Klasse ${education.licenseClass} zurückgenommen: Schlussrechnung storniert`,
    })),
  );
}

/** Throws 404 unless the student is of the school and visible to the caller. */
export async function visibleStudent(db: Db, a: AuthContext, id: number): Promise<StudentRow> {
  const [row] = await db
    .select()
    .from(students)
    .where(
      and(
        eq(students.drivingSchoolId, a.drivingSchoolId),
        eq(students.id, id),
        studentVisibility(db)(a),
      ),
    );
  if (!row) throw notFound();
  return row;
}

export function createStudentHandlers(db: Db): OperationHandlers {
  const definition = studentDefinition(db);
  const { toStudent, toListItem } = studentMappers(db);
  // Create and update write the categories too: `writes` answers them, not the generic layer.
  const { deleteStudent, ...generic } = createResourceHandlers(db, withoutWrites(definition));
  const writes = writeWithChildren(db, definition, {
    operations: definition.operations,
    children: async ({ tx, auth: a, row, body }) => {
      await writeCategories(
        tx,
        a.drivingSchoolId,
        row.id,
        (body.studentCategoryIds as number[] | undefined) ?? [],
      );
    },
  });
  const repository = createResourceRepository(db, students, { sortColumns: {} });

  const noteDefinition = studentNoteDefinition(db);
  const notes = createResourceHandlers(db, noteDefinition);

  /** Students of one instructor: main instructor, or instructor of an education. */
  const ofInstructor = (instructorId: number) =>
    or(
      eq(students.instructorId, instructorId),
      exists(
        db
          .select({ one: sql`1` })
          .from(studentEducations)
          .where(
            and(
              eq(studentEducations.studentId, students.id),
              eq(studentEducations.instructorId, instructorId),
            ),
          ),
      ),
    );

  const userOfSchool = async (a: AuthContext, id: number) => {
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.drivingSchoolId, a.drivingSchoolId), eq(users.id, id)));
    return Boolean(user);
  };

  const custom = handlers({
    deleteStudent: renameError(
      required(deleteStudent, 'deleteStudent'),
      'errors.still_referenced',
      'errors.student_in_use',
      'The student has appointments, exams, invoices, payments or a signed contract; archive them instead.',
    ),

    // Archiving a student archives their educations too (spec 000 §4); taking them out of
    // the archive leaves the educations archived, each is taken out on its own.
    async archiveStudent(request) {
      const a = requireAuth(request);
      const { id, archived } = request.query as { id: number; archived: boolean };
      await visibleStudent(db, a, Number(id));
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(students)
          .set({ archived })
          .where(and(eq(students.drivingSchoolId, a.drivingSchoolId), eq(students.id, id)))
          .returning();
        if (archived) {
          const educations = await tx
            .update(studentEducations)
            .set({ archived: true })
            .where(
              and(
                eq(studentEducations.drivingSchoolId, a.drivingSchoolId),
                eq(studentEducations.studentId, id),
                eq(studentEducations.archived, false),
              ),
            )
            .returning({ id: studentEducations.id, licenseClass: studentEducations.licenseClass });
          // Each education's timeline shows it was archived with the student.
          if (educations.length > 0) {
            await tx.insert(educationEvents).values(
              educations.map((education) => ({
                drivingSchoolId: a.drivingSchoolId,
                studentId: id,
                studentEducationId: education.id,
                userId: a.userId,
                type: 'ARCHIVED' as const,
                text: `Ausbildung Klasse ${education.licenseClass} mit dem Fahrschüler archiviert`,
              })),
            );
          }
          await resetFinishedOfCancelledFinalInvoices(tx, a, id);
        }
        return updated;
      });
      if (!row) throw notFound();
      return { status: 200, body: await toStudent(row) };
    },

    filterStudentList: filterWith(db, definition, toListItem),
    filterStudentsVisibleForCurrentUser: filterWith(db, definition, toListItem),
    filterStudentsByInstructor: filterWith(db, definition, toListItem, async (request, a) => {
      const instructorId = num(request.params.id);
      if (!(await userOfSchool(a, instructorId))) throw notFound();
      return [ofInstructor(instructorId)];
    }),
    filterSelectableStudents: filterWith(db, definition, toListItem, async (request) => {
      const instructorId = request.query.instructorId;
      return instructorId === undefined ? [] : [ofInstructor(num(instructorId))];
    }),

    async listStudentsWithEmail(request) {
      const a = requireAuth(request);
      const rows = await db
        .select({
          id: students.id,
          firstName: students.firstName,
          lastName: students.lastName,
          email: students.email,
        })
        .from(students)
        .where(
          and(
            eq(students.drivingSchoolId, a.drivingSchoolId),
            eq(students.archived, false),
            isNotNull(students.email),
            studentVisibility(db)(a),
          ),
        )
        .orderBy(asc(sql`lower(${students.lastName})`), asc(sql`lower(${students.firstName})`))
        .limit(10_000);
      return {
        status: 200,
        body: rows.flatMap(({ email, ...row }) => (email === null ? [] : [{ ...row, email }])),
      };
    },

    // 302 when a student of the school (archived ones too) uses the address, else 404.
    async checkStudentEmail(request) {
      const a = requireAuth(request);
      const email = String(request.params.email).toLowerCase();
      const [found] = await db
        .select({ id: students.id })
        .from(students)
        .where(
          and(
            eq(students.drivingSchoolId, a.drivingSchoolId),
            or(
              eq(sql`lower(${students.email})`, email),
              eq(sql`lower(${students.learningAppEmail})`, email),
            ),
          ),
        )
        .limit(1);
      if (!found) throw notFound('No student of the school uses this address.');
      return { status: 302 };
    },

    async changeLearningAppLoginAllowed(request) {
      const a = requireAuth(request);
      const id = num(request.params.id);
      await visibleStudent(db, a, id);
      const row = await repository.update(a.drivingSchoolId, id, {
        learningAppLoginAllowed: Boolean(request.query.allowed),
      });
      if (!row) throw notFound();
      return { status: 200, body: await toStudent(row) };
    },

    // A sign-up never confirmed (no first login) may be deleted; anything attached that
    // must be kept (appointment, invoice, payment, signed contract) refuses it.
    async deleteUnconfirmedStudent(request) {
      const a = requireAuth(request);
      const id = num(request.params.id);
      const student = await visibleStudent(db, a, id);
      const confirmed = () =>
        globalError(
          'errors.student_confirmed',
          'The student confirmed the learning app or has records to keep; archive them instead.',
        );
      if (student.firstLoginDate) throw confirmed();
      try {
        await guardWrite(() => repository.remove(a.drivingSchoolId, id), {}, 'delete');
      } catch (error) {
        if ((error as { errorMessage?: string }).errorMessage === 'errors.still_referenced') {
          throw confirmed();
        }
        throw error;
      }
      return { status: 204 };
    },

    listStudentNotes: listWithQuery(db, noteDefinition, 'listStudentNotes', (query) => ({
      studentId: query.studentId,
    })),
    async listStudentNotesByStudent(request, reply) {
      const a = requireAuth(request);
      const studentId = num(request.params.id);
      await visibleStudent(db, a, studentId);
      return listWithQuery(db, noteDefinition, 'listStudentNotesByStudent', () => ({
        studentId,
      }))(request, reply);
    },
  });
  return mergeHandlers(generic, writes, notes, custom);
}
