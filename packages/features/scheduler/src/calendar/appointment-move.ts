import type { Appointment, AppointmentInput } from '../api/calendar-queries';
import { appointmentToInput } from '../booking';
import type { AppointmentMove } from './scheduler-calendar';

/**
 * The body that moves (or resizes) an appointment as the calendar's drag says: the stored
 * appointment as a PUT body (`appointmentToInput` of the booking part; a PUT replaces the whole
 * row) with the new day, time, length and, dropped in another column or row, instructor or
 * vehicle. A series occurrence keeps its `repeatUntil`, which its repeat rule needs.
 */
export function movedAppointmentInput(
  appointment: Appointment,
  move: AppointmentMove,
): AppointmentInput {
  return {
    ...appointmentToInput(appointment),
    ...(appointment.repeatUntil !== undefined ? { repeatUntil: appointment.repeatUntil } : {}),
    date: move.date,
    startTime: move.startTime,
    minutes: move.minutes,
    ...(move.instructorId !== undefined ? { instructorId: move.instructorId } : {}),
    ...(move.vehicleId !== undefined ? { vehicleId: move.vehicleId } : {}),
  };
}
