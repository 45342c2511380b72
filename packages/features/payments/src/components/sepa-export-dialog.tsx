import { type ApiFormOf, FormDateField, FormDialog } from '@fahrwerk/core';
import { FieldColumns, toIsoDate } from '@fahrwerk/ui';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { usePreNotificationDays, useSepaExport } from '../api/payment-workflow-queries';
import { suggestCollectionDate } from '../collection-date';
import { usePaymentsTranslation } from '../use-payments-translation';

const sepaExportSchema = z.object({
  collectionDate: z
    .string()
    .nullable()
    .refine((value) => Boolean(value), 'validation.required'),
  dueUntil: z.string().nullable(),
});

export type SepaExportDialogProps = {
  onClose: () => void;
  /** After the file was made and saved (its file name). */
  onExported?: (fileName: string) => void;
};

/**
 * "SEPA-Datei erstellen": the collection date (suggested: the first TARGET2 business day
 * after the pre-notification period of the master data) and optionally the last due date;
 * the answered pain.008 file is saved at once. The `Idempotency-Key` is made when the
 * dialog opens (mounted per opening), so a retry never makes a second file. The server's
 * refusals (nothing to export, a wrong collection date, no creditor id) show in the dialog.
 */
export function SepaExportDialog({ onClose, onExported }: SepaExportDialogProps) {
  const { t } = usePaymentsTranslation();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const preNotificationDays = usePreNotificationDays();
  const exportFile = useSepaExport();
  const suggested = suggestCollectionDate(toIsoDate(new Date()), preNotificationDays);
  const fileName = useRef('');
  return (
    <FormDialog
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={t('sepa.title')}
      submitLabel={t('sepa.submit')}
      schema={sepaExportSchema}
      defaultValues={{ collectionDate: suggested, dueUntil: null }}
      submit={async (values) => {
        fileName.current = await exportFile.mutateAsync({
          idempotencyKey,
          body: {
            collectionDate: values.collectionDate ?? suggested,
            batchBooking: true,
            ...(values.dueUntil ? { dueUntil: values.dueUntil } : {}),
          },
        });
      }}
      onSaved={() => onExported?.(fileName.current)}
      formProps={{ 'aria-label': t('sepa.title') }}
      t={t}
    >
      {(form) => (
        <FieldColumns>
          <FollowSuggestion form={form} suggested={suggested} />
          <FormDateField
            control={form.control}
            name="collectionDate"
            label={t('sepa.collectionDate')}
            description={t('sepa.collectionDateHint', { days: preNotificationDays })}
            isRequired
          />
          <FormDateField
            control={form.control}
            name="dueUntil"
            label={t('sepa.dueUntil')}
            description={t('sepa.dueUntilHint')}
          />
        </FieldColumns>
      )}
    </FormDialog>
  );
}

/**
 * The suggestion follows the master data once it has arrived (the dialog may open before),
 * unless the date was already changed by hand.
 */
function FollowSuggestion({
  form,
  suggested,
}: {
  form: ApiFormOf<typeof sepaExportSchema>;
  suggested: string;
}) {
  useEffect(() => {
    if (!form.getFieldState('collectionDate').isDirty) {
      form.setValue('collectionDate', suggested);
    }
  }, [form, suggested]);
  return null;
}
