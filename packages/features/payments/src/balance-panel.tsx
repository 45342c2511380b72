import { cn, ErrorState, formatMoney, Section, Spinner } from '@fahrwerk/ui';
import type { ReactNode } from 'react';
import { useCostBearerBalance, useStudentBalance } from './api/mandate-queries';
import { usePaymentsTranslation } from './use-payments-translation';

export type BalancePanelProps =
  | {
      /** The student record: `GET /balance/{id}` in total and per education. */
      studentId: number;
      costBearerId?: undefined;
    }
  | {
      /** The cost bearer record: `GET /cost-bearers/balance/{id}`. */
      costBearerId: number;
      studentId?: undefined;
    };

/** Negative (owed to the school) in red, with a word so the colour is not the only sign. */
function SignedAmount({ cents, withState = false }: { cents: number; withState?: boolean }) {
  const { t } = usePaymentsTranslation();
  const state = cents < 0 ? 'debt' : cents > 0 ? 'credit' : 'even';
  return (
    <span
      className={cn(
        'tabular-nums',
        cents < 0 && 'font-medium text-danger-700',
        cents > 0 && 'text-success-700',
      )}
    >
      {formatMoney(cents)}
      {withState && (
        <>
          {' '}
          <span className="ms-1 text-sm font-normal">({t(`balance.state.${state}`)})</span>
        </>
      )}
    </span>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-md border border-neutral-200 px-3 py-2">
      <dt className="text-xs text-neutral-600">{label}</dt>
      <dd className="text-sm font-medium text-neutral-900 tabular-nums">{children}</dd>
    </div>
  );
}

function Total({ cents }: { cents: number }) {
  const { t } = usePaymentsTranslation();
  return (
    <p className="flex flex-wrap items-baseline gap-2">
      <span className="text-sm text-neutral-600">{t('balance.total')}</span>
      <span className="text-2xl font-semibold" data-testid="balance-total">
        <SignedAmount cents={cents} withState />
      </span>
    </p>
  );
}

/**
 * The saldo (`paid − invoiced`) of a student or a cost bearer: the total with "offen" /
 * "Guthaben", the figures behind it (for a student also the open and overdue invoices and
 * the open payment requests) and, for a student, one line per education. Negative amounts
 * are red. Read-only: nothing to change here.
 */
export function BalancePanel(props: BalancePanelProps) {
  const { t } = usePaymentsTranslation();
  const forCostBearer = props.costBearerId !== undefined;
  const student = useStudentBalance(props.studentId ?? 0, !forCostBearer);
  const costBearer = useCostBearerBalance(props.costBearerId ?? 0, forCostBearer);
  const query = forCostBearer ? costBearer : student;

  return (
    <Section
      title={t(forCostBearer ? 'balance.costBearerTitle' : 'balance.title')}
      description={t(forCostBearer ? 'balance.costBearerExplanation' : 'balance.explanation')}
    >
      {query.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label={t('balance.loading')} />
        </div>
      ) : query.isError ? (
        <ErrorState
          message={t('balance.loadError')}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : forCostBearer && costBearer.data ? (
        <>
          <Total cents={costBearer.data.balance} />
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Figure label={t('balance.figures.invoiced')}>
              {formatMoney(costBearer.data.invoicedTotal)}
            </Figure>
            <Figure label={t('balance.figures.paid')}>
              {formatMoney(costBearer.data.paidTotal)}
            </Figure>
          </dl>
          {costBearer.data.invoicedTotal === 0 && costBearer.data.paidTotal === 0 && (
            <p className="text-sm text-neutral-600">{t('balance.costBearerEmpty')}</p>
          )}
        </>
      ) : student.data ? (
        <>
          <Total cents={student.data.balance} />
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            <Figure label={t('balance.figures.invoiced')}>
              {formatMoney(student.data.invoiced)}
            </Figure>
            <Figure label={t('balance.figures.paid')}>{formatMoney(student.data.paid)}</Figure>
            <Figure label={t('balance.figures.open')}>{formatMoney(student.data.open)}</Figure>
            <Figure label={t('balance.figures.overdue')}>
              <span className={cn(student.data.overdue > 0 && 'text-danger-700')}>
                {formatMoney(student.data.overdue)}
              </span>
            </Figure>
            <Figure label={t('balance.figures.requested')}>
              {formatMoney(student.data.requested)}
            </Figure>
          </dl>
          {student.data.educations.length === 0 ? (
            student.data.invoiced === 0 &&
            student.data.paid === 0 && (
              <p className="text-sm text-neutral-600">{t('balance.studentEmpty')}</p>
            )
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <caption className="mb-2 text-start font-medium text-neutral-900">
                  {t('balance.educations.caption')}
                </caption>
                <thead>
                  <tr className="border-b border-neutral-200 text-start text-neutral-600">
                    <th scope="col" className="py-2 pe-3 text-start font-medium">
                      {t('balance.educations.class')}
                    </th>
                    <th scope="col" className="py-2 pe-3 text-start font-medium">
                      {t('balance.educations.workflow')}
                    </th>
                    <th scope="col" className="py-2 pe-3 text-end font-medium">
                      {t('balance.educations.invoiced')}
                    </th>
                    <th scope="col" className="py-2 pe-3 text-end font-medium">
                      {t('balance.educations.paid')}
                    </th>
                    <th scope="col" className="py-2 text-end font-medium">
                      {t('balance.educations.balance')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {student.data.educations.map((row) => (
                    <tr key={row.studentEducationId} className="border-b border-neutral-100">
                      <th scope="row" className="py-2 pe-3 text-start font-normal">
                        {t('balance.licenseClass', { licenseClass: row.licenseClass })}
                      </th>
                      <td className="py-2 pe-3">{t(`balance.workflows.${row.paymentWorkflow}`)}</td>
                      <td className="py-2 pe-3 text-end">{formatMoney(row.invoiced)}</td>
                      <td className="py-2 pe-3 text-end">{formatMoney(row.paid)}</td>
                      <td className="py-2 text-end">
                        <SignedAmount cents={row.balance} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : null}
    </Section>
  );
}
