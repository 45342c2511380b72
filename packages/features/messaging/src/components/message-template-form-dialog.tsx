import { type EditDialogProps, FormDialog, FormTextField } from '@fahrwerk/core';
import type { MessageTemplate, MessageTemplateInput } from '../api/messaging-queries';
import {
  formToTemplateInput,
  messageTemplateFormSchema,
  templateToForm,
} from '../schemas/message-template-form';
import { useMessagingTranslation } from '../use-messaging-translation';
import { PlaceholderFields } from './placeholder-insert';

export type MessageTemplateFormDialogProps = EditDialogProps<MessageTemplateInput> & {
  /** The template to edit; a new one without. */
  template?: MessageTemplate;
};

/** Create or edit a message template: name, subject, text (plain) with placeholders. */
export function MessageTemplateFormDialog({
  template,
  onSubmit,
  ...dialog
}: MessageTemplateFormDialogProps) {
  const { t } = useMessagingTranslation();
  return (
    <FormDialog
      {...dialog}
      size="lg"
      title={t(template ? 'templates.titleEdit' : 'templates.titleNew')}
      schema={messageTemplateFormSchema}
      defaultValues={templateToForm(template)}
      submit={(values) => onSubmit(formToTemplateInput(values))}
      t={t}
    >
      {(form) => (
        <>
          <FormTextField
            control={form.control}
            name="name"
            label={t('fields.name')}
            isRequired
            maxLength={100}
          />
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
