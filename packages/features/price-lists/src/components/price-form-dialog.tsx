import { LICENSE_CLASSES } from '@fahrwerk/api';
import { ApiForm, FormComboBox, FormMoneyField, FormSelect, useApiForm } from '@fahrwerk/core';
import { Button, Dialog, FieldColumns, Modal } from '@fahrwerk/ui';
import type { Price, PriceInput, Product } from '../api/price-queries';
import {
  emptyPriceForm,
  formToPriceInput,
  priceFormSchema,
  priceToForm,
} from '../schemas/price-list-form';
import { usePriceListsTranslation } from '../use-price-lists-translation';

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
  const form = useApiForm({
    schema: priceFormSchema,
    defaultValues: price ? priceToForm(price) : emptyPriceForm(),
    submit: async (values) => {
      await onSubmit(formToPriceInput(priceListId, values));
      onDone();
    },
    t,
  });
  const { control, watch, formState } = form;
  const productId = watch('productId');
  const product = products.find((row) => row.id === productId);
  // The classes of the chosen product (all classes when it is assigned to none).
  const classes =
    product && product.licenseClasses.length > 0 ? product.licenseClasses : LICENSE_CLASSES;

  return (
    <ApiForm form={form}>
      <FormComboBox
        control={control}
        name="productId"
        label={t('editor.priceForm.product')}
        isRequired
        emptyValue={null}
        options={products.map((row) => ({
          id: row.id,
          label: `${row.name} (${t(`productTypes.${row.type}`)})`,
        }))}
      />
      <FormSelect
        control={control}
        name="licenseClass"
        label={t('editor.priceForm.licenseClass')}
        description={t('editor.priceForm.licenseClassDescription')}
        noneLabel={t('allClasses')}
        emptyValue={null}
        options={classes.map((id) => ({ id, label: id }))}
      />
      <FieldColumns>
        <FormMoneyField
          control={control}
          name="price"
          label={t('editor.priceForm.price')}
          isRequired
        />
        <FormMoneyField
          control={control}
          name="combinedTrainingPrice"
          label={t('editor.priceForm.combinedPrice')}
          description={t('editor.priceForm.combinedDescription')}
        />
      </FieldColumns>
      <div className="flex justify-end gap-2 border-t border-neutral-100 pt-4">
        <Button variant="secondary" onPress={onDone}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" isPending={formState.isSubmitting}>
          {t('actions.save')}
        </Button>
      </div>
    </ApiForm>
  );
}
