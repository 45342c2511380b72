import { invalidProps } from '@fahrwerk/core';
import { Button, Section, Select, Switch, toast } from '@fahrwerk/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { MasterData, MasterDataInput } from '../api/settings-queries';
import {
  FEDERAL_STATES,
  formToMasterData,
  MASTER_DATA_SERVER_FIELDS,
  type MasterDataForm as MasterDataValues,
  masterDataSchema,
  masterDataToForm,
} from '../schemas/settings-forms';
import { applyServerErrors } from '../server-errors';
import { useSettingsTranslation } from '../use-settings-translation';
import { FormTextField } from './form-fields';
import { FormAlert } from './form-message';

export type MasterDataFormProps = {
  masterData: MasterData;
  isReadOnly?: boolean;
  /** Saves and answers the stored master data; a rejected promise (ApiError) puts its field errors at the fields. */
  onSubmit: (input: MasterDataInput) => Promise<MasterData | undefined>;
};

const SWITCHES = [
  'automaticExamOrganisationFees',
  'bankFeeOnFailedLivePay',
  'restrictedPlanningOnLowBalance',
  'stampOnCertificates',
] as const;

/** The master data form: checks IBAN, BIC, creditor id and VAT id before the server does. */
export function MasterDataForm({ masterData, isReadOnly = false, onSubmit }: MasterDataFormProps) {
  const { t } = useSettingsTranslation();
  const [problems, setProblems] = useState<string[]>([]);
  const { control, handleSubmit, setError, formState, reset } = useForm<MasterDataValues>({
    resolver: zodResolver(masterDataSchema),
    defaultValues: masterDataToForm(masterData),
  });

  const submit = handleSubmit(async (form) => {
    setProblems([]);
    try {
      const saved = await onSubmit(formToMasterData(form));
      // Show what was stored (IBAN compact and upper case, …).
      reset(saved ? masterDataToForm(saved) : form);
      toast.success(t('messages.save_success'));
    } catch (error) {
      setProblems(applyServerErrors(error, setError, MASTER_DATA_SERVER_FIELDS));
    }
  });

  const text = { control, isReadOnly };
  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4"
      aria-label={t('masterData.title')}
    >
      {problems.length > 0 && (
        <FormAlert>
          {problems.map((problem) => (
            <p key={problem}>{t(problem)}</p>
          ))}
        </FormAlert>
      )}
      <Section title={t('masterData.school')} columns>
        <FormTextField
          {...text}
          name="name"
          label={t('masterData.name')}
          isRequired
          maxLength={150}
        />
        <FormTextField
          {...text}
          name="responsiblePerson"
          label={t('masterData.responsiblePerson')}
          maxLength={100}
        />
      </Section>
      <Section title={t('masterData.contact')} columns>
        <FormTextField
          {...text}
          name="email"
          type="email"
          label={t('masterData.email')}
          isRequired
        />
        <FormTextField {...text} name="phone" type="tel" label={t('masterData.phone')} />
        <FormTextField
          {...text}
          name="website"
          type="url"
          label={t('masterData.website')}
          placeholder="https://"
        />
        <Controller
          control={control}
          name="federalState"
          render={({ field, fieldState }) => (
            <Select
              label={t('masterData.federalState')}
              isRequired
              isDisabled={isReadOnly}
              items={FEDERAL_STATES.map((state) => ({
                id: state,
                label: t(`federalStates.${state}`),
              }))}
              selectedKey={field.value || null}
              onSelectionChange={(key) => field.onChange(key)}
              {...invalidProps(fieldState.error, t)}
            />
          )}
        />
        <FormTextField {...text} name="street" label={t('masterData.street')} maxLength={100} />
        <FormTextField
          {...text}
          name="houseNumber"
          label={t('masterData.houseNumber')}
          maxLength={10}
        />
        <FormTextField
          {...text}
          name="postalCode"
          label={t('masterData.postalCode')}
          maxLength={5}
          inputMode="numeric"
        />
        <FormTextField {...text} name="city" label={t('masterData.city')} maxLength={100} />
      </Section>
      <Section title={t('masterData.tax')} description={t('masterData.vatHint')} columns>
        <FormTextField
          {...text}
          name="taxOffice"
          label={t('masterData.taxOffice')}
          maxLength={100}
        />
        <FormTextField
          {...text}
          name="vatId"
          label={t('masterData.vatId')}
          placeholder="DE123456789"
        />
        <FormTextField
          {...text}
          name="vatTaxNumber"
          label={t('masterData.vatTaxNumber')}
          placeholder="12/345/67890"
        />
        <FormTextField
          {...text}
          name="payrollTaxNumber"
          label={t('masterData.payrollTaxNumber')}
          placeholder="12/345/67890"
        />
      </Section>
      <Section title={t('masterData.bank')} columns>
        <FormTextField
          {...text}
          name="iban"
          label={t('masterData.iban')}
          placeholder="DE89 3704 0044 0532 0130 00"
        />
        <FormTextField {...text} name="bic" label={t('masterData.bic')} placeholder="COBADEFFXXX" />
        <FormTextField
          {...text}
          name="creditorId"
          label={t('masterData.creditorId')}
          description={t('masterData.creditorIdHint')}
        />
        <FormTextField
          {...text}
          name="accountingGroup"
          label={t('masterData.accountingGroup')}
          maxLength={50}
        />
      </Section>
      <Section title={t('masterData.switches')}>
        <div className="flex flex-col gap-3">
          {SWITCHES.map((name) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field }) => (
                <Switch isSelected={field.value} onChange={field.onChange} isDisabled={isReadOnly}>
                  {t(`masterData.${name}`)}
                </Switch>
              )}
            />
          ))}
        </div>
      </Section>
      {!isReadOnly && (
        <div className="flex items-center justify-end gap-3">
          {formState.isDirty && (
            <span className="text-sm text-neutral-600">{t('common.unsavedHint')}</span>
          )}
          <Button type="submit" isPending={formState.isSubmitting}>
            {t('common.save')}
          </Button>
        </div>
      )}
    </form>
  );
}
