import type { components } from '@fahrwerk/api/schema';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  appointments,
  financialConfigs,
  paymentDocumentLines,
  paymentDocuments,
  studentBookedProducts,
  studentEducationCostBearers,
  studentEducations,
  students,
} from '../../db/schema';
import { requireAuth } from '../../http/auth';
import { fieldError, globalError, notFound } from '../../http/errors';
import type { Services } from '../handlers';
import { guardWrite, translateDatabaseError } from '../resources/database-errors';
import { berlinToday, handlers } from '../resources/kit';
import { likePattern } from '../resources/resource-repository';
import {
  type FinalInvoiceItems,
  finalInvoiceItems,
  paymentsNote,
  periodColumns,
} from './invoice-items';
import { DOCUMENT_CONSTRAINTS, type DocumentValues, issueDocument, renderPreview } from './issue';
import { toPaymentDocumentDto } from './payment-documents.resources';

/*
 * Final invoices (Schlussrechnung) of finished educations (spec 001 §3–§5): every service of
 * the education minus the partial and deposit invoices issued before (./invoice-items), one
 * per education — the database holds at most one that stands (migration 0012) — issued on the
 * shared path (./issue) with its number, lines and archived PDF in one transaction. The
 * appointments on it are marked invoiced and can no longer be changed; the booked products
 * are marked invoiced. Cancelling it (a cancellation invoice) frees both and opens the
 * education again.
 */

type Schemas = components['schemas'];
type DocumentRow = typeof paymentDocuments.$inferSelect;
type EducationRow = typeof studentEducations.$inferSelect;
type StudentRow = typeof students.$inferSelect;

export type FinalInvoiceOptions = {
  /** Default the day of issue; not before the school's newest issued invoice. */
  issueDate?: string | undefined;
  dueDate?: string | undefined;
  footnote?: string | undefined;
};

export type FinalInvoiceOutcome =
  | { status: 'ISSUED'; document: typeof paymentDocuments.$inferSelect }
  /** `reason` is an i18n key: errors.education_not_finished, errors.education_already_invoiced, errors.nothing_to_invoice … */
  | { status: 'SKIPPED'; reason: string };

const NOT_FINISHED = 'errors.education_not_finished';
const ALREADY_INVOICED = 'errors.education_already_invoiced';
const NOTHING = 'errors.nothing_to_invoice';

const SKIP_MESSAGES: Record<string, string> = {
  [NOT_FINISHED]: 'A final invoice needs a finished education.',
  [ALREADY_INVOICED]: 'The education has a final invoice already; cancel it first.',
  [NOTHING]: 'The education has no service to invoice.',
  'validation.not_found': 'No such education in your school.',
};

/** The education with its student; `lock` takes the education row FOR UPDATE. */
async function educationWithStudent(tx: Db, schoolId: number, educationId: number, lock: boolean) {
  const query = tx
    .select({ education: studentEducations, student: students })
    .from(studentEducations)
    .innerJoin(
      students,
      and(eq(students.drivingSchoolId, schoolId), eq(students.id, studentEducations.studentId)),
    )
    .where(
      and(eq(studentEducations.drivingSchoolId, schoolId), eq(studentEducations.id, educationId)),
    );
  const [row] = lock ? await query.for('update', { of: studentEducations }) : await query;
  return row;
}

async function hasStandingFinalInvoice(tx: Db, schoolId: number, educationId: number) {
  const [row] = await tx
    .select({ id: paymentDocuments.id })
    .from(paymentDocuments)
    .where(
      and(
        eq(paymentDocuments.drivingSchoolId, schoolId),
        eq(paymentDocuments.studentEducationId, educationId),
        eq(paymentDocuments.type, 'FINAL_INVOICE'),
        ne(paymentDocuments.status, 'CANCELLED'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The footnote of the school's financial configuration for students' final invoices. */
async function configuredFootnote(tx: Db, schoolId: number): Promise<string | null> {
  const [row] = await tx
    .select({ footnote: financialConfigs.studentFinalInvoiceFootnote })
    .from(financialConfigs)
    .where(eq(financialConfigs.drivingSchoolId, schoolId));
  return row?.footnote ?? null;
}

/** The document values of an education's final invoice (issue and preview). */
async function finalInvoiceValues(
  tx: Db,
  schoolId: number,
  education: EducationRow,
  student: StudentRow,
  items: FinalInvoiceItems,
  options: FinalInvoiceOptions,
): Promise<DocumentValues> {
  const issueDate = options.issueDate ?? berlinToday();
  const totalGross = items.lines.reduce((sum, line) => sum + (line.gross ?? 0), 0);
  const footnote = [
    options.footnote ?? (await configuredFootnote(tx, schoolId)),
    paymentsNote(items.paidWithoutDocument, totalGross),
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    type: 'FINAL_INVOICE',
    studentId: student.id,
    studentEducationId: education.id,
    recipientName: `${student.firstName} ${student.lastName}`.trim(),
    recipientAddress: student.address ?? null,
    issueDate,
    dueDate: options.dueDate ?? null,
    ...periodColumns(items.period, issueDate),
    footnote: footnote || null,
  };
}

/**
 * The final invoice of one education inside the caller's transaction. A reason to skip is
 * answered, not thrown, so a billing run can record it.
 */
async function issueFinalInvoiceIn(
  tx: Db,
  services: Pick<Services, 'files'>,
  schoolId: number,
  studentEducationId: number,
  options: FinalInvoiceOptions,
): Promise<FinalInvoiceOutcome> {
  const found = await educationWithStudent(tx, schoolId, studentEducationId, true);
  if (!found) return { status: 'SKIPPED', reason: 'validation.not_found' };
  const { education, student } = found;
  if (!education.finished) return { status: 'SKIPPED', reason: NOT_FINISHED };
  if (await hasStandingFinalInvoice(tx, schoolId, education.id)) {
    return { status: 'SKIPPED', reason: ALREADY_INVOICED };
  }
  const items = await finalInvoiceItems(tx, schoolId, education);
  if (items.appointmentIds.length === 0 && items.bookedProductIds.length === 0) {
    return { status: 'SKIPPED', reason: NOTHING };
  }
  const values = await finalInvoiceValues(tx, schoolId, education, student, items, options);
  const { row } = await issueDocument(tx, services.files, schoolId, values, items.lines);
  if (items.appointmentIds.length > 0) {
    await tx
      .update(appointments)
      .set({ invoiced: true, finalInvoiceId: row.id })
      .where(
        and(
          eq(appointments.drivingSchoolId, schoolId),
          inArray(appointments.id, items.appointmentIds),
        ),
      );
  }
  if (items.bookedProductIds.length > 0) {
    await tx
      .update(studentBookedProducts)
      .set({ invoiced: true })
      .where(
        and(
          eq(studentBookedProducts.drivingSchoolId, schoolId),
          inArray(studentBookedProducts.id, items.bookedProductIds),
        ),
      );
  }
  return { status: 'ISSUED', document: row };
}

const isFinalInvoiceRace = (error: unknown) =>
  translateDatabaseError(error, DOCUMENT_CONSTRAINTS)?.errorMessage === ALREADY_INVOICED;

/**
 * Issues the final invoice of one education in one transaction of its own: number, lines and
 * archived PDF, all or nothing. An education that cannot be billed is SKIPPED with the reason;
 * anything else throws (the billing run records it as FAILED).
 */
export async function issueFinalInvoice(
  services: Pick<Services, 'db' | 'files'>,
  schoolId: number,
  studentEducationId: number,
  options: FinalInvoiceOptions = {},
): Promise<FinalInvoiceOutcome> {
  try {
    return await services.db.transaction(async (txn) =>
      issueFinalInvoiceIn(txn, services, schoolId, studentEducationId, options),
    );
  } catch (error) {
    // Another run issued it between our check and our insert: the unique index refused ours.
    if (isFinalInvoiceRace(error)) return { status: 'SKIPPED', reason: ALREADY_INVOICED };
    throw error;
  }
}

type CandidateFilter = Schemas['FinalInvoiceCandidateFilter'];

const candidateSort: Record<string, SQL> = {
  studentName: sql`lower(${students.lastName} || ' ' || ${students.firstName})`,
  customerNumber: sql`${students.id}`,
  licenseClass: sql`${studentEducations.licenseClass}`,
  studentEducationId: sql`${studentEducations.id}`,
  studentId: sql`${students.id}`,
};

/** The conditions of a candidate: finished, no final invoice that stands, the filter's. */
function candidateConditions(schoolId: number, filter: CandidateFilter) {
  const search = filter.search?.trim();
  return and(
    eq(studentEducations.drivingSchoolId, schoolId),
    eq(studentEducations.finished, true),
    sql`not exists (select 1 from ${paymentDocuments} where ${paymentDocuments.drivingSchoolId} = ${schoolId}
      and ${paymentDocuments.studentEducationId} = ${studentEducations.id}
      and ${paymentDocuments.type} = 'FINAL_INVOICE' and ${paymentDocuments.status} <> 'CANCELLED')`,
    filter.branchIds?.length ? inArray(studentEducations.branchId, filter.branchIds) : undefined,
    filter.licenseClasses?.length
      ? inArray(studentEducations.licenseClass, filter.licenseClasses)
      : undefined,
    filter.costBearerId
      ? sql`exists (select 1 from ${studentEducationCostBearers}
          where ${studentEducationCostBearers.drivingSchoolId} = ${schoolId}
          and ${studentEducationCostBearers.studentEducationId} = ${studentEducations.id}
          and ${studentEducationCostBearers.costBearerId} = ${filter.costBearerId})`
      : undefined,
    search
      ? or(
          ilike(sql`${students.firstName} || ' ' || ${students.lastName}`, likePattern(search)),
          ilike(sql`${students.lastName} || ', ' || ${students.firstName}`, likePattern(search)),
          // The customer number printed on invoices is the student's id.
          sql`${students.id}::text = ${search}`,
        )
      : undefined,
  );
}

/** 422 with a reason key of a skipped education (create-final-invoices is all or none). */
const refusal = (reason: string) =>
  reason === 'validation.not_found'
    ? fieldError('studentEducationIds', reason, SKIP_MESSAGES[reason] ?? reason)
    : globalError(reason, SKIP_MESSAGES[reason] ?? reason);

export function createFinalInvoiceHandlers(services: Pick<Services, 'db' | 'files'>) {
  const { db, files } = services;

  return handlers({
    async createFinalInvoices(request) {
      const auth = requireAuth(request);
      const schoolId = auth.drivingSchoolId;
      const body = request.body;
      const ids = [...new Set(body.studentEducationIds)];
      // The rules first, before anything is written (spec 001 §5).
      const found = await db
        .select({
          id: studentEducations.id,
          studentId: studentEducations.studentId,
          finished: studentEducations.finished,
        })
        .from(studentEducations)
        .where(
          and(eq(studentEducations.drivingSchoolId, schoolId), inArray(studentEducations.id, ids)),
        );
      if (found.length !== ids.length) throw refusal('validation.not_found');
      if (new Set(found.map((row) => row.studentId)).size > 1) {
        throw globalError(
          'errors.final_invoice_one_customer',
          'Only one customer may be marked for a final invoice at a time.',
        );
      }
      if (found.some((row) => !row.finished)) throw refusal(NOT_FINISHED);
      const options: FinalInvoiceOptions = {
        issueDate: body.issueDate,
        dueDate: body.dueDate,
        footnote: body.footnote,
      };
      // All or none: one transaction; a skipped education refuses the whole call.
      const issued = await guardWrite(
        () =>
          db.transaction(async (txn) => {
            const tx: Db = txn;
            const rows: DocumentRow[] = [];
            for (const id of ids) {
              const outcome = await issueFinalInvoiceIn(tx, services, schoolId, id, options);
              if (outcome.status === 'SKIPPED') throw refusal(outcome.reason);
              rows.push(outcome.document);
            }
            const lines = await tx
              .select()
              .from(paymentDocumentLines)
              .where(
                and(
                  eq(paymentDocumentLines.drivingSchoolId, schoolId),
                  inArray(
                    paymentDocumentLines.documentId,
                    rows.map((row) => row.id),
                  ),
                ),
              );
            return rows.map((row) =>
              toPaymentDocumentDto(
                row,
                lines.filter((line) => line.documentId === row.id),
              ),
            );
          }),
        DOCUMENT_CONSTRAINTS,
      );
      return { status: 201, body: issued };
    },

    async previewFinalInvoice(request) {
      const auth = requireAuth(request);
      const schoolId = auth.drivingSchoolId;
      const found = await educationWithStudent(
        db,
        schoolId,
        request.query.studentEducationId,
        false,
      );
      if (!found) throw notFound();
      const items = await finalInvoiceItems(db, schoolId, found.education);
      if (items.appointmentIds.length === 0 && items.bookedProductIds.length === 0) {
        throw refusal(NOTHING);
      }
      const values = await finalInvoiceValues(
        db,
        schoolId,
        found.education,
        found.student,
        items,
        {},
      );
      const bytes = await renderPreview(db, files, schoolId, values, items.lines, 'PREVIEW');
      return {
        status: 200,
        file: {
          bytes,
          mimeType: 'application/pdf',
          fileName: `Vorschau Schlussrechnung ${found.student.lastName}.pdf`,
          disposition: 'inline',
        },
      };
    },

    async filterFinalInvoiceCandidates(request) {
      const auth = requireAuth(request);
      const schoolId = auth.drivingSchoolId;
      const filter = request.body;
      const size = filter.size ?? 25;
      const page = filter.page ?? 0;
      const where = candidateConditions(schoolId, filter);
      const order = (filter.sort ?? [])
        .flatMap((sort) => {
          const column = candidateSort[sort.field];
          return column ? [sort.direction === 'desc' ? desc(column) : asc(column)] : [];
        })
        .concat([asc(candidateSort.studentName as SQL), asc(studentEducations.id)]);
      const join = and(
        eq(students.drivingSchoolId, schoolId),
        eq(students.id, studentEducations.studentId),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ education: studentEducations, student: students })
          .from(studentEducations)
          .innerJoin(students, join)
          .where(where)
          .orderBy(...order)
          .limit(size)
          .offset(page * size),
        db
          .select({ total: count() })
          .from(studentEducations)
          .innerJoin(students, join)
          .where(where),
      ]);
      const ids = rows.map((row) => row.education.id);
      // The amounts as the invoice would show them: the same itemisation as the preview and
      // the issue (a lesson released without a booking is priced from the price list there,
      // which a sum over the booked prices would miss).
      const amounts = new Map<number, { services: number; deducted: number; lines: number }>();
      for (const { education } of rows) {
        const items = await finalInvoiceItems(db, schoolId, education);
        amounts.set(education.id, {
          services: items.servicesGross,
          deducted: items.deductedGross,
          lines: items.lines.length,
        });
      }
      const bearers =
        ids.length === 0
          ? []
          : await db
              .select()
              .from(studentEducationCostBearers)
              .where(
                and(
                  eq(studentEducationCostBearers.drivingSchoolId, schoolId),
                  inArray(studentEducationCostBearers.studentEducationId, ids),
                ),
              );
      const data: Schemas['FinalInvoiceCandidate'][] = rows.map(({ education, student }) => {
        const amount = amounts.get(education.id) ?? { services: 0, deducted: 0, lines: 0 };
        const costBearerId =
          filter.costBearerId ??
          bearers.find((row) => row.studentEducationId === education.id)?.costBearerId;
        return {
          studentEducationId: education.id,
          studentId: student.id,
          studentName: `${student.firstName} ${student.lastName}`.trim(),
          customerNumber: String(student.id),
          licenseClass: education.licenseClass,
          branchId: education.branchId,
          ...(costBearerId ? { costBearerId } : {}),
          paymentWorkflow: education.paymentWorkflow,
          servicesGross: amount.services,
          deductedGross: amount.deducted,
          totalGross: amount.services - amount.deducted,
          lineCount: amount.lines,
        };
      });
      return { status: 200, body: { data, total: Number(total?.total ?? 0) } };
    },
  });
}
