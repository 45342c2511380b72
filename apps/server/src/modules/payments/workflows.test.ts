import type { components } from '@fahrwerk/api/schema';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  branches,
  costBearers,
  livePayMandates,
  payments,
  rolePermissions,
  studentEducationCostBearers,
  studentEducations,
  students,
} from '../../db/schema';
import {
  DEMO_INSTRUCTOR,
  DEMO_OWNER,
  DRIVERS,
  expectError,
  type TestApp,
  useTestApp,
} from '../../test/test-app';
import { addDays, berlinToday } from '../resources/kit';
import { monthOf } from './workflows';

/*
 * The payment-workflow lists, the workflow tile and the balance overview: one balance for
 * all of them and `GET /balance/{id}`, filters and sorting done by the database, the
 * caller's student visibility, the cost bearer's list.
 */

type Schemas = components['schemas'];
type Page = Schemas['PaymentWorkflowStudentPage'];
type Doc = Schemas['PaymentDocument'];
type Balance = Schemas['Balance'];

describe.each(DRIVERS)('payment workflows (%s)', (driver) => {
  const t: TestApp = useTestApp(driver);
  let owner = '';
  let schoolId = 0;
  let branchId = 0;
  const today = berlinToday();
  /** Educations by name: classic, flash, live (red), live2 (paid), bearer, hidden, archived. */
  const edu = {} as Record<
    'classic' | 'flash' | 'live' | 'live2' | 'bearer' | 'archived',
    { studentId: number; educationId: number }
  >;
  let bearerId = 0;

  const student = async (
    firstName: string,
    lastName: string,
    paymentWorkflow: 'CLASSIC_PAY' | 'FLASH_PAY' | 'LIVE_PAY',
    extra: { instructorId?: number; archived?: boolean; automaticPayment?: boolean } = {},
  ) => {
    const db = t.database.db;
    const [s] = await db
      .insert(students)
      .values({
        drivingSchoolId: schoolId,
        firstName,
        lastName,
        branchId,
        instructorId: extra.instructorId ?? null,
        archived: extra.archived ?? false,
      })
      .returning();
    const [e] = await db
      .insert(studentEducations)
      .values({
        drivingSchoolId: schoolId,
        studentId: s?.id ?? 0,
        licenseClass: 'B',
        branchId,
        paymentWorkflow,
        automaticPayment: extra.automaticPayment ?? paymentWorkflow === 'LIVE_PAY',
        theoryQuestionsVersion: '2025-04',
      })
      .returning();
    return { studentId: s?.id ?? 0, educationId: e?.id ?? 0 };
  };
  const document = async (
    who: { studentId: number; educationId: number },
    gross: number,
    extra: Record<string, unknown> = {},
    issue = true,
  ) => {
    const created = await t.call<Doc>('POST', '/payment-documents', {
      token: owner,
      body: {
        type: 'PARTIAL_INVOICE',
        studentId: who.studentId,
        studentEducationId: who.educationId,
        lines: [{ description: 'Fahrstunden', quantity: 1, unitPrice: gross }],
        ...extra,
      },
    });
    expect(created.status, created.raw).toBe(201);
    if (!issue) return created.body;
    const issued = await t.call<Doc>('POST', `/payment-documents/${created.body.id}/issue`, {
      token: owner,
    });
    expect(issued.status, issued.raw).toBe(200);
    return issued.body;
  };
  const pay = async (body: Record<string, unknown>) => {
    const response = await t.call<{ id: number }>('POST', '/payments', {
      token: owner,
      body: { paymentDate: today, method: 'TRANSFER', ...body },
    });
    expect(response.status, response.raw).toBe(201);
    return response.body;
  };
  const list = async (body: Record<string, unknown> = {}, token = owner) => {
    const response = await t.call<Page>('POST', '/payment-workflows/paged-students-list/filter', {
      token,
      body: { size: 200, ...body },
    });
    expect(response.status, response.raw).toBe(200);
    return response.body;
  };
  const rowOf = async (educationId: number, body: Record<string, unknown> = {}) =>
    (await list(body)).data.find((row) => row.studentEducationId === educationId);

  beforeAll(async () => {
    owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    schoolId = t.demo.schoolId;
    const db = t.database.db;
    const [branch] = await db
      .insert(branches)
      .values({
        drivingSchoolId: schoolId,
        name: 'Zahlstelle',
        abbreviation: 'ZS',
        workCorridorFrom: '07:00',
        workCorridorTo: '20:00',
      })
      .returning();
    branchId = branch?.id ?? 0;
    const instructorId = t.demo.userIds[DEMO_INSTRUCTOR.email] ?? 0;
    edu.classic = await student('Clara', 'Albers', 'CLASSIC_PAY');
    edu.flash = await student('Felix', 'Brandt', 'FLASH_PAY', { automaticPayment: true });
    edu.live = await student('Lisa', 'Conrad', 'LIVE_PAY', { instructorId });
    edu.live2 = await student('Leon', 'Dietz', 'LIVE_PAY');
    edu.bearer = await student('Bora', 'Ersoy', 'CLASSIC_PAY');
    edu.archived = await student('Anna', 'Alt', 'CLASSIC_PAY', { archived: true });

    // classic: invoice 400 €, a second one cancelled, a payment request 100 €, 150 € paid
    // on the invoice, 20 € paid to the balance without a document.
    const invoice = await document(edu.classic, 40_000, { dueDate: addDays(today, -3) });
    const wrong = await document(edu.classic, 9_900);
    const cancelled = await t.call('POST', '/payment-documents/create-cancellation-invoice', {
      token: owner,
      query: { invoiceForCancellationId: wrong.id },
    });
    expect(cancelled.status, cancelled.raw).toBe(201);
    await document(edu.classic, 10_000, { type: 'PAYMENT_REQUEST' });
    await document(edu.classic, 5_000, {}, false); // a draft counts nowhere
    await pay({ amount: 15_000, studentId: edu.classic.studentId, documentId: invoice.id });
    await pay({
      amount: 2_000,
      studentId: edu.classic.studentId,
      studentEducationId: edu.classic.educationId,
      method: 'CASH',
    });

    // flash: two partial invoices, overpaid by 10 € in total (a credit).
    const first = await document(edu.flash, 6_500);
    const second = await document(edu.flash, 6_500);
    await pay({ amount: 6_500, studentId: edu.flash.studentId, documentId: first.id });
    await pay({ amount: 7_500, studentId: edu.flash.studentId, documentId: second.id });

    // live pay: debits under a mandate; Lisa's newest failed (MD06), Leon's are paid.
    const mandates = await db
      .insert(livePayMandates)
      .values([
        {
          drivingSchoolId: schoolId,
          reference: 'FW-TEST-1',
          studentId: edu.live.studentId,
          studentEducationId: edu.live.educationId,
          holderName: 'Lisa Conrad',
          iban: 'DE89370400440532013000',
          signedAt: addDays(today, -40),
          status: 'CONFIRMED',
        },
        {
          drivingSchoolId: schoolId,
          reference: 'FW-TEST-2',
          studentId: edu.live2.studentId,
          studentEducationId: edu.live2.educationId,
          holderName: 'Leon Dietz',
          iban: 'DE89370400440532013000',
          status: 'UNCONFIRMED',
        },
      ])
      .returning();
    const liveInvoice = await document(edu.live, 13_000);
    const live2Invoice = await document(edu.live2, 6_500);
    const debit = (
      who: { studentId: number; educationId: number },
      mandateId: number,
      amount: number,
      paymentDate: string,
      status: 'PAID' | 'FAILED' | 'OPEN',
    ) => ({
      drivingSchoolId: schoolId,
      amount,
      paymentDate,
      method: 'DIRECT_DEBIT' as const,
      status,
      studentId: who.studentId,
      studentEducationId: who.educationId,
      mandateId,
      failureReason: status === 'FAILED' ? 'MD06' : null,
    });
    const [m1, m2] = mandates;
    await db
      .insert(payments)
      .values([
        debit(edu.live, m1?.id ?? 0, 6_500, addDays(today, -20), 'PAID'),
        debit(edu.live, m1?.id ?? 0, 6_500, addDays(today, -5), 'FAILED'),
        debit(edu.live2, m2?.id ?? 0, 6_500, addDays(today, -4), 'PAID'),
      ]);
    expect(liveInvoice.totalGross + live2Invoice.totalGross).toBe(19_500);

    // bearer: the Jobcenter pays Bora's education; Bora pays 50 € of his own.
    const [bearer] = await db
      .insert(costBearers)
      .values({ drivingSchoolId: schoolId, kind: 'JOB_CENTER', name: 'Jobcenter Kiel' })
      .returning();
    bearerId = bearer?.id ?? 0;
    await db.insert(studentEducationCostBearers).values({
      drivingSchoolId: schoolId,
      studentEducationId: edu.bearer.educationId,
      costBearerId: bearerId,
    });
    const bearerInvoice = await document(edu.bearer, 80_000, {
      studentId: undefined,
      costBearerId: bearerId,
      voucherNumber: 'BGS-1',
    });
    await pay({ amount: 30_000, costBearerId: bearerId, documentId: bearerInvoice.id });
    const ownInvoice = await document(edu.bearer, 5_000);
    await pay({ amount: 5_000, studentId: edu.bearer.studentId, documentId: ownInvoice.id });
  });

  it('answers one balance in the list, the student balance and the overviews', async () => {
    const balance = (
      await t.call<Balance>('GET', `/balance/${edu.classic.studentId}`, { token: owner })
    ).body;
    // invoiced 400 + 99 − 99, paid 150 + 20: the request and the draft count nowhere.
    expect(balance).toMatchObject({
      invoiced: 40_000,
      paid: 17_000,
      balance: -23_000,
      open: 25_000,
      overdue: 25_000,
      requested: 10_000,
    });
    expect(balance.educations[0]?.balance).toBe(-23_000);
    const row = await rowOf(edu.classic.educationId);
    expect(row).toMatchObject({
      studentId: edu.classic.studentId,
      firstName: 'Clara',
      lastName: 'Albers',
      paymentWorkflow: 'CLASSIC_PAY',
      balance: -23_000,
      openAmount: 25_000,
      lastPaymentStatus: 'PAID',
      lastPaymentDate: today,
      failed: false,
    });
    // Every student's list balance is their /balance figure (one education each).
    const all = (await list()).data;
    for (const entry of all) {
      const own = await t.call<Balance>('GET', `/balance/${entry.studentId}`, { token: owner });
      expect(own.body.balance, entry.lastName).toBe(entry.balance);
    }
    const flash = all.find((entry) => entry.studentEducationId === edu.flash.educationId);
    expect(flash).toMatchObject({ balance: 1_000, openAmount: 0 });

    // The workflow tile sums the list rows of its workflow.
    for (const workflow of ['CLASSIC_PAY', 'FLASH_PAY', 'LIVE_PAY'] as const) {
      const rows = all.filter((entry) => entry.paymentWorkflow === workflow);
      const tile = await t.call<Schemas['PaymentWorkflowOverview']>(
        'GET',
        '/payment-workflows/overview-info',
        { token: owner, query: { paymentWorkflowId: workflow } },
      );
      expect(tile.status, tile.raw).toBe(200);
      expect(tile.body.educationCount).toBe(rows.length);
      expect(tile.body.openAmount).toBe(rows.reduce((sum, entry) => sum + entry.openAmount, 0));
      expect(tile.body.failedCount).toBe(rows.filter((entry) => entry.failed).length);
      expect(tile.body.automaticPaymentCount).toBe(
        rows.filter((entry) => entry.automaticPayment).length,
      );
    }

    // The balance overview: the same balances, per payer and per workflow.
    const overview = await t.call<Schemas['BalanceOverview']>('GET', '/payments/balance-overview', {
      token: owner,
    });
    expect(overview.status, overview.raw).toBe(200);
    const negative = all.filter((entry) => entry.balance < 0);
    // Students: classic −230, live −65 (one debit failed), bearer's own 0; the Jobcenter −500.
    expect(overview.body).toMatchObject({
      receivables: negative.reduce((sum, entry) => sum - entry.balance, 0) + 50_000,
      credits: all.filter((entry) => entry.balance > 0).reduce((s, entry) => s + entry.balance, 0),
      debtorCount: negative.length + 1,
      overdue: 25_000,
      overdueDocumentCount: 1,
      requested: 10_000,
      failedDebitCount: 1,
      failedDebitAmount: 6_500,
    });
    for (const workflow of overview.body.workflows) {
      const rows = all.filter((entry) => entry.paymentWorkflow === workflow.paymentWorkflow);
      expect(workflow.educationCount).toBe(rows.length);
      expect(workflow.receivables).toBe(
        rows.filter((e) => e.balance < 0).reduce((sum, e) => sum - e.balance, 0),
      );
      expect(workflow.credits).toBe(
        rows.filter((e) => e.balance > 0).reduce((sum, e) => sum + e.balance, 0),
      );
    }
  });

  it('marks the education red whose newest debit failed, with the mandate status', async () => {
    expect(await rowOf(edu.live.educationId)).toMatchObject({
      failed: true,
      lastPaymentStatus: 'FAILED',
      mandateStatus: 'CONFIRMED',
      balance: 6_500 - 13_000,
    });
    expect(await rowOf(edu.live2.educationId)).toMatchObject({
      failed: false,
      mandateStatus: 'UNCONFIRMED',
      balance: 0,
    });
    expect(await rowOf(edu.classic.educationId)).not.toHaveProperty('mandateStatus');
    const red = await list({ onlyFailed: true });
    expect(red.data.map((row) => row.studentEducationId)).toEqual([edu.live.educationId]);
    expect(red.total).toBe(1);
  });

  it('filters by workflow, debtors, payment status, search, flags and archive', async () => {
    const ids = async (body: Record<string, unknown>) =>
      (await list(body)).data.map((row) => row.studentEducationId).sort((a, b) => a - b);
    const sorted = (...list: number[]) => [...list].sort((a, b) => a - b);
    expect(await ids({ paymentWorkflow: 'LIVE_PAY' })).toEqual(
      sorted(edu.live.educationId, edu.live2.educationId),
    );
    expect(await ids({ onlyDebtors: true })).toEqual(
      sorted(edu.classic.educationId, edu.live.educationId),
    );
    expect(await ids({ paymentStatuses: ['FAILED'] })).toEqual([edu.live.educationId]);
    expect(await ids({ search: 'brAND' })).toEqual([edu.flash.educationId]);
    expect(await ids({ search: 'felix b' })).toEqual([edu.flash.educationId]);
    expect(await ids({ search: '100%' })).toEqual([]);
    expect(await ids({ paymentWorkflow: 'CLASSIC_PAY', automaticPayment: false })).toEqual(
      sorted(edu.classic.educationId, edu.bearer.educationId),
    );
    expect(await ids({ automaticPayment: true, paymentWorkflow: 'FLASH_PAY' })).toEqual([
      edu.flash.educationId,
    ]);
    expect(await ids({ finishedEducation: true })).toEqual([]);
    expect(await ids({ branchIds: [branchId + 1000] })).toEqual([]);
    expect(await ids({ archived: true })).toEqual([edu.archived.educationId]);
    expect(await ids({ licenseClasses: ['CE'] })).toEqual([]);
    const instructorId = t.demo.userIds[DEMO_INSTRUCTOR.email] ?? 0;
    expect(await ids({ instructorIds: [instructorId] })).toEqual([edu.live.educationId]);
  });

  it('sorts and pages in the database', async () => {
    const byBalance = await list({ sort: [{ field: 'balance', direction: 'asc' }] });
    const balances = byBalance.data.map((row) => row.balance);
    expect(balances).toEqual([...balances].sort((a, b) => a - b));
    expect(byBalance.data[0]?.studentEducationId).toBe(edu.classic.educationId);
    const byName = await list();
    expect(byName.data.map((row) => row.lastName)).toEqual([
      'Albers',
      'Brandt',
      'Conrad',
      'Dietz',
      'Ersoy',
    ]);
    const desc = await list({ sort: [{ field: 'lastName', direction: 'desc' }] });
    expect(desc.data[0]?.lastName).toBe('Ersoy');
    const page = await list({ size: 2, page: 1 });
    expect(page.total).toBe(5);
    expect(page.data.map((row) => row.lastName)).toEqual(['Conrad', 'Dietz']);
    const beyond = await list({ size: 2, page: 9 });
    expect(beyond).toEqual({ data: [], total: 5 });
    const byOpen = await list({ sort: [{ field: 'openAmount', direction: 'desc' }] });
    expect(byOpen.data[0]?.studentEducationId).toBe(edu.classic.educationId);
    const byDate = await list({ sort: [{ field: 'lastPaymentDate', direction: 'desc' }] });
    const dates = byDate.data.map((row) => row.lastPaymentDate ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('lists only the students the caller may see', async () => {
    const db = t.database.db;
    const instructorRole = t.demo.roleIds.Fahrlehrer ?? 0;
    await db
      .update(rolePermissions)
      .set({ allow: true })
      .where(
        and(
          eq(rolePermissions.roleId, instructorRole),
          eq(rolePermissions.permission, 'MODULE_AUTOMATIC_PAYMENTS'),
        ),
      );
    const instructor = await t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password);
    const own = await list({}, instructor);
    expect(own.total).toBe(1);
    expect(own.data.map((row) => row.studentEducationId)).toEqual([edu.live.educationId]);
  });

  it("lists the educations a cost bearer pays, on the cost bearer's account", async () => {
    const response = await t.call<Page>(
      'POST',
      `/payment-workflows/cost-bearer/${bearerId}/students-list/filter`,
      { token: owner, body: {} },
    );
    expect(response.status, response.raw).toBe(200);
    expect(response.body.total).toBe(1);
    expect(response.body.data[0]).toMatchObject({
      studentEducationId: edu.bearer.educationId,
      costBearerId: bearerId,
      balance: -50_000,
      openAmount: 50_000,
      lastPaymentStatus: 'PAID',
    });
    // In the school's list the same education shows Bora's own account, settled.
    expect(await rowOf(edu.bearer.educationId)).toMatchObject({
      costBearerId: bearerId,
      balance: 0,
      openAmount: 0,
    });
    expectError(
      await t.call('POST', '/payment-workflows/cost-bearer/999999/students-list/filter', {
        token: owner,
        body: {},
      }),
      404,
      'errors.not_found',
    );
  });

  it('counts the payments of a workflow per status and this Berlin month', async () => {
    const tile = await t.call<Schemas['PaymentWorkflowOverview']>(
      'GET',
      '/payment-workflows/overview-info',
      { token: owner, query: { paymentWorkflowId: 'LIVE_PAY' } },
    );
    const month = monthOf(today);
    const inMonth = (day: string) => day >= month.from && day <= month.to;
    const paidDays = [addDays(today, -20), addDays(today, -4)].filter(inMonth);
    expect(tile.body).toMatchObject({
      paymentWorkflow: 'LIVE_PAY',
      educationCount: 2,
      automaticPaymentCount: 2,
      failedCount: 1,
      // The debits here name no document: both invoices stay open.
      openAmount: 19_500,
      paidThisMonth: paidDays.length * 6_500,
      payments: [
        { status: 'FAILED', count: 1, amount: 6_500 },
        { status: 'PAID', count: 2, amount: 13_000 },
      ],
    });
    expect(monthOf('2026-02-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthOf('2028-02-29')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthOf('2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    const unknown = await t.call('GET', '/payment-workflows/overview-info', {
      token: owner,
      query: { paymentWorkflowId: 'CASH_PAY' },
    });
    expect(unknown.status).toBe(422);
  });
});
