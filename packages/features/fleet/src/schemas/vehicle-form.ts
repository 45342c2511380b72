import { LICENSE_CLASSES, TRANSMISSIONS, VEHICLE_KINDS } from '@fahrwerk/api';
import { z } from 'zod';
import type { Vehicle, VehicleInput, VehicleKind } from '../api/fleet-queries';

/* The vehicle form. Messages are keys of the fleet texts (`form.errors.*`). */

// The vehicle list's class filter takes the contract's classes from here.

/** The contract's `LicensePlate`: district, hyphen, letters, space, digits, E/H. */
export const PLATE_PATTERN = /^[A-ZÄÖÜ]{1,3}-[A-Z]{1,2} [1-9][0-9]{0,3}[EH]?$/;
/** The VIN (Fahrgestellnummer): 17 characters, no I, O or Q (ISO 3779). */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

/** Kinds that take a safety check (SP): trucks, buses and their trailers (§ 29 StVZO). */
export const SAFETY_CHECK_KINDS: VehicleKind[] = ['TRUCK', 'BUS', 'TRAILER'];

const month = z.number().int().min(1).max(12).nullable();

export const vehicleFormSchema = z
  .object({
    name: z.string().trim().min(1, 'form.errors.nameRequired').max(100, 'form.errors.tooLong'),
    plate: z
      .string()
      .trim()
      .min(1, 'form.errors.plateRequired')
      .regex(PLATE_PATTERN, 'form.errors.platePattern'),
    kind: z.enum(VEHICLE_KINDS, { error: 'form.errors.kindRequired' }),
    transmission: z.enum(TRANSMISSIONS).nullable(),
    licenseClasses: z.array(z.enum(LICENSE_CLASSES)).min(1, 'form.errors.classesRequired'),
    chassisNumber: z
      .string()
      .trim()
      .refine((value) => value === '' || value.length === 17, 'form.errors.vinLength')
      .refine((value) => value === '' || VIN_PATTERN.test(value), 'form.errors.vinPattern'),
    mainInspectionDate: z.string().nullable(),
    safetyCheckDate: z.string().nullable(),
    closureFromMonth: month,
    closureToMonth: month,
    branchId: z.number().nullable(),
  })
  .superRefine((form, context) => {
    if (form.kind !== 'TRAILER' && form.transmission === null) {
      context.addIssue({
        code: 'custom',
        path: ['transmission'],
        message: 'form.errors.transmissionRequired',
      });
    }
    if (form.safetyCheckDate && !SAFETY_CHECK_KINDS.includes(form.kind)) {
      context.addIssue({
        code: 'custom',
        path: ['safetyCheckDate'],
        message: 'form.errors.safetyCheckKind',
      });
    }
    if ((form.closureFromMonth === null) !== (form.closureToMonth === null)) {
      context.addIssue({
        code: 'custom',
        path: [form.closureFromMonth === null ? 'closureFromMonth' : 'closureToMonth'],
        message: 'form.errors.closureBoth',
      });
    }
  });

export type VehicleForm = z.input<typeof vehicleFormSchema>;

export const emptyVehicleForm = (): VehicleForm => ({
  name: '',
  plate: '',
  kind: 'CAR',
  transmission: null,
  licenseClasses: [],
  chassisNumber: '',
  mainInspectionDate: null,
  safetyCheckDate: null,
  closureFromMonth: null,
  closureToMonth: null,
  branchId: null,
});

export const vehicleToForm = (vehicle: Vehicle): VehicleForm => ({
  name: vehicle.name,
  plate: vehicle.plate,
  kind: vehicle.kind,
  transmission: vehicle.transmission ?? null,
  licenseClasses: vehicle.licenseClasses,
  chassisNumber: vehicle.chassisNumber ?? '',
  mainInspectionDate: vehicle.mainInspectionDate ?? null,
  safetyCheckDate: vehicle.safetyCheckDate ?? null,
  closureFromMonth: vehicle.seasonalClosure?.fromMonth ?? null,
  closureToMonth: vehicle.seasonalClosure?.toMonth ?? null,
  branchId: vehicle.branchId ?? null,
});

/** The body of POST/PUT /vehicles; the form does not edit the instructors, they go back unchanged. */
export function formToVehicleInput(form: VehicleForm, current?: Vehicle): VehicleInput {
  const input: VehicleInput = {
    name: form.name.trim(),
    plate: form.plate.trim(),
    kind: form.kind,
    licenseClasses: form.licenseClasses,
    instructorIds: current?.instructorIds ?? [],
  };
  if (form.kind !== 'TRAILER' && form.transmission) input.transmission = form.transmission;
  if (form.chassisNumber.trim()) input.chassisNumber = form.chassisNumber.trim();
  if (form.mainInspectionDate) input.mainInspectionDate = form.mainInspectionDate;
  if (form.safetyCheckDate) input.safetyCheckDate = form.safetyCheckDate;
  if (form.closureFromMonth !== null && form.closureToMonth !== null) {
    input.seasonalClosure = { fromMonth: form.closureFromMonth, toMonth: form.closureToMonth };
  }
  if (form.branchId !== null) input.branchId = form.branchId;
  return input;
}

/** Server field names that differ from the form's (the rest land on the field of their name). */
export const VEHICLE_SERVER_FIELDS = {
  seasonalClosure: 'closureFromMonth',
  'seasonalClosure.fromMonth': 'closureFromMonth',
  'seasonalClosure.toMonth': 'closureToMonth',
} as const satisfies Record<string, keyof VehicleForm>;
