import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  appointments,
  branches,
  products,
  storedFiles,
  studentBookedProducts,
  studentEducations,
  students,
  users,
} from '../../db/schema';

/*
 * Test data of the invoice tests: a branch, products of a price list, and students whose
 * education has booked products and released or signed driving lessons — written straight
 * into the database, as booking would have left them.
 */

export type InvoiceFixture = {
  schoolId: number;
  branchId: number;
  instructorId: number;
  productIds: { basicFee: number; learningMaterial: number; lesson: number; exam: number };
};

export async function invoiceFixture(db: Db, schoolId: number): Promise<InvoiceFixture> {
  const [branch] = await db
    .insert(branches)
    .values({
      drivingSchoolId: schoolId,
      name: 'Rechnungsstelle',
      abbreviation: 'RS',
      workCorridorFrom: '07:00',
      workCorridorTo: '20:00',
    })
    .returning();
  const [instructor] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.drivingSchoolId, schoolId))
    .limit(1);
  const [basicFee, learningMaterial, lesson, exam] = await db
    .insert(products)
    .values([
      { drivingSchoolId: schoolId, type: 'BASIC_FEE', name: 'Grundbetrag', vatRate: 19 },
      { drivingSchoolId: schoolId, type: 'LEARNING_MATERIAL', name: 'Lehrbuch', vatRate: 7 },
      {
        drivingSchoolId: schoolId,
        type: 'DRIVING_LESSON',
        name: 'Übungsfahrt',
        vatRate: 19,
        hourType: 'NORMAL',
        duration: 45,
      },
      {
        drivingSchoolId: schoolId,
        type: 'DRIVING_LESSON',
        name: 'Vorstellung zur Prüfung',
        vatRate: 19,
        hourType: 'EXAM_PRESENTATION',
        duration: 45,
      },
    ])
    .returning();
  if (!branch || !instructor || !basicFee || !learningMaterial || !lesson || !exam) {
    throw new Error('fixture rows missing');
  }
  return {
    schoolId,
    branchId: branch.id,
    instructorId: instructor.id,
    productIds: {
      basicFee: basicFee.id,
      learningMaterial: learningMaterial.id,
      lesson: lesson.id,
      exam: exam.id,
    },
  };
}

export type StudentCase = {
  studentId: number;
  educationId: number;
  appointmentIds: number[];
  bookedProductIds: number[];
};

let counter = 0;

/**
 * A student with one education of `licenseClass`: basic fee 399 €, learning material 39.90 €
 * (7 %), two released lessons (45 and 90 minutes) and an exam presentation, all in 2026.
 */
export async function studentWithServices(
  db: Db,
  fixture: InvoiceFixture,
  options: {
    licenseClass?: 'B' | 'CE' | 'C1';
    finished?: boolean;
    paymentWorkflow?: 'CLASSIC_PAY' | 'FLASH_PAY';
    /** Lessons signed, not released (flash pay bills signed lessons). */
    signedOnly?: boolean;
  } = {},
): Promise<StudentCase> {
  const licenseClass = options.licenseClass ?? 'B';
  const finished = options.finished ?? true;
  const exempt = licenseClass !== 'B';
  counter += 1;
  const [student] = await db
    .insert(students)
    .values({
      drivingSchoolId: fixture.schoolId,
      firstName: `Mara${counter}`,
      lastName: 'Köhler',
      branchId: fixture.branchId,
      address: {
        street: 'Lindenstraße',
        houseNumber: String(counter),
        postalCode: '80331',
        city: 'München',
        country: 'DE',
      },
    })
    .returning();
  if (!student) throw new Error('no student');
  const [education] = await db
    .insert(studentEducations)
    .values({
      drivingSchoolId: fixture.schoolId,
      studentId: student.id,
      licenseClass,
      branchId: fixture.branchId,
      theoryQuestionsVersion: '2025-04',
      status: finished ? 'FINISHED' : 'IN_TRAINING',
      finished,
      paymentWorkflow: options.paymentWorkflow ?? 'CLASSIC_PAY',
    })
    .returning();
  if (!education) throw new Error('no education');
  const booked = await db
    .insert(studentBookedProducts)
    .values([
      {
        drivingSchoolId: fixture.schoolId,
        studentId: student.id,
        studentEducationId: education.id,
        productId: fixture.productIds.basicFee,
        type: 'BASIC_FEE' as const,
        name: 'Grundbetrag',
        licenseClass,
        price: 39_900,
        vatRate: exempt ? 0 : 19,
        createdAt: new Date('2026-03-02T09:00:00Z'),
      },
      {
        drivingSchoolId: fixture.schoolId,
        studentId: student.id,
        studentEducationId: education.id,
        productId: fixture.productIds.learningMaterial,
        type: 'LEARNING_MATERIAL' as const,
        name: 'Lehrbuch',
        price: 3990,
        vatRate: exempt ? 0 : 7,
        createdAt: new Date('2026-03-02T09:05:00Z'),
      },
    ])
    .returning();
  // A signature is a stored file; the bytes are not read by invoicing.
  const [signature] = options.signedOnly
    ? await db
        .insert(storedFiles)
        .values({
          drivingSchoolId: fixture.schoolId,
          storageKey: `${fixture.schoolId}/signature-${counter}`,
          fileName: 'unterschrift.png',
          mimeType: 'image/png',
          size: 1,
          sha256: '0'.repeat(64),
        })
        .returning()
    : [];
  const lesson = (date: string, minutes: number, hourType: 'NORMAL' | 'EXAM_PRESENTATION') => ({
    drivingSchoolId: fixture.schoolId,
    type: 'DRIVING' as const,
    date,
    startTime: '10:00',
    minutes,
    studentId: student.id,
    studentEducationId: education.id,
    licenseClass,
    hourType,
    instructorId: fixture.instructorId,
    booked: true,
    bookedAt: new Date(`${date}T08:00:00Z`),
    bookedProductId: hourType === 'NORMAL' ? fixture.productIds.lesson : fixture.productIds.exam,
    bookedPrice: Math.round((6500 * minutes) / 45),
    bookedVatRate: exempt ? 0 : 19,
    ...(signature
      ? { signatureFileId: signature.id, signedAt: new Date(`${date}T12:00:00Z`) }
      : { released: true, releasedAt: new Date(`${date}T12:00:00Z`) }),
  });
  const rows = await db
    .insert(appointments)
    .values([
      lesson('2026-03-10', 45, 'NORMAL'),
      lesson('2026-03-17', 90, 'NORMAL'),
      lesson('2026-04-02', 45, 'EXAM_PRESENTATION'),
    ])
    .returning();
  return {
    studentId: student.id,
    educationId: education.id,
    appointmentIds: rows.map((row) => row.id),
    bookedProductIds: booked.map((row) => row.id),
  };
}
