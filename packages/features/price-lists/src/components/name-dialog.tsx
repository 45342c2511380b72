import { ApiForm, FormTextField, useApiForm } from '@fahrwerk/core';
import { Button, Dialog, Modal } from '@fahrwerk/ui';
import type { ReactNode } from 'react';
import { nameFormSchema } from '../schemas/price-list-form';
import { usePriceListsTranslation } from '../use-price-lists-translation';

export type NameDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  label: string;
  description?: ReactNode;
  defaultName: string;
  submitLabel: string;
  /** Saves; a rejected promise (ApiError) shows its error at the field. */
  onSubmit: (name: string) => Promise<unknown>;
};

/** Asks for a price-list name: the name of a copy, or a new name. */
export function NameDialog({ isOpen, onOpenChange, title, ...props }: NameDialogProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} size="sm">
      <Dialog title={title}>{({ close }) => <NameFormBody {...props} onDone={close} />}</Dialog>
    </Modal>
  );
}

function NameFormBody({
  label,
  description,
  defaultName,
  submitLabel,
  onSubmit,
  onDone,
}: Omit<NameDialogProps, 'isOpen' | 'onOpenChange' | 'title'> & { onDone: () => void }) {
  const { t } = usePriceListsTranslation();
  const form = useApiForm({
    schema: nameFormSchema,
    defaultValues: { name: defaultName },
    submit: async (values) => {
      await onSubmit(values.name.trim());
      onDone();
    },
    t,
  });
  return (
    <ApiForm form={form}>
      {description && <p>{description}</p>}
      <FormTextField
        control={form.control}
        name="name"
        label={label}
        isRequired
        autoFocus
        maxLength={100}
      />
      <div className="flex justify-end gap-2 border-t border-neutral-100 pt-4">
        <Button variant="secondary" onPress={onDone}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" isPending={form.formState.isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </ApiForm>
  );
}
