import { Button, Dialog, Modal, TextField } from '@fahrwerk/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { type NameForm, nameFormSchema } from '../schemas/price-list-form';
import { applyServerErrors } from '../server-errors';
import { usePriceListsTranslation } from '../use-price-lists-translation';
import { FormAlert, invalidProps } from './form-parts';

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
  const [problems, setProblems] = useState<string[]>([]);
  const { control, handleSubmit, setError, formState } = useForm<NameForm>({
    resolver: zodResolver(nameFormSchema),
    defaultValues: { name: defaultName },
  });
  const submit = handleSubmit(async (form) => {
    setProblems([]);
    try {
      await onSubmit(form.name.trim());
      onDone();
    } catch (error) {
      setProblems(applyServerErrors(error, setError, { name: 'name' }));
    }
  });
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {description && <p>{description}</p>}
      {problems.length > 0 && (
        <FormAlert>
          {problems.map((problem) => (
            <p key={problem}>{t(problem)}</p>
          ))}
        </FormAlert>
      )}
      <Controller
        control={control}
        name="name"
        render={({ field, fieldState }) => (
          <TextField
            label={label}
            isRequired
            autoFocus
            maxLength={100}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            {...invalidProps(fieldState.error, t)}
          />
        )}
      />
      <div className="flex justify-end gap-2 border-t border-neutral-100 pt-4">
        <Button variant="secondary" onPress={onDone}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" isPending={formState.isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
