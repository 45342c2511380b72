import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  appointments,
  automaticPaymentTriggers,
  examParticipants,
  exams,
  paymentDocuments,
  payments,
  storedFiles,
  testingOrganizations,
  triggerFirings,
} from '../../db/schema';
import { createFileStore } from '../../files/file-store';
import { DRIVERS, useTestApp } from '../../test/test-app';
import { addDays, berlinToday } from '../resources/kit';
import {
  addMandate,
  type PaymentFixture,
  paymentFixture,
  paymentStudent,
} from './payment-test-fixtures';
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

  /** An exam of `kind` with the student's education as participant in `status`. */
  async function examOf(
    student: { studentId: number; studentEducationId: number },
    kind: 'THEORY' | 'PRACTICAL',
    status: 'PLANNED' | 'PASSED' | 'FAILED',
    attempt = 1,
  ) {
    const db = t.database.db;
    const [organization] = await db
      .insert(testingOrganizations)
      .values({ drivingSchoolId: f.schoolId, name: 'TÜV Nord', kind: 'TUEV' })
      .returning({ id: testingOrganizations.id });
    const [exam] = await db
      .insert(exams)
      .values({
        drivingSchoolId: f.schoolId,
        kind,
        date: addDays('2026-11-02', attempt),
        startTime: '09:00',
        minutes: 60,
        testingOrganizationId: organization?.id as number,
      })
      .returning({ id: exams.id });
    const [participant] = await db
      .insert(examParticipants)
      .values({
        drivingSchoolId: f.schoolId,
        examId: exam?.id as number,
        studentId: student.studentId,
        studentEducationId: student.studentEducationId,
        status,
        attempt,
      })
      .returning({ id: examParticipants.id });
    return participant?.id as number;
  }

  it('exam triggers fire per exam of their kind, results only of their status', async () => {
    const planned = await trigger({
      name: 'Prüfungsgebühr',
      event: 'EXAM_PLANNED',
      examKind: 'PRACTICAL',
      paymentWorkflows: ['CLASSIC_PAY'],
      documentType: 'PAYMENT_REQUEST',
      productIds: [f.productIds.learningMaterial],
    });
    const failed = await trigger({
      name: 'Wiederholung',
      event: 'EXAM_RESULT',
      examKind: 'PRACTICAL',
      examStatus: 'FAILED',
      paymentWorkflows: ['CLASSIC_PAY'],
      documentType: 'PARTIAL_INVOICE',
      productIds: [f.productIds.lesson],
    });
    const student = await paymentStudent(t, f, { workflow: 'CLASSIC_PAY' });
    const job = (event: 'EXAM_PLANNED' | 'EXAM_RESULT') => ({
      schoolId: f.schoolId,
      studentEducationId: student.studentEducationId,
      event,
    });

    // A theory exam is not of the trigger's kind.
    await examOf(student, 'THEORY', 'PLANNED');
    expect(await fireTriggers(services(), job('EXAM_PLANNED'))).toEqual([]);
    // The first practical exam: the fee once, however often the job runs.
    const first = await examOf(student, 'PRACTICAL', 'PLANNED');
    expect(await fireTriggers(services(), job('EXAM_PLANNED'))).toMatchObject([
      { triggerId: planned.id, occurrence: 1 },
    ]);
    expect(await fireTriggers(services(), job('EXAM_PLANNED'))).toEqual([]);
    expect(await fireTriggers(services(), job('EXAM_RESULT'))).toEqual([]);

    // Failed: the result trigger bills; a passed second attempt does not, its planning does.
    await t.database.db
      .update(examParticipants)
      .set({ status: 'FAILED' })
      .where(eq(examParticipants.id, first));
    expect(await fireTriggers(services(), job('EXAM_RESULT'))).toMatchObject([
      { triggerId: failed.id, occurrence: 1 },
    ]);
    await examOf(student, 'PRACTICAL', 'PASSED', 2);
    expect(await fireTriggers(services(), job('EXAM_RESULT'))).toEqual([]);
    expect(await fireTriggers(services(), job('EXAM_PLANNED'))).toMatchObject([
      { triggerId: planned.id, occurrence: 2 },
    ]);

    const documents = await documentsOf(student.studentEducationId);
    expect(
      documents
        .map((row) => [row.type, row.totalGross])
        .sort((a, b) => String(a).localeCompare(String(b))),
    ).toEqual([
      ['PARTIAL_INVOICE', 6500],
      ['PAYMENT_REQUEST', 3990],
      ['PAYMENT_REQUEST', 3990],
    ]);
  });

  it('a live-pay education is debited; without a mandate nothing is recorded until one exists', async () => {
    const bundle = await trigger({
      name: 'Grundbetrag Live',
      event: 'CREATED',
      paymentWorkflows: ['LIVE_PAY'],
      documentType: 'PAYMENT_REQUEST',
      productIds: [f.productIds.basicFee],
    });
    const student = await paymentStudent(t, f, { workflow: 'LIVE_PAY' });
    const job = {
      schoolId: f.schoolId,
      studentEducationId: student.studentEducationId,
      event: 'CREATED' as const,
    };
    const firingsOf = () =>
      t.database.db
        .select()
        .from(triggerFirings)
        .where(
          and(
            eq(triggerFirings.drivingSchoolId, f.schoolId),
            eq(triggerFirings.studentEducationId, student.studentEducationId),
          ),
        );
    const debitsOf = () =>
      t.database.db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.drivingSchoolId, f.schoolId),
            eq(payments.studentEducationId, student.studentEducationId),
          ),
        );

    expect(await fireTriggers(services(), job)).toEqual([]);
    expect(await firingsOf()).toEqual([]);
    expect(await debitsOf()).toEqual([]);

    const mandateId = await addMandate(t, student);
    const [fired] = await fireTriggers(services(), job);
    expect(fired).toMatchObject({ triggerId: bundle.id, occurrence: 1 });
    expect(fired?.paymentId).toBeGreaterThan(0);
    expect(await fireTriggers(services(), job)).toEqual([]);
    const debits = await debitsOf();
    expect(debits).toHaveLength(1);
    expect(debits[0]).toMatchObject({
      id: fired?.paymentId,
      method: 'DIRECT_DEBIT',
      status: 'OPEN',
      amount: 39_900,
      mandateId,
    });
    expect(await firingsOf()).toMatchObject([{ paymentId: fired?.paymentId, documentId: null }]);
    expect(await documentsOf(student.studentEducationId)).toEqual([]);
  });
});
