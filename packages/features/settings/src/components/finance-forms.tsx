import { CHARTS_OF_ACCOUNTS } from '@fahrwerk/api';
import { ApiForm, FormSelect, FormTextField, useApiForm } from '@fahrwerk/core';
import { Button, ConfirmDialog, Section, Select, useToast } from '@fahrwerk/ui';
import { useState } from 'react';
import type { AccountsConfig, FinancialConfig } from '../api/settings-queries';
import {
  ACCOUNT_FIELDS,
  accountsSchema,
  accountsToForm,
  type ChartOfAccounts,
  DEFAULT_ACCOUNTS,
  FOOTNOTE_MAX,
  financialSchema,
  financialToForm,
  formToAccounts,
  formToFinancial,
  isDefaultOf,
  MONTHS,
} from '../schemas/settings-forms';
import { useSettingsTranslation } from '../use-settings-translation';

const FOOTNOTES = [
  'studentPaymentRequestFootnote',
  'costBearerPaymentRequestFootnote',
  'studentFinalInvoiceFootnote',
  'costBearerFinalInvoiceFootnote',
] as const;

export type FinancialConfigFormProps = {
  config: FinancialConfig;
  isReadOnly?: boolean;
  onSubmit: (config: FinancialConfig) => Promise<unknown>;
};

/** Footnotes of payment requests and final invoices, privacy and terms links. */
export function FinancialConfigForm({
  config,
  isReadOnly = false,
  onSubmit,
}: FinancialConfigFormProps) {
  const toast = useToast();
  const { t } = useSettingsTranslation();
  const form = useApiForm({
    schema: financialSchema,
    defaultValues: financialToForm(config),
    submit: async (values) => {
      await onSubmit(formToFinancial(values));
      form.reset(values);
      toast.success(t('messages.save_success'));
    },
    t,
  });
  const { control, formState } = form;
  return (
    <ApiForm form={form} aria-label={t('configuration.tabFinancial')}>
      <Section title={t('financial.footnotes')} description={t('financial.footnotesHint')} columns>
        {FOOTNOTES.map((name) => (
          <FormTextField
            key={name}
            control={control}
            name={name}
            label={t(`financial.${name}`)}
            isMultiline
            rows={4}
            maxLength={FOOTNOTE_MAX}
            showRemaining
            isReadOnly={isReadOnly}
          />
        ))}
      </Section>
      <Section title={t('financial.links')} columns>
        <FormTextField
          control={control}
          name="gdprUrl"
          type="url"
          label={t('financial.gdprUrl')}
          placeholder="https://"
          isReadOnly={isReadOnly}
        />
        <FormTextField
          control={control}
          name="termsUrl"
          type="url"
          label={t('financial.termsUrl')}
          placeholder="https://"
          isReadOnly={isReadOnly}
        />
      </Section>
      {!isReadOnly && (
        <div className="flex justify-end">
          <Button type="submit" isPending={formState.isSubmitting}>
            {t('common.save')}
          </Button>
        </div>
      )}
    </ApiForm>
  );
}

export type AccountsConfigFormProps = {
  config: AccountsConfig;
  isReadOnly?: boolean;
  onSubmit: (config: AccountsConfig) => Promise<unknown>;
};

/**
 * The DATEV accounting frame: the chart's accounts, the collective debtor account, the tax
 * adviser's consultant and client numbers (the export needs both), the fiscal year's first
 * month and the bookkeeping portal `/fibu-fix` opens. Switching between SKR03 and SKR04 applies the new frame's
 * default accounts at once when the current ones are the old frame's defaults; custom
 * accounts are only replaced after asking.
 */
export function AccountsConfigForm({
  config,
  isReadOnly = false,
  onSubmit,
}: AccountsConfigFormProps) {
  const toast = useToast();
  const { t } = useSettingsTranslation();
  const [askFrame, setAskFrame] = useState<ChartOfAccounts | null>(null);
  const form = useApiForm({
    schema: accountsSchema,
    defaultValues: accountsToForm(config),
    submit: async (values) => {
      await onSubmit(formToAccounts(values));
      form.reset(values);
      toast.success(t('messages.save_success'));
    },
    t,
  });
  const { control, formState, getValues, setValue, watch } = form;
  const chartOfAccounts = watch('chartOfAccounts');
  const applyDefaults = (frame: ChartOfAccounts) => {
    for (const field of ACCOUNT_FIELDS) {
      setValue(field, DEFAULT_ACCOUNTS[frame][field], { shouldDirty: true, shouldValidate: true });
    }
  };
  const switchFrame = (frame: ChartOfAccounts) => {
    const current = getValues();
    if (frame === current.chartOfAccounts) return;
    setValue('chartOfAccounts', frame, { shouldDirty: true });
    if (isDefaultOf(current, current.chartOfAccounts)) applyDefaults(frame);
    else setAskFrame(frame);
  };
  return (
    <ApiForm form={form} aria-label={t('configuration.tabAccounts')}>
      <Section title={t('accounts.title')} description={t('accounts.description')} columns>
        {/* Not a FormSelect: choosing a frame may replace the accounts or ask first. */}
        <Select
          label={t('accounts.chartOfAccounts')}
          isDisabled={isReadOnly}
          items={CHARTS_OF_ACCOUNTS.map((id) => ({ id, label: id }))}
          selectedKey={chartOfAccounts}
          onSelectionChange={(key) => switchFrame(key as ChartOfAccounts)}
        />
        {!isReadOnly && (
          <div className="flex items-end">
            <Button variant="secondary" onPress={() => applyDefaults(chartOfAccounts)}>
              {t('accounts.applyDefaults', { frame: chartOfAccounts })}
            </Button>
          </div>
        )}
        {ACCOUNT_FIELDS.map((name) => (
          <FormTextField
            key={name}
            control={control}
            name={name}
            label={t(`accounts.${name}`)}
            inputMode="numeric"
            maxLength={4}
            isRequired
            isReadOnly={isReadOnly}
          />
        ))}
        <FormTextField
          control={control}
          name="debtorAccount"
          label={t('accounts.debtorAccount')}
          description={t('accounts.debtorAccountHint')}
          inputMode="numeric"
          maxLength={5}
          isRequired
          isReadOnly={isReadOnly}
        />
      </Section>
      <Section title={t('accounts.datevTitle')} description={t('accounts.datevHint')} columns>
        <FormTextField
          control={control}
          name="consultantNumber"
          label={t('accounts.consultantNumber')}
          description={t('accounts.consultantNumberHint')}
          inputMode="numeric"
          maxLength={7}
          isReadOnly={isReadOnly}
        />
        <FormTextField
          control={control}
          name="clientNumber"
          label={t('accounts.clientNumber')}
          description={t('accounts.clientNumberHint')}
          inputMode="numeric"
          maxLength={5}
          isReadOnly={isReadOnly}
        />
        <FormSelect
          control={control}
          name="fiscalYearStartMonth"
          label={t('accounts.fiscalYearStartMonth')}
          description={t('accounts.fiscalYearStartMonthHint')}
          isRequired
          isReadOnly={isReadOnly}
          options={MONTHS.map((month) => ({ id: month, label: t(`months.${month}`) }))}
        />
        <FormTextField
          control={control}
          name="bookkeepingPortalUrl"
          type="url"
          label={t('accounts.bookkeepingPortalUrl')}
          description={t('accounts.bookkeepingPortalUrlHint')}
          placeholder="https://"
          maxLength={2000}
          isReadOnly={isReadOnly}
        />
      </Section>
      {!isReadOnly && (
        <div className="flex justify-end">
          <Button type="submit" isPending={formState.isSubmitting}>
            {t('common.save')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        isOpen={askFrame !== null}
        onOpenChange={(open) => !open && setAskFrame(null)}
        title={t('accounts.switchTitle')}
        confirmLabel={t('accounts.switchConfirm')}
        cancelLabel={t('accounts.switchKeep')}
        onConfirm={() => {
          if (askFrame) applyDefaults(askFrame);
          setAskFrame(null);
        }}
      >
        {askFrame ? t('accounts.switchText', { frame: askFrame }) : null}
      </ConfirmDialog>
    </ApiForm>
  );
}
