import {
  FormDateField,
  FormDialog,
  FormMoneyField,
  FormSelect,
  FormTextField,
} from '@fahrwerk/core';
import { FieldColumns, FieldSpacer, FieldSpan } from '@fahrwerk/ui';
import type { PaymentInput } from './api/mandate-queries';
import type { MandateEducation } from './mandate-education';
import {
  emptyStudentPaymentForm,
  MANUAL_PAYMENT_METHODS,
  studentPaymentFormSchema,
  toPaymentInput,
} from './student-payments-form';
import { usePaymentsTranslation } from './use-payments-translation';

export type StudentPaymentsCreateDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  studentId: number;
  educations: readonly MandateEducation[];
  studentEducationId?: number;
  /** The payment date the form starts with (`YYYY-MM-DD`, today in Berlin). */
  today: string;
  /** Sends `POST /payments` (with the dialog's `Idempotency-Key`); rejects with the `ApiError`. */
  onSubmit: (input: PaymentInput) => Promise<unknown>;
  onSaved?: () => void;
};

/**
 * "Zahlung erfassen": amount (negative for money paid back), payment date, method
 * (transfer, cash, card: direct debits come only from live pay), education, reference, note.
 */
export function StudentPaymentsCreateDialog({
  studentId,
  educations,
  studentEducationId,
  today,
  onSubmit,
  ...dialog
}: StudentPaymentsCreateDialogProps) {
  const { t } = usePaymentsTranslation();
  return (
    <FormDialog
      {...dialog}
      size="lg"
      title={t('studentPayments.create.title')}
      submitLabel={t('studentPayments.create.submit')}
      schema={studentPaymentFormSchema}
      defaultValues={emptyStudentPaymentForm(today, studentEducationId)}
      submit={(values) => onSubmit(toPaymentInput(values, studentId))}
      formProps={{ 'aria-label': t('studentPayments.create.title') }}
      t={t}
    >
      {({ control }) => (
        <FieldColumns>
          <FormMoneyField
            control={control}
            name="amount"
            label={t('studentPayments.form.amount')}
            description={t('studentPayments.form.amountHint')}
            minValue={-100_000_000}
            maxValue={100_000_000}
            isRequired
          />
          <FormDateField
            control={control}
            name="paymentDate"
            label={t('studentPayments.form.paymentDate')}
            isRequired
          />
          <FormSelect
            control={control}
            name="method"
            label={t('studentPayments.form.method')}
            options={MANUAL_PAYMENT_METHODS.map((id) => ({
              id,
              label: t(`studentPayments.methods.${id}`),
            }))}
            isRequired
          />
          {educations.length > 0 ? (
            <FormSelect
              control={control}
              name="studentEducationId"
              label={t('studentPayments.form.education')}
              noneLabel={t('studentPayments.form.educationNone')}
              options={educations.map((row) => ({
                id: String(row.id),
                label: t('studentPayments.licenseClass', { licenseClass: row.licenseClass }),
              }))}
            />
          ) : (
            <FieldSpacer />
          )}
          <FieldSpan>
            <FormTextField
              control={control}
              name="reference"
              label={t('studentPayments.form.reference')}
              description={t('studentPayments.form.referenceHint')}
              maxLength={140}
            />
          </FieldSpan>
          <FieldSpan>
            <FormTextField
              control={control}
              name="note"
              label={t('studentPayments.form.note')}
              maxLength={1000}
              isMultiline
            />
          </FieldSpan>
        </FieldColumns>
      )}
    </FormDialog>
  );
}
