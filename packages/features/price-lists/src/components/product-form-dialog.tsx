import {
  Button,
  Checkbox,
  CheckboxGroup,
  Dialog,
  Modal,
  NumberField,
  Select,
  Switch,
  TextField,
} from '@fahrwerk/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { Product, ProductInput, ProductType } from '../api/price-queries';
import {
  emptyProductForm,
  formToProductInput,
  HOUR_TYPES,
  LICENSE_CLASSES,
  PRODUCT_SERVER_FIELDS,
  PRODUCT_TYPES,
  type ProductForm,
  productFormSchema,
  productToForm,
} from '../schemas/product-form';
import { applyServerErrors } from '../server-errors';
import { usePriceListsTranslation } from '../use-price-lists-translation';
import { FormAlert, invalidProps } from './form-parts';
import { vatItems } from './vat';

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
  const [problems, setProblems] = useState<string[]>([]);
  const { control, handleSubmit, setError, watch, setValue, formState } = useForm<ProductForm>({
    resolver: zodResolver(productFormSchema),
    defaultValues: product ? productToForm(product) : emptyProductForm(initialType),
  });
  const type = watch('type');
  const lesson = type === 'DRIVING_LESSON';

  const submit = handleSubmit(async (form) => {
    setProblems([]);
    try {
      await onSubmit(formToProductInput(form));
      onDone();
    } catch (error) {
      setProblems(applyServerErrors(error, setError, PRODUCT_SERVER_FIELDS));
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
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name="type"
          render={({ field, fieldState }) => (
            <Select
              label={t('products.form.type')}
              isRequired
              items={PRODUCT_TYPES.map((id) => ({ id, label: t(`productTypes.${id}`) }))}
              selectedKey={field.value}
              onSelectionChange={(key) => {
                field.onChange(key);
                if (key === 'DRIVING_LESSON') setValue('hourType', 'NORMAL');
                else {
                  setValue('hourType', null);
                  setValue('duration', null);
                }
              }}
              {...invalidProps(fieldState.error, t)}
            />
          )}
        />
        <Controller
          control={control}
          name="vatRate"
          render={({ field, fieldState }) => (
            <Select
              label={t('products.form.vatRate')}
              description={t('products.form.vatDescription')}
              isRequired
              items={vatItems(t)}
              selectedKey={String(field.value)}
              onSelectionChange={(key) => field.onChange(Number(key))}
              {...invalidProps(fieldState.error, t)}
            />
          )}
        />
      </div>
      <Controller
        control={control}
        name="name"
        render={({ field, fieldState }) => (
          <TextField
            label={t('products.form.name')}
            description={t('products.form.nameDescription')}
            isRequired
            maxLength={150}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            {...invalidProps(fieldState.error, t)}
          />
        )}
      />
      {lesson && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Controller
            control={control}
            name="hourType"
            render={({ field, fieldState }) => (
              <Select
                label={t('products.form.hourType')}
                isRequired
                items={HOUR_TYPES.map((id) => ({ id, label: t(`hourTypes.${id}`) }))}
                selectedKey={field.value}
                onSelectionChange={(key) => field.onChange(key)}
                {...invalidProps(fieldState.error, t)}
              />
            )}
          />
          <Controller
            control={control}
            name="duration"
            render={({ field, fieldState }) => (
              <NumberField
                label={t('products.form.duration')}
                description={t('products.form.durationDescription')}
                step={5}
                value={field.value ?? Number.NaN}
                onChange={(value) => field.onChange(Number.isNaN(value) ? null : value)}
                {...invalidProps(fieldState.error, t)}
              />
            )}
          />
        </div>
      )}
      <Controller
        control={control}
        name="licenseClasses"
        render={({ field, fieldState }) => (
          <CheckboxGroup
            label={t('products.form.classes')}
            description={t('products.form.classesDescription')}
            value={field.value}
            onChange={field.onChange}
            {...invalidProps(fieldState.error, t)}
          >
            <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
              {LICENSE_CLASSES.map((licenseClass) => (
                <Checkbox key={licenseClass} value={licenseClass}>
                  {licenseClass}
                </Checkbox>
              ))}
            </div>
          </CheckboxGroup>
        )}
      />
      <Controller
        control={control}
        name="registrationInfo"
        render={({ field, fieldState }) => (
          <TextField
            label={t('products.form.registrationInfo')}
            isMultiline
            maxLength={2000}
            showRemaining
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            {...invalidProps(fieldState.error, t)}
          />
        )}
      />
      <Controller
        control={control}
        name="bookAtStudentRegistrationAllowed"
        render={({ field }) => (
          <Switch isSelected={field.value} onChange={field.onChange}>
            {t('products.form.bookAtRegistration')}
          </Switch>
        )}
      />
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
