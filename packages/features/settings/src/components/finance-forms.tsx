import { Button, ConfirmDialog, Section, Select, toast } from '@fahrwerk/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { AccountsConfig, FinancialConfig } from '../api/settings-queries';
import {
  ACCOUNT_FIELDS,
  type AccountsForm,
  accountsSchema,
  type ChartOfAccounts,
  DEFAULT_ACCOUNTS,
  type FinancialForm,
  FOOTNOTE_MAX,
  financialSchema,
  financialToForm,
  formToFinancial,
  isDefaultOf,
} from '../schemas/settings-forms';
import { applyServerErrors } from '../server-errors';
import { useSettingsTranslation } from '../use-settings-translation';
import { FormTextField } from './form-fields';
import { FormAlert } from './form-message';

function Problems({ problems }: { problems: string[] }) {
  const { t } = useSettingsTranslation();
  if (problems.length === 0) return null;
  return (
    <FormAlert>
      {problems.map((problem) => (
        <p key={problem}>{t(problem)}</p>
      ))}
    </FormAlert>
  );
}

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
  const { t } = useSettingsTranslation();
  const [problems, setProblems] = useState<string[]>([]);
  const { control, handleSubmit, setError, formState, reset } = useForm<FinancialForm>({
    resolver: zodResolver(financialSchema),
    defaultValues: financialToForm(config),
  });
  const submit = handleSubmit(async (form) => {
    setProblems([]);
    try {
      await onSubmit(formToFinancial(form));
      reset(form);
      toast.success(t('messages.save_success'));
    } catch (error) {
      setProblems(
        applyServerErrors(
          error,
          setError,
          Object.fromEntries(Object.keys(form).map((k) => [k, k])) as never,
        ),
      );
    }
  });
  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4"
      aria-label={t('configuration.tabFinancial')}
    >
      <Problems problems={problems} />
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
    </form>
  );
}

export type AccountsConfigFormProps = {
  config: AccountsConfig;
  isReadOnly?: boolean;
  onSubmit: (config: AccountsConfig) => Promise<unknown>;
};

/**
 * The DATEV accounting frame. Switching between SKR03 and SKR04 applies the new frame's
 * default accounts at once when the current ones are the old frame's defaults; custom
 * accounts are only replaced after asking.
 */
export function AccountsConfigForm({
  config,
  isReadOnly = false,
  onSubmit,
}: AccountsConfigFormProps) {
  const { t } = useSettingsTranslation();
  const [problems, setProblems] = useState<string[]>([]);
  const [askFrame, setAskFrame] = useState<ChartOfAccounts | null>(null);
  const { control, handleSubmit, setError, formState, reset, getValues, setValue } =
    useForm<AccountsForm>({
      resolver: zodResolver(accountsSchema),
      defaultValues: config,
    });
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
  const submit = handleSubmit(async (form) => {
    setProblems([]);
    try {
      await onSubmit(form);
      reset(form);
      toast.success(t('messages.save_success'));
    } catch (error) {
      setProblems(
        applyServerErrors(
          error,
          setError,
          Object.fromEntries(Object.keys(form).map((k) => [k, k])) as never,
        ),
      );
    }
  });
  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4"
      aria-label={t('configuration.tabAccounts')}
    >
      <Problems problems={problems} />
      <Section title={t('accounts.title')} description={t('accounts.description')} columns>
        <Controller
          control={control}
          name="chartOfAccounts"
          render={({ field }) => (
            <Select
              label={t('accounts.chartOfAccounts')}
              isDisabled={isReadOnly}
              items={[
                { id: 'SKR03', label: 'SKR03' },
                { id: 'SKR04', label: 'SKR04' },
              ]}
              selectedKey={field.value}
              onSelectionChange={(key) => switchFrame(key as ChartOfAccounts)}
            />
          )}
        />
        {!isReadOnly && (
          <Controller
            control={control}
            name="chartOfAccounts"
            render={({ field }) => (
              <div className="flex items-end">
                <Button variant="secondary" onPress={() => applyDefaults(field.value)}>
                  {t('accounts.applyDefaults', { frame: field.value })}
                </Button>
              </div>
            )}
          />
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
    </form>
  );
}
