import { and, count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentDocumentLines, paymentDocuments } from '../../db/schema';
import { createFileStore } from '../../files/file-store';
import { DEMO_OWNER, DRIVERS, useTestApp } from '../../test/test-app';
import { issueFinalInvoice } from './final-invoices';
import { invoiceFixture, studentWithServices } from './invoice-fixtures';

/*
 * Throughput of issuing final invoices one after the other (what a billing run does) and the
 * latency of the preview. The figures are logged; the test asserts what must hold at any
 * speed: every invoice issued, numbers consecutive without gaps, each with lines and PDF.
 * It runs only with INVOICE_BENCH_N (e.g. 500, the benchmark of issue 13): in the suite the
 * billing-run tests and the kill -9 test check the same gap-free numbers, lines and PDFs.
 */

const N = Number(process.env.INVOICE_BENCH_N ?? 0);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

describe.skipIf(N === 0).each(DRIVERS)('final invoice throughput on %s', (driver) => {
  const t = useTestApp(driver);

  it(`issues ${N} final invoices with PDFs gap-free and previews quickly`, async () => {
    const db = t.database.db;
    const fixture = await invoiceFixture(db, t.demo.schoolId);
    const educationIds: number[] = [];
    for (let i = 0; i < N; i++) {
      educationIds.push((await studentWithServices(db, fixture)).educationId);
    }
    const files = createFileStore({ dataDir: t.config.dataDir });

    const started = performance.now();
    const documentIds: number[] = [];
    for (const id of educationIds) {
      const outcome = await issueFinalInvoice({ db, files }, t.demo.schoolId, id);
      if (outcome.status !== 'ISSUED') throw new Error(`skipped ${id}: ${outcome.reason}`);
      documentIds.push(outcome.document.id);
    }
    const seconds = (performance.now() - started) / 1000;
    console.info(
      `[${driver}] ${N} final invoices with PDF in ${seconds.toFixed(1)} s = ${(N / seconds).toFixed(1)} documents/s`,
    );

    const rows = await db
      .select()
      .from(paymentDocuments)
      .where(inArray(paymentDocuments.id, documentIds));
    const numbers = rows.map((row) => Number(row.number?.split('-')[1])).sort((a, b) => a - b);
    expect((numbers.at(-1) ?? 0) - (numbers[0] ?? 0)).toBe(N - 1);
    expect(new Set(numbers).size).toBe(N);
    expect(rows.every((row) => row.pdfFileId !== null)).toBe(true);
    const [lines] = await db
      .select({ n: count() })
      .from(paymentDocumentLines)
      .where(
        and(
          eq(paymentDocumentLines.drivingSchoolId, t.demo.schoolId),
          inArray(paymentDocumentLines.documentId, documentIds),
        ),
      );
    expect(lines?.n).toBe(N * 5);

    // The preview of an education not invoiced yet.
    const owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    const open = await studentWithServices(db, fixture);
    const timings: number[] = [];
    for (let i = 0; i < 20; i++) {
      const begin = performance.now();
      const response = await t.call('POST', '/payment-documents/create-final-invoice-preview', {
        token: owner,
        query: { studentEducationId: open.educationId },
      });
      timings.push(performance.now() - begin);
      expect(response.status).toBe(200);
    }
    console.info(
      `[${driver}] preview p50 ${percentile(timings, 50).toFixed(0)} ms, p95 ${percentile(timings, 95).toFixed(0)} ms`,
    );
  }, 1_200_000);
});
