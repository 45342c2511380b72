import { type EditDialogProps, FormDialog, FormTextField } from '@fahrwerk/core';
import { categoryFormSchema } from '../schemas/template-form';
import { useMailTemplatesTranslation } from '../use-mail-templates-translation';

/** Asks for the name of a new template group. */
export function CategoryFormDialog({ onSubmit, ...dialog }: EditDialogProps<string>) {
  const { t } = useMailTemplatesTranslation();
  return (
    <FormDialog
      {...dialog}
      size="sm"
      title={t('categories.titleNew')}
      schema={categoryFormSchema}
      defaultValues={{ name: '' }}
      submit={(values) => onSubmit(values.name.trim())}
      t={t}
    >
      {({ control }) => (
        <FormTextField
          control={control}
          name="name"
          label={t('categories.name')}
          isRequired
          autoFocus
          maxLength={100}
        />
      )}
    </FormDialog>
  );
}
