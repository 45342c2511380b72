import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { priceLists, studentBookedProducts } from '../../db/schema';
import { createSchool } from '../../db/seed';
import {
  DEMO_INSTRUCTOR,
  DEMO_OFFICE,
  DEMO_OWNER,
  DRIVERS,
  expectError,
  useTestApp,
} from '../../test/test-app';
import { PERMISSION_KEYS } from '../session/permission-keys';
import {
  branch,
  created,
  fieldsOf,
  next,
  price,
  priceList,
  product,
  type Row,
  student,
} from './price-fixtures';

describe.each(DRIVERS)('prices and price lists on %s', (driver) => {
  const t = useTestApp(driver);
  let owner: string;
  let office: string;
  let instructor: string;

  beforeAll(async () => {
    owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    office = await t.signIn(DEMO_OFFICE.email, DEMO_OFFICE.password);
    instructor = await t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password);
  });

  describe('copy and rename', () => {
    it('copies a list with every price; the copy is neither template nor standard', async () => {
      const source = await priceList(t, owner, { template: true, vatRate: 7 });
      const lesson = await product(t, owner, {
        type: 'DRIVING_LESSON',
        hourType: 'OVERLAND',
        name: `Überlandfahrt ${next()}`,
        licenseClasses: ['B', 'A'],
      });
      const fee = await product(t, owner, { type: 'BASIC_FEE', name: `Grundbetrag ${next()}` });
      await price(t, owner, { priceListId: source.id, productId: lesson.id, price: 6_900 });
      await price(t, owner, {
        priceListId: source.id,
        productId: lesson.id,
        licenseClass: 'A',
        price: 7_400,
        combinedTrainingPrice: 6_400,
      });
      await price(t, owner, { priceListId: source.id, productId: fee.id, price: 39_900 });

      const name = `  Preisliste Kopie ${next()}  `;
      const copy = await t.call<Row>('POST', `/price-lists/copy-pricelist/${source.id}`, {
        token: owner,
        query: { name },
      });
      expect(copy.status, copy.raw).toBe(201);
      expect(copy.body).toMatchObject({
        name: name.trim(),
        template: false,
        standard: false,
        vatRate: 7,
      });
      const rows = await t.call<Row[]>('GET', `/prices/by-pricelist/${copy.body.id}`, {
        token: owner,
      });
      const strip = (list: Row[]) =>
        list
          .map(({ productId, licenseClass, price, combinedTrainingPrice }) => ({
            productId,
            licenseClass,
            price,
            combinedTrainingPrice,
          }))
          .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
      const original = await t.call<Row[]>('GET', `/prices/by-pricelist/${source.id}`, {
        token: owner,
      });
      expect(rows.body).toHaveLength(3);
      expect(strip(rows.body)).toEqual(strip(original.body));
      expect(rows.body.every((row) => row.priceListId === copy.body.id)).toBe(true);
    });

    it('refuses a name in use (any case) or a blank name, for copy and rename', async () => {
      const first = await priceList(t, owner);
      const second = await priceList(t, owner);
      const taken = String(first.name).toUpperCase();
      const copy = await t.call('POST', `/price-lists/copy-pricelist/${second.id}`, {
        token: owner,
        query: { name: taken },
      });
      expect(copy.status).toBe(422);
      expect(fieldsOf(copy)).toEqual(['name:validation.name_in_use']);
      const rename = await t.call(
        'PUT',
        `/price-lists/${second.id}/rename/${encodeURIComponent(taken)}`,
        { token: owner },
      );
      expect(fieldsOf(rename)).toEqual(['name:validation.name_in_use']);
      const blank = await t.call(
        'PUT',
        `/price-lists/${second.id}/rename/${encodeURIComponent('   ')}`,
        {
          token: owner,
        },
      );
      expect(fieldsOf(blank)).toEqual(['name:validation.required']);
      const blankCopy = await t.call('POST', `/price-lists/copy-pricelist/${second.id}`, {
        token: owner,
        query: { name: ' ' },
      });
      expect(fieldsOf(blankCopy)).toEqual(['name:validation.required']);
      const tooLong = await t.call('POST', `/price-lists/copy-pricelist/${second.id}`, {
        token: owner,
        query: { name: 'x'.repeat(101) },
      });
      expect(tooLong.status).toBe(422);
    });

    it('renames with umlauts and slashes in the name', async () => {
      const list = await priceList(t, owner);
      const name = `Preise Fahrschüler 2026/27 ${next()}`;
      const renamed = await t.call<Row>(
        'PUT',
        `/price-lists/${list.id}/rename/${encodeURIComponent(name)}`,
        { token: owner },
      );
      expect(renamed.status, renamed.raw).toBe(200);
      expect(renamed.body.name).toBe(name);
    });

    it('needs the company write permission; answers 404 for an unknown list', async () => {
      const list = await priceList(t, owner);
      expectError(
        await t.call('POST', `/price-lists/copy-pricelist/${list.id}`, {
          token: office,
          query: { name: `Kopie ${next()}` },
        }),
        403,
        'errors.forbidden',
      );
      expectError(
        await t.call('PUT', `/price-lists/${list.id}/rename/Neu`, { token: office }),
        403,
        'errors.forbidden',
      );
      expect(
        (
          await t.call('POST', '/price-lists/copy-pricelist/999999', {
            token: owner,
            query: { name: `Kopie ${next()}` },
          })
        ).status,
      ).toBe(404);
    });
  });

  describe('rules', () => {
    it('keeps exactly one standard list', async () => {
      const one = await priceList(t, owner, { standard: true });
      const two = await priceList(t, owner, { standard: true });
      const standard = await t.database.db
        .select({ id: priceLists.id })
        .from(priceLists)
        .where(and(eq(priceLists.drivingSchoolId, t.demo.schoolId), eq(priceLists.standard, true)));
      expect(standard.map((row) => row.id)).toEqual([two.id]);
      const unmark = await t.call('PUT', `/price-lists/${two.id}`, {
        token: owner,
        body: { name: two.name, vatRate: 19, standard: false },
      });
      expect(fieldsOf(unmark)).toEqual(['standard:validation.standard_required']);
      const template = await t.call('PUT', `/price-lists/${one.id}`, {
        token: owner,
        body: { name: one.name, vatRate: 19, standard: true, template: true },
      });
      expect(fieldsOf(template)).toEqual(['standard:validation.template_standard']);
    });

    it('refuses negative prices', async () => {
      const list = await priceList(t, owner);
      const addOn = await product(t, owner);
      const negative = await t.call('POST', '/prices', {
        token: owner,
        body: { priceListId: list.id, productId: addOn.id, price: -1 },
      });
      expect(negative.status).toBe(422);
      expect(fieldsOf(negative).join()).toContain('price');
      const combined = await t.call('POST', '/prices', {
        token: owner,
        body: { priceListId: list.id, productId: addOn.id, price: 100, combinedTrainingPrice: -5 },
      });
      expect(combined.status).toBe(422);
      expect(fieldsOf(combined).join()).toContain('combinedTrainingPrice');
    });

    it('prices combinations: further classes at the combined price', async () => {
      const list = await priceList(t, owner);
      const fee = await product(t, owner, { type: 'BASIC_FEE', name: `Grundbetrag ${next()}` });
      await price(t, owner, {
        priceListId: list.id,
        productId: fee.id,
        price: 39_900,
        combinedTrainingPrice: 19_900,
      });
      const answer = await t.call<Row[]>('POST', '/prices/combinations', {
        token: instructor,
        body: { priceListId: list.id, licenseClasses: ['B', 'A'] },
      });
      expect(answer.status, answer.raw).toBe(200);
      expect(answer.body.map((row) => [row.licenseClass, row.price, row.combined])).toEqual([
        ['B', 39_900, false],
        ['A', 19_900, true],
      ]);
      const tooMany = await t.call('POST', '/prices/combinations', {
        token: owner,
        body: { priceListId: list.id, licenseClasses: ['B', 'A', 'A2', 'BE'] },
      });
      expect(tooMany.status).toBe(422);
    });
  });

  describe('prices of a student', () => {
    it("resolves the student's list, else the branch's, else the standard list", async () => {
      const standard = await priceList(t, owner, { standard: true });
      const branchList = await priceList(t, owner);
      const ownList = await priceList(t, owner);
      const fee = await product(t, owner, { type: 'BASIC_FEE', name: `Grundbetrag ${next()}` });
      for (const [list, amount] of [
        [standard, 30_000],
        [branchList, 31_000],
        [ownList, 32_000],
      ] as const) {
        await price(t, owner, { priceListId: list.id, productId: fee.id, price: amount });
      }
      const plain = await branch(t, owner);
      const priced = await branch(t, owner, branchList.id);
      const school = t.demo.schoolId;
      const a = await student(t, school, { branchId: plain.id, classes: ['B'] });
      const b = await student(t, school, { branchId: priced.id, classes: ['B'] });
      const c = await student(t, school, {
        branchId: priced.id,
        priceListId: ownList.id,
        classes: ['B'],
      });
      const feeOf = async (id: number) => {
        const response = await t.call<Row[]>('GET', `/prices/by-student/${id}`, { token: owner });
        expect(response.status, response.raw).toBe(200);
        return response.body.find((row) => row.productId === fee.id);
      };
      expect(await feeOf(a.student.id)).toMatchObject({ price: 30_000, priceListId: standard.id });
      expect(await feeOf(b.student.id)).toMatchObject({
        price: 31_000,
        priceListId: branchList.id,
      });
      expect(await feeOf(c.student.id)).toMatchObject({ price: 32_000, priceListId: ownList.id });
    });

    it('gives the main class main-training prices and the further class combined ones', async () => {
      const list = await priceList(t, owner);
      const fee = await product(t, owner, { type: 'BASIC_FEE', name: `Grundbetrag ${next()}` });
      const book = await product(t, owner, {
        type: 'LEARNING_MATERIAL',
        name: `Lehrbuch ${next()}`,
        licenseClasses: ['A'],
        vatRate: 7,
      });
      const addOn = await product(t, owner, { name: `Intensivkurs ${next()}` });
      await price(t, owner, {
        priceListId: list.id,
        productId: fee.id,
        price: 40_000,
        combinedTrainingPrice: 20_000,
      });
      await price(t, owner, { priceListId: list.id, productId: book.id, price: 4_990 });
      await price(t, owner, { priceListId: list.id, productId: addOn.id, price: 14_900 });
      const place = await branch(t, owner);
      const { student: s, educations } = await student(t, t.demo.schoolId, {
        branchId: place.id,
        priceListId: list.id,
        mainClass: 'B',
        classes: ['A', 'B'],
      });
      const all = await t.call<Row[]>('GET', `/prices/by-student/${s.id}`, { token: owner });
      const feeRows = all.body.filter((row) => row.productId === fee.id);
      expect(feeRows.map((row) => [row.licenseClass, row.price, row.combined])).toEqual([
        ['B', 40_000, false],
        ['A', 20_000, true],
      ]);
      const [educationA, educationB] = educations as unknown as [Row, Row];
      const ofA = await t.call<Row[]>('GET', `/prices/by-student-education/${educationA.id}`, {
        token: owner,
      });
      expect(ofA.body.find((row) => row.productId === fee.id)).toMatchObject({
        price: 20_000,
        combined: true,
      });
      const ofB = await t.call<Row[]>('GET', `/prices/by-student-education/${educationB.id}`, {
        token: owner,
      });
      expect(ofB.body.find((row) => row.productId === fee.id)).toMatchObject({
        price: 40_000,
        combined: false,
      });
      expect(ofB.body.some((row) => row.productId === book.id)).toBe(false);

      const addOns = await t.call<Row[]>('GET', `/prices/addons-by-student/${s.id}`, {
        token: owner,
      });
      expect(new Set(addOns.body.map((row) => row.productType))).toEqual(new Set(['ADD_ON']));
      expect(addOns.body.map((row) => row.productId)).toContain(addOn.id);

      const material = await t.call<Row[]>('GET', '/products/learning-material-products', {
        token: owner,
        query: { studentId: s.id, licenseClass: 'A' },
      });
      expect(material.body.map((row) => [row.productId, row.price, row.vatRate])).toEqual([
        [book.id, 4_990, 7],
      ]);
      const noMaterial = await t.call<Row[]>('GET', '/products/learning-material-products', {
        token: owner,
        query: { studentId: s.id, licenseClass: 'B' },
      });
      expect(noMaterial.body).toEqual([]);
      const fees = await t.call<Row[]>('GET', '/products/basic-fee-products', {
        token: owner,
        query: { studentId: s.id, licenseClass: 'A' },
      });
      expect(fees.body.map((row) => [row.productId, row.price, row.combined])).toEqual([
        [fee.id, 20_000, true],
      ]);
    });

    it("hides a student the instructor doesn't train, and another school's student", async () => {
      const place = await branch(t, owner);
      const { student: s, educations } = await student(t, t.demo.schoolId, {
        branchId: place.id,
        classes: ['B'],
      });
      for (const path of [
        `/prices/by-student/${s.id}`,
        `/prices/addons-by-student/${s.id}`,
        `/prices/by-student-education/${educations[0]?.id}`,
      ]) {
        expect((await t.call('GET', path, { token: instructor })).status, path).toBe(404);
      }
      const own = await student(t, t.demo.schoolId, {
        branchId: place.id,
        classes: ['B'],
        instructorId: t.demo.userIds[DEMO_INSTRUCTOR.email],
      });
      const mine = await t.call('GET', `/prices/by-student/${own.student.id}`, {
        token: instructor,
      });
      expect(mine.status, mine.raw).toBe(200);
    });
  });

  describe('add-ons and copying prices to students', () => {
    it('books add-ons at the price of the list, and refuses what has no price', async () => {
      const list = await priceList(t, owner);
      const addOn = await product(t, owner, { name: `Erste-Hilfe-Kurs ${next()}` });
      const unpriced = await product(t, owner, { name: `Ohne Preis ${next()}` });
      const lesson = await product(t, owner, {
        type: 'DRIVING_LESSON',
        hourType: 'NORMAL',
        name: `Fahrstunde ${next()}`,
      });
      await price(t, owner, { priceListId: list.id, productId: addOn.id, price: 6_900 });
      await price(t, owner, { priceListId: list.id, productId: lesson.id, price: 6_500 });
      const place = await branch(t, owner);
      const { student: s, educations } = await student(t, t.demo.schoolId, {
        branchId: place.id,
        priceListId: list.id,
        classes: ['B'],
      });
      const education = educations[0] as Row;
      const booked = await t.call<Row[]>('POST', '/products/book-addons', {
        token: owner,
        query: { studentId: s.id },
        body: { studentEducationId: education.id, addOns: [{ productId: addOn.id, quantity: 2 }] },
      });
      expect(booked.status, booked.raw).toBe(201);
      expect(booked.body).toEqual([
        expect.objectContaining({
          productId: addOn.id,
          quantity: 2,
          price: 6_900,
          vatRate: 19,
          invoiced: false,
          type: 'ADD_ON',
          licenseClass: 'B',
          studentEducationId: education.id,
        }),
      ]);
      const noPrice = await t.call('POST', '/products/book-addons', {
        token: owner,
        query: { studentId: s.id },
        body: {
          studentEducationId: education.id,
          addOns: [{ productId: addOn.id }, { productId: unpriced.id }],
        },
      });
      expect(fieldsOf(noPrice)).toEqual(['addOns.1.productId:validation.no_price']);
      const notAnAddOn = await t.call('POST', '/products/book-addons', {
        token: owner,
        query: { studentId: s.id },
        body: { studentEducationId: education.id, addOns: [{ productId: lesson.id }] },
      });
      expect(fieldsOf(notAnAddOn)).toEqual(['addOns.0.productId:validation.not_found']);
      const other = await student(t, t.demo.schoolId, { branchId: place.id, classes: ['B'] });
      const wrongEducation = await t.call('POST', '/products/book-addons', {
        token: owner,
        query: { studentId: s.id },
        body: {
          studentEducationId: other.educations[0]?.id,
          addOns: [{ productId: addOn.id }],
        },
      });
      expect(fieldsOf(wrongEducation)).toEqual(['studentEducationId:validation.not_found']);
      const rows = await t.database.db
        .select()
        .from(studentBookedProducts)
        .where(eq(studentBookedProducts.studentId, s.id));
      expect(rows).toHaveLength(1);
    });

    it('re-prices booked, not invoiced products; keeps invoiced rows and removed entries', async () => {
      const list = await priceList(t, owner);
      const addOn = await product(t, owner, { name: `Intensivkurs ${next()}` });
      const second = await product(t, owner, { name: `Zuschlag ${next()}` });
      const addOnPrice = await price(t, owner, {
        priceListId: list.id,
        productId: addOn.id,
        price: 10_000,
      });
      const secondPrice = await price(t, owner, {
        priceListId: list.id,
        productId: second.id,
        price: 5_000,
      });
      const place = await branch(t, owner);
      const book = async () => {
        const { student: s, educations } = await student(t, t.demo.schoolId, {
          branchId: place.id,
          priceListId: list.id,
          classes: ['B'],
        });
        const response = await t.call<Row[]>('POST', '/products/book-addons', {
          token: owner,
          query: { studentId: s.id },
          body: {
            studentEducationId: educations[0]?.id,
            addOns: [{ productId: addOn.id }, { productId: second.id }],
          },
        });
        expect(response.status, response.raw).toBe(201);
        return { student: s, booked: response.body };
      };
      const open = await book();
      const invoiced = await book();
      await t.database.db
        .update(studentBookedProducts)
        .set({ invoiced: true })
        .where(eq(studentBookedProducts.studentId, invoiced.student.id));

      await t.call('PUT', `/prices/${addOnPrice.id}`, {
        token: owner,
        body: { priceListId: list.id, productId: addOn.id, price: 12_500 },
      });
      const removed = await t.call('DELETE', `/prices/${secondPrice.id}`, { token: owner });
      expect(removed.status).toBe(204);

      expectError(
        await t.call('POST', '/prices/copy-to-existing-students', {
          token: office,
          body: { priceListId: list.id },
        }),
        403,
        'errors.forbidden',
      );
      const copied = await t.call<{ count: number }>('POST', '/prices/copy-to-existing-students', {
        token: owner,
        body: { priceListId: list.id },
      });
      expect(copied.status, copied.raw).toBe(200);
      expect(copied.body).toEqual({ count: 1 });
      const priceOf = async (studentId: number) =>
        (
          await t.database.db
            .select()
            .from(studentBookedProducts)
            .where(eq(studentBookedProducts.studentId, studentId))
        )
          .map((row) => [row.productId, row.price])
          .sort();
      expect(await priceOf(open.student.id)).toEqual(
        [
          [addOn.id, 12_500],
          [second.id, 5_000],
        ].sort(),
      );
      expect(await priceOf(invoiced.student.id)).toEqual(
        [
          [addOn.id, 10_000],
          [second.id, 5_000],
        ].sort(),
      );
      const again = await t.call('POST', '/prices/copy-to-existing-students', {
        token: owner,
        body: { priceListId: list.id },
      });
      expect(again.body).toEqual({ count: 0 });
    });

    it('refuses students of another list', async () => {
      const list = await priceList(t, owner);
      const otherList = await priceList(t, owner);
      const place = await branch(t, owner);
      const mine = await student(t, t.demo.schoolId, {
        branchId: place.id,
        priceListId: list.id,
        classes: ['B'],
      });
      const theirs = await student(t, t.demo.schoolId, {
        branchId: place.id,
        priceListId: otherList.id,
        classes: ['B'],
      });
      const response = await t.call('POST', '/prices/copy-to-existing-students', {
        token: owner,
        body: { priceListId: list.id, studentIds: [mine.student.id, theirs.student.id] },
      });
      expect(fieldsOf(response)).toEqual(['studentIds.1:validation.other_price_list']);
      const ok = await t.call('POST', '/prices/copy-to-existing-students', {
        token: owner,
        body: { priceListId: list.id, studentIds: [mine.student.id] },
      });
      expect(ok.status, ok.raw).toBe(200);
      const unknown = await t.call('POST', '/prices/copy-to-existing-students', {
        token: owner,
        body: { priceListId: 999_999 },
      });
      expect(fieldsOf(unknown)).toEqual(['priceListId:validation.not_found']);
    });
  });

  describe('tenancy', () => {
    it("keeps another school's lists, prices and students out of reach", async () => {
      const other = await createSchool(t.database.db, {
        name: 'Fahrschule Preisfrei',
        roles: [{ name: 'Inhaber', type: 'OWNER', description: '', allow: PERMISSION_KEYS }],
        users: [
          {
            firstName: 'Peter',
            lastName: 'Preisfrei',
            email: 'peter@fahrschule-preisfrei.de',
            password: 'Preisfrei#Schule1',
            roles: ['Inhaber'],
            studentVisibility: 'ALL',
          },
        ],
      });
      const stranger = await t.signIn('peter@fahrschule-preisfrei.de', 'Preisfrei#Schule1');
      const list = await priceList(t, owner);
      const place = await branch(t, owner);
      const { student: s, educations } = await student(t, t.demo.schoolId, {
        branchId: place.id,
        priceListId: list.id,
        classes: ['B'],
      });
      const theirList = await created(t, stranger, '/price-lists', {
        name: 'Preisliste',
        vatRate: 19,
      });
      expect(theirList.id).toBeGreaterThan(0);
      const calls: [string, string, object][] = [
        ['POST', `/price-lists/copy-pricelist/${list.id}`, { query: { name: 'Geklaut' } }],
        ['PUT', `/price-lists/${list.id}/rename/Geklaut`, {}],
        ['GET', `/prices/by-pricelist/${list.id}`, {}],
        ['GET', `/prices/by-student/${s.id}`, {}],
        ['GET', `/prices/addons-by-student/${s.id}`, {}],
        ['GET', `/prices/by-student-education/${educations[0]?.id}`, {}],
        ['GET', '/products/basic-fee-products', { query: { studentId: s.id, licenseClass: 'B' } }],
      ];
      for (const [method, path, extra] of calls) {
        const response = await t.call(method as 'GET', path, { token: stranger, ...extra });
        expect(response.status, `${method} ${path}`).toBe(404);
      }
      const copy = await t.call('POST', '/prices/copy-to-existing-students', {
        token: stranger,
        body: { priceListId: list.id },
      });
      expect(fieldsOf(copy)).toEqual(['priceListId:validation.not_found']);
      const book = await t.call('POST', '/products/book-addons', {
        token: stranger,
        query: { studentId: s.id },
        body: { studentEducationId: educations[0]?.id, addOns: [{ productId: 1 }] },
      });
      expect(book.status).toBe(404);
      expect(other.schoolId).not.toBe(t.demo.schoolId);
    });
  });
});
