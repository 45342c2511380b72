export { SchedulerScreen, type SchedulerScreenProps } from '../scheduler-screen';
export {
  type CalendarInstructor,
  type CalendarVehicle,
  DAILY_PRACTICAL_LIMIT_MINUTES,
  type LockReason,
  type SchedulerData,
} from './calendar-events';
export type { CalendarFilterState } from './calendar-filter';
export { CalendarFilters, type CalendarFiltersProps } from './calendar-filters';
export type { CalendarMode, CalendarSpan, CalendarView } from './calendar-view';
export {
  type AppointmentMove,
  type NewAppointmentSlot,
  SchedulerCalendar,
  type SchedulerCalendarProps,
} from './scheduler-calendar';
