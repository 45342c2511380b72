import { FEDERAL_STATES } from '@fahrwerk/api';
import {
  AddressFields,
  ApiForm,
  FormMoneyField,
  FormNumberField,
  FormSelect,
  FormSwitch,
  FormTextField,
  useApiForm,
} from '@fahrwerk/core';
import { Button, Section, useToast } from '@fahrwerk/ui';
import { useWatch } from 'react-hook-form';
import type { MasterData, MasterDataInput } from '../api/settings-queries';
import {
  formToMasterData,
  MASTER_DATA_SERVER_FIELDS,
  masterDataSchema,
  masterDataToForm,
} from '../schemas/settings-forms';
import { useSettingsTranslation } from '../use-settings-translation';

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

/** Switches with a second line that says what they do. */
const SWITCH_HINTS: ReadonlySet<(typeof SWITCHES)[number]> = new Set([
  'bankFeeOnFailedLivePay',
  'restrictedPlanningOnLowBalance',
]);

/** Wide enough for any amount of the contract; the schema checks the limits (never clamped). */
const UNBOUNDED_CENTS = Number.MAX_SAFE_INTEGER;

/** The master data form: checks IBAN, BIC, creditor id and VAT id before the server does. */
export function MasterDataForm({ masterData, isReadOnly = false, onSubmit }: MasterDataFormProps) {
  const toast = useToast();
  const { t } = useSettingsTranslation();
  const form = useApiForm({
    schema: masterDataSchema,
    defaultValues: masterDataToForm(masterData),
    submit: async (values) => {
      const saved = await onSubmit(formToMasterData(values));
      // Show what was stored (IBAN compact and upper case, …).
      form.reset(saved ? masterDataToForm(saved) : values);
      toast.success(t('messages.save_success'));
    },
    serverFields: MASTER_DATA_SERVER_FIELDS,
    t,
  });
  const { control, formState } = form;
  const restrictedPlanning = useWatch({ control, name: 'restrictedPlanningOnLowBalance' });

  const text = { control, isReadOnly };
  return (
    <ApiForm form={form} aria-label={t('masterData.title')}>
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
        <FormSelect
          control={control}
          name="federalState"
          label={t('masterData.federalState')}
          isRequired
          isReadOnly={isReadOnly}
          options={FEDERAL_STATES.map((state) => ({
            id: state,
            label: t(`federalStates.${state}`),
          }))}
        />
        <AddressFields {...text} />
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
        {/* No min/max on the field: react-aria would clamp on blur; the schema says what is wrong. */}
        <FormNumberField
          control={control}
          name="preNotificationDays"
          label={t('masterData.preNotificationDays')}
          description={t('masterData.preNotificationDaysHint')}
          step={1}
          formatOptions={{ maximumFractionDigits: 0, useGrouping: false }}
          isRequired
          isReadOnly={isReadOnly}
        />
      </Section>
      <Section title={t('masterData.switches')}>
        <div className="flex flex-col gap-3">
          {SWITCHES.map((name) => (
            <FormSwitch
              key={name}
              control={control}
              name={name}
              isDisabled={isReadOnly}
              description={SWITCH_HINTS.has(name) ? t(`masterData.${name}Hint`) : undefined}
            >
              {t(`masterData.${name}`)}
            </FormSwitch>
          ))}
        </div>
        <FormMoneyField
          control={control}
          name="lowBalanceThreshold"
          label={t('masterData.lowBalanceThreshold')}
          description={t(
            restrictedPlanning
              ? 'masterData.lowBalanceThresholdHint'
              : 'masterData.lowBalanceThresholdInactive',
          )}
          minValue={-UNBOUNDED_CENTS}
          maxValue={UNBOUNDED_CENTS}
          isRequired
          isReadOnly={isReadOnly}
        />
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
    </ApiForm>
  );
}
