import {
  ApiForm,
  type ApiFormApi,
  FormFieldError,
  FormSelect,
  FormSwitch,
  FormTextField,
  useApiForm,
} from '@fahrwerk/core';
import { Button, Dialog, Modal } from '@fahrwerk/ui';
import type { PriceListInput } from '../api/price-queries';
import {
  emptyPriceListForm,
  formToPriceListInput,
  type PriceListForm,
  priceListFormSchema,
} from '../schemas/price-list-form';
import { usePriceListsTranslation } from '../use-price-lists-translation';
import { vatOptions } from './vat';

export type PriceListFormDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onSubmit: (input: PriceListInput) => Promise<unknown>;
};

/** Creates an empty price list (copying one keeps its prices: see the editor). */
export function PriceListFormDialog({ isOpen, onOpenChange, onSubmit }: PriceListFormDialogProps) {
  const { t } = usePriceListsTranslation();
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange}>
      <Dialog title={t('priceLists.createTitle')}>
        {({ close }) => <Body onSubmit={onSubmit} onDone={close} />}
      </Dialog>
    </Modal>
  );
}

function Body({
  onSubmit,
  onDone,
}: {
  onSubmit: (input: PriceListInput) => Promise<unknown>;
  onDone: () => void;
}) {
  const { t } = usePriceListsTranslation();
  const form = useApiForm({
    schema: priceListFormSchema,
    defaultValues: emptyPriceListForm(),
    submit: async (values) => {
      await onSubmit(formToPriceListInput(values));
      onDone();
    },
    t,
  });
  return (
    <ApiForm form={form}>
      <PriceListFields control={form.control} withName />
      <div className="flex justify-end gap-2 border-t border-neutral-100 pt-4">
        <Button variant="secondary" onPress={onDone}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" isPending={form.formState.isSubmitting}>
          {t('actions.save')}
        </Button>
      </div>
    </ApiForm>
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
