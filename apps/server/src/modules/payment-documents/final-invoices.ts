import type { paymentDocuments } from '../../db/schema';
import type { Services } from '../handlers';

/*
 * Final invoices (Schlussrechnung) of finished educations. PLACEHOLDER of the interface the
 * billing runs call; the implementation replaces the body (issue 13).
 */

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

/**
 * Issues the final invoice of one education in one transaction of its own: number, lines and
 * archived PDF, all or nothing. An education that cannot be billed is SKIPPED with the reason;
 * anything else throws (the billing run records it as FAILED).
 */
export async function issueFinalInvoice(
  _services: Pick<Services, 'db' | 'files'>,
  _schoolId: number,
  _studentEducationId: number,
  _options: FinalInvoiceOptions = {},
): Promise<FinalInvoiceOutcome> {
  throw new Error('issueFinalInvoice: not built yet');
}
