import { beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../db/demo/company';
import { DEMO_SCALE, type DemoContext, seededFaker } from '../../db/demo/context';
import { createSchool } from '../../db/seed';
import type { ErrorBody } from '../../http/contract-types';
import { describeResources, type ResourceSpec } from '../../test/resource-kit';
import {
  type ApiResponse,
  DEMO_INSTRUCTOR,
  DEMO_OFFICE,
  DEMO_OWNER,
  DRIVERS,
  expectError,
  type TestApp,
  useTestApp,
} from '../../test/test-app';
import { PERMISSION_KEYS } from '../session/permission-keys';

type Row = Record<string, unknown> & { id: number };
type Page = { data: Row[]; total: number };

const ADDRESS = {
  street: 'Oranienstraße',
  houseNumber: '25',
  postalCode: '10999',
  city: 'Berlin',
  country: 'DE',
};

const branchBody = (n: number) => ({
  name: `Filiale ${n}`,
  abbreviation: `F${n}`,
  address: { ...ADDRESS, city: `Berlin-${n}` },
  phone: '+49 30 1234567',
  email: `filiale${n}@fahrschule-demo.de`,
  dayWorkHours: [
    {
      weekday: 'MONDAY',
      ranges: [
        { from: '08:00', to: '12:00' },
        { from: '13:00', to: '18:00' },
      ],
    },
    { weekday: 'FRIDAY', ranges: [{ from: '09:00', to: '14:00' }] },
  ],
  workCorridor: { from: '07:00', to: '20:00' },
  defaultDrivingLessonDuration: 45,
  fastLaneDuration: 90,
  showOnWebsite: true,
  calendarShareRights: { instructorsRead: true, instructorsWrite: false },
});

const vin = (n: number) => `WVWZZZCDZMW${String(n).padStart(6, '0')}`;

const vehicleBody = (n: number, instructorIds: number[] = []) => ({
  name: `VW Golf ${n}`,
  plate: `B-FS ${n}`,
  kind: 'CAR',
  transmission: 'MANUAL',
  licenseClasses: ['B', 'BE'],
  chassisNumber: vin(n),
  mainInspectionDate: '2027-03-31',
  instructorIds,
});

const productBody = (n: number) => ({
  type: 'DRIVING_LESSON',
  name: `Fahrstunde ${n}`,
  licenseClasses: ['B', 'A'],
  registrationInfo: 'Eine Übungsstunde im Stadtverkehr.',
  bookAtStudentRegistrationAllowed: false,
  vatRate: 19,
  hourType: 'NORMAL',
  duration: 45,
});

const priceListBody = (n: number) => ({
  name: `Preisliste ${n}`,
  template: false,
  vatRate: 19,
  standard: false,
});

async function created(t: TestApp, token: string, path: string, body: object): Promise<Row> {
  const response = await t.call<Row>('POST', path, { token, body });
  expect(response.status, response.raw).toBe(201);
  return response.body;
}

const SPECS: ResourceSpec[] = [
  {
    path: '/branches',
    archivable: true,
    deletable: false,
    sample: async ({ n }) => branchBody(n),
    change: {
      name: 'Filiale Umbenannt',
      workCorridor: { from: '06:30', to: '21:00' },
      calendarShareRights: { instructorsRead: true, instructorsWrite: true },
    },
    searchField: 'abbreviation',
    sortField: 'name',
    invalid: {
      body: (valid) => ({ ...valid, workCorridor: { from: '18:00', to: '08:00' } }),
      field: 'workCorridor.to',
    },
  },
  {
    path: '/vehicles',
    archivable: true,
    deletable: false,
    sample: async ({ t, n }) => vehicleBody(n, [t.demo.userIds[DEMO_INSTRUCTOR.email] as number]),
    change: { name: 'Golf 8 Automatik', transmission: 'AUTOMATIC', instructorIds: [] },
    searchField: 'plate',
    sortField: 'plate',
    invalid: {
      body: (valid) => ({ ...valid, transmission: undefined }),
      field: 'transmission',
    },
  },
  {
    path: '/products',
    archivable: true,
    deletable: false,
    sample: async ({ n }) => productBody(n),
    change: { name: 'Überlandfahrt (45 Min.)', hourType: 'OVERLAND', vatRate: 7 },
    searchField: 'name',
    sortField: 'name',
    invalid: { body: (valid) => ({ ...valid, hourType: undefined }), field: 'hourType' },
  },
  {
    path: '/price-lists',
    archivable: true,
    deletable: false,
    sample: async ({ n }) => priceListBody(n),
    change: { name: 'Preisliste 2027', vatRate: 7 },
    searchField: 'name',
    sortField: 'name',
    invalid: {
      body: (valid) => ({ ...valid, template: true, standard: true }),
      field: 'standard',
    },
  },
  {
    path: '/prices',
    archivable: false,
    deletable: true,
    sample: async ({ t, token, n }) => {
      const product = await created(t, token, '/products', {
        type: 'BASIC_FEE',
        name: `Grundgebühr ${n}`,
        licenseClasses: ['B', 'A'],
        vatRate: 19,
      });
      const list = await created(t, token, '/price-lists', priceListBody(1000 + n));
      return {
        priceListId: list.id,
        productId: product.id,
        licenseClass: 'B',
        price: 35_000 + n,
        combinedTrainingPrice: 20_000,
      };
    },
    change: { price: 39_900, combinedTrainingPrice: 25_000 },
    searchField: 'productName',
    sortField: 'price',
    invalid: { body: (valid) => ({ ...valid, licenseClass: 'CE' }), field: 'licenseClass' },
  },
  {
    // The list is `GET /student-categories/` (the spec's trailing slash): tested below.
    path: '/student-categories',
    listable: false,
    archivable: true,
    deletable: false,
    sample: async ({ n }) => ({
      name: `Intensivkurs ${n}`,
      abbreviation: `IK${n}`,
      appearance: '#ff8800',
    }),
    change: { appearance: '#00aa55', abbreviation: 'IK' },
    searchField: 'name',
    sortField: 'abbreviation',
    invalid: { body: (valid) => ({ ...valid, appearance: 'orange' }), field: 'appearance' },
  },
  {
    path: '/testing-organizations',
    archivable: true,
    deletable: false,
    sample: async ({ n }) => ({
      name: `TÜV Rheinland Prüfstelle ${n}`,
      kind: 'TUEV',
      address: { ...ADDRESS, street: 'Alboinstraße', houseNumber: '56', postalCode: '12103' },
      phone: '+49 30 7562-0',
      email: `pruefstelle${n}@tuev.example`,
    }),
    change: { name: 'DEKRA Prüfstelle Tempelhof', kind: 'DEKRA' },
    searchField: 'name',
    sortField: 'kind',
    invalid: { body: (valid) => ({ ...valid, kind: 'ADAC' }), field: 'kind' },
  },
  {
    path: '/email-config',
    archivable: false,
    deletable: true,
    sample: async ({ t, n }) => ({
      email: `buero${n}@fahrschule-demo.de`,
      senderName: 'Fahrschule Sonnenschein',
      userIds: [t.demo.userIds[DEMO_OFFICE.email] as number],
      smtpHost: 'smtp.ionos.de',
      smtpPort: 587,
      smtpSecurity: 'STARTTLS',
      imapHost: 'imap.ionos.de',
      imapPort: 993,
      imapSecurity: 'TLS',
      username: `buero${n}@fahrschule-demo.de`,
      password: 'Geheim#123',
    }),
    change: { senderName: 'Büro Kreuzberg', smtpPort: 465, smtpSecurity: 'TLS' },
    searchField: 'email',
    sortField: 'email',
    ignore: ['password'],
    invalid: {
      body: ({ password: _password, ...valid }) => valid,
      field: 'password',
    },
  },
  {
    path: '/roles',
    archivable: false,
    deletable: true,
    sample: async ({ n }) => ({
      name: `Rolle ${n}`,
      type: 'STAFF',
      description: 'Büro und Anmeldung',
      generalAccess: true,
      sidebarAccess: true,
    }),
    change: { name: 'Aushilfe', type: 'INSTRUCTOR', sidebarAccess: false },
    searchField: 'name',
    sortField: 'type',
    invalid: { body: (valid) => ({ ...valid, type: 'ADMIN' }), field: 'type' },
  },
];

describeResources('company', SPECS);

const fieldsOf = (response: ApiResponse) =>
  (response.body as ErrorBody).fieldErrors.map((error) => `${error.field}:${error.error}`);

describe.each(DRIVERS)('company rules on %s', (driver) => {
  const t = useTestApp(driver);
  let owner: string;
  let office: string;
  let instructor: string;
  let instructorId: number;
  let officeId: number;
  let ownerId: number;
  let n = 5000;
  const next = () => ++n;

  beforeAll(async () => {
    [owner, office, instructor] = await Promise.all([
      t.signIn(DEMO_OWNER.email, DEMO_OWNER.password),
      t.signIn(DEMO_OFFICE.email, DEMO_OFFICE.password),
      t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password),
    ]);
    instructorId = t.demo.userIds[DEMO_INSTRUCTOR.email] as number;
    officeId = t.demo.userIds[DEMO_OFFICE.email] as number;
    ownerId = t.demo.userIds[DEMO_OWNER.email] as number;
  });

  describe('branches', () => {
    it('refuses a second branch of the same name or abbreviation, in any case', async () => {
      const first = branchBody(next());
      await created(t, owner, '/branches', first);
      const sameName = await t.call('POST', '/branches', {
        token: owner,
        body: { ...branchBody(next()), name: first.name.toUpperCase() },
      });
      expectError(sameName, 422, 'errors.validation');
      expect(fieldsOf(sameName)).toEqual(['name:validation.name_in_use']);
      const sameAbbreviation = await t.call('POST', '/branches', {
        token: owner,
        body: { ...branchBody(next()), abbreviation: first.abbreviation.toLowerCase() },
      });
      expect(fieldsOf(sameAbbreviation)).toEqual(['abbreviation:validation.abbreviation_in_use']);
    });

    it('clears optional fields a PUT leaves out, and write sharing implies read', async () => {
      const body = branchBody(next());
      const branch = await created(t, owner, '/branches', body);
      const { phone: _phone, fastLaneDuration: _fast, address: _address, ...rest } = body;
      const changed = await t.call<Row>('PUT', `/branches/${branch.id}`, {
        token: owner,
        body: { ...rest, calendarShareRights: { instructorsRead: false, instructorsWrite: true } },
      });
      expect(changed.status, changed.raw).toBe(200);
      expect(changed.body).not.toHaveProperty('phone');
      expect(changed.body).not.toHaveProperty('fastLaneDuration');
      expect(changed.body).not.toHaveProperty('address');
      expect(changed.body.calendarShareRights).toEqual({
        instructorsRead: true,
        instructorsWrite: true,
      });
    });

    it('checks opening hours: one entry per weekday, no overlaps, inside the corridor', async () => {
      const response = await t.call('POST', '/branches', {
        token: owner,
        body: {
          ...branchBody(next()),
          dayWorkHours: [
            {
              weekday: 'MONDAY',
              ranges: [
                { from: '08:00', to: '12:00' },
                { from: '11:00', to: '13:00' },
              ],
            },
            { weekday: 'MONDAY', ranges: [{ from: '06:00', to: '09:00' }] },
            { weekday: 'TUESDAY', ranges: [{ from: '10:00', to: '09:00' }] },
          ],
        },
      });
      expectError(response, 422, 'errors.validation');
      expect(fieldsOf(response)).toEqual([
        'dayWorkHours.0.ranges.1.from:validation.overlap',
        'dayWorkHours.1.weekday:validation.duplicate',
        'dayWorkHours.1.ranges.0:validation.outside_work_corridor',
        'dayWorkHours.2.ranges.0.to:validation.time_order',
      ]);
    });

    it('reads and sets the work hours; filters by price list and website', async () => {
      const branch = await created(t, owner, '/branches', branchBody(next()));
      const hours = {
        dayWorkHours: [{ weekday: 'SATURDAY', ranges: [{ from: '09:00', to: '13:00' }] }],
        workCorridor: { from: '08:00', to: '14:00' },
      };
      const put = await t.call('PUT', `/branch-work-hours/${branch.id}`, {
        token: owner,
        body: hours,
      });
      expect(put.status, put.raw).toBe(200);
      expect(put.body).toEqual(hours);
      const got = await t.call('GET', `/branch-work-hours/${branch.id}`, { token: instructor });
      expect(got.body).toEqual(hours);
      expectError(
        await t.call('PUT', `/branch-work-hours/${branch.id}`, { token: office, body: hours }),
        403,
        'errors.forbidden',
      );
      const hidden = await t.call<Page>('POST', '/branches/filter', {
        token: owner,
        body: { showOnWebsite: false, size: 200 },
      });
      expect(hidden.body.data.every((row) => row.showOnWebsite === false)).toBe(true);
    });

    it('gives a price list only when it is active and no template', async () => {
      const template = await created(t, owner, '/price-lists', {
        ...priceListBody(next()),
        template: true,
      });
      const response = await t.call('POST', '/branches', {
        token: owner,
        body: { ...branchBody(next()), priceListId: template.id },
      });
      expect(fieldsOf(response)).toEqual(['priceListId:validation.price_list_not_assignable']);
      const list = await created(t, owner, '/price-lists', priceListBody(next()));
      const branch = await created(t, owner, '/branches', {
        ...branchBody(next()),
        priceListId: list.id,
      });
      expect(branch.priceListId).toBe(list.id);
      const filtered = await t.call<Page>('POST', '/branches/filter', {
        token: owner,
        body: { priceListId: list.id },
      });
      expect(filtered.body.data.map((row) => row.id)).toEqual([branch.id]);
    });
  });

  describe('vehicles', () => {
    it('keeps plates unique among active vehicles', async () => {
      const number = next();
      const first = await created(t, owner, '/vehicles', vehicleBody(number));
      const duplicate = await t.call('POST', '/vehicles', {
        token: owner,
        body: { ...vehicleBody(next()), plate: `B-FS ${number}` },
      });
      expect(fieldsOf(duplicate)).toEqual(['plate:validation.plate_in_use']);
      // Archived, the plate is free again; taking the old one out of the archive then fails.
      await t.call('POST', '/vehicles/archive', {
        token: owner,
        query: { id: first.id, archived: true },
      });
      await created(t, owner, '/vehicles', {
        ...vehicleBody(next()),
        plate: `B-FS ${number}`,
      });
      const back = await t.call('POST', '/vehicles/archive', {
        token: owner,
        query: { id: first.id, archived: false },
      });
      expect(fieldsOf(back)).toEqual(['plate:validation.plate_in_use']);
    });

    it('knows trailers have no transmission and only heavy vehicles a safety check', async () => {
      const trailer = await created(t, owner, '/vehicles', {
        name: 'Anhänger Humbaur',
        plate: `B-FS ${next()}`,
        kind: 'TRAILER',
        licenseClasses: ['BE'],
      });
      expect(trailer).not.toHaveProperty('transmission');
      const geared = await t.call('POST', '/vehicles', {
        token: owner,
        body: {
          name: 'Anhänger',
          plate: `B-FS ${next()}`,
          kind: 'TRAILER',
          transmission: 'MANUAL',
          licenseClasses: ['BE'],
        },
      });
      expect(fieldsOf(geared)).toEqual(['transmission:validation.not_allowed']);
      const car = await t.call('POST', '/vehicles', {
        token: owner,
        body: { ...vehicleBody(next()), safetyCheckDate: '2027-01-31' },
      });
      expect(fieldsOf(car)).toEqual(['safetyCheckDate:validation.not_allowed']);
      const truck = await created(t, owner, '/vehicles', {
        ...vehicleBody(next()),
        name: 'MAN TGL',
        kind: 'TRUCK',
        licenseClasses: ['C', 'CE'],
        safetyCheckDate: '2027-01-31',
        seasonalClosure: { fromMonth: 11, toMonth: 2 },
      });
      expect(truck).toMatchObject({
        safetyCheckDate: '2027-01-31',
        seasonalClosure: { fromMonth: 11, toMonth: 2 },
      });
    });

    it('refuses instructors and branches of another school or none', async () => {
      const response = await t.call('POST', '/vehicles', {
        token: owner,
        body: vehicleBody(next(), [999_999]),
      });
      expect(fieldsOf(response)).toEqual(['instructorIds:validation.not_found']);
      const branch = await t.call('POST', '/vehicles', {
        token: owner,
        body: { ...vehicleBody(next()), branchId: 999_999 },
      });
      expect(fieldsOf(branch)).toEqual(['branchId:validation.not_found']);
    });

    it('filters by kind, class, instructor and due inspections', async () => {
      const mine = await created(
        t,
        owner,
        '/vehicles',
        vehicleBody(next(), [instructorId, officeId]),
      );
      const others = await created(t, owner, '/vehicles', vehicleBody(next(), [ownerId]));
      const due = await created(t, owner, '/vehicles', {
        ...vehicleBody(next()),
        mainInspectionDate: '2020-01-31',
      });
      const usable = await t.call<Page>('POST', '/vehicles/filter', {
        token: owner,
        body: { instructorId, size: 200 },
      });
      const usableIds = usable.body.data.map((row) => row.id);
      expect(usableIds).toContain(mine.id);
      expect(usableIds).toContain(due.id);
      expect(usableIds).not.toContain(others.id);
      const dueSoon = await t.call<Page>('POST', '/vehicles/filter', {
        token: owner,
        body: { inspectionDueBefore: '2021-01-01', size: 200 },
      });
      expect(dueSoon.body.data.map((row) => row.id)).toEqual([due.id]);
      const trucks = await t.call<Page>('POST', '/vehicles/filter', {
        token: owner,
        body: { kinds: ['BUS'], licenseClass: 'B' },
      });
      expect(trucks.body.total).toBe(0);
      expect(mine.instructorIds).toEqual([officeId, instructorId].sort((a, b) => a - b));
    });

    it('answers the usage requirements and the vehicles an instructor may use', async () => {
      const be = await t.call('GET', '/vehicles/vehicle-usage-requirements/license-class/BE', {
        token: instructor,
      });
      expect(be.body).toEqual({
        licenseClass: 'BE',
        requirements: [
          { usage: 'DRIVING', required: true, vehicleKinds: ['CAR'] },
          { usage: 'TRAILER', required: true, vehicleKinds: ['TRAILER'] },
        ],
      });
      const trailer = await created(t, owner, '/vehicles', {
        name: 'Anhänger BE',
        plate: `B-FS ${next()}`,
        kind: 'TRAILER',
        licenseClasses: ['BE'],
        instructorIds: [instructorId],
      });
      const trailers = await t.call<Row[]>(
        'GET',
        `/vehicles/instructor/${instructorId}/usage/TRAILER/license-class/BE`,
        { token: instructor },
      );
      expect(trailers.status, trailers.raw).toBe(200);
      expect(trailers.body.map((row) => row.id)).toContain(trailer.id);
      expect(trailers.body.every((row) => row.kind === 'TRAILER')).toBe(true);
      expectError(
        await t.call('GET', '/vehicles/instructor/999999/usage/DRIVING/license-class/B', {
          token: instructor,
        }),
        404,
        'errors.not_found',
      );
      // The demo instructor holds a role of type INSTRUCTOR, so they teach.
      const own = await t.call<Row[]>('GET', '/vehicles/by-instructor/current', {
        token: instructor,
      });
      expect(own.body.map((row) => row.id)).toContain(trailer.id);
      const office = await t.call<Row[]>('GET', '/vehicles/by-instructor/current', {
        token: owner,
      });
      expect(office.body).toEqual([]);
    });
  });

  describe('products and prices', () => {
    it('requires the hour type of driving lessons only', async () => {
      const fee = await t.call('POST', '/products', {
        token: owner,
        body: { type: 'BASIC_FEE', name: 'Grundgebühr', vatRate: 19, hourType: 'NORMAL' },
      });
      expect(fieldsOf(fee)).toEqual(['hourType:validation.not_allowed']);
      const lesson = await created(t, owner, '/products', productBody(next()));
      expect(lesson.prices).toEqual([]);
      const lessons = await t.call<Row[]>('GET', '/products/driving-lesson-products', {
        token: instructor,
        query: { licenseClass: 'A', hourType: 'NORMAL' },
      });
      expect(lessons.body.map((row) => row.id)).toContain(lesson.id);
      const none = await t.call<Row[]>('GET', '/products/driving-lesson-products', {
        token: instructor,
        query: { licenseClass: 'CE' },
      });
      expect(none.body.map((row) => row.id)).not.toContain(lesson.id);
      const flag = await t.call(
        'GET',
        `/products/${lesson.id}/is-book-at-student-registration-allowed`,
        { token: instructor },
      );
      expect(flag.body).toEqual({ value: false });
    });

    it('keeps one row per list, product and class, and shows rows on the product', async () => {
      const product = await created(t, owner, '/products', {
        type: 'ADD_ON',
        name: `Intensivkurs-Zuschlag ${next()}`,
        vatRate: 19,
      });
      const list = await created(t, owner, '/price-lists', priceListBody(next()));
      const row = { priceListId: list.id, productId: product.id, price: 14_900 };
      const price = await created(t, owner, '/prices', row);
      const twice = await t.call('POST', '/prices', { token: owner, body: row });
      expect(fieldsOf(twice)).toEqual(['productId:validation.price_exists']);
      await created(t, owner, '/prices', { ...row, licenseClass: 'B', price: 12_900 });
      const got = await t.call<Row>('GET', `/products/${product.id}`, { token: instructor });
      expect((got.body.prices as Row[]).map((entry) => entry.price)).toEqual([14_900, 12_900]);
      expect(price).toMatchObject({ productName: product.name, productType: 'ADD_ON' });
      const byList = await t.call<Row[]>('GET', `/prices/by-pricelist/${list.id}`, {
        token: instructor,
      });
      expect(byList.body).toHaveLength(2);
      const listed = await t.call<Row[]>('GET', '/prices', {
        token: instructor,
        query: { priceListId: list.id },
      });
      expect(listed.body).toHaveLength(2);
      const filtered = await t.call<Page>('POST', '/prices/filter', {
        token: owner,
        body: { priceListId: list.id, productTypes: ['ADD_ON'], licenseClass: 'B' },
      });
      expect(filtered.body.total).toBe(1);
      const archived = await t.call<Page>('POST', '/prices/filter', {
        token: owner,
        body: { priceListId: list.id, archived: true },
      });
      expect(archived.body.total).toBe(0);
    });

    it('moves the standard mark, refuses archiving or unmarking the standard list', async () => {
      const first = await created(t, owner, '/price-lists', {
        ...priceListBody(next()),
        standard: true,
      });
      const second = await created(t, owner, '/price-lists', {
        ...priceListBody(next()),
        standard: true,
      });
      const reread = await t.call<Row>('GET', `/price-lists/${first.id}`, { token: owner });
      expect(reread.body.standard).toBe(false);
      expect(second.standard).toBe(true);
      expectError(
        await t.call('POST', '/price-lists/archive', {
          token: owner,
          query: { id: second.id, archived: true },
        }),
        422,
        'errors.standard_price_list',
      );
      const unmark = await t.call('PUT', `/price-lists/${second.id}`, {
        token: owner,
        body: { name: second.name, vatRate: 19, standard: false },
      });
      expect(fieldsOf(unmark)).toEqual(['standard:validation.standard_required']);
      const templates = await t.call<Page>('POST', '/price-lists/filter', {
        token: owner,
        body: { template: true, size: 200 },
      });
      expect(templates.body.data.every((row) => row.template === true)).toBe(true);
    });

    it('copies and renames a list; prices a combination of classes', async () => {
      const list = await created(t, owner, '/price-lists', priceListBody(next()));
      const fee = await created(t, owner, '/products', {
        type: 'BASIC_FEE',
        name: `Grundgebühr A ${next()}`,
        licenseClasses: ['A', 'B', 'CE'],
        vatRate: 19,
      });
      await created(t, owner, '/prices', {
        priceListId: list.id,
        productId: fee.id,
        price: 34_900,
        combinedTrainingPrice: 19_900,
      });
      await created(t, owner, '/prices', {
        priceListId: list.id,
        productId: fee.id,
        licenseClass: 'CE',
        price: 59_900,
      });
      const name = `Kopie ${next()}`;
      const copy = await t.call<Row>('POST', `/price-lists/copy-pricelist/${list.id}`, {
        token: owner,
        query: { name },
      });
      expect(copy.status, copy.raw).toBe(201);
      expect(copy.body).toMatchObject({ name, standard: false, template: false });
      const copied = await t.call<Row[]>('GET', `/prices/by-pricelist/${copy.body.id}`, {
        token: owner,
      });
      expect(copied.body.map((row) => row.price)).toEqual([34_900, 59_900]);
      const clash = await t.call('POST', `/price-lists/copy-pricelist/${list.id}`, {
        token: owner,
        query: { name: name.toUpperCase() },
      });
      expect(fieldsOf(clash)).toEqual(['name:validation.name_in_use']);
      const renamed = await t.call<Row>(
        'PUT',
        `/price-lists/${copy.body.id}/rename/${encodeURIComponent(`${name} neu`)}`,
        { token: owner },
      );
      expect(renamed.body.name).toBe(`${name} neu`);

      const combination = await t.call<Row[]>('POST', '/prices/combinations', {
        token: instructor,
        body: { priceListId: list.id, licenseClasses: ['B', 'A', 'CE'] },
      });
      expect(combination.status, combination.raw).toBe(200);
      expect(
        combination.body.map((row) => [row.licenseClass, row.price, row.combined, row.vatRate]),
      ).toEqual([
        ['B', 34_900, false, 19],
        ['A', 19_900, true, 19],
        ['CE', 59_900, true, 0],
      ]);
    });
  });

  describe('student categories', () => {
    it('lists under the path with the trailing slash and pages', async () => {
      for (const name of ['Ferienkurs', 'Bildungsgutschein']) {
        await created(t, owner, '/student-categories', {
          name,
          abbreviation: name.slice(0, 2).toUpperCase(),
          appearance: '#336699',
        });
      }
      const list = await t.call<Row[]>('GET', '/student-categories/', { token: instructor });
      expect(list.status, list.raw).toBe(200);
      expect(list.body.map((row) => row.name)).toEqual(['Bildungsgutschein', 'Ferienkurs']);
      const page = await t.call<Page>('GET', '/student-categories/1/1', { token: owner });
      expect(page.body).toMatchObject({ total: 2 });
      expect(page.body.data.map((row) => row.name)).toEqual(['Ferienkurs']);
      const twice = await t.call('POST', '/student-categories', {
        token: owner,
        body: { name: 'FERIENKURS', abbreviation: 'FK', appearance: '#336699' },
      });
      expect(fieldsOf(twice)).toEqual(['name:validation.name_in_use']);
    });
  });

  describe('roles', () => {
    it('starts a role with nothing allowed and sets its permissions', async () => {
      const role = await created(t, owner, '/roles', {
        name: `Aushilfe ${next()}`,
        type: 'STAFF',
        generalAccess: true,
        sidebarAccess: false,
      });
      expect(role.userCount).toBe(0);
      expect((role.permissions as { allow: boolean }[]).some((entry) => entry.allow)).toBe(false);
      const set = await t.call<Row>('PUT', `/roles/${role.id}/permissions`, {
        token: owner,
        body: {
          permissions: [
            { permission: 'MODULE_CUSTOMERS', allow: true },
            { permission: 'MODULE_TASK', allow: false },
          ],
        },
      });
      expect(set.status, set.raw).toBe(200);
      const allowed = (set.body.permissions as { permission: string; allow: boolean }[])
        .filter((entry) => entry.allow)
        .map((entry) => entry.permission);
      expect(allowed).toEqual(['MODULE_CUSTOMERS']);
      const twice = await t.call('PUT', `/roles/${role.id}/permissions`, {
        token: owner,
        body: {
          permissions: [
            { permission: 'MODULE_TASK', allow: true },
            { permission: 'MODULE_TASK', allow: false },
          ],
        },
      });
      expect(fieldsOf(twice)).toEqual(['permissions.1.permission:validation.duplicate']);
    });

    it('keeps OWNER roles allowed, the last one, and roles in use', async () => {
      const owners = await t.call<Page>('POST', '/roles/filter', {
        token: owner,
        body: { type: 'OWNER' },
      });
      const ownerRole = owners.body.data[0] as Row;
      expect(owners.body.total).toBe(1);
      expect(ownerRole.userCount).toBe(1);
      expect((ownerRole.permissions as { allow: boolean }[]).every((entry) => entry.allow)).toBe(
        true,
      );
      const demote = await t.call('PUT', `/roles/${ownerRole.id}`, {
        token: owner,
        body: { name: ownerRole.name, type: 'STAFF', generalAccess: true, sidebarAccess: true },
      });
      expect(fieldsOf(demote)).toEqual(['type:validation.last_owner_role']);
      expectError(
        await t.call('DELETE', `/roles/${ownerRole.id}`, { token: owner }),
        422,
        'errors.role_in_use',
      );
      const promoted = await created(t, owner, '/roles', {
        name: `Mitinhaber ${next()}`,
        type: 'OWNER',
        generalAccess: true,
        sidebarAccess: true,
      });
      expect((promoted.permissions as { allow: boolean }[]).every((entry) => entry.allow)).toBe(
        true,
      );
      const none = await t.call<Page>('POST', '/roles/filter', {
        token: owner,
        body: { archived: true },
      });
      expect(none.body.total).toBe(0);
    });
  });

  describe('users', () => {
    it('lists users with roles, branches, sharing and work hours', async () => {
      const list = await t.call<Row[]>('GET', '/users', { token: instructor });
      expect(list.status, list.raw).toBe(200);
      expect(list.body.map((row) => row.lastName)).toEqual(['Bauer', 'Mustermann', 'Weber']);
      const page = await t.call<Page>('GET', '/users/2/1', { token: owner });
      expect(page.body).toMatchObject({ total: 3 });
      expect(page.body.data.map((row) => row.lastName)).toEqual(['Mustermann', 'Weber']);
      expect(JSON.stringify(list.body)).not.toContain('passwordHash');
    });

    it('changes a user with roles, branches, calendar sharing and taught classes', async () => {
      const branch = await created(t, owner, '/branches', branchBody(next()));
      const body = {
        firstName: 'Jonas',
        lastName: 'Weber',
        email: DEMO_INSTRUCTOR.email,
        phone: '+49 171 2345678',
        roleIds: [t.demo.roleIds.Fahrlehrer, t.demo.roleIds.Büro],
        branchIds: [branch.id],
        calendarReadAccessUserIds: [ownerId],
        calendarWriteAccessUserIds: [officeId],
        mobileCalendarAccess: true,
        studentVisibility: 'OWN',
        dayWorkHours: [{ weekday: 'MONDAY', ranges: [{ from: '08:00', to: '18:00' }] }],
        licenseClasses: ['B', 'BE'],
      };
      const changed = await t.call<Row>('PUT', `/users/${instructorId}`, { token: owner, body });
      expect(changed.status, changed.raw).toBe(200);
      expect(changed.body).toMatchObject({ ...body, roleNames: ['Fahrlehrer', 'Büro'] });

      const taken = await t.call('PUT', `/users/${instructorId}`, {
        token: owner,
        body: { ...body, email: DEMO_OFFICE.email.toUpperCase() },
      });
      expect(fieldsOf(taken)).toEqual(['email:validation.email_in_use']);
      const self = await t.call('PUT', `/users/${instructorId}`, {
        token: owner,
        body: { ...body, calendarReadAccessUserIds: [instructorId] },
      });
      expect(fieldsOf(self)).toEqual(['calendarReadAccessUserIds:validation.own_calendar']);

      const shared = await t.call<Row[]>('GET', '/users/current/shared-calendars', {
        token: office,
      });
      expect(shared.body).toContainEqual({
        userId: instructorId,
        firstName: 'Jonas',
        lastName: 'Weber',
        write: true,
      });
      const sharing = await t.call('PUT', `/users/${instructorId}/calendar-sharing`, {
        token: instructor,
        body: { readAccessUserIds: [ownerId, officeId], writeAccessUserIds: [officeId] },
      });
      expect(sharing.body).toEqual({
        readAccessUserIds: [ownerId],
        writeAccessUserIds: [officeId],
      });
      expectError(
        await t.call('GET', `/users/${ownerId}/calendar-sharing`, { token: instructor }),
        403,
        'errors.forbidden',
      );
      const access = await t.call<Row>('PUT', `/users/${instructorId}/branch-access`, {
        token: owner,
        body: { branchIds: [] },
      });
      expect(access.body.branchIds).toEqual([]);
      const roles = await t.call<Row>('PUT', `/users/${instructorId}/roles`, {
        token: owner,
        body: { roleIds: [t.demo.roleIds.Fahrlehrer] },
      });
      expect(roles.body.roleNames).toEqual(['Fahrlehrer']);
    });

    it('keeps the last owner an owner', async () => {
      const response = await t.call('PUT', `/users/${ownerId}/roles`, {
        token: owner,
        body: { roleIds: [t.demo.roleIds.Büro] },
      });
      expect(fieldsOf(response)).toEqual(['roleIds:validation.last_owner']);
    });

    it('filters instructors and keeps their work hours', async () => {
      const instructors = await t.call<Page>('POST', '/instructor/filter', {
        token: instructor,
        body: {},
      });
      expect(instructors.body.data.map((row) => row.id)).toEqual([instructorId]);
      const hours = {
        dayWorkHours: [
          {
            weekday: 'TUESDAY',
            ranges: [
              { from: '08:00', to: '12:00' },
              { from: '13:00', to: '17:00' },
            ],
          },
        ],
      };
      const put = await t.call('PUT', `/instructor-work-hours/${instructorId}`, {
        token: owner,
        body: hours,
      });
      expect(put.body).toEqual(hours);
      const got = await t.call('GET', `/instructor-work-hours/${instructorId}`, {
        token: instructor,
      });
      expect(got.body).toEqual(hours);
      const overlapping = await t.call('PUT', `/instructor-work-hours/${instructorId}`, {
        token: owner,
        body: {
          dayWorkHours: [
            {
              weekday: 'TUESDAY',
              ranges: [
                { from: '08:00', to: '12:00' },
                { from: '11:00', to: '17:00' },
              ],
            },
          ],
        },
      });
      expect(fieldsOf(overlapping)).toEqual(['dayWorkHours.0.ranges.1.from:validation.overlap']);
    });
  });

  describe('configuration and master data', () => {
    it('never answers the mail password; lists the accounts of a user', async () => {
      const account = await created(t, owner, '/email-config', {
        email: `postfach${next()}@fahrschule-demo.de`,
        userIds: [officeId],
        smtpHost: 'smtp.ionos.de',
        smtpPort: 587,
        smtpSecurity: 'STARTTLS',
        imapHost: 'imap.ionos.de',
        imapPort: 993,
        imapSecurity: 'TLS',
        username: 'postfach',
        password: 'Geheim#123',
      });
      expect(account.passwordSet).toBe(true);
      expect(JSON.stringify(account)).not.toContain('Geheim');
      const mine = await t.call<Row[]>('GET', `/email-config/user/${officeId}/email-configs`, {
        token: office,
      });
      expect(mine.body).toContainEqual({ id: account.id, email: account.email });
      expectError(
        await t.call('GET', `/email-config/user/${officeId}/email-configs`, { token: instructor }),
        403,
        'errors.forbidden',
      );
      const filtered = await t.call<Page>('POST', '/email-config/filter', {
        token: owner,
        body: { userId: officeId, size: 200 },
      });
      expect(filtered.body.data.map((row) => row.id)).toContain(account.id);
    });

    it('answers defaults, then what was stored', async () => {
      const fresh = await t.call('GET', '/driving-schools/current/master-data', { token: owner });
      expect(fresh.body).toEqual({
        name: 'Fahrschule Sonnenschein',
        switches: {
          automaticExamOrganisationFees: false,
          bankFeeOnFailedLivePay: false,
          restrictedPlanningOnLowBalance: false,
          stampOnCertificates: false,
        },
        // Never set: the legal 14 days of SEPA pre-notification and a balance limit of 0.
        preNotificationDays: 14,
        lowBalanceThreshold: 0,
      });
      const body = {
        name: 'Fahrschule Sonnenschein',
        email: 'info@fahrschule-demo.de',
        federalState: 'BE',
        address: ADDRESS,
        iban: 'DE89370400440532013000',
        vatId: 'DE287654321',
        switches: {
          automaticExamOrganisationFees: true,
          bankFeeOnFailedLivePay: false,
          restrictedPlanningOnLowBalance: true,
          stampOnCertificates: false,
        },
      };
      const stored = await t.call('PUT', '/driving-schools/current/master-data', {
        token: owner,
        body,
      });
      expect(stored.status, stored.raw).toBe(200);
      // Left out of the PUT, the input's defaults apply (14 days, limit 0).
      expect(stored.body).toEqual({ ...body, preNotificationDays: 14, lowBalanceThreshold: 0 });
      const shorter = await t.call('PUT', '/driving-schools/current/master-data', {
        token: owner,
        body: { ...body, preNotificationDays: 5, lowBalanceThreshold: -5000 },
      });
      expect(shorter.body).toMatchObject({ preNotificationDays: 5, lowBalanceThreshold: -5000 });
      expect(
        fieldsOf(
          await t.call('PUT', '/driving-schools/current/master-data', {
            token: owner,
            body: { ...body, preNotificationDays: 15 },
          }),
        ),
      ).toEqual(['preNotificationDays:validation.maximum']);
      const badIban = await t.call('PUT', '/driving-schools/current/master-data', {
        token: owner,
        body: { ...body, iban: 'DE89370400440532013001' },
      });
      expect(fieldsOf(badIban)).toEqual(['iban:validation.iban']);

      const school = await t.call<Row>('GET', '/driving-schools/current', { token: instructor });
      expect(school.body).toMatchObject({
        id: t.demo.schoolId,
        name: 'Fahrschule Sonnenschein',
        usingMirrorVehicles: false,
        onboardingLinks: [],
      });
      expect((school.body.switches as Row).automaticExamOrganisationFees).toBe(true);
      expect(
        (
          await t.call('GET', '/driving-school-documents/basic-documents-availability', {
            token: owner,
          })
        ).body,
      ).toEqual({ letterhead: false, signature: false, logo: false });

      expect((await t.call('GET', '/financial-config/current', { token: owner })).body).toEqual({});
      const footnotes = {
        studentFinalInvoiceFootnote: 'Gute Fahrt!',
        termsUrl: 'https://x.de/agb',
      };
      expect(
        (await t.call('PUT', '/financial-config/current', { token: owner, body: footnotes })).body,
      ).toEqual(footnotes);
      const accounts = await t.call<Row>('GET', '/accounts-config/current', { token: owner });
      expect(accounts.body).toMatchObject({ chartOfAccounts: 'SKR03', revenue19Account: '8400' });
      const skr04 = { ...accounts.body, chartOfAccounts: 'SKR04', revenue19Account: '4400' };
      expect(
        (await t.call('PUT', '/accounts-config/current', { token: owner, body: skr04 })).body,
      ).toEqual(skr04);
    });
  });

  describe('tenancy', () => {
    it("keeps every resource's rows from another school's owner", async () => {
      await createSchool(t.database.db, {
        name: 'Fahrschule Nebenan',
        roles: [{ name: 'Inhaber', type: 'OWNER', description: '', allow: PERMISSION_KEYS }],
        users: [
          {
            firstName: 'Nina',
            lastName: 'Nebenan',
            email: 'nina@fahrschule-nebenan.de',
            password: 'Nebenan#Schule1',
            roles: ['Inhaber'],
            studentVisibility: 'ALL',
          },
        ],
      });
      const other = await t.signIn('nina@fahrschule-nebenan.de', 'Nebenan#Schule1');
      for (const spec of SPECS) {
        const body = await spec.sample({ t, token: owner, n: next() });
        const row = await created(t, owner, spec.path, body);
        expectError(
          await t.call('GET', `${spec.path}/${row.id}`, { token: other }),
          404,
          'errors.not_found',
        );
        const theirs = await t.call<Page>('POST', `${spec.path}/filter`, {
          token: other,
          body: { size: 200 },
        });
        expect(theirs.status, theirs.raw).toBe(200);
        expect(theirs.body.data.map((entry) => entry.id)).not.toContain(row.id);
        const update = await t.call('PUT', `${spec.path}/${row.id}`, { token: other, body });
        expect([404, 422], `${spec.path}: ${update.raw}`).toContain(update.status);
        if (spec.archivable) {
          const archive = await t.call('POST', `${spec.path}/archive`, {
            token: other,
            query: { id: row.id, archived: true },
          });
          expect(archive.status, archive.raw).toBe(404);
        }
        if (spec.deletable) {
          expect((await t.call('DELETE', `${spec.path}/${row.id}`, { token: other })).status).toBe(
            404,
          );
        }
        // Still there for its own school.
        expect((await t.call('GET', `${spec.path}/${row.id}`, { token: owner })).status).toBe(200);
      }
      const list = await t.call<Row[]>('GET', '/branches', { token: other });
      expect(list.body).toEqual([]);
      const foreignList = await t.call('POST', '/branches', {
        token: other,
        body: {
          ...branchBody(next()),
          priceListId: (
            await t.call<Page>('POST', '/price-lists/filter', { token: owner, body: {} })
          ).body.data[0]?.id,
        },
      });
      expect(fieldsOf(foreignList)).toEqual(['priceListId:validation.not_found']);
    });
  });

  describe('branch archive', () => {
    it("keeps the school's last active branch", async () => {
      const school = await createSchool(t.database.db, {
        name: 'Fahrschule Einzeln',
        roles: [{ name: 'Inhaber', type: 'OWNER', description: '', allow: PERMISSION_KEYS }],
        users: [
          {
            firstName: 'Ella',
            lastName: 'Einzeln',
            email: 'ella@fahrschule-einzeln.de',
            password: 'Einzeln#Schule1',
            roles: ['Inhaber'],
            studentVisibility: 'ALL',
          },
        ],
      });
      expect(school.schoolId).toBeGreaterThan(0);
      const token = await t.signIn('ella@fahrschule-einzeln.de', 'Einzeln#Schule1');
      const only = await created(t, token, '/branches', branchBody(1));
      expectError(
        await t.call('POST', '/branches/archive', {
          token,
          query: { id: only.id, archived: true },
        }),
        422,
        'errors.last_branch',
      );
    });
  });

  describe('demo data', () => {
    it('seeds the company area deterministically around today', async () => {
      const school = await createSchool(t.database.db, {
        name: 'Demo',
        roles: [
          { name: 'Inhaber', type: 'OWNER', description: '', allow: PERMISSION_KEYS },
          { name: 'Fahrlehrer', type: 'INSTRUCTOR', description: '', allow: [] },
        ],
        users: ['inhaber', 'buero', 'lehrer'].map((local, index) => ({
          firstName: local,
          lastName: 'Demo',
          email: `${local}@demo-seed.de`,
          password: 'Demo#Seed123',
          roles: [index === 2 ? 'Fahrlehrer' : 'Inhaber'],
          studentVisibility: 'ALL' as const,
        })),
      });
      const [ownerUser, officeUser, instructorUser] = Object.values(school.userIds) as number[];
      const context = {
        db: t.database.db,
        schoolId: school.schoolId,
        faker: seededFaker(2026),
        scale: DEMO_SCALE,
        today: '2026-05-04',
        ids: {
          owner: ownerUser,
          office: officeUser,
          instructorUser,
          instructors: [instructorUser],
          roles: school.roleIds,
          branches: [],
          vehicles: [],
          trailers: [],
          products: [],
          priceLists: [],
          studentCategories: [],
          testingOrganizations: [],
          students: [],
          educations: [],
          costBearers: [],
          theoryCourses: [],
          exams: [],
        },
        log: () => {},
        email: (local: string) => `${local}@fahrschule-demo.de`,
      } as DemoContext;
      const counts = await seedCompany(context);
      expect(counts).toMatchObject({
        branches: DEMO_SCALE.branches,
        vehicles: DEMO_SCALE.vehicles,
        users: DEMO_SCALE.instructors - 1,
        price_lists: 2,
        testing_organizations: 2,
      });
      expect(context.ids.instructors).toHaveLength(DEMO_SCALE.instructors);
      expect(context.ids.instructors[0]).toBe(instructorUser);
      expect(context.ids.trailers).toHaveLength(2);
      expect(context.ids.vehicles.length + context.ids.trailers.length).toBe(
        DEMO_SCALE.vehicles - 1,
      );
      expect(context.ids.products.map((product) => product.type)).toEqual(
        expect.arrayContaining(['BASIC_FEE', 'DRIVING_LESSON', 'LEARNING_MATERIAL', 'ADD_ON']),
      );

      // The seeded instructors sign in, and an inspection is due within 30 days.
      const token = await t.signIn('inhaber@demo-seed.de', 'Demo#Seed123');
      const due = await t.call<Page>('POST', '/vehicles/filter', {
        token,
        body: { inspectionDueBefore: '2026-06-03' },
      });
      expect(due.body.total).toBeGreaterThanOrEqual(1);
      const teachers = await t.call<Page>('POST', '/instructor/filter', {
        token,
        body: { size: 200 },
      });
      expect(teachers.body.total).toBe(DEMO_SCALE.instructors);
      const [email] = teachers.body.data
        .map((row) => String(row.email))
        .filter((address) => !address.endsWith('@demo-seed.de'));
      await t.signIn(email as string, 'Demo#Lehrer1');
    });
  });
});
