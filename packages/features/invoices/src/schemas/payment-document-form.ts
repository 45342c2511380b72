import { E_INVOICE_FORMATS } from '@fahrwerk/api';
import { z } from 'zod';
import type {
  ManualDocumentType,
  Payer,
  PaymentDocument,
  PaymentDocumentInput,
  PaymentDocumentLineInput,
  VatRate,
} from '../api/form-queries';

/*
 * The form of a payment request, partial or deposit invoice written by hand, and the amounts
 * the server will compute for it. Messages are keys of the forms texts (`forms.errors.*`) or
 * core's (`validation.*`).
 */

/** The VAT rates the contract knows (`VatRate`); 16 and 5 only for the second half of 2020. */
export const VAT_RATES = [19, 7, 0, 16, 5] as const satisfies readonly VatRate[];

/** Quantities go in quarter steps (a 45-minute lesson is 1, a quarter hour of it 0.25). */
export const QUANTITY_STEP = 0.25;
export const MAX_QUANTITY = 10000;
/** `SignedMoney`: ±1 000 000 € in cents. */
export const MAX_AMOUNT = 100_000_000;

const isQuarter = (value: number) => Number.isInteger(value / QUANTITY_STEP);

export const lineFormSchema = z
  .object({
    description: z
      .string()
      .trim()
      .min(1, 'forms.errors.descriptionRequired')
      .max(500, 'validation.max_length'),
    quantity: z.number().nullable(),
    unitPrice: z.number().int().nullable(),
    /** `null`: the server takes the rate of the product and class on the service date. */
    vatRate: z.number().nullable(),
    productId: z.number().nullable(),
  })
  .superRefine((line, context) => {
    const issue = (path: 'quantity' | 'unitPrice', message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (line.quantity === null) issue('quantity', 'forms.errors.quantityRequired');
    else if (line.quantity <= 0 || line.quantity > MAX_QUANTITY)
      issue('quantity', 'forms.errors.quantityRange');
    else if (!isQuarter(line.quantity)) issue('quantity', 'forms.errors.quantitySteps');
    if (line.unitPrice === null) issue('unitPrice', 'forms.errors.priceRequired');
    else if (line.unitPrice === 0) issue('unitPrice', 'forms.errors.priceZero');
    else if (Math.abs(line.unitPrice) > MAX_AMOUNT) issue('unitPrice', 'validation.maximum');
  });

export type LineForm = z.input<typeof lineFormSchema>;

const baseSchema = z.object({
  studentId: z.number().nullable(),
  studentEducationId: z.number().nullable(),
  costBearerId: z.number().nullable(),
  issueDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  serviceMode: z.enum(['date', 'period']),
  serviceDate: z.string().nullable(),
  servicePeriodFrom: z.string().nullable(),
  servicePeriodTo: z.string().nullable(),
  footnote: z.string().max(2000, 'validation.max_length'),
  /** Cost bearers only: PDF, XRechnung (authorities, with the Leitweg-ID) or ZUGFeRD. */
  eInvoiceFormat: z.enum(E_INVOICE_FORMATS).nullable(),
  buyerReference: z.string().trim().max(100, 'validation.max_length'),
  voucherNumber: z.string().trim().max(50, 'validation.max_length'),
  lines: z
    .array(lineFormSchema)
    .min(1, 'forms.errors.linesRequired')
    .max(500, 'validation.max_items'),
});

export type PaymentDocumentForm = z.input<typeof baseSchema>;

/** The schema for one payer: a student or a cost bearer is required. */
export function paymentDocumentFormSchema(payer: Payer) {
  return baseSchema.superRefine((form, context) => {
    const issue = (path: keyof PaymentDocumentForm, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (payer === 'student' && form.studentId === null)
      issue('studentId', 'forms.errors.studentRequired');
    if (payer === 'costBearer' && form.costBearerId === null)
      issue('costBearerId', 'forms.errors.costBearerRequired');
    if (
      payer === 'costBearer' &&
      form.eInvoiceFormat === 'XRECHNUNG' &&
      !form.buyerReference.trim()
    )
      issue('buyerReference', 'errors.buyer_reference_required');
    if (form.issueDate && form.dueDate && form.dueDate < form.issueDate)
      issue('dueDate', 'forms.errors.dueBeforeIssue');
    if (form.serviceMode === 'period') {
      if (form.servicePeriodFrom && !form.servicePeriodTo)
        issue('servicePeriodTo', 'forms.errors.periodEndRequired');
      if (!form.servicePeriodFrom && form.servicePeriodTo)
        issue('servicePeriodFrom', 'forms.errors.periodStartRequired');
      if (
        form.servicePeriodFrom &&
        form.servicePeriodTo &&
        form.servicePeriodTo < form.servicePeriodFrom
      )
        issue('servicePeriodTo', 'forms.errors.periodOrder');
    }
  });
}

export function emptyLine(): LineForm {
  return { description: '', quantity: 1, unitPrice: null, vatRate: null, productId: null };
}

export function emptyPaymentDocumentForm(ids: {
  studentId?: number;
  studentEducationId?: number;
  costBearerId?: number;
  footnote?: string;
}): PaymentDocumentForm {
  return {
    studentId: ids.studentId ?? null,
    studentEducationId: ids.studentEducationId ?? null,
    costBearerId: ids.costBearerId ?? null,
    issueDate: null,
    dueDate: null,
    serviceMode: 'date',
    serviceDate: null,
    servicePeriodFrom: null,
    servicePeriodTo: null,
    footnote: ids.footnote ?? '',
    eInvoiceFormat: null,
    buyerReference: '',
    voucherNumber: '',
    lines: [emptyLine()],
  };
}

/** The form of a saved draft. */
export function documentToForm(document: PaymentDocument): PaymentDocumentForm {
  const period = Boolean(document.servicePeriodFrom || document.servicePeriodTo);
  return {
    studentId: document.studentId ?? null,
    studentEducationId: document.studentEducationId ?? null,
    costBearerId: document.costBearerId ?? null,
    issueDate: document.issueDate ?? null,
    dueDate: document.dueDate ?? null,
    serviceMode: period ? 'period' : 'date',
    serviceDate: document.serviceDate ?? null,
    servicePeriodFrom: document.servicePeriodFrom ?? null,
    servicePeriodTo: document.servicePeriodTo ?? null,
    footnote: document.footnote ?? '',
    eInvoiceFormat: document.costBearerId === undefined ? null : document.eInvoiceFormat,
    buyerReference: document.buyerReference ?? '',
    voucherNumber: document.voucherNumber ?? '',
    lines: document.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      vatRate: line.vatRate,
      productId: line.productId ?? null,
    })),
  };
}

/** The body of create and update from checked values; empty optional values are left out. */
export function formToPaymentDocumentInput(
  form: PaymentDocumentForm,
  type: ManualDocumentType,
  payer: Payer,
  /** Whether the student sees the document in the learning app. @default true */
  visible = true,
): PaymentDocumentInput {
  const lines: PaymentDocumentLineInput[] = form.lines.map((line) => ({
    description: line.description.trim(),
    quantity: line.quantity ?? 0,
    unitPrice: line.unitPrice ?? 0,
    ...(line.vatRate === null ? {} : { vatRate: line.vatRate as VatRate }),
    ...(line.productId === null ? {} : { productId: line.productId }),
  }));
  const optional = <K extends string>(key: K, value: string | null) =>
    (value ? { [key]: value } : {}) as Partial<Record<K, string>>;
  return {
    type,
    visible,
    ...(payer === 'student'
      ? {
          ...(form.studentId === null ? {} : { studentId: form.studentId }),
          ...(form.studentEducationId === null
            ? {}
            : { studentEducationId: form.studentEducationId }),
        }
      : {
          ...(form.costBearerId === null ? {} : { costBearerId: form.costBearerId }),
          ...(form.eInvoiceFormat === null ? {} : { eInvoiceFormat: form.eInvoiceFormat }),
          ...optional('buyerReference', form.buyerReference.trim()),
          ...optional('voucherNumber', form.voucherNumber.trim()),
        }),
    ...optional('issueDate', form.issueDate),
    ...optional('dueDate', form.dueDate),
    ...(form.serviceMode === 'date'
      ? optional('serviceDate', form.serviceDate)
      : {
          ...optional('servicePeriodFrom', form.servicePeriodFrom),
          ...optional('servicePeriodTo', form.servicePeriodTo),
        }),
    ...(form.footnote.trim() ? { footnote: form.footnote.trim() } : {}),
    lines,
  };
}

export type LineAmounts = { net: number; vat: number; gross: number };
export type RateTotal = LineAmounts & { vatRate: number };
export type DocumentTotals = LineAmounts & { byRate: RateTotal[]; hasUnknownRate: boolean };

/**
 * A line's amounts as the server computes them (contract `PaymentDocumentLine`): gross =
 * quantity × gross unit price, rounded to cents; net = round(gross × 100 / (100 + rate)) per
 * line; VAT the difference. `null` while quantity or price is missing.
 */
export function lineAmounts(
  quantity: number | null,
  unitPrice: number | null,
  vatRate: number,
): LineAmounts | null {
  if (quantity === null || unitPrice === null || !Number.isFinite(quantity)) return null;
  const gross = Math.round(quantity * unitPrice);
  const net = Math.round((gross * 100) / (100 + vatRate));
  return { net, vat: gross - net, gross };
}

/**
 * The totals per rate and over all lines, for the lines whose rate is known (a line without
 * a rate gets it from the server; `hasUnknownRate` says the totals are not final).
 */
export function documentTotals(
  lines: readonly Pick<LineForm, 'quantity' | 'unitPrice' | 'vatRate'>[],
): DocumentTotals {
  const byRate = new Map<number, RateTotal>();
  let hasUnknownRate = false;
  for (const line of lines) {
    if (line.vatRate === null) {
      if (line.quantity !== null && line.unitPrice !== null) hasUnknownRate = true;
      continue;
    }
    const amounts = lineAmounts(line.quantity, line.unitPrice, line.vatRate);
    if (!amounts) continue;
    const total = byRate.get(line.vatRate) ?? { vatRate: line.vatRate, net: 0, vat: 0, gross: 0 };
    total.net += amounts.net;
    total.vat += amounts.vat;
    total.gross += amounts.gross;
    byRate.set(line.vatRate, total);
  }
  const rows = [...byRate.values()].sort((a, b) => b.vatRate - a.vatRate);
  const sum = (key: keyof LineAmounts) => rows.reduce((all, row) => all + row[key], 0);
  return { byRate: rows, net: sum('net'), vat: sum('vat'), gross: sum('gross'), hasUnknownRate };
}
