import { eq } from 'drizzle-orm';
import {
  branches,
  livePayMandates,
  masterData,
  priceLists,
  prices,
  products,
  studentEducations,
  students,
} from '../../db/schema';
import { DEMO_INSTRUCTOR, type TestApp } from '../../test/test-app';
import { addDays, berlinToday, weekdayIndex } from '../resources/kit';

/*
 * Test data of the live-pay, low-balance and trigger tests: a branch whose price list prices
 * a 45-minute lesson at 65 €, the basic fee at 399 € and the learning material at 39,90 €;
 * students with one class-B education in a chosen workflow, and their mandates — written
 * straight into the database, as the office's screens would have left them.
 */

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export type PaymentFixture = {
  schoolId: number;
  instructorId: number;
  branchId: number;
  priceListId: number;
  productIds: { lesson: number; basicFee: number; learningMaterial: number };
};

export async function paymentFixture(t: TestApp): Promise<PaymentFixture> {
  const db = t.database.db;
  const schoolId = t.demo.schoolId;
  const [list] = await db
    .insert(priceLists)
    .values({ drivingSchoolId: schoolId, name: 'Standard Zahlungen' })
    .returning({ id: priceLists.id });
  const [branch] = await db
    .insert(branches)
    .values({
      drivingSchoolId: schoolId,
      name: 'Filiale Lübeck',
      abbreviation: 'HL',
      workCorridorFrom: '06:00',
      workCorridorTo: '22:00',
      priceListId: list?.id,
    })
    .returning({ id: branches.id });
  const [lesson, basicFee, learningMaterial] = await db
    .insert(products)
    .values([
      {
        drivingSchoolId: schoolId,
        type: 'DRIVING_LESSON',
        name: 'Übungsfahrt',
        vatRate: 19,
        hourType: 'NORMAL',
        duration: 45,
      },
      { drivingSchoolId: schoolId, type: 'BASIC_FEE', name: 'Grundbetrag', vatRate: 19 },
      { drivingSchoolId: schoolId, type: 'LEARNING_MATERIAL', name: 'Lehrbuch', vatRate: 7 },
    ])
    .returning({ id: products.id });
  if (!list || !branch || !lesson || !basicFee || !learningMaterial) {
    throw new Error('fixture rows missing');
  }
  await db.insert(prices).values([
    { drivingSchoolId: schoolId, priceListId: list.id, productId: lesson.id, price: 6500 },
    { drivingSchoolId: schoolId, priceListId: list.id, productId: basicFee.id, price: 39_900 },
    {
      drivingSchoolId: schoolId,
      priceListId: list.id,
      productId: learningMaterial.id,
      price: 3990,
    },
  ]);
  await setMasterData(t, { creditorId: 'DE98ZZZ09999999999' });
  return {
    schoolId,
    instructorId: t.demo.userIds[DEMO_INSTRUCTOR.email] as number,
    branchId: branch.id,
    priceListId: list.id,
    productIds: { lesson: lesson.id, basicFee: basicFee.id, learningMaterial: learningMaterial.id },
  };
}

/** Sets master-data columns of the demo school (the row is made when missing). */
export async function setMasterData(
  t: TestApp,
  values: Partial<typeof masterData.$inferInsert>,
): Promise<void> {
  await t.database.db
    .insert(masterData)
    .values({ drivingSchoolId: t.demo.schoolId, ...values })
    .onConflictDoUpdate({ target: masterData.drivingSchoolId, set: values });
}

let counter = 0;

export type StudentCase = { studentId: number; studentEducationId: number; email: string };

/** A student of class B with one education in `workflow`, automatic payment on unless told. */
export async function paymentStudent(
  t: TestApp,
  f: PaymentFixture,
  options: {
    workflow?: 'CLASSIC_PAY' | 'FLASH_PAY' | 'LIVE_PAY';
    automaticPayment?: boolean;
    licenseClass?: 'B' | 'A';
    payerEmail?: string;
  } = {},
): Promise<StudentCase> {
  counter += 1;
  const db = t.database.db;
  const email = `jana.schroeder${counter}.${t.driver}@example.de`;
  const [student] = await db
    .insert(students)
    .values({
      drivingSchoolId: f.schoolId,
      firstName: `Jana${counter}`,
      lastName: 'Schröder',
      branchId: f.branchId,
      email,
      payerEmail: options.payerEmail ?? null,
      address: {
        street: 'Mühlenstraße',
        houseNumber: String(counter),
        postalCode: '23552',
        city: 'Lübeck',
        country: 'DE',
      },
    })
    .returning({ id: students.id });
  const [education] = await db
    .insert(studentEducations)
    .values({
      drivingSchoolId: f.schoolId,
      studentId: student?.id as number,
      licenseClass: options.licenseClass ?? 'B',
      branchId: f.branchId,
      theoryQuestionsVersion: '2026-04',
      paymentWorkflow: options.workflow ?? 'CLASSIC_PAY',
      automaticPayment: options.automaticPayment ?? true,
    })
    .returning({ id: studentEducations.id });
  return {
    studentId: student?.id as number,
    studentEducationId: education?.id as number,
    email: options.payerEmail ?? email,
  };
}

/** A mandate of the student (of the education unless `education` is false). */
export async function addMandate(
  t: TestApp,
  student: StudentCase,
  options: { status?: 'CONFIRMED' | 'UNCONFIRMED'; education?: boolean; reference?: string } = {},
): Promise<number> {
  const status = options.status ?? 'CONFIRMED';
  const [row] = await t.database.db
    .insert(livePayMandates)
    .values({
      drivingSchoolId: t.demo.schoolId,
      reference: options.reference ?? `LP-${student.studentId}-${counter}`,
      studentId: student.studentId,
      studentEducationId: options.education === false ? null : student.studentEducationId,
      holderName: 'Petra Schröder',
      iban: 'DE89370400440532013000',
      signedAt: status === 'CONFIRMED' ? berlinToday() : null,
      status,
      sequenceType: 'FRST',
    })
    .returning({ id: livePayMandates.id });
  return row?.id as number;
}

/** A weekday in the week after next plus `offset` days (a day of its own per lesson). */
export function lessonDay(offset: number): string {
  const today = berlinToday();
  return addDays(today, 14 - weekdayIndex(today) + offset);
}

/** The body of a 45-minute driving lesson of the student with the demo instructor. */
export function lessonBody(
  f: PaymentFixture,
  student: StudentCase,
  date: string,
  extra: Record<string, unknown> = {},
) {
  return {
    type: 'DRIVING',
    date,
    startTime: '10:00',
    minutes: 45,
    hourType: 'NORMAL',
    instructorId: f.instructorId,
    branchId: f.branchId,
    studentId: student.studentId,
    studentEducationId: student.studentEducationId,
    ...extra,
  };
}

/** Creates, signs (booking it) and answers the lesson's id; fails the test on any refusal. */
export async function signedLesson(
  t: TestApp,
  token: string,
  f: PaymentFixture,
  student: StudentCase,
  date: string,
): Promise<number> {
  const created = await t.call<{ id: number }>('POST', '/appointments', {
    token,
    body: lessonBody(f, student, date, { confirmedFindings: ['LOW_BALANCE'] }),
  });
  if (created.status !== 201) throw new Error(`lesson not created: ${created.raw}`);
  const signed = await t.call<{ signed: boolean }>(
    'POST',
    `/driving-lessons/${created.body.id}/upload-student-signature-and-book`,
    {
      token,
      multipart: {
        files: [{ field: 'file', fileName: 'u.png', mimeType: 'image/png', bytes: PNG }],
      },
    },
  );
  if (signed.status !== 200) throw new Error(`lesson not signed: ${signed.raw}`);
  return created.body.id;
}

/** Releases the lesson as it is (PUT with `released: true`). */
export function releaseLesson(
  t: TestApp,
  token: string,
  f: PaymentFixture,
  student: StudentCase,
  id: number,
  date: string,
) {
  return t.call<{ released: boolean }>('PUT', `/appointments/${id}`, {
    token,
    body: lessonBody(f, student, date, { released: true }),
  });
}

export const educationOf = (t: TestApp, id: number) =>
  t.database.db
    .select()
    .from(studentEducations)
    .where(eq(studentEducations.id, id))
    .then((rows) => rows[0]);
