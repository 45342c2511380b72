import { and, eq, isNotNull, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { invoiceNumberSequences, paymentDocumentLines, paymentDocuments } from '../../db/schema';
import type { FileStore } from '../../files/file-store';
import { globalError } from '../../http/errors';
import type { ConstraintMeaning } from '../resources/database-errors';
import { berlinToday } from '../resources/kit';
import { issuerOf, loadDocumentPrint } from './document-files';
import { renderEInvoice } from './e-invoice';
import type { NewLine } from './invoice-items';
import { renderPaymentDocumentPdf } from './invoice-pdf';
import { exemptionNoteOf, totalsOf } from './vat';

/*
 * The one path every payment document is issued on — a drafted payment request, partial or
 * deposit invoice, a final invoice, a cancellation, a cost-bearer invoice — inside the
 * caller's transaction, so the document, its number, its lines and its archived PDF (and
 * e-invoice) are written together or not at all:
 *
 * 1. the school's issue lock (numbers in the order of issue; the issue date never goes back),
 * 2. the next number of the year's range — invoices only, a payment request has none;
 *    cancellations take their numbers from the same range (one gapless sequence per school
 *    and year, `2026-00042`: the tax adviser sees every number once, in the order of issue),
 * 3. the recipient (the caller's, as it is now) and the issuer copied into the document (GoBD),
 * 4. the document and its lines (the database refuses any later change, migration 0012),
 * 5. the PDF rendered from exactly what was stored, saved as `<number>.pdf`, and for a cost
 *    bearer in XRECHNUNG or ZUGFERD the e-invoice; the file ids are set once.
 */

type DocumentRow = typeof paymentDocuments.$inferSelect;
type LineRow = typeof paymentDocumentLines.$inferSelect;

/** What a caller decides of a new document; number, issuer, totals and files come from here. */
export type DocumentValues = Omit<
  typeof paymentDocuments.$inferInsert,
  | 'id'
  | 'drivingSchoolId'
  | 'status'
  | 'number'
  | 'issuer'
  | 'totalNet'
  | 'totalVat'
  | 'totalGross'
  | 'paidAmount'
  | 'pdfFileId'
  | 'eInvoiceFileId'
  | 'issuedAt'
  | 'cancelledByDocumentId'
  | 'exported'
  | 'createdAt'
  | 'updatedAt'
>;

export type IssuedDocument = { row: DocumentRow; lines: LineRow[] };

/** Any fixed number: the advisory lock that orders the issuing of one school's invoices. */
const ISSUE_LOCK_KEY = 4_711_003;

/** What a refused write of a document means to the user. */
export const DOCUMENT_CONSTRAINTS: Record<string, ConstraintMeaning> = {
  payment_documents_student_fk: { field: 'studentId', error: 'validation.not_found' },
  payment_documents_cost_bearer_fk: { field: 'costBearerId', error: 'validation.not_found' },
  payment_documents_education_fk: { field: 'studentEducationId', error: 'validation.not_found' },
  payment_documents_service_period_check: {
    field: 'servicePeriodTo',
    error: 'validation.invalid',
  },
  payment_documents_buyer_reference_check: { error: 'errors.buyer_reference_required' },
  payment_documents_payer_check: { error: 'errors.payer_required' },
  payment_documents_number_key: { error: 'errors.duplicate_invoice_number' },
  // Migration 0012: the database refuses any change of an issued document and its lines.
  payment_documents_issued_immutable: { error: 'errors.document_issued' },
  payment_documents_final_invoice_key: { error: 'errors.education_already_invoiced' },
  payment_documents_total_sign_check: { field: 'lines', error: 'validation.invalid' },
  payment_document_lines_product_fk: { field: 'lines', error: 'validation.not_found' },
  payment_document_lines_appointment_fk: { field: 'lines', error: 'validation.not_found' },
};

/**
 * Serialises the issuing of one school's invoices (numbers in the order of issue, dates
 * never going back), and refuses an issue date before the newest issued invoice.
 */
export async function lockIssuing(tx: Db, schoolId: number, issueDate: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ISSUE_LOCK_KEY}, ${schoolId}::int)`);
  const [newest] = await tx
    .select({ day: max(paymentDocuments.issueDate) })
    .from(paymentDocuments)
    .where(and(eq(paymentDocuments.drivingSchoolId, schoolId), isNotNull(paymentDocuments.number)));
  if (newest?.day && issueDate < newest.day) {
    throw globalError(
      'errors.issue_date_order',
      `The issue date may not be before the newest issued invoice (${newest.day}).`,
    );
  }
}

/**
 * Takes the school's next invoice number for the year of `issueDate` (inside the caller's
 * transaction, after the issue lock): `2026-00042`. Gapless: a rolled-back issue rolls the
 * counter back too.
 */
export async function nextInvoiceNumber(
  tx: Db,
  schoolId: number,
  issueDate: string,
): Promise<string> {
  const year = Number(issueDate.slice(0, 4));
  const [row] = await tx
    .insert(invoiceNumberSequences)
    .values({ drivingSchoolId: schoolId, year, nextNumber: 2 })
    .onConflictDoUpdate({
      target: [invoiceNumberSequences.drivingSchoolId, invoiceNumberSequences.year],
      set: { nextNumber: sql`${invoiceNumberSequences.nextNumber} + 1` },
    })
    .returning({ nextNumber: invoiceNumberSequences.nextNumber });
  const number = (row?.nextNumber ?? 2) - 1;
  return `${year}-${String(number).padStart(5, '0')}`;
}

/** Lock and number for an invoice; a payment request is issued without either. */
async function numberFor(tx: Db, schoolId: number, type: string, issueDate: string) {
  if (type === 'PAYMENT_REQUEST') return null;
  await lockIssuing(tx, schoolId, issueDate);
  return nextInvoiceNumber(tx, schoolId, issueDate);
}

/** Renders and stores the PDF (and the e-invoice) of an issued document; sets the file ids once. */
async function archive(
  tx: Db,
  files: FileStore,
  schoolId: number,
  row: DocumentRow,
  lines: LineRow[],
): Promise<DocumentRow> {
  const print = await loadDocumentPrint(tx, files, schoolId, row, lines);
  const name = (row.number ?? `Zahlungsaufforderung-${row.id}`).replace(/[^A-Za-z0-9._-]+/g, '_');
  const pdf = await files.save(tx, schoolId, {
    fileName: `${name}.pdf`,
    mimeType: 'application/pdf',
    bytes: await renderPaymentDocumentPdf(print),
  });
  let eInvoiceFileId: number | null = null;
  if (
    row.costBearerId &&
    (row.eInvoiceFormat === 'XRECHNUNG' || row.eInvoiceFormat === 'ZUGFERD')
  ) {
    const eInvoice = await renderEInvoice(print);
    eInvoiceFileId = (await files.save(tx, schoolId, eInvoice)).id;
  }
  const [archived] = await tx
    .update(paymentDocuments)
    .set({ pdfFileId: pdf.id, eInvoiceFileId })
    .where(and(eq(paymentDocuments.drivingSchoolId, schoolId), eq(paymentDocuments.id, row.id)))
    .returning();
  if (!archived) throw new Error(`Payment document ${row.id} vanished while it was issued.`);
  return archived;
}

/**
 * Issues a new document with its lines (final, cancellation, cost-bearer, flash-pay partial
 * invoices). `values.issueDate` defaults to today; totals and the exemption note come from
 * the lines unless the caller sets a note (a cancellation keeps its original's).
 */
export async function issueDocument(
  tx: Db,
  files: FileStore,
  schoolId: number,
  values: DocumentValues,
  lines: NewLine[],
): Promise<IssuedDocument> {
  const issueDate = values.issueDate ?? berlinToday();
  // Everything that needs no number first: the time under the issue lock stays short.
  const issuer = await issuerOf(tx, schoolId);
  const { totalNet, totalVat, totalGross } = totalsOf(lines as Required<NewLine>[]);
  const number = await numberFor(tx, schoolId, values.type, issueDate);
  const [row] = await tx
    .insert(paymentDocuments)
    .values({
      ...values,
      taxExemptionNote:
        values.taxExemptionNote !== undefined ? values.taxExemptionNote : exemptionNoteOf(lines),
      drivingSchoolId: schoolId,
      status: 'ISSUED',
      number,
      issueDate,
      issuer,
      totalNet,
      totalVat,
      totalGross,
      issuedAt: new Date(),
    })
    .returning();
  if (!row) throw new Error('The insert answered no row.');
  const written =
    lines.length === 0
      ? []
      : await tx
          .insert(paymentDocumentLines)
          .values(lines.map((line) => ({ ...line, drivingSchoolId: schoolId, documentId: row.id })))
          .returning();
  written.sort((a, b) => a.position - b.position);
  return { row: await archive(tx, files, schoolId, row, written), lines: written };
}

/**
 * Issues a draft (payment request, partial or deposit invoice written by hand) with the
 * recipient as it is now; its lines were written while it was a draft.
 */
export async function issueDraft(
  tx: Db,
  files: FileStore,
  schoolId: number,
  draft: DocumentRow,
  recipient: Pick<DocumentRow, 'recipientName' | 'recipientAddress'>,
): Promise<IssuedDocument> {
  const issueDate = draft.issueDate ?? berlinToday();
  const issuer = await issuerOf(tx, schoolId);
  const number = await numberFor(tx, schoolId, draft.type, issueDate);
  const [row] = await tx
    .update(paymentDocuments)
    .set({
      status: 'ISSUED',
      number,
      issueDate,
      issuedAt: new Date(),
      issuer,
      ...recipient,
    })
    .where(
      and(
        eq(paymentDocuments.drivingSchoolId, schoolId),
        eq(paymentDocuments.id, draft.id),
        eq(paymentDocuments.status, 'DRAFT'),
      ),
    )
    .returning();
  if (!row) {
    throw globalError(
      'errors.document_issued',
      'An issued document never changes; cancel it instead.',
    );
  }
  const lines = await tx
    .select()
    .from(paymentDocumentLines)
    .where(
      and(
        eq(paymentDocumentLines.drivingSchoolId, schoolId),
        eq(paymentDocumentLines.documentId, row.id),
      ),
    )
    .orderBy(paymentDocumentLines.position);
  return { row: await archive(tx, files, schoolId, row, lines), lines };
}

/**
 * The PDF of a document that is not issued (a preview): the values and lines as they would be
 * issued today, without a number, nothing written; marked PREVIEW or DRAFT, or with NONE
 * unmarked (a cost bearer's service invoice preview without the draft text).
 */
export async function renderPreview(
  db: Db,
  files: FileStore,
  schoolId: number,
  values: DocumentValues,
  lines: NewLine[],
  mark: 'PREVIEW' | 'DRAFT' | 'NONE' = 'PREVIEW',
): Promise<Buffer> {
  const now = new Date();
  const { totalNet, totalVat, totalGross } = totalsOf(lines as Required<NewLine>[]);
  const row: DocumentRow = {
    id: 0,
    drivingSchoolId: schoolId,
    // Not a draft when unmarked: the print marks drafts on its own.
    status: mark === 'NONE' ? 'ISSUED' : 'DRAFT',
    number: null,
    studentId: null,
    costBearerId: null,
    studentEducationId: null,
    recipientAddress: null,
    serviceDate: null,
    servicePeriodFrom: null,
    servicePeriodTo: null,
    dueDate: null,
    cancelsDocumentId: null,
    cancelledByDocumentId: null,
    visible: true,
    eInvoiceFormat: 'PDF',
    buyerReference: null,
    voucherNumber: null,
    footnote: null,
    issuer: null,
    pdfFileId: null,
    eInvoiceFileId: null,
    issuedAt: null,
    exported: false,
    createdAt: now,
    updatedAt: now,
    ...values,
    taxExemptionNote:
      values.taxExemptionNote !== undefined ? values.taxExemptionNote : exemptionNoteOf(lines),
    issueDate: values.issueDate ?? berlinToday(),
    totalNet,
    totalVat,
    totalGross,
    paidAmount: 0,
    openAmount: totalGross,
  } as DocumentRow;
  const lineRows = lines.map(
    (line, index) =>
      ({
        id: index + 1,
        drivingSchoolId: schoolId,
        documentId: 0,
        productId: null,
        appointmentId: null,
        serviceDate: null,
        ...line,
      }) as LineRow,
  );
  const print = await loadDocumentPrint(db, files, schoolId, row, lineRows, {
    mark: mark === 'NONE' ? undefined : mark,
  });
  return renderPaymentDocumentPdf(print);
}
