import {
  ApiError,
  asBinary,
  type components,
  downloadKind,
  fileNameFromResponse,
  toFormData,
  useApi,
} from '@fahrwerk/api';
import { apiKey, useInvalidate, useResourceMutations } from '@fahrwerk/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { StudentFormPickers } from '../components/student-form';

export type Student = components['schemas']['Student'];
export type StudentInput = components['schemas']['StudentInput'];
export type StudentFilter = components['schemas']['StudentFilter'];
export type StudentListItem = components['schemas']['StudentListItem'];
export type StudentEducation = components['schemas']['StudentEducation'];
export type StudentEducationInput = components['schemas']['StudentEducationInput'];
export type StudentDocument = components['schemas']['StudentDocument'];
export type DocumentType = components['schemas']['DocumentType'];
export type DocumentInProcessing = components['schemas']['DocumentInProcessing'];
export type DocumentInProcessingAttach = components['schemas']['DocumentInProcessingAttach'];
export type EducationEvent = components['schemas']['EducationEvent'];
export type StudentNote = components['schemas']['StudentNote'];
export type LicenseClass = components['schemas']['LicenseClass'];
export type EducationStatus = components['schemas']['EducationStatus'];

/** What a change refreshes: every query of these paths and the paths below them. */
const STUDENT_KEYS = ['/students'] as const;
const EDUCATION_KEYS = ['/student-educations', '/education-events'] as const;
const DOCUMENT_KEYS = ['/student-documents', '/documents-in-processing'] as const;

// --- Students ----------------------------------------------------------------------------

/**
 * A page of the student list. The server limits every student list to the students the
 * caller may see (student visibility ALL or OWN), so an instructor with OWN visibility gets
 * only theirs; with `instructorId` the list shows the students of that instructor.
 */
/** One page of the student list: the filter body and, for an instructor's list, their id. */
export type StudentListRequest = { body: StudentFilter; instructorId?: number };

export function useStudentList({ body: filter, instructorId }: StudentListRequest) {
  const api = useApi();
  return useQuery({
    queryKey:
      instructorId === undefined
        ? apiKey('post', '/students/student-list', { body: filter })
        : apiKey('post', '/students/by-instructor/{id}', {
            params: { path: { id: instructorId } },
            body: filter,
          }),
    queryFn: async ({ signal }) => {
      const { data } =
        instructorId === undefined
          ? await api.fetch.POST('/students/student-list', { body: filter, signal })
          : await api.fetch.POST('/students/by-instructor/{id}', {
              params: { path: { id: instructorId } },
              body: filter,
              signal,
            });
      return data as { data: StudentListItem[]; total: number };
    },
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });
}

/** The student picker of the documents in processing (whatever the caller may see). */
export function useStudentSearch(search: string) {
  const api = useApi();
  return useQuery({
    ...api.query.queryOptions('post', '/students/visible-for-current-user', {
      body: {
        page: 0,
        size: 20,
        archived: false,
        search: search || undefined,
        sort: [{ field: 'lastName', direction: 'asc' }],
      },
    }),
    placeholderData: keepPreviousData,
  });
}

export function useStudent(id: number | null) {
  const api = useApi();
  return useQuery({
    ...api.query.queryOptions('get', '/students/{id}', { params: { path: { id: id ?? 0 } } }),
    enabled: id !== null,
    meta: { silentError: true },
  });
}

/**
 * Save and archive a student. The student form reports a refused save itself only for
 * validation (`alertOn: 'validation'`), so every failure also toasts; archiving changes the
 * educations too.
 */
export function useStudentMutations() {
  return useResourceMutations('/students', { alsoRefresh: EDUCATION_KEYS, inline: [] });
}

export function useDeleteUnconfirmedStudent() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.fetch.DELETE('/students/delete-uncomfirmed/{id}', { params: { path: { id } } });
    },
    onSuccess: () => invalidate(...STUDENT_KEYS),
  });
}

/** Sends the learning-app confirmation mail; the screen toasts the outcome itself. */
export function useSendConfirmationEmail() {
  const api = useApi();
  return useMutation({
    mutationFn: async (email: string) => {
      await api.fetch.GET('/students/send-confirmation-email', { params: { query: { email } } });
    },
    meta: { silentError: true },
  });
}

export function useChangeLearningAppLogin() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, allowed }: { id: number; allowed: boolean }) => {
      const { data } = await api.fetch.PUT('/students/{id}/change-learning-app-login-allowed', {
        params: { path: { id }, query: { allowed } },
      });
      return data as Student;
    },
    onSuccess: () => invalidate(...STUDENT_KEYS),
  });
}

export function useUploadAvatar() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ studentId, file }: { studentId: number; file: File }) => {
      const { data } = await api.fetch.POST('/students/avatar', {
        body: { file: asBinary(file), studentId },
        bodySerializer: toFormData,
      });
      return data as Student;
    },
    onSuccess: () => invalidate(...STUDENT_KEYS),
  });
}

/** The photo as an object URL (revoked by the component that shows it). */
export function useStudentAvatar(studentId: number, fileId: number | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: apiKey('get', '/students/avatar', { params: { query: { studentId } }, fileId }),
    enabled: fileId !== undefined,
    meta: { silentError: true },
    queryFn: async () => {
      const { data } = await api.fetch.GET('/students/avatar', {
        params: { query: { studentId } },
        parseAs: 'blob',
      });
      return data as Blob;
    },
  });
}

/**
 * Is the address already used by a student of the school? The server answers 302 (in use)
 * or 404 (free); both arrive here as `ApiError`. Other failures answer `null` (unknown):
 * the server checks again on save.
 */
export function useEmailCheck() {
  const api = useApi();
  return async (email: string): Promise<boolean | null> => {
    try {
      await api.fetch.GET('/students/email-check/{email}', {
        params: { path: { email } },
      });
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return false;
      // The 302 carries no Location, so fetch hands it over instead of following it.
      if (error instanceof ApiError && error.status === 302) return true;
      return null;
    }
  };
}

// --- Pickers -------------------------------------------------------------------------------

/** Branches, users, price lists, testing organizations and student categories for the form and filters. */
export function usePickers(): StudentFormPickers {
  const api = useApi();
  const active = { params: { query: { archived: false } } } as const;
  const branches = useQuery(api.query.queryOptions('get', '/branches', active));
  const users = useQuery(api.query.queryOptions('get', '/users', active));
  const priceLists = useQuery(api.query.queryOptions('get', '/price-lists', active));
  const testingOrganizations = useQuery(
    api.query.queryOptions('get', '/testing-organizations', active),
  );
  const categories = useQuery(api.query.queryOptions('get', '/student-categories/', active));
  const byName = (rows: { id: number; name: string }[] | undefined) =>
    (rows ?? []).map((row) => ({ id: String(row.id), label: row.name }));
  return {
    branches: byName(branches.data),
    instructors: (users.data ?? []).map((user) => ({
      id: String(user.id),
      label: `${user.lastName}, ${user.firstName}`,
    })),
    priceLists: byName(priceLists.data),
    testingOrganizations: byName(testingOrganizations.data),
    categories: byName(categories.data),
  };
}

// --- Educations ----------------------------------------------------------------------------

export function useStudentEducations(studentId: number) {
  const api = useApi();
  return useQuery({
    ...api.query.queryOptions('get', '/student-educations/student/{studentId}', {
      params: { path: { studentId } },
    }),
    meta: { silentError: true },
  });
}

/** Save an education; like the student form, only validation stays in the form. */
export function useEducationMutations() {
  return useResourceMutations('/student-educations', {
    alsoRefresh: [...EDUCATION_KEYS, ...STUDENT_KEYS],
    inline: [],
  });
}

export type EducationSwitch = 'archived' | 'finished' | 'automaticPayment' | 'driveBuzzEnabled';

/** The state calls of an education: archive, finished, automatic payment, learning app. */
export function useEducationSwitch() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({
      id,
      which,
      value,
    }: {
      id: number;
      which: EducationSwitch;
      value: boolean;
    }) => {
      switch (which) {
        case 'archived':
          return (
            await api.fetch.POST('/student-educations/archive', {
              params: { query: { id, archived: value } },
            })
          ).data as StudentEducation;
        case 'finished':
          return (
            await api.fetch.POST('/student-educations/change-finished-education-state', {
              params: { query: { id, finished: value } },
            })
          ).data as StudentEducation;
        case 'automaticPayment':
          return (
            await api.fetch.POST('/student-educations/change-automatic-payment-state', {
              params: { query: { id, automaticPayment: value } },
            })
          ).data as StudentEducation;
        case 'driveBuzzEnabled':
          return (
            await api.fetch.POST('/student-educations/drive-buzz-enabled', {
              params: { query: { id, driveBuzzEnabled: value } },
            })
          ).data as StudentEducation;
      }
    },
    onSuccess: () => invalidate(...EDUCATION_KEYS, ...STUDENT_KEYS),
  });
}

/** The theory courses to pick (needs MODULE_THEORY; without it the picker stays hidden). */
export function useTheoryCourses(enabled: boolean) {
  const api = useApi();
  return useQuery({
    ...api.query.queryOptions('get', '/theory-courses', { params: { query: { archived: false } } }),
    enabled,
  });
}

// --- Documents -----------------------------------------------------------------------------

export function useStudentDocuments(studentId: number) {
  const api = useApi();
  return useQuery({
    ...api.query.queryOptions('get', '/student-documents/student/{studentId}', {
      params: { path: { studentId } },
    }),
    meta: { silentError: true },
  });
}

export type DocumentUploadInput = {
  file: File;
  studentId: number;
  type: DocumentType;
  studentEducationId?: number;
  visible: boolean;
};

export function useUploadDocument() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ file, ...fields }: DocumentUploadInput) => {
      const { data } = await api.fetch.POST('/student-documents', {
        body: { file: asBinary(file), ...fields },
        bodySerializer: toFormData,
      });
      return data as StudentDocument;
    },
    onSuccess: () => invalidate(...DOCUMENT_KEYS, ...EDUCATION_KEYS),
  });
}

export function useDocumentVisibility() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, visible }: { id: number; visible: boolean }) => {
      const { data } = await api.fetch.PUT('/student-documents/visible/{id}', {
        params: { path: { id }, query: { visible } },
      });
      return data as StudentDocument;
    },
    onSuccess: () => invalidate(...DOCUMENT_KEYS),
  });
}

/** Delete a document of a student. */
export function useStudentDocumentMutations() {
  return useResourceMutations('/student-documents', { alsoRefresh: DOCUMENT_KEYS });
}

/** A downloaded file: its bytes, its kind (to show PDFs and images, save the rest) and name. */
export type DownloadedFile = {
  blob: Blob;
  kind: ReturnType<typeof downloadKind>;
  fileName: string;
};

async function toDownloaded(
  result: { data?: unknown; response: Response },
  fallbackName: string,
): Promise<DownloadedFile> {
  const blob = result.data as Blob;
  return {
    blob,
    kind: downloadKind(result.response.headers.get('content-type') ?? blob.type),
    fileName: fileNameFromResponse(result.response) ?? fallbackName,
  };
}

export function useDownloadDocument() {
  const api = useApi();
  return useMutation({
    mutationFn: async (document: { id: number; fileName: string }) =>
      toDownloaded(
        await api.fetch.GET('/student-documents/{id}', {
          params: { path: { id: document.id } },
          parseAs: 'blob',
        }),
        document.fileName,
      ),
  });
}

// --- Documents in processing -----------------------------------------------------------------

export function useDocumentsInProcessing() {
  const api = useApi();
  return useQuery({
    ...api.query.queryOptions('get', '/documents-in-processing'),
    meta: { silentError: true },
  });
}

export function useUploadDocumentsInProcessing() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (files: File[]) => {
      const { data } = await api.fetch.POST('/documents-in-processing', {
        body: { files: files.map(asBinary) },
        bodySerializer: toFormData,
      });
      return data as DocumentInProcessing[];
    },
    onSuccess: () => invalidate(...DOCUMENT_KEYS),
  });
}

export function useAttachDocumentInProcessing() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: DocumentInProcessingAttach }) => {
      const { data } = await api.fetch.POST('/documents-in-processing/{id}/attach', {
        params: { path: { id } },
        body,
      });
      return data as StudentDocument;
    },
    onSuccess: () => invalidate(...DOCUMENT_KEYS, ...EDUCATION_KEYS),
  });
}

/** Delete a document in processing. */
export function useDocumentInProcessingMutations() {
  return useResourceMutations('/documents-in-processing', { alsoRefresh: DOCUMENT_KEYS });
}

export function useDownloadDocumentInProcessing() {
  const api = useApi();
  return useMutation({
    mutationFn: async (document: { id: number; fileName: string }) =>
      toDownloaded(
        await api.fetch.GET('/documents-in-processing/{id}', {
          params: { path: { id: document.id } },
          parseAs: 'blob',
        }),
        document.fileName,
      ),
  });
}

/** The public QR-code upload: no sign-in, the tokens of the QR code name school and student. */
export function useQrCodeUpload() {
  const api = useApi();
  return useMutation({
    mutationFn: async ({
      schoolToken,
      studentToken,
      file,
      type,
    }: {
      schoolToken: string;
      studentToken: string;
      file: File;
      type: DocumentType;
    }) => {
      await api.fetch.POST('/public/student-documents/{schoolToken}/{studentToken}', {
        params: { path: { schoolToken, studentToken } },
        body: { file: asBinary(file), type },
        bodySerializer: toFormData,
      });
    },
    meta: { silentError: true },
  });
}

// --- Timeline ------------------------------------------------------------------------------

export function useEducationEvents(studentId: number) {
  const api = useApi();
  return useQuery({
    ...api.query.queryOptions('get', '/education-events/student/{id}', {
      params: { path: { id: studentId } },
    }),
    meta: { silentError: true },
  });
}

export function useStudentNotes(studentId: number) {
  const api = useApi();
  return useQuery({
    ...api.query.queryOptions('get', '/student-note/student/{id}', {
      params: { path: { id: studentId } },
    }),
    meta: { silentError: true },
  });
}

export function useCreateNote() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ studentId, text }: { studentId: number; text: string }) => {
      const { data } = await api.fetch.POST('/student-note', { body: { studentId, text } });
      return data as StudentNote;
    },
    onSuccess: () => invalidate('/student-note'),
  });
}

// --- Appointments --------------------------------------------------------------------------

export type Appointment = components['schemas']['Appointment'];
export type AppointmentType = components['schemas']['AppointmentType'];
export type StudentAppointmentFilter = components['schemas']['StudentAppointmentFilter'];

/** One page of a student's appointments: the filter body and the student (`{id}` of the path). */
export type StudentAppointmentsRequest = { studentId: number; body: StudentAppointmentFilter };

/** `POST /appointments/{id}`, where `{id}` is the student; the panel shows a failure itself. */
export function useStudentAppointmentPage({ studentId, body }: StudentAppointmentsRequest) {
  const api = useApi();
  return useQuery({
    ...api.query.queryOptions('post', '/appointments/{id}', {
      params: { path: { id: studentId } },
      body,
    }),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });
}

/** What the sum line reads: the booked driving lessons, asked once without paging. */
const SUM_PAGE_SIZE = 200;

/**
 * The booked minutes of a student's driving lessons (of one education, or of all). `null`
 * while loading, on a failure, or when the student has more lessons than one call answers.
 */
export function useBookedDrivingMinutes(studentId: number, studentEducationId?: number) {
  const api = useApi();
  const body: StudentAppointmentFilter = {
    page: 0,
    size: SUM_PAGE_SIZE,
    archived: false,
    types: ['DRIVING'],
    ...(studentEducationId === undefined ? {} : { studentEducationId }),
  };
  const query = useQuery({
    ...api.query.queryOptions('post', '/appointments/{id}', {
      params: { path: { id: studentId } },
      body,
    }),
    meta: { silentError: true },
  });
  if (!query.data || query.data.total > query.data.data.length) return null;
  return query.data.data
    .filter((appointment) => appointment.booked)
    .reduce((sum, appointment) => sum + appointment.minutes, 0);
}

export type LearningStats = components['schemas']['LearningStats'];

/** The answer statistics of an education (the learning app's progress). */
export function useEducationLearningStats(studentEducationId: number, enabled = true) {
  const api = useApi();
  return useQuery({
    ...api.query.queryOptions('get', '/student-question-answers/stats-for-fsc', {
      params: { query: { studentEducationId } },
    }),
    enabled,
    meta: { silentError: true },
  });
}
