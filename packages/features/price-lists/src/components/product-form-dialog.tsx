import { HOUR_TYPES, LICENSE_CLASSES, PRODUCT_TYPES } from '@fahrwerk/api';
import {
  type ApiFormOf,
  type EditDialogProps,
  FormCheckboxGroup,
  FormDialog,
  FormNumberField,
  FormSelect,
  FormSwitch,
  FormTextField,
} from '@fahrwerk/core';
import { FieldColumns, FieldSpan } from '@fahrwerk/ui';
import { useEffect } from 'react';
import type { Product, ProductInput, ProductType } from '../api/price-queries';
import {
  emptyProductForm,
  formToProductInput,
  productFormSchema,
  productToForm,
} from '../schemas/product-form';
import { usePriceListsTranslation } from '../use-price-lists-translation';
import { vatOptions } from './vat';

export type ProductFormDialogProps = EditDialogProps<ProductInput> & {
  /** The product to edit; a new one without. */
  product?: Product;
  /** The kind a new product starts with. */
  initialType?: ProductType;
};

/** Create or edit a product of one of the four kinds in a modal. */
export function ProductFormDialog({
  product,
  initialType = 'DRIVING_LESSON',
  onSubmit,
  ...dialog
}: ProductFormDialogProps) {
  const { t } = usePriceListsTranslation();
  return (
    <FormDialog
      {...dialog}
      size="lg"
      title={t(product ? 'products.form.editTitle' : 'products.form.createTitle')}
      schema={productFormSchema}
      defaultValues={product ? productToForm(product) : emptyProductForm(initialType)}
      submit={(values) => onSubmit(formToProductInput(values))}
      t={t}
    >
      {(form) => <ProductFields form={form} />}
    </FormDialog>
  );
}

function ProductFields({ form }: { form: ApiFormOf<typeof productFormSchema> }) {
  const { t } = usePriceListsTranslation();
  const { control, watch, setValue } = form;
  const lesson = watch('type') === 'DRIVING_LESSON';

  // A change of kind resets what only driving lessons have.
  useEffect(() => {
    const subscription = watch((values, { name }) => {
      if (name !== 'type') return;
      if (values.type === 'DRIVING_LESSON') setValue('hourType', 'NORMAL');
      else {
        setValue('hourType', null);
        setValue('duration', null);
      }
    });
    return () => subscription.unsubscribe();
  }, [watch, setValue]);

  return (
    <>
      <FieldColumns>
        <FormSelect
          control={control}
          name="type"
          label={t('products.form.type')}
          isRequired
          options={PRODUCT_TYPES.map((id) => ({ id, label: t(`productTypes.${id}`) }))}
        />
        <FormSelect
          control={control}
          name="vatRate"
          label={t('products.form.vatRate')}
          description={t('products.form.vatDescription')}
          isRequired
          options={vatOptions(t)}
        />
        <FieldSpan>
          <FormTextField
            control={control}
            name="name"
            label={t('products.form.name')}
            description={t('products.form.nameDescription')}
            isRequired
            maxLength={150}
          />
        </FieldSpan>
        {lesson && (
          <>
            <FormSelect
              control={control}
              name="hourType"
              label={t('products.form.hourType')}
              isRequired
              emptyValue={null}
              options={HOUR_TYPES.map((id) => ({ id, label: t(`hourTypes.${id}`) }))}
            />
            <FormNumberField
              control={control}
              name="duration"
              label={t('products.form.duration')}
              description={t('products.form.durationDescription')}
              step={5}
            />
          </>
        )}
        <FieldSpan>
          <FormCheckboxGroup
            control={control}
            name="licenseClasses"
            label={t('products.form.classes')}
            description={t('products.form.classesDescription')}
            layout="row"
            options={LICENSE_CLASSES.map((id) => ({ id, label: id }))}
          />
        </FieldSpan>
        <FieldSpan>
          <FormTextField
            control={control}
            name="registrationInfo"
            label={t('products.form.registrationInfo')}
            isMultiline
            maxLength={2000}
            showRemaining
          />
        </FieldSpan>
      </FieldColumns>
      <FormSwitch control={control} name="bookAtStudentRegistrationAllowed">
        {t('products.form.bookAtRegistration')}
      </FormSwitch>
    </>
  );
}
