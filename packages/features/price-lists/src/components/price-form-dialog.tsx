import { LICENSE_CLASSES } from '@fahrwerk/api';
import {
  type ApiFormOf,
  type EditDialogProps,
  FormComboBox,
  FormDialog,
  FormMoneyField,
  FormSelect,
} from '@fahrwerk/core';
import { FieldColumns } from '@fahrwerk/ui';
import type { Price, PriceInput, Product } from '../api/price-queries';
import {
  emptyPriceForm,
  formToPriceInput,
  priceFormSchema,
  priceToForm,
} from '../schemas/price-list-form';
import { usePriceListsTranslation } from '../use-price-lists-translation';

export type PriceFormDialogProps = EditDialogProps<PriceInput> & {
  priceListId: number;
  /** The row to edit; a new one without. */
  price?: Price;
  /** The products to choose from (add-ons, or the other kinds). */
  products: Product[];
};

/** Adds or changes one row of a price list: product, class, price and combined price. */
export function PriceFormDialog({
  priceListId,
  price,
  products,
  onSubmit,
  ...dialog
}: PriceFormDialogProps) {
  const { t } = usePriceListsTranslation();
  return (
    <FormDialog
      {...dialog}
      title={t(price ? 'editor.priceForm.editTitle' : 'editor.priceForm.createTitle')}
      schema={priceFormSchema}
      defaultValues={price ? priceToForm(price) : emptyPriceForm()}
      submit={(values) => onSubmit(formToPriceInput(priceListId, values))}
      t={t}
    >
      {(form) => <PriceFields form={form} products={products} />}
    </FormDialog>
  );
}

function PriceFields({
  form,
  products,
}: {
  form: ApiFormOf<typeof priceFormSchema>;
  products: Product[];
}) {
  const { t } = usePriceListsTranslation();
  const { control, watch } = form;
  const productId = watch('productId');
  const product = products.find((row) => row.id === productId);
  // The classes of the chosen product (all classes when it is assigned to none).
  const classes =
    product && product.licenseClasses.length > 0 ? product.licenseClasses : LICENSE_CLASSES;

  return (
    <>
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
    </>
  );
}
