import {
  asBinary,
  type components,
  fileNameFromResponse,
  saveBlob,
  toFormData,
  useApi,
} from '@fahrwerk/api';
import { type FahrwerkMeta, useInvalidate, useResourceMutations } from '@fahrwerk/core';
import { keepPreviousData, useMutation, useQueries, useQuery } from '@tanstack/react-query';

export type TheoryCourse = components['schemas']['TheoryCourse'];
export type TheoryCourseInput = components['schemas']['TheoryCourseInput'];
export type TheoryCourseFilter = components['schemas']['TheoryCourseFilter'];
export type TheoryListEntry = components['schemas']['TheoryListEntry'];
export type TheoryCourseStudent = components['schemas']['TheoryCourseStudent'];
export type TheoryLesson = components['schemas']['TheoryLesson'];
export type TheoryLessonInput = components['schemas']['TheoryLessonInput'];
export type TheoryLessonParticipant = components['schemas']['TheoryLessonParticipant'];
export type TheoryLessonStudentMatch = components['schemas']['TheoryLessonStudentMatch'];
export type TheoryProgress = components['schemas']['TheoryProgress'];
export type TheorySyllabusProgress = components['schemas']['TheorySyllabusProgress'];
export type LicenseClass = components['schemas']['LicenseClass'];
export type StudentListItem = components['schemas']['StudentListItem'];
export type StudentEducation = components['schemas']['StudentEducation'];

/** The screen shows the failure itself (an alert in the dialog), no global toast. */
const silent: FahrwerkMeta = { silentError: true };

/** Every query these calls change: the course lists, the lessons, the progress. */
const THEORY_PATHS = ['/theory-courses', '/theory-lesson', '/student-educations'] as const;

export function useTheoryListPage(filter: TheoryCourseFilter) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/theory-courses/theory-list/filter',
      { body: filter },
      { placeholderData: keepPreviousData },
    ),
  );
}

export function useTheoryCourse(id: number) {
  const { query } = useApi();
  return useQuery(query.queryOptions('get', '/theory-courses/{id}', { params: { path: { id } } }));
}

export function useTheoryCourseStudents(id: number) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions('get', '/theory-courses/{id}/students', { params: { path: { id } } }),
  );
}

export function useCourseLessons(id: number) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions('get', '/theory-lesson/course/{id}', { params: { path: { id } } }),
  );
}

export function useUpcomingTheoryCourses() {
  const { query } = useApi();
  return useQuery(query.queryOptions('get', '/theory-courses/upcoming-five-theory-courses'));
}

/** The school's active branches, instructors and the products a course can book. */
export function useTheoryPickers(enabled = true) {
  const { query } = useApi();
  const active = { params: { query: { archived: false } } } as const;
  const branches = useQuery(query.queryOptions('get', '/branches', active, { enabled }));
  const users = useQuery(query.queryOptions('get', '/users', active, { enabled }));
  const products = useQuery(query.queryOptions('get', '/products', active, { enabled }));
  const byName = (rows: { id: number; name: string }[] | undefined) =>
    (rows ?? []).map((row) => ({ id: row.id, label: row.name }));
  return {
    branches: byName(branches.data),
    instructors: (users.data ?? []).map((user) => ({
      id: user.id,
      label: `${user.firstName} ${user.lastName}`,
    })),
    teachingMaterials: byName(products.data?.filter((p) => p.type === 'LEARNING_MATERIAL')),
    basicFees: byName(products.data?.filter((p) => p.type === 'BASIC_FEE')),
  };
}

/** The progress of each education (`GET /student-educations/{id}/theory-progress`). */
export function useTheoryProgress(educationIds: readonly number[]) {
  const { query } = useApi();
  return useQueries({
    queries: educationIds.map((id) =>
      query.queryOptions('get', '/student-educations/{id}/theory-progress', {
        params: { path: { id } },
      }),
    ),
  });
}

/** One check per chosen student (`GET /theory-lesson/{id}/check-student-match/{studentId}`). */
export function useStudentMatches(lessonId: number | undefined, studentIds: readonly number[]) {
  const { query } = useApi();
  return useQueries({
    queries: studentIds.map((studentId) =>
      query.queryOptions(
        'get',
        '/theory-lesson/{id}/check-student-match/{studentId}',
        { params: { path: { id: lessonId ?? 0, studentId } } },
        { enabled: lessonId !== undefined, meta: silent },
      ),
    ),
  });
}

/** Save, archive and delete a course. */
export function useTheoryCourseMutations() {
  return useResourceMutations('/theory-courses', { alsoRefresh: ['/theory-lesson'] });
}

/** Save and delete a lesson; the course list counts lessons. */
export function useTheoryLessonMutations() {
  return useResourceMutations('/theory-lesson', { alsoRefresh: ['/theory-courses'] });
}

/** `PUT /theory-courses/{id}/students`: the assignment is replaced by the given educations. */
export function useSetCourseStudents(courseId: number) {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: silent,
    mutationFn: async (studentEducationIds: number[]) =>
      (
        await fetch.PUT('/theory-courses/{id}/students', {
          params: { path: { id: courseId } },
          body: { studentEducationIds },
        })
      ).data,
    onSuccess: () => invalidate(...THEORY_PATHS),
  });
}

/** `POST /theory-courses/{id}/book-module`: a student education into single lessons. */
export function useBookModule(courseId: number) {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: silent,
    mutationFn: async (body: { studentEducationId: number; theoryLessonIds: number[] }) =>
      (
        await fetch.POST('/theory-courses/{id}/book-module', {
          params: { path: { id: courseId } },
          body,
        })
      ).data,
    onSuccess: () => invalidate(...THEORY_PATHS),
  });
}

/** The spec's client check (000 §5): a booking without a lesson id is refused before any call. */
export const LESSON_ID_MISSING = 'booking.lessonIdMissing';

/** `POST /theory-lesson/{id}/book`: the students who attend. */
export function useBookTheoryLesson() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: silent,
    mutationFn: async ({
      lessonId,
      studentIds,
    }: {
      lessonId: number | null | undefined;
      studentIds: number[];
    }) => {
      if (lessonId === null || lessonId === undefined) throw new Error(LESSON_ID_MISSING);
      return (
        await fetch.POST('/theory-lesson/{id}/book', {
          params: { path: { id: lessonId } },
          body: { studentIds },
        })
      ).data;
    },
    onSuccess: () => invalidate(...THEORY_PATHS),
  });
}

/** Multipart `POST /theory-lesson-documents/upload-signature?studentId&theoryLessonId`. */
export function useUploadLessonSignature() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: silent,
    mutationFn: async ({
      studentId,
      theoryLessonId,
      png,
    }: {
      studentId: number;
      theoryLessonId: number;
      png: Blob;
    }) => {
      const file = new File([png], 'unterschrift.png', { type: 'image/png' });
      return (
        await fetch.POST('/theory-lesson-documents/upload-signature', {
          params: { query: { studentId, theoryLessonId } },
          body: { file: asBinary(file) },
          bodySerializer: toFormData,
        })
      ).data;
    },
    onSuccess: () => invalidate('/theory-lesson', '/theory-courses'),
  });
}

/** `DELETE /theory-lesson-documents/signature?studentTheoryLessonId`; the booking stays. */
export function useDeleteLessonSignature() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (studentTheoryLessonId: number) => {
      await fetch.DELETE('/theory-lesson-documents/signature', {
        params: { query: { studentTheoryLessonId } },
      });
    },
    onSuccess: () => invalidate('/theory-lesson'),
  });
}

/** Downloads the attendance list (`GET /theory-lesson-documents/{id}`, a PDF) as a file. */
export function useDownloadAttendanceList() {
  const { fetch } = useApi();
  return useMutation({
    // The screen shows the download's own error text (spec 000 §8, downloads).
    meta: silent,
    mutationFn: async (lesson: Pick<TheoryLesson, 'id' | 'date'>) => {
      const { data, response } = await fetch.GET('/theory-lesson-documents/{id}', {
        params: { path: { id: lesson.id } },
        parseAs: 'blob',
      });
      saveBlob(
        data as Blob,
        fileNameFromResponse(response) ?? `anwesenheitsliste-${lesson.date}-${lesson.id}.pdf`,
      );
    },
  });
}
