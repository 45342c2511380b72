import { type EditDialogProps, FormDialog, FormTextField } from '@fahrwerk/core';
import { Select } from '@fahrwerk/ui';
import type { MessageInput } from '../api/messaging-queries';
import { useMessageTemplates } from '../api/messaging-queries';
import {
  type ChosenStudent,
  emptySendMessageForm,
  formToMessageInput,
  SEND_MESSAGE_SERVER_FIELDS,
  sendMessageFormSchema,
} from '../schemas/send-message-form';
import { useMessagingTranslation } from '../use-messaging-translation';
import { PlaceholderFields } from './placeholder-insert';
import { StudentMultiPicker } from './student-multi-picker';

export type SendMessageDialogProps = EditDialogProps<MessageInput> & {
  /** Students chosen when the dialog opens (e.g. the one of a student record). */
  students?: ChosenStudent[];
};

const NO_TEMPLATE = 'none';

/**
 * "Nachricht senden": the students, optionally a template (its subject and text are taken
 * over and can be changed), subject and text with placeholders the server fills per student.
 */
export function SendMessageDialog({ students, onSubmit, ...dialog }: SendMessageDialogProps) {
  const { t } = useMessagingTranslation();
  const templates = useMessageTemplates();
  return (
    <FormDialog
      {...dialog}
      size="lg"
      title={t('send.title')}
      submitLabel={t('send.submit')}
      schema={sendMessageFormSchema}
      defaultValues={emptySendMessageForm(students)}
      serverFields={SEND_MESSAGE_SERVER_FIELDS}
      submit={(values) => onSubmit(formToMessageInput(values))}
      t={t}
    >
      {(form) => (
        <>
          <StudentMultiPicker form={form} />
          {(templates.data?.length ?? 0) > 0 && (
            <Select
              label={t('send.template')}
              description={t('send.templateHint')}
              items={[
                { id: NO_TEMPLATE, label: t('send.templateNone') },
                ...(templates.data ?? []).map((template) => ({
                  id: String(template.id),
                  label: template.name,
                })),
              ]}
              selectedKey={String(form.watch('messageTemplateId') ?? NO_TEMPLATE)}
              onSelectionChange={(key) => {
                const template = templates.data?.find((row) => String(row.id) === key);
                form.setValue('messageTemplateId', template?.id ?? null);
                if (!template) return;
                const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
                form.setValue('subject', template.subject, options);
                form.setValue('text', template.text, options);
              }}
            />
          )}
          <PlaceholderFields
            onChange={(field, value) =>
              form.setValue(field, value, {
                shouldDirty: true,
                shouldValidate: form.formState.isSubmitted,
              })
            }
          >
            <FormTextField
              control={form.control}
              name="subject"
              label={t('fields.subject')}
              isRequired
              maxLength={255}
            />
            <FormTextField
              control={form.control}
              name="text"
              label={t('fields.text')}
              description={t('fields.textHint')}
              isRequired
              isMultiline
              rows={8}
              maxLength={5000}
            />
          </PlaceholderFields>
        </>
      )}
    </FormDialog>
  );
}
