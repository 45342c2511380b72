import { type EditDialogProps, FormDialog, FormTextField } from '@fahrwerk/core';
import type { BroadcastTemplate, BroadcastTemplateInput } from '../api/broadcast-queries';
import {
  broadcastTemplateFormSchema,
  formToTemplateInput,
  templateToForm,
} from '../schemas/broadcast-template-form';
import { useBroadcastsTranslation } from '../use-broadcasts-translation';
import { BodyField } from './body-field';

export type BroadcastTemplateFormDialogProps = EditDialogProps<BroadcastTemplateInput> & {
  /** The template to edit; a new one without. */
  template?: BroadcastTemplate;
};

/** Create or edit a broadcast template: name, subject, text. */
export function BroadcastTemplateFormDialog({
  template,
  onSubmit,
  ...dialog
}: BroadcastTemplateFormDialogProps) {
  const { t } = useBroadcastsTranslation();
  return (
    <FormDialog
      {...dialog}
      size="lg"
      title={t(template ? 'templates.titleEdit' : 'templates.titleNew')}
      schema={broadcastTemplateFormSchema}
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
          <FormTextField
            control={form.control}
            name="subject"
            label={t('fields.subject')}
            isRequired
            maxLength={255}
          />
          <BodyField form={form} />
        </>
      )}
    </FormDialog>
  );
}
