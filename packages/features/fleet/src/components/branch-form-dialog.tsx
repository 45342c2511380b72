import {
  type EditDialogProps,
  FormCheckbox,
  FormDialog,
  FormNumberField,
  FormSelect,
  FormSwitch,
  FormTextField,
  FormTimeField,
} from '@fahrwerk/core';
import { Checkbox, FieldColumns } from '@fahrwerk/ui';
import type { Branch, BranchInput, PriceList } from '../api/fleet-queries';
import {
  BRANCH_SERVER_FIELDS,
  branchFormSchema,
  branchToForm,
  emptyBranchForm,
  formToBranchInput,
} from '../schemas/branch-form';
import { useFleetTranslation } from '../use-fleet-translation';

export type BranchFormDialogProps = EditDialogProps<BranchInput> & {
  /** The branch to edit; a new one without. */
  branch?: Branch;
  /** Active price lists that are no templates. */
  priceLists: PriceList[];
};

/** Create or edit a branch in a modal; opening hours have their own dialog. */
export function BranchFormDialog({
  branch,
  priceLists,
  onSubmit,
  ...dialog
}: BranchFormDialogProps) {
  const { t } = useFleetTranslation();
  return (
    <FormDialog
      {...dialog}
      size="lg"
      title={t(branch ? 'branchForm.titleEdit' : 'branchForm.titleNew')}
      schema={branchFormSchema}
      defaultValues={branch ? branchToForm(branch) : emptyBranchForm()}
      submit={(values) => onSubmit(formToBranchInput(values, branch))}
      serverFields={BRANCH_SERVER_FIELDS}
      t={t}
    >
      {({ control, watch }) => (
        <>
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
            {watch('instructorsWrite') ? (
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
        </>
      )}
    </FormDialog>
  );
}
