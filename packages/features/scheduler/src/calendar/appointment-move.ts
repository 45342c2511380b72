import type { Appointment, AppointmentInput } from '../api/calendar-queries';
import type { AppointmentMove } from './scheduler-calendar';

/**
 * The fields of an appointment a `PUT /appointments/{id}` carries. The PUT replaces the whole
 * row, so a move keeps every field it does not change; `released` is left out (a released
 * appointment cannot be moved anyway).
 */
const KEPT = [
  'type',
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
  'repeatRule',
  'repeatUntil',
  'includeInPayroll',
  'branchId',
  'costBearerId',
] as const satisfies ReadonlyArray<keyof Appointment & keyof AppointmentInput>;

/** The body that moves (or resizes) an appointment as the calendar's drag says. */
export function movedAppointmentInput(
  appointment: Appointment,
  move: AppointmentMove,
): AppointmentInput {
  const input: Record<string, unknown> = {};
  for (const key of KEPT) {
    if (appointment[key] !== undefined) input[key] = appointment[key];
  }
  return {
    ...(input as Omit<AppointmentInput, 'date' | 'startTime' | 'minutes'>),
    type: appointment.type,
    instructorId: move.instructorId ?? appointment.instructorId,
    ...(move.vehicleId !== undefined ? { vehicleId: move.vehicleId } : {}),
    date: move.date,
    startTime: move.startTime,
    minutes: move.minutes,
  };
}
