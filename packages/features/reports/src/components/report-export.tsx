import { errorToastMessage } from '@fahrwerk/api';
import { Button } from '@fahrwerk/ui';
import { useEffect, useRef, useState } from 'react';
import {
  isExportRunning,
  type ReportExport,
  type ReportExportFormat,
  type ReportFilter,
  type ReportKind,
  useDownloadReportExport,
  useReportExport,
  useStartReportExport,
} from '../api/report-queries';
import { useReportsTranslation } from '../use-reports-translation';

export type ReportExportButtonsProps = {
  report: ReportKind;
  /** The filter the file is written for (the report's own). */
  filter: ReportFilter;
  /** No export while the report has nothing to show. */
  isDisabled?: boolean;
};

/**
 * "CSV" and "Excel" of one report: starts a background export (`POST /reports/exports`),
 * shows its progress while it runs (asked every 500 ms), and saves the file under the
 * export's name once it is done. A failed export says why.
 */
export function ReportExportButtons({ report, filter, isDisabled }: ReportExportButtonsProps) {
  const { t } = useReportsTranslation();
  const start = useStartReportExport();
  const [jobId, setJobId] = useState<number | null>(null);
  const job = useReportExport(jobId);
  const download = useDownloadReportExport();
  const saveFile = download.mutate;
  const saved = useRef<number | null>(null);
  const current = jobId === null ? undefined : job.data;

  // The file is fetched once per finished export, also when the poll answers DONE twice.
  useEffect(() => {
    if (current?.status === 'DONE' && saved.current !== current.id) {
      saved.current = current.id;
      saveFile(current);
    }
  }, [current, saveFile]);

  const running = start.isPending || isExportRunning(current);
  const reason = (error: unknown) => errorToastMessage(error, (key) => t(key)) ?? '';
  const exportAs = (format: ReportExportFormat) => {
    download.reset();
    start.mutate({ report, format, filter }, { onSuccess: (next) => setJobId(next.id) });
  };

  return (
    <div className="flex flex-col items-end gap-2">
      <fieldset className="flex gap-2">
        <legend className="sr-only">
          {t('export.group', { report: t(`report.${report}.title`) })}
        </legend>
        <Button
          size="sm"
          variant="secondary"
          isDisabled={isDisabled || running}
          onPress={() => exportAs('CSV')}
        >
          {t('export.csv')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          isDisabled={isDisabled || running}
          onPress={() => exportAs('XLSX')}
        >
          {t('export.xlsx')}
        </Button>
      </fieldset>
      {start.isError ? (
        <p role="alert" className="text-sm text-danger-700">
          {t('export.startFailed', { reason: reason(start.error) })}
        </p>
      ) : current ? (
        <ExportStatus
          job={current}
          onDownloadAgain={() => saveFile(current)}
          isDownloading={download.isPending}
        />
      ) : null}
      {job.isError && !start.isError ? (
        <p role="alert" className="text-sm text-danger-700">
          {t('export.failed', { reason: reason(job.error) })}
        </p>
      ) : null}
      {download.isError ? (
        <p role="alert" className="text-sm text-danger-700">
          {t('export.downloadFailed', { reason: reason(download.error) })}
        </p>
      ) : null}
    </div>
  );
}

function ExportStatus({
  job,
  onDownloadAgain,
  isDownloading,
}: {
  job: ReportExport;
  onDownloadAgain: () => void;
  isDownloading: boolean;
}) {
  const { t } = useReportsTranslation();
  if (job.status === 'FAILED') {
    return (
      <p role="alert" className="max-w-sm text-end text-sm text-danger-700">
        {t('export.failed', {
          reason: t(job.error ?? 'errors.unknown', { defaultValue: t('errors.unknown') }),
        })}
      </p>
    );
  }
  if (job.status === 'DONE') {
    const fileName = job.fileName ?? '';
    return (
      <div className="flex flex-wrap items-center justify-end gap-2 text-sm">
        <p role="status" className="text-success-700">
          {job.rowCount === undefined
            ? t('export.done', { fileName })
            : t('export.doneRows', { fileName, count: job.rowCount })}
        </p>
        <Button size="sm" variant="quiet" onPress={onDownloadAgain} isPending={isDownloading}>
          {t('export.downloadAgain')}
        </Button>
      </div>
    );
  }
  const progress = Math.max(0, Math.min(100, Math.round(job.progress)));
  return (
    <div className="flex w-64 flex-col gap-1">
      <div className="flex items-baseline justify-between gap-2 text-sm text-neutral-700">
        <span>{t(job.status === 'QUEUED' ? 'export.queued' : 'export.running')}</span>
        <span className="tabular-nums">{progress} %</span>
      </div>
      <div
        role="progressbar"
        aria-label={t('export.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={`${progress} %`}
        className="h-2 w-full overflow-hidden rounded-full bg-neutral-200"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width]"
          style={{ width: `${progress}%` }}
        />
      </div>
    </div>
  );
}
