import {
  Button,
  DescriptionList,
  ErrorState,
  formatMoney,
  PageHeader,
  Section,
  Spinner,
} from '@fahrwerk/ui';
import { useCostBearer, useCostBearerBalance } from './api/form-queries';
import { DocumentsPanel } from './documents-panel';
import { useInvoicesTranslation } from './use-invoices-translation';

export type CostBearerClassicPayScreenProps = {
  /** The cost bearer (`/payers/classic-pay/{id}`). */
  costBearerId: number;
  /** "Leistungen abrechnen": the host opens `/payers/services/{id}`; no button without. */
  onBillServices?: () => void;
  /** "Zurück"; no button without. */
  onBack?: () => void;
};

/**
 * Classic pay of a cost bearer: the saldo (invoiced, paid, balance — negative is what the
 * cost bearer still owes) and the documents addressed to it with their open amounts, PDF and
 * e-invoice downloads and cancellation.
 */
export function CostBearerClassicPayScreen({
  costBearerId,
  onBillServices,
  onBack,
}: CostBearerClassicPayScreenProps) {
  const { t } = useInvoicesTranslation();
  const costBearer = useCostBearer(costBearerId);
  const balance = useCostBearerBalance(costBearerId);
  const back = onBack ? (
    <Button variant="secondary" size="sm" onPress={onBack}>
      {t('forms.back')}
    </Button>
  ) : undefined;

  if (costBearer.isPending) {
    return (
      <div className="flex justify-center py-12 text-brand-600">
        <Spinner label={t('payers.loading')} />
      </div>
    );
  }
  if (costBearer.isError) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <ErrorState message={t('payers.loadError')} onRetry={() => void costBearer.refetch()} />
      </div>
    );
  }

  const saldo = balance.data?.balance;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        eyebrow={back}
        title={t('payers.classicPayTitle', { name: costBearer.data.name })}
        description={t('payers.classicPayHint')}
        actions={
          onBillServices ? (
            <Button variant="secondary" onPress={onBillServices}>
              {t('payers.toServices')}
            </Button>
          ) : undefined
        }
      />
      <Section title={t('payers.balance.title')}>
        {balance.isPending ? (
          <Spinner label={t('payers.loading')} />
        ) : balance.isError ? (
          <ErrorState
            message={t('payers.balance.loadError')}
            onRetry={() => void balance.refetch()}
          />
        ) : (
          <div className="flex flex-col gap-3">
            <DescriptionList
              items={[
                {
                  label: t('payers.balance.invoiced'),
                  value: formatMoney(balance.data.invoicedTotal),
                },
                { label: t('payers.balance.paid'), value: formatMoney(balance.data.paidTotal) },
                {
                  label: t('payers.balance.balance'),
                  value: (
                    <span
                      className={
                        balance.data.balance < 0
                          ? 'font-semibold text-danger-700'
                          : 'font-semibold text-neutral-900'
                      }
                    >
                      {formatMoney(balance.data.balance)}
                    </span>
                  ),
                },
              ]}
            />
            <p role="status" className="text-sm text-neutral-700">
              {saldo === undefined || saldo === 0
                ? t('payers.balance.even')
                : saldo < 0
                  ? t('payers.balance.owes', { amount: formatMoney(-saldo) })
                  : t('payers.balance.credit', { amount: formatMoney(saldo) })}
            </p>
          </div>
        )}
      </Section>
      <DocumentsPanel costBearerId={costBearerId} />
    </div>
  );
}
