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

type Vehicle = { id: number; seasonalClosure?: { fromMonth: number; toMonth: number } };

let counter = 7000;
const vehicleBody = () => {
  counter += 1;
  return {
    name: `Testwagen ${counter}`,
    plate: `M-VT ${counter}`,
    kind: 'CAR',
    transmission: 'AUTOMATIC',
    licenseClasses: ['B'],
  };
};

const fieldsOf = (response: ApiResponse) =>
  (response.body as ErrorBody).fieldErrors.map((error) => error.field);

describe.each(DRIVERS)('vehicle rules on %s', (driver) => {
  const t = useTestApp(driver);
  let owner: string;
  let office: string;

  beforeAll(async () => {
    owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    office = await t.signIn(DEMO_OFFICE.email, DEMO_OFFICE.password);
  });

  it('needs a transmission for every kind but trailers', async () => {
    const { transmission: _, ...withoutTransmission } = vehicleBody();
    const response = await t.call('POST', '/vehicles', { token: owner, body: withoutTransmission });
    expectError(response, 422, 'errors.validation');
    expect((response.body as ErrorBody).fieldErrors).toEqual([
      { field: 'transmission', error: 'validation.required' },
    ]);
  });

  it('refuses plates not written as on the plate and chassis numbers that are no VIN', async () => {
    const plate = await t.call('POST', '/vehicles', {
      token: owner,
      body: { ...vehicleBody(), plate: 'm vt 1' },
    });
    expectError(plate, 422, 'errors.validation');
    expect(fieldsOf(plate)).toEqual(['plate']);
    // I, O and Q are not used in a VIN (ISO 3779).
    const vin = await t.call('POST', '/vehicles', {
      token: owner,
      body: { ...vehicleBody(), chassisNumber: 'WVWZZZCDZMW01234O' },
    });
    expectError(vin, 422, 'errors.validation');
    expect(fieldsOf(vin)).toEqual(['chassisNumber']);
    const short = await t.call('POST', '/vehicles', {
      token: owner,
      body: { ...vehicleBody(), chassisNumber: 'WVWZZZ' },
    });
    expect(fieldsOf(short)).toEqual(['chassisNumber']);
  });

  it('keeps a seasonal closure over the new year', async () => {
    const created = await t.call<Vehicle>('POST', '/vehicles', {
      token: owner,
      body: {
        ...vehicleBody(),
        kind: 'MOTORCYCLE',
        licenseClasses: ['A'],
        seasonalClosure: { fromMonth: 11, toMonth: 2 },
      },
    });
    expect(created.status, created.raw).toBe(201);
    const read = await t.call<Vehicle>('GET', `/vehicles/${created.body.id}`, { token: office });
    expect(read.body.seasonalClosure).toEqual({ fromMonth: 11, toMonth: 2 });
  });

  it('lets the office read vehicles but not change them', async () => {
    const list = await t.call('POST', '/vehicles/filter', { token: office, body: {} });
    expect(list.status, list.raw).toBe(200);
    expectError(
      await t.call('POST', '/vehicles', { token: office, body: vehicleBody() }),
      403,
      'errors.forbidden',
    );
  });

  it('answers no vehicles of their own to a user who does not teach, and 404 for a stranger', async () => {
    const mine = await t.call<unknown[]>('GET', '/vehicles/by-instructor/current', {
      token: office,
    });
    expect(mine.status, mine.raw).toBe(200);
    expect(mine.body).toEqual([]);
    expectError(
      await t.call('GET', '/vehicles/instructor/999999/usage/DRIVING/license-class/B', {
        token: owner,
      }),
      404,
      'errors.not_found',
    );
  });
});
