import { type EditDialogProps, FormDialog, FormSelect, FormTextField } from '@fahrwerk/core';
import type {
  EmailTemplate,
  EmailTemplateCategory,
  EmailTemplateInput,
} from '../api/template-queries';
import type { EmailPlaceholder } from '../lib/placeholder-html';
import {
  formToTemplateInput,
  NO_CATEGORY,
  templateFormSchema,
  templateToForm,
} from '../schemas/template-form';
import { useMailTemplatesTranslation } from '../use-mail-templates-translation';
import { FormRichTextField } from './form-rich-text-field';
import { SubjectField } from './subject-field';

export type TemplateFormDialogProps = EditDialogProps<EmailTemplateInput> & {
  /** The template to edit; a new one without. */
  template?: EmailTemplate;
  categories: readonly EmailTemplateCategory[];
  /** A new template starts in this category (the list's filter). */
  defaultCategoryId?: number | null;
  placeholders: readonly EmailPlaceholder[];
};

/** Create or edit a template: name, category, subject and text, both with placeholders. */
export function TemplateFormDialog({
  template,
  categories,
  defaultCategoryId,
  placeholders,
  onSubmit,
  ...dialog
}: TemplateFormDialogProps) {
  const { t } = useMailTemplatesTranslation();
  return (
    <FormDialog
      {...dialog}
      size="lg"
      title={t(template ? 'form.titleEdit' : 'form.titleNew')}
      schema={templateFormSchema}
      defaultValues={templateToForm(template, defaultCategoryId)}
      submit={(values) => onSubmit(formToTemplateInput(values))}
      t={t}
    >
      {(form) => (
        <div className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormTextField
              control={form.control}
              name="name"
              label={t('form.name')}
              isRequired
              maxLength={100}
            />
            <FormSelect
              control={form.control}
              name="templateCategoryId"
              label={t('form.category')}
              noneLabel={t('form.noCategory')}
              emptyValue={NO_CATEGORY}
              options={categories.map((category) => ({ id: category.id, label: category.name }))}
            />
          </div>
          <SubjectField
            control={form.control}
            getValue={() => form.getValues('subject')}
            setValue={(subject) =>
              form.setValue('subject', subject, {
                shouldDirty: true,
                shouldValidate: form.formState.isSubmitted,
              })
            }
            placeholders={placeholders}
          />
          <FormRichTextField
            control={form.control}
            name="body"
            label={t('form.body')}
            placeholders={placeholders}
          />
        </div>
      )}
    </FormDialog>
  );
}
