import type { components } from '@fahrwerk/api';

/* The contract's types the booking part works with, and its enumerations that
   `@fahrwerk/api` does not list yet, checked both ways against the generated unions. */

type Schemas = components['schemas'];

export type Appointment = Schemas['Appointment'];
export type AppointmentInput = Schemas['AppointmentInput'];
export type AppointmentType = Schemas['AppointmentType'];
export type RepeatRule = Schemas['RepeatRule'];
export type HourType = Schemas['HourType'];
export type LicenseClass = Schemas['LicenseClass'];
export type SeriesScope = Schemas['SeriesScope'];
export type BookingCheckRequest = Schemas['BookingCheckRequest'];
export type RepeatingBookingCheckRequest = Schemas['RepeatingBookingCheckRequest'];
export type BookingCheckResult = Schemas['BookingCheckResult'];
export type RepeatingBookingCheckResult = Schemas['RepeatingBookingCheckResult'];
export type OccurrenceCheckResult = Schemas['OccurrenceCheckResult'];
export type BookingFinding = Schemas['BookingFinding'];
export type BookingFindingKind = Schemas['BookingFindingKind'];
export type ConflictingAppointment = Schemas['ConflictingAppointment'];
export type StudentListItem = Schemas['StudentListItem'];
export type StudentEducation = Schemas['StudentEducation'];
export type Vehicle = Schemas['Vehicle'];
export type User = Schemas['User'];

/** Every member of `Union` listed once (else the typecheck names the missing one). */
function contractEnum<Union extends string>() {
  return <const Values extends readonly [Union, ...Union[]]>(
    values: Values &
      ([Exclude<Union, Values[number]>] extends [never]
        ? unknown
        : { missing: Exclude<Union, Values[number]> }),
  ): Values => values;
}

export const APPOINTMENT_TYPES = contractEnum<AppointmentType>()([
  'DRIVING',
  'THEORY',
  'EXAM',
  'PRIVATE',
  'OTHER',
]);

export const REPEAT_RULES = contractEnum<RepeatRule>()([
  'NONE',
  'DAILY',
  'WEEKDAYS',
  'WEEKLY',
  'MONTHLY',
  'YEARLY',
]);

export const SERIES_SCOPES = contractEnum<SeriesScope>()(['THIS', 'FOLLOWING', 'ALL']);

/** In the order the confirmation lists them: who is busy first, then hours, class, limit. */
export const BOOKING_FINDING_KINDS = contractEnum<BookingFindingKind>()([
  'INSTRUCTOR_OVERLAP',
  'VEHICLE_OVERLAP',
  'TRAILER_OVERLAP',
  'ESCORT_VEHICLE_OVERLAP',
  'OUTSIDE_WORKING_HOURS',
  'OUTSIDE_WORK_CORRIDOR',
  'CLASS_MISMATCH',
  'DAILY_LIMIT',
  'LOW_BALANCE',
]);

/** The length of a driving lesson and of a double lesson, in minutes. */
export const LESSON_MINUTES = 45;
export const DOUBLE_LESSON_MINUTES = 90;

/** Types whose minutes count towards payroll unless the user says otherwise (contract default). */
export const PAYROLL_TYPES: readonly AppointmentType[] = ['DRIVING', 'THEORY', 'EXAM'];

/** Types that are about one student and their education. */
export const STUDENT_TYPES: readonly AppointmentType[] = ['DRIVING', 'EXAM'];
