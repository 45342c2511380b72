import { isApiError } from '@fahrwerk/api';
import {
  ApiForm,
  FormDateField,
  FormFieldError,
  FormSwitch,
  useApiForm,
  useCan,
} from '@fahrwerk/core';
import {
  Button,
  ErrorState,
  FieldColumns,
  formatDate,
  PageHeader,
  Section,
  Spinner,
  toIsoDate,
  useToast,
} from '@fahrwerk/ui';
import { type ReactNode, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  type AccountsConfig,
  newIdempotencyKey,
  useAccountsConfig,
  useDatevExport,
} from './api/accounting-queries';
import { AccountingFrame, lacksDatevNumbers } from './components/accounting-frame';
import { fiscalYearToDate, type IsoDate, lastMonth, lastQuarter, type Period } from './lib/periods';
import {
  type DatevExportForm,
  datevExportSchema,
  emptyDatevExportForm,
  formToDatevExport,
} from './schemas/datev-export-form';
import { useAccountingTranslation } from './use-accounting-translation';

export type AccountingScreenProps = {
  /** Opens the accounts configuration (settings, "Kontenrahmen"); no button without. */
  onEditAccounts?: () => void;
  /** The school's today (Europe/Berlin), which the period presets count from. @default today */
  today?: IsoDate;
};

const SWITCHES = ['documents', 'payments', 'includeExported'] as const;

/**
 * `/accounting`: the DATEV booking batch (EXTF) of a period for the tax adviser, downloaded
 * under the server's file name, beside the accounting frame it is booked with
 * (`GET /accounts-config/current`, which needs the company permission).
 */
export function AccountingScreen({ onEditAccounts, today }: AccountingScreenProps) {
  const { t } = useAccountingTranslation();
  const canReadFrame = useCan('MODULE_COMPANY');
  const config = useAccountsConfig(canReadFrame);
  const day = today ?? toIsoDate(new Date());
  const forbidden = !canReadFrame || (isApiError(config.error) && config.error.status === 403);

  let frame: ReactNode;
  if (forbidden) frame = <p className="text-sm text-neutral-600">{t('frame.forbidden')}</p>;
  else if (config.isPending)
    frame = (
      <div className="flex justify-center py-6 text-brand-600">
        <Spinner label={t('frame.loading')} />
      </div>
    );
  else if (config.isError)
    frame = (
      <ErrorState
        message={t('frame.loadError')}
        onRetry={() => void config.refetch()}
        isRetrying={config.isFetching}
      />
    );
  else frame = <AccountingFrame config={config.data} onEditAccounts={onEditAccounts} />;

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('accounting.title')} description={t('accounting.description')} />
      <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
        <Section title={t('datev.title')} description={t('datev.description')}>
          {/* The form waits for the frame: its fiscal year decides presets and checks. */}
          {!forbidden && config.isPending ? (
            <div className="flex justify-center py-6 text-brand-600">
              <Spinner label={t('frame.loading')} />
            </div>
          ) : (
            <DatevExportFormSection
              // The schema holds the fiscal year: a frame read later (a retry) makes a new form.
              key={config.data?.fiscalYearStartMonth ?? 'none'}
              today={day}
              config={forbidden || config.isError ? null : (config.data ?? null)}
            />
          )}
        </Section>
        <Section title={t('frame.title')} description={t('frame.description')}>
          {frame}
        </Section>
      </div>
    </div>
  );
}

type DatevExportFormSectionProps = {
  today: IsoDate;
  /** The frame, when it could be read. */
  config: AccountsConfig | null;
};

function DatevExportFormSection({ today, config }: DatevExportFormSectionProps) {
  const toast = useToast();
  const { t } = useAccountingTranslation();
  const exportDatev = useDatevExport();
  const [lastFile, setLastFile] = useState<string | null>(null);
  // One key per intended export: a retry of the same period and switches after a failure
  // (a timeout, a lost answer) sends it again, so the server does not export twice.
  const intended = useRef<{ body: string; key: string } | null>(null);
  const startMonth = config?.fiscalYearStartMonth ?? (config ? 1 : null);
  const numbersMissing = config !== null && lacksDatevNumbers(config);

  const form = useApiForm({
    schema: datevExportSchema(startMonth),
    defaultValues: emptyDatevExportForm(today),
    t,
    submit: async (values) => {
      const body = formToDatevExport(values);
      const signature = JSON.stringify(body);
      if (intended.current?.body !== signature) {
        intended.current = { body: signature, key: newIdempotencyKey() };
      }
      const saved = await exportDatev.mutateAsync({ body, idempotencyKey: intended.current.key });
      intended.current = null;
      setLastFile(saved.fileName);
      toast.success(t('datev.downloaded', { fileName: saved.fileName }));
    },
  });
  const { control, setValue } = form;
  const values = useWatch({ control }) as DatevExportForm;

  const choose = (period: Period) => {
    setValue('from', period.from, { shouldDirty: true });
    setValue('to', period.to, { shouldDirty: true });
    void form.trigger(['from', 'to']);
  };

  return (
    <ApiForm form={form} aria-label={t('datev.title')}>
      <fieldset aria-label={t('datev.presets')} className="m-0 flex flex-wrap gap-2 border-0 p-0">
        <Button variant="secondary" size="sm" onPress={() => choose(lastMonth(today))}>
          {t('datev.lastMonth')}
        </Button>
        <Button variant="secondary" size="sm" onPress={() => choose(lastQuarter(today))}>
          {t('datev.lastQuarter')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          isDisabled={startMonth === null}
          onPress={() => startMonth !== null && choose(fiscalYearToDate(today, startMonth))}
        >
          {t('datev.fiscalYearToDate')}
        </Button>
      </fieldset>
      <FieldColumns>
        <FormDateField control={control} name="from" label={t('datev.from')} isRequired />
        <FormDateField control={control} name="to" label={t('datev.to')} isRequired />
      </FieldColumns>
      <div className="flex flex-col gap-3">
        {SWITCHES.map((name) => (
          <FormSwitch key={name} control={control} name={name} description={t(`datev.${name}Hint`)}>
            {t(`datev.${name}`)}
          </FormSwitch>
        ))}
        <FormFieldError control={control} name="documents" />
      </div>
      {values.from && values.to && values.from <= values.to && (
        <p className="text-sm text-neutral-600">
          {t('datev.period', { from: formatDate(values.from), to: formatDate(values.to) })}
        </p>
      )}
      {numbersMissing && <p className="text-sm text-warning-800">{t('datev.needsNumbers')}</p>}
      <div className="flex flex-wrap items-center justify-end gap-3">
        {lastFile && (
          <span role="status" className="text-sm text-neutral-600">
            {t('datev.lastFile', { fileName: lastFile })}
          </span>
        )}
        <Button type="submit" isPending={form.formState.isSubmitting} isDisabled={numbersMissing}>
          {t('datev.download')}
        </Button>
      </div>
    </ApiForm>
  );
}
