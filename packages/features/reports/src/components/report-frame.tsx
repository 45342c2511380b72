import { EmptyState, ErrorState, Spinner } from '@fahrwerk/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import type { ReportFilter, ReportKind } from '../api/report-queries';
import { IGNORES_INSTRUCTOR } from '../report-kinds';
import { useReportsTranslation } from '../use-reports-translation';
import { ReportExportButtons } from './report-export';

export type ReportFrameProps<T> = {
  report: ReportKind;
  filter: ReportFilter;
  query: UseQueryResult<T, unknown>;
  /** Whether an answer has nothing to show ("Keine Daten im gewählten Zeitraum"). */
  isEmpty: (data: T) => boolean;
  /** The report's content: key figures, chart and table. */
  children: (data: T) => ReactNode;
  /** A line under the content: what counts, what is left out. */
  note?: ReactNode;
};

/**
 * Everything around one report: its title and description, the export buttons, and the
 * states — a spinner while loading, the error with retry, the empty text — before the content.
 */
export function ReportFrame<T>({
  report,
  filter,
  query,
  isEmpty,
  children,
  note,
}: ReportFrameProps<T>) {
  const { t } = useReportsTranslation();
  const headingId = useId();
  const data = query.data;
  const empty = data !== undefined && isEmpty(data);
  const ignoresInstructor =
    IGNORES_INSTRUCTOR.has(report) && (filter.instructorIds?.length ?? 0) > 0;

  let body: ReactNode;
  if (query.isError) {
    body = (
      <ErrorState
        title={t('state.errorTitle')}
        message={t('state.error')}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  } else if (data === undefined) {
    body = (
      <div className="flex justify-center py-12 text-brand-600">
        <Spinner size="lg" />
      </div>
    );
  } else if (empty) {
    body = <EmptyState title={t('state.empty')} description={t('state.emptyHint')} />;
  } else {
    body = (
      <div className="flex flex-col gap-5" aria-busy={query.isPlaceholderData || undefined}>
        {children(data)}
        {note ? <p className="text-sm text-neutral-600">{note}</p> : null}
      </div>
    );
  }

  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-4 pt-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex max-w-3xl flex-col gap-1">
          <h2 id={headingId} className="text-lg font-semibold text-neutral-900">
            {t(`report.${report}.title`)}
          </h2>
          <p className="text-sm text-neutral-600">{t(`report.${report}.description`)}</p>
        </div>
        <ReportExportButtons
          report={report}
          filter={filter}
          isDisabled={data === undefined || empty || query.isError}
        />
      </div>
      {ignoresInstructor ? (
        <p className="rounded-[var(--radius-card)] bg-neutral-100 px-4 py-2 text-sm text-neutral-700">
          {t('filter.instructorIgnored')}
        </p>
      ) : null}
      {query.isPlaceholderData && query.isFetching ? (
        <div className="flex items-center gap-2 text-sm text-neutral-600">
          <Spinner size="sm" label={t('state.refreshing')} />
          <span aria-hidden="true">{t('state.refreshing')}</span>
        </div>
      ) : null}
      {body}
    </article>
  );
}
