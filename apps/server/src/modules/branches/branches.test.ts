import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../http/contract-types';
import {
  type ApiResponse,
  DEMO_OFFICE,
  DEMO_OWNER,
  DRIVERS,
  expectError,
  useTestApp,
} from '../../test/test-app';

type Branch = {
  id: number;
  dayWorkHours: unknown[];
  calendarShareRights: { instructorsRead: boolean; instructorsWrite: boolean };
};

let counter = 0;
const branchBody = () => {
  counter += 1;
  return {
    name: `Filiale Test ${counter}`,
    abbreviation: `T${counter}`,
    dayWorkHours: [{ weekday: 'MONDAY', ranges: [{ from: '09:00', to: '17:00' }] }],
    workCorridor: { from: '07:00', to: '20:00' },
    defaultDrivingLessonDuration: 45,
  };
};

const fieldsOf = (response: ApiResponse) =>
  (response.body as ErrorBody).fieldErrors.map((error) => `${error.field}:${error.error}`);

describe.each(DRIVERS)('branch rules on %s', (driver) => {
  const t = useTestApp(driver);
  let owner: string;
  let office: string;

  beforeAll(async () => {
    owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    office = await t.signIn(DEMO_OFFICE.email, DEMO_OFFICE.password);
  });

  it('refuses a work corridor that ends before it starts, with a German-translatable key', async () => {
    const response = await t.call('POST', '/branches', {
      token: owner,
      body: { ...branchBody(), workCorridor: { from: '18:00', to: '08:00' } },
    });
    expectError(response, 422, 'errors.validation');
    expect(fieldsOf(response)).toEqual(['workCorridor.to:validation.time_order']);
  });

  it('refuses a lesson duration that is no multiple of five minutes', async () => {
    const response = await t.call('POST', '/branches', {
      token: owner,
      body: { ...branchBody(), defaultDrivingLessonDuration: 47 },
    });
    expectError(response, 422, 'errors.validation');
    expect(fieldsOf(response).map((field) => field.split(':')[0])).toEqual([
      'defaultDrivingLessonDuration',
    ]);
  });

  it('keeps opening hours inside the corridor and leaves them unchanged when refused', async () => {
    const created = await t.call<Branch>('POST', '/branches', { token: owner, body: branchBody() });
    expect(created.status, created.raw).toBe(201);
    const outside = await t.call('PUT', `/branch-work-hours/${created.body.id}`, {
      token: owner,
      body: {
        workCorridor: { from: '07:00', to: '20:00' },
        dayWorkHours: [{ weekday: 'TUESDAY', ranges: [{ from: '06:00', to: '12:00' }] }],
      },
    });
    expectError(outside, 422, 'errors.validation');
    const hours = await t.call<{ dayWorkHours: unknown[] }>(
      'GET',
      `/branch-work-hours/${created.body.id}`,
      { token: office },
    );
    expect(hours.status, hours.raw).toBe(200);
    expect(hours.body.dayWorkHours).toEqual(created.body.dayWorkHours);
  });

  it('gives booking rights only together with read rights', async () => {
    const created = await t.call<Branch>('POST', '/branches', {
      token: owner,
      body: {
        ...branchBody(),
        calendarShareRights: { instructorsRead: false, instructorsWrite: true },
      },
    });
    expect(created.status, created.raw).toBe(201);
    expect(created.body.calendarShareRights).toEqual({
      instructorsRead: true,
      instructorsWrite: true,
    });
  });

  it('lets the office read branches but not change them', async () => {
    const list = await t.call('POST', '/branches/filter', { token: office, body: {} });
    expect(list.status, list.raw).toBe(200);
    expectError(
      await t.call('POST', '/branches', { token: office, body: branchBody() }),
      403,
      'errors.forbidden',
    );
    const [first] = (list.body as { data: Branch[] }).data;
    expect(first).toBeDefined();
    expectError(
      await t.call('POST', '/branches/archive', {
        token: office,
        query: { id: first?.id ?? 0, archived: true },
      }),
      403,
      'errors.forbidden',
    );
  });
});
