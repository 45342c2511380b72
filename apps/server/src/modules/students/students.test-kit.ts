import { expect } from 'vitest';
import { branches } from '../../db/schema';
import { createSchool, DEMO_SCHOOL } from '../../db/seed';
import { DEMO_INSTRUCTOR, DEMO_OFFICE, DEMO_OWNER, type TestApp } from '../../test/test-app';

/*
 * Test helpers of the students, educations and documents tests (imported by tests only):
 * the sign-ins, a branch, a student body, and a second school for tenant isolation.
 */

export type StudentFixtures = {
  schoolId: number;
  owner: string;
  office: string;
  instructor: string;
  ownerId: number;
  instructorId: number;
  branchId: number;
  otherBranchId: number;
};

export async function insertBranch(t: TestApp, schoolId: number, name: string, abbr: string) {
  const [branch] = await t.database.db
    .insert(branches)
    .values({
      drivingSchoolId: schoolId,
      name,
      abbreviation: abbr,
      workCorridorFrom: '07:00',
      workCorridorTo: '20:00',
    })
    .returning({ id: branches.id });
  return branch?.id as number;
}

const made = new WeakMap<TestApp, Promise<StudentFixtures>>();

/** Sign-ins and branches, made once per test app. */
export function fixtures(t: TestApp): Promise<StudentFixtures> {
  let result = made.get(t);
  if (!result) {
    result = (async () => {
      const schoolId = t.demo.schoolId;
      return {
        schoolId,
        owner: await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password),
        office: await t.signIn(DEMO_OFFICE.email, DEMO_OFFICE.password),
        instructor: await t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password),
        ownerId: t.demo.userIds[DEMO_OWNER.email] as number,
        instructorId: t.demo.userIds[DEMO_INSTRUCTOR.email] as number,
        branchId: await insertBranch(t, schoolId, 'Hauptstelle Mitte', 'HM'),
        otherBranchId: await insertBranch(t, schoolId, 'Filiale Pankow', 'PA'),
      };
    })();
    made.set(t, result);
  }
  return result;
}

let serial = 0;

/** A valid StudentInput (cash payer unless overridden). */
export function studentBody(f: StudentFixtures, overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    salutation: 'MS',
    firstName: `Lea${serial}`,
    lastName: `Neumann${serial}`,
    birthDate: '2007-05-14',
    email: `lea.neumann.${serial}.${Date.now().toString(36)}@example.de`,
    language: 'de',
    mainClass: 'B',
    registrationDate: '2026-01-12',
    paymentMethod: 'CASH',
    branchId: f.branchId,
    studentCategoryIds: [],
    ...overrides,
  };
}

export async function createStudent(
  t: TestApp,
  f: StudentFixtures,
  overrides: Record<string, unknown> = {},
  token = f.owner,
): Promise<number> {
  const response = await t.call<{ id: number }>('POST', '/students', {
    token,
    body: studentBody(f, overrides),
  });
  expect(response.status, response.raw).toBe(201);
  return response.body.id;
}

export async function createEducation(
  t: TestApp,
  f: StudentFixtures,
  studentId: number,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const response = await t.call<{ id: number }>('POST', '/student-educations', {
    token: f.owner,
    body: { studentId, licenseClass: 'B', courseIds: [], costBearerIds: [], ...overrides },
  });
  expect(response.status, response.raw).toBe(201);
  return response.body.id;
}

/** A second school with its own owner (every permission), signed in. */
export async function secondSchool(t: TestApp, tag: string) {
  const email = `inhaber+${tag}@zweite-fahrschule.de`;
  const password = 'Zweite#Schule1';
  const created = await createSchool(t.database.db, {
    ...DEMO_SCHOOL,
    name: `Fahrschule Zweite ${tag}`,
    users: [
      {
        firstName: 'Zora',
        lastName: 'Zweit',
        email,
        password,
        roles: ['Inhaber'],
        studentVisibility: 'ALL',
      },
    ],
  });
  const token = await t.signIn(email, password);
  const branchId = await insertBranch(t, created.schoolId, 'Zweite Hauptstelle', 'ZH');
  return { schoolId: created.schoolId, token, branchId };
}

/** A minimal valid PNG (1×1 pixel). */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A small PDF. */
export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
