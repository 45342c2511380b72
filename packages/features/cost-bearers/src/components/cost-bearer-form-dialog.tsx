import { COST_BEARER_KINDS, E_INVOICE_FORMATS, isApiError } from '@fahrwerk/api';
import { ApiForm, FormSelect, FormTextField, useApiForm } from '@fahrwerk/core';
import { Button, Dialog, FieldSet, Modal } from '@fahrwerk/ui';
import { useEffect } from 'react';
import type { CostBearer, CostBearerInput } from '../api/cost-bearer-queries';
import {
  COST_BEARER_SERVER_FIELDS,
  costBearerFormSchema,
  costBearerFormValues,
  toCostBearerInput,
} from '../schemas/cost-bearer-form';
import { useCostBearersTranslation } from '../use-cost-bearers-translation';

export type CostBearerFormDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The cost bearer to edit; absent to create one. */
  costBearer?: CostBearer;
  /** Saves; a rejected promise with an `ApiError` shows its field errors in the form. */
  onSubmit: (input: CostBearerInput) => Promise<unknown>;
  isPending?: boolean;
};

/** Create or edit a cost bearer in a dialog; checks the input before it asks the server. */
export function CostBearerFormDialog({
  isOpen,
  onOpenChange,
  costBearer,
  onSubmit,
  isPending,
}: CostBearerFormDialogProps) {
  const { t } = useCostBearersTranslation();
  const form = useApiForm({
    schema: costBearerFormSchema,
    defaultValues: costBearerFormValues(costBearer),
    submit: async (values) => {
      await onSubmit(toCostBearerInput(values, costBearer));
      onOpenChange(false);
    },
    serverFields: COST_BEARER_SERVER_FIELDS,
    t,
    describeFailure: (error) => (isApiError(error) ? undefined : 'messages.operation_error'),
  });
  const { control, reset, setProblems } = form;

  useEffect(() => {
    if (isOpen) {
      reset(costBearerFormValues(costBearer));
      setProblems([]);
    }
  }, [isOpen, costBearer, reset, setProblems]);

  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} size="lg">
      <Dialog title={costBearer ? t('form.editTitle') : t('form.createTitle')}>
        {({ close }) => (
          <ApiForm form={form} className="gap-5 px-6 pt-4 pb-5">
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
            <FieldSet legend={t('form.addressSection')} layout="wide-narrow">
              <FormTextField
                control={control}
                name="street"
                label={t('form.street')}
                maxLength={100}
              />
              <FormTextField
                control={control}
                name="houseNumber"
                label={t('form.houseNumber')}
                maxLength={10}
              />
              <FormTextField control={control} name="city" label={t('form.city')} maxLength={100} />
              <FormTextField
                control={control}
                name="postalCode"
                label={t('form.postalCode')}
                maxLength={5}
              />
            </FieldSet>
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
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onPress={close}>
                {t('form.cancel')}
              </Button>
              <Button type="submit" isPending={isPending}>
                {t('form.save')}
              </Button>
            </div>
          </ApiForm>
        )}
      </Dialog>
    </Modal>
  );
}
