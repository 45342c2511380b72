import { HOUR_TYPES, LICENSE_CLASSES, PRODUCT_TYPES } from '@fahrwerk/api';
import {
  ApiForm,
  FormCheckboxGroup,
  FormNumberField,
  FormSelect,
  FormSwitch,
  FormTextField,
  useApiForm,
} from '@fahrwerk/core';
import { Button, Dialog, FieldColumns, FieldSpan, Modal } from '@fahrwerk/ui';
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

export type ProductFormDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The product to edit; a new one without. */
  product?: Product;
  /** The kind a new product starts with. */
  initialType?: ProductType;
  /** Saves; a rejected promise (ApiError) puts its field errors at the fields. */
  onSubmit: (input: ProductInput) => Promise<unknown>;
};

/** Create or edit a product of one of the four kinds in a modal. */
export function ProductFormDialog({ isOpen, onOpenChange, ...props }: ProductFormDialogProps) {
  const { t } = usePriceListsTranslation();
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} size="lg">
      <Dialog title={t(props.product ? 'products.form.editTitle' : 'products.form.createTitle')}>
        {({ close }) => <ProductFormBody {...props} onDone={close} />}
      </Dialog>
    </Modal>
  );
}

function ProductFormBody({
  product,
  initialType = 'DRIVING_LESSON',
  onSubmit,
  onDone,
}: Omit<ProductFormDialogProps, 'isOpen' | 'onOpenChange'> & { onDone: () => void }) {
  const { t } = usePriceListsTranslation();
  const form = useApiForm({
    schema: productFormSchema,
    defaultValues: product ? productToForm(product) : emptyProductForm(initialType),
    submit: async (values) => {
      await onSubmit(formToProductInput(values));
      onDone();
    },
    t,
  });
  const { control, watch, setValue, formState } = form;
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
    <ApiForm form={form}>
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
