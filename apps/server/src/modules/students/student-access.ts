import { and, eq, inArray, not, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type {
  FastifyInstance,
  FastifyRequest,
  preValidationAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import type { Db } from '../../db/database';
import {
  appointments,
  checklistItems,
  checklists,
  examParticipants,
  livePayMandates,
  paymentDocuments,
  payments,
  studentDocuments,
  studentEducations,
  studentNotes,
  students,
  theoryLessonParticipants,
  theoryPreExams,
} from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { AppError, notFound } from '../../http/errors';
import type { OpenApiDocument } from '../../http/openapi-document';
import { studentVisibility } from './students.resources';

/*
 * "Only own students" (spec 000 §3, user visibility OWN) for every operation that reads or
 * changes something of a student. Instead of each handler remembering to check, every
 * operation that takes the id of a student, an education or another row of a student
 * declares here where that id sits (path, query or body). A route hook checks the ids before
 * the request is validated and before the handler runs: an id of a row whose student the
 * caller may not see is answered like a row that does not exist — 404 `errors.not_found`
 * when the id is in the path (or the operation answers 404 for its query ids), else 422
 * `validation.unknown_id` on the field. Ids of no row of the school pass on to the handler,
 * which answers them as before.
 *
 * `student-access.test.ts` walks the contract: every operation with a parameter or body
 * field naming a student, an education or a student's row must be declared here or listed
 * in NOT_STUDENT_IDS with the reason, and every declared operation is called with another
 * instructor's student by an instructor who sees only their own.
 */

/** What an id names: a student, or a row that belongs to one. */
export type StudentRowKind =
  | 'student'
  | 'education'
  | 'note'
  | 'document'
  | 'appointment'
  | 'checklistItem'
  | 'examParticipant'
  | 'lessonParticipant'
  | 'preExam'
  | 'payment'
  | 'paymentDocument'
  | 'mandate';

/**
 * Where an id sits: `path.<name>`, `query.<name>` or `body.<property>`; nested body
 * properties dotted (`body.statuses.studentExamId` reads every item of the array). A value
 * may be one id or an array of ids.
 */
export type IdLocation = `path.${string}` | `query.${string}` | `body.${string}`;

export type StudentAccess = Partial<Record<StudentRowKind, IdLocation | readonly IdLocation[]>>;

/** Per operationId: the ids of students and of their rows it takes. */
export const STUDENT_ACCESS = {
  // students
  getStudent: { student: 'path.id' },
  updateStudent: { student: 'path.id' },
  deleteStudent: { student: 'path.id' },
  changeLearningAppLoginAllowed: { student: 'path.id' },
  getStudentExamAndEducation: { student: 'path.id' },
  deleteUnconfirmedStudent: { student: 'path.id' },
  archiveStudent: { student: 'query.id' },
  getStudentAvatar: { student: 'query.studentId' },
  uploadStudentAvatar: { student: 'body.studentId' },
  getStudentBalance: { student: 'path.id' },
  convertRegistrationToStudent: { student: 'body.studentId' },
  // notes
  filterStudentNotes: { student: 'body.studentId' },
  listStudentNotesByStudent: { student: 'path.id' },
  listStudentNotes: { student: 'query.studentId' },
  createStudentNote: { student: 'body.studentId' },
  getStudentNote: { note: 'path.id' },
  updateStudentNote: { note: 'path.id', student: 'body.studentId' },
  deleteStudentNote: { note: 'path.id' },
  // educations
  filterStudentEducations: { student: 'body.studentId' },
  listStudentEducationsByStudent: { student: 'path.studentId' },
  listStudentEducations: { student: 'query.studentId' },
  createStudentEducation: { student: 'body.studentId' },
  getStudentEducation: { education: 'path.id' },
  updateStudentEducation: { education: 'path.id', student: 'body.studentId' },
  deleteStudentEducation: { education: 'path.id' },
  getTheoryQuestionsVersion: { education: 'path.id' },
  changeDriveBuzzEnabled: { education: 'query.id' },
  changeFinishedEducationState: { education: 'query.id' },
  changeAutomaticPaymentState: { education: 'query.id' },
  archiveStudentEducation: { education: 'query.id' },
  listEducationEventsByStudent: { student: 'path.id' },
  // prices, products, cost bearers, checklists, to-dos
  listPricesByStudent: { student: 'path.id' },
  listAddOnPricesByStudent: { student: 'path.id' },
  listPricesByStudentEducation: { education: 'path.id' },
  copyPricesToExistingStudents: { student: 'body.studentIds' },
  bookAddOns: { student: 'query.studentId', education: 'body.studentEducationId' },
  listLearningMaterialProducts: { student: 'query.studentId' },
  listBasicFeeProducts: { student: 'query.studentId' },
  bookProductsOnFailedExam: {
    education: 'path.studentEducationId',
    examParticipant: 'path.studentTheoryExamId',
  },
  filterCostBearers: { student: 'body.studentId' },
  listCostBearersByStudent: { student: 'path.id' },
  listChecklistsByStudent: { student: 'path.id' },
  addChecklistToStudent: { student: 'path.studentId' },
  removeChecklistFromStudent: { student: 'path.studentId' },
  checkStudentChecklistItem: { checklistItem: 'path.id' },
  filterTodos: { student: 'body.studentId' },
  listTodos: { student: 'query.studentId' },
  createTodo: { student: 'body.studentId' },
  updateTodoById: { student: 'body.studentId' },
  updateTodo: { student: 'body.studentId' },
  // training contracts and documents
  getTrainingContract: { education: 'path.studentEducationId' },
  downloadSignedTrainingContract: { education: 'path.studentEducationId' },
  uploadTrainingContractStudentSignature: { education: 'query.studentEducationId' },
  uploadTrainingContractParentSignature: { education: 'query.studentEducationId' },
  getTrainingContractAddonsCheckboxText: { education: 'query.studentEducationId' },
  getTrainingContractGdprUrlCheckboxText: { education: 'query.studentEducationId' },
  uploadStudentDocument: { student: 'body.studentId', education: 'body.studentEducationId' },
  listStudentDocumentsByStudent: {
    student: 'path.studentId',
    education: 'query.studentEducationId',
  },
  getStudentDocumentUploadLink: { student: 'path.studentId' },
  changeStudentDocumentVisibility: { document: 'path.id' },
  downloadStudentDocument: { document: 'path.id' },
  deleteStudentDocument: { document: 'path.id' },
  attachDocumentInProcessing: { student: 'body.studentId', education: 'body.studentEducationId' },
  // planning: calendar, appointments, driving lessons
  filterCalendar: { student: 'body.studentId' },
  checkInstructorWorkingHours: { education: 'body.studentEducationId' },
  checkInstructorWorkingHoursRepeating: { education: 'body.studentEducationId' },
  checkInstructorOverlappingAppointments: { education: 'body.studentEducationId' },
  checkInstructorOverlappingAppointmentsRepeating: { education: 'body.studentEducationId' },
  checkVehiclesOverlappingAppointments: { education: 'body.studentEducationId' },
  checkVehicleOverlappingAppointments: { education: 'body.studentEducationId' },
  checkVehicleOverlappingAppointmentsRepeating: { education: 'body.studentEducationId' },
  createAppointment: { student: 'body.studentId', education: 'body.studentEducationId' },
  filterAppointments: { student: 'body.studentId', education: 'body.studentEducationId' },
  filterStudentAppointments: { student: 'path.id', education: 'body.studentEducationId' },
  getAppointment: { appointment: 'path.id' },
  updateAppointment: {
    appointment: 'path.id',
    student: 'body.studentId',
    education: 'body.studentEducationId',
  },
  deleteAppointment: { appointment: 'path.id' },
  bookDrivingLesson: { appointment: 'path.id' },
  uploadStudentSignatureAndBookDrivingLesson: { appointment: 'path.id' },
  deleteDrivingLesson: { appointment: 'path.id' },
  // theory
  bookTheoryCourseModule: { education: 'body.studentEducationId' },
  filterTheoryLessons: { student: 'body.studentId' },
  checkTheoryLessonStudentMatch: { student: 'path.studentId' },
  bookTheoryLesson: { student: 'body.studentIds' },
  deleteTheoryLessonSignature: { lessonParticipant: 'query.studentTheoryLessonId' },
  uploadTheoryLessonSignature: { student: 'query.studentId' },
  getTheoryProgress: { education: 'path.id' },
  listEducationBookedProducts: { education: 'path.id' },
  // exams and pre-exams
  filterTheoryExams: { student: 'body.studentId' },
  filterPracticalExams: { student: 'body.studentId' },
  updateTheoryExamStudentStatuses: { examParticipant: 'body.statuses.studentExamId' },
  updatePracticalExamStudentStatuses: { examParticipant: 'body.statuses.studentExamId' },
  uploadTheoryExamProtocol: { examParticipant: 'body.studentExamId' },
  uploadPracticalExamProtocol: { examParticipant: 'body.studentExamId' },
  downloadTheoryExamProtocol: { examParticipant: 'path.studentExamId' },
  downloadPracticalExamProtocol: { examParticipant: 'path.studentExamId' },
  getTheoryExamEducationStatusInfo: { education: 'query.studentEducationIds' },
  getPracticalExamEducationStatusInfo: { education: 'query.studentEducationIds' },
  deleteTheoryExamStudentExam: { examParticipant: 'path.id' },
  deletePracticalExamStudentExam: { examParticipant: 'path.id' },
  markTheoryExamParticipantsAsReady: { examParticipant: 'body.studentExamIds' },
  markPracticalExamParticipantsAsReady: { examParticipant: 'body.studentExamIds' },
  listStudentTheoryPreExams: { student: 'path.id' },
  getFinishedTheoryPreExam: { preExam: 'path.id' },
  // learning data
  getLearningMetrics: { education: 'query.studentEducationId' },
  getLearningStats: { education: 'query.studentEducationId' },
  resetQuestionAnswers: { education: 'query.studentEducationId' },
  getLearningModeData: { education: 'query.studentEducationId' },
  getTheoryQuestion: { education: 'query.studentEducationId' },
  answerTheoryQuestion: { education: 'body.studentEducationId' },
  startTheoryPreExam: { education: 'body.studentEducationId' },
  finishTheoryPreExam: { preExam: 'path.id' },
  getLastWrongAnswer: { student: 'path.studentId' },
  listStudentThemeLoopCategories: { student: 'path.studentId' },
  getStudentThemeLoopDetails: { student: 'path.studentId' },
  // money
  getLivePayPaymentStatuses: { education: 'body.studentEducationIds' },
  filterPayments: { student: 'body.studentId', education: 'body.studentEducationId' },
  listPayments: { student: 'query.studentId', education: 'query.studentEducationId' },
  createPayment: { student: 'body.studentId', education: 'body.studentEducationId' },
  getPayment: { payment: 'path.id' },
  updatePayment: {
    payment: 'path.id',
    student: 'body.studentId',
    education: 'body.studentEducationId',
  },
  deletePayment: { payment: 'path.id' },
  updateLivePayPaymentStatus: { payment: 'path.id' },
  createFinalInvoices: { education: 'body.studentEducationIds' },
  startBillingRun: { education: 'body.studentEducationIds' },
  createFlashPayPartialInvoices: { education: 'body.studentEducationIds' },
  previewFinalInvoice: { education: 'query.studentEducationId' },
  previewProofOfTraining: { education: 'query.studentEducationId' },
  previewCostBearerInvoice: { education: 'body.studentEducationIds' },
  createCostBearerInvoice: { education: 'body.studentEducationIds' },
  previewCostBearerServiceInvoice: { education: 'body.studentEducationIds' },
  filterPaymentDocuments: { student: 'body.studentId', education: 'body.studentEducationId' },
  listPaymentDocuments: { student: 'query.studentId', education: 'query.studentEducationId' },
  createPaymentDocument: { student: 'body.studentId', education: 'body.studentEducationId' },
  getPaymentDocument: { paymentDocument: 'path.id' },
  updatePaymentDocument: {
    paymentDocument: 'path.id',
    student: 'body.studentId',
    education: 'body.studentEducationId',
  },
  deletePaymentDocument: { paymentDocument: 'path.id' },
  issuePaymentDocument: { paymentDocument: 'path.id' },
  downloadPaymentDocumentPdf: { paymentDocument: 'path.id' },
  downloadPaymentDocumentEInvoice: { paymentDocument: 'path.id' },
  sendPaymentDocumentEmail: { paymentDocument: 'path.id' },
  changeInvoiceVisibility: { paymentDocument: 'path.id' },
  createCancellationInvoice: { paymentDocument: 'query.invoiceForCancellationId' },
  listMandatesByStudentEducation: { education: 'path.id' },
  listMandatesByStudent: { student: 'path.id' },
  createMandate: { student: 'body.studentId', education: 'body.studentEducationId' },
  getMandate: { mandate: 'path.id' },
  revokeMandate: { mandate: 'path.id' },
  confirmMandate: { mandate: 'path.id' },
  sendLivePayMandateDispatchEmail: { education: 'query.educationId' },
  // mail
  filterEmails: { student: 'body.studentId' },
  sendUserEmail: { student: 'body.studentId' },
  sendUserEmailWithAttachments: { student: 'body.email.studentId' },
  renderEmailTemplate: { student: 'body.studentId', education: 'body.educationId' },
  // messaging
  filterMessages: { student: 'body.studentId' },
  sendMessages: { student: 'body.studentIds' },
} as const satisfies Record<string, StudentAccess>;

/**
 * Parameters and body fields that look like a student's id but are not one (or need no
 * check), with the reason: `student-access.test.ts` requires every such look-alike of the
 * contract to be declared above or listed here.
 */
export const NOT_STUDENT_IDS: Record<string, string> = {
  'filterStudentsByInstructor path.id':
    'an instructor; the list is cut to the visible students by the list query',
  'listRegistrationMatchingStudents path.id': 'a registration (not yet a student)',
  'convertRegistrationToStudent path.id': 'a registration (not yet a student)',
  'isBookAtStudentRegistrationAllowed path.id': 'a product',
  'getStudentCategory path.id': 'a student category',
  'updateStudentCategory path.id': 'a student category',
  'listStudentEducationsByCostBearer path.id': 'a cost bearer (cost-bearer permission)',
  'listCostBearerAppointments path.id': 'a cost bearer (cost-bearer permission)',
  'checkCostBearerChecklistItem path.id': "an item of a cost bearer's checklist",
  // Lists that replace the whole assignment: the handlers call keepingHiddenEducations, so a
  // caller who sees only own students neither adds another's student nor removes one.
  'updateTheoryCourseStudents body.studentEducationIds': 'a replace list (keepingHiddenEducations)',
  'updateTheoryExamParticipants body.studentEducationIds':
    'a replace list (keepingHiddenEducations)',
  'updatePracticalExamParticipants body.studentEducationIds':
    'a replace list (keepingHiddenEducations)',
  'uploadStudentDocumentByQrCode path.studentToken':
    'public QR upload: the token names the student, there is no signed-in user to limit',
};

type KindCheck = (db: Db, a: AuthContext, ids: number[], visible: SQL) => Promise<number[]>;

/** The ids among `ids` of rows of `table` whose student (via `studentId`) is not visible. */
function ownedBy(
  table: PgTable,
  columns: { id: AnyPgColumn; school: AnyPgColumn; student: AnyPgColumn },
): KindCheck {
  return async (db, a, ids, visible) => {
    const rows = await db
      .select({ id: columns.id })
      .from(table)
      .innerJoin(
        students,
        and(eq(students.drivingSchoolId, columns.school), eq(students.id, columns.student)),
      )
      .where(and(eq(columns.school, a.drivingSchoolId), inArray(columns.id, ids), not(visible)));
    return rows.map((row) => Number(row.id));
  };
}

const direct = (
  table: PgTable & { id: AnyPgColumn; drivingSchoolId: AnyPgColumn; studentId: AnyPgColumn },
) => ownedBy(table, { id: table.id, school: table.drivingSchoolId, student: table.studentId });

const KIND_CHECKS: Record<StudentRowKind, KindCheck> = {
  async student(db, a, ids, visible) {
    const rows = await db
      .select({ id: students.id })
      .from(students)
      .where(
        and(
          eq(students.drivingSchoolId, a.drivingSchoolId),
          inArray(students.id, ids),
          not(visible),
        ),
      );
    return rows.map((row) => row.id);
  },
  education: direct(studentEducations),
  note: direct(studentNotes),
  document: direct(studentDocuments),
  appointment: direct(appointments),
  examParticipant: direct(examParticipants),
  lessonParticipant: direct(theoryLessonParticipants),
  preExam: direct(theoryPreExams),
  payment: direct(payments),
  paymentDocument: direct(paymentDocuments),
  mandate: direct(livePayMandates),
  async checklistItem(db, a, ids, visible) {
    const rows = await db
      .select({ id: checklistItems.id })
      .from(checklistItems)
      .innerJoin(
        checklists,
        and(
          eq(checklists.drivingSchoolId, checklistItems.drivingSchoolId),
          eq(checklists.id, checklistItems.checklistId),
        ),
      )
      .innerJoin(
        students,
        and(
          eq(students.drivingSchoolId, checklists.drivingSchoolId),
          eq(students.id, checklists.studentId),
        ),
      )
      .where(
        and(
          eq(checklistItems.drivingSchoolId, a.drivingSchoolId),
          inArray(checklistItems.id, ids),
          not(visible),
        ),
      );
    return rows.map((row) => row.id);
  },
};

/** An id as the request carries it (number, or text from a path, query or form field). */
function asId(value: unknown): number | undefined {
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  }
  if (typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value)) {
    const id = Number(value);
    return Number.isSafeInteger(id) ? id : undefined;
  }
  return undefined;
}

type FoundId = { id: number; field: string; inPath: boolean };

/** The ids at `location` in the request, each with the field name an error would carry. */
export function idsAt(
  request: Pick<FastifyRequest, 'params' | 'query' | 'body'>,
  location: IdLocation,
): FoundId[] {
  const [part, ...names] = location.split('.');
  const root = part === 'path' ? request.params : part === 'query' ? request.query : request.body;
  const found: FoundId[] = [];
  const walk = (value: unknown, rest: string[], field: string) => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        walk(item, rest, `${field}.${index}`);
      });
      return;
    }
    const [name, ...deeper] = rest;
    if (name === undefined) {
      const id = asId(value);
      if (id !== undefined) found.push({ id, field, inPath: part === 'path' });
      return;
    }
    if (value && typeof value === 'object') {
      walk((value as Record<string, unknown>)[name], deeper, field ? `${field}.${name}` : name);
    }
  };
  walk(root, names, '');
  return found;
}

const asList = <T>(value: T | readonly T[]): readonly T[] =>
  Array.isArray(value) ? (value as readonly T[]) : [value as T];

/**
 * Refuses the request when an id at one of the declared places names a row whose student
 * the caller may not see: 404 for an id in the path (or when `notFoundForAll`, the operation
 * answering 404 for its query ids), else 422 `validation.unknown_id` on that field.
 */
export async function checkStudentAccess(
  db: Db,
  a: AuthContext,
  access: StudentAccess,
  request: Pick<FastifyRequest, 'params' | 'query' | 'body'>,
  options: { notFoundForAll?: boolean } = {},
): Promise<void> {
  const byKind = new Map<StudentRowKind, FoundId[]>();
  for (const [kind, locations] of Object.entries(access) as [
    StudentRowKind,
    IdLocation | readonly IdLocation[],
  ][]) {
    const found = asList(locations).flatMap((location) => idsAt(request, location));
    if (found.length > 0) byKind.set(kind, [...(byKind.get(kind) ?? []), ...found]);
  }
  if (byKind.size === 0) return;
  const visible = studentVisibility(db)(a);
  // No condition: the caller sees every student of the school.
  if (!visible) return;
  const refused = await Promise.all(
    [...byKind].map(async ([kind, found]) => {
      const ids = [...new Set(found.map((item) => item.id))];
      const hidden = new Set(await KIND_CHECKS[kind](db, a, ids, visible));
      return found.filter((item) => hidden.has(item.id));
    }),
  );
  const first = refused.flat().sort((x, y) => Number(y.inPath) - Number(x.inPath))[0];
  if (!first) return;
  if (first.inPath || options.notFoundForAll) throw notFound();
  throw new AppError(422, 'errors.validation', 'No such row in your school.', [
    { field: first.field, error: 'validation.unknown_id' },
  ]);
}

/**
 * The students among `ids` the caller may not see ("only own students"); empty for a caller
 * who sees every student. For answers that list other students' rows (a lesson's participants).
 */
export async function hiddenStudentIds(
  db: Db,
  a: AuthContext,
  ids: readonly number[],
): Promise<Set<number>> {
  const visible = studentVisibility(db)(a);
  if (!visible || ids.length === 0) return new Set();
  return new Set(await KIND_CHECKS.student(db, a, [...new Set(ids)], visible));
}

/**
 * For the operations that replace a whole list of educations (a course's students, an exam's
 * participants): a caller who sees only own students changes only the entries of those.
 * Educations of other students already on the list stay on it whether sent or not; adding
 * one is 422 `validation.unknown_id` on `field`, like an education that does not exist.
 * Answers the list to store.
 */
export async function keepingHiddenEducations(
  db: Db,
  a: AuthContext,
  wanted: readonly number[],
  current: readonly number[],
  field: string,
): Promise<number[]> {
  const visible = studentVisibility(db)(a);
  const all = [...new Set([...wanted, ...current])];
  if (!visible || all.length === 0) return [...wanted];
  const hidden = new Set(await KIND_CHECKS.education(db, a, all, visible));
  if (hidden.size === 0) return [...wanted];
  const present = new Set(current);
  if (wanted.some((id) => hidden.has(id) && !present.has(id))) {
    throw new AppError(422, 'errors.validation', 'No such row in your school.', [
      { field, error: 'validation.unknown_id' },
    ]);
  }
  const kept = current.filter((id) => hidden.has(id) && !wanted.includes(id));
  return [...wanted, ...kept];
}

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** operationId → whether the contract lets it answer 404. */
function answers404(document: OpenApiDocument): Map<string, boolean> {
  const result = new Map<string, boolean>();
  for (const pathItem of Object.values(document.paths)) {
    for (const operation of Object.values(pathItem)) {
      if (typeof operation !== 'object' || !operation?.operationId) continue;
      const responses = (operation.responses ?? {}) as Record<string, unknown>;
      result.set(operation.operationId, '404' in responses);
    }
  }
  return result;
}

/**
 * Puts the check on the route of every operation of STUDENT_ACCESS, as a preValidation hook
 * (after the token check and the multipart parse, before validation and the handler). Must be
 * registered before the routes. Fails at start on a declared operation the contract lacks.
 */
export function registerStudentAccess(
  app: FastifyInstance,
  options: { db: Db; document: OpenApiDocument },
): void {
  const notFoundFor = answers404(options.document);
  const unknown = Object.keys(STUDENT_ACCESS).filter((id) => !notFoundFor.has(id));
  if (unknown.length > 0) {
    throw new Error(`STUDENT_ACCESS names operations the contract lacks: ${unknown.join(', ')}`);
  }
  const declared: Record<string, StudentAccess | undefined> = STUDENT_ACCESS;
  app.addHook('onRoute', (route: RouteOptions) => {
    const operationId = (route.schema as { operationId?: unknown } | undefined)?.operationId;
    if (typeof operationId !== 'string') return;
    const access = declared[operationId];
    if (!access) return;
    const notFoundForAll = notFoundFor.get(operationId) === true;
    const check: preValidationAsyncHookHandler = async (request) => {
      // Public operations have no caller to limit (none is declared; kept safe anyway).
      if (!request.auth) return;
      await checkStudentAccess(options.db, request.auth, access, request, { notFoundForAll });
    };
    route.preValidation = [...asArray(route.preValidation), check] as RouteOptions['preValidation'];
  });
}
