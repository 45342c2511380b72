import {
  FormDateField,
  FormDialog,
  FormMoneyField,
  FormSelect,
  FormTextField,
} from '@fahrwerk/core';
import { FieldColumns, FieldSpan, formatMoney, toIsoDate } from '@fahrwerk/ui';
import { useRef, useState } from 'react';
import { z } from 'zod';
import { useCreatePayment } from '../api/mandate-queries';
import {
  type PaymentWorkflowStudent,
  useStudentOpenDocuments,
} from '../api/payment-workflow-queries';
import {
  emptyStudentPaymentForm,
  MANUAL_PAYMENT_METHODS,
  studentPaymentFormSchema,
  toPaymentInput,
} from '../student-payments-form';
import { usePaymentsTranslation } from '../use-payments-translation';

/** The student payment form plus the document the payment settles (`''`: the balance only). */
const recordPaymentSchema = studentPaymentFormSchema.extend({ documentId: z.string() });

export type RecordPaymentDialogProps = {
  /** The education the payment is for; the dialog is open while one is given. */
  row: PaymentWorkflowStudent;
  onClose: () => void;
  /** After the payment was recorded and the dialog closed (the amount in cents). */
  onRecorded?: (amount: number) => void;
};

/**
 * "Zahlung erfassen" of classic pay: amount, date, method (transfer, cash, card), reference and
 * optionally the open document of the student it settles. The `Idempotency-Key` is made once
 * when the dialog opens (it is mounted per opening) and sent again with every retry, so a
 * lost answer never records the payment twice.
 */
export function RecordPaymentDialog({ row, onClose, onRecorded }: RecordPaymentDialogProps) {
  const { t } = usePaymentsTranslation();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const create = useCreatePayment();
  const documents = useStudentOpenDocuments(row.studentId);
  const name = `${row.firstName} ${row.lastName}`;
  const amount = useRef(0);
  return (
    <FormDialog
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      size="lg"
      title={t('recordPayment.title', { name })}
      submitLabel={t('recordPayment.submit')}
      schema={recordPaymentSchema}
      defaultValues={{
        ...emptyStudentPaymentForm(toIsoDate(new Date()), row.studentEducationId),
        documentId: '',
      }}
      submit={async (values) => {
        amount.current = values.amount ?? 0;
        await create.mutateAsync({
          idempotencyKey,
          body: {
            ...toPaymentInput(values, row.studentId),
            ...(values.documentId !== '' ? { documentId: Number(values.documentId) } : {}),
          },
        });
      }}
      onSaved={() => onRecorded?.(amount.current)}
      formProps={{ 'aria-label': t('recordPayment.title', { name }) }}
      t={t}
    >
      {({ control }) => (
        <FieldColumns>
          <FormMoneyField
            control={control}
            name="amount"
            label={t('studentPayments.form.amount')}
            description={t('studentPayments.form.amountHint')}
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
            isRequired
            options={MANUAL_PAYMENT_METHODS.map((id) => ({
              id,
              label: t(`studentPayments.methods.${id}`),
            }))}
          />
          <FormTextField
            control={control}
            name="reference"
            label={t('studentPayments.form.reference')}
            description={t('studentPayments.form.referenceHint')}
            maxLength={140}
          />
          <FieldSpan>
            <FormSelect
              control={control}
              name="documentId"
              label={t('recordPayment.document')}
              description={
                documents.isError
                  ? t('recordPayment.documentsError')
                  : t('recordPayment.documentHint')
              }
              noneLabel={t('recordPayment.balanceOnly')}
              options={(documents.data?.data ?? []).map((document) => ({
                id: String(document.id),
                label: t('recordPayment.documentOption', {
                  number: document.number ?? t(`documentTypes.${document.type}`),
                  open: formatMoney(document.openAmount),
                }),
              }))}
            />
          </FieldSpan>
        </FieldColumns>
      )}
    </FormDialog>
  );
}
