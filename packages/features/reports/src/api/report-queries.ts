import { type components, fileNameFromResponse, saveBlob, useApi } from '@fahrwerk/api';
import type { FahrwerkMeta } from '@fahrwerk/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

type Schemas = components['schemas'];

export type ReportFilter = Schemas['ReportFilter'];
export type ReportKind = Schemas['ReportKind'];
export type ReportExport = Schemas['ReportExport'];
export type ReportExportInput = Schemas['ReportExportInput'];
export type ReportExportFormat = Schemas['ReportExportFormat'];
export type LicenseClass = Schemas['LicenseClass'];
export type PaymentMethod = Schemas['PaymentMethod'];
export type PaymentsPerDrivingSchoolReport = Schemas['PaymentsPerDrivingSchoolReport'];
export type BalancePerDrivingSchoolReport = Schemas['BalancePerDrivingSchoolReport'];
export type SalesPerInstructorReport = Schemas['SalesPerInstructorReport'];
export type InstructorSales = Schemas['InstructorSales'];
export type ExamSuccessRateReport = Schemas['ExamSuccessRateReport'];
export type ExamSuccessRate = Schemas['ExamSuccessRate'];
export type PassedExamsReport = Schemas['PassedExamsReport'];
export type PassedExam = Schemas['PassedExam'];
export type KmPerDrivingLessonReport = Schemas['KmPerDrivingLessonReport'];
export type EducationDurationReport = Schemas['EducationDurationReport'];
export type EducationDurationOfClass = Schemas['EducationDurationOfClass'];
export type InspectionPackRequest = Schemas['InspectionPackRequest'];
export type Branch = Schemas['Branch'];
export type User = Schemas['User'];

/** The screens show a report's failure themselves (error state with retry), never as a toast. */
const silent: FahrwerkMeta = { silentError: true };

/** The report calls by kind (each a `POST` with a `ReportFilter`; the answers differ). */
export const REPORT_PATHS = {
  PAYMENTS_PER_DRIVING_SCHOOL: '/reports/payments-per-driving-school',
  BALANCE_PER_DRIVING_SCHOOL: '/reports/balance-per-driving-school',
  SALES_PER_INSTRUCTOR: '/reports/sales-per-instructor',
  PRACTICAL_EXAM_SUCCESS_RATE: '/reports/practical-exam-success-rate',
  THEORY_EXAM_SUCCESS_RATE: '/reports/theory-exam-success-rate',
  SUCCESSFULLY_PASSED_PRACTICAL_EXAMS: '/reports/successfully-passed-practical-exams',
  SUCCESSFULLY_PASSED_THEORY_EXAMS: '/reports/successfully-passed-theory-exams',
  KM_PER_DRIVING_LESSON: '/reports/km-per-driving-lesson',
  EDUCATION_DURATION: '/reports/education-duration',
} as const satisfies Record<ReportKind, string>;

export type ReportPath = (typeof REPORT_PATHS)[ReportKind];

/** A filter that is never sent: a report query is disabled while the period is invalid. */
const UNSENT: ReportFilter = { from: '1970-01-01', to: '1970-01-01' };

/**
 * The options of every report query: nothing is asked while `filter` is null (a period that
 * cannot be sent); a new filter keeps the last answer on screen until the new one arrives.
 */
const reportOptions = (filter: ReportFilter | null) => ({
  enabled: filter !== null,
  meta: silent,
  placeholderData: keepPreviousData,
});

/** Payments received per month and payment method. */
export function usePaymentsReport(filter: ReportFilter | null) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/reports/payments-per-driving-school',
      { body: filter ?? UNSENT },
      reportOptions(filter),
    ),
  );
}

/** The balance of all students and cost bearers over the period. */
export function useBalanceReport(filter: ReportFilter | null) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/reports/balance-per-driving-school',
      { body: filter ?? UNSENT },
      reportOptions(filter),
    ),
  );
}

/** The value of the services each instructor performed. */
export function useSalesReport(filter: ReportFilter | null) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/reports/sales-per-instructor',
      { body: filter ?? UNSENT },
      reportOptions(filter),
    ),
  );
}

/** Practical exam success per class, instructor and testing organisation. */
export function usePracticalSuccessReport(filter: ReportFilter | null) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/reports/practical-exam-success-rate',
      { body: filter ?? UNSENT },
      reportOptions(filter),
    ),
  );
}

/** Theory exam success per class, instructor and testing organisation. */
export function useTheorySuccessReport(filter: ReportFilter | null) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/reports/theory-exam-success-rate',
      { body: filter ?? UNSENT },
      reportOptions(filter),
    ),
  );
}

/** The practical exams passed (at most 10 000 rows, `total` counts all). */
export function usePassedPracticalExamsReport(filter: ReportFilter | null) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/reports/successfully-passed-practical-exams',
      { body: filter ?? UNSENT },
      reportOptions(filter),
    ),
  );
}

/** The theory exams passed (at most 10 000 rows, `total` counts all). */
export function usePassedTheoryExamsReport(filter: ReportFilter | null) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/reports/successfully-passed-theory-exams',
      { body: filter ?? UNSENT },
      reportOptions(filter),
    ),
  );
}

/** Km per 45-minute driving lesson, per vehicle and per instructor. */
export function useKmReport(filter: ReportFilter | null) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/reports/km-per-driving-lesson',
      { body: filter ?? UNSENT },
      reportOptions(filter),
    ),
  );
}

/** How long the educations finished in the period took, per class. */
export function useEducationDurationReport(filter: ReportFilter | null) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/reports/education-duration',
      { body: filter ?? UNSENT },
      reportOptions(filter),
    ),
  );
}

/** The active branches (`GET /branches`, open to every signed-in user) for the filter. */
export function useBranches() {
  const { query } = useApi();
  return useQuery(
    query.queryOptions('get', '/branches', { params: { query: { archived: false } } }),
  );
}

/** The school's instructors by last name (`POST /instructor/filter`, the users who teach). */
export function useInstructors() {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/instructor/filter',
      {
        body: {
          page: 0,
          size: 200,
          archived: false,
          sort: [
            { field: 'lastName', direction: 'asc' },
            { field: 'firstName', direction: 'asc' },
          ],
        },
      },
      { select: (page) => page.data },
    ),
  );
}

/** How often a running export is asked for its progress. */
export const EXPORT_POLL_MS = 500;

export const isExportRunning = (job: ReportExport | undefined) =>
  job?.status === 'QUEUED' || job?.status === 'RUNNING';

/** One export job, asked again every 500 ms while QUEUED or RUNNING. */
export function useReportExport(id: number | null) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/reports/exports/{id}',
      { params: { path: { id: id ?? 0 } } },
      {
        enabled: id !== null,
        meta: silent,
        staleTime: 0,
        refetchInterval: (current) =>
          isExportRunning(current.state.data) ? EXPORT_POLL_MS : false,
      },
    ),
  );
}

/**
 * Starts an export job (`POST /reports/exports`, 202 with the queued job); the job is put
 * into the cache, so its progress shows at once and `useReportExport` polls from there.
 */
export function useStartReportExport() {
  const { fetch, query } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    meta: silent,
    mutationFn: async (body: ReportExportInput) =>
      (await fetch.POST('/reports/exports', { body })).data as ReportExport,
    onSuccess: (job) => {
      queryClient.setQueryData(
        query.queryOptions('get', '/reports/exports/{id}', { params: { path: { id: job.id } } })
          .queryKey,
        job,
      );
    },
  });
}

const EXPORT_EXTENSIONS: Record<ReportExportFormat, string> = { CSV: 'csv', XLSX: 'xlsx' };

/** Saves a finished export's file under the export's `fileName`. */
export function useDownloadReportExport() {
  const { fetch } = useApi();
  return useMutation({
    meta: silent,
    mutationFn: async (job: ReportExport) => {
      const { data, response } = await fetch.GET('/reports/exports/{id}/file', {
        params: { path: { id: job.id } },
        parseAs: 'blob',
      });
      saveBlob(
        data as Blob,
        job.fileName ?? fileNameFromResponse(response) ?? `export.${EXPORT_EXTENSIONS[job.format]}`,
      );
    },
  });
}

/**
 * The school's report as PDF (`POST /driving-schools/report/{id}`) over a period, saved
 * under the server's name (else `schulbericht_<from>_<to>.pdf`). Without a given school id
 * the signed-in user's school is asked for first (`GET /driving-schools/current`).
 */
export function useSchoolReport(drivingSchoolId?: number) {
  const { fetch, query } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    meta: silent,
    mutationFn: async ({ from, to, fileName }: { from: string; to: string; fileName: string }) => {
      const id =
        drivingSchoolId ??
        (await queryClient.fetchQuery(query.queryOptions('get', '/driving-schools/current'))).id;
      const { data, response } = await fetch.POST('/driving-schools/report/{id}', {
        params: { path: { id } },
        body: { from, to },
        parseAs: 'blob',
      });
      saveBlob(data as Blob, fileNameFromResponse(response) ?? fileName);
    },
  });
}

/** The inspection pack of an instructor (`POST /reports/inspection-pack`), saved as PDF. */
export function useInspectionPack() {
  const { fetch } = useApi();
  return useMutation({
    meta: silent,
    mutationFn: async ({ body, fileName }: { body: InspectionPackRequest; fileName: string }) => {
      const { data } = await fetch.POST('/reports/inspection-pack', { body, parseAs: 'blob' });
      saveBlob(data as Blob, fileName);
    },
  });
}
