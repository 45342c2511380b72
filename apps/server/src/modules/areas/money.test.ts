import { and, eq, ne, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { DEMO_SCALE, type DemoContext, seededFaker } from '../../db/demo/context';
import { seedMoney } from '../../db/demo/money';
import {
  branches,
  costBearers,
  emailConfigs,
  emailConfigUsers,
  emails,
  paymentDocumentLines,
  paymentDocuments,
  payments,
  priceLists,
  prices,
  products,
  rolePermissions,
  studentEducationCostBearers,
  studentEducations,
  students,
} from '../../db/schema';
import { createSchool } from '../../db/seed';
import { describeResources } from '../../test/resource-kit';
import {
  DEMO_OFFICE,
  DEMO_OWNER,
  DRIVERS,
  expectError,
  type TestApp,
  useTestApp,
} from '../../test/test-app';
import { ibanChecksumValid } from '../mandates/mandates.resources';
import { priceLine, vatRateOn } from '../payment-documents/payment-documents.resources';
import { berlinToday } from '../resources/kit';

/*
 * The money and communication area: the generic calls of payment documents, payments and
 * broadcasts (resource kit), then the rules beyond CRUD — issuing with gapless numbers,
 * immutability of issued documents, cancellation, payments settling documents, mandates,
 * e-mail templates, the mailbox, broadcast transitions. Rows of other areas (branch,
 * students, educations, cost bearer, products, mail accounts) are inserted with the
 * database directly, so these tests do not depend on how far those areas are.
 */

type Parents = {
  schoolId: number;
  branchId: number;
  studentId: number;
  educationId: number;
  truckStudentId: number;
  truckEducationId: number;
  costBearerId: number;
  productId: number;
};

const made = new WeakMap<object, Promise<Parents>>();

/** The rows a school's money rows point at, created once per school and test app. */
function parents(t: TestApp, schoolId = t.demo.schoolId): Promise<Parents> {
  const key = schoolId === t.demo.schoolId ? t : { t, schoolId };
  let promise = made.get(key);
  if (!promise) {
    promise = (async () => {
      // The resource kit's second school has an owner role without permissions, so its
      // calls would end in 403 before the tenant check. Allow it everything, so the
      // isolation test sees what that school's owner sees (404 for our rows).
      await t.database.db
        .update(rolePermissions)
        .set({ allow: true })
        .where(ne(rolePermissions.drivingSchoolId, t.demo.schoolId));
      return createParents(t.database.db, schoolId);
    })();
    made.set(key, promise);
  }
  return promise;
}

async function createParents(db: Db, schoolId: number): Promise<Parents> {
  const [branch] = await db
    .insert(branches)
    .values({
      drivingSchoolId: schoolId,
      name: 'Hauptstelle',
      abbreviation: 'HS',
      workCorridorFrom: '07:00',
      workCorridorTo: '20:00',
    })
    .returning();
  const branchId = branch?.id ?? 0;
  const [student, truckStudent] = await db
    .insert(students)
    .values([
      {
        drivingSchoolId: schoolId,
        firstName: 'Lena',
        lastName: 'Schmidt',
        branchId,
        address: {
          street: 'Lindenstraße',
          houseNumber: '4',
          postalCode: '80331',
          city: 'München',
          country: 'DE',
        },
      },
      { drivingSchoolId: schoolId, firstName: 'Kemal', lastName: 'Aydın', branchId },
    ])
    .returning();
  const [education, truckEducation] = await db
    .insert(studentEducations)
    .values([
      {
        drivingSchoolId: schoolId,
        studentId: student?.id ?? 0,
        licenseClass: 'B',
        branchId,
        theoryQuestionsVersion: '2025-04',
      },
      {
        drivingSchoolId: schoolId,
        studentId: truckStudent?.id ?? 0,
        licenseClass: 'CE',
        branchId,
        theoryQuestionsVersion: '2025-04',
      },
    ])
    .returning();
  const [costBearer] = await db
    .insert(costBearers)
    .values({ drivingSchoolId: schoolId, kind: 'JOB_CENTER', name: 'Jobcenter München' })
    .returning();
  const [product] = await db
    .insert(products)
    .values({ drivingSchoolId: schoolId, type: 'BASIC_FEE', name: 'Grundgebühr', vatRate: 19 })
    .returning();
  return {
    schoolId,
    branchId,
    studentId: student?.id ?? 0,
    educationId: education?.id ?? 0,
    truckStudentId: truckStudent?.id ?? 0,
    truckEducationId: truckEducation?.id ?? 0,
    costBearerId: costBearer?.id ?? 0,
    productId: product?.id ?? 0,
  };
}

describeResources('money', [
  {
    path: '/payment-documents',
    archivable: false,
    deletable: true,
    sample: async ({ t, n }) => {
      const p = await parents(t);
      return {
        type: 'PAYMENT_REQUEST',
        studentId: p.studentId,
        studentEducationId: p.educationId,
        dueDate: '2026-03-01',
        voucherNumber: `V-${n}`,
        lines: [
          {
            description: `Grundgebühr ${n}`,
            quantity: 1,
            unitPrice: 39900,
            productId: p.productId,
          },
          { description: 'Fahrstunde (45 Minuten)', quantity: 2, unitPrice: 6500 },
        ],
      };
    },
    change: { dueDate: '2026-04-15', voucherNumber: 'V-geändert', visible: false },
    // The lines answer with their amounts; the input has only what the office typed.
    ignore: ['lines'],
    searchField: 'recipientName',
    sortField: 'totalGross',
    invalid: { body: (valid) => ({ ...valid, lines: [] }), field: 'lines' },
  },
  {
    path: '/payments',
    archivable: false,
    deletable: true,
    sample: async ({ t, n }) => ({
      amount: 10_000 + n,
      paymentDate: '2026-02-01',
      method: 'TRANSFER',
      reference: `Überweisung ${n}`,
      studentId: (await parents(t)).studentId,
    }),
    change: { amount: 5000, method: 'CASH', note: 'bar im Büro' },
    searchField: 'reference',
    sortField: 'paymentDate',
    invalid: { body: (valid) => ({ ...valid, amount: 0 }), field: 'amount' },
  },
  {
    path: '/broadcasts',
    archivable: true,
    deletable: true,
    sample: async ({ t, n }) => ({
      name: `Rundschreiben ${n}`,
      recipientGroup: { licenseClasses: ['B'], branchIds: [(await parents(t)).branchId] },
      subject: `Betreff ${n}`,
      body: '<p>Liebe Fahrschüler,</p>',
      publishFrom: '2026-03-01',
    }),
    change: { subject: 'Neuer Betreff', publishTo: '2026-03-31', sendEmail: true },
    searchField: 'name',
    sortField: 'publishFrom',
    invalid: { body: (valid) => ({ ...valid, publishTo: '2026-01-01' }), field: 'publishTo' },
  },
]);

describe('money rules (pure)', () => {
  it('computes line amounts and VAT rates as DOMAIN.md says', () => {
    expect(priceLine(1, 39_900, 19)).toEqual({ gross: 39_900, net: 33_529, vat: 6371 });
    expect(priceLine(1, -39_900, 19)).toEqual({ gross: -39_900, net: -33_529, vat: -6371 });
    expect(priceLine(0.5, 6500, 0)).toEqual({ gross: 3250, net: 3250, vat: 0 });
    expect(vatRateOn('2026-05-01', 'B')).toBe(19);
    expect(vatRateOn('2026-05-01', 'CE')).toBe(0);
    expect(vatRateOn('2020-08-01', 'B')).toBe(16);
    expect(vatRateOn('2020-08-01', 'B', 7)).toBe(5);
    expect(vatRateOn('2021-01-01', 'B')).toBe(19);
    expect(ibanChecksumValid('DE89370400440532013000')).toBe(true);
    expect(ibanChecksumValid('DE89370400440532013001')).toBe(false);
  });
});

type Doc = {
  id: number;
  type: string;
  status: string;
  number?: string;
  issueDate?: string;
  lines: { vatRate: number; net: number; vat: number; gross: number }[];
  vatTotals: { vatRate: number; gross: number }[];
  totalNet: number;
  totalVat: number;
  totalGross: number;
  paidAmount: number;
  openAmount: number;
  cancelsDocumentId?: number;
  cancelledByDocumentId?: number;
  taxExemptionNote?: string;
  visible: boolean;
  recipientName: string;
};

describe.each(DRIVERS)('money rules on %s', (driver) => {
  const t = useTestApp(driver);
  let owner: string;
  let p: Parents;
  const year = berlinToday().slice(0, 4);

  beforeAll(async () => {
    owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    p = await parents(t);
  });

  const draft = async (body: Record<string, unknown> = {}) => {
    const response = await t.call<Doc>('POST', '/payment-documents', {
      token: owner,
      body: {
        type: 'PARTIAL_INVOICE',
        studentId: p.studentId,
        studentEducationId: p.educationId,
        lines: [{ description: 'Grundgebühr Klasse B', quantity: 1, unitPrice: 39_900 }],
        ...body,
      },
    });
    expect(response.status, response.raw).toBe(201);
    return response.body;
  };
  const issue = async (id: number) => {
    const response = await t.call<Doc>('POST', `/payment-documents/${id}/issue`, { token: owner });
    expect(response.status, response.raw).toBe(200);
    return response.body;
  };
  const get = async (id: number) =>
    (await t.call<Doc>('GET', `/payment-documents/${id}`, { token: owner })).body;

  describe('payment documents', () => {
    it('writes a draft with VAT per line: 19 % for B, 0 % for CE with the exemption note', async () => {
      const b = await draft({
        lines: [
          { description: 'Grundgebühr', quantity: 1, unitPrice: 39_900, productId: p.productId },
          { description: 'Fahrstunde', quantity: 1.5, unitPrice: 6500 },
        ],
      });
      expect(b).toMatchObject({
        status: 'DRAFT',
        recipientName: 'Lena Schmidt',
        totalGross: 49_650,
        totalNet: 41_722,
        totalVat: 7928,
        paidAmount: 0,
        openAmount: 49_650,
      });
      expect(b.number).toBeUndefined();
      expect(b.lines.map((line) => line.vatRate)).toEqual([19, 19]);
      expect(b.vatTotals).toEqual([{ vatRate: 19, net: 41_722, vat: 7928, gross: 49_650 }]);

      const ce = await draft({
        studentId: p.truckStudentId,
        studentEducationId: p.truckEducationId,
        lines: [{ description: 'Fahrstunde CE', quantity: 2, unitPrice: 9500 }],
      });
      expect(ce).toMatchObject({ totalGross: 19_000, totalVat: 0 });
      expect(ce.lines[0]?.vatRate).toBe(0);
      expect(ce.taxExemptionNote).toBe('Steuerfrei nach § 4 Nr. 21 UStG');
    });

    it('refuses final invoices by hand, a missing payer and an education of another student', async () => {
      const lines = [{ description: 'x', quantity: 1, unitPrice: 100 }];
      expectError(
        await t.call('POST', '/payment-documents', {
          token: owner,
          body: { type: 'FINAL_INVOICE', studentId: p.studentId, lines },
        }),
        422,
        'errors.document_type_not_manual',
      );
      expectError(
        await t.call('POST', '/payment-documents', {
          token: owner,
          body: { type: 'PAYMENT_REQUEST', lines },
        }),
        422,
        'errors.payer_required',
      );
      const wrong = expectError(
        await t.call('POST', '/payment-documents', {
          token: owner,
          body: {
            type: 'PAYMENT_REQUEST',
            studentId: p.studentId,
            studentEducationId: p.truckEducationId,
            lines,
          },
        }),
        422,
        'errors.validation',
      );
      expect(wrong.fieldErrors).toEqual([
        { field: 'studentEducationId', error: 'validation.not_found' },
      ]);
    });

    it('issues invoices with gapless numbers per year; payment requests get none', async () => {
      const first = await issue((await draft()).id);
      const request = await issue((await draft({ type: 'PAYMENT_REQUEST' })).id);
      const second = await issue((await draft({ type: 'DEPOSIT_INVOICE' })).id);
      expect(first.status).toBe('ISSUED');
      expect(first.issueDate).toBe(berlinToday());
      expect(request.number).toBeUndefined();
      const n = Number(first.number?.slice(5));
      expect(first.number).toMatch(new RegExp(`^${year}-\\d{5}$`));
      expect(second.number).toBe(`${year}-${String(n + 1).padStart(5, '0')}`);
      // Issuing twice: the document is no draft any more.
      expectError(
        await t.call('POST', `/payment-documents/${first.id}/issue`, { token: owner }),
        422,
        'errors.document_issued',
      );
    });

    it('never changes or deletes an issued invoice', async () => {
      const invoice = await issue((await draft()).id);
      expectError(
        await t.call('PUT', `/payment-documents/${invoice.id}`, {
          token: owner,
          body: {
            type: 'PARTIAL_INVOICE',
            studentId: p.studentId,
            lines: [{ description: 'geändert', quantity: 1, unitPrice: 1 }],
          },
        }),
        422,
        'errors.document_issued',
      );
      expectError(
        await t.call('DELETE', `/payment-documents/${invoice.id}`, { token: owner }),
        422,
        'errors.only_payment_requests_deletable',
      );
      expect(await get(invoice.id)).toEqual(invoice);
      // Only the visibility changes.
      const hidden = await t.call<Doc>('PUT', `/invoices/visible/${invoice.id}`, {
        token: owner,
        query: { visible: false },
      });
      expect(hidden.status, hidden.raw).toBe(200);
      expect(hidden.body).toMatchObject({ visible: false, number: invoice.number });
    });

    it('deletes an issued payment request, but not one with payments', async () => {
      const free = await issue((await draft({ type: 'PAYMENT_REQUEST' })).id);
      expect(
        (await t.call('DELETE', `/payment-documents/${free.id}`, { token: owner })).status,
      ).toBe(204);
      const paid = await issue((await draft({ type: 'PAYMENT_REQUEST' })).id);
      const payment = await t.call('POST', '/payments', {
        token: owner,
        body: {
          amount: 1000,
          paymentDate: berlinToday(),
          method: 'CASH',
          studentId: p.studentId,
          documentId: paid.id,
        },
      });
      expect(payment.status, payment.raw).toBe(201);
      expectError(
        await t.call('DELETE', `/payment-documents/${paid.id}`, { token: owner }),
        422,
        'errors.only_payment_requests_deletable',
      );
    });

    it('refuses an issue date before the newest issued invoice', async () => {
      await issue((await draft()).id);
      const old = await draft({ issueDate: '2020-01-15' });
      expectError(
        await t.call('POST', `/payment-documents/${old.id}/issue`, { token: owner }),
        422,
        'errors.issue_date_order',
      );
      expect((await get(old.id)).status).toBe('DRAFT');
    });

    it('cancels an invoice with a cancellation invoice, once', async () => {
      const invoice = await issue((await draft()).id);
      const response = await t.call<Doc>('POST', '/payment-documents/create-cancellation-invoice', {
        token: owner,
        query: { invoiceForCancellationId: invoice.id },
      });
      expect(response.status, response.raw).toBe(201);
      const cancellation = response.body;
      expect(cancellation).toMatchObject({
        type: 'CANCELLATION_INVOICE',
        status: 'ISSUED',
        cancelsDocumentId: invoice.id,
        totalGross: -invoice.totalGross,
        totalNet: -invoice.totalNet,
        totalVat: -invoice.totalVat,
        openAmount: 0,
      });
      expect(cancellation.number).toMatch(new RegExp(`^${year}-\\d{5}$`));
      expect(cancellation.lines[0]).toMatchObject({ gross: -39_900, net: -33_529, vat: -6371 });
      expect(await get(invoice.id)).toMatchObject({
        status: 'CANCELLED',
        cancelledByDocumentId: cancellation.id,
        openAmount: 0,
      });
      for (const id of [invoice.id, cancellation.id, (await draft()).id]) {
        expectError(
          await t.call('POST', '/payment-documents/create-cancellation-invoice', {
            token: owner,
            query: { invoiceForCancellationId: id },
          }),
          422,
          'errors.document_not_cancellable',
        );
      }
    });

    it('keeps invoice numbers unique per school, and lets another school use the same number', async () => {
      const db = t.database.db;
      const invoice = await issue((await draft()).id);
      const row = {
        type: 'PARTIAL_INVOICE' as const,
        status: 'ISSUED' as const,
        number: invoice.number ?? '',
        recipientName: 'Test',
        issueDate: berlinToday(),
        issuedAt: new Date(),
      };
      await expect(
        db.insert(paymentDocuments).values({
          ...row,
          drivingSchoolId: t.demo.schoolId,
          studentId: p.studentId,
        }),
      ).rejects.toMatchObject({ cause: { constraint: 'payment_documents_number_key' } });

      const other = await createSchool(db, {
        name: 'Fahrschule Nummernprobe',
        roles: [{ name: 'Inhaber', type: 'OWNER', description: 'Inhaber', allow: [] }],
        users: [],
      });
      const theirs = await parents(t, other.schoolId);
      const [inserted] = await db
        .insert(paymentDocuments)
        .values({ ...row, drivingSchoolId: other.schoolId, studentId: theirs.studentId })
        .returning();
      expect(inserted?.number).toBe(invoice.number);
    });

    it('refuses a row that breaks the numbering or cancellation rules in the database', async () => {
      const db = t.database.db;
      const base = {
        drivingSchoolId: t.demo.schoolId,
        studentId: p.studentId,
        recipientName: 'Test',
      };
      // A payment request never has a number.
      await expect(
        db.insert(paymentDocuments).values({
          ...base,
          type: 'PAYMENT_REQUEST',
          status: 'ISSUED',
          number: 'X-1',
          issueDate: '2026-01-01',
          issuedAt: new Date(),
        }),
      ).rejects.toMatchObject({ cause: { constraint: 'payment_documents_number_check' } });
      // A cancellation invoice references the invoice it cancels.
      await expect(
        db.insert(paymentDocuments).values({
          ...base,
          type: 'CANCELLATION_INVOICE',
          status: 'ISSUED',
          number: 'X-2',
          issueDate: '2026-01-01',
          issuedAt: new Date(),
        }),
      ).rejects.toMatchObject({ cause: { constraint: 'payment_documents_cancels_check' } });
    });
  });

  describe('payments', () => {
    it('settle the document they name: partly, fully, and back', async () => {
      const invoice = await issue((await draft()).id);
      const pay = async (amount: number) => {
        const response = await t.call<{ id: number }>('POST', '/payments', {
          token: owner,
          body: {
            amount,
            paymentDate: berlinToday(),
            method: 'TRANSFER',
            reference: invoice.number,
            studentId: p.studentId,
            documentId: invoice.id,
          },
        });
        expect(response.status, response.raw).toBe(201);
        return response.body;
      };
      const first = await pay(10_000);
      expect(await get(invoice.id)).toMatchObject({
        status: 'PARTIALLY_PAID',
        paidAmount: 10_000,
        openAmount: 29_900,
      });
      await pay(29_900);
      expect(await get(invoice.id)).toMatchObject({ status: 'PAID', openAmount: 0 });
      expect((await t.call('DELETE', `/payments/${first.id}`, { token: owner })).status).toBe(204);
      expect(await get(invoice.id)).toMatchObject({ status: 'PARTIALLY_PAID', paidAmount: 29_900 });
      const listed = await t.call<{ id: number }[]>('GET', '/payments', {
        token: owner,
        query: { documentId: invoice.id },
      });
      expect(listed.body).toHaveLength(1);
    });

    it('refuse a missing payer, direct debits by hand and drafts', async () => {
      const base = { amount: 500, paymentDate: '2026-01-10', method: 'CASH' };
      expectError(
        await t.call('POST', '/payments', { token: owner, body: base }),
        422,
        'errors.payer_required',
      );
      expectError(
        await t.call('POST', '/payments', {
          token: owner,
          body: { ...base, method: 'DIRECT_DEBIT', studentId: p.studentId },
        }),
        422,
        'errors.direct_debit_not_manual',
      );
      expectError(
        await t.call('POST', '/payments', {
          token: owner,
          body: { ...base, studentId: p.studentId, documentId: (await draft()).id },
        }),
        422,
        'errors.document_not_issued',
      );
    });

    it('keep the saldo of a cost bearer', async () => {
      const invoice = await issue(
        (
          await draft({
            studentId: undefined,
            costBearerId: p.costBearerId,
            voucherNumber: 'BGS-4711',
          })
        ).id,
      );
      expect(invoice.recipientName).toBe('Jobcenter München');
      const balance = async () =>
        (
          await t.database.db
            .select({ balance: costBearers.balance })
            .from(costBearers)
            .where(eq(costBearers.id, p.costBearerId))
        )[0]?.balance;
      expect(await balance()).toBe(-39_900);
      await t.call('POST', '/payments', {
        token: owner,
        body: {
          amount: 39_900,
          paymentDate: berlinToday(),
          method: 'TRANSFER',
          costBearerId: p.costBearerId,
          documentId: invoice.id,
        },
      });
      expect(await balance()).toBe(0);
    });
  });

  describe('filters', () => {
    it('take every filter field of the contract', async () => {
      const invoice = await issue(
        (
          await draft({
            dueDate: '2020-03-01',
            lines: [{ description: 'Sonderfahrt Nacht', quantity: 1, unitPrice: 7900 }],
          })
        ).id,
      );
      const documents = async (body: Record<string, unknown>) => {
        const response = await t.call<{ data: { id: number }[]; total: number }>(
          'POST',
          '/payment-documents/filter',
          { token: owner, body: { size: 200, ...body } },
        );
        expect(response.status, response.raw).toBe(200);
        return response.body.data.map((row) => row.id);
      };
      const everything = {
        types: ['PARTIAL_INVOICE'],
        statuses: ['ISSUED'],
        studentId: p.studentId,
        studentEducationId: p.educationId,
        branchIds: [p.branchId],
        issueDateFrom: '2020-01-01',
        issueDateTo: berlinToday(),
        dueDateFrom: '2020-01-01',
        dueDateTo: '2020-12-31',
        overdue: true,
        visible: true,
        search: 'nacht',
        sort: [{ field: 'openAmount', direction: 'desc' }, { field: 'number' }],
      };
      expect(await documents(everything)).toEqual([invoice.id]);
      expect(await documents({ ...everything, overdue: false })).toEqual([]);
      expect(await documents({ search: invoice.number })).toEqual([invoice.id]);
      expect(await documents({ costBearerId: p.costBearerId, types: ['DEPOSIT_INVOICE'] })).toEqual(
        [],
      );
      const listed = await t.call<{ id: number }[]>('GET', '/payment-documents', {
        token: owner,
        query: { studentEducationId: p.educationId, search: 'nacht' },
      });
      expect(listed.body.map((row) => row.id)).toEqual([invoice.id]);

      const paymentFilter = await t.call('POST', '/payments/filter', {
        token: owner,
        body: {
          studentId: p.studentId,
          studentEducationId: p.educationId,
          documentId: invoice.id,
          methods: ['TRANSFER', 'CASH'],
          statuses: ['PAID'],
          paymentDateFrom: '2020-01-01',
          paymentDateTo: berlinToday(),
          exported: false,
          search: 'x',
          sort: [{ field: 'amount', direction: 'desc' }],
        },
      });
      expect(paymentFilter.status, paymentFilter.raw).toBe(200);
      const broadcastFilter = await t.call('POST', '/broadcasts/filter', {
        token: owner,
        body: {
          states: ['CREATED', 'PUBLISHED'],
          publishFrom: '2026-01-01',
          publishTo: '2026-12-31',
          sort: [{ field: 'state' }],
        },
      });
      expect(broadcastFilter.status, broadcastFilter.raw).toBe(200);
      const categories = await t.call('GET', '/email-template-categories/', { token: owner });
      expect(categories.status, categories.raw).toBe(200);
    });
  });

  describe('balance', () => {
    it('answers the saldo of a student, in total and per education', async () => {
      const db = t.database.db;
      const [student] = await db
        .insert(students)
        .values({
          drivingSchoolId: t.demo.schoolId,
          firstName: 'Saldo',
          lastName: 'Probe',
          branchId: p.branchId,
        })
        .returning();
      const studentId = student?.id ?? 0;
      const [education] = await db
        .insert(studentEducations)
        .values({
          drivingSchoolId: t.demo.schoolId,
          studentId,
          licenseClass: 'B',
          branchId: p.branchId,
          theoryQuestionsVersion: '2025-04',
        })
        .returning();
      const educationId = education?.id ?? 0;
      const invoice = await issue(
        (await draft({ studentId, studentEducationId: educationId, dueDate: '2020-02-01' })).id,
      );
      await issue(
        (await draft({ type: 'PAYMENT_REQUEST', studentId, studentEducationId: educationId })).id,
      );
      await draft({ studentId, studentEducationId: educationId });
      await t.call('POST', '/payments', {
        token: owner,
        body: {
          amount: 9900,
          paymentDate: berlinToday(),
          method: 'TRANSFER',
          studentId,
          studentEducationId: educationId,
          documentId: invoice.id,
        },
      });
      const balance = await t.call('GET', `/balance/${studentId}`, { token: owner });
      expect(balance.status, balance.raw).toBe(200);
      expect(balance.body).toEqual({
        studentId,
        balance: 9900 - 39_900,
        invoiced: 39_900,
        paid: 9900,
        open: 30_000,
        overdue: 30_000,
        requested: 39_900,
        educations: [
          {
            studentEducationId: educationId,
            licenseClass: 'B',
            paymentWorkflow: 'CLASSIC_PAY',
            invoiced: 39_900,
            paid: 9900,
            balance: 9900 - 39_900,
          },
        ],
      });
      expectError(
        await t.call('GET', '/balance/999999', { token: owner }),
        404,
        'errors.not_found',
      );
    });
  });

  describe('reports', () => {
    it('sum the payments received per month and method', async () => {
      for (const [amount, paymentDate, method, studentEducationId] of [
        [20_000, '2019-03-05', 'TRANSFER', p.educationId],
        [5_000, '2019-03-20', 'CASH', undefined],
        [-2_000, '2019-04-02', 'TRANSFER', p.educationId],
      ] as const) {
        const response = await t.call('POST', '/payments', {
          token: owner,
          body: { amount, paymentDate, method, studentId: p.studentId, studentEducationId },
        });
        expect(response.status, response.raw).toBe(201);
      }
      const report = await t.call('POST', '/reports/payments-per-driving-school', {
        token: owner,
        body: { from: '2019-01-01', to: '2019-12-31' },
      });
      expect(report.status, report.raw).toBe(200);
      expect(report.body).toEqual({
        from: '2019-01-01',
        to: '2019-12-31',
        rows: [
          { month: '2019-03', method: 'CASH', count: 1, amount: 5_000 },
          { month: '2019-03', method: 'TRANSFER', count: 1, amount: 20_000 },
          { month: '2019-04', method: 'TRANSFER', count: 1, amount: -2_000 },
        ],
        methods: [
          { method: 'CASH', count: 1, amount: 5_000 },
          { method: 'TRANSFER', count: 2, amount: 18_000 },
        ],
        total: 23_000,
      });
      const byClass = await t.call<{ total: number }>(
        'POST',
        '/reports/payments-per-driving-school',
        {
          token: owner,
          body: {
            from: '2019-01-01',
            to: '2019-12-31',
            licenseClasses: ['B'],
            branchIds: [p.branchId],
          },
        },
      );
      expect(byClass.body.total).toBe(18_000);
      expectError(
        await t.call('POST', '/reports/payments-per-driving-school', {
          token: owner,
          body: { from: '2019-12-31', to: '2019-01-01' },
        }),
        422,
        'errors.validation',
      );
    });
  });

  describe('automatic payment triggers', () => {
    it('are created, listed, changed and deleted; foreign products and wrong fields are refused', async () => {
      const body = {
        name: 'Grundgebühr bei Anmeldung',
        event: 'CREATED',
        paymentWorkflows: ['CLASSIC_PAY', 'FLASH_PAY'],
        documentType: 'PAYMENT_REQUEST',
        productIds: [p.productId],
      };
      const created = await t.call<{ id: number; dueInDays: number; active: boolean }>(
        'POST',
        '/automatic-payment-triggers',
        { token: owner, body },
      );
      expect(created.status, created.raw).toBe(201);
      expect(created.body).toMatchObject({
        ...body,
        dueInDays: 14,
        active: true,
        licenseClasses: [],
      });
      const list = await t.call<{ id: number }[]>('GET', '/automatic-payment-triggers', {
        token: owner,
      });
      expect(list.body.map((row) => row.id)).toContain(created.body.id);
      const changed = await t.call('PUT', `/automatic-payment-triggers/${created.body.id}`, {
        token: owner,
        body: { ...body, event: 'EXAM_PLANNED', examKind: 'PRACTICAL', dueInDays: 7 },
      });
      expect(changed.body).toMatchObject({ event: 'EXAM_PLANNED', examKind: 'PRACTICAL' });
      const lessonCount = expectError(
        await t.call('POST', '/automatic-payment-triggers', {
          token: owner,
          body: { ...body, lessonCount: 5 },
        }),
        422,
        'errors.validation',
      );
      expect(lessonCount.fieldErrors[0]?.field).toBe('lessonCount');
      const final = expectError(
        await t.call('POST', '/automatic-payment-triggers', {
          token: owner,
          body: { ...body, documentType: 'FINAL_INVOICE' },
        }),
        422,
        'errors.validation',
      );
      expect(final.fieldErrors[0]?.field).toBe('documentType');
      const foreign = expectError(
        await t.call('POST', '/automatic-payment-triggers', {
          token: owner,
          body: { ...body, productIds: [p.productId, 999_999] },
        }),
        422,
        'errors.validation',
      );
      expect(foreign.fieldErrors).toEqual([{ field: 'productIds', error: 'validation.not_found' }]);
      expect(
        (await t.call('DELETE', `/automatic-payment-triggers/${created.body.id}`, { token: owner }))
          .status,
      ).toBe(204);
    });
  });

  describe('mandates', () => {
    const iban = 'DE89370400440532013000';

    it('are entered, confirmed, listed and revoked for good', async () => {
      const confirmed = await t.call<{ id: number; reference: string; status: string }>(
        'POST',
        '/live-pay-mandate',
        {
          token: owner,
          body: {
            studentId: p.studentId,
            holderName: 'Lena Schmidt',
            iban,
            signedAt: '2026-01-05',
          },
        },
      );
      expect(confirmed.status, confirmed.raw).toBe(201);
      expect(confirmed.body).toMatchObject({ status: 'CONFIRMED', sequenceType: 'FRST' });
      expect(confirmed.body.reference.length).toBeLessThanOrEqual(35);

      const open = await t.call<{ id: number; status: string }>('POST', '/live-pay-mandate', {
        token: owner,
        body: {
          studentId: p.studentId,
          studentEducationId: p.educationId,
          reference: 'MANDAT-2026-0001',
          holderName: 'Maria Schmidt',
          iban,
          bic: 'COBADEFFXXX',
        },
      });
      expect(open.body.status).toBe('UNCONFIRMED');
      const taken = expectError(
        await t.call('POST', '/live-pay-mandate', {
          token: owner,
          body: { studentId: p.studentId, reference: 'MANDAT-2026-0001', holderName: 'X', iban },
        }),
        422,
        'errors.validation',
      );
      expect(taken.fieldErrors).toEqual([
        { field: 'reference', error: 'validation.reference_taken' },
      ]);
      const badIban = expectError(
        await t.call('POST', '/live-pay-mandate', {
          token: owner,
          body: { studentId: p.studentId, holderName: 'X', iban: 'DE89370400440532013001' },
        }),
        422,
        'errors.validation',
      );
      expect(badIban.fieldErrors[0]?.field).toBe('iban');

      const confirm = await t.call('POST', `/live-pay-mandate/confirm-mandate/${open.body.id}`, {
        token: owner,
        query: { signedAt: '2026-01-20' },
      });
      expect(confirm.body).toMatchObject({ status: 'CONFIRMED', signedAt: '2026-01-20' });
      const found = await t.call('GET', `/live-pay-mandate/${open.body.id}`, { token: owner });
      expect(found.body).toEqual(confirm.body);
      expectError(
        await t.call('POST', `/live-pay-mandate/confirm-mandate/${open.body.id}`, {
          token: owner,
          query: { signedAt: '2026-01-20' },
        }),
        422,
        'errors.invalid_status_transition',
      );

      const byStudent = await t.call<{ id: number }[]>(
        'GET',
        `/live-pay-mandate/by-student/${p.studentId}`,
        { token: owner },
      );
      expect(byStudent.body.map((row) => row.id)).toEqual([open.body.id, confirmed.body.id]);
      const byEducation = await t.call<{ id: number }[]>(
        'GET',
        `/live-pay-mandate/by-student-education/${p.truckEducationId}`,
        { token: owner },
      );
      expect(byEducation.body).toEqual([]);

      const revoked = await t.call('GET', `/live-pay-mandate/revoke-mandate/${open.body.id}`, {
        token: owner,
      });
      expect(revoked.body).toMatchObject({ status: 'REVOKED', revokedAt: expect.any(String) });
      expectError(
        await t.call('GET', `/live-pay-mandate/revoke-mandate/${open.body.id}`, { token: owner }),
        422,
        'errors.mandate_revoked',
      );
      expectError(
        await t.call('GET', '/live-pay-mandate/by-student/999999', { token: owner }),
        404,
        'errors.not_found',
      );
    });
  });

  describe('live-pay debits', () => {
    it('answer the newest debit per education and change only as allowed', async () => {
      const db = t.database.db;
      const mandate = await t.call<{ id: number }>('POST', '/live-pay-mandate', {
        token: owner,
        body: {
          studentId: p.studentId,
          studentEducationId: p.educationId,
          holderName: 'Lena Schmidt',
          iban: 'DE89370400440532013000',
          signedAt: '2026-01-05',
        },
      });
      const debit = (paymentDate: string, status: 'PAID' | 'FAILED') => ({
        drivingSchoolId: t.demo.schoolId,
        amount: 6500,
        paymentDate,
        method: 'DIRECT_DEBIT' as const,
        status,
        studentId: p.studentId,
        studentEducationId: p.educationId,
        mandateId: mandate.body.id,
        sequenceType: 'RCUR' as const,
        endToEndId: `E2E-${paymentDate}`,
      });
      const [, failed] = await db
        .insert(payments)
        .values([debit('2026-01-10', 'PAID'), debit('2026-02-10', 'FAILED')])
        .returning();
      const statuses = await t.call('POST', '/payment-workflows/live-pay-payment-status', {
        token: owner,
        body: { studentEducationIds: [p.truckEducationId, p.educationId] },
      });
      expect(statuses.status, statuses.raw).toBe(200);
      expect(statuses.body).toEqual([
        { studentEducationId: p.truckEducationId, failed: false },
        {
          studentEducationId: p.educationId,
          status: 'FAILED',
          paymentId: failed?.id,
          failed: true,
        },
      ]);
      const foreign = expectError(
        await t.call('POST', '/payment-workflows/live-pay-payment-status', {
          token: owner,
          body: { studentEducationIds: [999_999] },
        }),
        422,
        'errors.validation',
      );
      expect(foreign.fieldErrors[0]?.field).toBe('studentEducationIds');

      const restart = await t.call('POST', `/live-pay/payment/update-status/${failed?.id}`, {
        token: owner,
        body: { status: 'OPEN' },
      });
      expect(restart.status, restart.raw).toBe(200);
      expect(restart.body).toMatchObject({ status: 'OPEN' });
      expectError(
        await t.call('POST', `/live-pay/payment/update-status/${failed?.id}`, {
          token: owner,
          body: { status: 'PAID' },
        }),
        422,
        'errors.invalid_status_transition',
      );
      const paused = await t.call('POST', `/live-pay/payment/update-status/${failed?.id}`, {
        token: owner,
        body: { status: 'CANCELLED' },
      });
      expect(paused.body).toMatchObject({ status: 'CANCELLED' });
      // Debits are never changed or deleted by hand through the payment calls.
      expectError(
        await t.call('DELETE', `/payments/${failed?.id}`, { token: owner }),
        422,
        'errors.payment_not_manual',
      );
    });
  });

  describe('e-mail templates', () => {
    it('live in categories, check placeholders, and keep a used category', async () => {
      const category = await t.call<{ id: number }>('POST', '/email-template-categories/', {
        token: owner,
        body: { name: 'Termine' },
      });
      expect(category.status, category.raw).toBe(201);
      const taken = expectError(
        await t.call('POST', '/email-template-categories/', {
          token: owner,
          body: { name: 'Termine' },
        }),
        422,
        'errors.validation',
      );
      expect(taken.fieldErrors).toEqual([{ field: 'name', error: 'validation.name_taken' }]);

      const body = {
        name: 'Terminbestätigung',
        subject: 'Ihr Termin am {{appointment.date}}',
        body: '<p>Hallo {{ student.firstName }},</p>',
        templateCategoryId: category.body.id,
      };
      const template = await t.call<{ id: number }>('POST', '/email-templates', {
        token: owner,
        body,
      });
      expect(template.status, template.raw).toBe(201);
      const unknown = expectError(
        await t.call('POST', '/email-templates', {
          token: owner,
          body: { ...body, body: '{{student.shoeSize}}' },
        }),
        422,
        'errors.validation',
      );
      expect(unknown.fieldErrors).toEqual([
        { field: 'body', error: 'validation.unknown_placeholder' },
      ]);

      const all = await t.call<{ id: number }[]>('GET', '/email-templates/', { token: owner });
      expect(all.body.map((row) => row.id)).toContain(template.body.id);
      const inCategory = await t.call<{ id: number }[]>(
        'GET',
        `/email-templates/${category.body.id}`,
        { token: owner },
      );
      expect(inCategory.body.map((row) => row.id)).toEqual([template.body.id]);
      const filtered = await t.call<{ total: number }>('POST', '/email-templates/filter', {
        token: owner,
        body: { templateCategoryId: category.body.id, search: 'bestätigung' },
      });
      expect(filtered.body.total).toBe(1);
      const page = await t.call<{ data: unknown[] }>('GET', '/email-templates/10/0', {
        token: owner,
      });
      expect(page.status, page.raw).toBe(200);
      const changed = await t.call('PUT', `/email-templates/${template.body.id}`, {
        token: owner,
        body: { ...body, name: 'Terminbestätigung (neu)' },
      });
      expect(changed.body).toMatchObject({ name: 'Terminbestätigung (neu)' });

      expectError(
        await t.call('DELETE', `/email-template-categories/${category.body.id}`, { token: owner }),
        422,
        'errors.email_template_category_in_use',
      );
      expect(
        (await t.call('DELETE', `/email-templates/${template.body.id}`, { token: owner })).status,
      ).toBe(204);
      expect(
        (await t.call('DELETE', `/email-template-categories/${category.body.id}`, { token: owner }))
          .status,
      ).toBe(204);
      const placeholders = await t.call<{ key: string }[]>('GET', '/email-templates/placeholders', {
        token: owner,
      });
      expect(placeholders.body.map((row) => row.key)).toContain('student.firstName');
    });
  });

  describe('mailbox', () => {
    it("shows the mail of the user's accounts only, with read and marked flags", async () => {
      const db = t.database.db;
      const schoolId = t.demo.schoolId;
      const [mine, others] = await db
        .insert(emailConfigs)
        .values(
          ['buero', 'chef'].map((name) => ({
            drivingSchoolId: schoolId,
            email: `${name}@fahrschule-demo.de`,
            smtpHost: 'smtp.example.de',
            smtpPort: 587,
            smtpSecurity: 'STARTTLS' as const,
            imapHost: 'imap.example.de',
            imapPort: 993,
            imapSecurity: 'TLS' as const,
            username: name,
            password: 'geheim',
          })),
        )
        .returning();
      const office = t.demo.userIds[DEMO_OFFICE.email] ?? 0;
      await db.insert(emailConfigUsers).values({
        drivingSchoolId: schoolId,
        emailConfigId: mine?.id ?? 0,
        userId: office,
      });
      const mail = (emailConfigId: number, subject: string) => ({
        drivingSchoolId: schoolId,
        emailConfigId,
        folder: 'INBOX' as const,
        from: 'lena.schmidt@example.de',
        to: ['buero@fahrschule-demo.de'],
        subject,
        htmlBody: '<p>Hallo</p>',
        receivedAt: new Date('2026-02-03T09:00:00Z'),
        studentId: p.studentId,
      });
      const [visible] = await db
        .insert(emails)
        .values([mail(mine?.id ?? 0, 'Frage zur Prüfung'), mail(others?.id ?? 0, 'Privat')])
        .returning();
      const token = await t.signIn(DEMO_OFFICE.email, DEMO_OFFICE.password);

      const unread = await t.call('GET', '/emails/count-unread', { token });
      expect(unread.body).toEqual({ count: 1 });
      const page = await t.call<{ data: { id: number; attachments: unknown[] }[]; total: number }>(
        'POST',
        '/emails/filter',
        { token, body: { folder: 'INBOX', search: 'prüfung' } },
      );
      expect(page.status, page.raw).toBe(200);
      expect(page.body.total).toBe(1);
      expect(page.body.data[0]).toMatchObject({ id: visible?.id, attachments: [] });
      expectError(
        await t.call('POST', '/emails/filter', { token, body: { emailConfigIds: [others?.id] } }),
        403,
        'errors.forbidden',
      );
      const read = await t.call('POST', '/emails/change-read-state', {
        token,
        query: { emailId: visible?.id ?? 0, read: true },
      });
      expect(read.body).toMatchObject({ read: true });
      const marked = await t.call('POST', '/emails/change-marked-state', {
        token,
        query: { emailId: visible?.id ?? 0, marked: true },
      });
      expect(marked.body).toMatchObject({ marked: true, read: true });
      expect((await t.call('GET', '/emails/count-unread', { token })).body).toEqual({ count: 0 });
      const removed = await t.call('DELETE', `/emails/${visible?.id}`, { token });
      expect(removed.body).toEqual({ id: visible?.id });
      expectError(
        await t.call('DELETE', `/emails/${visible?.id}`, { token }),
        404,
        'errors.not_found',
      );
      const left = await db
        .select({ id: emails.id })
        .from(emails)
        .where(
          and(eq(emails.drivingSchoolId, schoolId), eq(emails.emailConfigId, others?.id ?? 0)),
        );
      expect(left).toHaveLength(1);
    });
  });

  describe('broadcasts', () => {
    const body = {
      name: 'Ferienzeiten',
      subject: 'Unsere Öffnungszeiten im Sommer',
      body: '<p>Das Büro ist vom 1. bis 14. August geschlossen.</p>',
      publishFrom: '2026-07-01',
    };

    it('change only before publishing; stop and archive are final', async () => {
      const created = await t.call<{ id: number; state: string }>('POST', '/broadcasts', {
        token: owner,
        body,
      });
      expect(created.body).toMatchObject({ state: 'CREATED', recipientGroup: {}, fastlane: false });
      expectError(
        await t.call('POST', `/broadcasts/${created.body.id}/publish`, { token: owner }),
        422,
        'errors.invalid_status_transition',
      );
      expectError(
        await t.call('POST', `/broadcasts/${created.body.id}/stop`, { token: owner }),
        422,
        'errors.invalid_status_transition',
      );
      // A prepared broadcast (recipients resolved) is published, then stopped.
      await t.database.db.execute(
        sql`update broadcasts set state = 'PREPARED', recipient_count = 3 where id = ${created.body.id}`,
      );
      const published = await t.call('POST', `/broadcasts/${created.body.id}/publish`, {
        token: owner,
      });
      expect(published.status, published.raw).toBe(200);
      expect(published.body).toMatchObject({ state: 'PUBLISHED', publishedAt: expect.any(String) });
      expectError(
        await t.call('PUT', `/broadcasts/${created.body.id}`, { token: owner, body }),
        422,
        'errors.broadcast_published',
      );
      expectError(
        await t.call('DELETE', `/broadcasts/${created.body.id}`, { token: owner }),
        422,
        'errors.broadcast_published',
      );
      const archived = await t.call('POST', '/broadcasts/archive', {
        token: owner,
        query: { id: created.body.id, archived: true },
      });
      expect(archived.body).toMatchObject({ state: 'EXPIRED', archived: true });
      const back = await t.call('POST', '/broadcasts/archive', {
        token: owner,
        query: { id: created.body.id, archived: false },
      });
      expect(back.body).toMatchObject({ state: 'EXPIRED', archived: false });
    });

    it('refuses recipient groups with ids of another school', async () => {
      const error = expectError(
        await t.call('POST', '/broadcasts', {
          token: owner,
          body: { ...body, recipientGroup: { branchIds: [p.branchId, 999_999] } },
        }),
        422,
        'errors.validation',
      );
      expect(error.fieldErrors).toEqual([
        { field: 'recipientGroup.branchIds', error: 'validation.not_found' },
      ]);
    });

    it('keeps broadcast templates', async () => {
      const template = { name: 'Prüfungstermine', subject: 'Neue Termine', body: '<p>…</p>' };
      const created = await t.call<{ id: number }>('POST', '/broadcast-templates', {
        token: owner,
        body: template,
      });
      expect(created.status, created.raw).toBe(201);
      const found = await t.call('GET', `/broadcast-templates/${created.body.id}`, {
        token: owner,
      });
      expect(found.body).toMatchObject(template);
      const list = await t.call<{ id: number }[]>('GET', '/broadcast-templates', {
        token: owner,
        query: { search: 'prüfung' },
      });
      expect(list.body.map((row) => row.id)).toContain(created.body.id);
      const changed = await t.call('PUT', `/broadcast-templates/${created.body.id}`, {
        token: owner,
        body: { ...template, subject: 'Geänderte Termine' },
      });
      expect(changed.body).toMatchObject({ subject: 'Geänderte Termine' });
      expect(
        (await t.call('DELETE', `/broadcast-templates/${created.body.id}`, { token: owner }))
          .status,
      ).toBe(204);
    });
  });
});

describe.each(DRIVERS)('money demo data on %s', (driver) => {
  const t = useTestApp(driver);
  const today = '2026-05-20';

  /** A small school of another area's making: students in every stage, products, prices. */
  async function schoolWithStudents(name: string): Promise<DemoContext> {
    const db = t.database.db;
    const school = await createSchool(db, {
      name,
      roles: [{ name: 'Inhaber', type: 'OWNER', description: 'Inhaber', allow: [] }],
      users: [],
    });
    const schoolId = school.schoolId;
    const { branchId, costBearerId } = await createParents(db, schoolId);
    const statuses = [
      'REGISTERED',
      'IN_TRAINING',
      'THEORY_PASSED',
      'FINISHED',
      'CANCELLED',
    ] as const;
    const classes = ['B', 'B', 'B', 'CE', 'A', 'BE'] as const;
    const studentIds = (
      await db
        .insert(students)
        .values(
          Array.from({ length: 40 }, (_, index) => ({
            drivingSchoolId: schoolId,
            firstName: `Vorname${index}`,
            lastName: `Nachname${index}`,
            email: `schueler${index}@example.de`,
            branchId,
          })),
        )
        .returning({ id: students.id })
    ).map((row) => row.id);
    const educationRows = await db
      .insert(studentEducations)
      .values(
        studentIds.map((studentId, index) => ({
          drivingSchoolId: schoolId,
          studentId,
          licenseClass: classes[index % classes.length] ?? 'B',
          status: statuses[index % statuses.length] ?? 'IN_TRAINING',
          finished: statuses[index % statuses.length] === 'FINISHED',
          paymentWorkflow: index % 7 === 0 ? ('LIVE_PAY' as const) : ('CLASSIC_PAY' as const),
          branchId,
          theoryQuestionsVersion: '2025-04',
          startDate: `2025-${String((index % 12) + 1).padStart(2, '0')}-10`,
        })),
      )
      .returning();
    const truck = educationRows.find((row) => row.licenseClass === 'CE');
    if (truck) {
      await db.insert(studentEducationCostBearers).values({
        drivingSchoolId: schoolId,
        studentEducationId: truck.id,
        costBearerId,
      });
    }
    const [list] = await db
      .insert(priceLists)
      .values({ drivingSchoolId: schoolId, name: 'Standard', standard: true })
      .returning();
    const productRows = await db
      .insert(products)
      .values([
        {
          drivingSchoolId: schoolId,
          type: 'BASIC_FEE' as const,
          name: 'Grundgebühr Klasse B',
          licenseClasses: ['B' as const],
          vatRate: 19 as const,
        },
        {
          drivingSchoolId: schoolId,
          type: 'DRIVING_LESSON' as const,
          name: 'Fahrstunde (45 Min.)',
          vatRate: 19 as const,
          hourType: 'NORMAL' as const,
          duration: 45,
        },
        {
          drivingSchoolId: schoolId,
          type: 'DRIVING_LESSON' as const,
          name: 'Vorstellung zur praktischen Prüfung',
          vatRate: 19 as const,
          hourType: 'EXAM_PRESENTATION' as const,
          duration: 45,
        },
      ])
      .returning();
    await db.insert(prices).values(
      productRows.flatMap((product) => [
        {
          drivingSchoolId: schoolId,
          priceListId: list?.id ?? 0,
          productId: product.id,
          price: 6500,
        },
        {
          drivingSchoolId: schoolId,
          priceListId: list?.id ?? 0,
          productId: product.id,
          licenseClass: 'CE' as const,
          price: 9500,
        },
      ]),
    );
    const [account] = await db
      .insert(emailConfigs)
      .values({
        drivingSchoolId: schoolId,
        email: `info@${schoolId}.example.de`,
        smtpHost: 'smtp.example.de',
        smtpPort: 587,
        smtpSecurity: 'STARTTLS',
        imapHost: 'imap.example.de',
        imapPort: 993,
        imapSecurity: 'TLS',
        username: 'info',
        password: 'geheim',
      })
      .returning();
    expect(account).toBeDefined();
    return {
      db,
      schoolId,
      faker: seededFaker(2026),
      scale: { ...DEMO_SCALE, students: 40 },
      today,
      log: () => {},
      email: (local: string) => `${local}@fahrschule-demo.de`,
      ids: {
        owner: 0,
        office: 0,
        instructorUser: 0,
        instructors: [],
        roles: {},
        branches: [branchId],
        vehicles: [],
        trailers: [],
        products: productRows.map((row) => ({
          id: row.id,
          type: row.type,
          name: row.name,
          priceCents: 6500,
          licenseClasses: row.licenseClasses,
        })),
        priceLists: [list?.id ?? 0],
        studentCategories: [],
        testingOrganizations: [],
        students: studentIds,
        educations: educationRows.map((row) => ({
          id: row.id,
          studentId: row.studentId,
          licenseClass: row.licenseClass,
          instructorId: 0,
          branchId,
          status: row.status,
          startDate: row.startDate ?? today,
        })),
        costBearers: [costBearerId],
        theoryCourses: [],
        exams: [],
      },
    };
  }

  it('builds consistent, deterministic money rows with gapless invoice numbers', async () => {
    const db = t.database.db;
    const first = await schoolWithStudents('Demo Geld 1');
    const counts = await seedMoney(first);
    for (const table of [
      'payment_documents',
      'payment_document_lines',
      'payments',
      'live_pay_mandates',
      'email_templates',
      'broadcasts',
      'emails',
    ]) {
      expect(counts[table], table).toBeGreaterThan(0);
    }
    // The same seed and day give the same rows.
    const again = await seedMoney(await schoolWithStudents('Demo Geld 2'));
    expect(again).toEqual(counts);

    const documents = await db
      .select()
      .from(paymentDocuments)
      .where(eq(paymentDocuments.drivingSchoolId, first.schoolId));
    expect(documents).toHaveLength(counts.payment_documents ?? 0);
    // Gapless per year, and in the order of the issue dates.
    const numbered = documents
      .filter((row) => row.number !== null)
      .sort((a, b) => (a.number ?? '').localeCompare(b.number ?? ''));
    const byYear = new Map<string, typeof numbered>();
    for (const row of numbered) {
      const year = row.number?.slice(0, 4) ?? '';
      byYear.set(year, [...(byYear.get(year) ?? []), row]);
    }
    for (const [year, rows] of byYear) {
      expect(rows.map((row) => row.number)).toEqual(
        rows.map((_, index) => `${year}-${String(index + 1).padStart(5, '0')}`),
      );
      const dates = rows.map((row) => row.issueDate ?? '');
      expect(dates).toEqual([...dates].sort());
    }
    expect(documents.every((row) => (row.issueDate ?? today) <= today)).toBe(true);
    // Every cancellation has its cancelled invoice, and the other way round.
    const cancellations = documents.filter((row) => row.type === 'CANCELLATION_INVOICE');
    expect(cancellations.length).toBe(documents.filter((row) => row.status === 'CANCELLED').length);
    // Paid amounts follow the settled payments.
    const settled = await db
      .select()
      .from(payments)
      .where(eq(payments.drivingSchoolId, first.schoolId));
    for (const row of documents) {
      const paid = settled
        .filter((payment) => payment.documentId === row.id && payment.status === 'PAID')
        .reduce((sum, payment) => sum + payment.amount, 0);
      expect(row.paidAmount, `document ${row.id}`).toBe(paid);
    }
    expect(new Set(documents.map((row) => row.status))).toEqual(
      new Set(['DRAFT', 'ISSUED', 'PAID', 'PARTIALLY_PAID', 'CANCELLED']),
    );
    // CE is VAT-exempt (§4 Nr. 21 UStG), B is not.
    const rates = await db
      .select({
        licenseClass: studentEducations.licenseClass,
        vatRate: paymentDocumentLines.vatRate,
      })
      .from(paymentDocumentLines)
      .innerJoin(paymentDocuments, eq(paymentDocuments.id, paymentDocumentLines.documentId))
      .innerJoin(studentEducations, eq(studentEducations.id, paymentDocuments.studentEducationId))
      .where(eq(paymentDocumentLines.drivingSchoolId, first.schoolId));
    expect(new Set(rates.filter((r) => r.licenseClass === 'CE').map((r) => r.vatRate))).toEqual(
      new Set([0]),
    );
    expect(new Set(rates.filter((r) => r.licenseClass === 'B').map((r) => r.vatRate))).toEqual(
      new Set([19]),
    );
  });
});
