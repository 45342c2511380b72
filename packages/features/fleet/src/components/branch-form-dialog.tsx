import {
  ApiForm,
  FormCheckbox,
  FormNumberField,
  FormSelect,
  FormSwitch,
  FormTextField,
  FormTimeField,
  useApiForm,
} from '@fahrwerk/core';
import { Button, Checkbox, Dialog, FieldColumns, Modal } from '@fahrwerk/ui';
import type { Branch, BranchInput, PriceList } from '../api/fleet-queries';
import {
  BRANCH_SERVER_FIELDS,
  branchFormSchema,
  branchToForm,
  emptyBranchForm,
  formToBranchInput,
} from '../schemas/branch-form';
import { useFleetTranslation } from '../use-fleet-translation';

export type BranchFormDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The branch to edit; a new one without. */
  branch?: Branch;
  /** Active price lists that are no templates. */
  priceLists: PriceList[];
  /** Saves; a rejected promise (ApiError) puts its field errors at the fields. */
  onSubmit: (input: BranchInput) => Promise<unknown>;
  /** After a successful save, once the dialog has closed (e.g. for the success toast). */
  onSaved?: () => void;
};

/** Create or edit a branch in a modal; opening hours have their own dialog. */
export function BranchFormDialog({ isOpen, onOpenChange, ...props }: BranchFormDialogProps) {
  const { t } = useFleetTranslation();
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} size="lg">
      <Dialog title={t(props.branch ? 'branchForm.titleEdit' : 'branchForm.titleNew')}>
        {({ close }) => <BranchFormBody {...props} onDone={close} />}
      </Dialog>
    </Modal>
  );
}

function BranchFormBody({
  branch,
  priceLists,
  onSubmit,
  onSaved,
  onDone,
}: Omit<BranchFormDialogProps, 'isOpen' | 'onOpenChange'> & { onDone: () => void }) {
  const { t } = useFleetTranslation();
  const form = useApiForm({
    schema: branchFormSchema,
    defaultValues: branch ? branchToForm(branch) : emptyBranchForm(),
    submit: async (values) => {
      await onSubmit(formToBranchInput(values, branch));
      onDone();
      onSaved?.();
    },
    serverFields: BRANCH_SERVER_FIELDS,
    t,
  });
  const { control, formState, watch } = form;
  const writes = watch('instructorsWrite');

  return (
    <ApiForm form={form}>
      <FieldColumns>
        <FormTextField
          control={control}
          name="name"
          label={t('branchForm.name')}
          isRequired
          maxLength={100}
        />
        <FormTextField
          control={control}
          name="abbreviation"
          label={t('branchForm.abbreviation')}
          description={t('branchForm.abbreviationHint')}
          isRequired
          maxLength={10}
        />
        <FormSelect
          control={control}
          name="priceListId"
          label={t('branchForm.priceList')}
          noneLabel={t('branchForm.standardPriceList')}
          emptyValue={null}
          options={priceLists.map((list) => ({ id: list.id, label: list.name }))}
        />
        <FormNumberField
          control={control}
          name="defaultDrivingLessonDuration"
          label={t('branchForm.duration')}
          unit={t('branchForm.minutes')}
          description={t('branchForm.durationHint')}
          isRequired
          // No min/max/step here: the field would silently round 47 to 45; the schema
          // says what is wrong instead.
        />
        <FormTimeField
          control={control}
          name="workCorridorFrom"
          label={t('branchForm.corridorFrom')}
          description={t('branchForm.corridorHint')}
          isRequired
        />
        <FormTimeField
          control={control}
          name="workCorridorTo"
          label={t('branchForm.corridorTo')}
          isRequired
        />
      </FieldColumns>
      <FormSwitch control={control} name="showOnWebsite">
        {t('branchForm.showOnWebsite')}
      </FormSwitch>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-neutral-800">
          {t('branchForm.share')}
        </legend>
        {writes ? (
          // Booking into a calendar implies seeing it: shown checked, not changeable.
          <Checkbox isSelected isDisabled>
            {t('branchForm.shareRead')}
          </Checkbox>
        ) : (
          <FormCheckbox control={control} name="instructorsRead">
            {t('branchForm.shareRead')}
          </FormCheckbox>
        )}
        <FormCheckbox
          control={control}
          name="instructorsWrite"
          description={t('branchForm.shareWriteHint')}
        >
          {t('branchForm.shareWrite')}
        </FormCheckbox>
      </fieldset>
      <div className="flex justify-end gap-2 border-t border-neutral-100 pt-4">
        <Button variant="secondary" onPress={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" isPending={formState.isSubmitting}>
          {t('common.save')}
        </Button>
      </div>
    </ApiForm>
  );
}
