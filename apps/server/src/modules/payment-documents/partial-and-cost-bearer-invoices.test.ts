import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  appointments,
  costBearers,
  paymentDocuments,
  storedFiles,
  studentBookedProducts,
  studentEducationCostBearers,
  studentEducations,
} from '../../db/schema';
import { createFileStore } from '../../files/file-store';
import { pdfText } from '../../test/pdf-text';
import { DEMO_OWNER, DRIVERS, expectError, useTestApp } from '../../test/test-app';
import { issueFinalInvoice } from './final-invoices';
import { type InvoiceFixture, invoiceFixture, studentWithServices } from './invoice-fixtures';

/*
 * Flash-pay partial invoices and cost-bearer invoices through the API on both drivers, and how
 * the final invoice treats what they billed: partial invoices are deducted, a cost bearer's
 * services are left out.
 */

type Line = { description: string; vatRate: number; gross: number; appointmentId?: number };
type Doc = {
  id: number;
  type: string;
  number?: string;
  lines: Line[];
  totalGross: number;
  costBearerId?: number;
  eInvoiceFormat: string;
  buyerReference?: string;
};

describe.each(DRIVERS)('partial and cost-bearer invoices on %s', (driver) => {
  const t = useTestApp(driver);
  let owner: string;
  let fixture: InvoiceFixture;

  beforeAll(async () => {
    owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    fixture = await invoiceFixture(t.database.db, t.demo.schoolId);
  });

  const documentCount = async () =>
    (await t.database.db.select({ n: count() }).from(paymentDocuments))[0]?.n;

  describe('flash pay', () => {
    it('bills signed lessons and booked services once, names the skipped, and the final invoice deducts it', async () => {
      const flash = await studentWithServices(t.database.db, fixture, {
        paymentWorkflow: 'FLASH_PAY',
        signedOnly: true,
        finished: false,
      });
      const classic = await studentWithServices(t.database.db, fixture, { signedOnly: true });
      const call = (studentEducationIds: number[], serviceUntil: string) =>
        t.call<{ created: Doc[]; skipped: { studentEducationId: number; reason: string }[] }>(
          'POST',
          '/payment-documents/flash-pay/create-partial-invoices',
          { token: owner, body: { studentEducationIds, serviceUntil } },
        );

      // Up to 12 March: the booked products (2 March) and the first lesson (10 March).
      const first = await call([flash.educationId, classic.educationId], '2026-03-12');
      expect(first.status, first.raw).toBe(200);
      expect(first.body.skipped).toEqual([
        { studentEducationId: classic.educationId, reason: 'errors.not_flash_pay' },
      ]);
      expect(first.body.created).toHaveLength(1);
      const partial = first.body.created[0] as Doc;
      expect(partial.type).toBe('PARTIAL_INVOICE');
      expect(partial.number).toMatch(/^\d{4}-\d{5}$/);
      expect(partial.lines.map((line) => line.gross)).toEqual([39_900, 3990, 6500]);
      expect(partial.lines[2]?.appointmentId).toBe(flash.appointmentIds[0]);

      // The rest up to April; nothing billed twice; then nothing is left.
      const second = await call([flash.educationId], '2026-04-30');
      const rest = second.body.created[0] as Doc;
      expect(rest.lines.map((line) => line.appointmentId)).toEqual(flash.appointmentIds.slice(1));
      const third = await call([flash.educationId], '2026-04-30');
      expect(third.body).toEqual({
        created: [],
        skipped: [{ studentEducationId: flash.educationId, reason: 'errors.nothing_to_invoice' }],
      });

      // The final invoice lists every service and deducts both partial invoices per rate.
      await t.database.db
        .update(studentEducations)
        .set({ status: 'FINISHED', finished: true })
        .where(eq(studentEducations.id, flash.educationId));
      const files = createFileStore({ dataDir: t.config.dataDir });
      const outcome = await issueFinalInvoice(
        { db: t.database.db, files },
        t.demo.schoolId,
        flash.educationId,
      );
      if (outcome.status !== 'ISSUED') throw new Error(outcome.reason);
      expect(outcome.document.totalGross).toBe(0);
      const lines = await t.call<Doc>('GET', `/payment-documents/${outcome.document.id}`, {
        token: owner,
      });
      const deductions = lines.body.lines.filter((line) => line.gross < 0);
      expect(deductions.map((line) => [line.vatRate, line.gross])).toEqual([
        [7, -3990],
        [19, -46_400],
        [19, -19_500],
      ]);
      expect(deductions[0]?.description).toContain(`Abschlagsrechnung Nr. ${partial.number}`);
    });
  });

  describe('cost bearers', () => {
    const costBearer = async (values: Partial<typeof costBearers.$inferInsert> = {}) => {
      const [row] = await t.database.db
        .insert(costBearers)
        .values({
          drivingSchoolId: t.demo.schoolId,
          kind: 'JOB_CENTER',
          name: 'Jobcenter München',
          address: {
            street: 'Orleansplatz',
            houseNumber: '11',
            postalCode: '81667',
            city: 'München',
            country: 'DE',
          },
          ...values,
        })
        .returning();
      if (!row) throw new Error('no cost bearer');
      return row;
    };
    const paidBy = async (costBearerId: number, studentEducationId: number) =>
      t.database.db
        .insert(studentEducationCostBearers)
        .values({ drivingSchoolId: t.demo.schoolId, costBearerId, studentEducationId });

    it('issues a service invoice of the chosen lessons only, as XRechnung, and never bills them twice', async () => {
      const bearer = await costBearer({ eInvoiceFormat: 'XRECHNUNG', leitwegId: '991-12345-67' });
      const student = await studentWithServices(t.database.db, fixture);
      await paidBy(bearer.id, student.educationId);
      const body = {
        costBearerId: bearer.id,
        serviceInvoice: true,
        studentEducationIds: [student.educationId],
        appointmentIds: student.appointmentIds.slice(0, 2),
      };
      expectError(
        await t.call('POST', '/payment-documents/create-cost-bearer-invoice', {
          token: owner,
          body: { ...body, lines: [{ description: 'Sonstiges', quantity: 1, unitPrice: 1000 }] },
        }),
        422,
        'errors.other_services_course_invoice_only',
      );
      const response = await t.call<Doc>('POST', '/payment-documents/create-cost-bearer-invoice', {
        token: owner,
        body,
      });
      expect(response.status, response.raw).toBe(201);
      expect(response.body).toMatchObject({
        type: 'COST_BEARER_SERVICE_INVOICE',
        costBearerId: bearer.id,
        eInvoiceFormat: 'XRECHNUNG',
        buyerReference: '991-12345-67',
        totalGross: 6500 + 13_000,
      });
      expect(response.body.lines.map((line) => line.appointmentId)).toEqual(body.appointmentIds);
      const [row] = await t.database.db
        .select()
        .from(paymentDocuments)
        .where(eq(paymentDocuments.id, response.body.id));
      expect(row?.pdfFileId).toBeTruthy();
      expect(row?.eInvoiceFileId).toBeTruthy();
      const [xml] = await t.database.db
        .select()
        .from(storedFiles)
        .where(eq(storedFiles.id, row?.eInvoiceFileId ?? 0));
      expect(xml?.mimeType).toBe('application/xml');

      expectError(
        await t.call('POST', '/payment-documents/create-cost-bearer-invoice', {
          token: owner,
          body,
        }),
        422,
        'errors.already_invoiced',
      );

      // The student's final invoice leaves the cost bearer's lessons out.
      const final = await t.call<Doc[]>('POST', '/payment-documents/create-final-invoices', {
        token: owner,
        body: { studentEducationIds: [student.educationId] },
      });
      expect(final.status, final.raw).toBe(201);
      expect(
        final.body[0]?.lines.some((line) => body.appointmentIds.includes(line.appointmentId ?? 0)),
      ).toBe(false);
    });

    it('issues a course invoice with the services of the educations and further lines', async () => {
      const bearer = await costBearer({ kind: 'EMPLOYMENT_AGENCY', name: 'Agentur für Arbeit' });
      const one = await studentWithServices(t.database.db, fixture, { licenseClass: 'CE' });
      const two = await studentWithServices(t.database.db, fixture, { licenseClass: 'CE' });
      await paidBy(bearer.id, one.educationId);
      await paidBy(bearer.id, two.educationId);
      const response = await t.call<Doc & { taxExemptionNote?: string }>(
        'POST',
        '/payment-documents/create-cost-bearer-invoice',
        {
          token: owner,
          body: {
            costBearerId: bearer.id,
            studentEducationIds: [one.educationId, two.educationId],
            lines: [
              { description: 'Prüfungsgebühr TÜV (Auslage)', quantity: 2, unitPrice: 11_690 },
            ],
            voucherNumber: 'BGS-2026-0042',
            eInvoiceFormat: 'ZUGFERD',
          },
        },
      );
      expect(response.status, response.raw).toBe(201);
      expect(response.body.type).toBe('COST_BEARER_INVOICE');
      expect(response.body.lines).toHaveLength(11);
      expect(response.body.lines.every((line) => line.vatRate === 0)).toBe(true);
      expect(response.body.lines[0]?.description).toMatch(/^Mara\d+ Köhler: Grundbetrag/);
      expect(response.body.totalGross).toBe(2 * 69_890 + 23_380);
      expect(response.body.taxExemptionNote).toBe('Steuerfrei nach § 4 Nr. 21 UStG');
      // ZUGFeRD: the PDF/A-3 with the embedded factur-x.xml is archived beside the PDF.
      const [row] = await t.database.db
        .select()
        .from(paymentDocuments)
        .where(eq(paymentDocuments.id, response.body.id));
      const [zugferd] = await t.database.db
        .select()
        .from(storedFiles)
        .where(eq(storedFiles.id, row?.eInvoiceFileId ?? 0));
      expect(zugferd?.mimeType).toBe('application/pdf');
      expect(zugferd?.id).not.toBe(row?.pdfFileId);
      const booked = await t.database.db
        .select()
        .from(studentBookedProducts)
        .where(eq(studentBookedProducts.studentEducationId, one.educationId));
      expect(booked.every((row) => row.invoiced)).toBe(true);
      const lessons = await t.database.db
        .select()
        .from(appointments)
        .where(eq(appointments.studentEducationId, two.educationId));
      expect(lessons.every((row) => row.invoiced && row.finalInvoiceId === null)).toBe(true);
    });

    it('frees what a cancelled cost-bearer invoice billed, so the student can be billed instead', async () => {
      const bearer = await costBearer({ name: 'Rentenversicherung', kind: 'AUTHORITY' });
      const student = await studentWithServices(t.database.db, fixture);
      await paidBy(bearer.id, student.educationId);
      const invoice = await t.call<Doc>('POST', '/payment-documents/create-cost-bearer-invoice', {
        token: owner,
        body: { costBearerId: bearer.id, studentEducationIds: [student.educationId] },
      });
      expect(invoice.status, invoice.raw).toBe(201);
      expect(invoice.body.totalGross).toBe(69_890);
      const cancelled = await t.call<Doc>(
        'POST',
        '/payment-documents/create-cancellation-invoice',
        {
          token: owner,
          query: { invoiceForCancellationId: invoice.body.id },
        },
      );
      expect(cancelled.status, cancelled.raw).toBe(201);
      const booked = await t.database.db
        .select()
        .from(studentBookedProducts)
        .where(eq(studentBookedProducts.studentEducationId, student.educationId));
      expect(booked.every((row) => !row.invoiced)).toBe(true);
      const final = await t.call<Doc[]>('POST', '/payment-documents/create-final-invoices', {
        token: owner,
        body: { studentEducationIds: [student.educationId] },
      });
      expect(final.status, final.raw).toBe(201);
      expect(final.body[0]?.totalGross).toBe(69_890);
    });

    it('refuses an XRechnung without buyer reference and an education the bearer does not pay', async () => {
      const bearer = await costBearer({ kind: 'COMPANY', name: 'Spedition Huber GmbH' });
      const student = await studentWithServices(t.database.db, fixture);
      const stranger = await studentWithServices(t.database.db, fixture);
      await paidBy(bearer.id, student.educationId);
      expectError(
        await t.call('POST', '/payment-documents/create-cost-bearer-invoice', {
          token: owner,
          body: {
            costBearerId: bearer.id,
            studentEducationIds: [student.educationId],
            eInvoiceFormat: 'XRECHNUNG',
          },
        }),
        422,
        'errors.buyer_reference_required',
      );
      expectError(
        await t.call('POST', '/payment-documents/create-cost-bearer-invoice', {
          token: owner,
          body: { costBearerId: bearer.id, studentEducationIds: [stranger.educationId] },
        }),
        422,
        'errors.validation',
      );
    });

    it('previews course and service invoices as PDF and writes nothing', async () => {
      const bearer = await costBearer({ name: 'Bundeswehr Fahrschulstelle', kind: 'AUTHORITY' });
      const student = await studentWithServices(t.database.db, fixture);
      await paidBy(bearer.id, student.educationId);
      const before = await documentCount();
      const course = await t.call('POST', '/payment-documents/create-cost-bearer-invoice-preview', {
        token: owner,
        body: { costBearerId: bearer.id, studentEducationIds: [student.educationId] },
      });
      expect(course.status, course.raw.slice(0, 300)).toBe(200);
      expect(pdfText(course.bytes)).toMatch(/Vorschau|VORSCHAU/);
      const service = (includeDraftText: boolean) =>
        t.call('POST', `/cost-bearer-service-invoice/${bearer.id}/preview`, {
          token: owner,
          query: { includeDraftText },
          body: {
            studentEducationIds: [student.educationId],
            appointmentIds: [student.appointmentIds[0] as number],
          },
        });
      const marked = await service(true);
      expect(marked.status, marked.raw.slice(0, 300)).toBe(200);
      expect(pdfText(marked.bytes)).toMatch(/Vorschau|VORSCHAU/);
      const plain = await service(false);
      expect(plain.status).toBe(200);
      expect(pdfText(plain.bytes)).not.toMatch(/Vorschau|VORSCHAU|Entwurf|ENTWURF/);
      expect(await documentCount()).toBe(before);
      const [lesson] = await t.database.db
        .select()
        .from(appointments)
        .where(eq(appointments.id, student.appointmentIds[0] as number));
      expect(lesson?.invoiced).toBe(false);
    });
  });
});
