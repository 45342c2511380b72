import { HOUR_TYPES, LICENSE_CLASSES } from '@fahrwerk/api';
import { z } from 'zod';
import {
  APPOINTMENT_TYPES,
  type Appointment,
  type AppointmentInput,
  type AppointmentType,
  LESSON_MINUTES,
  PAYROLL_TYPES,
  REPEAT_RULES,
  STUDENT_TYPES,
} from './booking-types';

/* The appointment form: zod schema and the DTO ↔ form mapping. Messages are text keys
   (`booking.form.errors.*` of this package, `validation.*` of core). */

const id = z.number().int().positive().nullable();
const km = z
  .number()
  .int('booking.form.errors.wholeNumber')
  .min(0, 'booking.form.errors.kmRange')
  .max(9_999_999, 'booking.form.errors.kmRange')
  .nullable();

/** Adds `months` to an ISO date (`2026-03-02` + 12 → `2027-03-02`; 31st clamps). */
export function addMonths(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/** A series may run at most one year from its first day (contract: `repeatUntil`). */
export const MAX_SERIES_MONTHS = 12;

export const appointmentFormSchema = z
  .object({
    type: z.enum(APPOINTMENT_TYPES),
    date: z.string().nullable(),
    startTime: z.string().nullable(),
    minutes: z
      .number()
      .int('booking.form.errors.wholeNumber')
      .min(5, 'booking.form.errors.minutesRange')
      .max(1440, 'booking.form.errors.minutesRange')
      .nullable(),
    studentId: id,
    studentEducationId: id,
    licenseClass: z.enum(LICENSE_CLASSES).nullable(),
    hourType: z.enum(HOUR_TYPES).nullable(),
    instructorId: id,
    vehicleId: id,
    trailerId: id,
    escortVehicleId: id,
    kmStart: km,
    kmEnd: km,
    kmDriven: z
      .number()
      .int('booking.form.errors.wholeNumber')
      .min(0, 'booking.form.errors.kmDrivenRange')
      .max(5000, 'booking.form.errors.kmDrivenRange')
      .nullable(),
    note: z.string().max(10_000, 'validation.max_length'),
    title: z.string().max(255, 'validation.max_length'),
    includeInPayroll: z.boolean(),
    repeatRule: z.enum(REPEAT_RULES),
    repeatUntil: z.string().nullable(),
  })
  .superRefine((form, context) => {
    const require = (path: keyof typeof form, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (!form.date) require('date', 'booking.form.errors.dateRequired');
    if (!form.startTime) require('startTime', 'booking.form.errors.startTimeRequired');
    if (form.minutes === null) require('minutes', 'booking.form.errors.minutesRequired');
    if (form.instructorId === null)
      require('instructorId', 'booking.form.errors.instructorRequired');
    if (STUDENT_TYPES.includes(form.type)) {
      if (form.studentId === null) require('studentId', 'booking.form.errors.studentRequired');
      else if (form.studentEducationId === null) {
        require('studentEducationId', 'booking.form.errors.educationRequired');
      }
    }
    if (form.type === 'DRIVING' && form.hourType === null) {
      require('hourType', 'booking.form.errors.hourTypeRequired');
    }
    if ((form.type === 'PRIVATE' || form.type === 'OTHER') && !form.title.trim()) {
      require('title', 'booking.form.errors.titleRequired');
    }
    if (form.kmStart !== null && form.kmEnd !== null && form.kmEnd < form.kmStart) {
      require('kmEnd', 'booking.form.errors.kmOrder');
    }
    if (form.repeatRule !== 'NONE') {
      if (!form.repeatUntil) require('repeatUntil', 'booking.form.errors.repeatUntilRequired');
      else if (form.date && form.repeatUntil < form.date) {
        require('repeatUntil', 'booking.form.errors.repeatUntilBeforeDate');
      } else if (form.date && form.repeatUntil > addMonths(form.date, MAX_SERIES_MONTHS)) {
        require('repeatUntil', 'booking.form.errors.repeatUntilTooLate');
      }
    }
  });

export type AppointmentForm = z.input<typeof appointmentFormSchema>;

/** The form of a new appointment, from what the calendar's slot gives (`initial`). */
export function emptyAppointmentForm(initial: Partial<AppointmentInput> = {}): AppointmentForm {
  const type: AppointmentType = initial.type ?? 'DRIVING';
  return {
    type,
    date: initial.date ?? null,
    startTime: initial.startTime ?? null,
    minutes: initial.minutes ?? (type === 'DRIVING' ? LESSON_MINUTES : null),
    studentId: initial.studentId ?? null,
    studentEducationId: initial.studentEducationId ?? null,
    licenseClass: initial.licenseClass ?? null,
    hourType: initial.hourType ?? (type === 'DRIVING' ? 'NORMAL' : null),
    instructorId: initial.instructorId ?? null,
    vehicleId: initial.vehicleId ?? null,
    trailerId: initial.trailerId ?? null,
    escortVehicleId: initial.escortVehicleId ?? null,
    kmStart: initial.kmStart ?? null,
    kmEnd: initial.kmEnd ?? null,
    kmDriven: initial.kmDriven ?? null,
    note: initial.note ?? '',
    title: initial.title ?? '',
    includeInPayroll: initial.includeInPayroll ?? PAYROLL_TYPES.includes(type),
    repeatRule: initial.repeatRule ?? 'NONE',
    repeatUntil: initial.repeatUntil ?? null,
  };
}

export function appointmentToForm(appointment: Appointment): AppointmentForm {
  return {
    type: appointment.type,
    date: appointment.date,
    startTime: appointment.startTime,
    minutes: appointment.minutes,
    studentId: appointment.studentId ?? null,
    studentEducationId: appointment.studentEducationId ?? null,
    licenseClass: appointment.licenseClass ?? null,
    hourType: appointment.hourType ?? null,
    instructorId: appointment.instructorId,
    vehicleId: appointment.vehicleId ?? null,
    trailerId: appointment.trailerId ?? null,
    escortVehicleId: appointment.escortVehicleId ?? null,
    kmStart: appointment.kmStart ?? null,
    kmEnd: appointment.kmEnd ?? null,
    kmDriven: appointment.kmDriven ?? null,
    note: appointment.note ?? '',
    title: appointment.title ?? '',
    includeInPayroll: appointment.includeInPayroll,
    repeatRule: appointment.repeatRule,
    repeatUntil: appointment.repeatUntil ?? null,
  };
}

/** Which parts of the form a type shows (and sends). */
export function fieldsOfType(type: AppointmentType) {
  const student = STUDENT_TYPES.includes(type);
  return {
    student,
    hourType: type === 'DRIVING',
    vehicles: student,
    km: student,
    title: !student,
  };
}

/**
 * The body of POST/PUT /appointments. A PUT replaces the whole row, so the fields of the
 * stored appointment the form does not edit (branch, cost bearer) go back unchanged; the
 * repeat fields only go with a new appointment (the server ignores them on a change). A new
 * one takes branch and cost bearer from `initial` (the calendar's filtered branch).
 */
export function formToAppointmentInput(
  form: AppointmentForm,
  current?: Appointment,
  initial: Partial<AppointmentInput> = {},
): AppointmentInput {
  const shown = fieldsOfType(form.type);
  const input: AppointmentInput = {
    type: form.type,
    date: form.date ?? '',
    startTime: form.startTime ?? '',
    minutes: form.minutes ?? 0,
    instructorId: form.instructorId ?? 0,
    includeInPayroll: form.includeInPayroll,
    // The server ignores the repeat fields of a change: the stored rule goes back as it is.
    repeatRule: current ? current.repeatRule : form.repeatRule,
    confirmSignatureRemoval: false,
  };
  const set = <K extends keyof AppointmentInput>(key: K, value: AppointmentInput[K] | null) => {
    if (value !== null && value !== undefined && value !== '') input[key] = value;
  };
  if (shown.student) {
    set('studentId', form.studentId);
    set('studentEducationId', form.studentEducationId);
    set('licenseClass', form.licenseClass);
  }
  if (shown.hourType) set('hourType', form.hourType);
  if (shown.vehicles) {
    set('vehicleId', form.vehicleId);
    set('trailerId', form.trailerId);
    set('escortVehicleId', form.escortVehicleId);
  }
  if (shown.km) {
    set('kmStart', form.kmStart);
    set('kmEnd', form.kmEnd);
    const driven =
      form.kmStart !== null && form.kmEnd !== null ? form.kmEnd - form.kmStart : form.kmDriven;
    set('kmDriven', driven);
  }
  if (shown.title) set('title', form.title.trim());
  set('note', form.note.trim());
  const kept = current ?? initial;
  set('branchId', kept.branchId ?? null);
  set('costBearerId', kept.costBearerId ?? null);
  if (!current && form.repeatRule !== 'NONE') set('repeatUntil', form.repeatUntil);
  return input;
}

const INPUT_KEYS = [
  'type',
  'date',
  'startTime',
  'minutes',
  'studentId',
  'studentEducationId',
  'licenseClass',
  'hourType',
  'instructorId',
  'vehicleId',
  'trailerId',
  'escortVehicleId',
  'kmStart',
  'kmEnd',
  'kmDriven',
  'note',
  'title',
  'includeInPayroll',
  'branchId',
  'costBearerId',
] as const satisfies readonly (keyof AppointmentInput & keyof Appointment)[];

/** The stored appointment as a body again, unchanged (the release changes nothing else). */
export function appointmentToInput(appointment: Appointment): AppointmentInput {
  const input: Record<string, unknown> = {
    repeatRule: appointment.repeatRule,
    confirmSignatureRemoval: false,
  };
  for (const key of INPUT_KEYS) {
    if (appointment[key] !== undefined) input[key] = appointment[key];
  }
  return input as AppointmentInput;
}

/** Server field names that differ from the form's. */
export const APPOINTMENT_SERVER_FIELDS = {} as const satisfies Record<
  string,
  keyof AppointmentForm
>;
