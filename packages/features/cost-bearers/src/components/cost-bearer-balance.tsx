import { DescriptionList, formatMoney } from '@fahrwerk/ui';
import type { CostBearerBalance } from '../api/cost-bearer-queries';
import { useCostBearersTranslation } from '../use-cost-bearers-translation';

export type CostBearerBalanceViewProps = { balance: CostBearerBalance };

/** The saldo: invoiced, paid and the difference; what is still owed shows red. */
export function CostBearerBalanceView({ balance }: CostBearerBalanceViewProps) {
  const { t } = useCostBearersTranslation();
  const state =
    balance.balance < 0
      ? 'balance.owes'
      : balance.balance > 0
        ? 'balance.overpaid'
        : 'balance.settled';
  return (
    <div className="flex flex-col gap-4">
      <DescriptionList
        items={[
          { label: t('balance.invoiced'), value: formatMoney(balance.invoicedTotal) },
          { label: t('balance.paid'), value: formatMoney(balance.paidTotal) },
          {
            label: t('balance.balance'),
            value: (
              <span
                className={
                  balance.balance < 0
                    ? 'font-semibold text-red-700'
                    : 'font-semibold text-neutral-900'
                }
              >
                {formatMoney(balance.balance)} ({t(state)})
              </span>
            ),
          },
        ]}
      />
      <p className="text-sm text-neutral-600">{t('balance.explanation')}</p>
    </div>
  );
}
