import type { components } from '@fahrwerk/api/schema';
import { and, asc, count, desc, eq, exists, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  examParticipants,
  exams,
  studentDocuments,
  studentEducations,
  students,
  theoryAnswers,
  theoryPreExamQuestions,
  theoryPreExams,
  theoryQuestions,
} from '../../db/schema';
import type { FileStore } from '../../files/file-store';
import { type AuthContext, requireAuth } from '../../http/auth';
import { globalError, notFound } from '../../http/errors';
import type { FileAnswer, OperationHandlers, OperationId } from '../../http/operation-types';
import { uploadedFile } from '../../http/uploads';
import type { JobQueue } from '../../jobs/job-queue';
import { STUDENT_DOCUMENT_TYPES } from '../documents/student-document-files';
import { queueTriggerEvents } from '../payments/trigger-firing';
import { guardWrite } from '../resources/database-errors';
import {
  asOperationHandlers,
  batchLoader,
  berlinToday,
  expression,
  type FileRef,
  fieldErrors,
  fileRefLoader,
  type GenericHandler,
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
import {
  bookRepeatPresentation,
  booksExamFeesAutomatically,
  createExamFeeHandlers,
} from './exam-fees';
import { educationStatusInfo, practicalExamDeadline } from './exam-requirements';

type Schemas = components['schemas'];
type Exam = Schemas['Exam'];
type ExamParticipant = Schemas['ExamParticipant'];
type ExamStatus = Schemas['ExamStatus'];
type ExamKind = Schemas['ExamKind'];
type ExamRow = typeof exams.$inferSelect;
type LicenseClass = Schemas['LicenseClass'];

export const RESULT_STATUSES: readonly ExamStatus[] = ['PASSED', 'FAILED', 'ABSENT'];

/** The largest exam protocol (the contract's ExamProtocolUpload says 10 MB). */
export const MAX_PROTOCOL_BYTES = 10 * 1024 * 1024;

/**
 * The status changes a school makes (ExamStatusUpdates in the contract; the spec shows none).
 * Results (PASSED, FAILED, ABSENT) only on or after the exam date.
 */
export const EXAM_TRANSITIONS: Record<ExamStatus, readonly ExamStatus[]> = {
  PLANNED: ['READY', 'CANCELLED'],
  READY: ['PLANNED', 'BOOKED', 'CANCELLED'],
  BOOKED: ['PASSED', 'FAILED', 'ABSENT', 'CANCELLED'],
  PASSED: ['FAILED', 'ABSENT'],
  FAILED: ['PASSED', 'ABSENT'],
  ABSENT: ['PASSED', 'FAILED'],
  CANCELLED: ['PLANNED'],
};

type ParticipantRow = {
  id: number;
  examId: number;
  studentId: number;
  studentEducationId: number;
  firstName: string;
  lastName: string;
  licenseClass: string;
  status: ExamStatus;
  ready: boolean;
  readyAt: Date | null;
  points: number | null;
  attempt: number;
  protocolFileId: number | null;
  note: string | null;
  examDate: string;
  examKind: ExamKind;
  examApplicationExpiresAt: string | null;
};

async function participantRows(
  db: Db,
  schoolId: number,
  where: SQL | undefined,
): Promise<ParticipantRow[]> {
  return db
    .select({
      id: examParticipants.id,
      examId: examParticipants.examId,
      studentId: examParticipants.studentId,
      studentEducationId: examParticipants.studentEducationId,
      firstName: students.firstName,
      lastName: students.lastName,
      licenseClass: studentEducations.licenseClass,
      status: examParticipants.status,
      ready: examParticipants.ready,
      readyAt: examParticipants.readyAt,
      points: examParticipants.points,
      attempt: examParticipants.attempt,
      protocolFileId: examParticipants.protocolFileId,
      note: examParticipants.note,
      examDate: exams.date,
      examKind: exams.kind,
      examApplicationExpiresAt: studentEducations.examApplicationExpiresAt,
    })
    .from(examParticipants)
    .innerJoin(
      exams,
      and(
        eq(exams.drivingSchoolId, examParticipants.drivingSchoolId),
        eq(exams.id, examParticipants.examId),
      ),
    )
    .innerJoin(
      students,
      and(
        eq(students.drivingSchoolId, examParticipants.drivingSchoolId),
        eq(students.id, examParticipants.studentId),
      ),
    )
    .innerJoin(
      studentEducations,
      and(
        eq(studentEducations.drivingSchoolId, examParticipants.drivingSchoolId),
        eq(studentEducations.id, examParticipants.studentEducationId),
      ),
    )
    .where(and(eq(examParticipants.drivingSchoolId, schoolId), where))
    .orderBy(asc(students.lastName), asc(students.firstName), asc(examParticipants.id));
}

function participantToDto(row: ParticipantRow, protocol?: FileRef): ExamParticipant {
  return withoutNulls({
    id: row.id,
    studentId: row.studentId,
    studentEducationId: row.studentEducationId,
    firstName: row.firstName,
    lastName: row.lastName,
    licenseClass: row.licenseClass as LicenseClass,
    status: row.status,
    ready: row.ready,
    readyAt: iso(row.readyAt),
    points: row.points,
    attempt: row.attempt,
    protocol,
    // A passed theory exam starts the 12-month window for the practical exam.
    practicalExamDeadline:
      row.examKind === 'THEORY' && row.status === 'PASSED'
        ? practicalExamDeadline(row.examDate)
        : null,
    examApplicationExpiresAt: row.examApplicationExpiresAt,
    note: row.note,
  }) as ExamParticipant;
}

function examToDto(row: ExamRow, participants: ExamParticipant[]): Exam {
  return withoutNulls({
    id: row.id,
    kind: row.kind,
    date: row.date,
    startTime: hhmm(row.startTime),
    minutes: row.minutes,
    testingOrganizationId: row.testingOrganizationId,
    listNumber: row.listNumber,
    proctorId: row.proctorId,
    examiner: row.examiner,
    location: row.location,
    branchId: row.branchId,
    vehicleId: row.vehicleId,
    licenseClass: row.licenseClass as LicenseClass | null,
    places: row.places,
    note: row.note,
    booked: row.booked,
    bookedAt: iso(row.bookedAt),
    participants: participants.slice(0, 100),
    archived: row.archived,
    createdAt: iso(row.createdAt) as string,
    updatedAt: iso(row.updatedAt) as string,
  }) as Exam;
}

function examFromInput(kind: ExamKind) {
  return (input: Record<string, unknown>): Record<string, unknown> => {
    const body = input as Schemas['ExamInput'];
    return {
      kind,
      date: body.date,
      startTime: body.startTime,
      minutes: body.minutes,
      testingOrganizationId: body.testingOrganizationId,
      listNumber: body.listNumber ?? null,
      proctorId: body.proctorId ?? null,
      examiner: body.examiner ?? null,
      location: body.location ?? null,
      branchId: body.branchId ?? null,
      vehicleId: body.vehicleId ?? null,
      licenseClass: body.licenseClass ?? null,
      places: body.places ?? null,
      note: body.note ?? null,
    };
  };
}

function examFilter(body: Record<string, unknown>): (SQL | undefined)[] {
  const f = body as Schemas['ExamFilter'];
  const participantWhere = (condition: SQL) =>
    exists(
      sql`(select 1 from ${examParticipants} where ${examParticipants.drivingSchoolId} = ${exams.drivingSchoolId} and ${examParticipants.examId} = ${exams.id} and ${condition})`,
    );
  return [
    f.from ? gte(exams.date, f.from) : undefined,
    f.to ? lte(exams.date, f.to) : undefined,
    f.testingOrganizationId ? eq(exams.testingOrganizationId, f.testingOrganizationId) : undefined,
    f.branchId ? eq(exams.branchId, f.branchId) : undefined,
    f.proctorId ? eq(exams.proctorId, f.proctorId) : undefined,
    f.licenseClass ? eq(exams.licenseClass, f.licenseClass) : undefined,
    f.booked !== undefined ? eq(exams.booked, f.booked) : undefined,
    f.studentId ? participantWhere(sql`${examParticipants.studentId} = ${f.studentId}`) : undefined,
    f.status ? participantWhere(sql`${examParticipants.status} = ${f.status}`) : undefined,
  ];
}

/** The participants' names, for the free-text search. */
const participantNames = sql`(select string_agg(${students.firstName} || ' ' || ${students.lastName}, ' ') from ${examParticipants} join ${students} on ${students.drivingSchoolId} = ${examParticipants.drivingSchoolId} and ${students.id} = ${examParticipants.studentId} where ${examParticipants.drivingSchoolId} = ${exams.drivingSchoolId} and ${examParticipants.examId} = ${exams.id})`;

const constraints = {
  exams_testing_organization_fk: unknownId('testingOrganizationId'),
  exams_proctor_fk: unknownId('proctorId'),
  exams_branch_fk: unknownId('branchId'),
  exams_vehicle_fk: unknownId('vehicleId'),
  exams_minutes_check: invalid('minutes'),
  exams_ends_same_day_check: invalid('minutes'),
  exams_places_check: invalid('places'),
  exam_participants_education_key: { field: 'studentEducationIds', error: 'validation.duplicate' },
};

const BY_DATE: SortOrder[] = [{ field: 'date' }, { field: 'startTime' }];
const NEWEST_FIRST: SortOrder[] = [
  { field: 'date', direction: 'desc' },
  { field: 'startTime', direction: 'desc' },
];

type KindOperations = {
  kind: ExamKind;
  get: OperationId;
  filter: OperationId;
  list: OperationId;
  page: OperationId;
  create: OperationId;
  update: OperationId;
  delete: OperationId;
  archive: OperationId;
  participants: OperationId;
  statuses: OperationId;
  ready: OperationId;
  book: OperationId;
  deleteStudentExam: OperationId;
  uploadProtocol: OperationId;
  downloadProtocol: OperationId;
  statusInfo: OperationId;
};

/**
 * "Only own students": an instructor who sees only their own students sees only those among
 * an exam's participants (the others stay in the exam, see `keepingHiddenEducations`).
 */
function hidingOthersParticipants(
  db: Db,
  map: OperationHandlers,
  operationIds: OperationId[],
): OperationHandlers {
  const generic = map as unknown as Record<string, GenericHandler>;
  const wrapped: Record<string, GenericHandler> = {};
  for (const operationId of operationIds) {
    const handler = generic[operationId];
    if (!handler) continue;
    wrapped[operationId] = async (request) => {
      const result = await handler(request);
      const body = result.body as Exam | Exam[] | { data: Exam[] } | undefined;
      const list: Exam[] = !body
        ? []
        : Array.isArray(body)
          ? body
          : 'data' in body
            ? body.data
            : [body];
      const hidden = await hiddenStudentIds(
        db,
        requireAuth(request),
        list.flatMap((exam) => exam.participants.map((p) => p.studentId)),
      );
      if (hidden.size > 0) {
        for (const exam of list) {
          exam.participants = exam.participants.filter((p) => !hidden.has(p.studentId));
        }
      }
      return result;
    };
  }
  return { ...map, ...asOperationHandlers(wrapped) };
}

function createKindHandlers(
  db: Db,
  store: FileStore,
  ops: KindOperations,
  jobs?: JobQueue,
): OperationHandlers {
  const { kind } = ops;
  const noteExamDate = examDateNoter(kind);
  const files = fileRefLoader(db);
  const participantsByExam = batchLoader<ParticipantRow[]>(async (schoolId, ids) =>
    groupBy(
      await participantRows(db, schoolId, inArray(examParticipants.examId, ids)),
      (p) => p.examId,
    ),
  );
  const toParticipantDtos = (schoolId: number, rows: ParticipantRow[]) =>
    Promise.all(
      rows.map(async (row) =>
        participantToDto(
          row,
          row.protocolFileId === null ? undefined : await files(schoolId, row.protocolFileId),
        ),
      ),
    );
  const toDto = async (row: ExamRow) =>
    examToDto(
      row,
      await toParticipantDtos(
        row.drivingSchoolId,
        (await participantsByExam(row.drivingSchoolId, row.id)) ?? [],
      ),
    );
  const ofKind = eq(exams.kind, kind);
  const sortColumns = {
    date: exams.date,
    startTime: exams.startTime,
    listNumber: exams.listNumber,
    createdAt: exams.createdAt,
  };
  const definition: ResourceDefinition<typeof exams> = {
    table: exams,
    operations: {
      get: ops.get,
      filter: ops.filter,
      create: ops.create,
      update: ops.update,
      delete: ops.delete,
      archive: ops.archive,
    },
    toDto,
    fromInput: examFromInput(kind),
    searchColumns: [exams.listNumber, exams.examiner, expression(participantNames)],
    sortColumns,
    defaultSort: BY_DATE,
    filters: examFilter,
    visibility: () => ofKind,
    constraints,
    rules: {
      async beforeCreate({ values }) {
        checkExam(values ?? {});
      },
      async beforeUpdate({ db, current, values }) {
        checkExam(values ?? {});
        if (!current || !values) return;
        if (
          current.booked &&
          (values.date !== current.date ||
            `${values.startTime}:00`.slice(0, 8) !== current.startTime)
        ) {
          throw globalError('errors.exam_booked', 'A booked exam keeps its date and time.');
        }
        if (values.places !== null && values.places !== undefined) {
          const taken = await activeParticipantCount(db, current.drivingSchoolId, current.id);
          if (Number(values.places) < taken) {
            throw globalError('errors.exam_full', `The exam has ${taken} participants.`);
          }
        }
      },
      async beforeDelete({ db, current }) {
        if (!current) return;
        const [row] = await db
          .select({ n: count() })
          .from(examParticipants)
          .where(
            and(
              eq(examParticipants.drivingSchoolId, current.drivingSchoolId),
              eq(examParticipants.examId, current.id),
              inArray(examParticipants.status, [...RESULT_STATUSES]),
            ),
          );
        if (Number(row?.n ?? 0) > 0) {
          throw globalError('errors.exam_has_results', 'The exam has results; archive it instead.');
        }
      },
    },
  };
  const repository = createResourceRepository(db, exams, {
    searchColumns: definition.searchColumns,
    sortColumns,
    defaultSort: BY_DATE,
  });

  async function loadExam(auth: AuthContext, id: number): Promise<ExamRow> {
    const [row] = await db
      .select()
      .from(exams)
      .where(and(eq(exams.drivingSchoolId, auth.drivingSchoolId), eq(exams.id, id), ofKind));
    if (!row) throw notFound();
    return row;
  }
  /** Participants of this kind's exams by participant id. */
  async function loadParticipants(auth: AuthContext, ids: number[]) {
    if (ids.length === 0) return [];
    return db
      .select({ participant: examParticipants, exam: exams })
      .from(examParticipants)
      .innerJoin(
        exams,
        and(
          eq(exams.drivingSchoolId, examParticipants.drivingSchoolId),
          eq(exams.id, examParticipants.examId),
        ),
      )
      .where(
        and(
          eq(examParticipants.drivingSchoolId, auth.drivingSchoolId),
          inArray(examParticipants.id, ids),
          ofKind,
        ),
      );
  }

  const all = mergeHandlers(
    createResourceHandlers(db, definition),
    // One code for the theory and the practical exams, bridged to each kind's operations.
    asOperationHandlers({
      /** By date; without from and to every active exam from today on. */
      [ops.list]: async (request) => {
        const auth = requireAuth(request);
        const query = request.query as {
          search?: string;
          archived?: boolean;
          from?: string;
          to?: string;
          testingOrganizationId?: number;
        };
        const from = query.from ?? (query.to ? undefined : berlinToday());
        const { rows } = await repository.page(auth.drivingSchoolId, {
          offset: 0,
          limit: 1000,
          sort: BY_DATE,
          search: query.search,
          archived: query.archived ?? false,
          where: [
            ofKind,
            from ? gte(exams.date, from) : undefined,
            query.to ? lte(exams.date, query.to) : undefined,
            query.testingOrganizationId
              ? eq(exams.testingOrganizationId, query.testingOrganizationId)
              : undefined,
          ],
        });
        return { status: 200, body: await Promise.all(rows.map(toDto)) };
      },

      /** Active exams, newest first. */
      [ops.page]: async (request) => {
        const auth = requireAuth(request);
        const { rows, total } = await repository.page(auth.drivingSchoolId, {
          offset: Number(request.params.offset),
          limit: Number(request.params.limit),
          sort: NEWEST_FIRST,
          archived: false,
          where: [ofKind],
        });
        return { status: 200, body: { data: await Promise.all(rows.map(toDto)), total } };
      },

      /** Replaces the participants: new ones join PLANNED; results stay; not over `places`. */
      [ops.participants]: async (request) => {
        const auth = requireAuth(request);
        const body = request.body as Schemas['ExamParticipantsInput'];
        const exam = await loadExam(auth, body.examId);
        const current = await db
          .select()
          .from(examParticipants)
          .where(
            and(
              eq(examParticipants.drivingSchoolId, auth.drivingSchoolId),
              eq(examParticipants.examId, exam.id),
            ),
          );
        // Visibility "own students": others' participants stay, none of theirs is added.
        const wanted = await keepingHiddenEducations(
          db,
          auth,
          [...new Set(body.studentEducationIds)],
          current.map((p) => p.studentEducationId),
          'studentEducationIds',
        );
        const removed = current.filter((p) => !wanted.includes(p.studentEducationId));
        if (removed.some((p) => RESULT_STATUSES.includes(p.status))) {
          throw globalError(
            'errors.exam_participant_has_result',
            'A participant with a result cannot be removed.',
          );
        }
        if (exam.places !== null && wanted.length > exam.places) {
          throw globalError('errors.exam_full', `The exam has ${exam.places} places.`);
        }
        const have = new Set(current.map((p) => p.studentEducationId));
        const added = wanted.filter((id) => !have.has(id));
        const educations = added.length
          ? await db
              .select({ id: studentEducations.id, studentId: studentEducations.studentId })
              .from(studentEducations)
              .where(
                and(
                  eq(studentEducations.drivingSchoolId, auth.drivingSchoolId),
                  inArray(studentEducations.id, added),
                ),
              )
          : [];
        if (educations.length !== added.length) {
          throw fieldErrors(
            [{ field: 'studentEducationIds', error: 'validation.unknown_id' }],
            'An education is not one of your school.',
          );
        }
        const attempts = await previousAttempts(db, auth.drivingSchoolId, kind, added);
        await guardWrite(
          () =>
            db.transaction(async (tx) => {
              if (removed.length > 0) {
                await tx.delete(examParticipants).where(
                  and(
                    eq(examParticipants.drivingSchoolId, auth.drivingSchoolId),
                    inArray(
                      examParticipants.id,
                      removed.map((p) => p.id),
                    ),
                  ),
                );
              }
              if (educations.length > 0) {
                await tx.insert(examParticipants).values(
                  educations.map((education) => ({
                    drivingSchoolId: auth.drivingSchoolId,
                    examId: exam.id,
                    studentId: education.studentId,
                    studentEducationId: education.id,
                    attempt: Math.min(99, (attempts.get(education.id) ?? 0) + 1),
                  })),
                );
                await noteExamDate(
                  tx,
                  auth.drivingSchoolId,
                  educations.map((education) => education.id),
                  exam.date,
                );
              }
            }),
          constraints,
        );
        // The automatic payment triggers of the event EXAM_PLANNED, after the commit.
        await queueTriggerEvents(
          jobs,
          auth.drivingSchoolId,
          educations.map((education) => education.id),
          'EXAM_PLANNED',
        );
        return { status: 200, body: await toDto(exam) };
      },

      /** All changes or none; transitions as the contract lists them. */
      [ops.statuses]: async (request) => {
        const auth = requireAuth(request);
        const { statuses } = request.body as Schemas['ExamStatusUpdates'];
        const ids = [...new Set(statuses.map((s) => s.studentExamId))];
        const found = await loadParticipants(auth, ids);
        if (found.length !== ids.length) throw notFound();
        const byId = new Map(found.map((row) => [row.participant.id, row]));
        const today = berlinToday();
        for (const update of statuses) {
          const row = byId.get(update.studentExamId);
          if (!row) throw notFound();
          const from = row.participant.status;
          const allowed = from === update.status || EXAM_TRANSITIONS[from].includes(update.status);
          const tooEarly = RESULT_STATUSES.includes(update.status) && row.exam.date > today;
          if (!allowed || tooEarly) {
            throw globalError(
              'errors.exam_status_transition',
              `Participant ${update.studentExamId} cannot change from ${from} to ${update.status}${tooEarly ? ' before the exam date' : ''}.`,
            );
          }
        }
        const automaticFees = statuses.some(
          (update) =>
            update.status === 'FAILED' &&
            byId.get(update.studentExamId)?.participant.status !== 'FAILED',
        )
          ? await booksExamFeesAutomatically(db, auth.drivingSchoolId)
          : false;
        await db.transaction(async (tx) => {
          for (const update of statuses) {
            const row = byId.get(update.studentExamId);
            const becameReady = update.status === 'READY' && !row?.participant.ready;
            await tx
              .update(examParticipants)
              .set({
                status: update.status,
                ...(kind === 'THEORY' && RESULT_STATUSES.includes(update.status)
                  ? { points: update.points ?? null }
                  : {}),
                ...(update.note !== undefined ? { note: update.note } : {}),
                ...(becameReady ? { ready: true, readyAt: new Date() } : {}),
              })
              .where(
                and(
                  eq(examParticipants.drivingSchoolId, auth.drivingSchoolId),
                  eq(examParticipants.id, update.studentExamId),
                ),
              );
            if (row && update.status === 'PASSED') {
              await noteExamDate(
                tx,
                auth.drivingSchoolId,
                [row.participant.studentEducationId],
                row.exam.date,
              );
            }
            // Only with the school's switch on: the repeat presentation once per failed exam.
            if (
              automaticFees &&
              row &&
              update.status === 'FAILED' &&
              row.participant.status !== 'FAILED' &&
              row.participant.repeatFeesBookedAt === null
            ) {
              await bookRepeatPresentation(
                tx,
                auth.drivingSchoolId,
                row.participant.studentEducationId,
                row.participant.id,
              );
            }
          }
        });
        // The automatic payment triggers of the event EXAM_RESULT (a new result), after the commit.
        const results = statuses.flatMap((update) => {
          const participant = byId.get(update.studentExamId)?.participant;
          return participant &&
            RESULT_STATUSES.includes(update.status) &&
            participant.status !== update.status
            ? [participant.studentEducationId]
            : [];
        });
        await queueTriggerEvents(jobs, auth.drivingSchoolId, results, 'EXAM_RESULT');
        const rows = await participantRows(
          db,
          auth.drivingSchoolId,
          inArray(examParticipants.id, ids),
        );
        return { status: 200, body: await toParticipantDtos(auth.drivingSchoolId, rows) };
      },

      /** PLANNED participants of the exam become READY; participants of other exams: 422. */
      [ops.ready]: async (request) => {
        const auth = requireAuth(request);
        const exam = await loadExam(auth, Number(request.params.id));
        const ids = [...new Set((request.body as Schemas['ExamReadyMarking']).studentExamIds)];
        const found = await loadParticipants(auth, ids);
        if (found.length !== ids.length || found.some((row) => row.exam.id !== exam.id)) {
          throw globalError('errors.not_a_participant', 'A participant belongs to another exam.');
        }
        const planned = found.filter((row) => row.participant.status === 'PLANNED');
        if (planned.length > 0) {
          await db
            .update(examParticipants)
            .set({ status: 'READY', ready: true, readyAt: new Date() })
            .where(
              and(
                eq(examParticipants.drivingSchoolId, auth.drivingSchoolId),
                inArray(
                  examParticipants.id,
                  planned.map((row) => row.participant.id),
                ),
              ),
            );
        }
        return { status: 200, body: await toDto(exam) };
      },

      /** Books the slot: READY participants become BOOKED. */
      [ops.book]: async (request) => {
        const auth = requireAuth(request);
        const exam = await loadExam(auth, Number(request.params.id));
        if (exam.booked) throw globalError('errors.exam_booked', 'The exam is already booked.');
        const booked = await db.transaction(async (tx) => {
          const ready = await tx
            .update(examParticipants)
            .set({ status: 'BOOKED' })
            .where(
              and(
                eq(examParticipants.drivingSchoolId, auth.drivingSchoolId),
                eq(examParticipants.examId, exam.id),
                eq(examParticipants.status, 'READY'),
              ),
            )
            .returning({ id: examParticipants.id });
          if (ready.length === 0) {
            throw globalError(
              'errors.exam_no_ready_participants',
              'The exam has no participant marked as ready.',
            );
          }
          const [row] = await tx
            .update(exams)
            .set({ booked: true, bookedAt: new Date() })
            .where(and(eq(exams.drivingSchoolId, auth.drivingSchoolId), eq(exams.id, exam.id)))
            .returning();
          return row as ExamRow;
        });
        return { status: 200, body: await toDto(booked) };
      },

      [ops.deleteStudentExam]: async (request) => {
        const auth = requireAuth(request);
        const [row] = await loadParticipants(auth, [Number(request.params.id)]);
        if (!row) throw notFound();
        if (RESULT_STATUSES.includes(row.participant.status)) {
          throw globalError(
            'errors.exam_participant_has_result',
            'A participant with a result cannot be removed.',
          );
        }
        await db
          .delete(examParticipants)
          .where(
            and(
              eq(examParticipants.drivingSchoolId, auth.drivingSchoolId),
              eq(examParticipants.id, row.participant.id),
            ),
          );
        return { status: 204 };
      },

      /**
       * PDF, PNG or JPEG (by content) up to 10 MB, kept as a student document of type
       * EXAM_PROTOCOL of the education and linked to the participant; replaces an earlier one.
       */
      [ops.uploadProtocol]: async (request) => {
        const auth = requireAuth(request);
        const body = request.body as { studentExamId: number | string };
        const [row] = await loadParticipants(auth, [Number(body.studentExamId)]);
        if (!row) throw notFound();
        const file = uploadedFile(request, 'file', {
          types: STUDENT_DOCUMENT_TYPES,
          maxBytes: MAX_PROTOCOL_BYTES,
        });
        const { participant } = row;
        const previous = participant.protocolFileId;
        await db.transaction(async (tx) => {
          const saved = await store.save(tx, auth.drivingSchoolId, file);
          await tx.insert(studentDocuments).values({
            drivingSchoolId: auth.drivingSchoolId,
            studentId: participant.studentId,
            studentEducationId: participant.studentEducationId,
            type: 'EXAM_PROTOCOL',
            fileId: saved.id,
            fileName: saved.fileName,
            uploadedByUserId: auth.userId,
          });
          await tx
            .update(examParticipants)
            .set({ protocolFileId: saved.id })
            .where(
              and(
                eq(examParticipants.drivingSchoolId, auth.drivingSchoolId),
                eq(examParticipants.id, participant.id),
              ),
            );
          if (previous !== null) {
            await tx
              .delete(studentDocuments)
              .where(
                and(
                  eq(studentDocuments.drivingSchoolId, auth.drivingSchoolId),
                  eq(studentDocuments.fileId, previous),
                  eq(studentDocuments.type, 'EXAM_PROTOCOL'),
                ),
              );
          }
        });
        if (previous !== null) {
          try {
            await store.remove(db, auth.drivingSchoolId, previous);
          } catch {
            // Still referenced elsewhere: the file stays for that row.
          }
        }
        const [answer] = await toParticipantDtos(
          auth.drivingSchoolId,
          await participantRows(db, auth.drivingSchoolId, eq(examParticipants.id, participant.id)),
        );
        return { status: 200, body: answer };
      },

      /** The protocol file; 404 without one. */
      [ops.downloadProtocol]: async (request) => {
        const auth = requireAuth(request);
        const [row] = await loadParticipants(auth, [Number(request.params.studentExamId)]);
        const fileId = row?.participant.protocolFileId;
        if (!row || fileId === null || fileId === undefined) throw notFound();
        const { row: stored, bytes } = await store.read(db, auth.drivingSchoolId, fileId);
        const answer: FileAnswer = {
          status: 200,
          file: {
            bytes,
            mimeType: stored.mimeType,
            fileName: stored.fileName,
            disposition: 'attachment',
          },
        };
        return answer;
      },

      /** One entry per education asked for, in the order asked; unknown ids: 404. */
      [ops.statusInfo]: async (request) => {
        const auth = requireAuth(request);
        const raw = (request.query as { studentEducationIds: number | number[] })
          .studentEducationIds;
        const ids = (Array.isArray(raw) ? raw : [raw]).map(Number);
        const info = await educationStatusInfo(db, auth.drivingSchoolId, kind, ids);
        if (info.length !== ids.length) throw notFound('No such education in your school.');
        return { status: 200, body: info };
      },
    }),
  );
  return hidingOthersParticipants(db, all, [
    ops.get,
    ops.filter,
    ops.list,
    ops.page,
    ops.create,
    ops.update,
    ops.archive,
    ops.participants,
    ops.ready,
    ops.book,
  ]);
}

/**
 * The education's `theoryExamDate` or `practicalExamDate`: the latest planned or passed exam
 * of the kind (set when a student joins an exam and when the result is PASSED).
 */
function examDateNoter(kind: ExamKind) {
  const column =
    kind === 'THEORY' ? studentEducations.theoryExamDate : studentEducations.practicalExamDate;
  return async (tx: Db, schoolId: number, educationIds: number[], date: string) => {
    if (educationIds.length === 0) return;
    await tx
      .update(studentEducations)
      .set(kind === 'THEORY' ? { theoryExamDate: date } : { practicalExamDate: date })
      .where(
        and(
          eq(studentEducations.drivingSchoolId, schoolId),
          inArray(studentEducations.id, educationIds),
          sql`(${column} is null or ${column} < ${date})`,
        ),
      );
  };
}

function checkExam(values: Record<string, unknown>) {
  if (Number(values.minutes) < 5) {
    throw fieldErrors(
      [{ field: 'minutes', error: 'validation.minimum' }],
      'An exam lasts at least 5 minutes.',
    );
  }
}

async function activeParticipantCount(db: Db, schoolId: number, examId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(examParticipants)
    .where(
      and(
        eq(examParticipants.drivingSchoolId, schoolId),
        eq(examParticipants.examId, examId),
        sql`${examParticipants.status} <> 'CANCELLED'`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** Failed or missed earlier attempts of the same kind, per education. */
async function previousAttempts(db: Db, schoolId: number, kind: ExamKind, educationIds: number[]) {
  if (educationIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ id: examParticipants.studentEducationId, n: count() })
    .from(examParticipants)
    .innerJoin(
      exams,
      and(
        eq(exams.drivingSchoolId, examParticipants.drivingSchoolId),
        eq(exams.id, examParticipants.examId),
      ),
    )
    .where(
      and(
        eq(examParticipants.drivingSchoolId, schoolId),
        inArray(examParticipants.studentEducationId, educationIds),
        inArray(examParticipants.status, ['FAILED', 'ABSENT']),
        eq(exams.kind, kind),
      ),
    )
    .groupBy(examParticipants.studentEducationId);
  return new Map(rows.map((row) => [row.id, Number(row.n)]));
}

/** `/theory-exams`, `/practical-exams` (one table, `kind`) and the pre-exam list. */
export function createExamHandlers(db: Db, store: FileStore, jobs?: JobQueue): OperationHandlers {
  return mergeHandlers(
    createExamFeeHandlers(db),
    createKindHandlers(
      db,
      store,
      {
        kind: 'THEORY',
        get: 'getTheoryExam',
        filter: 'filterTheoryExams',
        list: 'listTheoryExams',
        page: 'pageTheoryExams',
        create: 'createTheoryExam',
        update: 'updateTheoryExam',
        delete: 'deleteTheoryExam',
        archive: 'archiveTheoryExam',
        participants: 'updateTheoryExamParticipants',
        statuses: 'updateTheoryExamStudentStatuses',
        ready: 'markTheoryExamParticipantsAsReady',
        book: 'bookTheoryExam',
        deleteStudentExam: 'deleteTheoryExamStudentExam',
        uploadProtocol: 'uploadTheoryExamProtocol',
        downloadProtocol: 'downloadTheoryExamProtocol',
        statusInfo: 'getTheoryExamEducationStatusInfo',
      },
      jobs,
    ),
    createKindHandlers(
      db,
      store,
      {
        kind: 'PRACTICAL',
        get: 'getPracticalExam',
        filter: 'filterPracticalExams',
        list: 'listPracticalExams',
        page: 'pagePracticalExams',
        create: 'createPracticalExam',
        update: 'updatePracticalExam',
        delete: 'deletePracticalExam',
        archive: 'archivePracticalExam',
        participants: 'updatePracticalExamParticipants',
        statuses: 'updatePracticalExamStudentStatuses',
        ready: 'markPracticalExamParticipantsAsReady',
        book: 'bookPracticalExam',
        deleteStudentExam: 'deletePracticalExamStudentExam',
        uploadProtocol: 'uploadPracticalExamProtocol',
        downloadProtocol: 'downloadPracticalExamProtocol',
        statusInfo: 'getPracticalExamEducationStatusInfo',
      },
      jobs,
    ),
    handlers({
      /** The student's pre-exams in the learning app, newest first. */
      async listStudentTheoryPreExams(request) {
        const auth = requireAuth(request);
        const studentId = Number(request.params.id);
        const [student] = await db
          .select({ id: students.id })
          .from(students)
          .where(
            and(eq(students.drivingSchoolId, auth.drivingSchoolId), eq(students.id, studentId)),
          );
        if (!student) throw notFound();
        const rows = await db
          .select()
          .from(theoryPreExams)
          .where(
            and(
              eq(theoryPreExams.drivingSchoolId, auth.drivingSchoolId),
              eq(theoryPreExams.studentId, studentId),
            ),
          )
          .orderBy(desc(theoryPreExams.startedAt), desc(theoryPreExams.id))
          .limit(500);
        return { status: 200, body: rows.map(preExamToDto) };
      },

      /** A finished pre-exam with its questions (in exam order) and the answers given. */
      async getFinishedTheoryPreExam(request) {
        const auth = requireAuth(request);
        const [preExam] = await db
          .select()
          .from(theoryPreExams)
          .where(
            and(
              eq(theoryPreExams.drivingSchoolId, auth.drivingSchoolId),
              eq(theoryPreExams.id, Number(request.params.id)),
            ),
          );
        if (!preExam?.finishedAt) throw notFound();
        const rows = await db
          .select({ given: theoryPreExamQuestions, question: theoryQuestions })
          .from(theoryPreExamQuestions)
          .innerJoin(
            theoryQuestions,
            and(
              eq(theoryQuestions.drivingSchoolId, theoryPreExamQuestions.drivingSchoolId),
              eq(theoryQuestions.id, theoryPreExamQuestions.theoryQuestionId),
            ),
          )
          .where(
            and(
              eq(theoryPreExamQuestions.drivingSchoolId, auth.drivingSchoolId),
              eq(theoryPreExamQuestions.theoryPreExamId, preExam.id),
            ),
          )
          .orderBy(asc(theoryPreExamQuestions.position))
          .limit(50);
        const answers = rows.length
          ? groupBy(
              await db
                .select()
                .from(theoryAnswers)
                .where(
                  and(
                    eq(theoryAnswers.drivingSchoolId, auth.drivingSchoolId),
                    inArray(
                      theoryAnswers.theoryQuestionId,
                      rows.map((row) => row.question.id),
                    ),
                  ),
                )
                .orderBy(asc(theoryAnswers.position)),
              (answer) => answer.theoryQuestionId,
            )
          : new Map<number, (typeof theoryAnswers.$inferSelect)[]>();
        return {
          status: 200,
          body: {
            preExam: preExamToDto(preExam),
            questions: rows.map(
              ({ given, question }) =>
                withoutNulls({
                  question: withoutNulls({
                    id: question.id,
                    officialNumber: question.officialNumber,
                    chapter: question.chapter,
                    points: question.points,
                    text: question.text,
                    answers: (answers.get(question.id) ?? []).map((answer) =>
                      withoutNulls({
                        id: answer.id,
                        text: answer.text,
                        correct: answer.correct,
                        value: answer.value,
                      }),
                    ),
                    numeric: question.numeric,
                    basic: question.basic,
                    licenseClasses: (question.licenseClasses ?? []) as LicenseClass[],
                    imageUrl: question.imageUrl,
                    videoUrl: question.videoUrl,
                  }) as Schemas['TheoryQuestion'],
                  chosenAnswerIds: given.chosenAnswerIds.slice(0, 5),
                  numericValue: given.numericValue,
                  correct: given.correct,
                }) as Schemas['TheoryPreExamQuestion'],
            ),
          },
        };
      },
    }),
  );
}

export function preExamToDto(row: typeof theoryPreExams.$inferSelect): Schemas['TheoryPreExam'] {
  return withoutNulls({
    id: row.id,
    studentId: row.studentId,
    studentEducationId: row.studentEducationId,
    // The column's check constraint keeps it one of the contract's classes.
    licenseClass: row.licenseClass as LicenseClass,
    startedAt: iso(row.startedAt),
    finished: row.finishedAt !== null,
    finishedAt: iso(row.finishedAt),
    questionCount: row.questionCount,
    errorPoints: row.errorPoints,
    passed: row.passed,
  }) as Schemas['TheoryPreExam'];
}
