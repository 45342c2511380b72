import { FormDateField, FormDialog, FormSelect, FormTextField } from '@fahrwerk/core';
import { FieldColumns, FieldSpan } from '@fahrwerk/ui';
import type { Mandate, MandateInput } from './api/mandate-queries';
import type { MandateEducation } from './mandate-education';
import { emptyMandateForm, mandateFormSchema, toMandateInput } from './mandate-form';
import { usePaymentsTranslation } from './use-payments-translation';

export type MandateCreateDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  studentId: number;
  educations: readonly MandateEducation[];
  /** Preselected education; none means "all educations". */
  studentEducationId?: number;
  /** Sends `POST /live-pay-mandate`; rejects with the `ApiError` (422 at the fields). */
  onSubmit: (input: MandateInput) => Promise<Mandate>;
  onSaved?: () => void;
};

/**
 * A mandate entered from a signed paper form: education (or all), holder, IBAN (check digits
 * checked at once), optional BIC and reference; with a date of signature it is confirmed
 * at once, without one unconfirmed.
 */
export function MandateCreateDialog({
  studentId,
  educations,
  studentEducationId,
  onSubmit,
  ...dialog
}: MandateCreateDialogProps) {
  const { t } = usePaymentsTranslation();
  return (
    <FormDialog
      {...dialog}
      size="lg"
      title={t('mandates.create.title')}
      submitLabel={t('mandates.create.submit')}
      schema={mandateFormSchema}
      defaultValues={emptyMandateForm(studentEducationId)}
      submit={(values) => onSubmit(toMandateInput(values, studentId))}
      formProps={{ 'aria-label': t('mandates.create.title') }}
      t={t}
    >
      {({ control }) => (
        <FieldColumns>
          {educations.length > 0 && (
            <FieldSpan>
              <FormSelect
                control={control}
                name="studentEducationId"
                label={t('mandates.fields.education')}
                description={t('mandates.form.educationHint')}
                noneLabel={t('mandates.allEducations')}
                options={educations.map((row) => ({
                  id: String(row.id),
                  label: t('balance.licenseClass', { licenseClass: row.licenseClass }),
                }))}
              />
            </FieldSpan>
          )}
          <FieldSpan>
            <FormTextField
              control={control}
              name="holderName"
              label={t('mandates.fields.holderName')}
              maxLength={70}
              autoComplete="name"
              isRequired
            />
          </FieldSpan>
          <FormTextField
            control={control}
            name="iban"
            label={t('mandates.fields.iban')}
            description={t('mandates.form.ibanHint')}
            maxLength={42}
            isRequired
          />
          <FormTextField
            control={control}
            name="bic"
            label={t('mandates.fields.bic')}
            description={t('mandates.form.bicHint')}
            maxLength={11}
          />
          <FormTextField
            control={control}
            name="reference"
            label={t('mandates.fields.reference')}
            description={t('mandates.form.referenceHint')}
            maxLength={35}
          />
          <FormDateField
            control={control}
            name="signedAt"
            label={t('mandates.fields.signedAt')}
            description={t('mandates.form.signedAtHint')}
          />
        </FieldColumns>
      )}
    </FormDialog>
  );
}
