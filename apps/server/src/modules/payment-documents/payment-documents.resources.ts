import type { components } from '@fahrwerk/api/schema';
import {
  and,
  asc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  appointments,
  costBearers,
  paymentDocumentLines,
  paymentDocuments,
  payments,
  products,
  studentBookedProducts,
  studentEducationCostBearers,
  studentEducations,
  students,
} from '../../db/schema';
import { type AuthContext, requireAuth } from '../../http/auth';
import { fieldError, globalError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import type { Services } from '../handlers';
import { guardWrite } from '../resources/database-errors';
import { berlinToday, mergeHandlers } from '../resources/kit';
import { createResourceHandlers } from '../resources/resource-handlers';
import { createResourceRepository, likePattern } from '../resources/resource-repository';
import { germanDate } from './invoice-items';
import { DOCUMENT_CONSTRAINTS, issueDocument, issueDraft } from './issue';
import { exemptionNoteOf, priceLine, totalsOf, vatRateOn } from './vat';

// The VAT rules moved to ./vat; older callers import them from here.
export { priceLine, TAX_EXEMPTION_NOTE, totalsOf, vatRateOn } from './vat';

/*
 * Payment documents (spec 001 §3, §5; DOMAIN.md "Money"): payment requests and invoices.
 * A DRAFT changes freely; issuing gives an invoice the school's next gapless number, and
 * from then on the document never changes — only `visible`, the payments against it and,
 * by a cancellation invoice, its status. Issued invoices are never deleted.
 */

type Schemas = components['schemas'];
type PaymentDocument = Schemas['PaymentDocument'];
type PaymentDocumentLine = Schemas['PaymentDocumentLine'];
type PaymentDocumentInput = Schemas['PaymentDocumentInput'];
type LineInput = Schemas['PaymentDocumentLineInput'];
type DocumentRow = typeof paymentDocuments.$inferSelect;
type LineRow = typeof paymentDocumentLines.$inferSelect;
type NewLine = Omit<typeof paymentDocumentLines.$inferInsert, 'drivingSchoolId' | 'documentId'>;

/** The types the office writes by hand; final, cancellation and cost-bearer invoices have own calls. */
export const MANUAL_DOCUMENT_TYPES = new Set<string>([
  'PAYMENT_REQUEST',
  'PARTIAL_INVOICE',
  'DEPOSIT_INVOICE',
]);

const toLineDto = (row: LineRow): PaymentDocumentLine =>
  Object.fromEntries(
    Object.entries(row).filter(
      ([key, value]) =>
        value !== null && key !== 'id' && key !== 'drivingSchoolId' && key !== 'documentId',
    ),
  ) as PaymentDocumentLine;

/** Columns that are not part of the DTO (`issuedXact`: the issue guard's, migration 0018). */
const HIDDEN = new Set([
  'drivingSchoolId',
  'pdfFileId',
  'eInvoiceFileId',
  'exported',
  'issuer',
  'issuedXact',
]);

export function toPaymentDocumentDto(row: DocumentRow, lines: LineRow[]): PaymentDocument {
  const fields = Object.fromEntries(
    Object.entries(row).filter(([key, value]) => value !== null && !HIDDEN.has(key)),
  );
  const sorted = [...lines].sort((a, b) => a.position - b.position);
  return {
    ...fields,
    lines: sorted.map(toLineDto),
    vatTotals: totalsOf(sorted).vatTotals,
  } as PaymentDocument;
}

const documentIssued = () =>
  globalError('errors.document_issued', 'An issued document never changes; cancel it instead.');

/**
 * The school's rows a document input names, loaded once: payer, education, products.
 * Ids that are not the school's answer 422 `validation.not_found`.
 */
async function loadReferences(
  db: Db,
  schoolId: number,
  input: {
    studentId?: number | undefined;
    costBearerId?: number | undefined;
    studentEducationId?: number | undefined;
    lines: { productId?: number | undefined }[];
  },
) {
  const student = input.studentId
    ? (
        await db
          .select()
          .from(students)
          .where(and(eq(students.drivingSchoolId, schoolId), eq(students.id, input.studentId)))
      )[0]
    : undefined;
  if (input.studentId && !student) {
    throw fieldError('studentId', 'validation.not_found', 'No such student in your school.');
  }
  const costBearer = input.costBearerId
    ? (
        await db
          .select()
          .from(costBearers)
          .where(
            and(eq(costBearers.drivingSchoolId, schoolId), eq(costBearers.id, input.costBearerId)),
          )
      )[0]
    : undefined;
  if (input.costBearerId && !costBearer) {
    throw fieldError('costBearerId', 'validation.not_found', 'No such cost bearer in your school.');
  }
  const education = input.studentEducationId
    ? (
        await db
          .select()
          .from(studentEducations)
          .where(
            and(
              eq(studentEducations.drivingSchoolId, schoolId),
              eq(studentEducations.id, input.studentEducationId),
            ),
          )
      )[0]
    : undefined;
  if (
    input.studentEducationId &&
    (!education || (input.studentId && education.studentId !== input.studentId))
  ) {
    throw fieldError(
      'studentEducationId',
      'validation.not_found',
      'No such education of the student in your school.',
    );
  }
  const productIds = [
    ...new Set(input.lines.flatMap((line) => (line.productId ? [line.productId] : []))),
  ];
  const productRates = new Map<number, number>();
  if (productIds.length > 0) {
    const found = await db
      .select({ id: products.id, vatRate: products.vatRate })
      .from(products)
      .where(and(eq(products.drivingSchoolId, schoolId), inArray(products.id, productIds)));
    for (const product of found) productRates.set(product.id, product.vatRate);
    if (found.length !== productIds.length) {
      throw fieldError(
        'lines',
        'validation.not_found',
        'A line names a product of another school.',
      );
    }
  }
  return { student, costBearer, education, productRates };
}

type References = Awaited<ReturnType<typeof loadReferences>>;

/** The recipient as printed: name and address of the student or the cost bearer. */
function recipientOf(references: References) {
  if (references.costBearer) {
    return {
      recipientName: references.costBearer.name,
      recipientAddress: references.costBearer.address ?? null,
    };
  }
  const student = references.student;
  return {
    recipientName: student ? `${student.firstName} ${student.lastName}`.trim() : '',
    recipientAddress: student?.address ?? null,
  };
}

/** The columns and lines of a draft from the office's input (create and update). */
async function draftFromInput(db: Db, auth: AuthContext, input: PaymentDocumentInput) {
  if (!MANUAL_DOCUMENT_TYPES.has(input.type)) {
    throw globalError(
      'errors.document_type_not_manual',
      'Only payment requests, partial and deposit invoices are written by hand.',
    );
  }
  if ((input.studentId === undefined) === (input.costBearerId === undefined)) {
    throw globalError('errors.payer_required', 'Give exactly one of studentId and costBearerId.');
  }
  const references = await loadReferences(db, auth.drivingSchoolId, input);
  const licenseClass = references.education?.licenseClass ?? null;
  const documentDay =
    input.serviceDate ?? input.servicePeriodTo ?? input.issueDate ?? berlinToday();
  const lines: NewLine[] = input.lines.map((line: LineInput, index) => {
    const vatRate =
      line.vatRate ??
      vatRateOn(
        line.serviceDate ?? documentDay,
        licenseClass,
        line.productId ? references.productRates.get(line.productId) : undefined,
      );
    return {
      position: index + 1,
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      vatRate,
      ...priceLine(line.quantity, line.unitPrice, vatRate),
      productId: line.productId ?? null,
      appointmentId: line.appointmentId ?? null,
      serviceDate: line.serviceDate ?? null,
    };
  });
  const { totalNet, totalVat, totalGross } = totalsOf(lines);
  const eInvoiceFormat = input.eInvoiceFormat ?? references.costBearer?.eInvoiceFormat ?? 'PDF';
  const buyerReference =
    input.buyerReference ??
    (eInvoiceFormat === 'XRECHNUNG' ? references.costBearer?.leitwegId : undefined) ??
    null;
  if (eInvoiceFormat === 'XRECHNUNG' && !buyerReference) {
    throw globalError(
      'errors.buyer_reference_required',
      'An XRechnung needs the buyer reference (Leitweg-ID).',
    );
  }
  const values = {
    type: input.type,
    studentId: input.studentId ?? null,
    costBearerId: input.costBearerId ?? null,
    studentEducationId: input.studentEducationId ?? null,
    ...recipientOf(references),
    issueDate: input.issueDate ?? null,
    serviceDate: input.serviceDate ?? null,
    servicePeriodFrom: input.servicePeriodFrom ?? null,
    servicePeriodTo: input.servicePeriodTo ?? null,
    dueDate: input.dueDate ?? null,
    totalNet,
    totalVat,
    totalGross,
    visible: input.visible ?? true,
    eInvoiceFormat,
    buyerReference,
    voucherNumber: input.voucherNumber ?? null,
    footnote: input.footnote ?? null,
    taxExemptionNote: exemptionNoteOf(lines),
  } satisfies Partial<typeof paymentDocuments.$inferInsert>;
  return { values, lines };
}

/**
 * What a cancelled invoice billed can be billed again: the appointments it marked (a final
 * or cost-bearer invoice) and the booked products of its lines (one booked row per product
 * line). Cancelling a final invoice also opens the education again (spec 000 §4).
 */
export async function releaseBilledItems(
  tx: Db,
  schoolId: number,
  original: DocumentRow,
  lines: LineRow[],
): Promise<void> {
  const marks = original.type === 'FINAL_INVOICE' || original.type.startsWith('COST_BEARER');
  if (!marks) return;
  const appointmentIds = lines.flatMap((line) => (line.appointmentId ? [line.appointmentId] : []));
  if (appointmentIds.length > 0) {
    await tx
      .update(appointments)
      .set({ invoiced: false, finalInvoiceId: null })
      .where(
        and(eq(appointments.drivingSchoolId, schoolId), inArray(appointments.id, appointmentIds)),
      );
  }
  const perProduct = new Map<number, number>();
  for (const line of lines) {
    if (line.productId && !line.appointmentId) {
      perProduct.set(line.productId, (perProduct.get(line.productId) ?? 0) + 1);
    }
  }
  if (perProduct.size > 0) {
    // A final invoice freed its education's rows; a cost-bearer invoice those of the
    // educations the cost bearer pays for.
    const educationIds =
      original.type === 'FINAL_INVOICE'
        ? [original.studentEducationId ?? 0]
        : (
            await tx
              .select({ id: studentEducationCostBearers.studentEducationId })
              .from(studentEducationCostBearers)
              .where(
                and(
                  eq(studentEducationCostBearers.drivingSchoolId, schoolId),
                  eq(studentEducationCostBearers.costBearerId, original.costBearerId ?? 0),
                ),
              )
          ).map((row) => row.id);
    const booked = await tx
      .select({ id: studentBookedProducts.id, productId: studentBookedProducts.productId })
      .from(studentBookedProducts)
      .where(
        and(
          eq(studentBookedProducts.drivingSchoolId, schoolId),
          eq(studentBookedProducts.invoiced, true),
          inArray(studentBookedProducts.productId, [...perProduct.keys()]),
          inArray(studentBookedProducts.studentEducationId, educationIds),
        ),
      )
      .orderBy(asc(studentBookedProducts.id));
    const freed: number[] = [];
    for (const row of booked) {
      const left = perProduct.get(row.productId) ?? 0;
      if (left > 0) {
        freed.push(row.id);
        perProduct.set(row.productId, left - 1);
      }
    }
    if (freed.length > 0) {
      await tx
        .update(studentBookedProducts)
        .set({ invoiced: false })
        .where(
          and(
            eq(studentBookedProducts.drivingSchoolId, schoolId),
            inArray(studentBookedProducts.id, freed),
          ),
        );
    }
  }
  if (original.type === 'FINAL_INVOICE' && original.studentEducationId) {
    await tx
      .update(studentEducations)
      .set({ finished: false })
      .where(
        and(
          eq(studentEducations.drivingSchoolId, schoolId),
          eq(studentEducations.id, original.studentEducationId),
        ),
      );
  }
}

/**
 * Recomputes the saldo of cost bearers (`cost_bearers.balance`, paid − invoiced): issued
 * invoices addressed to them (cancellations subtract) against their settled payments.
 */
export async function refreshCostBearerBalances(
  db: Db,
  schoolId: number,
  costBearerIds: (number | null | undefined)[],
): Promise<void> {
  for (const costBearerId of new Set(costBearerIds)) {
    if (!costBearerId) continue;
    await db
      .update(costBearers)
      .set({
        balance: sql`(select coalesce(sum(${payments.amount}), 0) from ${payments}
            where ${payments.drivingSchoolId} = ${schoolId} and ${payments.costBearerId} = ${costBearerId}
            and ${payments.status} in ('PAID', 'PARTIALLY_PAID'))
          - (select coalesce(sum(${paymentDocuments.totalGross}), 0) from ${paymentDocuments}
            where ${paymentDocuments.drivingSchoolId} = ${schoolId}
            and ${paymentDocuments.costBearerId} = ${costBearerId}
            and ${paymentDocuments.type} <> 'PAYMENT_REQUEST' and ${paymentDocuments.status} <> 'DRAFT')`,
      })
      .where(and(eq(costBearers.drivingSchoolId, schoolId), eq(costBearers.id, costBearerId)));
  }
}

type DocumentFilter = {
  search?: string;
  types?: DocumentRow['type'][];
  statuses?: DocumentRow['status'][];
  studentId?: number;
  studentEducationId?: number;
  costBearerId?: number;
  branchIds?: number[];
  issueDateFrom?: string;
  issueDateTo?: string;
  dueDateFrom?: string;
  dueDateTo?: string;
  overdue?: boolean;
  visible?: boolean;
};

/** The conditions of the filter body (and of the list's query). */
function documentConditions(schoolId: number, filter: DocumentFilter): (SQL | undefined)[] {
  const d = paymentDocuments;
  const conditions: (SQL | undefined)[] = [];
  const search = filter.search?.trim();
  if (search) {
    // Number, recipient and the texts of the lines.
    const pattern = likePattern(search);
    conditions.push(
      or(
        ilike(d.number, pattern),
        ilike(d.recipientName, pattern),
        sql`exists (select 1 from ${paymentDocumentLines}
          where ${paymentDocumentLines.drivingSchoolId} = ${schoolId}
          and ${paymentDocumentLines.documentId} = ${d.id}
          and ${paymentDocumentLines.description} ilike ${pattern})`,
      ),
    );
  }
  if (filter.types?.length) conditions.push(inArray(d.type, filter.types));
  if (filter.statuses?.length) conditions.push(inArray(d.status, filter.statuses));
  if (filter.studentId) conditions.push(eq(d.studentId, filter.studentId));
  if (filter.studentEducationId) {
    conditions.push(eq(d.studentEducationId, filter.studentEducationId));
  }
  if (filter.costBearerId) conditions.push(eq(d.costBearerId, filter.costBearerId));
  if (filter.branchIds?.length) {
    // The branch of the education; without an education, the student's branch.
    conditions.push(
      or(
        inArray(
          d.studentEducationId,
          sql`(select ${studentEducations.id} from ${studentEducations}
            where ${studentEducations.drivingSchoolId} = ${schoolId}
            and ${inArray(studentEducations.branchId, filter.branchIds)})`,
        ),
        and(
          isNull(d.studentEducationId),
          inArray(
            d.studentId,
            sql`(select ${students.id} from ${students} where ${students.drivingSchoolId} = ${schoolId}
              and ${inArray(students.branchId, filter.branchIds)})`,
          ),
        ),
      ),
    );
  }
  if (filter.issueDateFrom) conditions.push(gte(d.issueDate, filter.issueDateFrom));
  if (filter.issueDateTo) conditions.push(lte(d.issueDate, filter.issueDateTo));
  if (filter.dueDateFrom) conditions.push(gte(d.dueDate, filter.dueDateFrom));
  if (filter.dueDateTo) conditions.push(lte(d.dueDate, filter.dueDateTo));
  if (filter.overdue !== undefined) {
    const overdue = and(
      inArray(d.status, ['ISSUED', 'PARTIALLY_PAID']),
      gt(d.openAmount, 0),
      lt(d.dueDate, berlinToday()),
    );
    conditions.push(filter.overdue ? overdue : sql`not coalesce(${overdue}, false)`);
  }
  if (filter.visible !== undefined) conditions.push(eq(d.visible, filter.visible));
  return conditions;
}

const documentSort = {
  id: paymentDocuments.id,
  number: paymentDocuments.number,
  type: paymentDocuments.type,
  status: paymentDocuments.status,
  issueDate: paymentDocuments.issueDate,
  dueDate: paymentDocuments.dueDate,
  totalGross: paymentDocuments.totalGross,
  openAmount: paymentDocuments.openAmount,
  recipientName: paymentDocuments.recipientName,
};
const newestFirst = [{ field: 'id', direction: 'desc' as const }];

export function createPaymentDocumentHandlers(
  services: Pick<Services, 'db' | 'files'>,
): OperationHandlers {
  const { db, files } = services;
  /**
   * The lines of the documents one answer maps: the mappings start in the same tick, so
   * one query per school serves them all.
   */
  const pending = new Map<number, { ids: Set<number>; result: Promise<LineRow[]> }>();
  function linesOf(row: DocumentRow): Promise<LineRow[]> {
    let batch = pending.get(row.drivingSchoolId);
    if (!batch) {
      const ids = new Set<number>();
      const result = new Promise<LineRow[]>((resolve, reject) => {
        process.nextTick(() => {
          pending.delete(row.drivingSchoolId);
          db.select()
            .from(paymentDocumentLines)
            .where(
              and(
                eq(paymentDocumentLines.drivingSchoolId, row.drivingSchoolId),
                inArray(paymentDocumentLines.documentId, [...ids]),
              ),
            )
            .orderBy(asc(paymentDocumentLines.documentId), asc(paymentDocumentLines.position))
            .then(resolve, reject);
        });
      });
      batch = { ids, result };
      pending.set(row.drivingSchoolId, batch);
    }
    batch.ids.add(row.id);
    return batch.result.then((lines) => lines.filter((line) => line.documentId === row.id));
  }
  const toDto = async (row: DocumentRow) => toPaymentDocumentDto(row, await linesOf(row));

  const repository = createResourceRepository(db, paymentDocuments, {
    sortColumns: documentSort,
    defaultSort: newestFirst,
  });
  const byId = (schoolId: number, id: number) =>
    and(eq(paymentDocuments.drivingSchoolId, schoolId), eq(paymentDocuments.id, id));

  async function load(schoolId: number, id: number, tx: Db = db): Promise<DocumentRow> {
    const [row] = await tx.select().from(paymentDocuments).where(byId(schoolId, id));
    if (!row) throw notFound();
    return row;
  }

  const generic = createResourceHandlers(db, {
    table: paymentDocuments,
    operations: {
      get: 'getPaymentDocument',
      filter: 'filterPaymentDocuments',
      page: 'pagePaymentDocuments',
      delete: 'deletePaymentDocument',
    },
    toDto,
    sortColumns: documentSort,
    defaultSort: newestFirst,
    filters: (body, auth) => documentConditions(auth.drivingSchoolId, body as DocumentFilter),
    constraints: DOCUMENT_CONSTRAINTS,
    rules: {
      // Only payment requests (without payments) and drafts go; invoices are cancelled.
      async beforeDelete({ auth, current }) {
        if (!current) return;
        const [payment] = await db
          .select({ id: payments.id })
          .from(payments)
          .where(
            and(
              eq(payments.drivingSchoolId, auth.drivingSchoolId),
              eq(payments.documentId, current.id),
            ),
          )
          .limit(1);
        const deletable = current.status === 'DRAFT' || current.type === 'PAYMENT_REQUEST';
        if (!deletable || payment) {
          throw globalError(
            'errors.only_payment_requests_deletable',
            'Only payment requests without payments and drafts can be deleted; cancel an invoice instead.',
          );
        }
      },
    },
  });

  const handlers: OperationHandlers = {
    async listPaymentDocuments(request) {
      const auth = requireAuth(request);
      const { rows } = await repository.page(auth.drivingSchoolId, {
        offset: 0,
        limit: 1000,
        where: documentConditions(auth.drivingSchoolId, request.query),
      });
      return { status: 200, body: await Promise.all(rows.map(toDto)) };
    },

    async createPaymentDocument(request) {
      const auth = requireAuth(request);
      const { values, lines } = await draftFromInput(db, auth, request.body);
      const schoolId = auth.drivingSchoolId;
      const row = await guardWrite(
        () =>
          db.transaction(async (tx) => {
            const [created] = await tx
              .insert(paymentDocuments)
              .values({ ...values, drivingSchoolId: schoolId, status: 'DRAFT' })
              .returning();
            if (!created) throw new Error('The insert answered no row.');
            await tx.insert(paymentDocumentLines).values(
              lines.map((line) => ({
                ...line,
                drivingSchoolId: schoolId,
                documentId: created.id,
              })),
            );
            return created;
          }),
        DOCUMENT_CONSTRAINTS,
      );
      return { status: 201, body: await toDto(row) };
    },

    async updatePaymentDocument(request) {
      const auth = requireAuth(request);
      const schoolId = auth.drivingSchoolId;
      const id = request.params.id;
      if ((await load(schoolId, id)).status !== 'DRAFT') throw documentIssued();
      const { values, lines } = await draftFromInput(db, auth, request.body);
      const row = await guardWrite(
        () =>
          db.transaction(async (tx) => {
            // The status in the WHERE: a draft issued meanwhile is not changed.
            const [updated] = await tx
              .update(paymentDocuments)
              .set(values)
              .where(and(byId(schoolId, id), eq(paymentDocuments.status, 'DRAFT')))
              .returning();
            if (!updated) throw documentIssued();
            await tx
              .delete(paymentDocumentLines)
              .where(
                and(
                  eq(paymentDocumentLines.drivingSchoolId, schoolId),
                  eq(paymentDocumentLines.documentId, id),
                ),
              );
            await tx
              .insert(paymentDocumentLines)
              .values(
                lines.map((line) => ({ ...line, drivingSchoolId: schoolId, documentId: id })),
              );
            return updated;
          }),
        DOCUMENT_CONSTRAINTS,
      );
      return { status: 200, body: await toDto(row) };
    },

    async issuePaymentDocument(request) {
      const auth = requireAuth(request);
      const schoolId = auth.drivingSchoolId;
      const id = request.params.id;
      const { row } = await guardWrite(
        () =>
          db.transaction(async (txn) => {
            const tx: Db = txn;
            const current = await load(schoolId, id, tx);
            if (current.status !== 'DRAFT') throw documentIssued();
            // The recipient as it is now is what the issued document keeps.
            const references = await loadReferences(tx, schoolId, {
              lines: [],
              ...(current.studentId ? { studentId: current.studentId } : {}),
              ...(current.costBearerId ? { costBearerId: current.costBearerId } : {}),
            });
            return issueDraft(tx, files, schoolId, current, recipientOf(references));
          }),
        DOCUMENT_CONSTRAINTS,
      );
      await refreshCostBearerBalances(db, schoolId, [row.costBearerId]);
      return { status: 200, body: await toDto(row) };
    },

    async createCancellationInvoice(request) {
      const auth = requireAuth(request);
      const schoolId = auth.drivingSchoolId;
      const id = request.query.invoiceForCancellationId;
      const { original, cancellation } = await guardWrite(
        () =>
          db.transaction(async (txn) => {
            const tx: Db = txn;
            const original = await load(schoolId, id, tx);
            const cancellable =
              original.type !== 'PAYMENT_REQUEST' &&
              original.type !== 'CANCELLATION_INVOICE' &&
              (original.status === 'ISSUED' ||
                original.status === 'PAID' ||
                original.status === 'PARTIALLY_PAID');
            if (!cancellable) {
              throw globalError(
                'errors.document_not_cancellable',
                'Only an issued invoice that is not cancelled yet can be cancelled.',
              );
            }
            const lines = await tx
              .select()
              .from(paymentDocumentLines)
              .where(
                and(
                  eq(paymentDocumentLines.drivingSchoolId, schoolId),
                  eq(paymentDocumentLines.documentId, original.id),
                ),
              )
              .orderBy(asc(paymentDocumentLines.position));
            // The original's recipient and texts as issued; the lines negated.
            const { row: cancellation } = await issueDocument(
              tx,
              files,
              schoolId,
              {
                type: 'CANCELLATION_INVOICE',
                studentId: original.studentId,
                costBearerId: original.costBearerId,
                studentEducationId: original.studentEducationId,
                recipientName: original.recipientName,
                recipientAddress: original.recipientAddress,
                issueDate: berlinToday(),
                serviceDate: original.serviceDate,
                servicePeriodFrom: original.servicePeriodFrom,
                servicePeriodTo: original.servicePeriodTo,
                cancelsDocumentId: original.id,
                visible: original.visible,
                eInvoiceFormat: original.eInvoiceFormat,
                buyerReference: original.buyerReference,
                voucherNumber: original.voucherNumber,
                taxExemptionNote: original.taxExemptionNote,
                footnote: `Stornorechnung zu Rechnung ${original.number ?? ''} vom ${original.issueDate ? germanDate(original.issueDate) : ''}`,
              },
              lines.map(({ id: _id, drivingSchoolId: _school, documentId: _doc, ...line }) => ({
                ...line,
                unitPrice: -line.unitPrice,
                net: -line.net,
                vat: -line.vat,
                gross: -line.gross,
              })),
            );
            const [cancelled] = await tx
              .update(paymentDocuments)
              .set({ status: 'CANCELLED', cancelledByDocumentId: cancellation.id })
              .where(byId(schoolId, original.id))
              .returning();
            await releaseBilledItems(tx, schoolId, original, lines);
            return { original: cancelled ?? original, cancellation };
          }),
        DOCUMENT_CONSTRAINTS,
      );
      await refreshCostBearerBalances(db, schoolId, [original.costBearerId]);
      return { status: 201, body: await toDto(cancellation) };
    },

    async changeInvoiceVisibility(request) {
      const auth = requireAuth(request);
      const [row] = await db
        .update(paymentDocuments)
        .set({ visible: request.query.visible })
        .where(byId(auth.drivingSchoolId, request.params.id))
        .returning();
      if (!row) throw notFound();
      return { status: 200, body: await toDto(row) };
    },
  };

  return mergeHandlers(generic, handlers);
}
