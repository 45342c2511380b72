import { LICENSE_CLASSES, TRANSMISSIONS, VEHICLE_KINDS } from '@fahrwerk/api';
import {
  type ApiFormOf,
  type EditDialogProps,
  FormCheckboxGroup,
  FormCodeField,
  FormDateField,
  FormDialog,
  FormSelect,
  FormTextField,
} from '@fahrwerk/core';
import { FieldColumns, FieldSpan } from '@fahrwerk/ui';
import { useEffect } from 'react';
import type { Branch, Vehicle, VehicleInput } from '../api/fleet-queries';
import {
  emptyVehicleForm,
  formToVehicleInput,
  SAFETY_CHECK_KINDS,
  VEHICLE_SERVER_FIELDS,
  vehicleFormSchema,
  vehicleToForm,
} from '../schemas/vehicle-form';
import { useFleetTranslation } from '../use-fleet-translation';

export type VehicleFormDialogProps = EditDialogProps<VehicleInput> & {
  /** The vehicle to edit; a new one without. */
  vehicle?: Vehicle;
  /** The school's active branches to choose from. */
  branches: Branch[];
};

const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);

/** Create or edit a vehicle in a modal. */
export function VehicleFormDialog({
  vehicle,
  branches,
  onSubmit,
  ...dialog
}: VehicleFormDialogProps) {
  const { t } = useFleetTranslation();
  return (
    <FormDialog
      {...dialog}
      size="lg"
      title={t(vehicle ? 'vehicleForm.titleEdit' : 'vehicleForm.titleNew')}
      schema={vehicleFormSchema}
      defaultValues={vehicle ? vehicleToForm(vehicle) : emptyVehicleForm()}
      submit={(values) => onSubmit(formToVehicleInput(values, vehicle))}
      serverFields={VEHICLE_SERVER_FIELDS}
      t={t}
    >
      {(form) => <VehicleFields form={form} branches={branches} />}
    </FormDialog>
  );
}

function VehicleFields({
  form,
  branches,
}: {
  form: ApiFormOf<typeof vehicleFormSchema>;
  branches: Branch[];
}) {
  const { t } = useFleetTranslation();
  const { control, watch, setValue } = form;
  const kind = watch('kind');
  const safetyCheckDate = watch('safetyCheckDate');

  // A trailer has no transmission of its own.
  useEffect(() => {
    if (kind === 'TRAILER') setValue('transmission', null);
  }, [kind, setValue]);

  const monthOptions = MONTHS.map((month) => ({ id: month, label: t(`months.${month}`) }));

  return (
    <FieldColumns>
      <FormTextField
        control={control}
        name="name"
        label={t('vehicleForm.name')}
        description={t('vehicleForm.nameHint')}
        isRequired
        maxLength={100}
      />
      <FormCodeField
        control={control}
        name="plate"
        label={t('vehicleForm.plate')}
        description={t('vehicleForm.plateHint')}
        isRequired
        maxLength={12}
      />
      <FormSelect
        control={control}
        name="kind"
        label={t('vehicleForm.kind')}
        isRequired
        options={VEHICLE_KINDS.map((id) => ({ id, label: t(`kinds.${id}`) }))}
      />
      <FormSelect
        control={control}
        name="transmission"
        label={t('vehicleForm.transmission')}
        isRequired={kind !== 'TRAILER'}
        isDisabled={kind === 'TRAILER'}
        description={kind === 'TRAILER' ? t('vehicleForm.noTransmission') : undefined}
        emptyValue={null}
        options={TRANSMISSIONS.map((id) => ({ id, label: t(`transmissions.${id}`) }))}
      />
      <FieldSpan>
        <FormCheckboxGroup
          control={control}
          name="licenseClasses"
          label={t('vehicleForm.classes')}
          isRequired
          layout="row"
          options={LICENSE_CLASSES.map((id) => ({ id, label: id }))}
        />
      </FieldSpan>
      <FormCodeField
        control={control}
        name="chassisNumber"
        label={t('vehicleForm.chassisNumber')}
        description={t('vehicleForm.chassisHint')}
        maxLength={17}
      />
      <FormSelect
        control={control}
        name="branchId"
        label={t('vehicleForm.branch')}
        noneLabel={t('vehicleForm.noBranch')}
        emptyValue={null}
        options={branches.map((branch) => ({ id: branch.id, label: branch.name }))}
      />
      <FormDateField
        control={control}
        name="mainInspectionDate"
        label={t('vehicleForm.mainInspectionDate')}
      />
      <FormDateField
        control={control}
        name="safetyCheckDate"
        label={t('vehicleForm.safetyCheckDate')}
        description={t('vehicleForm.safetyHint')}
        isDisabled={!SAFETY_CHECK_KINDS.includes(kind) && !safetyCheckDate}
      />
      <FormSelect
        control={control}
        name="closureFromMonth"
        label={t('vehicleForm.closureFrom')}
        description={t('vehicleForm.closureHint')}
        noneLabel={t('vehicleForm.noMonth')}
        emptyValue={null}
        options={monthOptions}
      />
      <FormSelect
        control={control}
        name="closureToMonth"
        label={t('vehicleForm.closureTo')}
        noneLabel={t('vehicleForm.noMonth')}
        emptyValue={null}
        options={monthOptions}
      />
    </FieldColumns>
  );
}
