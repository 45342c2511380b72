import type { FetchClient } from '@fahrwerk/api';
import {
  type AppointmentInput,
  BOOKING_FINDING_KINDS,
  type BookingCheckRequest,
  type BookingFinding,
  type BookingFindingKind,
  type RepeatingBookingCheckRequest,
} from './booking-types';

/* The server's booking checks (spec 000 §5): which calls, with which body, and their
   findings grouped per day for the one confirmation. */

/** The findings of one day (for a series: of one occurrence). */
export type FindingGroup = { date: string; startTime?: string; findings: BookingFinding[] };

/** The body of a single check: the appointment as the checks read it. */
export function toCheckRequest(
  input: AppointmentInput,
  appointmentId?: number,
): BookingCheckRequest {
  const request: BookingCheckRequest = {
    type: input.type,
    date: input.date,
    startTime: input.startTime,
    minutes: input.minutes,
    instructorId: input.instructorId,
  };
  if (appointmentId !== undefined) request.appointmentId = appointmentId;
  const optional = [
    'studentEducationId',
    'licenseClass',
    'vehicleId',
    'trailerId',
    'escortVehicleId',
    'branchId',
  ] as const;
  for (const key of optional) {
    const value = input[key];
    if (value !== undefined && value !== null) Object.assign(request, { [key]: value });
  }
  return request;
}

/** A new series (the repeat fields only count when creating). */
export function isRepeating(
  input: AppointmentInput,
): input is AppointmentInput & Pick<RepeatingBookingCheckRequest, 'repeatRule' | 'repeatUntil'> {
  return input.repeatRule !== undefined && input.repeatRule !== 'NONE' && !!input.repeatUntil;
}

/** The vehicle, trailer and escort vehicle of the booking, each once. */
export function vehiclesOf(input: AppointmentInput): number[] {
  const ids = [input.vehicleId, input.trailerId, input.escortVehicleId].filter(
    (id): id is number => typeof id === 'number',
  );
  return [...new Set(ids)];
}

const kindOrder = (kind: BookingFindingKind) => BOOKING_FINDING_KINDS.indexOf(kind);

/**
 * One list per day, in date order, each day's findings in the order of
 * `BOOKING_FINDING_KINDS`; the same finding reported by two checks shows once.
 */
export function groupFindings(results: FindingGroup[]): FindingGroup[] {
  const byDate = new Map<string, FindingGroup>();
  for (const result of results) {
    for (const finding of result.findings) {
      const date = finding.date || result.date;
      const group = byDate.get(date) ?? { date, startTime: result.startTime, findings: [] };
      const key = JSON.stringify(finding);
      if (!group.findings.some((known) => JSON.stringify(known) === key)) {
        group.findings.push(finding);
      }
      byDate.set(date, group);
    }
  }
  return [...byDate.values()]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((group) => ({
      ...group,
      findings: [...group.findings].sort((a, b) => kindOrder(a.kind) - kindOrder(b.kind)),
    }));
}

/** The kinds the user saw: what the save sends as `confirmedFindings`. */
export function findingKinds(groups: FindingGroup[]): BookingFindingKind[] {
  const kinds = new Set(groups.flatMap((group) => group.findings.map((finding) => finding.kind)));
  return BOOKING_FINDING_KINDS.filter((kind) => kinds.has(kind));
}

/**
 * Runs every check that applies, in parallel: the instructor's overlaps and working hours,
 * and — with a vehicle, trailer or escort vehicle — the vehicles' overlaps. A new series is
 * checked occurrence by occurrence through the `/repeating-event/` calls (the vehicles one
 * by one: the combined vehicle check has no repeating variant). Answers the findings per day;
 * empty when the booking needs no confirmation. A failed check rejects with its `ApiError`.
 */
export async function runBookingChecks(
  fetch: FetchClient,
  input: AppointmentInput,
  appointmentId?: number,
): Promise<FindingGroup[]> {
  const request = toCheckRequest(input, appointmentId);
  const instructor = { path: { id: input.instructorId } };
  const vehicles = vehiclesOf(input);

  if (isRepeating(input)) {
    const body: RepeatingBookingCheckRequest = {
      ...request,
      repeatRule: input.repeatRule,
      repeatUntil: input.repeatUntil,
    };
    const answers = await Promise.all([
      fetch.POST('/calendar/instructor/{id}/repeating-event/check-overlapping-appointments', {
        params: instructor,
        body,
      }),
      fetch.POST('/calendar/instructor/{id}/repeating-event/check-working-hours', {
        params: instructor,
        body,
      }),
      ...vehicles.map((id) =>
        fetch.POST('/calendar/vehicle/{id}/repeating-event/check-overlapping-appointments', {
          params: { path: { id } },
          body,
        }),
      ),
    ]);
    return groupFindings(
      answers.flatMap(({ data }) =>
        (data?.occurrences ?? []).map((occurrence) => ({
          date: occurrence.date,
          startTime: occurrence.startTime,
          findings: occurrence.findings,
        })),
      ),
    );
  }

  const answers = await Promise.all([
    fetch.POST('/calendar/instructor/{id}/check-overlapping-appointments', {
      params: instructor,
      body: request,
    }),
    fetch.POST('/calendar/instructor/{id}/check-working-hours', {
      params: instructor,
      body: request,
    }),
    ...(vehicles.length > 0
      ? [fetch.POST('/calendar/vehicle/check-overlapping-appointments', { body: request })]
      : []),
  ]);
  return groupFindings(
    answers.map(({ data }) => ({ date: input.date, findings: data?.findings ?? [] })),
  );
}
