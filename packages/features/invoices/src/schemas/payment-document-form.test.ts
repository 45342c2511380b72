import { expect, test } from 'vitest';
import {
  documentTotals,
  emptyPaymentDocumentForm,
  formToPaymentDocumentInput,
  lineAmounts,
  paymentDocumentFormSchema,
} from './payment-document-form';

const messages = (payer: 'student' | 'costBearer', value: unknown) => {
  const result = paymentDocumentFormSchema(payer).safeParse(value);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

test('a line is rounded as the server rounds it: gross, then net per line, VAT the rest', () => {
  expect(lineAmounts(1, 39000, 19)).toEqual({ net: 32773, vat: 6227, gross: 39000 });
  expect(lineAmounts(2.5, 7200, 19)).toEqual({ net: 15126, vat: 2874, gross: 18000 });
  expect(lineAmounts(0.25, 6500, 7)).toEqual({ net: 1519, vat: 106, gross: 1625 });
  expect(lineAmounts(1, 245000, 0)).toEqual({ net: 245000, vat: 0, gross: 245000 });
  // A discount line is negative.
  expect(lineAmounts(1, -1000, 19)).toEqual({ net: -840, vat: -160, gross: -1000 });
  expect(lineAmounts(null, 1000, 19)).toBeNull();
});

test('totals per rate, highest rate first; lines without a rate wait for the server', () => {
  const totals = documentTotals([
    { quantity: 1, unitPrice: 39000, vatRate: 19 },
    { quantity: 1, unitPrice: 245000, vatRate: 0 },
    { quantity: 2.5, unitPrice: 7200, vatRate: 19 },
    { quantity: 1, unitPrice: 5000, vatRate: null },
  ]);
  expect(totals.byRate).toEqual([
    { vatRate: 19, net: 47899, vat: 9101, gross: 57000 },
    { vatRate: 0, net: 245000, vat: 0, gross: 245000 },
  ]);
  expect(totals).toMatchObject({ net: 292899, vat: 9101, gross: 302000, hasUnknownRate: true });
});

test('an empty form names what is missing, for the payer it is for', () => {
  expect(messages('student', emptyPaymentDocumentForm({}))).toEqual({
    studentId: 'forms.errors.studentRequired',
    'lines.0.description': 'forms.errors.descriptionRequired',
    'lines.0.unitPrice': 'forms.errors.priceRequired',
  });
  expect(messages('costBearer', emptyPaymentDocumentForm({}))).toMatchObject({
    costBearerId: 'forms.errors.costBearerRequired',
  });
});

const valid = {
  ...emptyPaymentDocumentForm({ studentId: 11, studentEducationId: 111 }),
  lines: [
    { description: 'Anzahlung', quantity: 1, unitPrice: 50000, vatRate: null, productId: null },
  ],
};

test('quantities in quarter steps, no zero price, dates in order', () => {
  expect(
    messages('student', {
      ...valid,
      issueDate: '2026-03-10',
      dueDate: '2026-03-01',
      serviceMode: 'period',
      servicePeriodFrom: '2026-03-05',
      servicePeriodTo: '2026-03-01',
      lines: [
        { description: 'A', quantity: 1.3, unitPrice: 100, vatRate: 19, productId: null },
        { description: 'B', quantity: 0, unitPrice: 0, vatRate: 19, productId: null },
      ],
    }),
  ).toEqual({
    dueDate: 'forms.errors.dueBeforeIssue',
    servicePeriodTo: 'forms.errors.periodOrder',
    'lines.0.quantity': 'forms.errors.quantitySteps',
    'lines.1.quantity': 'forms.errors.quantityRange',
    'lines.1.unitPrice': 'forms.errors.priceZero',
  });
  expect(messages('student', valid)).toEqual({});
});

test('the body leaves empty values out and sends only the payer of the screen', () => {
  expect(
    formToPaymentDocumentInput(
      {
        ...valid,
        costBearerId: 41,
        serviceMode: 'date',
        serviceDate: '2026-03-03',
        servicePeriodFrom: '2026-03-01',
        footnote: '  ',
      },
      'PAYMENT_REQUEST',
      'student',
    ),
  ).toEqual({
    type: 'PAYMENT_REQUEST',
    visible: true,
    studentId: 11,
    studentEducationId: 111,
    serviceDate: '2026-03-03',
    lines: [{ description: 'Anzahlung', quantity: 1, unitPrice: 50000 }],
  });
  expect(
    formToPaymentDocumentInput(
      { ...valid, costBearerId: 41, serviceMode: 'period', servicePeriodFrom: '2026-03-01' },
      'DEPOSIT_INVOICE',
      'costBearer',
      false,
    ),
  ).toEqual({
    type: 'DEPOSIT_INVOICE',
    visible: false,
    costBearerId: 41,
    servicePeriodFrom: '2026-03-01',
    lines: [{ description: 'Anzahlung', quantity: 1, unitPrice: 50000 }],
  });
});

test('to a cost bearer: e-invoice format, Leitweg-ID (required for XRechnung) and voucher number', () => {
  const toAuthority = {
    ...valid,
    studentId: null,
    studentEducationId: null,
    costBearerId: 41,
    eInvoiceFormat: 'XRECHNUNG' as const,
    buyerReference: ' ',
    voucherNumber: ' BGS-4711 ',
  };
  expect(messages('costBearer', toAuthority)).toEqual({
    buyerReference: 'errors.buyer_reference_required',
  });
  expect(
    formToPaymentDocumentInput(
      { ...toAuthority, buyerReference: '991-33333TEST-33' },
      'DEPOSIT_INVOICE',
      'costBearer',
    ),
  ).toMatchObject({
    costBearerId: 41,
    eInvoiceFormat: 'XRECHNUNG',
    buyerReference: '991-33333TEST-33',
    voucherNumber: 'BGS-4711',
  });
  // A student's document carries none of them.
  expect(formToPaymentDocumentInput(toAuthority, 'PAYMENT_REQUEST', 'student')).not.toHaveProperty(
    'eInvoiceFormat',
  );
});
