import { isApiError } from '@fahrwerk/api';
import { FormAlert, FormDialog, FormSelect, FormTextField } from '@fahrwerk/core';
import { Button, Dialog, Modal } from '@fahrwerk/ui';
import { defaultEducationId, type MandateEducation } from './mandate-education';
import { mandateEmailSchema } from './mandate-form';
import { usePaymentsTranslation } from './use-payments-translation';

export type MandateEmailDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The student's educations (the mandate asked for is for one of them). */
  educations: readonly MandateEducation[];
  studentEducationId?: number;
  /** Prefills the address (the student's payer e-mail). */
  defaultEmail?: string;
  /** Sends `POST /students/send-live-pay-mandate-dispatch-email`. */
  onSubmit: (request: { email: string; educationId: number }) => Promise<unknown>;
  onSaved?: () => void;
};

/**
 * "Mandat per E-Mail anfordern": the link to the online mandate form of one education goes
 * to the address given. A refusing mail server shows `errors.email_not_sent` in the dialog.
 */
export function MandateEmailDialog({
  educations,
  studentEducationId,
  defaultEmail,
  onSubmit,
  ...dialog
}: MandateEmailDialogProps) {
  const { t } = usePaymentsTranslation();
  if (educations.length === 0) {
    return (
      <Modal isOpen={dialog.isOpen} onOpenChange={dialog.onOpenChange}>
        <Dialog
          title={t('mandates.email.title')}
          footer={({ close }) => (
            <Button variant="secondary" onPress={close}>
              {t('mandates.email.close')}
            </Button>
          )}
        >
          <FormAlert>{t('mandates.email.noEducation')}</FormAlert>
        </Dialog>
      </Modal>
    );
  }
  const educationId = defaultEducationId(educations, studentEducationId);
  return (
    <FormDialog
      {...dialog}
      title={t('mandates.email.title')}
      submitLabel={t('mandates.email.submit')}
      schema={mandateEmailSchema}
      defaultValues={{
        email: defaultEmail ?? '',
        educationId: educationId === undefined ? '' : String(educationId),
      }}
      submit={(values) =>
        onSubmit({ email: values.email, educationId: Number(values.educationId) })
      }
      // Whatever stopped the mail (a 404, the server down): the e-mail was not sent.
      describeFailure={(error) =>
        isApiError(error) && error.status !== 422 ? 'errors.email_not_sent' : undefined
      }
      formProps={{ 'aria-label': t('mandates.email.title') }}
      t={t}
    >
      {({ control }) => (
        <>
          <FormTextField
            control={control}
            name="email"
            type="email"
            label={t('mandates.email.email')}
            description={t('mandates.email.emailHint')}
            maxLength={254}
            isRequired
          />
          <FormSelect
            control={control}
            name="educationId"
            label={t('mandates.email.education')}
            options={educations.map((row) => ({
              id: String(row.id),
              label: t('balance.licenseClass', { licenseClass: row.licenseClass }),
            }))}
            isRequired
          />
        </>
      )}
    </FormDialog>
  );
}
