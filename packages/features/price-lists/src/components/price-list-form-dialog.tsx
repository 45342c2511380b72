import { Button, Dialog, Modal, Select, Switch, TextField } from '@fahrwerk/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { PriceListInput } from '../api/price-queries';
import {
  emptyPriceListForm,
  formToPriceListInput,
  PRICE_LIST_SERVER_FIELDS,
  type PriceListForm,
  priceListFormSchema,
} from '../schemas/price-list-form';
import { applyServerErrors } from '../server-errors';
import { usePriceListsTranslation } from '../use-price-lists-translation';
import { FormAlert, invalidProps } from './form-parts';
import { vatItems } from './vat';

export type PriceListFormDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onSubmit: (input: PriceListInput) => Promise<unknown>;
};

/** Creates an empty price list (copying one keeps its prices: see the editor). */
export function PriceListFormDialog({ isOpen, onOpenChange, onSubmit }: PriceListFormDialogProps) {
  const { t } = usePriceListsTranslation();
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange}>
      <Dialog title={t('priceLists.createTitle')}>
        {({ close }) => <Body onSubmit={onSubmit} onDone={close} />}
      </Dialog>
    </Modal>
  );
}

function Body({
  onSubmit,
  onDone,
}: {
  onSubmit: (input: PriceListInput) => Promise<unknown>;
  onDone: () => void;
}) {
  const { t } = usePriceListsTranslation();
  const [problems, setProblems] = useState<string[]>([]);
  const { control, handleSubmit, setError, formState } = useForm<PriceListForm>({
    resolver: zodResolver(priceListFormSchema),
    defaultValues: emptyPriceListForm(),
  });
  const submit = handleSubmit(async (form) => {
    setProblems([]);
    try {
      await onSubmit(formToPriceListInput(form));
      onDone();
    } catch (error) {
      setProblems(applyServerErrors(error, setError, PRICE_LIST_SERVER_FIELDS));
    }
  });
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {problems.length > 0 && (
        <FormAlert>
          {problems.map((problem) => (
            <p key={problem}>{t(problem)}</p>
          ))}
        </FormAlert>
      )}
      <PriceListFields control={control} withName />
      <div className="flex justify-end gap-2 border-t border-neutral-100 pt-4">
        <Button variant="secondary" onPress={onDone}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" isPending={formState.isSubmitting}>
          {t('actions.save')}
        </Button>
      </div>
    </form>
  );
}

/** The fields of a price list: name (optional), template, VAT, standard. */
export function PriceListFields({
  control,
  withName,
  isDisabled,
}: {
  control: ReturnType<typeof useForm<PriceListForm>>['control'];
  withName?: boolean;
  isDisabled?: boolean;
}) {
  const { t } = usePriceListsTranslation();
  return (
    <>
      {withName && (
        <Controller
          control={control}
          name="name"
          render={({ field, fieldState }) => (
            <TextField
              label={t('editor.name')}
              isRequired
              maxLength={100}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              {...invalidProps(fieldState.error, t)}
            />
          )}
        />
      )}
      <Controller
        control={control}
        name="vatRate"
        render={({ field, fieldState }) => (
          <Select
            label={t('editor.vatRate')}
            isRequired
            isDisabled={isDisabled}
            items={vatItems(t)}
            selectedKey={String(field.value)}
            onSelectionChange={(key) => field.onChange(Number(key))}
            {...invalidProps(fieldState.error, t)}
          />
        )}
      />
      <Controller
        control={control}
        name="template"
        render={({ field, fieldState }) => (
          <div className="flex flex-col gap-1">
            <Switch isSelected={field.value} onChange={field.onChange} isDisabled={isDisabled}>
              {t('editor.template')}
            </Switch>
            <p className="text-xs text-neutral-600">{t('editor.templateDescription')}</p>
            {fieldState.error?.message && (
              <p className="text-xs text-danger-700">{t(fieldState.error.message)}</p>
            )}
          </div>
        )}
      />
      <Controller
        control={control}
        name="standard"
        render={({ field, fieldState }) => (
          <div className="flex flex-col gap-1">
            <Switch isSelected={field.value} onChange={field.onChange} isDisabled={isDisabled}>
              {t('editor.standard')}
            </Switch>
            <p className="text-xs text-neutral-600">{t('editor.standardDescription')}</p>
            {fieldState.error?.message && (
              <p className="text-xs text-danger-700">{t(fieldState.error.message)}</p>
            )}
          </div>
        )}
      />
    </>
  );
}
