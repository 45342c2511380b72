import type { components } from '@fahrwerk/api/schema';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  archived,
  createdAt,
  id,
  oneOf,
  ref,
  schoolId,
  tenantForeignKey,
  tenantIndex,
  tenantKey,
  updatedAt,
} from './columns';
import { branches, priceLists, studentCategories, testingOrganizations } from './company';
import {
  type Address,
  belongsToSchool,
  drivingSchools,
  LANGUAGES,
  LICENSE_CLASSES,
  type LicenseClass,
  licenseClassesCheck,
  users,
} from './core';
import { storedFiles } from './files';
import { theoryCourses } from './planning';

/*
 * The people area: students, their educations (Ausbildungen), registrations, cost bearers,
 * notes, to-dos, checklists, training contracts, documents and the education timeline.
 * Tenancy rules: see columns.ts. Column keys are the contract's DTO field names, so the
 * generic resource layer maps rows without code; SQL names are their snake_case.
 *
 * Every table references its school (on delete cascade), so a school's rows go with it in
 * one statement; child rows reference their parent through (driving_school_id, id).
 */

type S = components['schemas'];

/** The codes of the contract's enums (enums.yaml) the people tables hold, checked by the database. */
export const PEOPLE_CODES = {
  salutations: ['MR', 'MS', 'DIVERSE', 'NONE'] as const satisfies readonly S['Salutation'][],
  grantTypes: [
    'SELF',
    'PARENTS',
    'EMPLOYER',
    'EDUCATION_VOUCHER',
    'JOB_CENTER',
    'OTHER',
  ] as const satisfies readonly S['GrantType'][],
  paymentMethods: [
    'TRANSFER',
    'DIRECT_DEBIT',
    'CASH',
    'CARD',
  ] as const satisfies readonly S['PaymentMethod'][],
  paymentWorkflows: [
    'CLASSIC_PAY',
    'FLASH_PAY',
    'LIVE_PAY',
  ] as const satisfies readonly S['PaymentWorkflow'][],
  educationStatuses: [
    'REGISTERED',
    'IN_TRAINING',
    'THEORY_PASSED',
    'FINISHED',
    'CANCELLED',
  ] as const satisfies readonly S['EducationStatus'][],
  registrationStatuses: [
    'NEW',
    'CONTACTED',
    'APPOINTMENT_MADE',
    'CONTRACT_SENT',
    'CONVERTED',
    'REJECTED',
  ] as const satisfies readonly S['RegistrationStatus'][],
  todoStatuses: [
    'OPEN',
    'IN_PROGRESS',
    'WAITING',
    'DONE',
    'CANCELLED',
  ] as const satisfies readonly S['TodoStatus'][],
  todoPriorities: [
    'LOW',
    'NORMAL',
    'HIGH',
    'URGENT',
  ] as const satisfies readonly S['TodoPriority'][],
  /** The groups of the to-do board (`GET /task-groups`); a list the server defines. */
  todoGroups: ['OFFICE', 'INSTRUCTORS', 'ACCOUNTING', 'EXAMS', 'MANAGEMENT'] as const,
  costBearerKinds: [
    'PERSON',
    'COMPANY',
    'EMPLOYMENT_AGENCY',
    'JOB_CENTER',
    'AUTHORITY',
    'OTHER',
  ] as const satisfies readonly S['CostBearerKind'][],
  eInvoiceFormats: [
    'PDF',
    'XRECHNUNG',
    'ZUGFERD',
  ] as const satisfies readonly S['EInvoiceFormat'][],
  documentTypes: [
    'ID_CARD',
    'EYE_TEST',
    'FIRST_AID',
    'PASSPORT_PHOTO',
    'APPLICATION_FORM',
    'TRAINING_CONTRACT',
    'EXAM_PROTOCOL',
    'CERTIFICATE',
    'INVOICE',
    'PAYMENT_REQUEST',
    'EDUCATION_VOUCHER',
    'LETTER',
    'OTHER',
  ] as const satisfies readonly S['DocumentType'][],
  educationEventTypes: [
    'CREATED',
    'DRIVING_LESSON',
    'THEORY_LESSON',
    'EXAM_PLANNED',
    'EXAM_RESULT',
    'PAYMENT',
    'DOCUMENT',
    'NOTE',
    'STATUS_CHANGE',
    'ARCHIVED',
    'UNARCHIVED',
  ] as const satisfies readonly S['EducationEventType'][],
};

const C = PEOPLE_CODES;

/**
 * `ON DELETE SET NULL (column)` (PostgreSQL 15+): clears only the reference, never the
 * tenant key it shares with the row's other foreign keys.
 */
const setNull = (column: string) => `set null (${column})` as 'set null';

const day = () => date({ mode: 'string' });
const instant = () => timestamp({ withTimezone: true, mode: 'date' });
/** An array of licence-class codes, never null. */
const classList = () => text().array().$type<LicenseClass[]>().notNull().default(sql`'{}'::text[]`);

/* ───────────────────────────── students ───────────────────────────── */

export const students = pgTable(
  'students',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    salutation: text({ enum: C.salutations }),
    firstName: text().notNull(),
    lastName: text().notNull(),
    birthDate: day(),
    birthPlace: text(),
    address: jsonb().$type<Address>(),
    phonePrivate: text(),
    phoneMobile: text(),
    phoneWork: text(),
    email: text(),
    learningAppEmail: text(),
    payerEmail: text(),
    language: text({ enum: LANGUAGES }).notNull().default('de'),
    nationality: text(),
    driverLicenseNumber: text(),
    licenseDate: day(),
    keyNumber: text(),
    previousClass: text({ enum: LICENSE_CLASSES }),
    mainClass: text({ enum: LICENSE_CLASSES }),
    furtherClass: text({ enum: LICENSE_CLASSES }),
    grantType: text({ enum: C.grantTypes }),
    registrationDate: day().notNull().default(sql`current_date`),
    applicationDate: day(),
    applicationReturnDate: day(),
    returnNumber: text(),
    processNumber: text(),
    testLocation: text(),
    testingOrganizationId: ref('testing_organization_id'),
    visualAid: boolean().notNull().default(false),
    paymentMethod: text({ enum: C.paymentMethods }),
    paymentWorkflow: text({ enum: C.paymentWorkflows }),
    priceListId: ref('price_list_id'),
    discount: numeric({ precision: 5, scale: 2, mode: 'number' }),
    // The learning app: its sign-in address, whether it may be used, the first sign-in.
    firstLoginDate: instant(),
    learningAppLoginAllowed: boolean().notNull().default(true),
    instructorId: ref('instructor_id'),
    branchId: ref('branch_id').notNull(),
    // Commercial drivers (C, CE, D …): ADR, driver card, held classes, FQN (key number 95).
    adrExpiryDate: day(),
    driverCardExpiryDate: day(),
    licenseClasses: classList(),
    fqnNumber: text(),
    fqnExpiryDate: day(),
    // Bank account for direct debits; IBAN and account holder come together.
    iban: text(),
    bic: text(),
    accountHolder: text(),
    avatarFileId: ref('avatar_file_id'),
    /** The random token of the student's QR-code upload page; made on first use. */
    uploadToken: text(),
    /**
     * What the list's free-text search looks in, kept by the database: "First Last", e-mail,
     * the three phones and the licence number, lower-cased, one per line. A search is then
     * one LIKE on text lower-cased once, not six ILIKEs lower-casing every row anew.
     */
    searchText: text().generatedAlwaysAs(
      (): SQL =>
        sql`lower(${students.firstName} || ' ' || ${students.lastName} || chr(10) || coalesce(${students.email}, '') || chr(10) || coalesce(${students.phonePrivate}, '') || chr(10) || coalesce(${students.phoneMobile}, '') || chr(10) || coalesce(${students.phoneWork}, '') || chr(10) || coalesce(${students.driverLicenseNumber}, ''))`,
    ),
    /**
     * The licence classes of the student's active (not archived) educations, oldest first,
     * kept by the database (a trigger on student_educations, migration 0007): the list shows
     * them and filters by them without reading the educations of every row. Never written by
     * the app.
     */
    educationClasses: text({ enum: LICENSE_CLASSES }).array().notNull().default(sql`'{}'::text[]`),
    archived: archived(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('students_driving_school_fk', t),
    ...tenantKey('students', t),
    tenantForeignKey('students_branch_fk', [t.drivingSchoolId, t.branchId], branches),
    tenantForeignKey('students_instructor_fk', [t.drivingSchoolId, t.instructorId], users),
    tenantForeignKey('students_price_list_fk', [t.drivingSchoolId, t.priceListId], priceLists),
    tenantForeignKey(
      'students_testing_organization_fk',
      [t.drivingSchoolId, t.testingOrganizationId],
      testingOrganizations,
    ),
    tenantForeignKey('students_avatar_fk', [t.drivingSchoolId, t.avatarFileId], storedFiles),
    // Spec 000 §5 / 001 §5: an e-mail address is used by one student of the school only.
    uniqueIndex('students_email_key').on(t.drivingSchoolId, sql`lower(${t.email})`),
    uniqueIndex('students_upload_token_key').on(t.uploadToken),
    tenantIndex('students_learning_app_email_idx', t, sql`lower(${t.learningAppEmail})`),
    // The student list: every page is of active or of archived students, so the sort
    // orders it offers (by name, main class, registration date; ties by id) are indexed
    // after the archive flag. PostgreSQL walks such an index in the page's order, and a
    // deep page's ids come from the index alone (the names ride along for the name order).
    tenantIndex(
      'students_name_idx',
      t,
      t.archived,
      sql`lower(${t.lastName})`,
      sql`lower(${t.firstName})`,
      t.id,
      t.lastName,
      t.firstName,
    ),
    tenantIndex('students_main_class_idx', t, t.archived, t.mainClass, t.id),
    tenantIndex('students_registration_date_idx', t, t.archived, t.registrationDate, t.id),
    // Counts of a page: the archive flag alone, and with the branch or instructor filter
    // (the instructor is also what a user who sees only own students is cut to).
    tenantIndex('students_archived_idx', t, t.archived),
    tenantIndex('students_branch_idx', t, t.branchId, t.archived, t.id),
    tenantIndex('students_instructor_idx', t, t.instructorId, t.archived, t.branchId, t.id),
    // An instructor who sees only own students pages them by registration date (oldest or
    // newest first, the deep page of the benchmark) from the index alone, however deep.
    tenantIndex(
      'students_instructor_registration_idx',
      t,
      t.instructorId,
      t.archived,
      t.registrationDate,
      t.id,
    ),
    // The free-text search (LIKE '%…%' on the lower-cased search text): trigram GIN
    // (pg_trgm, created by migration 0003).
    index('students_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    oneOf('students_salutation_check', t.salutation, C.salutations),
    oneOf('students_language_check', t.language, LANGUAGES),
    oneOf('students_previous_class_check', t.previousClass, LICENSE_CLASSES),
    oneOf('students_main_class_check', t.mainClass, LICENSE_CLASSES),
    oneOf('students_further_class_check', t.furtherClass, LICENSE_CLASSES),
    oneOf('students_grant_type_check', t.grantType, C.grantTypes),
    oneOf('students_payment_method_check', t.paymentMethod, C.paymentMethods),
    oneOf('students_payment_workflow_check', t.paymentWorkflow, C.paymentWorkflows),
    licenseClassesCheck('students_license_classes_check', t.licenseClasses),
    check('students_discount_check', sql`${t.discount} between 0 and 100`),
    check('students_names_check', sql`${t.firstName} <> '' and ${t.lastName} <> ''`),
    // IBAN and account holder only together; a BIC only with an IBAN.
    check('students_iban_holder_check', sql`${t.iban} is null or ${t.accountHolder} is not null`),
    check(
      'students_holder_iban_check',
      sql`${t.iban} is not null or (${t.accountHolder} is null and ${t.bic} is null)`,
    ),
  ],
);

/** The student categories (company area) a student belongs to. */
export const studentCategoryAssignments = pgTable(
  'student_category_assignments',
  {
    drivingSchoolId: schoolId(),
    studentId: ref('student_id').notNull(),
    studentCategoryId: ref('student_category_id').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'student_category_assignments_pkey',
      columns: [t.studentId, t.studentCategoryId],
    }),
    belongsToSchool('student_category_assignments_driving_school_fk', t),
    tenantForeignKey(
      'student_category_assignments_student_fk',
      [t.drivingSchoolId, t.studentId],
      students,
    ).onDelete('cascade'),
    tenantForeignKey(
      'student_category_assignments_category_fk',
      [t.drivingSchoolId, t.studentCategoryId],
      studentCategories,
    ).onDelete('cascade'),
    tenantIndex('student_category_assignments_category_idx', t, t.studentCategoryId),
  ],
);

/* ──────────────────────────── cost bearers ─────────────────────────── */

export const costBearers = pgTable(
  'cost_bearers',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    kind: text({ enum: C.costBearerKinds }).notNull(),
    name: text().notNull(),
    contactPerson: text(),
    address: jsonb().$type<Address>(),
    email: text(),
    phone: text(),
    iban: text(),
    bic: text(),
    eInvoiceFormat: text({ enum: C.eInvoiceFormats }).notNull().default('PDF'),
    leitwegId: text(),
    customerNumber: text(),
    /**
     * The saldo in cents (paid − invoiced), kept by the money area as it issues invoices
     * and books payments; a column so the list can sort and filter by it.
     */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    /** The random token of the cost bearer's QR-code upload page; made on first use. */
    uploadToken: text(),
    archived: archived(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('cost_bearers_driving_school_fk', t),
    ...tenantKey('cost_bearers', t),
    uniqueIndex('cost_bearers_upload_token_key').on(t.uploadToken),
    tenantIndex('cost_bearers_name_idx', t, sql`lower(${t.name})`),
    tenantIndex('cost_bearers_kind_idx', t, t.kind),
    tenantIndex('cost_bearers_archived_idx', t, t.archived),
    oneOf('cost_bearers_kind_check', t.kind, C.costBearerKinds),
    oneOf('cost_bearers_e_invoice_format_check', t.eInvoiceFormat, C.eInvoiceFormats),
    check('cost_bearers_name_check', sql`${t.name} <> ''`),
    // Authorities receive XRechnung only through their Leitweg-ID.
    check(
      'cost_bearers_leitweg_id_check',
      sql`${t.eInvoiceFormat} <> 'XRECHNUNG' or ${t.leitwegId} is not null`,
    ),
    check('cost_bearers_balance_check', sql`${t.balance} between -100000000 and 100000000`),
  ],
);

/* ──────────────────────────── educations ──────────────────────────── */

export const studentEducations = pgTable(
  'student_educations',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    studentId: ref('student_id').notNull(),
    licenseClass: text({ enum: LICENSE_CLASSES }).notNull(),
    baseLicenseClass: text({ enum: LICENSE_CLASSES }),
    status: text({ enum: C.educationStatuses }).notNull().default('REGISTERED'),
    instructorId: ref('instructor_id'),
    branchId: ref('branch_id').notNull(),
    priceListId: ref('price_list_id'),
    paymentWorkflow: text({ enum: C.paymentWorkflows }).notNull().default('CLASSIC_PAY'),
    driveBuzzEnabled: boolean().notNull().default(false),
    finished: boolean().notNull().default(false),
    automaticPayment: boolean().notNull().default(false),
    theoryQuestionsVersion: text().notNull(),
    startDate: day(),
    theoryExamDate: day(),
    practicalExamDate: day(),
    /** The last day the exam application (Prüfauftrag) is valid, when the school tracks it. */
    examApplicationExpiresAt: day(),
    archived: archived(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('student_educations_driving_school_fk', t),
    ...tenantKey('student_educations', t),
    tenantForeignKey(
      'student_educations_student_fk',
      [t.drivingSchoolId, t.studentId],
      students,
    ).onDelete('cascade'),
    tenantForeignKey(
      'student_educations_instructor_fk',
      [t.drivingSchoolId, t.instructorId],
      users,
    ),
    tenantForeignKey('student_educations_branch_fk', [t.drivingSchoolId, t.branchId], branches),
    tenantForeignKey(
      'student_educations_price_list_fk',
      [t.drivingSchoolId, t.priceListId],
      priceLists,
    ),
    // A student has at most one unarchived education per licence class.
    uniqueIndex('student_educations_class_key')
      .on(t.drivingSchoolId, t.studentId, t.licenseClass)
      .where(sql`not ${t.archived}`),
    tenantIndex('student_educations_student_idx', t, t.studentId),
    // The student list's "has an active education in status …" filter, answered per
    // student from the index alone (the licence class has student_educations_class_key).
    index('student_educations_student_status_idx')
      .on(t.drivingSchoolId, t.studentId, t.status)
      .where(sql`not ${t.archived}`),
    tenantIndex('student_educations_class_idx', t, t.licenseClass),
    tenantIndex('student_educations_status_idx', t, t.status),
    tenantIndex('student_educations_instructor_idx', t, t.instructorId),
    tenantIndex('student_educations_branch_idx', t, t.branchId),
    tenantIndex('student_educations_archived_idx', t, t.archived),
    oneOf('student_educations_license_class_check', t.licenseClass, LICENSE_CLASSES),
    oneOf('student_educations_base_class_check', t.baseLicenseClass, LICENSE_CLASSES),
    oneOf('student_educations_status_check', t.status, C.educationStatuses),
    oneOf('student_educations_payment_workflow_check', t.paymentWorkflow, C.paymentWorkflows),
    check(
      'student_educations_base_class_differs_check',
      sql`${t.baseLicenseClass} is null or ${t.baseLicenseClass} <> ${t.licenseClass}`,
    ),
    // The finished mark is the end of the training: its status is FINISHED.
    check('student_educations_finished_check', sql`not ${t.finished} or ${t.status} = 'FINISHED'`),
    check(
      'student_educations_questions_version_check',
      sql`${t.theoryQuestionsVersion} ~ '^[0-9]{4}-[0-9]{2}(-[0-9]{2})?$'`,
    ),
  ],
);

/**
 * The theory courses (planning area) an education is assigned to. Spec 000 §5 / 001 §3:
 * at most 3 courses per education — enforced by the structure: every assignment takes one
 * of the places 1, 2, 3 of its education, and a place is taken once.
 */
export const studentEducationCourses = pgTable(
  'student_education_courses',
  {
    drivingSchoolId: schoolId(),
    studentEducationId: ref('student_education_id').notNull(),
    theoryCourseId: ref('theory_course_id').notNull(),
    position: smallint().notNull(),
    assignedAt: instant().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      name: 'student_education_courses_pkey',
      columns: [t.studentEducationId, t.theoryCourseId],
    }),
    belongsToSchool('student_education_courses_driving_school_fk', t),
    tenantForeignKey(
      'student_education_courses_education_fk',
      [t.drivingSchoolId, t.studentEducationId],
      studentEducations,
    ).onDelete('cascade'),
    tenantForeignKey(
      'student_education_courses_course_fk',
      [t.drivingSchoolId, t.theoryCourseId],
      theoryCourses,
    ).onDelete('cascade'),
    unique('student_education_courses_position_key').on(t.studentEducationId, t.position),
    check('student_education_courses_position_check', sql`${t.position} between 1 and 3`),
    tenantIndex('student_education_courses_course_idx', t, t.theoryCourseId),
  ],
);

/** The cost bearers that pay (part of) an education. */
export const studentEducationCostBearers = pgTable(
  'student_education_cost_bearers',
  {
    drivingSchoolId: schoolId(),
    studentEducationId: ref('student_education_id').notNull(),
    costBearerId: ref('cost_bearer_id').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'student_education_cost_bearers_pkey',
      columns: [t.studentEducationId, t.costBearerId],
    }),
    belongsToSchool('student_education_cost_bearers_driving_school_fk', t),
    tenantForeignKey(
      'student_education_cost_bearers_education_fk',
      [t.drivingSchoolId, t.studentEducationId],
      studentEducations,
    ).onDelete('cascade'),
    // A cost bearer paying an education cannot be deleted (archive it instead).
    tenantForeignKey(
      'student_education_cost_bearers_cost_bearer_fk',
      [t.drivingSchoolId, t.costBearerId],
      costBearers,
    ),
    tenantIndex('student_education_cost_bearers_cost_bearer_idx', t, t.costBearerId),
  ],
);

/**
 * The education timeline (`/education-events/{id}`): written by the server as things
 * happen, never changed. `refs` names the rows an event is about; they are no foreign
 * keys, because the timeline outlives a deleted appointment or note.
 */
export const educationEvents = pgTable(
  'education_events',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    studentId: ref('student_id').notNull(),
    studentEducationId: ref('student_education_id'),
    type: text({ enum: C.educationEventTypes }).notNull(),
    date: instant().notNull().defaultNow(),
    text: text().notNull(),
    userId: ref('user_id'),
    refs: jsonb().$type<S['EducationEventRefs']>().notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [
    belongsToSchool('education_events_driving_school_fk', t),
    ...tenantKey('education_events', t),
    tenantForeignKey(
      'education_events_student_fk',
      [t.drivingSchoolId, t.studentId],
      students,
    ).onDelete('cascade'),
    tenantForeignKey(
      'education_events_education_fk',
      [t.drivingSchoolId, t.studentEducationId],
      studentEducations,
    ).onDelete('cascade'),
    tenantForeignKey('education_events_user_fk', [t.drivingSchoolId, t.userId], users),
    tenantIndex('education_events_student_idx', t, t.studentId, t.date),
    oneOf('education_events_type_check', t.type, C.educationEventTypes),
    check('education_events_text_check', sql`char_length(${t.text}) <= 2000`),
  ],
);

/* ──────────────────────────── registrations ───────────────────────── */

export const registrations = pgTable(
  'registrations',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    salutation: text({ enum: C.salutations }),
    firstName: text().notNull(),
    lastName: text().notNull(),
    birthDate: day(),
    birthPlace: text(),
    address: jsonb().$type<Address>(),
    email: text(),
    phone: text(),
    language: text({ enum: LANGUAGES }),
    licenseClasses: classList(),
    heldLicenseClasses: classList(),
    branchId: ref('branch_id'),
    /** The theory course the person chose on the page (planning area). */
    theoryCourseId: ref('theory_course_id'),
    preferredStartDate: day(),
    message: text(),
    fromPublicPage: boolean().notNull().default(false),
    privacyAcceptedAt: instant(),
    read: boolean().notNull().default(false),
    processStatus: text({ enum: C.registrationStatuses }).notNull().default('NEW'),
    matchedStudentId: ref('matched_student_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('registrations_driving_school_fk', t),
    ...tenantKey('registrations', t),
    tenantForeignKey('registrations_branch_fk', [t.drivingSchoolId, t.branchId], branches),
    tenantForeignKey(
      'registrations_theory_course_fk',
      [t.drivingSchoolId, t.theoryCourseId],
      theoryCourses,
    ).onDelete(setNull('theory_course_id')),
    tenantForeignKey(
      'registrations_matched_student_fk',
      [t.drivingSchoolId, t.matchedStudentId],
      students,
    ).onDelete(setNull('matched_student_id')),
    tenantIndex('registrations_created_idx', t, t.createdAt),
    tenantIndex('registrations_unread_idx', t, t.read),
    tenantIndex('registrations_status_idx', t, t.processStatus),
    tenantIndex('registrations_email_idx', t, sql`lower(${t.email})`),
    oneOf('registrations_salutation_check', t.salutation, C.salutations),
    oneOf('registrations_language_check', t.language, LANGUAGES),
    oneOf('registrations_process_status_check', t.processStatus, C.registrationStatuses),
    licenseClassesCheck('registrations_license_classes_check', t.licenseClasses),
    licenseClassesCheck('registrations_held_license_classes_check', t.heldLicenseClasses),
    // A person from the public page accepted the privacy notice.
    check(
      'registrations_privacy_check',
      sql`not ${t.fromPublicPage} or ${t.privacyAcceptedAt} is not null`,
    ),
  ],
);

/* ─────────────────────────────── notes ─────────────────────────────── */

const noteColumns = () => ({
  id: id(),
  drivingSchoolId: schoolId(),
  text: text().notNull(),
  date: instant().notNull().defaultNow(),
  authorUserId: ref('author_user_id').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const studentNotes = pgTable(
  'student_notes',
  { ...noteColumns(), studentId: ref('student_id').notNull() },
  (t) => [
    belongsToSchool('student_notes_driving_school_fk', t),
    ...tenantKey('student_notes', t),
    tenantForeignKey(
      'student_notes_student_fk',
      [t.drivingSchoolId, t.studentId],
      students,
    ).onDelete('cascade'),
    tenantForeignKey('student_notes_author_fk', [t.drivingSchoolId, t.authorUserId], users),
    tenantIndex('student_notes_student_idx', t, t.studentId, t.date),
    tenantIndex('student_notes_date_idx', t, t.date),
    check('student_notes_text_check', sql`char_length(${t.text}) between 1 and 5000`),
  ],
);

export const costBearerNotes = pgTable(
  'cost_bearer_notes',
  { ...noteColumns(), costBearerId: ref('cost_bearer_id').notNull() },
  (t) => [
    belongsToSchool('cost_bearer_notes_driving_school_fk', t),
    ...tenantKey('cost_bearer_notes', t),
    tenantForeignKey(
      'cost_bearer_notes_cost_bearer_fk',
      [t.drivingSchoolId, t.costBearerId],
      costBearers,
    ).onDelete('cascade'),
    tenantForeignKey('cost_bearer_notes_author_fk', [t.drivingSchoolId, t.authorUserId], users),
    tenantIndex('cost_bearer_notes_cost_bearer_idx', t, t.costBearerId, t.date),
    tenantIndex('cost_bearer_notes_date_idx', t, t.date),
    check('cost_bearer_notes_text_check', sql`char_length(${t.text}) between 1 and 5000`),
  ],
);

/* ─────────────────────────────── to-dos ────────────────────────────── */

export const todos = pgTable(
  'todos',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    title: text().notNull(),
    description: text(),
    status: text({ enum: C.todoStatuses }).notNull().default('OPEN'),
    priority: text({ enum: C.todoPriorities }).notNull().default('NORMAL'),
    group: text({ enum: C.todoGroups }),
    assigneeUserId: ref('assignee_user_id'),
    dueDate: day(),
    studentId: ref('student_id'),
    createdByUserId: ref('created_by_user_id').notNull(),
    doneAt: instant(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('todos_driving_school_fk', t),
    ...tenantKey('todos', t),
    tenantForeignKey('todos_assignee_fk', [t.drivingSchoolId, t.assigneeUserId], users),
    tenantForeignKey('todos_student_fk', [t.drivingSchoolId, t.studentId], students).onDelete(
      setNull('student_id'),
    ),
    tenantForeignKey('todos_created_by_fk', [t.drivingSchoolId, t.createdByUserId], users),
    tenantIndex('todos_status_idx', t, t.status, t.dueDate),
    tenantIndex('todos_assignee_idx', t, t.assigneeUserId),
    tenantIndex('todos_student_idx', t, t.studentId),
    tenantIndex('todos_due_idx', t, t.dueDate),
    oneOf('todos_status_check', t.status, C.todoStatuses),
    oneOf('todos_priority_check', t.priority, C.todoPriorities),
    oneOf('todos_group_check', t.group, C.todoGroups),
    check('todos_title_check', sql`char_length(${t.title}) between 1 and 200`),
    // doneAt is when the to-do became DONE, and only then.
    check('todos_done_at_check', sql`(${t.status} = 'DONE') = (${t.doneAt} is not null)`),
  ],
);

/**
 * The files attached to a to-do (at most 20: each takes one of the places 1–20). The
 * attachment's id in the API is the stored file's id.
 */
export const todoAttachments = pgTable(
  'todo_attachments',
  {
    drivingSchoolId: schoolId(),
    todoId: ref('todo_id').notNull(),
    fileId: ref('file_id').notNull(),
    position: smallint().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'todo_attachments_pkey', columns: [t.todoId, t.fileId] }),
    belongsToSchool('todo_attachments_driving_school_fk', t),
    tenantForeignKey('todo_attachments_todo_fk', [t.drivingSchoolId, t.todoId], todos).onDelete(
      'cascade',
    ),
    tenantForeignKey(
      'todo_attachments_file_fk',
      [t.drivingSchoolId, t.fileId],
      storedFiles,
    ).onDelete('cascade'),
    unique('todo_attachments_position_key').on(t.todoId, t.position),
    check('todo_attachments_position_check', sql`${t.position} between 1 and 20`),
  ],
);

/* ───────────────────────────── checklists ──────────────────────────── */

export const checklistTemplates = pgTable(
  'checklist_templates',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    name: text().notNull(),
    forCostBearers: boolean().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('checklist_templates_driving_school_fk', t),
    ...tenantKey('checklist_templates', t),
    tenantIndex('checklist_templates_name_idx', t, t.forCostBearers, sql`lower(${t.name})`),
    check('checklist_templates_name_check', sql`char_length(${t.name}) between 1 and 100`),
  ],
);

export const checklistTemplateItems = pgTable(
  'checklist_template_items',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    templateId: ref('template_id').notNull(),
    text: text().notNull(),
    position: smallint().notNull(),
  },
  (t) => [
    belongsToSchool('checklist_template_items_driving_school_fk', t),
    ...tenantKey('checklist_template_items', t),
    tenantForeignKey(
      'checklist_template_items_template_fk',
      [t.drivingSchoolId, t.templateId],
      checklistTemplates,
    ).onDelete('cascade'),
    unique('checklist_template_items_position_key').on(t.templateId, t.position),
    check('checklist_template_items_position_check', sql`${t.position} between 0 and 99`),
    check('checklist_template_items_text_check', sql`char_length(${t.text}) between 1 and 255`),
  ],
);

/**
 * The checklist of one student or one cost bearer, copied from a template (one per
 * template and owner). `templateId` is kept when the template is deleted, so it is no
 * foreign key.
 */
export const checklists = pgTable(
  'checklists',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    templateId: ref('template_id').notNull(),
    name: text().notNull(),
    studentId: ref('student_id'),
    costBearerId: ref('cost_bearer_id'),
    createdAt: createdAt(),
  },
  (t) => [
    belongsToSchool('checklists_driving_school_fk', t),
    ...tenantKey('checklists', t),
    tenantForeignKey('checklists_student_fk', [t.drivingSchoolId, t.studentId], students).onDelete(
      'cascade',
    ),
    tenantForeignKey(
      'checklists_cost_bearer_fk',
      [t.drivingSchoolId, t.costBearerId],
      costBearers,
    ).onDelete('cascade'),
    unique('checklists_student_template_key').on(t.studentId, t.templateId),
    unique('checklists_cost_bearer_template_key').on(t.costBearerId, t.templateId),
    check('checklists_owner_check', sql`(${t.studentId} is null) <> (${t.costBearerId} is null)`),
    index('checklists_cost_bearer_idx').on(t.drivingSchoolId, t.costBearerId),
  ],
);

export const checklistItems = pgTable(
  'checklist_items',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    checklistId: ref('checklist_id').notNull(),
    text: text().notNull(),
    position: smallint().notNull(),
    checked: boolean().notNull().default(false),
    checkedAt: instant(),
    checkedByUserId: ref('checked_by_user_id'),
  },
  (t) => [
    belongsToSchool('checklist_items_driving_school_fk', t),
    ...tenantKey('checklist_items', t),
    tenantForeignKey(
      'checklist_items_checklist_fk',
      [t.drivingSchoolId, t.checklistId],
      checklists,
    ).onDelete('cascade'),
    tenantForeignKey(
      'checklist_items_checked_by_fk',
      [t.drivingSchoolId, t.checkedByUserId],
      users,
    ),
    unique('checklist_items_position_key').on(t.checklistId, t.position),
    check('checklist_items_position_check', sql`${t.position} between 0 and 99`),
    check('checklist_items_checked_check', sql`${t.checked} = (${t.checkedAt} is not null)`),
    check('checklist_items_checked_by_check', sql`${t.checked} or ${t.checkedByUserId} is null`),
  ],
);

/* ───────────────────────────── documents ───────────────────────────── */

export const studentDocuments = pgTable(
  'student_documents',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    studentId: ref('student_id').notNull(),
    studentEducationId: ref('student_education_id'),
    type: text({ enum: C.documentTypes }).notNull(),
    fileId: ref('file_id').notNull(),
    /** The name shown and downloaded; starts as the uploaded name. */
    fileName: text().notNull(),
    visible: boolean().notNull().default(false),
    generated: boolean().notNull().default(false),
    uploadedAt: instant().notNull().defaultNow(),
    uploadedByUserId: ref('uploaded_by_user_id'),
  },
  (t) => [
    belongsToSchool('student_documents_driving_school_fk', t),
    ...tenantKey('student_documents', t),
    tenantForeignKey(
      'student_documents_student_fk',
      [t.drivingSchoolId, t.studentId],
      students,
    ).onDelete('cascade'),
    tenantForeignKey(
      'student_documents_education_fk',
      [t.drivingSchoolId, t.studentEducationId],
      studentEducations,
    ).onDelete(setNull('student_education_id')),
    tenantForeignKey('student_documents_file_fk', [t.drivingSchoolId, t.fileId], storedFiles),
    tenantForeignKey(
      'student_documents_uploaded_by_fk',
      [t.drivingSchoolId, t.uploadedByUserId],
      users,
    ),
    tenantIndex('student_documents_student_idx', t, t.studentId, t.uploadedAt),
    tenantIndex('student_documents_education_idx', t, t.studentEducationId),
    oneOf('student_documents_type_check', t.type, C.documentTypes),
    check('student_documents_file_name_check', sql`char_length(${t.fileName}) between 1 and 255`),
  ],
);

export const costBearerDocuments = pgTable(
  'cost_bearer_documents',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    costBearerId: ref('cost_bearer_id').notNull(),
    type: text({ enum: C.documentTypes }).notNull().default('OTHER'),
    fileId: ref('file_id').notNull(),
    fileName: text().notNull(),
    generated: boolean().notNull().default(false),
    fromQrCode: boolean().notNull().default(false),
    uploadedAt: instant().notNull().defaultNow(),
    uploadedByUserId: ref('uploaded_by_user_id'),
  },
  (t) => [
    belongsToSchool('cost_bearer_documents_driving_school_fk', t),
    ...tenantKey('cost_bearer_documents', t),
    tenantForeignKey(
      'cost_bearer_documents_cost_bearer_fk',
      [t.drivingSchoolId, t.costBearerId],
      costBearers,
    ).onDelete('cascade'),
    tenantForeignKey('cost_bearer_documents_file_fk', [t.drivingSchoolId, t.fileId], storedFiles),
    tenantForeignKey(
      'cost_bearer_documents_uploaded_by_fk',
      [t.drivingSchoolId, t.uploadedByUserId],
      users,
    ),
    tenantIndex('cost_bearer_documents_cost_bearer_idx', t, t.costBearerId, t.uploadedAt),
    oneOf('cost_bearer_documents_type_check', t.type, C.documentTypes),
    check(
      'cost_bearer_documents_file_name_check',
      sql`char_length(${t.fileName}) between 1 and 255`,
    ),
    check(
      'cost_bearer_documents_qr_code_check',
      sql`not ${t.fromQrCode} or ${t.uploadedByUserId} is null`,
    ),
  ],
);

/**
 * The documents-in-processing inbox: bulk scans of the office and files students send
 * through their QR-code page, until the office attaches them to a student.
 */
export const documentsInProcessing = pgTable(
  'documents_in_processing',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    fileId: ref('file_id').notNull(),
    fileName: text().notNull(),
    uploadedAt: instant().notNull().defaultNow(),
    uploadedByUserId: ref('uploaded_by_user_id'),
    fromQrCode: boolean().notNull().default(false),
    studentId: ref('student_id'),
    type: text({ enum: C.documentTypes }),
  },
  (t) => [
    belongsToSchool('documents_in_processing_driving_school_fk', t),
    ...tenantKey('documents_in_processing', t),
    tenantForeignKey('documents_in_processing_file_fk', [t.drivingSchoolId, t.fileId], storedFiles),
    tenantForeignKey(
      'documents_in_processing_uploaded_by_fk',
      [t.drivingSchoolId, t.uploadedByUserId],
      users,
    ),
    tenantForeignKey(
      'documents_in_processing_student_fk',
      [t.drivingSchoolId, t.studentId],
      students,
    ).onDelete(setNull('student_id')),
    tenantIndex('documents_in_processing_uploaded_idx', t, t.uploadedAt),
    oneOf('documents_in_processing_type_check', t.type, C.documentTypes),
    check(
      'documents_in_processing_file_name_check',
      sql`char_length(${t.fileName}) between 1 and 255`,
    ),
    check(
      'documents_in_processing_qr_code_check',
      sql`not ${t.fromQrCode} or ${t.uploadedByUserId} is null`,
    ),
  ],
);

/* ────────────────────────── training contracts ─────────────────────── */

/**
 * The training contract (§12 FahrlG) of one education: who signed when, the signature
 * images, and the signed PDF as a student document. A signed contract keeps its education
 * (and student) from being deleted: records are kept, educations are archived.
 */
export const trainingContracts = pgTable(
  'training_contracts',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    studentEducationId: ref('student_education_id').notNull(),
    studentSignatureFileId: ref('student_signature_file_id'),
    studentSignedAt: instant(),
    parentSignatureFileId: ref('parent_signature_file_id'),
    parentSignedAt: instant(),
    documentId: ref('document_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('training_contracts_driving_school_fk', t),
    ...tenantKey('training_contracts', t),
    unique('training_contracts_education_key').on(t.studentEducationId),
    tenantForeignKey(
      'training_contracts_education_fk',
      [t.drivingSchoolId, t.studentEducationId],
      studentEducations,
    ),
    tenantForeignKey(
      'training_contracts_student_signature_fk',
      [t.drivingSchoolId, t.studentSignatureFileId],
      storedFiles,
    ),
    tenantForeignKey(
      'training_contracts_parent_signature_fk',
      [t.drivingSchoolId, t.parentSignatureFileId],
      storedFiles,
    ),
    tenantForeignKey(
      'training_contracts_document_fk',
      [t.drivingSchoolId, t.documentId],
      studentDocuments,
    ),
    check(
      'training_contracts_student_signature_check',
      sql`(${t.studentSignedAt} is null) = (${t.studentSignatureFileId} is null)`,
    ),
    check(
      'training_contracts_parent_signature_check',
      sql`(${t.parentSignedAt} is null) = (${t.parentSignatureFileId} is null)`,
    ),
  ],
);
