import { errorToastMessage } from '@fahrwerk/api';
import { Button } from '@fahrwerk/ui';
import { useState } from 'react';
import { type ReportFilter, useSchoolReport } from '../api/report-queries';
import { daysInPeriod, MAX_SCHOOL_REPORT_DAYS } from '../period';
import { schoolReportFileName } from '../report-data';
import { useReportsTranslation } from '../use-reports-translation';

export type SchoolReportButtonProps = {
  /** The screen's filter (only its period is used); null while the period is invalid. */
  filter: ReportFilter | null;
  /** The school's id; without it the signed-in user's school is asked for. */
  drivingSchoolId?: number;
};

/**
 * "Schulbericht (PDF)": the school's key figures over the filter's period as PDF
 * (`POST /driving-schools/report/{id}`, at most 366 days), saved as a file.
 */
export function SchoolReportButton({ filter, drivingSchoolId }: SchoolReportButtonProps) {
  const { t } = useReportsTranslation();
  const report = useSchoolReport(drivingSchoolId);
  const [problem, setProblem] = useState<string | null>(null);

  const create = () => {
    if (!filter) {
      setProblem(t('schoolReport.invalid'));
      return;
    }
    if (daysInPeriod(filter) > MAX_SCHOOL_REPORT_DAYS) {
      setProblem(t('schoolReport.tooLong'));
      return;
    }
    setProblem(null);
    report.mutate({
      from: filter.from,
      to: filter.to,
      fileName: schoolReportFileName(filter.from, filter.to),
    });
  };

  const message = problem
    ? problem
    : report.isError
      ? t('schoolReport.failed', {
          reason: errorToastMessage(report.error, (key) => t(key)) ?? '',
        })
      : null;

  return (
    <div className="flex flex-col items-end gap-1">
      <Button variant="secondary" onPress={create} isPending={report.isPending}>
        {t('schoolReport.button')}
      </Button>
      {message ? (
        <p role="alert" className="max-w-xs text-end text-sm text-danger-700">
          {message}
        </p>
      ) : report.isSuccess ? (
        <p role="status" className="text-sm text-success-700">
          {t('schoolReport.done')}
        </p>
      ) : null}
    </div>
  );
}
