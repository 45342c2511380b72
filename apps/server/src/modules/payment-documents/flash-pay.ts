import type { components } from '@fahrwerk/api/schema';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { studentEducations, students } from '../../db/schema';
import { requireAuth } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { Services } from '../handlers';
import { translateDatabaseError } from '../resources/database-errors';
import { berlinToday, handlers } from '../resources/kit';
import { flashPayItems, periodColumns } from './invoice-items';
import { DOCUMENT_CONSTRAINTS, issueDocument } from './issue';
import { toPaymentDocumentDto } from './payment-documents.resources';

/*
 * Flash pay (DOMAIN.md "Money"): partial invoices (Abschlagsrechnungen) as the training goes
 * on — per education one partial invoice over the signed lessons and booked services that no
 * invoice billed yet, each in its own transaction on the shared issuing path. They bill on
 * account and mark nothing: the final invoice lists every service again and deducts them.
 * An education that cannot be billed is named with the reason, not refused.
 */

type Schemas = components['schemas'];
type Skipped = Schemas['SkippedEducation'];

export function createFlashPayHandlers(services: Pick<Services, 'db' | 'files'>) {
  const { db, files } = services;

  /** One education's partial invoice, or the reason it has none. */
  async function bill(
    schoolId: number,
    studentEducationId: number,
    options: { until: string; issueDate?: string | undefined; dueDate?: string | undefined },
  ): Promise<{ document: Schemas['PaymentDocument'] } | { reason: string }> {
    return db.transaction(async (txn) => {
      const tx: Db = txn;
      const [found] = await tx
        .select({ education: studentEducations, student: students })
        .from(studentEducations)
        .innerJoin(
          students,
          and(eq(students.drivingSchoolId, schoolId), eq(students.id, studentEducations.studentId)),
        )
        .where(
          and(
            eq(studentEducations.drivingSchoolId, schoolId),
            eq(studentEducations.id, studentEducationId),
          ),
        )
        // Two calls at once for the same education: the second waits and sees the first's lines.
        .for('update', { of: studentEducations });
      if (!found) return { reason: 'validation.not_found' };
      const { education, student } = found;
      if (education.paymentWorkflow !== 'FLASH_PAY') return { reason: 'errors.not_flash_pay' };
      const items = await flashPayItems(tx, schoolId, education, options.until);
      if (items.lines.length === 0) return { reason: 'errors.nothing_to_invoice' };
      const issueDate = options.issueDate ?? berlinToday();
      const { row, lines } = await issueDocument(
        tx,
        files,
        schoolId,
        {
          type: 'PARTIAL_INVOICE',
          studentId: student.id,
          studentEducationId: education.id,
          recipientName: `${student.firstName} ${student.lastName}`.trim(),
          recipientAddress: student.address ?? null,
          issueDate,
          dueDate: options.dueDate ?? null,
          ...periodColumns(items.period, issueDate),
        },
        items.lines,
      );
      return { document: toPaymentDocumentDto(row, lines) };
    });
  }

  return handlers({
    async createFlashPayPartialInvoices(request) {
      const auth = requireAuth(request);
      const schoolId = auth.drivingSchoolId;
      const body = request.body;
      const until = body.serviceUntil ?? berlinToday();
      const created: Schemas['PaymentDocument'][] = [];
      const skipped: Skipped[] = [];
      for (const studentEducationId of [...new Set(body.studentEducationIds)]) {
        try {
          const outcome = await bill(schoolId, studentEducationId, {
            until,
            issueDate: body.issueDate,
            dueDate: body.dueDate,
          });
          if ('document' in outcome) created.push(outcome.document);
          else skipped.push({ studentEducationId, reason: outcome.reason });
        } catch (error) {
          // A rule refusing one education (an issue date before the newest invoice, a lesson
          // without price) names it; the others are billed. Anything else is a failure.
          const refused =
            error instanceof AppError ? error : translateDatabaseError(error, DOCUMENT_CONSTRAINTS);
          if (refused?.status !== 422) throw error;
          skipped.push({ studentEducationId, reason: refused.errorMessage.slice(0, 100) });
        }
      }
      return { status: 200, body: { created, skipped } };
    },
  });
}
