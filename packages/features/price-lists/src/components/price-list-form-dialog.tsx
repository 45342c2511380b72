import {
  type ApiFormApi,
  type EditDialogProps,
  FormDialog,
  FormFieldError,
  FormSelect,
  FormSwitch,
  FormTextField,
} from '@fahrwerk/core';
import type { PriceListInput } from '../api/price-queries';
import {
  emptyPriceListForm,
  formToPriceListInput,
  type PriceListForm,
  priceListFormSchema,
} from '../schemas/price-list-form';
import { usePriceListsTranslation } from '../use-price-lists-translation';
import { vatOptions } from './vat';

export type PriceListFormDialogProps = EditDialogProps<PriceListInput>;

/** Creates an empty price list (copying one keeps its prices: see the editor). */
export function PriceListFormDialog({ onSubmit, ...dialog }: PriceListFormDialogProps) {
  const { t } = usePriceListsTranslation();
  return (
    <FormDialog
      {...dialog}
      title={t('priceLists.createTitle')}
      schema={priceListFormSchema}
      defaultValues={emptyPriceListForm()}
      submit={(values) => onSubmit(formToPriceListInput(values))}
      t={t}
    >
      {({ control }) => <PriceListFields control={control} withName />}
    </FormDialog>
  );
}

/** The fields of a price list: name (optional), template, VAT, standard. */
export function PriceListFields({
  control,
  withName,
  isDisabled,
}: {
  control: ApiFormApi<PriceListForm, PriceListForm>['control'];
  withName?: boolean;
  isDisabled?: boolean;
}) {
  const { t } = usePriceListsTranslation();
  return (
    <>
      {withName && (
        <FormTextField
          control={control}
          name="name"
          label={t('editor.name')}
          isRequired
          maxLength={100}
        />
      )}
      <FormSelect
        control={control}
        name="vatRate"
        label={t('editor.vatRate')}
        isRequired
        isDisabled={isDisabled}
        options={vatOptions(t)}
      />
      <div className="flex flex-col gap-1">
        <FormSwitch
          control={control}
          name="template"
          isDisabled={isDisabled}
          description={t('editor.templateDescription')}
        >
          {t('editor.template')}
        </FormSwitch>
        <FormFieldError control={control} name="template" />
      </div>
      <div className="flex flex-col gap-1">
        <FormSwitch
          control={control}
          name="standard"
          isDisabled={isDisabled}
          description={t('editor.standardDescription')}
        >
          {t('editor.standard')}
        </FormSwitch>
        <FormFieldError control={control} name="standard" />
      </div>
    </>
  );
}
