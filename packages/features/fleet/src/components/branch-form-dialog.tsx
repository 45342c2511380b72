import { invalidProps } from '@fahrwerk/core';
import {
  Button,
  Checkbox,
  Dialog,
  Modal,
  NumberField,
  Select,
  Switch,
  TextField,
  TimeField,
} from '@fahrwerk/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { Branch, BranchInput, PriceList } from '../api/fleet-queries';
import {
  BRANCH_SERVER_FIELDS,
  type BranchForm,
  branchFormSchema,
  branchToForm,
  emptyBranchForm,
  formToBranchInput,
} from '../schemas/branch-form';
import { applyServerErrors } from '../server-errors';
import { useFleetTranslation } from '../use-fleet-translation';
import { FormAlert } from './form-message';

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

const STANDARD = 'standard';

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
  const [problems, setProblems] = useState<string[]>([]);
  const { control, handleSubmit, setError, formState, watch } = useForm<BranchForm>({
    resolver: zodResolver(branchFormSchema),
    defaultValues: branch ? branchToForm(branch) : emptyBranchForm(),
  });
  const writes = watch('instructorsWrite');

  const submit = handleSubmit(async (form) => {
    setProblems([]);
    try {
      await onSubmit(formToBranchInput(form, branch));
      onDone();
      onSaved?.();
    } catch (error) {
      setProblems(applyServerErrors(error, setError, BRANCH_SERVER_FIELDS));
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
          name="name"
          render={({ field, fieldState }) => (
            <TextField
              label={t('branchForm.name')}
              isRequired
              maxLength={100}
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
          name="abbreviation"
          render={({ field, fieldState }) => (
            <TextField
              label={t('branchForm.abbreviation')}
              description={t('branchForm.abbreviationHint')}
              isRequired
              maxLength={10}
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
          name="priceListId"
          render={({ field, fieldState }) => (
            <Select
              label={t('branchForm.priceList')}
              items={[
                { id: STANDARD, label: t('branchForm.standardPriceList') },
                ...priceLists.map((list) => ({ id: String(list.id), label: list.name })),
              ]}
              selectedKey={field.value === null ? STANDARD : String(field.value)}
              onSelectionChange={(key) => field.onChange(key === STANDARD ? null : Number(key))}
              {...invalidProps(fieldState.error, t)}
            />
          )}
        />
        <Controller
          control={control}
          name="defaultDrivingLessonDuration"
          render={({ field, fieldState }) => (
            <NumberField
              label={t('branchForm.duration')}
              unit={t('branchForm.minutes')}
              description={t('branchForm.durationHint')}
              isRequired
              // No min/max/step here: the field would silently round 47 to 45; the schema
              // says what is wrong instead.
              value={field.value ?? Number.NaN}
              onChange={(value) => field.onChange(Number.isNaN(value) ? null : value)}
              onBlur={field.onBlur}
              {...invalidProps(fieldState.error, t)}
            />
          )}
        />
        <Controller
          control={control}
          name="workCorridorFrom"
          render={({ field, fieldState }) => (
            <TimeField
              label={t('branchForm.corridorFrom')}
              description={t('branchForm.corridorHint')}
              isRequired
              value={field.value}
              onChange={field.onChange}
              {...invalidProps(fieldState.error, t)}
            />
          )}
        />
        <Controller
          control={control}
          name="workCorridorTo"
          render={({ field, fieldState }) => (
            <TimeField
              label={t('branchForm.corridorTo')}
              isRequired
              value={field.value}
              onChange={field.onChange}
              {...invalidProps(fieldState.error, t)}
            />
          )}
        />
      </div>
      <Controller
        control={control}
        name="showOnWebsite"
        render={({ field }) => (
          <Switch isSelected={field.value} onChange={field.onChange}>
            {t('branchForm.showOnWebsite')}
          </Switch>
        )}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-neutral-800">
          {t('branchForm.share')}
        </legend>
        <Controller
          control={control}
          name="instructorsRead"
          render={({ field }) => (
            <Checkbox
              // Booking into a calendar implies seeing it.
              isSelected={field.value || writes}
              isDisabled={writes}
              onChange={field.onChange}
            >
              {t('branchForm.shareRead')}
            </Checkbox>
          )}
        />
        <Controller
          control={control}
          name="instructorsWrite"
          render={({ field }) => (
            <Checkbox
              isSelected={field.value}
              onChange={field.onChange}
              description={t('branchForm.shareWriteHint')}
            >
              {t('branchForm.shareWrite')}
            </Checkbox>
          )}
        />
      </fieldset>
      <div className="flex justify-end gap-2 border-t border-neutral-100 pt-4">
        <Button variant="secondary" onPress={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" isPending={formState.isSubmitting}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}
