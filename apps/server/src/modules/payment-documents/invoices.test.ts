import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  appointments,
  invoiceNumberSequences,
  paymentDocuments,
  storedFiles,
  studentBookedProducts,
  studentEducations,
} from '../../db/schema';
import { createFileStore } from '../../files/file-store';
import { pdfText } from '../../test/pdf-text';
import { DEMO_OWNER, DRIVERS, expectError, useTestApp } from '../../test/test-app';
import { issueFinalInvoice } from './final-invoices';
import { type InvoiceFixture, invoiceFixture, studentWithServices } from './invoice-fixtures';

/*
 * Final invoices end to end through the API on both drivers: lines, VAT and totals from the
 * bookings, the archived PDF, the rules of spec 001 §5, consecutive numbers across a
 * cancellation, the database's refusal to change an issued document, frozen appointments and
 * previews that write nothing.
 */

type Line = {
  position: number;
  description: string;
  quantity: number;
  unitPrice: number;
  vatRate: number;
  net: number;
  vat: number;
  gross: number;
  appointmentId?: number;
  productId?: number;
  serviceDate?: string;
};
type Doc = {
  id: number;
  type: string;
  status: string;
  number?: string;
  lines: Line[];
  vatTotals: { vatRate: number; net: number; vat: number; gross: number }[];
  totalNet: number;
  totalVat: number;
  totalGross: number;
  servicePeriodFrom?: string;
  servicePeriodTo?: string;
  taxExemptionNote?: string;
  recipientName: string;
  cancelsDocumentId?: number;
};

describe.each(DRIVERS)('final invoices on %s', (driver) => {
  const t = useTestApp(driver);
  let owner: string;
  let fixture: InvoiceFixture;

  beforeAll(async () => {
    owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    fixture = await invoiceFixture(t.database.db, t.demo.schoolId);
  });

  const services = () => ({
    db: t.database.db,
    files: createFileStore({ dataDir: t.config.dataDir }),
  });
  const createFinal = (studentEducationIds: number[], body: Record<string, unknown> = {}) =>
    t.call<Doc[]>('POST', '/payment-documents/create-final-invoices', {
      token: owner,
      body: { studentEducationIds, ...body },
    });
  const documentRow = async (id: number) =>
    (await t.database.db.select().from(paymentDocuments).where(eq(paymentDocuments.id, id)))[0];
  const storedBytes = async (fileId: number) => {
    const [file] = await t.database.db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
    if (!file) throw new Error('no stored file');
    return readFile(path.join(t.config.dataDir, 'files', file.storageKey));
  };
  const counts = async () => {
    const db = t.database.db;
    const [[documents], [files], sequences] = await Promise.all([
      db.select({ n: count() }).from(paymentDocuments),
      db.select({ n: count() }).from(storedFiles),
      db.select().from(invoiceNumberSequences),
    ]);
    return { documents: documents?.n, files: files?.n, sequences };
  };

  it('bills a finished class B education: lines, 19 % and 7 %, totals, service period and a stored PDF', async () => {
    const student = await studentWithServices(t.database.db, fixture, { licenseClass: 'B' });
    const response = await createFinal([student.educationId], { dueDate: '2026-12-31' });
    expect(response.status, response.raw).toBe(201);
    const [invoice] = response.body;
    if (!invoice) throw new Error('no invoice');
    expect(invoice).toMatchObject({
      type: 'FINAL_INVOICE',
      status: 'ISSUED',
      recipientName: expect.stringContaining('Köhler'),
      servicePeriodFrom: '2026-03-02',
      servicePeriodTo: '2026-04-02',
      totalGross: 69_890,
      totalNet: 55_377 + 3729,
      totalVat: 10_523 + 261,
    });
    expect(invoice.number).toMatch(/^\d{4}-\d{5}$/);
    expect(invoice.taxExemptionNote).toBeUndefined();
    expect(invoice.lines.map((line) => [line.description, line.vatRate, line.gross])).toEqual([
      ['Grundbetrag (Klasse B)', 19, 39_900],
      ['Lehrbuch', 7, 3990],
      ['Übungsfahrt Klasse B am 10.03.2026, 10:00 Uhr, 45 Minuten', 19, 6500],
      ['Übungsfahrt Klasse B am 17.03.2026, 10:00 Uhr, 90 Minuten', 19, 13_000],
      ['Vorstellung zur Prüfung Klasse B am 02.04.2026, 10:00 Uhr, 45 Minuten', 19, 6500],
    ]);
    expect(invoice.lines[2]).toMatchObject({
      appointmentId: student.appointmentIds[0],
      serviceDate: '2026-03-10',
      net: 5462,
      vat: 1038,
    });
    expect(invoice.vatTotals).toEqual([
      { vatRate: 7, net: 3729, vat: 261, gross: 3990 },
      { vatRate: 19, net: 55_377, vat: 10_523, gross: 65_900 },
    ]);

    // The PDF archived at issue, named after the number, shows the number and the lines.
    const row = await documentRow(invoice.id);
    expect(row?.pdfFileId).toBeTruthy();
    expect(row?.issuer).toMatchObject({ name: expect.any(String) });
    const [file] = await t.database.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.id, row?.pdfFileId ?? 0));
    expect(file).toMatchObject({ fileName: `${invoice.number}.pdf`, mimeType: 'application/pdf' });
    const bytes = await storedBytes(row?.pdfFileId ?? 0);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(bytes).replace(/\s+/g, ' ');
    expect(text).toContain(invoice.number as string);
    expect(text).toContain('Vorstellung zur Prüfung');

    // The appointments and booked products are marked.
    const lessons = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.studentEducationId, student.educationId));
    expect(lessons.every((lesson) => lesson.invoiced && lesson.finalInvoiceId === invoice.id)).toBe(
      true,
    );
    const booked = await t.database.db
      .select()
      .from(studentBookedProducts)
      .where(eq(studentBookedProducts.studentEducationId, student.educationId));
    expect(booked.every((row) => row.invoiced)).toBe(true);
  });

  it('bills a class CE education exempt under § 4 Nr. 21 UStG with the note printed', async () => {
    const student = await studentWithServices(t.database.db, fixture, { licenseClass: 'CE' });
    const response = await createFinal([student.educationId]);
    expect(response.status, response.raw).toBe(201);
    const invoice = response.body[0] as Doc;
    expect(invoice.lines.every((line) => line.vatRate === 0)).toBe(true);
    expect(invoice).toMatchObject({ totalGross: 69_890, totalNet: 69_890, totalVat: 0 });
    expect(invoice.taxExemptionNote).toBe('Steuerfrei nach § 4 Nr. 21 UStG');
    const row = await documentRow(invoice.id);
    const text = pdfText(await storedBytes(row?.pdfFileId ?? 0)).replace(/\s+/g, ' ');
    expect(text).toContain('Steuerfrei nach § 4 Nr. 21 UStG');
  });

  it('deducts the partial invoices issued before, per rate and by number (§ 14 Abs. 5 UStG)', async () => {
    const student = await studentWithServices(t.database.db, fixture, { licenseClass: 'B' });
    const draft = await t.call<Doc>('POST', '/payment-documents', {
      token: owner,
      body: {
        type: 'PARTIAL_INVOICE',
        studentId: student.studentId,
        studentEducationId: student.educationId,
        lines: [{ description: 'Abschlag Ausbildung', quantity: 1, unitPrice: 20_000 }],
      },
    });
    expect(draft.status, draft.raw).toBe(201);
    const partial = await t.call<Doc>('POST', `/payment-documents/${draft.body.id}/issue`, {
      token: owner,
    });
    expect(partial.status, partial.raw).toBe(200);
    const response = await createFinal([student.educationId]);
    expect(response.status, response.raw).toBe(201);
    const invoice = response.body[0] as Doc;
    const deduction = invoice.lines.at(-1);
    expect(deduction).toMatchObject({
      description: expect.stringContaining(`Abschlagsrechnung Nr. ${partial.body.number}`),
      vatRate: 19,
      gross: -20_000,
      net: -partial.body.totalNet,
      vat: -partial.body.totalVat,
    });
    expect(invoice.totalGross).toBe(69_890 - 20_000);
  });

  it('refuses an education not finished and educations of two customers, writing nothing', async () => {
    const open = await studentWithServices(t.database.db, fixture, { finished: false });
    const one = await studentWithServices(t.database.db, fixture);
    const other = await studentWithServices(t.database.db, fixture);
    const before = await counts();
    expectError(await createFinal([open.educationId]), 422, 'errors.education_not_finished');
    expectError(
      await createFinal([one.educationId, other.educationId]),
      422,
      'errors.final_invoice_one_customer',
    );
    expectError(await createFinal([999_999]), 422, 'errors.validation');
    expect(await counts()).toEqual(before);
    // The billing runs' call answers a reason instead.
    expect(await issueFinalInvoice(services(), t.demo.schoolId, open.educationId)).toEqual({
      status: 'SKIPPED',
      reason: 'errors.education_not_finished',
    });
  });

  it('numbers final invoice, cancellation and corrected final invoice consecutively', async () => {
    const student = await studentWithServices(t.database.db, fixture);
    const first = await createFinal([student.educationId]);
    expect(first.status, first.raw).toBe(201);
    const invoice = first.body[0] as Doc;
    expect(await issueFinalInvoice(services(), t.demo.schoolId, student.educationId)).toEqual({
      status: 'SKIPPED',
      reason: 'errors.education_already_invoiced',
    });

    const cancellation = await t.call<Doc>(
      'POST',
      '/payment-documents/create-cancellation-invoice',
      {
        token: owner,
        query: { invoiceForCancellationId: invoice.id },
      },
    );
    expect(cancellation.status, cancellation.raw).toBe(201);
    expect(cancellation.body).toMatchObject({
      type: 'CANCELLATION_INVOICE',
      cancelsDocumentId: invoice.id,
      totalGross: -invoice.totalGross,
    });
    const cancellationRow = await documentRow(cancellation.body.id);
    expect(cancellationRow?.pdfFileId).toBeTruthy();
    // The education is open again and its lessons are free.
    const [education] = await t.database.db
      .select()
      .from(studentEducations)
      .where(eq(studentEducations.id, student.educationId));
    expect(education?.finished).toBe(false);
    const freed = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.studentEducationId, student.educationId));
    expect(freed.every((row) => !row.invoiced && row.finalInvoiceId === null)).toBe(true);

    await t.database.db
      .update(studentEducations)
      .set({ finished: true })
      .where(eq(studentEducations.id, student.educationId));
    const corrected = await issueFinalInvoice(services(), t.demo.schoolId, student.educationId);
    if (corrected.status !== 'ISSUED') throw new Error(`skipped: ${corrected.reason}`);
    const numbers = [invoice.number, cancellation.body.number, corrected.document.number].map(
      (number) => Number(String(number).split('-')[1]),
    );
    expect(numbers[1]).toBe((numbers[0] ?? 0) + 1);
    expect(numbers[2]).toBe((numbers[0] ?? 0) + 2);
    expect(corrected.document.totalGross).toBe(invoice.totalGross);
  });

  it('refuses any change of an issued invoice and its lines in the database itself', async () => {
    const student = await studentWithServices(t.database.db, fixture);
    const invoice = (await createFinal([student.educationId])).body[0] as Doc;
    const db = t.database.db;
    await expect(
      db.execute(sql`update payment_documents set total_gross = total_gross + 100,
        total_net = total_net + 100 where id = ${invoice.id}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`update payment_document_lines set description = 'geändert'
        where document_id = ${invoice.id}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`delete from payment_documents where id = ${invoice.id}`),
    ).rejects.toThrow();
    // A line added after the issuing transaction, even a copy of one of its own.
    await expect(
      db.execute(sql`insert into payment_document_lines (driving_school_id, document_id,
          position, description, quantity, unit_price, vat_rate, net, vat, gross)
        select driving_school_id, document_id, position + 100, description, quantity,
          unit_price, vat_rate, net, vat, gross
        from payment_document_lines where document_id = ${invoice.id} limit 1`),
    ).rejects.toThrow();
    // Nor can the mark of the issuing transaction be moved to a later one to let lines in.
    await expect(
      db.execute(sql`update payment_documents set issued_xact = pg_current_xact_id()::text::bigint
        where id = ${invoice.id}`),
    ).rejects.toThrow();
    expect((await documentRow(invoice.id))?.totalGross).toBe(invoice.totalGross);
  });

  it('takes the lines of documents issued in the same transaction, however many', async () => {
    // The issue guard marks the issuing transaction on the document (migration 0018; it used
    // one setting per document, quadratic on PostgreSQL 15). 300 documents issued and their
    // lines written in one transaction; a savepoint inside it counts as the same transaction.
    const db = t.database.db;
    const { studentId } = await studentWithServices(db, fixture);
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into payment_documents (driving_school_id, type,
          status, number, student_id, recipient_name, total_net, total_vat, total_gross,
          issue_date, issued_at)
        select ${t.demo.schoolId}, 'PARTIAL_INVOICE', 'ISSUED', 'BULK-' || n, ${studentId},
          'Sammelkunde', 100, 19, 119, date '2026-03-10', now()
        from generate_series(1, 300) n`);
      await tx.transaction(async (savepoint) => {
        await savepoint.execute(sql`insert into payment_document_lines (driving_school_id,
            document_id, position, description, quantity, unit_price, vat_rate, net, vat, gross)
          select ${t.demo.schoolId}, id, 1, 'Fahrstunde', 1, 100, 19, 100, 19, 119
          from payment_documents where number like 'BULK-%' and driving_school_id = ${t.demo.schoolId}`);
      });
    });
    const [count] = (
      (await db.execute(sql`select count(distinct d.id)::int as documents,
          count(l.id)::int as n
        from payment_documents d
        left join payment_document_lines l on l.document_id = d.id
        where d.number like 'BULK-%'`)) as unknown as {
        rows: { documents: number; n: number }[];
      }
    ).rows;
    expect(count?.documents).toBe(300);
    expect(count?.n).toBe(300);
  });

  it('refuses to change or delete an appointment on a final invoice', async () => {
    const student = await studentWithServices(t.database.db, fixture);
    expect((await createFinal([student.educationId])).status).toBe(201);
    const id = student.appointmentIds[0] as number;
    const current = await t.call<Record<string, unknown>>('GET', `/appointments/${id}`, {
      token: owner,
    });
    expect(current.status, current.raw).toBe(200);
    const body = {
      type: 'DRIVING',
      date: '2026-03-11',
      startTime: '11:00',
      minutes: 45,
      instructorId: fixture.instructorId,
      studentId: student.studentId,
      studentEducationId: student.educationId,
      hourType: 'NORMAL',
      licenseClass: 'B',
    };
    expectError(
      await t.call('PUT', `/appointments/${id}`, { token: owner, body }),
      422,
      'errors.appointment_invoiced',
    );
    expectError(
      await t.call('DELETE', `/appointments/${id}`, { token: owner }),
      422,
      'errors.appointment_invoiced',
    );
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row?.date).toBe('2026-03-10');
  });

  it('previews a final invoice as PDF with the preview mark and writes nothing', async () => {
    const student = await studentWithServices(t.database.db, fixture);
    const before = await counts();
    const timings: number[] = [];
    let last: Buffer = Buffer.alloc(0);
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const response = await t.call('POST', '/payment-documents/create-final-invoice-preview', {
        token: owner,
        query: { studentEducationId: student.educationId },
      });
      timings.push(performance.now() - started);
      expect(response.status, response.raw.slice(0, 300)).toBe(200);
      expect(String(response.headers['content-type'])).toContain('application/pdf');
      last = response.bytes;
    }
    const text = pdfText(last).replace(/\s+/g, ' ');
    expect(text).toMatch(/Vorschau|VORSCHAU/);
    expect(text).toContain('Grundbetrag');
    expect(await counts()).toEqual(before);
    const [education] = await t.database.db
      .select({ invoiced: count() })
      .from(appointments)
      .where(
        and(
          eq(appointments.studentEducationId, student.educationId),
          eq(appointments.invoiced, true),
        ),
      );
    expect(education?.invoiced).toBe(0);
    console.info(`[${driver}] preview ms:`, timings.map((ms) => Math.round(ms)).join(', '));
    expectError(
      await t.call('POST', '/payment-documents/create-final-invoice-preview', {
        token: owner,
        query: { studentEducationId: 999_999 },
      }),
      404,
      'errors.not_found',
    );
  });

  it('lists the finished educations waiting for their final invoice with their amounts', async () => {
    const student = await studentWithServices(t.database.db, fixture);
    const response = await t.call<{
      data: {
        studentEducationId: number;
        servicesGross: number;
        totalGross: number;
        lineCount: number;
      }[];
      total: number;
    }>('POST', '/payment-documents/final-invoice-candidates/filter', {
      token: owner,
      body: { size: 200, search: `Mara` },
    });
    expect(response.status, response.raw).toBe(200);
    const candidate = response.body.data.find(
      (row) => row.studentEducationId === student.educationId,
    );
    expect(candidate).toMatchObject({ servicesGross: 69_890, totalGross: 69_890, lineCount: 5 });
    // Invoiced ones are no candidates any more.
    expect((await createFinal([student.educationId])).status).toBe(201);
    const after = await t.call<{ data: { studentEducationId: number }[] }>(
      'POST',
      '/payment-documents/final-invoice-candidates/filter',
      { token: owner, body: { size: 200 } },
    );
    expect(after.body.data.some((row) => row.studentEducationId === student.educationId)).toBe(
      false,
    );
  });

  it('skips an education with nothing to bill', async () => {
    const student = await studentWithServices(t.database.db, fixture);
    await t.database.db
      .delete(appointments)
      .where(eq(appointments.studentEducationId, student.educationId));
    await t.database.db
      .delete(studentBookedProducts)
      .where(eq(studentBookedProducts.studentEducationId, student.educationId));
    expect(await issueFinalInvoice(services(), t.demo.schoolId, student.educationId)).toEqual({
      status: 'SKIPPED',
      reason: 'errors.nothing_to_invoice',
    });
    expectError(await createFinal([student.educationId]), 422, 'errors.nothing_to_invoice');
  });
});
