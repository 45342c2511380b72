import { COST_BEARER_KINDS, E_INVOICE_FORMATS, isApiError } from '@fahrwerk/api';
import {
  AddressFields,
  type EditDialogProps,
  FormDialog,
  FormSelect,
  FormTextField,
} from '@fahrwerk/core';
import { FieldSet } from '@fahrwerk/ui';
import type { CostBearer, CostBearerInput } from '../api/cost-bearer-queries';
import {
  COST_BEARER_SERVER_FIELDS,
  costBearerFormSchema,
  costBearerFormValues,
  toCostBearerInput,
} from '../schemas/cost-bearer-form';
import { useCostBearersTranslation } from '../use-cost-bearers-translation';

export type CostBearerFormDialogProps = EditDialogProps<CostBearerInput> & {
  /** The cost bearer to edit; absent to create one. */
  costBearer?: CostBearer;
};

/** Create or edit a cost bearer in a dialog; checks the input before it asks the server. */
export function CostBearerFormDialog({
  costBearer,
  onSubmit,
  ...dialog
}: CostBearerFormDialogProps) {
  const { t } = useCostBearersTranslation();
  return (
    <FormDialog
      {...dialog}
      size="lg"
      title={costBearer ? t('form.editTitle') : t('form.createTitle')}
      schema={costBearerFormSchema}
      defaultValues={costBearerFormValues(costBearer)}
      submit={(values) => onSubmit(toCostBearerInput(values, costBearer))}
      serverFields={COST_BEARER_SERVER_FIELDS}
      t={t}
      describeFailure={(error) => (isApiError(error) ? undefined : 'messages.operation_error')}
      formProps={{ className: 'gap-5 px-6 pt-4 pb-5' }}
    >
      {({ control }) => (
        <>
          <FieldSet legend={t('form.master')} layout="halves">
            <FormSelect
              control={control}
              name="kind"
              label={t('form.kind')}
              isRequired
              options={COST_BEARER_KINDS.map((kind) => ({ id: kind, label: t(`kind.${kind}`) }))}
            />
            <FormTextField
              control={control}
              name="name"
              label={t('form.name')}
              description={t('form.nameDescription')}
              isRequired
              maxLength={200}
            />
            <FormTextField
              control={control}
              name="contactPerson"
              label={t('form.contactPerson')}
              maxLength={100}
            />
            <FormTextField
              control={control}
              name="customerNumber"
              label={t('form.customerNumber')}
              description={t('form.customerNumberDescription')}
              maxLength={35}
            />
            <FormTextField
              control={control}
              name="email"
              type="email"
              label={t('form.email')}
              maxLength={254}
            />
            <FormTextField
              control={control}
              name="phone"
              type="tel"
              label={t('form.phone')}
              maxLength={30}
            />
          </FieldSet>
          <AddressFields control={control} legend={t('form.addressSection')} />
          <FieldSet legend={t('form.bankSection')} layout="halves">
            <FormTextField control={control} name="iban" label={t('form.iban')} maxLength={42} />
            <FormTextField control={control} name="bic" label={t('form.bic')} maxLength={14} />
            <FormSelect
              control={control}
              name="eInvoiceFormat"
              label={t('form.eInvoiceFormat')}
              isRequired
              options={E_INVOICE_FORMATS.map((format) => ({
                id: format,
                label: t(`eInvoiceFormat.${format}`),
              }))}
            />
            <FormTextField
              control={control}
              name="leitwegId"
              label={t('form.leitwegId')}
              description={t('form.leitwegIdDescription')}
              maxLength={46}
            />
          </FieldSet>
        </>
      )}
    </FormDialog>
  );
}
