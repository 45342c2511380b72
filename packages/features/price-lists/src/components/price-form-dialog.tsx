import { Button, ComboBox, Dialog, Modal, MoneyField, Select } from '@fahrwerk/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { Price, PriceInput, Product } from '../api/price-queries';
import {
  emptyPriceForm,
  formToPriceInput,
  PRICE_SERVER_FIELDS,
  type PriceForm,
  priceFormSchema,
  priceToForm,
} from '../schemas/price-list-form';
import { LICENSE_CLASSES } from '../schemas/product-form';
import { applyServerErrors } from '../server-errors';
import { usePriceListsTranslation } from '../use-price-lists-translation';
import { FormAlert, invalidProps } from './form-parts';

export type PriceFormDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  priceListId: number;
  /** The row to edit; a new one without. */
  price?: Price;
  /** The products to choose from (add-ons, or the other kinds). */
  products: Product[];
  onSubmit: (input: PriceInput) => Promise<unknown>;
};

const EVERY_CLASS = 'ALL';

/** Adds or changes one row of a price list: product, class, price and combined price. */
export function PriceFormDialog({ isOpen, onOpenChange, ...props }: PriceFormDialogProps) {
  const { t } = usePriceListsTranslation();
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange}>
      <Dialog
        title={t(props.price ? 'editor.priceForm.editTitle' : 'editor.priceForm.createTitle')}
      >
        {({ close }) => <Body {...props} onDone={close} />}
      </Dialog>
    </Modal>
  );
}

function Body({
  priceListId,
  price,
  products,
  onSubmit,
  onDone,
}: Omit<PriceFormDialogProps, 'isOpen' | 'onOpenChange'> & { onDone: () => void }) {
  const { t } = usePriceListsTranslation();
  const [problems, setProblems] = useState<string[]>([]);
  const { control, handleSubmit, setError, watch, formState } = useForm<PriceForm>({
    resolver: zodResolver(priceFormSchema),
    defaultValues: price ? priceToForm(price) : emptyPriceForm(),
  });
  const productId = watch('productId');
  const product = products.find((row) => row.id === productId);
  // The classes of the chosen product (all classes when it is assigned to none).
  const classes =
    product && product.licenseClasses.length > 0 ? product.licenseClasses : LICENSE_CLASSES;

  const submit = handleSubmit(async (form) => {
    setProblems([]);
    try {
      await onSubmit(formToPriceInput(priceListId, form));
      onDone();
    } catch (error) {
      setProblems(applyServerErrors(error, setError, PRICE_SERVER_FIELDS));
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
      <Controller
        control={control}
        name="productId"
        render={({ field, fieldState }) => (
          <ComboBox
            label={t('editor.priceForm.product')}
            isRequired
            items={products.map((row) => ({
              id: row.id,
              label: `${row.name} (${t(`productTypes.${row.type}`)})`,
            }))}
            selectedKey={field.value ?? null}
            onSelectionChange={(key) => field.onChange(key === null ? null : Number(key))}
            {...invalidProps(fieldState.error, t)}
          />
        )}
      />
      <Controller
        control={control}
        name="licenseClass"
        render={({ field, fieldState }) => (
          <Select
            label={t('editor.priceForm.licenseClass')}
            description={t('editor.priceForm.licenseClassDescription')}
            items={[
              { id: EVERY_CLASS, label: t('allClasses') },
              ...classes.map((id) => ({ id, label: id })),
            ]}
            selectedKey={field.value ?? EVERY_CLASS}
            onSelectionChange={(key) => field.onChange(key === EVERY_CLASS ? null : key)}
            {...invalidProps(fieldState.error, t)}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name="price"
          render={({ field, fieldState }) => (
            <MoneyField
              label={t('editor.priceForm.price')}
              isRequired
              value={field.value}
              onChange={field.onChange}
              {...invalidProps(fieldState.error, t)}
            />
          )}
        />
        <Controller
          control={control}
          name="combinedTrainingPrice"
          render={({ field, fieldState }) => (
            <MoneyField
              label={t('editor.priceForm.combinedPrice')}
              description={t('editor.priceForm.combinedDescription')}
              value={field.value}
              onChange={field.onChange}
              {...invalidProps(fieldState.error, t)}
            />
          )}
        />
      </div>
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
