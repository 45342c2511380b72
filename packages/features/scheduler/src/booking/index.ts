export {
  AppointmentDialog,
  type AppointmentDialogProps,
  readOnlyReason,
} from './appointment-dialog';
export type { InstructorOption } from './appointment-fields';
export { appointmentToInput } from './appointment-form';
export type { FindingGroup } from './booking-checks';
export {
  BookingConflictDialog,
  type BookingConflictDialogProps,
} from './booking-conflict-dialog';
export type { Appointment, AppointmentInput, SeriesScope } from './booking-types';
export {
  DrivingLessonActions,
  type DrivingLessonActionsProps,
} from './driving-lesson-actions';
export { SignatureDialog, type SignatureDialogProps } from './signature-dialog';
export { type BookingFlow, type BookOptions, useBookingFlow } from './use-booking-flow';
