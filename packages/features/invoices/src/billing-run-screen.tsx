import { downloadErrorMessage, errorToastMessage } from '@fahrwerk/api';
import { FormAlert, useCan, useInvalidate } from '@fahrwerk/core';
import {
  Badge,
  type BadgeTone,
  Button,
  EmptyState,
  ErrorState,
  formatDateTime,
  formatMoney,
  PageHeader,
  Section,
  Spinner,
  useToast,
} from '@fahrwerk/ui';
import { useEffect, useRef, useState } from 'react';
import {
  type BillingRun,
  type BillingRunItem,
  type BillingRunStatus,
  isRunActive,
  useBillingRun,
  useBillingRuns,
  useDownloadBillingRunPdfs,
  useStartBillingRun,
} from './api/invoice-queries';
import { BillingRunProgress } from './components/billing-run-progress';
import { DocumentPdfDialog } from './components/document-pdf-dialog';
import { useInvoicesTranslation } from './use-invoices-translation';

export type BillingRunScreenProps = {
  /** The run shown (the host keeps it in the URL as `?run=<id>`, so a reload shows it again). */
  runId?: number | null;
  /** A run was chosen (or `null`: back to the list only); the host updates the URL. */
  onRunChange: (runId: number | null) => void;
  /** Shows "Neue Abrechnung" (the host opens the invoice wizard). */
  onStartRun?: () => void;
};

const STATUS_TONE: Record<BillingRunStatus, BadgeTone> = {
  QUEUED: 'neutral',
  RUNNING: 'brand',
  FINISHED: 'success',
  INTERRUPTED: 'warning',
};

/**
 * `/invoice`: the billing runs (final invoices of many students, issued by a background job)
 * and one run's progress, asked for again while it works, with its failures, results and all
 * PDFs as one ZIP. A run the server stopped names the students that remain.
 */
export function BillingRunScreen({ runId = null, onRunChange, onStartRun }: BillingRunScreenProps) {
  const { t } = useInvoicesTranslation();
  const runs = useBillingRuns();
  const canStart = useCan('MODULE_AUTOMATIC_PAYMENTS_WRITE', 'MODULE_PAYMENT_WRITE');

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('runs.title')}
        description={t('runs.description')}
        actions={
          onStartRun && canStart ? <Button onPress={onStartRun}>{t('runs.new')}</Button> : null
        }
      />
      {runId !== null && (
        <BillingRunDetail
          runId={runId}
          canStart={canStart}
          onClose={() => onRunChange(null)}
          onRunStarted={onRunChange}
        />
      )}
      <Section title={t('runs.listTitle')}>
        {runs.isPending ? (
          <div className="flex justify-center py-8 text-brand-600">
            <Spinner size="lg" />
          </div>
        ) : runs.isError ? (
          <ErrorState
            message={t('runs.listError')}
            onRetry={() => void runs.refetch()}
            isRetrying={runs.isFetching}
          />
        ) : runs.data.length === 0 ? (
          <EmptyState title={t('runs.empty')} description={t('runs.emptyHint')} />
        ) : (
          <ul
            aria-label={t('runs.listTitle')}
            className="flex flex-col divide-y divide-neutral-200"
          >
            {runs.data.map((run) => (
              <li key={run.id}>
                <RunRow run={run} isCurrent={run.id === runId} onOpen={() => onRunChange(run.id)} />
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

function RunRow({
  run,
  isCurrent,
  onOpen,
}: {
  run: BillingRun;
  isCurrent: boolean;
  onOpen: () => void;
}) {
  const { t } = useInvoicesTranslation();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 py-2.5">
      <div className="flex flex-col">
        <span className="font-medium text-neutral-900">
          {t('runs.runName', { id: run.id, date: formatDateTime(run.createdAt) })}
        </span>
        <span className="text-sm text-neutral-600">
          {run.createdByName ? `${run.createdByName} · ` : ''}
          {t('runs.progress', { done: run.done, total: run.total })}
          {' · '}
          {t('runs.issuedCount', { count: run.issued })}
        </span>
      </div>
      <div className="flex items-center gap-3">
        <Badge tone={STATUS_TONE[run.status]}>{t(`runStatuses.${run.status}`)}</Badge>
        <Button
          variant={isCurrent ? 'primary' : 'secondary'}
          size="sm"
          aria-label={t('runs.openRun', { id: run.id })}
          aria-current={isCurrent || undefined}
          onPress={onOpen}
        >
          {t('runs.open')}
        </Button>
      </div>
    </div>
  );
}

function BillingRunDetail({
  runId,
  canStart,
  onClose,
  onRunStarted,
}: {
  runId: number;
  canStart: boolean;
  onClose: () => void;
  onRunStarted: (runId: number) => void;
}) {
  const toast = useToast();
  const { t } = useInvoicesTranslation();
  const query = useBillingRun(runId);
  const restart = useStartBillingRun();
  const run = query.data;
  const zip = useDownloadBillingRunPdfs();
  const invalidate = useInvalidate();
  const [viewing, setViewing] = useState<{ id: number; number?: string } | null>(null);

  // When the job ends, the lists show what it issued.
  const wasActive = useRef(false);
  const active = isRunActive(run);
  useEffect(() => {
    if (wasActive.current && !active && run) {
      void invalidate('/payment-documents', '/billing-runs');
    }
    wasActive.current = active;
  }, [active, run, invalidate]);

  if (query.isPending) {
    return (
      <Section title={t('runs.runTitle', { id: runId })}>
        <div className="flex justify-center py-8 text-brand-600">
          <Spinner size="lg" label={t('runs.loadingRun')} />
        </div>
      </Section>
    );
  }
  if (query.isError || !run) {
    return (
      <Section title={t('runs.runTitle', { id: runId })}>
        <ErrorState
          message={t('runs.runError')}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      </Section>
    );
  }

  const remaining = run.items.filter((row) => row.status === 'PENDING');
  const problems = run.items.filter((row) => row.status === 'FAILED' || row.status === 'SKIPPED');
  const results = run.items.filter((row) => row.status === 'ISSUED');

  return (
    <Section
      title={t('runs.runTitle', { id: run.id })}
      description={t('runs.runStarted', {
        date: formatDateTime(run.createdAt),
        name: run.createdByName ?? t('runs.someone'),
      })}
      actions={
        <>
          <Badge tone={STATUS_TONE[run.status]}>{t(`runStatuses.${run.status}`)}</Badge>
          <Button
            variant="secondary"
            isDisabled={run.issued === 0}
            isPending={zip.isPending}
            onPress={() =>
              zip.mutate(run.id, {
                onError: (error) => {
                  const text = downloadErrorMessage(error, t);
                  if (text) toast.error(text);
                },
              })
            }
          >
            {t('runs.zip')}
          </Button>
          <Button variant="quiet" onPress={onClose}>
            {t('runs.close')}
          </Button>
        </>
      }
    >
      <BillingRunProgress run={run} />
      {active && (
        <p className="flex items-center gap-2 text-sm text-neutral-700" aria-live="polite">
          <Spinner size="sm" isDecorative />
          {run.status === 'QUEUED' ? t('runs.queuedHint') : t('runs.runningHint')}
        </p>
      )}
      {run.status === 'FINISHED' && (
        <p className="text-sm text-neutral-700" aria-live="polite">
          {t('runs.finishedHint', {
            date: run.finishedAt ? formatDateTime(run.finishedAt) : '–',
          })}
        </p>
      )}
      {run.status === 'INTERRUPTED' && (
        <FormAlert>
          <p className="font-medium">{t('runs.interrupted', { count: remaining.length })}</p>
          <ul className="mt-1 list-disc ps-5" aria-label={t('runs.remaining')}>
            {remaining.map((row) => (
              <li key={row.studentEducationId}>{row.studentName}</li>
            ))}
          </ul>
        </FormAlert>
      )}
      {run.status === 'INTERRUPTED' && canStart && remaining.length > 0 && (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            isPending={restart.isPending}
            onPress={() =>
              restart.mutate(
                {
                  studentEducationIds: remaining.map((row) => row.studentEducationId),
                  ...(run.issueDate ? { issueDate: run.issueDate } : {}),
                },
                {
                  onSuccess: (next) => {
                    toast.success(t('wizard.runStartedToast', { id: next.id }));
                    onRunStarted(next.id);
                  },
                  onError: (error) => {
                    const text = errorToastMessage(error, t);
                    if (text) toast.error(text);
                  },
                },
              )
            }
          >
            {t('runs.billRemaining', { count: remaining.length })}
          </Button>
          <span className="text-sm text-neutral-700">{t('runs.billRemainingHint')}</span>
        </div>
      )}
      {problems.length > 0 && (
        <div className="flex flex-col gap-1">
          <h3 className="text-sm font-semibold text-neutral-900">{t('runs.problems')}</h3>
          <ul aria-label={t('runs.problems')} className="flex flex-col gap-1 text-sm">
            {problems.map((row) => (
              <li key={row.studentEducationId} className="flex flex-wrap gap-2">
                <span className="font-medium text-neutral-900">{row.studentName}</span>
                <Badge tone={row.status === 'FAILED' ? 'danger' : 'warning'}>
                  {t(`runItemStatuses.${row.status}`)}
                </Badge>
                <span className="text-neutral-700">
                  {row.reason ? t(row.reason) : t('runs.noReason')}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <RunResults items={results} onView={setViewing} />
      <DocumentPdfDialog document={viewing} onClose={() => setViewing(null)} />
    </Section>
  );
}

function RunResults({
  items,
  onView,
}: {
  items: BillingRunItem[];
  onView: (document: { id: number; number?: string }) => void;
}) {
  const { t } = useInvoicesTranslation();
  if (items.length === 0) return <p className="text-sm text-neutral-600">{t('runs.noResults')}</p>;
  return (
    <div className="overflow-x-auto rounded border border-neutral-200">
      <table aria-label={t('runs.results')} className="w-full text-sm">
        <thead className="bg-neutral-50 text-start text-xs font-semibold text-neutral-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2 text-start">
              {t('columns.number')}
            </th>
            <th scope="col" className="px-3 py-2 text-start">
              {t('columns.student')}
            </th>
            <th scope="col" className="px-3 py-2 text-end">
              {t('columns.total')}
            </th>
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">{t('columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((row) => (
            <tr key={row.studentEducationId} className="border-t border-neutral-100">
              <td className="px-3 py-2 font-medium text-neutral-900">{row.number ?? '–'}</td>
              <td className="px-3 py-2">{row.studentName}</td>
              <td className="px-3 py-2 text-end tabular-nums">
                {row.totalGross !== undefined ? formatMoney(row.totalGross) : '–'}
              </td>
              <td className="px-3 py-2 text-end">
                {row.documentId !== undefined && (
                  <Button
                    variant="quiet"
                    size="sm"
                    aria-label={t('runs.pdfOf', { number: row.number ?? row.studentName })}
                    onPress={() =>
                      onView({
                        id: row.documentId as number,
                        ...(row.number ? { number: row.number } : {}),
                      })
                    }
                  >
                    {t('runs.pdf')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
