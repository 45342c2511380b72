export { AppointmentDialog, type AppointmentDialogProps } from './appointment-dialog';
export type { FindingGroup } from './booking-checks';
export {
  BookingConflictDialog,
  type BookingConflictDialogProps,
} from './booking-conflict-dialog';
export type { Appointment, AppointmentInput, SeriesScope } from './booking-types';
export { type BookingFlow, type BookOptions, useBookingFlow } from './use-booking-flow';
