import { beforeAll, describe, expect, it } from 'vitest';
import { createSchool } from '../../db/seed';
import {
  DEMO_INSTRUCTOR,
  DEMO_OFFICE,
  DEMO_OWNER,
  DRIVERS,
  expectError,
  useTestApp,
} from '../../test/test-app';
import {
  branch,
  fieldsOf,
  next,
  price,
  priceList,
  product,
  type Row,
  student,
} from '../prices/price-fixtures';
import { PERMISSION_KEYS } from '../session/permission-keys';

type Page = { data: Row[]; total: number };

describe.each(DRIVERS)('products on %s', (driver) => {
  const t = useTestApp(driver);
  let owner: string;
  let office: string;
  let instructor: string;

  beforeAll(async () => {
    owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    office = await t.signIn(DEMO_OFFICE.email, DEMO_OFFICE.password);
    instructor = await t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password);
  });

  it('filters the four kinds, searches, archives and takes out of the archive', async () => {
    const tag = `Sorte${next()}`;
    const lesson = await product(t, owner, {
      type: 'DRIVING_LESSON',
      hourType: 'NIGHT',
      duration: 45,
      name: `Nachtfahrt ${tag}`,
    });
    const material = await product(t, owner, {
      type: 'LEARNING_MATERIAL',
      name: `Lehrbuch ${tag}`,
    });
    const fee = await product(t, owner, { type: 'BASIC_FEE', name: `Grundbetrag ${tag}` });
    const addOn = await product(t, owner, { name: `Zusatz ${tag}` });
    for (const [type, id] of [
      ['DRIVING_LESSON', lesson.id],
      ['LEARNING_MATERIAL', material.id],
      ['BASIC_FEE', fee.id],
      ['ADD_ON', addOn.id],
    ] as const) {
      const page = await t.call<Page>('POST', '/products/filter', {
        token: owner,
        body: { types: [type], search: tag },
      });
      expect(page.body.data.map((row) => row.id)).toEqual([id]);
    }
    const archived = await t.call<Row>('POST', '/products/archive', {
      token: owner,
      query: { id: addOn.id, archived: true },
    });
    expect(archived.body.archived).toBe(true);
    const active = await t.call<Page>('POST', '/products/filter', {
      token: owner,
      body: { search: tag },
    });
    expect(active.body.total).toBe(3);
    const inArchive = await t.call<Page>('POST', '/products/filter', {
      token: owner,
      body: { search: tag, archived: true },
    });
    expect(inArchive.body.data.map((row) => row.id)).toEqual([addOn.id]);
    const back = await t.call<Row>('POST', '/products/archive', {
      token: owner,
      query: { id: addOn.id, archived: false },
    });
    expect(back.body.archived).toBe(false);
  });

  it('refuses a blank name, a lesson without hour type and hour types elsewhere', async () => {
    const blank = await t.call('POST', '/products', {
      token: owner,
      body: { type: 'ADD_ON', name: '   ', vatRate: 19 },
    });
    expect(fieldsOf(blank)).toEqual(['name:validation.required']);
    const noHourType = await t.call('POST', '/products', {
      token: owner,
      body: { type: 'DRIVING_LESSON', name: 'Fahrstunde', vatRate: 19 },
    });
    expect(fieldsOf(noHourType)).toEqual(['hourType:validation.required']);
    const duration = await t.call('POST', '/products', {
      token: owner,
      body: { type: 'ADD_ON', name: 'Zuschlag', vatRate: 19, duration: 45 },
    });
    expect(fieldsOf(duration)).toEqual(['duration:validation.not_allowed']);
    const vat = await t.call('POST', '/products', {
      token: owner,
      body: { type: 'ADD_ON', name: 'Zuschlag', vatRate: 12 },
    });
    expect(vat.status).toBe(422);
  });

  it('keeps the type of a booked product, but lets its name change', async () => {
    const list = await priceList(t, owner);
    const addOn = await product(t, owner, { name: `Gebucht ${next()}` });
    await price(t, owner, { priceListId: list.id, productId: addOn.id, price: 2_500 });
    const place = await branch(t, owner);
    const { student: s, educations } = await student(t, t.demo.schoolId, {
      branchId: place.id,
      priceListId: list.id,
      classes: ['B'],
    });
    const booked = await t.call('POST', '/products/book-addons', {
      token: owner,
      query: { studentId: s.id },
      body: { studentEducationId: educations[0]?.id, addOns: [{ productId: addOn.id }] },
    });
    expect(booked.status, booked.raw).toBe(201);
    const retype = await t.call('PUT', `/products/${addOn.id}`, {
      token: owner,
      body: { type: 'LEARNING_MATERIAL', name: addOn.name, vatRate: 19 },
    });
    expect(fieldsOf(retype)).toEqual(['type:validation.product_in_use']);
    const rename = await t.call<Row>('PUT', `/products/${addOn.id}`, {
      token: owner,
      body: { type: 'ADD_ON', name: 'Intensivkurs-Zuschlag neu', vatRate: 19 },
    });
    expect(rename.status, rename.raw).toBe(200);
    const free = await product(t, owner, { name: `Frei ${next()}` });
    const retypeFree = await t.call<Row>('PUT', `/products/${free.id}`, {
      token: owner,
      body: { type: 'LEARNING_MATERIAL', name: free.name, vatRate: 7 },
    });
    expect(retypeFree.body).toMatchObject({ type: 'LEARNING_MATERIAL', vatRate: 7 });
  });

  it('lets office and instructor read, but only the company writer write', async () => {
    const body = { type: 'ADD_ON', name: `Büro ${next()}`, vatRate: 19 };
    expectError(
      await t.call('POST', '/products', { token: office, body }),
      403,
      'errors.forbidden',
    );
    const mine = await product(t, owner);
    expectError(
      await t.call('POST', '/products/archive', {
        token: office,
        query: { id: mine.id, archived: true },
      }),
      403,
      'errors.forbidden',
    );
    const read = await t.call<Row[]>('GET', '/products', { token: instructor });
    expect(read.status).toBe(200);
    expect(read.body.map((row) => row.id)).toContain(mine.id);
    const allowed = await t.call(
      'GET',
      `/products/${mine.id}/is-book-at-student-registration-allowed`,
      {
        token: instructor,
      },
    );
    expect(allowed.body).toEqual({ value: false });
  });

  it("keeps another school's products out of reach", async () => {
    await createSchool(t.database.db, {
      name: 'Fahrschule Produktlos',
      roles: [{ name: 'Inhaber', type: 'OWNER', description: '', allow: PERMISSION_KEYS }],
      users: [
        {
          firstName: 'Olga',
          lastName: 'Ohne',
          email: 'olga@fahrschule-produktlos.de',
          password: 'Produktlos#1a',
          roles: ['Inhaber'],
          studentVisibility: 'ALL',
        },
      ],
    });
    const stranger = await t.signIn('olga@fahrschule-produktlos.de', 'Produktlos#1a');
    const mine = await product(t, owner);
    for (const path of [
      `/products/${mine.id}`,
      `/products/${mine.id}/is-book-at-student-registration-allowed`,
    ]) {
      expect((await t.call('GET', path, { token: stranger })).status, path).toBe(404);
    }
    const update = await t.call('PUT', `/products/${mine.id}`, {
      token: stranger,
      body: { type: 'ADD_ON', name: 'Fremd', vatRate: 19 },
    });
    expect(update.status).toBe(404);
    const list = await t.call<Row[]>('GET', '/products', { token: stranger });
    expect(list.body).toEqual([]);
  });
});
