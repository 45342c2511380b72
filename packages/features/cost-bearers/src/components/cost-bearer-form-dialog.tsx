import { isApiError } from '@fahrwerk/api';
import { Button, Dialog, Modal, Select, SelectItem, TextField } from '@fahrwerk/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { type Control, Controller, type FieldPath, useForm } from 'react-hook-form';
import type { CostBearer, CostBearerInput } from '../api/cost-bearer-queries';
import {
  COST_BEARER_KINDS,
  type CostBearerForm,
  type CostBearerFormInput,
  costBearerFormSchema,
  costBearerFormValues,
  E_INVOICE_FORMATS,
  toCostBearerInput,
} from '../schemas/cost-bearer-form';
import { coreText, errorText, useCostBearersTranslation } from '../use-cost-bearers-translation';

export type CostBearerFormDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The cost bearer to edit; absent to create one. */
  costBearer?: CostBearer;
  /** Saves; a rejected promise with an `ApiError` shows its field errors in the form. */
  onSubmit: (input: CostBearerInput) => Promise<unknown>;
  isPending?: boolean;
};

const FORM_FIELDS = [
  'kind',
  'name',
  'contactPerson',
  'email',
  'phone',
  'street',
  'houseNumber',
  'postalCode',
  'city',
  'iban',
  'bic',
  'eInvoiceFormat',
  'leitwegId',
  'customerNumber',
] as const satisfies readonly FieldPath<CostBearerFormInput>[];

/** Server field names (`address.postalCode`) as form fields (`postalCode`). */
function formField(field: string): FieldPath<CostBearerFormInput> | null {
  const name = field.startsWith('address.') ? field.slice('address.'.length) : field;
  return (FORM_FIELDS as readonly string[]).includes(name)
    ? (name as FieldPath<CostBearerFormInput>)
    : null;
}

function FormText({
  control,
  name,
  label,
  description,
  type,
  isRequired,
  maxLength,
}: {
  control: Control<CostBearerFormInput>;
  name: Exclude<FieldPath<CostBearerFormInput>, 'kind' | 'eInvoiceFormat'>;
  label: string;
  description?: string;
  type?: 'email' | 'tel';
  isRequired?: boolean;
  maxLength?: number;
}) {
  const { t } = useCostBearersTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          description={description}
          type={type}
          isRequired={isRequired}
          maxLength={maxLength}
          validationBehavior="aria"
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          isInvalid={fieldState.invalid}
          errorMessage={
            fieldState.error?.message && t(fieldState.error.message, { max: maxLength })
          }
        />
      )}
    />
  );
}

/** Create or edit a cost bearer in a dialog; checks the input before it asks the server. */
export function CostBearerFormDialog({
  isOpen,
  onOpenChange,
  costBearer,
  onSubmit,
  isPending,
}: CostBearerFormDialogProps) {
  const { t } = useCostBearersTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError } = useForm<
    CostBearerFormInput,
    unknown,
    CostBearerForm
  >({
    resolver: zodResolver(costBearerFormSchema),
    defaultValues: costBearerFormValues(costBearer),
  });

  useEffect(() => {
    if (isOpen) {
      reset(costBearerFormValues(costBearer));
      setFailure(null);
    }
  }, [isOpen, costBearer, reset]);

  const submit = handleSubmit(async (form) => {
    setFailure(null);
    try {
      await onSubmit(toCostBearerInput(form, costBearer));
      onOpenChange(false);
    } catch (error) {
      let shown = false;
      if (isApiError(error)) {
        for (const fieldError of error.fieldErrors) {
          const name = formField(fieldError.field);
          if (name) {
            setError(name, { message: coreText(t, fieldError.error) });
            shown = true;
          }
        }
      }
      if (!shown) setFailure(errorText(error, t, 'messages.operation_error'));
    }
  });

  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} size="lg">
      <Dialog title={costBearer ? t('form.editTitle') : t('form.createTitle')}>
        {({ close }) => (
          <form noValidate onSubmit={submit} className="flex flex-col gap-5 px-6 pt-4 pb-5">
            {failure ? (
              <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
                {failure}
              </p>
            ) : null}
            <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <legend className="mb-2 text-sm font-semibold text-neutral-900">
                {t('form.master')}
              </legend>
              <Controller
                control={control}
                name="kind"
                render={({ field }) => (
                  <Select
                    label={t('form.kind')}
                    isRequired
                    selectedKey={field.value}
                    onSelectionChange={(key) => field.onChange(key)}
                  >
                    {COST_BEARER_KINDS.map((kind) => (
                      <SelectItem key={kind} id={kind}>
                        {t(`kind.${kind}`)}
                      </SelectItem>
                    ))}
                  </Select>
                )}
              />
              <FormText
                control={control}
                name="name"
                label={t('form.name')}
                description={t('form.nameDescription')}
                isRequired
                maxLength={200}
              />
              <FormText
                control={control}
                name="contactPerson"
                label={t('form.contactPerson')}
                maxLength={100}
              />
              <FormText
                control={control}
                name="customerNumber"
                label={t('form.customerNumber')}
                description={t('form.customerNumberDescription')}
                maxLength={35}
              />
              <FormText
                control={control}
                name="email"
                type="email"
                label={t('form.email')}
                maxLength={254}
              />
              <FormText
                control={control}
                name="phone"
                type="tel"
                label={t('form.phone')}
                maxLength={30}
              />
            </fieldset>
            <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-[3fr_1fr]">
              <legend className="mb-2 text-sm font-semibold text-neutral-900">
                {t('form.addressSection')}
              </legend>
              <FormText control={control} name="street" label={t('form.street')} maxLength={100} />
              <FormText
                control={control}
                name="houseNumber"
                label={t('form.houseNumber')}
                maxLength={10}
              />
              <FormText control={control} name="city" label={t('form.city')} maxLength={100} />
              <FormText
                control={control}
                name="postalCode"
                label={t('form.postalCode')}
                maxLength={5}
              />
            </fieldset>
            <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <legend className="mb-2 text-sm font-semibold text-neutral-900">
                {t('form.bankSection')}
              </legend>
              <FormText control={control} name="iban" label={t('form.iban')} maxLength={42} />
              <FormText control={control} name="bic" label={t('form.bic')} maxLength={14} />
              <Controller
                control={control}
                name="eInvoiceFormat"
                render={({ field }) => (
                  <Select
                    label={t('form.eInvoiceFormat')}
                    isRequired
                    selectedKey={field.value}
                    onSelectionChange={(key) => field.onChange(key)}
                  >
                    {E_INVOICE_FORMATS.map((format) => (
                      <SelectItem key={format} id={format}>
                        {t(`eInvoiceFormat.${format}`)}
                      </SelectItem>
                    ))}
                  </Select>
                )}
              />
              <FormText
                control={control}
                name="leitwegId"
                label={t('form.leitwegId')}
                description={t('form.leitwegIdDescription')}
                maxLength={46}
              />
            </fieldset>
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onPress={close}>
                {t('form.cancel')}
              </Button>
              <Button type="submit" isPending={isPending}>
                {t('form.save')}
              </Button>
            </div>
          </form>
        )}
      </Dialog>
    </Modal>
  );
}
