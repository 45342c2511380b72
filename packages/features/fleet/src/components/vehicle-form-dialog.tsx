import { invalidProps } from '@fahrwerk/core';
import {
  Button,
  Checkbox,
  CheckboxGroup,
  DateField,
  Dialog,
  Modal,
  Select,
  TextField,
} from '@fahrwerk/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { Branch, Vehicle, VehicleInput } from '../api/fleet-queries';
import {
  emptyVehicleForm,
  formToVehicleInput,
  LICENSE_CLASSES,
  SAFETY_CHECK_KINDS,
  VEHICLE_KINDS,
  VEHICLE_SERVER_FIELDS,
  type VehicleForm,
  vehicleFormSchema,
  vehicleToForm,
} from '../schemas/vehicle-form';
import { applyServerErrors } from '../server-errors';
import { useFleetTranslation } from '../use-fleet-translation';
import { FormAlert } from './form-message';

export type VehicleFormDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The vehicle to edit; a new one without. */
  vehicle?: Vehicle;
  /** The school's active branches to choose from. */
  branches: Branch[];
  /** Saves; a rejected promise (ApiError) puts its field errors at the fields. */
  onSubmit: (input: VehicleInput) => Promise<unknown>;
  /** After a successful save, once the dialog has closed (e.g. for the success toast). */
  onSaved?: () => void;
};

const NONE = 'none';
const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);

/** Create or edit a vehicle in a modal. */
export function VehicleFormDialog({ isOpen, onOpenChange, ...props }: VehicleFormDialogProps) {
  const { t } = useFleetTranslation();
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} size="lg">
      <Dialog title={t(props.vehicle ? 'vehicleForm.titleEdit' : 'vehicleForm.titleNew')}>
        {({ close }) => <VehicleFormBody {...props} onDone={close} />}
      </Dialog>
    </Modal>
  );
}

function VehicleFormBody({
  vehicle,
  branches,
  onSubmit,
  onSaved,
  onDone,
}: Omit<VehicleFormDialogProps, 'isOpen' | 'onOpenChange'> & { onDone: () => void }) {
  const { t } = useFleetTranslation();
  const [problems, setProblems] = useState<string[]>([]);
  const { control, handleSubmit, setError, watch, setValue, formState } = useForm<VehicleForm>({
    resolver: zodResolver(vehicleFormSchema),
    defaultValues: vehicle ? vehicleToForm(vehicle) : emptyVehicleForm(),
  });
  const kind = watch('kind');

  const submit = handleSubmit(async (form) => {
    setProblems([]);
    try {
      await onSubmit(formToVehicleInput(form));
      onDone();
      onSaved?.();
    } catch (error) {
      setProblems(applyServerErrors(error, setError, VEHICLE_SERVER_FIELDS));
    }
  });

  const monthItems = [
    { id: NONE, label: t('vehicleForm.noMonth') },
    ...MONTHS.map((month) => ({ id: String(month), label: t(`months.${month}`) })),
  ];

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
              label={t('vehicleForm.name')}
              description={t('vehicleForm.nameHint')}
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
          name="plate"
          render={({ field, fieldState }) => (
            <TextField
              label={t('vehicleForm.plate')}
              description={t('vehicleForm.plateHint')}
              isRequired
              maxLength={12}
              name={field.name}
              value={field.value}
              // Plates are upper case; typing in lower case is no mistake.
              onChange={(value) => field.onChange(value.toUpperCase())}
              onBlur={field.onBlur}
              {...invalidProps(fieldState.error, t)}
            />
          )}
        />
        <Controller
          control={control}
          name="kind"
          render={({ field, fieldState }) => (
            <Select
              label={t('vehicleForm.kind')}
              isRequired
              items={VEHICLE_KINDS.map((id) => ({ id, label: t(`kinds.${id}`) }))}
              selectedKey={field.value}
              onSelectionChange={(key) => {
                field.onChange(key);
                if (key === 'TRAILER') setValue('transmission', null);
              }}
              {...invalidProps(fieldState.error, t)}
            />
          )}
        />
        <Controller
          control={control}
          name="transmission"
          render={({ field, fieldState }) => (
            <Select
              label={t('vehicleForm.transmission')}
              isRequired={kind !== 'TRAILER'}
              isDisabled={kind === 'TRAILER'}
              description={kind === 'TRAILER' ? t('vehicleForm.noTransmission') : undefined}
              items={(['MANUAL', 'AUTOMATIC'] as const).map((id) => ({
                id,
                label: t(`transmissions.${id}`),
              }))}
              selectedKey={field.value}
              onSelectionChange={(key) => field.onChange(key)}
              {...invalidProps(fieldState.error, t)}
            />
          )}
        />
      </div>
      <Controller
        control={control}
        name="licenseClasses"
        render={({ field, fieldState }) => (
          <CheckboxGroup
            label={t('vehicleForm.classes')}
            isRequired
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
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name="chassisNumber"
          render={({ field, fieldState }) => (
            <TextField
              label={t('vehicleForm.chassisNumber')}
              description={t('vehicleForm.chassisHint')}
              maxLength={17}
              name={field.name}
              value={field.value}
              onChange={(value) => field.onChange(value.toUpperCase())}
              onBlur={field.onBlur}
              {...invalidProps(fieldState.error, t)}
            />
          )}
        />
        <Controller
          control={control}
          name="branchId"
          render={({ field, fieldState }) => (
            <Select
              label={t('vehicleForm.branch')}
              items={[
                { id: NONE, label: t('vehicleForm.noBranch') },
                ...branches.map((branch) => ({ id: String(branch.id), label: branch.name })),
              ]}
              selectedKey={field.value === null ? NONE : String(field.value)}
              onSelectionChange={(key) => field.onChange(key === NONE ? null : Number(key))}
              {...invalidProps(fieldState.error, t)}
            />
          )}
        />
        <Controller
          control={control}
          name="mainInspectionDate"
          render={({ field, fieldState }) => (
            <DateField
              label={t('vehicleForm.mainInspectionDate')}
              value={field.value}
              onChange={field.onChange}
              {...invalidProps(fieldState.error, t)}
            />
          )}
        />
        <Controller
          control={control}
          name="safetyCheckDate"
          render={({ field, fieldState }) => (
            <DateField
              label={t('vehicleForm.safetyCheckDate')}
              description={t('vehicleForm.safetyHint')}
              isDisabled={!SAFETY_CHECK_KINDS.includes(kind) && !field.value}
              value={field.value}
              onChange={field.onChange}
              {...invalidProps(fieldState.error, t)}
            />
          )}
        />
        <Controller
          control={control}
          name="closureFromMonth"
          render={({ field, fieldState }) => (
            <Select
              label={t('vehicleForm.closureFrom')}
              description={t('vehicleForm.closureHint')}
              items={monthItems}
              selectedKey={field.value === null ? NONE : String(field.value)}
              onSelectionChange={(key) => field.onChange(key === NONE ? null : Number(key))}
              {...invalidProps(fieldState.error, t)}
            />
          )}
        />
        <Controller
          control={control}
          name="closureToMonth"
          render={({ field, fieldState }) => (
            <Select
              label={t('vehicleForm.closureTo')}
              items={monthItems}
              selectedKey={field.value === null ? NONE : String(field.value)}
              onSelectionChange={(key) => field.onChange(key === NONE ? null : Number(key))}
              {...invalidProps(fieldState.error, t)}
            />
          )}
        />
      </div>
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
