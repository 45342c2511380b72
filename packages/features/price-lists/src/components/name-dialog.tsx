import { type EditDialogProps, FormDialog, FormTextField } from '@fahrwerk/core';
import type { ReactNode } from 'react';
import { nameFormSchema } from '../schemas/price-list-form';
import { usePriceListsTranslation } from '../use-price-lists-translation';

export type NameDialogProps = EditDialogProps<string> & {
  title: string;
  label: string;
  description?: ReactNode;
  defaultName: string;
  submitLabel: string;
};

/** Asks for a price-list name: the name of a copy, or a new name. */
export function NameDialog({
  label,
  description,
  defaultName,
  onSubmit,
  ...dialog
}: NameDialogProps) {
  const { t } = usePriceListsTranslation();
  return (
    <FormDialog
      {...dialog}
      size="sm"
      schema={nameFormSchema}
      defaultValues={{ name: defaultName }}
      submit={(values) => onSubmit(values.name.trim())}
      t={t}
    >
      {({ control }) => (
        <>
          {description && <p>{description}</p>}
          <FormTextField
            control={control}
            name="name"
            label={label}
            isRequired
            autoFocus
            maxLength={100}
          />
        </>
      )}
    </FormDialog>
  );
}
