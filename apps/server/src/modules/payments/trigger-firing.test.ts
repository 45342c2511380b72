import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  appointments,
  automaticPaymentTriggers,
  paymentDocuments,
  storedFiles,
} from '../../db/schema';
import { createFileStore } from '../../files/file-store';
import { DRIVERS, useTestApp } from '../../test/test-app';
import { addDays, berlinToday } from '../resources/kit';
import { type PaymentFixture, paymentFixture, paymentStudent } from './payment-test-fixtures';
import { fireTriggers } from './trigger-firing';

/*
 * Automatic payment triggers (issue 14): the worker bills a matching active trigger once per
 * occurrence, however often its job runs. Lessons are written signed straight into the
 * database (no job is queued by the API), and the worker is called as the queue would.
 */

describe.each(DRIVERS)('automatic payment triggers on %s', (driver) => {
  const t = useTestApp(driver);
  let f: PaymentFixture;
  let signatureId: number;
  const services = () => ({
    db: t.database.db,
    files: createFileStore({ dataDir: t.config.dataDir }),
    jobs: undefined as never,
  });

  beforeAll(async () => {
    f = await paymentFixture(t);
    const [file] = await t.database.db
      .insert(storedFiles)
      .values({
        drivingSchoolId: f.schoolId,
        storageKey: `${f.schoolId}/trigger-signature-${driver}`,
        fileName: 'u.png',
        mimeType: 'image/png',
        size: 1,
        sha256: '0'.repeat(64),
      })
      .returning({ id: storedFiles.id });
    signatureId = file?.id as number;
  });

  const trigger = (values: Partial<typeof automaticPaymentTriggers.$inferInsert>) =>
    t.database.db
      .insert(automaticPaymentTriggers)
      .values({
        drivingSchoolId: f.schoolId,
        name: 'Abschlag',
        event: 'DRIVING_LESSON',
        paymentWorkflows: ['FLASH_PAY'],
        documentType: 'PARTIAL_INVOICE',
        productIds: [f.productIds.lesson],
        ...values,
      })
      .returning()
      .then((rows) => rows[0] as typeof automaticPaymentTriggers.$inferSelect);

  const documentsOf = (studentEducationId: number) =>
    t.database.db
      .select()
      .from(paymentDocuments)
      .where(eq(paymentDocuments.studentEducationId, studentEducationId));

  async function signedLessons(
    student: { studentId: number; studentEducationId: number },
    n: number,
  ) {
    for (let i = 0; i < n; i += 1) {
      await t.database.db.insert(appointments).values({
        drivingSchoolId: f.schoolId,
        type: 'DRIVING',
        date: addDays('2026-10-01', i),
        startTime: '10:00',
        minutes: 45,
        studentId: student.studentId,
        studentEducationId: student.studentEducationId,
        licenseClass: 'B',
        hourType: 'NORMAL',
        instructorId: f.instructorId,
        booked: true,
        bookedAt: new Date(),
        bookedPrice: 6500,
        bookedVatRate: 19,
        signatureFileId: signatureId,
        signedAt: new Date(),
      });
    }
  }

  it('after N signed lessons exactly one partial invoice, however often the job runs', async () => {
    const student = await paymentStudent(t, f, { workflow: 'FLASH_PAY' });
    await trigger({ lessonCount: 3, dueInDays: 10 });
    const job = {
      schoolId: f.schoolId,
      studentEducationId: student.studentEducationId,
      event: 'DRIVING_LESSON' as const,
    };
    await signedLessons(student, 2);
    expect(await fireTriggers(services(), job)).toEqual([]);
    await signedLessons(student, 1);
    const [first, second] = await Promise.all([
      fireTriggers(services(), job),
      fireTriggers(services(), job),
    ]);
    expect([...(first ?? []), ...(second ?? [])]).toHaveLength(1);
    expect(await fireTriggers(services(), job)).toEqual([]);
    const documents = await documentsOf(student.studentEducationId);
    expect(documents).toHaveLength(1);
    expect(documents[0]).toMatchObject({
      type: 'PARTIAL_INVOICE',
      status: 'ISSUED',
      totalGross: 6500,
      dueDate: addDays(berlinToday(), 10),
    });
    expect(documents[0]?.number).toMatch(/^\d{4}-\d{5}$/);
  });

  it('a CREATED trigger bills the basic fee as a payment request; inactive or other class: nothing', async () => {
    await trigger({
      event: 'CREATED',
      paymentWorkflows: ['CLASSIC_PAY'],
      documentType: 'PAYMENT_REQUEST',
      productIds: [f.productIds.basicFee],
    });
    await trigger({
      event: 'CREATED',
      active: false,
      paymentWorkflows: ['CLASSIC_PAY'],
      productIds: [f.productIds.learningMaterial],
    });
    await trigger({
      event: 'CREATED',
      paymentWorkflows: ['CLASSIC_PAY'],
      licenseClasses: ['A'],
      productIds: [f.productIds.learningMaterial],
    });
    const student = await paymentStudent(t, f, { workflow: 'CLASSIC_PAY' });
    const job = {
      schoolId: f.schoolId,
      studentEducationId: student.studentEducationId,
      event: 'CREATED' as const,
    };
    expect(await fireTriggers(services(), job)).toHaveLength(1);
    expect(await fireTriggers(services(), job)).toEqual([]);
    const documents = await documentsOf(student.studentEducationId);
    expect(documents).toHaveLength(1);
    expect(documents[0]).toMatchObject({
      type: 'PAYMENT_REQUEST',
      number: null,
      totalGross: 39_900,
    });

    const manual = await paymentStudent(t, f, { workflow: 'CLASSIC_PAY', automaticPayment: false });
    expect(
      await fireTriggers(services(), { ...job, studentEducationId: manual.studentEducationId }),
    ).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(paymentDocuments)
        .where(
          and(
            eq(paymentDocuments.drivingSchoolId, f.schoolId),
            eq(paymentDocuments.studentEducationId, manual.studentEducationId),
          ),
        ),
    ).toEqual([]);
  });
});
