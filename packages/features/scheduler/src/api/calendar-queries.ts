import { type components, useApi } from '@fahrwerk/api';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';

export type Appointment = components['schemas']['Appointment'];
export type AppointmentInput = components['schemas']['AppointmentInput'];
export type AppointmentType = components['schemas']['AppointmentType'];
export type CalendarFilter = components['schemas']['CalendarFilter'];
export type CalendarEntries = components['schemas']['CalendarEntries'];
export type CalendarEntry = components['schemas']['CalendarEntry'];
export type MirrorBlock = components['schemas']['MirrorBlock'];
export type NightTime = components['schemas']['NightTime'];
export type UserCalendar = components['schemas']['UserCalendar'];
export type Branch = components['schemas']['Branch'];
export type Vehicle = components['schemas']['Vehicle'];
export type DayWorkHours = components['schemas']['DayWorkHours'];
export type TimeRange = components['schemas']['TimeRange'];
export type Weekday = components['schemas']['Weekday'];

/** Branches, vehicles and work hours change rarely: a calendar session reads them once. */
const MASTER_DATA_STALE_MS = 5 * 60_000;

/**
 * The entries of a range (`POST /calendar/filter`), keyed `['post', '/calendar/filter', {body}]`
 * like every call, so a save that invalidates `/calendar` or `/appointments` refreshes it. The
 * previous range stays on screen while the next one loads.
 */
export function useCalendarEntries(filter: CalendarFilter) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/calendar/filter',
      { body: filter },
      { placeholderData: keepPreviousData },
    ),
  );
}

/** The active branches (`GET /branches`, open to every signed-in user) for the branch filter. */
export function useBranches() {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/branches',
      { params: { query: { archived: false } } },
      { staleTime: MASTER_DATA_STALE_MS },
    ),
  );
}

/** The active vehicles (`GET /vehicles`, open to every signed-in user): filter and timeline rows. */
export function useVehicles() {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/vehicles',
      { params: { query: { archived: false } } },
      { staleTime: MASTER_DATA_STALE_MS },
    ),
  );
}

/**
 * The work hours of the instructors shown (`GET /instructor-work-hours/{id}`, one call each,
 * cached): the scheduler greys the time outside them. Only asked for when `enabled` (the views
 * that show them). Answers as a map instructor id → hours; an instructor whose call failed is
 * simply left out (no shading rather than a wrong one).
 */
export function useInstructorWorkHours(
  instructorIds: readonly number[],
  enabled: boolean,
): Map<number, DayWorkHours[]> {
  const { query } = useApi();
  const idsKey = instructorIds.join(',');
  // Stable per list of ids, so the map is made again only when an answer changes.
  const combine = useCallback(
    (results: ReadonlyArray<{ data?: { dayWorkHours: DayWorkHours[] } }>) => {
      const ids = idsKey === '' ? [] : idsKey.split(',').map(Number);
      const hours = new Map<number, DayWorkHours[]>();
      results.forEach((result, index) => {
        const id = ids[index];
        if (id !== undefined && result.data) hours.set(id, result.data.dayWorkHours);
      });
      return hours;
    },
    [idsKey],
  );
  return useQueries({
    queries: instructorIds.map((id) =>
      query.queryOptions(
        'get',
        '/instructor-work-hours/{id}',
        { params: { path: { id } } },
        { enabled, staleTime: MASTER_DATA_STALE_MS, meta: { silentError: true } },
      ),
    ),
    combine,
  });
}
