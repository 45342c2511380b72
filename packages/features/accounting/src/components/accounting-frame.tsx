import { Button, DescriptionList } from '@fahrwerk/ui';
import type { AccountsConfig } from '../api/accounting-queries';
import { useAccountingTranslation } from '../use-accounting-translation';

export type AccountingFrameProps = {
  config: AccountsConfig;
  /** Opens the accounts configuration; no button without. */
  onEditAccounts?: () => void;
};

/** True when the DATEV export lacks the consultant or the client number. */
export const lacksDatevNumbers = (config: AccountsConfig) =>
  config.consultantNumber === undefined || config.clientNumber === undefined;

/**
 * The accounting frame the export books with: chart, DATEV numbers, fiscal year and revenue
 * accounts; a hint when the consultant or client number is missing.
 */
export function AccountingFrame({ config, onEditAccounts }: AccountingFrameProps) {
  const { t } = useAccountingTranslation();
  const missing = t('frame.missing');
  const edit = onEditAccounts && (
    <Button variant="secondary" size="sm" onPress={onEditAccounts}>
      {t('frame.edit')}
    </Button>
  );
  return (
    <div className="flex flex-col gap-4">
      {lacksDatevNumbers(config) && (
        <div
          role="note"
          aria-label={t('frame.missingTitle')}
          className="flex flex-col gap-2 rounded-md border border-warning-200 bg-warning-50 px-3 py-2 text-sm text-warning-800"
        >
          <p className="font-semibold">{t('frame.missingTitle')}</p>
          <p>{t('frame.missingText')}</p>
          {edit && <div>{edit}</div>}
        </div>
      )}
      <DescriptionList
        items={[
          { label: t('frame.chartOfAccounts'), value: config.chartOfAccounts },
          { label: t('frame.consultantNumber'), value: config.consultantNumber ?? missing },
          { label: t('frame.clientNumber'), value: config.clientNumber ?? missing },
          {
            label: t('frame.fiscalYear'),
            value: t('frame.fiscalYearStart', {
              month: t(`months.${config.fiscalYearStartMonth ?? 1}`),
            }),
          },
          { label: t('frame.revenue19Account'), value: config.revenue19Account },
          { label: t('frame.revenue7Account'), value: config.revenue7Account },
          { label: t('frame.revenue0Account'), value: config.revenue0Account },
          { label: t('frame.debtorAccount'), value: config.debtorAccount ?? '10000' },
        ]}
      />
      {edit && !lacksDatevNumbers(config) && <div>{edit}</div>}
    </div>
  );
}
