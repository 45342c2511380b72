import { expect } from 'vitest';
import { studentEducations, students } from '../../db/schema';
import type { ErrorBody } from '../../http/contract-types';
import type { ApiResponse, TestApp } from '../../test/test-app';

/* Fixtures of the price and product tests: branches, lists, products, students. */

export type Row = Record<string, unknown> & { id: number };

export const fieldsOf = (response: ApiResponse) =>
  (response.body as ErrorBody).fieldErrors.map((error) => `${error.field}:${error.error}`);

export async function created(t: TestApp, token: string, path: string, body: object): Promise<Row> {
  const response = await t.call<Row>('POST', path, { token, body });
  expect(response.status, response.raw).toBe(201);
  return response.body;
}

let counter = 0;
export const next = () => ++counter;

export const priceList = (t: TestApp, token: string, extra: object = {}) =>
  created(t, token, '/price-lists', {
    name: `Preisliste ${next()}`,
    vatRate: 19,
    ...extra,
  });

export const product = (t: TestApp, token: string, extra: object = {}) =>
  created(t, token, '/products', {
    type: 'ADD_ON',
    name: `Zusatzleistung ${next()}`,
    vatRate: 19,
    ...extra,
  });

export const price = (t: TestApp, token: string, body: object) =>
  created(t, token, '/prices', body);

export const branch = (t: TestApp, token: string, priceListId?: number) => {
  const n = next();
  return created(t, token, '/branches', {
    name: `Preis-Filiale ${n}`,
    abbreviation: `PF${n}`,
    address: {
      street: 'Oranienstraße',
      houseNumber: '25',
      postalCode: '10999',
      city: 'Berlin',
      country: 'DE',
    },
    phone: '+49 30 1234567',
    email: `preisfiliale${n}@fahrschule-demo.de`,
    dayWorkHours: [],
    workCorridor: { from: '07:00', to: '20:00' },
    defaultDrivingLessonDuration: 45,
    ...(priceListId ? { priceListId } : {}),
  });
};

/** A student of the school (straight into the database) with active educations. */
export async function student(
  t: TestApp,
  schoolId: number,
  options: {
    branchId: number;
    priceListId?: number;
    mainClass?: 'B' | 'A' | 'A2' | 'BE';
    classes: ('B' | 'A' | 'A2' | 'BE')[];
    educationPriceListId?: number;
    instructorId?: number;
  },
) {
  const db = t.database.db;
  const [row] = await db
    .insert(students)
    .values({
      drivingSchoolId: schoolId,
      firstName: 'Paula',
      lastName: `Preis ${next()}`,
      branchId: options.branchId,
      priceListId: options.priceListId ?? null,
      mainClass: options.mainClass ?? options.classes[0] ?? null,
      instructorId: options.instructorId ?? null,
    })
    .returning();
  if (!row) throw new Error('no student');
  const educations = [];
  for (const licenseClass of options.classes) {
    const [education] = await db
      .insert(studentEducations)
      .values({
        drivingSchoolId: schoolId,
        studentId: row.id,
        licenseClass,
        branchId: options.branchId,
        priceListId: options.educationPriceListId ?? null,
        theoryQuestionsVersion: '2026-04',
      })
      .returning();
    if (!education) throw new Error('no education');
    educations.push(education);
  }
  return { student: row, educations };
}
