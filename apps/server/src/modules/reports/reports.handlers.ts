import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../../http/auth';
import type { OperationHandlers } from '../../http/operation-types';
import type { Services } from '../handlers';
import { mergeHandlers } from '../resources/kit';
import { createInspectionPackHandlers } from './inspection-pack';
import { createOfficeDashboardHandlers } from './office-dashboard';
import { createReportExportHandlers } from './report-exports';
import {
  computeReport,
  formatOfAccept,
  type ReportKind,
  reportTable,
  tableFile,
} from './report-files';
import type { ReportFilter } from './report-queries';
import { createSchoolReportHandlers } from './school-report';

/*
 * The reports area (spec 001 §3, §7; routes /finances, /training, /learn, /planning): every
 * report as JSON and as a file (`…/export`, CSV or XLSX by the Accept header), the background
 * exports, the inspection pack, the school's report PDF and the office dashboard.
 */

type ReportRequest = FastifyRequest & { body: ReportFilter };

export function createReportHandlers(services: Services): OperationHandlers {
  const { db } = services;

  const answer = (kind: ReportKind) => async (request: ReportRequest) => {
    const auth = requireAuth(request);
    return {
      status: 200 as const,
      body: (await computeReport(db, auth.drivingSchoolId, kind, request.body)) as never,
    };
  };
  const file = (kind: ReportKind) => async (request: ReportRequest) => {
    const auth = requireAuth(request);
    const report = await computeReport(db, auth.drivingSchoolId, kind, request.body, true);
    const written = await tableFile(
      reportTable(kind, report),
      formatOfAccept(request.headers.accept),
      request.body,
    );
    return {
      status: 200 as const,
      file: { bytes: written.bytes, mimeType: written.mimeType, fileName: written.fileName },
    };
  };

  const reports: OperationHandlers = {
    getBalancePerDrivingSchoolReport: answer('BALANCE_PER_DRIVING_SCHOOL'),
    getSalesPerInstructorReport: answer('SALES_PER_INSTRUCTOR'),
    getPracticalExamSuccessRateReport: answer('PRACTICAL_EXAM_SUCCESS_RATE'),
    getTheoryExamSuccessRateReport: answer('THEORY_EXAM_SUCCESS_RATE'),
    getSuccessfullyPassedPracticalExamsReport: answer('SUCCESSFULLY_PASSED_PRACTICAL_EXAMS'),
    getSuccessfullyPassedTheoryExamsReport: answer('SUCCESSFULLY_PASSED_THEORY_EXAMS'),
    getKmPerDrivingLessonReport: answer('KM_PER_DRIVING_LESSON'),
    getEducationDurationReport: answer('EDUCATION_DURATION'),
    exportPaymentsPerDrivingSchoolReport: file('PAYMENTS_PER_DRIVING_SCHOOL'),
    exportBalancePerDrivingSchoolReport: file('BALANCE_PER_DRIVING_SCHOOL'),
    exportSalesPerInstructorReport: file('SALES_PER_INSTRUCTOR'),
    exportPracticalExamSuccessRateReport: file('PRACTICAL_EXAM_SUCCESS_RATE'),
    exportTheoryExamSuccessRateReport: file('THEORY_EXAM_SUCCESS_RATE'),
    exportSuccessfullyPassedPracticalExamsReport: file('SUCCESSFULLY_PASSED_PRACTICAL_EXAMS'),
    exportSuccessfullyPassedTheoryExamsReport: file('SUCCESSFULLY_PASSED_THEORY_EXAMS'),
    exportKmPerDrivingLessonReport: file('KM_PER_DRIVING_LESSON'),
    exportEducationDurationReport: file('EDUCATION_DURATION'),
  } as OperationHandlers;

  return mergeHandlers(
    reports,
    createReportExportHandlers(services),
    createInspectionPackHandlers(services),
    createSchoolReportHandlers(services),
    createOfficeDashboardHandlers(services),
  );
}
