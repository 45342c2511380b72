import type { components } from '@fahrwerk/api/schema';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  branches,
  datevExportItems,
  idempotencyKeys,
  payments,
  studentEducations,
  students,
} from '../../db/schema';
import { createSchool, DEMO_SCHOOL } from '../../db/seed';
import { AppError } from '../../http/errors';
import { IDEMPOTENCY_TTL_HOURS, idempotent } from '../../http/idempotency';
import { DEMO_OWNER, DRIVERS, expectError, type TestApp, useTestApp } from '../../test/test-app';
import { berlinToday } from '../resources/kit';

/*
 * Classic pay: payments recorded by the office against a document or the balance, partial
 * payments and overpayments, refunds, exported payments frozen — and `POST /payments`
 * idempotent through `Idempotency-Key` (the first tests of src/http/idempotency.ts).
 */

type Schemas = components['schemas'];
type Payment = Schemas['Payment'];
type Doc = Schemas['PaymentDocument'];
type Balance = Schemas['Balance'];

describe.each(DRIVERS)('payments (%s)', (driver) => {
  const t: TestApp = useTestApp(driver);
  let owner = '';
  let branchId = 0;
  const today = berlinToday();
  let serial = 0;

  /** A student with one class-B education. */
  const student = async () => {
    const db = t.database.db;
    serial += 1;
    const [s] = await db
      .insert(students)
      .values({
        drivingSchoolId: t.demo.schoolId,
        firstName: 'Paula',
        lastName: `Zahl${serial}`,
        branchId,
      })
      .returning();
    const [e] = await db
      .insert(studentEducations)
      .values({
        drivingSchoolId: t.demo.schoolId,
        studentId: s?.id ?? 0,
        licenseClass: 'B',
        branchId,
        theoryQuestionsVersion: '2025-04',
      })
      .returning();
    return { studentId: s?.id ?? 0, educationId: e?.id ?? 0 };
  };
  const invoice = async (who: { studentId: number; educationId: number }, gross: number) => {
    const created = await t.call<Doc>('POST', '/payment-documents', {
      token: owner,
      body: {
        type: 'PARTIAL_INVOICE',
        studentId: who.studentId,
        studentEducationId: who.educationId,
        lines: [{ description: 'Fahrstunden', quantity: 1, unitPrice: gross }],
      },
    });
    expect(created.status, created.raw).toBe(201);
    const issued = await t.call<Doc>('POST', `/payment-documents/${created.body.id}/issue`, {
      token: owner,
    });
    expect(issued.status, issued.raw).toBe(200);
    return issued.body;
  };
  const post = (body: Record<string, unknown>, key?: string) =>
    t.call<Payment>('POST', '/payments', {
      token: owner,
      body: { paymentDate: today, method: 'TRANSFER', ...body },
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
  const pay = async (body: Record<string, unknown>) => {
    const response = await post(body);
    expect(response.status, response.raw).toBe(201);
    return response.body;
  };
  const document = async (id: number) =>
    (await t.call<Doc>('GET', `/payment-documents/${id}`, { token: owner })).body;
  const balance = async (studentId: number) =>
    (await t.call<Balance>('GET', `/balance/${studentId}`, { token: owner })).body;
  const paymentCount = async (studentId: number) =>
    (
      await t.database.db
        .select({ count: sql<number>`count(*)::int` })
        .from(payments)
        .where(eq(payments.studentId, studentId))
    )[0]?.count;

  beforeAll(async () => {
    owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    const [branch] = await t.database.db
      .insert(branches)
      .values({
        drivingSchoolId: t.demo.schoolId,
        name: 'Kasse',
        abbreviation: 'KA',
        workCorridorFrom: '07:00',
        workCorridorTo: '20:00',
      })
      .returning();
    branchId = branch?.id ?? 0;
  });

  describe('classic pay', () => {
    it('settles a document partly, fully, and keeps an overpayment as a credit', async () => {
      const who = await student();
      const doc = await invoice(who, 30_000);
      const first = await pay({
        amount: 10_000,
        studentId: who.studentId,
        documentId: doc.id,
        reference: doc.number,
        method: 'CASH',
      });
      // The payment counts for the document's education.
      expect(first).toMatchObject({
        amount: 10_000,
        method: 'CASH',
        status: 'PAID',
        reference: doc.number,
        studentEducationId: who.educationId,
        documentId: doc.id,
        exported: false,
      });
      expect(await document(doc.id)).toMatchObject({
        status: 'PARTIALLY_PAID',
        paidAmount: 10_000,
        openAmount: 20_000,
      });
      expect((await balance(who.studentId)).balance).toBe(-20_000);
      await pay({ amount: 25_000, studentId: who.studentId, documentId: doc.id });
      const settled = await document(doc.id);
      expect(settled.status).toBe('PAID');
      const after = await balance(who.studentId);
      expect(after).toMatchObject({ invoiced: 30_000, paid: 35_000, balance: 5_000, open: 0 });
      expect(after.educations[0]).toMatchObject({ paid: 35_000, balance: 5_000 });
    });

    it('records a payment to the balance only, and refunds as negative amounts', async () => {
      const who = await student();
      const doc = await invoice(who, 20_000);
      const advance = await pay({
        amount: 5_000,
        studentId: who.studentId,
        studentEducationId: who.educationId,
      });
      expect(advance).not.toHaveProperty('documentId');
      expect(await document(doc.id)).toMatchObject({ status: 'ISSUED', paidAmount: 0 });
      expect((await balance(who.studentId)).balance).toBe(-15_000);
      await pay({ amount: 20_000, studentId: who.studentId, documentId: doc.id });
      expect((await balance(who.studentId)).balance).toBe(5_000);
      // The credit paid back.
      await pay({ amount: -5_000, studentId: who.studentId, method: 'TRANSFER' });
      expect(await balance(who.studentId)).toMatchObject({ paid: 20_000, balance: 0 });
      // A refund against a document: at most what was paid on it.
      expectError(
        await post({ amount: -20_001, studentId: who.studentId, documentId: doc.id }),
        422,
        'errors.validation',
      );
      await pay({ amount: -2_000, studentId: who.studentId, documentId: doc.id });
      expect(await document(doc.id)).toMatchObject({
        status: 'PARTIALLY_PAID',
        paidAmount: 18_000,
        openAmount: 2_000,
      });
      expectError(await post({ amount: 0, studentId: who.studentId }), 422, 'errors.validation');
    });

    it('refuses an education of another student and a document of another education', async () => {
      const who = await student();
      const other = await student();
      const doc = await invoice(who, 10_000);
      const refused = await post({
        amount: 1_000,
        studentId: who.studentId,
        studentEducationId: other.educationId,
      });
      expectError(refused, 422, 'errors.validation');
      expect(refused.body).toMatchObject({ fieldErrors: [{ field: 'studentEducationId' }] });
      expectError(
        await post({ amount: 1_000, studentId: other.studentId, documentId: doc.id }),
        422,
        'errors.validation',
      );
      expect(await paymentCount(who.studentId)).toBe(0);
    });

    it('never changes or deletes an exported payment', async () => {
      const who = await student();
      const payment = await pay({ amount: 3_000, studentId: who.studentId });
      // Booked by a DATEV export (taken over, without an archived batch).
      await t.database.db
        .insert(datevExportItems)
        .values({ drivingSchoolId: t.demo.schoolId, kind: 'PAYMENT', itemId: payment.id });
      expectError(
        await t.call('PUT', `/payments/${payment.id}`, {
          token: owner,
          body: { amount: 3_500, paymentDate: today, method: 'TRANSFER', studentId: who.studentId },
        }),
        422,
        'errors.payment_exported',
      );
      expectError(
        await t.call('DELETE', `/payments/${payment.id}`, { token: owner }),
        422,
        'errors.payment_exported',
      );
      const kept = await t.call<Payment>('GET', `/payments/${payment.id}`, { token: owner });
      expect(kept.body).toMatchObject({ amount: 3_000, exported: true });
    });
  });

  describe('Idempotency-Key', () => {
    it('answers a retried payment again instead of recording it twice', async () => {
      const who = await student();
      const doc = await invoice(who, 10_000);
      const body = { amount: 4_000, studentId: who.studentId, documentId: doc.id };
      const first = await post(body, 'retry-key-0001');
      expect(first.status, first.raw).toBe(201);
      const again = await post(body, 'retry-key-0001');
      expect(again.status).toBe(201);
      expect(again.raw).toBe(first.raw);
      expect(await paymentCount(who.studentId)).toBe(1);
      // The document was settled once.
      expect(await document(doc.id)).toMatchObject({ paidAmount: 4_000 });

      const reused = await post({ ...body, amount: 4_001 }, 'retry-key-0001');
      expectError(reused, 422, 'errors.idempotency_key_reused');
      expect(await paymentCount(who.studentId)).toBe(1);

      // Without a key every call is a new payment.
      await post(body);
      await post(body);
      expect(await paymentCount(who.studentId)).toBe(3);
    });

    it('runs two simultaneous retries once', async () => {
      const who = await student();
      const body = { amount: 1_500, studentId: who.studentId };
      const answers = await Promise.all([
        post(body, 'same-moment-1'),
        post(body, 'same-moment-1'),
        post(body, 'same-moment-1'),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
      expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
      expect(await paymentCount(who.studentId)).toBe(1);
    });

    it('does not keep a refused request: a retry tries again', async () => {
      const who = await student();
      const refused = await post({ amount: 1_000 }, 'fix-and-retry-1');
      expectError(refused, 422, 'errors.payer_required');
      expect(
        (
          await t.database.db
            .select()
            .from(idempotencyKeys)
            .where(eq(idempotencyKeys.key, 'fix-and-retry-1'))
        ).length,
      ).toBe(0);
      // The same key with the same (still wrong) body is refused again, not replayed as 201.
      expectError(await post({ amount: 1_000 }, 'fix-and-retry-1'), 422, 'errors.payer_required');
      const fixed = await post({ amount: 1_000, studentId: who.studentId }, 'fix-and-retry-1');
      expect(fixed.status).toBe(201);
    });

    it(`forgets a key after ${IDEMPOTENCY_TTL_HOURS} hours`, async () => {
      const who = await student();
      const body = { amount: 700, studentId: who.studentId };
      const first = await post(body, 'expiring-key-1');
      const expire = (hours: number) =>
        t.database.db
          .update(idempotencyKeys)
          .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
          .where(
            and(
              eq(idempotencyKeys.drivingSchoolId, t.demo.schoolId),
              eq(idempotencyKeys.key, 'expiring-key-1'),
            ),
          );
      await expire(IDEMPOTENCY_TTL_HOURS - 1);
      expect((await post(body, 'expiring-key-1')).body.id).toBe(first.body.id);
      await expire(IDEMPOTENCY_TTL_HOURS + 1);
      const later = await post(body, 'expiring-key-1');
      expect(later.status).toBe(201);
      expect(later.body.id).not.toBe(first.body.id);
      expect(await paymentCount(who.studentId)).toBe(2);
      // The expired row made way for the new answer: one row for the key, fresh.
      const rows = await t.database.db
        .select({ fresh: sql<boolean>`${idempotencyKeys.createdAt} > now() - interval '1 hour'` })
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.key, 'expiring-key-1'));
      expect(rows).toEqual([{ fresh: true }]);
    });

    it('keeps the keys of schools and operations apart', async () => {
      const db = t.database.db;
      const other = await createSchool(db, {
        ...DEMO_SCHOOL,
        name: 'Fahrschule Schlüssel',
        users: DEMO_SCHOOL.users.map((user) => ({
          ...user,
          email: user.email.replace('@', '+keys@'),
        })),
      });
      const request = (body: unknown, key = 'shared-key-01') =>
        ({
          headers: { 'idempotency-key': key },
          params: {},
          query: {},
          body,
        }) as unknown as FastifyRequest;
      let runs = 0;
      const action = async () => {
        runs += 1;
        return { status: 201, body: { run: runs } };
      };
      const demo = t.demo.schoolId;
      expect(await idempotent(db, demo, request({ a: 1 }), 'createPayment', action)).toEqual({
        status: 201,
        body: { run: 1 },
      });
      // Same school, operation, key and body: replayed.
      expect(await idempotent(db, demo, request({ a: 1 }), 'createPayment', action)).toEqual({
        status: 201,
        body: { run: 1 },
      });
      // Another school, another operation: their own answers.
      expect(
        await idempotent(db, other.schoolId, request({ a: 1 }), 'createPayment', action),
      ).toEqual({ status: 201, body: { run: 2 } });
      expect(
        await idempotent(db, demo, request({ a: 1 }), 'updateLivePayPaymentStatus', action),
      ).toEqual({ status: 201, body: { run: 3 } });
      // The other school's key does not clash with another body in the demo school's.
      await expect(
        idempotent(db, demo, request({ a: 2 }), 'createPayment', action),
      ).rejects.toBeInstanceOf(AppError);
      // Without a header it just runs.
      const plain = { headers: {}, params: {}, query: {}, body: {} } as unknown as FastifyRequest;
      await idempotent(db, demo, plain, 'createPayment', action);
      await idempotent(db, demo, plain, 'createPayment', action);
      expect(runs).toBe(5);
      // A 204-style answer without a body replays without one.
      const empty = async () => ({ status: 204 });
      await idempotent(db, demo, request({}, 'empty-body-01'), 'deletePayment', empty);
      expect(
        await idempotent(db, demo, request({}, 'empty-body-01'), 'deletePayment', async () => {
          throw new Error('must not run again');
        }),
      ).toEqual({ status: 204 });
    });
  });
});
