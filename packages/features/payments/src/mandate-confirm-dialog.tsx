import { FormDateField, FormDialog } from '@fahrwerk/core';
import type { Mandate } from './api/mandate-queries';
import { confirmMandateSchema } from './mandate-form';
import { usePaymentsTranslation } from './use-payments-translation';

export type MandateConfirmDialogProps = {
  /** The unconfirmed mandate; `null` closes the dialog. */
  mandate: Mandate | null;
  onClose: () => void;
  /** Sends `POST /live-pay-mandate/confirm-mandate/{id}?signedAt`. */
  onSubmit: (signedAt: string) => Promise<unknown>;
  onSaved?: () => void;
};

/** The signed form of an unconfirmed mandate has arrived: its date of signature confirms it. */
export function MandateConfirmDialog({
  mandate,
  onClose,
  onSubmit,
  onSaved,
}: MandateConfirmDialogProps) {
  const { t } = usePaymentsTranslation();
  return (
    <FormDialog
      isOpen={mandate !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('mandates.confirm.title', { reference: mandate?.reference ?? '' })}
      submitLabel={t('mandates.confirm.action')}
      schema={confirmMandateSchema}
      defaultValues={{ signedAt: null }}
      submit={(values) => onSubmit(values.signedAt ?? '')}
      onSaved={onSaved}
      t={t}
    >
      {({ control }) => (
        <>
          <p className="text-sm text-neutral-700">{t('mandates.confirm.text')}</p>
          <FormDateField
            control={control}
            name="signedAt"
            label={t('mandates.confirm.signedAt')}
            description={t('mandates.confirm.signedAtHint')}
            isRequired
          />
        </>
      )}
    </FormDialog>
  );
}
