import type { components } from '@fahrwerk/api/schema';
import type { IssuerSnapshot } from '../../db/schema/money';

/*
 * What a payment document's PDF and e-invoice are made of: the document as issued (its DTO:
 * number, recipient, dates, lines, VAT totals, footnote, tax exemption note), the issuer as
 * copied at issue, and the school's letterhead images. Everything printed comes from here, so
 * the PDF of an issued document can be rendered again byte for byte from what it stored.
 */

export type { IssuerSnapshot };

export type DocumentPrint = {
  document: components['schemas']['PaymentDocument'];
  issuer: IssuerSnapshot;
  /** The student's name when a cost bearer is billed for a student, printed as reference. */
  studentName?: string | undefined;
  /** The logo, letterhead and signature images (PNG/JPEG) from the school's documents. */
  letterhead?: { logo?: Buffer | undefined; signature?: Buffer | undefined } | undefined;
  /** Print without letterhead (pre-printed paper): no logo, no issuer head. */
  removeLetterhead?: boolean | undefined;
  /** A preview or a draft: printed with a "Vorschau"/"Entwurf" mark and no number. */
  mark?: 'PREVIEW' | 'DRAFT' | undefined;
  /** The student's customer number, printed as customer reference. */
  customerNumber?: string | undefined;
  /** On a cancellation invoice: the invoice it cancels ("zu Rechnung Nr. … vom …"). */
  cancels?: { number: string; issueDate: string } | undefined;
  /**
   * How the amount is paid: TRANSFER (default) prints the bank details and the GiroCode;
   * DIRECT_DEBIT (live pay, a SEPA mandate) says the amount is debited.
   */
  paymentMethod?: 'TRANSFER' | 'DIRECT_DEBIT' | undefined;
};
