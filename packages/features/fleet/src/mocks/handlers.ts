import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import { delay } from 'msw';
import type { Branch, PriceList, Vehicle } from '../api/fleet-queries';

/* Fixtures and typed MSW handlers of the fleet calls, for stories and tests. */

/** The day the fixtures' inspection dates are relative to (pass as `today`). */
export const FIXTURE_TODAY = '2026-03-01';

const stamp = '2026-01-05T09:00:00Z';

export const priceListsFixture: PriceList[] = [
  {
    id: 1,
    name: 'Standard 2026',
    template: false,
    vatRate: 19,
    standard: true,
    archived: false,
    createdAt: stamp,
    updatedAt: stamp,
  },
  {
    id: 2,
    name: 'Ferienkurs',
    template: false,
    vatRate: 19,
    standard: false,
    archived: false,
    createdAt: stamp,
    updatedAt: stamp,
  },
];

const weekdayHours = (from: string, to: string) =>
  (['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'] as const).map((weekday) => ({
    weekday,
    ranges: [{ from, to }],
  }));

export const branchesFixture: Branch[] = [
  {
    id: 1,
    name: 'Filiale Mitte',
    abbreviation: 'MI',
    priceListId: 1,
    dayWorkHours: [
      ...weekdayHours('09:00', '18:00'),
      { weekday: 'SATURDAY', ranges: [{ from: '10:00', to: '13:00' }] },
    ],
    workCorridor: { from: '07:00', to: '20:00' },
    defaultDrivingLessonDuration: 45,
    showOnWebsite: true,
    calendarShareRights: { instructorsRead: true, instructorsWrite: false },
    archived: false,
    createdAt: stamp,
    updatedAt: stamp,
  },
  {
    id: 2,
    name: 'Filiale Spandau',
    abbreviation: 'SP',
    priceListId: 2,
    dayWorkHours: weekdayHours('14:00', '19:00'),
    workCorridor: { from: '08:00', to: '21:00' },
    defaultDrivingLessonDuration: 90,
    showOnWebsite: false,
    calendarShareRights: { instructorsRead: false, instructorsWrite: false },
    archived: false,
    createdAt: stamp,
    updatedAt: stamp,
  },
];

export const vehiclesFixture: Vehicle[] = [
  {
    id: 1,
    name: 'Golf 8 Automatik',
    plate: 'B-FS 1234',
    kind: 'CAR',
    transmission: 'AUTOMATIC',
    licenseClasses: ['B', 'B197'],
    chassisNumber: 'WVWZZZCDZMW012345',
    mainInspectionDate: '2027-05-31',
    branchId: 1,
    instructorIds: [],
    archived: false,
    createdAt: stamp,
    updatedAt: stamp,
  },
  {
    id: 2,
    name: 'Polo Schalter',
    plate: 'B-FS 88',
    kind: 'CAR',
    transmission: 'MANUAL',
    licenseClasses: ['B', 'BE'],
    // Due within 30 days of FIXTURE_TODAY.
    mainInspectionDate: '2026-03-20',
    instructorIds: [3],
    archived: false,
    createdAt: stamp,
    updatedAt: stamp,
  },
  {
    id: 3,
    name: 'MAN TGL',
    plate: 'B-FS 410',
    kind: 'TRUCK',
    transmission: 'MANUAL',
    licenseClasses: ['C1', 'C'],
    // Past FIXTURE_TODAY.
    mainInspectionDate: '2026-02-10',
    safetyCheckDate: '2026-03-15',
    seasonalClosure: { fromMonth: 12, toMonth: 2 },
    instructorIds: [],
    archived: false,
    createdAt: stamp,
    updatedAt: stamp,
  },
  {
    id: 4,
    name: 'Tandemanhänger',
    plate: 'B-FS 77',
    kind: 'TRAILER',
    licenseClasses: ['BE', 'B96'],
    instructorIds: [],
    archived: false,
    createdAt: stamp,
    updatedAt: stamp,
  },
];

const page = <T>(data: T[]) => ({ data, total: data.length });

export const fleetHandlers = {
  vehiclesFull: mockHttp.post('/vehicles/filter', ({ response }) =>
    response(200).json(page(vehiclesFixture)),
  ),
  vehiclesEmpty: mockHttp.post('/vehicles/filter', ({ response }) => response(200).json(page([]))),
  vehiclesLoading: mockHttp.post('/vehicles/filter', async ({ response }) => {
    await delay('infinite');
    return response(200).json(page([]));
  }),
  vehiclesError: mockHttp.post('/vehicles/filter', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  createVehicleOk: mockHttp.post('/vehicles', async ({ request, response }) => {
    const input = await request.json();
    return response(201).json({
      ...input,
      id: 99,
      instructorIds: input.instructorIds ?? [],
      archived: false,
      createdAt: stamp,
      updatedAt: stamp,
    });
  }),
  createVehiclePlateTaken: mockHttp.post('/vehicles', ({ response }) =>
    response(422).json(
      errorBody('errors.validation', {
        fieldErrors: [{ field: 'plate', error: 'validation.plate_in_use' }],
      }),
    ),
  ),
  updateVehicleOk: mockHttp.put('/vehicles/{id}', async ({ request, params, response }) => {
    const input = await request.json();
    return response(200).json({
      ...input,
      id: Number(params.id),
      instructorIds: input.instructorIds ?? [],
      archived: false,
      createdAt: stamp,
      updatedAt: stamp,
    });
  }),
  archiveVehicleOk: mockHttp.post('/vehicles/archive', ({ query, response }) => {
    const id = Number(query.get('id'));
    const vehicle = vehiclesFixture.find((row) => row.id === id) ?? vehiclesFixture[0];
    return response(200).json({
      ...(vehicle as Vehicle),
      archived: query.get('archived') === 'true',
    });
  }),
  usageRequirements: mockHttp.get(
    '/vehicles/vehicle-usage-requirements/license-class/{licenseClass}',
    ({ params, response }) =>
      response(200).json({
        licenseClass: params.licenseClass,
        requirements: [
          { usage: 'DRIVING', required: true, vehicleKinds: ['CAR'] },
          { usage: 'TRAILER', required: true, vehicleKinds: ['TRAILER'] },
        ],
      }),
  ),
  branchesFull: mockHttp.post('/branches/filter', ({ response }) =>
    response(200).json(page(branchesFixture)),
  ),
  branchesEmpty: mockHttp.post('/branches/filter', ({ response }) => response(200).json(page([]))),
  branchesLoading: mockHttp.post('/branches/filter', async ({ response }) => {
    await delay('infinite');
    return response(200).json(page([]));
  }),
  branchesError: mockHttp.post('/branches/filter', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  priceLists: mockHttp.get('/price-lists', ({ response }) => response(200).json(priceListsFixture)),
  createBranchOk: mockHttp.post('/branches', async ({ request, response }) => {
    const input = await request.json();
    return response(201).json({
      ...(branchesFixture[0] as Branch),
      ...input,
      id: 99,
      dayWorkHours: input.dayWorkHours ?? [],
      showOnWebsite: input.showOnWebsite ?? false,
      calendarShareRights: input.calendarShareRights ?? {
        instructorsRead: false,
        instructorsWrite: false,
      },
    });
  }),
  createBranchNameTaken: mockHttp.post('/branches', ({ response }) =>
    response(422).json(
      errorBody('errors.validation', {
        fieldErrors: [{ field: 'name', error: 'validation.name_in_use' }],
      }),
    ),
  ),
  workHours: mockHttp.get('/branch-work-hours/{id}', ({ params, response }) => {
    const branch =
      branchesFixture.find((row) => row.id === Number(params.id)) ?? branchesFixture[0];
    return response(200).json({
      dayWorkHours: (branch as Branch).dayWorkHours,
      workCorridor: (branch as Branch).workCorridor,
    });
  }),
  saveWorkHoursOk: mockHttp.put('/branch-work-hours/{id}', async ({ request, response }) =>
    response(200).json(await request.json()),
  ),
  saveWorkHoursOutsideCorridor: mockHttp.put('/branch-work-hours/{id}', ({ response }) =>
    response(422).json(
      errorBody('errors.validation', {
        fieldErrors: [
          { field: 'dayWorkHours.0.ranges.0.from', error: 'validation.outside_work_corridor' },
        ],
      }),
    ),
  ),
  archiveBranchLast: mockHttp.post('/branches/archive', ({ response }) =>
    response(422).json(errorBody('errors.last_branch', { globalErrors: ['errors.last_branch'] })),
  ),
};
