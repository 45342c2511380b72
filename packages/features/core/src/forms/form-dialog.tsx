import { Button, Dialog, Modal, type ModalProps } from '@fahrwerk/ui';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CORE_NAMESPACE } from '../errors';
import { ApiForm, type ApiFormProps } from './api-form';
import { type ApiFormApi, type UseApiFormOptions, useApiForm } from './use-api-form';

/**
 * What a screen gives a create/edit dialog built on `FormDialog`: the open state, the save
 * (a rejected promise with the call's `ApiError` puts its field errors at the fields and
 * keeps the dialog open) and what follows a save once the dialog has closed (the toast).
 */
export type EditDialogProps<TInput> = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onSubmit: (input: TInput) => Promise<unknown>;
  onSaved?: () => void;
};

export type FormDialogProps<TValues extends FieldValues, TOutput> = UseApiFormOptions<
  TValues,
  TOutput
> & {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The heading; it also names the dialog. */
  title: ReactNode;
  /** @default 'md' */
  size?: ModalProps['size'];
  /** The submit button's text. @default 'Speichern' (core `actions.save`) */
  submitLabel?: string;
  /** @default 'Abbrechen' (core `actions.cancel`) */
  cancelLabel?: string;
  /** After `submit` resolved and the dialog closed, e.g. for the success toast. */
  onSaved?: () => void;
  /** Stays open after `submit` resolved: a dialog that shows the answer (a connection test). */
  keepOpen?: boolean;
  /** More buttons, at the start of the footer (e.g. "Verbindung testen"). */
  actions?: (form: ApiFormApi<TValues, TOutput>) => ReactNode;
  /** Props of the `<form>` (`aria-label`, `className`). */
  formProps?: Omit<ApiFormProps<TValues, TOutput>, 'form' | 'children'>;
  /** The fields, given the form of this opening (`control`, `watch`, …). */
  children: (form: ApiFormApi<TValues, TOutput>) => ReactNode;
};

/**
 * A create/edit dialog on the form kit: Modal → Dialog (title, close button) → `ApiForm`
 * with the fields → Cancel / Save. The form is made each time the dialog opens (from
 * `defaultValues`, with no errors left from the last time); `submit` saves, and when it
 * resolves the dialog closes and `onSaved` runs; when it rejects, the fields and the alert
 * show why and the dialog stays open.
 *
 * ```tsx
 * <FormDialog
 *   isOpen={isOpen}
 *   onOpenChange={onOpenChange}
 *   title={t(branch ? 'branchForm.titleEdit' : 'branchForm.titleNew')}
 *   size="lg"
 *   schema={branchFormSchema}
 *   defaultValues={branch ? branchToForm(branch) : emptyBranchForm()}
 *   submit={(values) => onSubmit(formToBranchInput(values, branch))}
 *   onSaved={onSaved}
 *   t={t}
 * >
 *   {({ control }) => <FormTextField control={control} name="name" label={t('branchForm.name')} />}
 * </FormDialog>
 * ```
 */
export function FormDialog<TValues extends FieldValues, TOutput = TValues>({
  isOpen,
  onOpenChange,
  title,
  size,
  ...body
}: FormDialogProps<TValues, TOutput>) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} size={size}>
      <Dialog title={title}>{({ close }) => <FormDialogBody {...body} close={close} />}</Dialog>
    </Modal>
  );
}

type FormDialogBodyProps<TValues extends FieldValues, TOutput> = Omit<
  FormDialogProps<TValues, TOutput>,
  'isOpen' | 'onOpenChange' | 'title' | 'size'
> & { close: () => void };

/** Mounted while the dialog is open, so each opening starts a fresh form. */
function FormDialogBody<TValues extends FieldValues, TOutput>({
  submit,
  onSaved,
  keepOpen,
  submitLabel,
  cancelLabel,
  actions,
  formProps,
  children,
  close,
  ...options
}: FormDialogBodyProps<TValues, TOutput>) {
  const { t } = useTranslation(CORE_NAMESPACE);
  const form = useApiForm<TValues, TOutput>({
    ...options,
    submit: async (values) => {
      await submit(values);
      if (keepOpen) return;
      close();
      onSaved?.();
    },
  });
  return (
    <ApiForm {...formProps} form={form}>
      {children(form)}
      <div className="flex flex-wrap gap-2 border-t border-neutral-100 pt-4">
        {actions?.(form)}
        <div className="ms-auto flex gap-2">
          <Button variant="secondary" onPress={close}>
            {cancelLabel ?? t('actions.cancel')}
          </Button>
          <Button type="submit" isPending={form.formState.isSubmitting}>
            {submitLabel ?? t('actions.save')}
          </Button>
        </div>
      </div>
    </ApiForm>
  );
}
