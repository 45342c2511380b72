import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  integer,
  pgTable,
  smallint,
  text,
  time,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import {
  archived,
  createdAt,
  id,
  notNegative,
  oneOf,
  ref,
  schoolId,
  tenantForeignKey,
  tenantIndex,
  tenantKey,
  updatedAt,
} from './columns';
import { branches, HOUR_TYPES, products, testingOrganizations, vehicles } from './company';
import {
  belongsToSchool,
  drivingSchools,
  LICENSE_CLASSES,
  licenseClassesCheck,
  users,
} from './core';
import { storedFiles } from './files';
import { costBearers, studentEducations, students } from './people';

/*
 * The planning area: appointments (the calendar), theory courses and lessons with their
 * participants, theory and practical exams with their participants, the learning area's
 * stored content (question catalogue, explanations, theme-loop chapters, knowledge-book pages,
 * the learning app's answers and pre-exams) and the lesson-view dashboard.
 * Tenancy rules: see columns.ts. Enum codes are the contract's (openapi/components/enums.yaml).
 */

export const APPOINTMENT_TYPES = ['DRIVING', 'THEORY', 'EXAM', 'PRIVATE', 'OTHER'] as const;
export const REPEAT_RULES = ['NONE', 'DAILY', 'WEEKDAYS', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export const EXAM_KINDS = ['THEORY', 'PRACTICAL'] as const;
export const EXAM_STATUSES = [
  'PLANNED',
  'READY',
  'BOOKED',
  'PASSED',
  'FAILED',
  'ABSENT',
  'CANCELLED',
] as const;

/** A duration in minutes that fits into one day. */
const minutesCheck = (name: string, column: never) =>
  check(name, sql`${column} between 1 and 1440`);
/** The appointment ends on its own day (start + minutes at most 24:00). */
const endsSameDay = (name: string, start: never, minutes: never) =>
  check(name, sql`extract(epoch from ${start}) / 60 + ${minutes} <= 1440`);
const classArray = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);

/* ------------------------------------------------------------------------------------------ */
/* Appointments (Termine)                                                                     */
/* ------------------------------------------------------------------------------------------ */

/**
 * Every calendar entry: driving lessons, theory, exam, private and other appointments. The
 * calendar reads it by (school, date), by instructor and by vehicle; the indexes below keep
 * that fast at millions of rows. `seriesId` is the id of the first occurrence of a repeating
 * appointment (no foreign key: the first occurrence may be deleted while the others stay).
 */
export const appointments = pgTable(
  'appointments',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    type: text('type', { enum: APPOINTMENT_TYPES }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: time('start_time').notNull(),
    minutes: smallint('minutes').notNull(),
    studentId: ref('student_id'),
    studentEducationId: ref('student_education_id'),
    licenseClass: text('license_class'),
    hourType: text('hour_type', { enum: HOUR_TYPES }),
    instructorId: ref('instructor_id').notNull(),
    vehicleId: ref('vehicle_id'),
    trailerId: ref('trailer_id'),
    escortVehicleId: ref('escort_vehicle_id'),
    kmStart: integer('km_start'),
    kmEnd: integer('km_end'),
    kmDriven: integer('km_driven'),
    note: text('note'),
    title: text('title'),
    repeatRule: text('repeat_rule', { enum: REPEAT_RULES }).notNull().default('NONE'),
    repeatUntil: date('repeat_until', { mode: 'string' }),
    seriesId: ref('series_id'),
    includeInPayroll: boolean('include_in_payroll').notNull().default(true),
    released: boolean('released').notNull().default(false),
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }),
    invoiced: boolean('invoiced').notNull().default(false),
    // Set by the money area when a final invoice bills the appointment. No foreign key: the
    // payment documents reference appointments (their lines), and an issued invoice is never
    // deleted; a key back would tie the two schema files into an import cycle.
    finalInvoiceId: ref('final_invoice_id'),
    booked: boolean('booked').notNull().default(false),
    bookedAt: timestamp('booked_at', { withTimezone: true, mode: 'date' }),
    // What booking charged to the education: the driving-lesson product of the price list, its
    // gross price pro rata to the minutes (cents) and its VAT rate, as the invoice will bill it.
    bookedProductId: ref('booked_product_id'),
    bookedPrice: integer('booked_price'),
    bookedVatRate: smallint('booked_vat_rate'),
    signatureFileId: ref('signature_file_id'),
    signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }),
    branchId: ref('branch_id'),
    costBearerId: ref('cost_bearer_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('appointments_driving_school_fk', t as never),
    ...tenantKey('appointments', t),
    tenantForeignKey('appointments_instructor_fk', [t.drivingSchoolId, t.instructorId], users),
    tenantForeignKey('appointments_vehicle_fk', [t.drivingSchoolId, t.vehicleId], vehicles),
    tenantForeignKey('appointments_trailer_fk', [t.drivingSchoolId, t.trailerId], vehicles),
    tenantForeignKey(
      'appointments_escort_vehicle_fk',
      [t.drivingSchoolId, t.escortVehicleId],
      vehicles,
    ),
    tenantForeignKey('appointments_branch_fk', [t.drivingSchoolId, t.branchId], branches),
    tenantForeignKey(
      'appointments_booked_product_fk',
      [t.drivingSchoolId, t.bookedProductId],
      products,
    ),
    tenantForeignKey('appointments_student_fk', [t.drivingSchoolId, t.studentId], students),
    tenantForeignKey(
      'appointments_student_education_fk',
      [t.drivingSchoolId, t.studentEducationId],
      studentEducations,
    ),
    tenantForeignKey(
      'appointments_cost_bearer_fk',
      [t.drivingSchoolId, t.costBearerId],
      costBearers,
    ),
    tenantForeignKey(
      'appointments_signature_file_fk',
      [t.drivingSchoolId, t.signatureFileId],
      storedFiles,
    ),
    oneOf('appointments_type_check', t.type, APPOINTMENT_TYPES),
    oneOf('appointments_hour_type_check', t.hourType, HOUR_TYPES),
    oneOf('appointments_license_class_check', t.licenseClass, LICENSE_CLASSES),
    oneOf('appointments_repeat_rule_check', t.repeatRule, REPEAT_RULES),
    minutesCheck('appointments_minutes_check', t.minutes as never),
    endsSameDay('appointments_ends_same_day_check', t.startTime as never, t.minutes as never),
    check('appointments_km_start_check', sql`${t.kmStart} between 0 and 9999999`),
    check('appointments_km_end_check', sql`${t.kmEnd} between 0 and 9999999`),
    check('appointments_km_order_check', sql`${t.kmEnd} >= ${t.kmStart}`),
    check('appointments_km_driven_check', sql`${t.kmDriven} between 0 and 5000`),
    check(
      'appointments_repeat_until_check',
      sql`${t.repeatRule} = 'NONE' or ${t.repeatUntil} is not null`,
    ),
    check('appointments_released_at_check', sql`not ${t.released} or ${t.releasedAt} is not null`),
    check('appointments_booked_at_check', sql`not ${t.booked} or ${t.bookedAt} is not null`),
    check(
      'appointments_booked_price_check',
      sql`${t.bookedPrice} between 0 and 100000000 and (${t.bookedPrice} is null) = (${t.bookedVatRate} is null)`,
    ),
    check(
      'appointments_signed_at_check',
      sql`(${t.signatureFileId} is null) = (${t.signedAt} is null)`,
    ),
    check(
      'appointments_driving_lesson_check',
      sql`${t.type} <> 'DRIVING' or (${t.studentId} is not null and ${t.studentEducationId} is not null and ${t.hourType} is not null)`,
    ),
    // The calendar: a school's days; an instructor's, a vehicle's days; a student's lessons.
    tenantIndex('appointments_date_idx', t, t.date, t.startTime),
    tenantIndex('appointments_instructor_date_idx', t, t.instructorId, t.date, t.startTime),
    tenantIndex('appointments_vehicle_date_idx', t, t.vehicleId, t.date).where(
      sql`${t.vehicleId} is not null`,
    ),
    tenantIndex('appointments_trailer_date_idx', t, t.trailerId, t.date).where(
      sql`${t.trailerId} is not null`,
    ),
    tenantIndex('appointments_escort_vehicle_date_idx', t, t.escortVehicleId, t.date).where(
      sql`${t.escortVehicleId} is not null`,
    ),
    tenantIndex('appointments_student_idx', t, t.studentId, t.date).where(
      sql`${t.studentId} is not null`,
    ),
    tenantIndex('appointments_student_education_idx', t, t.studentEducationId).where(
      sql`${t.studentEducationId} is not null`,
    ),
    tenantIndex('appointments_cost_bearer_idx', t, t.costBearerId, t.date).where(
      sql`${t.costBearerId} is not null`,
    ),
    tenantIndex('appointments_series_idx', t, t.seriesId).where(sql`${t.seriesId} is not null`),
    // The held lessons of an education (reports: driving lessons per education). Migration
    // 0020 adds INCLUDE (minutes), so their minutes are summed from the index alone.
    tenantIndex('appointments_held_lessons_idx', t, t.studentEducationId).where(
      sql`${t.type} = 'DRIVING' and (${t.booked} or ${t.signedAt} is not null)`,
    ),
    // The practice held per day (reports: sales per instructor over a year). Migration 0021
    // adds INCLUDE (instructor_id, type, minutes, booked_price, booked_vat_rate,
    // student_education_id, hour_type, license_class, vehicle_id, km_driven, branch_id): the sales and
    // km reports read it alone.
    tenantIndex('appointments_practice_idx', t, t.date).where(
      sql`${t.studentEducationId} is not null and ((${t.type} = 'DRIVING' and (${t.booked} or ${t.signedAt} is not null)) or ${t.type} = 'EXAM')`,
    ),
    tenantIndex('appointments_final_invoice_idx', t, t.finalInvoiceId).where(
      sql`${t.finalInvoiceId} is not null`,
    ),
  ],
);

/* ------------------------------------------------------------------------------------------ */
/* Theory: courses, their students, lessons and attendance                                    */
/* ------------------------------------------------------------------------------------------ */

export const theoryCourses = pgTable(
  'theory_courses',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    shortDescription: text('short_description').notNull(),
    start: date('start', { mode: 'string' }).notNull(),
    end: date('end', { mode: 'string' }).notNull(),
    quantity: smallint('quantity').notNull(),
    shownOnWebPage: boolean('shown_on_web_page').notNull().default(false),
    teachingMaterialProductId: ref('teaching_material_product_id'),
    basicFeeProductId: ref('basic_fee_product_id'),
    showForOnboarding: boolean('show_for_onboarding').notNull().default(false),
    licenseClasses: classArray('license_classes'),
    branchId: ref('branch_id').notNull(),
    instructorId: ref('instructor_id'),
    archived: archived(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('theory_courses_driving_school_fk', t as never),
    ...tenantKey('theory_courses', t),
    tenantForeignKey('theory_courses_branch_fk', [t.drivingSchoolId, t.branchId], branches),
    tenantForeignKey('theory_courses_instructor_fk', [t.drivingSchoolId, t.instructorId], users),
    tenantForeignKey(
      'theory_courses_teaching_material_product_fk',
      [t.drivingSchoolId, t.teachingMaterialProductId],
      products,
    ),
    tenantForeignKey(
      'theory_courses_basic_fee_product_fk',
      [t.drivingSchoolId, t.basicFeeProductId],
      products,
    ),
    check('theory_courses_short_description_check', sql`length(${t.shortDescription}) >= 1`),
    check('theory_courses_dates_check', sql`${t.end} >= ${t.start}`),
    check('theory_courses_quantity_check', sql`${t.quantity} between 1 and 500`),
    licenseClassesCheck('theory_courses_license_classes_check', t.licenseClasses as never),
    tenantIndex('theory_courses_start_idx', t, t.start),
    tenantIndex('theory_courses_branch_idx', t, t.branchId, t.start),
  ],
);

/**
 * A theory lesson (Grundstoff 1–12 or Zusatzstoff of a class), in a course or on its own. Its
 * calendar entry is an appointment of type THEORY of the instructor.
 */
export const theoryLessons = pgTable(
  'theory_lessons',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    theoryCourseId: ref('theory_course_id'),
    additional: boolean('additional').notNull(),
    lessonNumber: smallint('lesson_number').notNull(),
    topic: text('topic').notNull(),
    licenseClasses: classArray('license_classes'),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: time('start_time').notNull(),
    minutes: smallint('minutes').notNull().default(90),
    instructorId: ref('instructor_id').notNull(),
    branchId: ref('branch_id').notNull(),
    room: text('room'),
    booked: boolean('booked').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('theory_lessons_driving_school_fk', t as never),
    ...tenantKey('theory_lessons', t),
    tenantForeignKey(
      'theory_lessons_course_fk',
      [t.drivingSchoolId, t.theoryCourseId],
      theoryCourses,
    ).onDelete('cascade'),
    tenantForeignKey('theory_lessons_instructor_fk', [t.drivingSchoolId, t.instructorId], users),
    tenantForeignKey('theory_lessons_branch_fk', [t.drivingSchoolId, t.branchId], branches),
    check('theory_lessons_lesson_number_check', sql`${t.lessonNumber} between 1 and 20`),
    minutesCheck('theory_lessons_minutes_check', t.minutes as never),
    endsSameDay('theory_lessons_ends_same_day_check', t.startTime as never, t.minutes as never),
    licenseClassesCheck('theory_lessons_license_classes_check', t.licenseClasses as never),
    check(
      'theory_lessons_additional_classes_check',
      sql`not ${t.additional} or cardinality(${t.licenseClasses}) >= 1`,
    ),
    tenantIndex('theory_lessons_date_idx', t, t.date, t.startTime),
    tenantIndex('theory_lessons_course_idx', t, t.theoryCourseId, t.date).where(
      sql`${t.theoryCourseId} is not null`,
    ),
    tenantIndex('theory_lessons_instructor_date_idx', t, t.instructorId, t.date),
  ],
);

/** A student booked into a theory lesson, counted for one education, maybe signed. */
export const theoryLessonParticipants = pgTable(
  'theory_lesson_participants',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    theoryLessonId: ref('theory_lesson_id').notNull(),
    studentId: ref('student_id').notNull(),
    studentEducationId: ref('student_education_id').notNull(),
    signatureFileId: ref('signature_file_id'),
    signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    ...tenantKey('theory_lesson_participants', t),
    tenantForeignKey(
      'theory_lesson_participants_lesson_fk',
      [t.drivingSchoolId, t.theoryLessonId],
      theoryLessons,
    ).onDelete('cascade'),
    tenantForeignKey(
      'theory_lesson_participants_student_fk',
      [t.drivingSchoolId, t.studentId],
      students,
    ).onDelete('cascade'),
    tenantForeignKey(
      'theory_lesson_participants_education_fk',
      [t.drivingSchoolId, t.studentEducationId],
      studentEducations,
    ).onDelete('cascade'),
    tenantForeignKey(
      'theory_lesson_participants_signature_file_fk',
      [t.drivingSchoolId, t.signatureFileId],
      storedFiles,
    ),
    unique('theory_lesson_participants_student_key').on(t.theoryLessonId, t.studentId),
    check(
      'theory_lesson_participants_signed_at_check',
      sql`(${t.signatureFileId} is null) = (${t.signedAt} is null)`,
    ),
    tenantIndex('theory_lesson_participants_student_idx', t, t.studentId),
    tenantIndex('theory_lesson_participants_education_idx', t, t.studentEducationId),
  ],
);

/* ------------------------------------------------------------------------------------------ */
/* Exams: theory and practical slots (portions) and their participants                        */
/* ------------------------------------------------------------------------------------------ */

/** One table for both kinds: `/theory-exams` reads kind THEORY, `/practical-exams` PRACTICAL. */
export const exams = pgTable(
  'exams',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    kind: text('kind', { enum: EXAM_KINDS }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: time('start_time').notNull(),
    minutes: smallint('minutes').notNull(),
    testingOrganizationId: ref('testing_organization_id').notNull(),
    listNumber: text('list_number'),
    proctorId: ref('proctor_id'),
    examiner: text('examiner'),
    location: text('location'),
    branchId: ref('branch_id'),
    vehicleId: ref('vehicle_id'),
    licenseClass: text('license_class'),
    places: smallint('places'),
    note: text('note'),
    booked: boolean('booked').notNull().default(false),
    bookedAt: timestamp('booked_at', { withTimezone: true, mode: 'date' }),
    archived: archived(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('exams_driving_school_fk', t as never),
    ...tenantKey('exams', t),
    tenantForeignKey(
      'exams_testing_organization_fk',
      [t.drivingSchoolId, t.testingOrganizationId],
      testingOrganizations,
    ),
    tenantForeignKey('exams_proctor_fk', [t.drivingSchoolId, t.proctorId], users),
    tenantForeignKey('exams_branch_fk', [t.drivingSchoolId, t.branchId], branches),
    tenantForeignKey('exams_vehicle_fk', [t.drivingSchoolId, t.vehicleId], vehicles),
    oneOf('exams_kind_check', t.kind, EXAM_KINDS),
    oneOf('exams_license_class_check', t.licenseClass, LICENSE_CLASSES),
    minutesCheck('exams_minutes_check', t.minutes as never),
    endsSameDay('exams_ends_same_day_check', t.startTime as never, t.minutes as never),
    check('exams_places_check', sql`${t.places} between 1 and 100`),
    check('exams_booked_at_check', sql`not ${t.booked} or ${t.bookedAt} is not null`),
    tenantIndex('exams_kind_date_idx', t, t.kind, t.date),
    tenantIndex('exams_testing_organization_idx', t, t.testingOrganizationId, t.date),
    tenantIndex('exams_proctor_idx', t, t.proctorId, t.date).where(sql`${t.proctorId} is not null`),
  ],
);

/** A student's place in an exam (the "student exam"), with status and result. */
export const examParticipants = pgTable(
  'exam_participants',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    examId: ref('exam_id').notNull(),
    studentId: ref('student_id').notNull(),
    studentEducationId: ref('student_education_id').notNull(),
    status: text('status', { enum: EXAM_STATUSES }).notNull().default('PLANNED'),
    ready: boolean('ready').notNull().default(false),
    readyAt: timestamp('ready_at', { withTimezone: true, mode: 'date' }),
    points: smallint('points'),
    attempt: smallint('attempt').notNull().default(1),
    protocolFileId: ref('protocol_file_id'),
    /** When the repeat exam presentation was booked after this failed exam (once per exam). */
    repeatFeesBookedAt: timestamp('repeat_fees_booked_at', { withTimezone: true, mode: 'date' }),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey('exam_participants', t),
    tenantForeignKey('exam_participants_exam_fk', [t.drivingSchoolId, t.examId], exams).onDelete(
      'cascade',
    ),
    tenantForeignKey(
      'exam_participants_student_fk',
      [t.drivingSchoolId, t.studentId],
      students,
    ).onDelete('cascade'),
    tenantForeignKey(
      'exam_participants_education_fk',
      [t.drivingSchoolId, t.studentEducationId],
      studentEducations,
    ).onDelete('cascade'),
    tenantForeignKey(
      'exam_participants_protocol_file_fk',
      [t.drivingSchoolId, t.protocolFileId],
      storedFiles,
    ),
    unique('exam_participants_education_key').on(t.examId, t.studentEducationId),
    oneOf('exam_participants_status_check', t.status, EXAM_STATUSES),
    check('exam_participants_points_check', sql`${t.points} between 0 and 110`),
    check('exam_participants_attempt_check', sql`${t.attempt} between 1 and 99`),
    check('exam_participants_ready_at_check', sql`not ${t.ready} or ${t.readyAt} is not null`),
    tenantIndex('exam_participants_student_idx', t, t.studentId),
    tenantIndex('exam_participants_education_idx', t, t.studentEducationId),
  ],
);

/* ------------------------------------------------------------------------------------------ */
/* Learning area: catalogue, explanations, theme loop, knowledge books, answers, pre-exams     */
/* ------------------------------------------------------------------------------------------ */

/**
 * The chapters of the question catalogue by official number: chapters (`1`), categories
 * (`1.1`) and subcategories (`1.1.01`); the theme loop shows categories and subcategories,
 * with the school's detail URL (`PUT /theme-loop/{n}/details`).
 */
export const theoryChapters = pgTable(
  'theory_chapters',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    officialNumber: text('official_number').notNull(),
    name: text('name').notNull(),
    basic: boolean('basic').notNull().default(true),
    detailsUrl: text('details_url'),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('theory_chapters_driving_school_fk', t as never),
    ...tenantKey('theory_chapters', t),
    unique('theory_chapters_number_key').on(t.drivingSchoolId, t.officialNumber),
    check(
      'theory_chapters_number_check',
      sql`${t.officialNumber} ~ '^[0-9]{1,2}(\\.[0-9]{1,2}(\\.[0-9]{2})?)?$'`,
    ),
    check('theory_chapters_details_url_check', sql`${t.detailsUrl} ~ '^https?://'`),
  ],
);

/** A theory question of one catalogue version (our own texts or a licensed catalogue). */
export const theoryQuestions = pgTable(
  'theory_questions',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    questionsVersion: text('questions_version').notNull(),
    officialNumber: text('official_number').notNull(),
    chapter: text('chapter').notNull(),
    points: smallint('points').notNull(),
    text: text('text').notNull(),
    numeric: boolean('numeric').notNull().default(false),
    basic: boolean('basic').notNull(),
    licenseClasses: classArray('license_classes'),
    imageUrl: text('image_url'),
    videoUrl: text('video_url'),
    createdAt: createdAt(),
  },
  (t) => [
    belongsToSchool('theory_questions_driving_school_fk', t as never),
    ...tenantKey('theory_questions', t),
    unique('theory_questions_number_key').on(
      t.drivingSchoolId,
      t.questionsVersion,
      t.officialNumber,
    ),
    check(
      'theory_questions_number_check',
      sql`${t.officialNumber} ~ '^[0-9]{1,2}\\.[0-9]{1,2}\\.[0-9]{2}-[0-9]{3}(-[A-Z])?$'`,
    ),
    check('theory_questions_points_check', sql`${t.points} between 2 and 5`),
    // The same form as an education's `theoryQuestionsVersion` (people area).
    check(
      'theory_questions_version_check',
      sql`${t.questionsVersion} ~ '^[0-9]{4}-[0-9]{2}(-[0-9]{2})?$'`,
    ),
    licenseClassesCheck('theory_questions_license_classes_check', t.licenseClasses as never),
    tenantIndex('theory_questions_chapter_idx', t, t.questionsVersion, t.chapter),
  ],
);

export const theoryAnswers = pgTable(
  'theory_answers',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    theoryQuestionId: ref('theory_question_id').notNull(),
    position: smallint('position').notNull(),
    text: text('text').notNull(),
    correct: boolean('correct').notNull(),
    value: text('value'),
  },
  (t) => [
    ...tenantKey('theory_answers', t),
    tenantForeignKey(
      'theory_answers_question_fk',
      [t.drivingSchoolId, t.theoryQuestionId],
      theoryQuestions,
    ).onDelete('cascade'),
    unique('theory_answers_position_key').on(t.theoryQuestionId, t.position),
    check('theory_answers_position_check', sql`${t.position} between 1 and 5`),
  ],
);

/** The school's explanation of a question, by official number (any catalogue version). */
export const questionExplanations = pgTable(
  'question_explanations',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    officialNumber: text('official_number').notNull(),
    text: text('text').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('question_explanations_driving_school_fk', t as never),
    ...tenantKey('question_explanations', t),
    unique('question_explanations_number_key').on(t.drivingSchoolId, t.officialNumber),
    check('question_explanations_text_check', sql`length(${t.text}) between 1 and 20000`),
  ],
);

/** A page of a knowledge book (59 base, 60 additional B, 61 additional A), as HTML. */
export const knowledgeBookPages = pgTable(
  'knowledge_book_pages',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    bookId: smallint('book_id').notNull(),
    chapterTitle: text('chapter_title').notNull(),
    chapterPosition: smallint('chapter_position').notNull(),
    position: smallint('position').notNull(),
    title: text('title').notNull(),
    html: text('html').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('knowledge_book_pages_driving_school_fk', t as never),
    ...tenantKey('knowledge_book_pages', t),
    check('knowledge_book_pages_book_check', sql`${t.bookId} in (59, 60, 61)`),
    tenantIndex('knowledge_book_pages_book_idx', t, t.bookId, t.chapterPosition, t.position),
  ],
);

/** One answer a student gave in the learning app, for one education. */
export const studentQuestionAnswers = pgTable(
  'student_question_answers',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    studentId: ref('student_id').notNull(),
    studentEducationId: ref('student_education_id').notNull(),
    theoryQuestionId: ref('theory_question_id').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }).notNull(),
    correct: boolean('correct').notNull(),
    chosenAnswerIds: bigint('chosen_answer_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    numericValue: text('numeric_value'),
    seconds: integer('seconds').notNull().default(0),
  },
  (t) => [
    ...tenantKey('student_question_answers', t),
    tenantForeignKey(
      'student_question_answers_question_fk',
      [t.drivingSchoolId, t.theoryQuestionId],
      theoryQuestions,
    ).onDelete('cascade'),
    notNegative('student_question_answers_seconds_check', t.seconds),
    tenantForeignKey(
      'student_question_answers_student_fk',
      [t.drivingSchoolId, t.studentId],
      students,
    ).onDelete('cascade'),
    tenantForeignKey(
      'student_question_answers_education_fk',
      [t.drivingSchoolId, t.studentEducationId],
      studentEducations,
    ).onDelete('cascade'),
    tenantIndex(
      'student_question_answers_education_idx',
      t,
      t.studentEducationId,
      t.theoryQuestionId,
      t.answeredAt,
    ),
    tenantIndex('student_question_answers_student_idx', t, t.studentId, t.theoryQuestionId),
  ],
);

/** A pre-exam (a simulated theory exam) in the learning app. */
export const theoryPreExams = pgTable(
  'theory_pre_exams',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    studentId: ref('student_id').notNull(),
    studentEducationId: ref('student_education_id').notNull(),
    licenseClass: text('license_class').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    questionCount: smallint('question_count').notNull(),
    errorPoints: smallint('error_points'),
    passed: boolean('passed'),
  },
  (t) => [
    ...tenantKey('theory_pre_exams', t),
    tenantForeignKey(
      'theory_pre_exams_student_fk',
      [t.drivingSchoolId, t.studentId],
      students,
    ).onDelete('cascade'),
    tenantForeignKey(
      'theory_pre_exams_education_fk',
      [t.drivingSchoolId, t.studentEducationId],
      studentEducations,
    ).onDelete('cascade'),
    oneOf('theory_pre_exams_license_class_check', t.licenseClass, LICENSE_CLASSES),
    check('theory_pre_exams_question_count_check', sql`${t.questionCount} between 1 and 50`),
    check('theory_pre_exams_error_points_check', sql`${t.errorPoints} between 0 and 110`),
    check('theory_pre_exams_finished_check', sql`${t.finishedAt} >= ${t.startedAt}`),
    tenantIndex('theory_pre_exams_student_idx', t, t.studentId, t.startedAt),
    tenantIndex('theory_pre_exams_education_idx', t, t.studentEducationId),
  ],
);

export const theoryPreExamQuestions = pgTable(
  'theory_pre_exam_questions',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    theoryPreExamId: ref('theory_pre_exam_id').notNull(),
    theoryQuestionId: ref('theory_question_id').notNull(),
    position: smallint('position').notNull(),
    chosenAnswerIds: bigint('chosen_answer_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    numericValue: text('numeric_value'),
    correct: boolean('correct').notNull().default(false),
  },
  (t) => [
    ...tenantKey('theory_pre_exam_questions', t),
    tenantForeignKey(
      'theory_pre_exam_questions_pre_exam_fk',
      [t.drivingSchoolId, t.theoryPreExamId],
      theoryPreExams,
    ).onDelete('cascade'),
    tenantForeignKey(
      'theory_pre_exam_questions_question_fk',
      [t.drivingSchoolId, t.theoryQuestionId],
      theoryQuestions,
    ),
    unique('theory_pre_exam_questions_position_key').on(t.theoryPreExamId, t.position),
    check('theory_pre_exam_questions_position_check', sql`${t.position} between 1 and 50`),
  ],
);

/* ------------------------------------------------------------------------------------------ */
/* The lesson-view dashboard (Unterricht)                                                     */
/* ------------------------------------------------------------------------------------------ */

export const dashboardWidgets = pgTable(
  'dashboard_widgets',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    title: text('title').notNull(),
    text: text('text'),
    buttonTitle: text('button_title'),
    buttonUrl: text('button_url'),
    position: smallint('position').notNull(),
    imageFileId: ref('image_file_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('dashboard_widgets_driving_school_fk', t as never),
    ...tenantKey('dashboard_widgets', t),
    tenantForeignKey(
      'dashboard_widgets_image_file_fk',
      [t.drivingSchoolId, t.imageFileId],
      storedFiles,
    ),
    check('dashboard_widgets_title_check', sql`length(${t.title}) between 1 and 255`),
    check('dashboard_widgets_position_check', sql`${t.position} between 0 and 99`),
    check(
      'dashboard_widgets_button_check',
      sql`(${t.buttonTitle} is null) = (${t.buttonUrl} is null)`,
    ),
    check('dashboard_widgets_button_url_check', sql`${t.buttonUrl} ~ '^https?://'`),
    tenantIndex('dashboard_widgets_position_idx', t, t.position),
  ],
);

/** The dashboard's own settings: one row per school. */
export const dashboardSettings = pgTable(
  'dashboard_settings',
  {
    drivingSchoolId: bigint('driving_school_id', { mode: 'number' }).primaryKey(),
    youtubeLink: text('youtube_link'),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('dashboard_settings_driving_school_fk', t as never),
    check(
      'dashboard_settings_youtube_link_check',
      sql`${t.youtubeLink} ~ '^https://(www\\.)?(youtube\\.com|youtu\\.be|youtube-nocookie\\.com)/'`,
    ),
  ],
);
