import {
  Button,
  DescriptionList,
  ErrorState,
  formatMoney,
  PageHeader,
  Section,
  Spinner,
} from '@fahrwerk/ui';
import {
  type PaymentWorkflow,
  useBalanceOverview,
  useWorkflowOverview,
  WORKFLOWS,
} from './api/payment-workflow-queries';
import { usePaymentsTranslation } from './use-payments-translation';

export type PaymentsOverviewScreenProps = {
  /** Opens the list of a workflow (`/automatic-payments-classic-pay`, …); no button without. */
  onOpenWorkflow?: (workflow: PaymentWorkflow) => void;
  /** Opens `/automatic-payment-triggers`; no button without. */
  onOpenTriggers?: () => void;
};

/** An amount, red when something is owed or failed. */
function Amount({ cents, alert = false }: { cents: number; alert?: boolean }) {
  return (
    <span className={alert && cents !== 0 ? 'font-semibold text-danger-700' : 'font-semibold'}>
      {formatMoney(cents)}
    </span>
  );
}

/**
 * `/automatic-payments-overview`: the school's balances today (receivables, credits, overdue,
 * debtors, requested, failed debits) and one tile per payment workflow with its counters and
 * its payments per status.
 */
export function PaymentsOverviewScreen({
  onOpenWorkflow,
  onOpenTriggers,
}: PaymentsOverviewScreenProps) {
  const { t } = usePaymentsTranslation();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('overview.title')}
        description={t('overview.description')}
        actions={
          onOpenTriggers ? (
            <Button variant="secondary" onPress={onOpenTriggers}>
              {t('overview.openTriggers')}
            </Button>
          ) : undefined
        }
      />
      <BalanceSection />
      <div className="grid gap-6 lg:grid-cols-3">
        {WORKFLOWS.map((workflow) => (
          <WorkflowTile key={workflow} workflow={workflow} onOpen={onOpenWorkflow} />
        ))}
      </div>
    </div>
  );
}

function BalanceSection() {
  const { t } = usePaymentsTranslation();
  const overview = useBalanceOverview();
  return (
    <Section title={t('overview.balances')}>
      {overview.isPending ? (
        <Spinner label={t('overview.loading')} />
      ) : overview.isError ? (
        <ErrorState message={t('overview.loadError')} onRetry={() => void overview.refetch()} />
      ) : (
        <div className="flex flex-col gap-3">
          {overview.data.receivables === 0 &&
          overview.data.credits === 0 &&
          overview.data.requested === 0 &&
          overview.data.failedDebitCount === 0 ? (
            <p role="status" className="text-sm text-neutral-700">
              {t('overview.allSettled')}
            </p>
          ) : null}
          <DescriptionList
            items={[
              {
                label: t('overview.receivables'),
                value: <Amount cents={overview.data.receivables} alert />,
              },
              { label: t('overview.credits'), value: <Amount cents={overview.data.credits} /> },
              {
                label: t('overview.overdue'),
                value: (
                  <>
                    <Amount cents={overview.data.overdue} alert />{' '}
                    {t('overview.documents', { count: overview.data.overdueDocumentCount })}
                  </>
                ),
              },
              { label: t('overview.debtors'), value: String(overview.data.debtorCount) },
              { label: t('overview.requested'), value: <Amount cents={overview.data.requested} /> },
              {
                label: t('overview.failedDebits'),
                value: (
                  <>
                    <Amount cents={overview.data.failedDebitAmount} alert />{' '}
                    {t('overview.debits', { count: overview.data.failedDebitCount })}
                  </>
                ),
              },
            ]}
          />
        </div>
      )}
    </Section>
  );
}

function WorkflowTile({
  workflow,
  onOpen,
}: {
  workflow: PaymentWorkflow;
  onOpen: ((workflow: PaymentWorkflow) => void) | undefined;
}) {
  const { t } = usePaymentsTranslation();
  const info = useWorkflowOverview(workflow);
  const name = t(`workflows.${workflow}`);
  return (
    <Section
      title={name}
      actions={
        onOpen ? (
          <Button variant="secondary" size="sm" onPress={() => onOpen(workflow)}>
            {t('overview.openWorkflow', { name })}
          </Button>
        ) : undefined
      }
    >
      {info.isPending ? (
        <Spinner label={t('overview.workflowLoading', { name })} />
      ) : info.isError ? (
        <ErrorState
          message={t('overview.workflowLoadError', { name })}
          onRetry={() => void info.refetch()}
        />
      ) : info.data.educationCount === 0 ? (
        <p className="text-sm text-neutral-700">{t('overview.workflowEmpty', { name })}</p>
      ) : (
        <div className="flex flex-col gap-4">
          <DescriptionList
            items={[
              { label: t('overview.educations'), value: String(info.data.educationCount) },
              {
                label: t('overview.automaticRunning'),
                value: String(info.data.automaticPaymentCount),
              },
              {
                label: t('overview.redEducations'),
                value: (
                  <span
                    className={info.data.failedCount > 0 ? 'font-semibold text-danger-700' : ''}
                  >
                    {info.data.failedCount}
                  </span>
                ),
              },
              { label: t('overview.openAmount'), value: <Amount cents={info.data.openAmount} /> },
              {
                label: t('overview.overdue'),
                value: <Amount cents={info.data.overdueAmount} alert />,
              },
              {
                label: t('overview.paidThisMonth'),
                value: <Amount cents={info.data.paidThisMonth} />,
              },
            ]}
          />
          {info.data.payments.length > 0 ? (
            <table className="w-full text-sm" aria-label={t('overview.perStatus', { name })}>
              <thead>
                <tr className="text-left text-neutral-700">
                  <th className="py-1 font-medium">{t('overview.status')}</th>
                  <th className="py-1 text-right font-medium">{t('overview.count')}</th>
                  <th className="py-1 text-right font-medium">{t('overview.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {info.data.payments.map((row) => (
                  <tr key={row.status} className="border-t border-neutral-100">
                    <td className="py-1">{t(`studentPayments.statuses.${row.status}`)}</td>
                    <td className="py-1 text-right">{row.count}</td>
                    <td className="py-1 text-right">{formatMoney(row.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </div>
      )}
    </Section>
  );
}
