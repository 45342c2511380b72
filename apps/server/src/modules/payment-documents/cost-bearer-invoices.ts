import type { components } from '@fahrwerk/api/schema';
import { and, asc, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  appointments,
  costBearers,
  financialConfigs,
  products,
  studentBookedProducts,
  studentEducationCostBearers,
  studentEducations,
  students,
} from '../../db/schema';
import { requireAuth } from '../../http/auth';
import { fieldError, globalError, notFound } from '../../http/errors';
import type { Services } from '../handlers';
import { guardWrite } from '../resources/database-errors';
import { berlinToday, handlers } from '../resources/kit';
import {
  bookedLine,
  lessonLines,
  type NewLine,
  periodColumns,
  servicePeriodOf,
} from './invoice-items';
import { DOCUMENT_CONSTRAINTS, type DocumentValues, issueDocument, renderPreview } from './issue';
import { refreshCostBearerBalances, toPaymentDocumentDto } from './payment-documents.resources';
import { priceLine, vatRateOn } from './vat';

/*
 * Invoices to cost bearers (screens `/payers/services/{id}`, the cost bearer's invoices tab):
 *
 * - the course invoice (Lehrgangsrechnung, COST_BEARER_INVOICE): the services of the chosen
 *   educations — their booked products and their released or signed lessons (or only the
 *   chosen appointments) — plus further lines the office writes ("other services only
 *   through a course invoice", spec 001 §5);
 * - the service invoice (Leistungsrechnung, COST_BEARER_SERVICE_INVOICE): the chosen
 *   appointments only; further lines are refused with `errors.other_services_course_invoice_only`.
 *
 * Both are issued on the shared path with the cost bearer as recipient, in its e-invoice
 * format (XRECHNUNG needs the buyer reference, default the Leitweg-ID). What they bill is
 * marked invoiced, so neither the student's final invoice nor another cost-bearer invoice
 * bills it again (422 `errors.already_invoiced`).
 */

type Schemas = components['schemas'];
type Input = Schemas['CostBearerInvoiceInput'];
type EducationRow = typeof studentEducations.$inferSelect;

const alreadyInvoiced = () =>
  globalError('errors.already_invoiced', 'An appointment or service is invoiced already.');

/** Everything the document would be: values, lines and what it marks invoiced. */
async function buildCostBearerInvoice(db: Db, schoolId: number, input: Input) {
  const serviceInvoice = input.serviceInvoice === true;
  const extraLines = input.lines ?? [];
  if (serviceInvoice && extraLines.length > 0) {
    throw globalError(
      'errors.other_services_course_invoice_only',
      'Other services can only be billed through a course invoice.',
    );
  }
  const [costBearer] = await db
    .select()
    .from(costBearers)
    .where(and(eq(costBearers.drivingSchoolId, schoolId), eq(costBearers.id, input.costBearerId)));
  if (!costBearer) {
    throw fieldError('costBearerId', 'validation.not_found', 'No such cost bearer in your school.');
  }

  const educationIds = [...new Set(input.studentEducationIds)];
  // Only educations the cost bearer pays for (student_education_cost_bearers).
  const educations = await db
    .select({ education: studentEducations, student: students })
    .from(studentEducations)
    .innerJoin(
      students,
      and(eq(students.drivingSchoolId, schoolId), eq(students.id, studentEducations.studentId)),
    )
    .innerJoin(
      studentEducationCostBearers,
      and(
        eq(studentEducationCostBearers.drivingSchoolId, schoolId),
        eq(studentEducationCostBearers.studentEducationId, studentEducations.id),
        eq(studentEducationCostBearers.costBearerId, costBearer.id),
      ),
    )
    .where(
      and(
        eq(studentEducations.drivingSchoolId, schoolId),
        inArray(studentEducations.id, educationIds),
      ),
    )
    .orderBy(asc(students.lastName), asc(students.firstName), asc(studentEducations.id));
  if (educations.length !== educationIds.length) {
    throw fieldError(
      'studentEducationIds',
      'validation.not_found',
      'An education is not one the cost bearer pays for.',
    );
  }

  const chosen = [...new Set(input.appointmentIds ?? [])];
  const lessonRows =
    chosen.length > 0 || !serviceInvoice
      ? await db
          .select()
          .from(appointments)
          .where(
            and(
              eq(appointments.drivingSchoolId, schoolId),
              inArray(appointments.studentEducationId, educationIds),
              chosen.length > 0 ? inArray(appointments.id, chosen) : undefined,
              inArray(appointments.type, ['DRIVING', 'EXAM']),
              or(eq(appointments.released, true), isNotNull(appointments.signedAt)),
              // Without a choice the course invoice takes what nobody billed yet.
              chosen.length > 0
                ? undefined
                : and(eq(appointments.invoiced, false), isNull(appointments.finalInvoiceId)),
            ),
          )
      : [];
  if (chosen.length > 0) {
    if (lessonRows.length !== chosen.length) {
      throw fieldError(
        'appointmentIds',
        'validation.not_found',
        'An appointment is not a released or signed lesson of the chosen educations.',
      );
    }
    if (lessonRows.some((row) => row.invoiced || row.finalInvoiceId !== null)) {
      throw alreadyInvoiced();
    }
  }
  const booked = serviceInvoice
    ? []
    : await db
        .select()
        .from(studentBookedProducts)
        .where(
          and(
            eq(studentBookedProducts.drivingSchoolId, schoolId),
            inArray(studentBookedProducts.studentEducationId, educationIds),
            eq(studentBookedProducts.invoiced, false),
          ),
        )
        .orderBy(asc(studentBookedProducts.id));

  // Per education, its services; the student's name leads each line when several are billed.
  const several = educations.length > 1;
  const lines: NewLine[] = [];
  for (const { education, student } of educations) {
    const name = `${student.firstName} ${student.lastName}`.trim();
    const own: NewLine[] = [
      ...booked
        .filter((row) => row.studentEducationId === education.id)
        .map((row) => bookedLine(row, education)),
      ...(await lessonLines(
        db,
        schoolId,
        education,
        lessonRows.filter((row) => row.studentEducationId === education.id),
      )),
    ];
    for (const line of own) {
      lines.push(several ? { ...line, description: `${name}: ${line.description}` } : line);
    }
  }
  const issueDate = input.issueDate ?? berlinToday();
  const first = educations[0]?.education as EducationRow;
  if (extraLines.length > 0) {
    const productIds = [
      ...new Set(extraLines.flatMap((line) => (line.productId ? [line.productId] : []))),
    ];
    const rates = new Map<number, number>();
    if (productIds.length > 0) {
      const found = await db
        .select({ id: products.id, vatRate: products.vatRate })
        .from(products)
        .where(and(eq(products.drivingSchoolId, schoolId), inArray(products.id, productIds)));
      if (found.length !== productIds.length) {
        throw fieldError(
          'lines',
          'validation.not_found',
          'A line names a product of another school.',
        );
      }
      for (const product of found) rates.set(product.id, product.vatRate);
    }
    for (const line of extraLines) {
      const vatRate =
        line.vatRate ??
        vatRateOn(
          line.serviceDate ?? input.servicePeriodTo ?? issueDate,
          first.licenseClass,
          line.productId ? rates.get(line.productId) : undefined,
        );
      lines.push({
        position: 0,
        description: line.description,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        vatRate,
        ...priceLine(line.quantity, line.unitPrice, vatRate),
        productId: line.productId ?? null,
        appointmentId: line.appointmentId ?? null,
        serviceDate: line.serviceDate ?? null,
      });
    }
  }
  if (lines.length === 0) {
    throw globalError('errors.nothing_to_invoice', 'There is nothing to invoice.');
  }
  if (lines.length > 500) {
    throw fieldError('lines', 'validation.invalid', 'At most 500 lines on one invoice.');
  }

  const eInvoiceFormat = input.eInvoiceFormat ?? costBearer.eInvoiceFormat;
  const buyerReference =
    input.buyerReference ?? (eInvoiceFormat === 'XRECHNUNG' ? costBearer.leitwegId : null) ?? null;
  if (eInvoiceFormat === 'XRECHNUNG' && !buyerReference) {
    throw globalError(
      'errors.buyer_reference_required',
      'An XRechnung needs the buyer reference (Leitweg-ID).',
    );
  }
  const [config] = await db
    .select({ footnote: financialConfigs.costBearerFinalInvoiceFootnote })
    .from(financialConfigs)
    .where(eq(financialConfigs.drivingSchoolId, schoolId));
  const period =
    input.servicePeriodFrom && input.servicePeriodTo
      ? { from: input.servicePeriodFrom, to: input.servicePeriodTo }
      : servicePeriodOf(lines);
  const single = educations.length === 1 ? educations[0] : undefined;
  const values: DocumentValues = {
    type: serviceInvoice ? 'COST_BEARER_SERVICE_INVOICE' : 'COST_BEARER_INVOICE',
    costBearerId: costBearer.id,
    studentId: single?.student.id ?? null,
    studentEducationId: single?.education.id ?? null,
    recipientName: costBearer.name,
    recipientAddress: costBearer.address ?? null,
    issueDate,
    dueDate: input.dueDate ?? null,
    ...periodColumns(period, issueDate),
    eInvoiceFormat,
    buyerReference,
    voucherNumber: input.voucherNumber ?? null,
    footnote: input.footnote ?? config?.footnote ?? null,
  };
  return {
    values,
    lines: lines.map((line, index) => ({ ...line, position: index + 1 })),
    appointmentIds: lessonRows.map((row) => row.id),
    bookedProductIds: booked.map((row) => row.id),
  };
}

export function createCostBearerInvoiceHandlers(services: Pick<Services, 'db' | 'files'>) {
  const { db, files } = services;

  const preview = async (schoolId: number, input: Input, mark: 'PREVIEW' | 'NONE') => {
    const built = await buildCostBearerInvoice(db, schoolId, input);
    return renderPreview(db, files, schoolId, built.values, built.lines, mark);
  };
  const pdfReply = (bytes: Buffer, fileName: string) => ({
    status: 200 as const,
    file: { bytes, mimeType: 'application/pdf', fileName, disposition: 'inline' as const },
  });

  return handlers({
    async createCostBearerInvoice(request) {
      const auth = requireAuth(request);
      const schoolId = auth.drivingSchoolId;
      const { row, lines } = await guardWrite(
        () =>
          db.transaction(async (txn) => {
            const tx: Db = txn;
            const built = await buildCostBearerInvoice(tx, schoolId, request.body);
            const issued = await issueDocument(tx, files, schoolId, built.values, built.lines);
            // Marked only if nobody billed them meanwhile; else everything rolls back.
            if (built.appointmentIds.length > 0) {
              const marked = await tx
                .update(appointments)
                .set({ invoiced: true })
                .where(
                  and(
                    eq(appointments.drivingSchoolId, schoolId),
                    inArray(appointments.id, built.appointmentIds),
                    eq(appointments.invoiced, false),
                  ),
                )
                .returning({ id: appointments.id });
              if (marked.length !== built.appointmentIds.length) throw alreadyInvoiced();
            }
            if (built.bookedProductIds.length > 0) {
              const marked = await tx
                .update(studentBookedProducts)
                .set({ invoiced: true })
                .where(
                  and(
                    eq(studentBookedProducts.drivingSchoolId, schoolId),
                    inArray(studentBookedProducts.id, built.bookedProductIds),
                    eq(studentBookedProducts.invoiced, false),
                  ),
                )
                .returning({ id: studentBookedProducts.id });
              if (marked.length !== built.bookedProductIds.length) throw alreadyInvoiced();
            }
            return issued;
          }),
        DOCUMENT_CONSTRAINTS,
      );
      await refreshCostBearerBalances(db, schoolId, [row.costBearerId]);
      return { status: 201, body: toPaymentDocumentDto(row, lines) };
    },

    async previewCostBearerInvoice(request) {
      const auth = requireAuth(request);
      const bytes = await preview(auth.drivingSchoolId, request.body, 'PREVIEW');
      return pdfReply(bytes, 'Vorschau Rechnung Kostenträger.pdf');
    },

    async previewCostBearerServiceInvoice(request) {
      const auth = requireAuth(request);
      // The cost bearer is the path's resource here: an unknown one is 404, not a field error.
      const [known] = await db
        .select({ id: costBearers.id })
        .from(costBearers)
        .where(
          and(
            eq(costBearers.drivingSchoolId, auth.drivingSchoolId),
            eq(costBearers.id, request.params.id),
          ),
        );
      if (!known) throw notFound('No such cost bearer in your school.');
      const input: Input = {
        ...request.body,
        costBearerId: request.params.id,
        serviceInvoice: true,
      };
      const mark = request.query.includeDraftText === false ? 'NONE' : 'PREVIEW';
      const bytes = await preview(auth.drivingSchoolId, input, mark);
      return pdfReply(bytes, 'Vorschau Leistungsrechnung.pdf');
    },
  });
}
