import type { AppointmentType, CalendarFilter } from '../api/calendar-queries';
import type { IsoDate } from './calendar-dates';
import type { CalendarView } from './calendar-view';

/** The appointment types in the order the filter offers them. */
export const APPOINTMENT_TYPES = [
  'DRIVING',
  'THEORY',
  'EXAM',
  'PRIVATE',
  'OTHER',
] as const satisfies readonly AppointmentType[];

/**
 * The scheduler's remembered filter (`useListFilter('calendar')`, cleared on sign-out): branch,
 * instructors, vehicle, appointment types, and the view last used. Empty lists mean "all".
 */
export type CalendarFilterState = {
  branchId: number | null;
  instructorIds: number[];
  vehicleId: number | null;
  types: AppointmentType[];
  /** Left out until the user picks a view: then the phone gets the agenda, others the week. */
  view?: CalendarView;
};

export const INITIAL_CALENDAR_FILTER: CalendarFilterState = {
  branchId: null,
  instructorIds: [],
  vehicleId: null,
  types: [],
};

/** The body of `POST /calendar/filter` for a filter and the days shown. */
export function toCalendarFilter(
  state: CalendarFilterState,
  range: { from: IsoDate; to: IsoDate },
): CalendarFilter {
  const filter: CalendarFilter = { from: range.from, to: range.to };
  if (state.instructorIds.length > 0) filter.instructorIds = [...state.instructorIds].sort();
  if (state.vehicleId !== null) filter.vehicleIds = [state.vehicleId];
  if (state.branchId !== null) filter.branchId = state.branchId;
  if (state.types.length > 0 && state.types.length < APPOINTMENT_TYPES.length) {
    filter.types = APPOINTMENT_TYPES.filter((type) => state.types.includes(type));
  }
  return filter;
}

/** Is anything narrowed down? (The screen offers "reset filter" then.) */
export function isFiltered(state: CalendarFilterState): boolean {
  return (
    state.branchId !== null ||
    state.instructorIds.length > 0 ||
    state.vehicleId !== null ||
    state.types.length > 0
  );
}
