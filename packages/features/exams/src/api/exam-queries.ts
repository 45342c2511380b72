import {
  asBinary,
  type components,
  fileNameFromResponse,
  saveBlob,
  toFormData,
  useApi,
} from '@fahrwerk/api';
import { type FahrwerkMeta, useInvalidate } from '@fahrwerk/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { EXAM_RESOURCE, type ExamKind } from '../exam-kind';

export type Exam = components['schemas']['Exam'];
export type ExamInput = components['schemas']['ExamInput'];
export type ExamFilter = components['schemas']['ExamFilter'];
export type ExamParticipant = components['schemas']['ExamParticipant'];
export type ExamStatus = components['schemas']['ExamStatus'];
export type EducationStatusInfo = components['schemas']['EducationStatusInfo'];
export type EducationRequirement = components['schemas']['EducationRequirement'];
export type EducationRequirementName = components['schemas']['EducationRequirementName'];
export type StudentEducation = components['schemas']['StudentEducation'];
export type StudentExamAndEducation = components['schemas']['StudentExamAndEducation'];
export type StudentExamSummary = components['schemas']['StudentExamSummary'];
export type TestingOrganization = components['schemas']['TestingOrganization'];
export type TheoryPreExam = components['schemas']['TheoryPreExam'];
export type TheoryPreExamDetail = components['schemas']['TheoryPreExamDetail'];
export type TheoryPreExamStarted = components['schemas']['TheoryPreExamStarted'];
export type TheoryPreExamOpenQuestion = components['schemas']['TheoryPreExamOpenQuestion'];
export type TheoryPreExamAnswer = components['schemas']['TheoryPreExamAnswers']['answers'][number];
export type LicenseClass = components['schemas']['LicenseClass'];
export type User = components['schemas']['User'];

/*
 * Both exam resources (`/theory-exams`, `/practical-exams`) have the same calls with the same
 * schemas (openapi/components/exams.yaml). The calls are typed by the theory paths and sent
 * to the kind's resource: `examPath(kind, '/theory-exams/filter')` is
 * `/practical-exams/filter` for a practical exam, so query keys and refreshes name the call
 * actually made.
 */
type TheoryExamPath = Extract<keyof import('@fahrwerk/api').paths, `/theory-exams${string}`>;

export function examPath<P extends TheoryExamPath>(kind: ExamKind, path: P): P {
  // Cast: the practical path has the theory path's operation (see above).
  return (kind === 'theory' ? path : path.replace('/theory-exams', EXAM_RESOURCE.practical)) as P;
}

const silent: FahrwerkMeta = { silentError: true };

/** One page of an exam list; the kind travels with the filter (`useServerList` takes one argument). */
export function useExamPage({ kind, filter }: { kind: ExamKind; filter: ExamFilter }) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      examPath(kind, '/theory-exams/filter'),
      { body: filter },
      { placeholderData: keepPreviousData },
    ),
  );
}

/** The exams of a date range (the month calendar). */
export function useExamsBetween(
  kind: ExamKind,
  range: { from: string; to: string; archived: boolean; testingOrganizationId?: number },
  enabled = true,
) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      examPath(kind, '/theory-exams'),
      { params: { query: range } },
      { placeholderData: keepPreviousData, enabled },
    ),
  );
}

export function useExam(kind: ExamKind, id: number) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      examPath(kind, '/theory-exams/{id}'),
      { params: { path: { id } } },
      { meta: silent },
    ),
  );
}

/** The active testing organizations (TÜV, DEKRA): the filter and the form pick them. */
export function useTestingOrganizations() {
  const { query } = useApi();
  return useQuery(
    query.queryOptions('get', '/testing-organizations', { params: { query: { archived: false } } }),
  );
}

/** The school's active users: the proctor of an exam is one. */
export function useUsers() {
  const { query } = useApi();
  return useQuery(query.queryOptions('get', '/users', { params: { query: { archived: false } } }));
}

/** Educations of a class that may join an exam (not finished; the status info says what is missing). */
export function useCandidateEducations(
  kind: ExamKind,
  licenseClass: LicenseClass | undefined,
  search: string,
  enabled: boolean,
) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/student-educations/filter',
      {
        body: {
          page: 0,
          size: 50,
          archived: false,
          search: search.trim() || undefined,
          licenseClasses: licenseClass ? [licenseClass] : undefined,
          // Classes without a theory exam (BE, B96) go to the practical exam still in training.
          statuses:
            kind === 'theory' ? ['REGISTERED', 'IN_TRAINING'] : ['IN_TRAINING', 'THEORY_PASSED'],
        },
      },
      { enabled, placeholderData: keepPreviousData },
    ),
  );
}

/**
 * The names of the candidates' students: `StudentEducation` carries only the student's id, so
 * the same search runs over the students (their names match it the same way).
 */
export function useStudentNames(search: string, enabled: boolean) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/students/filter',
      { body: { page: 0, size: 200, archived: false, search: search.trim() || undefined } },
      { enabled, placeholderData: keepPreviousData },
    ),
  );
}

/** What each education still lacks before the exam (spec 001 §3). */
export function useEducationStatusInfo(kind: ExamKind, studentEducationIds: number[]) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      examPath(kind, '/theory-exams/education-status-info'),
      { params: { query: { studentEducationIds } } },
      { enabled: studentEducationIds.length > 0 },
    ),
  );
}

export function useStudentExamsAndEducations(studentId: number) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/students/exam-and-education/{id}',
      { params: { path: { id: studentId } } },
      { meta: silent },
    ),
  );
}

export function useStudentPreExams(studentId: number) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/theory-pre-exams/student/{id}',
      { params: { path: { id: studentId } } },
      { meta: silent },
    ),
  );
}

export function useFinishedPreExam(preExamId: number | null) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/theory-pre-exams/finished/{id}',
      { params: { path: { id: preExamId ?? 0 } } },
      { enabled: preExamId !== null, meta: silent },
    ),
  );
}

/**
 * Starts a pre-exam with the student (`POST /theory-pre-exams`): the questions come without
 * their solutions. The list has it as begun from then on. Failures are shown by the screen.
 */
export function useStartPreExam() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: silent,
    mutationFn: async (studentEducationId: number) =>
      (await fetch.POST('/theory-pre-exams', { body: { studentEducationId } }))
        .data as TheoryPreExamStarted,
    onSuccess: () => invalidate('/theory-pre-exams/student/{id}'),
  });
}

/**
 * Hands a pre-exam in (`POST /theory-pre-exams/{id}/finish`; a question left out counts as
 * wrong) and gets it scored; the list is refreshed. Failures are shown by the screen.
 */
export function useFinishPreExam() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: silent,
    mutationFn: async ({ id, answers }: { id: number; answers: TheoryPreExamAnswer[] }) =>
      (
        await fetch.POST('/theory-pre-exams/{id}/finish', {
          params: { path: { id } },
          body: { answers },
        })
      ).data as TheoryPreExam,
    onSuccess: () => invalidate('/theory-pre-exams/student/{id}'),
  });
}

/** Refreshes the kind's exams (lists, calendar, detail) and what shows a student's exams. */
function useRefreshExams(kind: ExamKind) {
  const invalidate = useInvalidate();
  return () =>
    invalidate(EXAM_RESOURCE[kind], '/students/exam-and-education/{id}', '/student-educations');
}

/**
 * The calls of the exam detail (spec 001 §4, §8): each is its own mutation, so each has its
 * own pending and success state; `reset()` clears one. Failures are shown by the screen.
 */
export function useExamActions(kind: ExamKind, examId: number) {
  const { fetch } = useApi();
  const refresh = useRefreshExams(kind);
  const invalidate = useInvalidate();
  const common = { meta: silent, onSuccess: refresh };
  return {
    setParticipants: useMutation({
      ...common,
      mutationFn: async (studentEducationIds: number[]) =>
        (
          await fetch.PUT(examPath(kind, '/theory-exams/participants'), {
            body: { examId, studentEducationIds },
          })
        ).data as Exam,
    }),
    updateStatus: useMutation({
      ...common,
      mutationFn: async (update: components['schemas']['ExamStatusUpdate']) =>
        (
          await fetch.PUT(examPath(kind, '/theory-exams/update-student-exam-statuses'), {
            body: { statuses: [update] },
          })
        ).data as ExamParticipant[],
    }),
    book: useMutation({
      ...common,
      mutationFn: async () =>
        (
          await fetch.POST(examPath(kind, '/theory-exams/{id}/book'), {
            params: { path: { id: examId } },
          })
        ).data as Exam,
    }),
    markReady: useMutation({
      ...common,
      mutationFn: async (studentExamIds: number[]) =>
        (
          await fetch.POST(examPath(kind, '/theory-exams/{id}/mark-as-ready'), {
            params: { path: { id: examId } },
            body: { studentExamIds },
          })
        ).data as Exam,
    }),
    remove: useMutation({
      ...common,
      mutationFn: async (studentExamId: number) => {
        await fetch.DELETE(examPath(kind, '/theory-exams/student-exam/{id}'), {
          params: { path: { id: studentExamId } },
        });
      },
    }),
    deleteExam: useMutation({
      meta: silent,
      mutationFn: async () => {
        await fetch.DELETE(examPath(kind, '/theory-exams/{id}'), {
          params: { path: { id: examId } },
        });
      },
      onSuccess: refresh,
    }),
    uploadProtocol: useMutation({
      ...common,
      mutationFn: async ({ studentExamId, file }: { studentExamId: number; file: File }) =>
        (
          await fetch.POST(examPath(kind, '/theory-exams/upload-protocol'), {
            body: { file: asBinary(file), studentExamId },
            bodySerializer: toFormData,
          })
        ).data as ExamParticipant,
    }),
    downloadProtocol: useMutation({
      meta: silent,
      mutationFn: async (participant: ExamParticipant) => {
        const { data, response } = await fetch.GET(
          examPath(kind, '/theory-exams/protocol/{studentExamId}'),
          {
            params: { path: { studentExamId: participant.id } },
            parseAs: 'blob',
          },
        );
        saveBlob(
          data as Blob,
          fileNameFromResponse(response) ?? participant.protocol?.fileName ?? 'protokoll.pdf',
        );
      },
    }),
    bookRepeatFee: useMutation({
      meta: silent,
      mutationFn: async ({
        studentEducationId,
        studentExamId,
      }: {
        studentEducationId: number;
        studentExamId: number;
      }) =>
        (
          await fetch.POST(
            '/products/student-booked-product/on-failed-exam/{studentEducationId}/{studentTheoryExamId}',
            { params: { path: { studentEducationId, studentTheoryExamId: studentExamId } } },
          )
        ).data,
      onSuccess: () => invalidate('/products'),
    }),
  };
}

export type ExamActions = ReturnType<typeof useExamActions>;
