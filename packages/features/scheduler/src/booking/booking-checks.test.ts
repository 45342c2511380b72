import { createApiClient } from '@fahrwerk/api';
import { describe, expect, it } from 'vitest';
import {
  findingKinds,
  groupFindings,
  isRepeating,
  runBookingChecks,
  toCheckRequest,
  vehiclesOf,
} from './booking-checks';
import type { AppointmentInput, BookingFinding } from './booking-types';
import { findingsFixture } from './mocks';

const lesson: AppointmentInput = {
  type: 'DRIVING',
  date: '2026-03-02',
  startTime: '10:00',
  minutes: 45,
  instructorId: 11,
  studentId: 101,
  studentEducationId: 201,
  licenseClass: 'B',
  hourType: 'NORMAL',
  vehicleId: 1,
  note: 'Bahnhof',
  includeInPayroll: true,
  repeatRule: 'NONE',
  confirmSignatureRemoval: false,
};

/**
 * The API client over a fake server answering every check with `findings` (a repeating check
 * per occurrence: the first clean, the second with them); it records each call.
 */
function fakeClient(findings: (path: string) => BookingFinding[]) {
  const calls: { path: string; body: { date: string; startTime: string } }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname.replace(/^\/api/, '');
    const body = (await request.json()) as { date: string; startTime: string };
    calls.push({ path, body });
    const found = findings(path);
    const data = path.includes('/repeating-event/')
      ? {
          ok: found.length === 0,
          occurrences: [
            { date: body.date, startTime: body.startTime, ok: true, findings: [] },
            { date: '2026-03-09', startTime: body.startTime, ok: false, findings: found },
          ],
        }
      : { ok: found.length === 0, findings: found };
    return Response.json(data);
  };
  const api = createApiClient({ baseUrl: 'http://fahrwerk.test/api', getToken: () => null, fetch });
  return { client: api.fetch, calls };
}

describe('toCheckRequest', () => {
  it('carries what the checks read, and the id of a changed appointment', () => {
    expect(toCheckRequest(lesson, 501)).toEqual({
      appointmentId: 501,
      type: 'DRIVING',
      date: '2026-03-02',
      startTime: '10:00',
      minutes: 45,
      instructorId: 11,
      studentEducationId: 201,
      licenseClass: 'B',
      vehicleId: 1,
    });
    expect(toCheckRequest(lesson)).not.toHaveProperty('appointmentId');
  });
});

describe('vehiclesOf and isRepeating', () => {
  it('lists each vehicle once and knows a new series', () => {
    expect(vehiclesOf({ ...lesson, trailerId: 4, escortVehicleId: 1 })).toEqual([1, 4]);
    expect(vehiclesOf({ ...lesson, vehicleId: undefined })).toEqual([]);
    expect(isRepeating(lesson)).toBe(false);
    expect(isRepeating({ ...lesson, repeatRule: 'WEEKLY' })).toBe(false);
    expect(isRepeating({ ...lesson, repeatRule: 'WEEKLY', repeatUntil: '2026-04-01' })).toBe(true);
  });
});

describe('groupFindings and findingKinds', () => {
  it('groups per day in date order, kinds in their order, the same finding once', () => {
    const later = { ...findingsFixture.dailyLimit, date: '2026-03-09' };
    const groups = groupFindings([
      { date: '2026-03-02', findings: [findingsFixture.dailyLimit, later] },
      {
        date: '2026-03-02',
        findings: [findingsFixture.instructorOverlap, findingsFixture.dailyLimit],
      },
    ]);
    expect(groups.map((group) => group.date)).toEqual(['2026-03-02', '2026-03-09']);
    expect(groups[0]?.findings.map((finding) => finding.kind)).toEqual([
      'INSTRUCTOR_OVERLAP',
      'DAILY_LIMIT',
    ]);
    expect(findingKinds(groups)).toEqual(['INSTRUCTOR_OVERLAP', 'DAILY_LIMIT']);
    expect(groupFindings([{ date: '2026-03-02', findings: [] }])).toEqual([]);
  });
});

describe('runBookingChecks', () => {
  it('checks instructor, hours and — with a vehicle — the vehicles, in one go', async () => {
    const { client, calls } = fakeClient((path) =>
      path.startsWith('/calendar/vehicle') ? [findingsFixture.vehicleOverlap] : [],
    );
    const groups = await runBookingChecks(client, lesson, 501);
    expect(calls.map((call) => call.path).sort()).toEqual([
      '/calendar/instructor/11/check-overlapping-appointments',
      '/calendar/instructor/11/check-working-hours',
      '/calendar/vehicle/check-overlapping-appointments',
    ]);
    const vehicleCheck = calls.find((call) => call.path.startsWith('/calendar/vehicle'));
    expect(vehicleCheck?.body).toMatchObject({ appointmentId: 501, vehicleId: 1 });
    expect(findingKinds(groups)).toEqual(['VEHICLE_OVERLAP']);
  });

  it('leaves the vehicle check out without a vehicle', async () => {
    const { client, calls } = fakeClient(() => []);
    await expect(runBookingChecks(client, { ...lesson, vehicleId: undefined })).resolves.toEqual(
      [],
    );
    expect(calls).toHaveLength(2);
  });

  it('checks a new series occurrence by occurrence, each vehicle on its own', async () => {
    const { client, calls } = fakeClient((path) =>
      path.includes('instructor/11/repeating-event/check-overlapping')
        ? [{ ...findingsFixture.instructorOverlap, date: '2026-03-09' }]
        : [],
    );
    const groups = await runBookingChecks(client, {
      ...lesson,
      trailerId: 4,
      repeatRule: 'WEEKLY',
      repeatUntil: '2026-03-09',
    });
    expect(calls.map((call) => call.path).sort()).toEqual([
      '/calendar/instructor/11/repeating-event/check-overlapping-appointments',
      '/calendar/instructor/11/repeating-event/check-working-hours',
      '/calendar/vehicle/1/repeating-event/check-overlapping-appointments',
      '/calendar/vehicle/4/repeating-event/check-overlapping-appointments',
    ]);
    for (const call of calls) {
      expect(call.body).toMatchObject({ repeatRule: 'WEEKLY', repeatUntil: '2026-03-09' });
    }
    expect(groups).toEqual([
      {
        date: '2026-03-09',
        startTime: '10:00',
        findings: [{ ...findingsFixture.instructorOverlap, date: '2026-03-09' }],
      },
    ]);
  });
});
