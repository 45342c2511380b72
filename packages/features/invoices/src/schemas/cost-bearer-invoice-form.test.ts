import { expect, test } from 'vitest';
import { costBearerAppointmentsFixture, costBearersFixture } from '../mocks/forms-handlers';
import {
  billableAppointments,
  costBearerInvoiceFormSchema,
  emptyCostBearerInvoiceForm,
  formToCostBearerInvoiceInput,
} from './cost-bearer-invoice-form';

const jobcenter = costBearersFixture[0] as (typeof costBearersFixture)[number];
const base = { ...emptyCostBearerInvoiceForm(jobcenter), studentEducationIds: ['121', '131'] };

const messages = (value: unknown) => {
  const result = costBearerInvoiceFormSchema.safeParse(value);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

test('only signed, unbilled appointments of the chosen educations in the period, oldest first', () => {
  const ids = (form: Partial<typeof base>) =>
    billableAppointments(costBearerAppointmentsFixture, { ...base, ...form }).map((row) => row.id);
  expect(ids({})).toEqual([501, 502, 503]);
  expect(ids({ studentEducationIds: ['131'] })).toEqual([503]);
  expect(ids({ periodFrom: '2026-03-05', periodTo: '2026-03-10' })).toEqual([502]);
});

test('a service invoice needs an appointment; XRechnung the Leitweg-ID', () => {
  expect(messages({ ...base, studentEducationIds: [], buyerReference: ' ' })).toEqual({
    studentEducationIds: 'payers.errors.educationsRequired',
    appointmentIds: 'payers.errors.appointmentsRequired',
    buyerReference: 'errors.buyer_reference_required',
  });
  expect(messages({ ...base, appointmentIds: ['501'] })).toEqual({});
});

test('lines are checked only on a course invoice, which bills appointments or lines', () => {
  const line = { description: '', quantity: 1, unitPrice: null, vatRate: null, productId: null };
  expect(messages({ ...base, appointmentIds: ['501'], lines: [line] })).toEqual({});
  expect(messages({ ...base, kind: 'course', lines: [line] })).toEqual({
    'lines.0.description': 'forms.errors.descriptionRequired',
    'lines.0.unitPrice': 'forms.errors.priceRequired',
  });
  expect(messages({ ...base, kind: 'course' })).toEqual({
    appointmentIds: 'payers.errors.nothingToBill',
  });
});

test('the body: appointments still shown, lines only on a course invoice', () => {
  const line = {
    description: ' Grundbetrag ',
    quantity: 1,
    unitPrice: 45000,
    vatRate: 0,
    productId: null,
  };
  const form = {
    ...base,
    periodFrom: '2026-03-05',
    appointmentIds: ['501', '502', '503'],
    lines: [line],
    voucherNumber: 'BGS-1',
  };
  expect(formToCostBearerInvoiceInput(form, 41, costBearerAppointmentsFixture)).toEqual({
    costBearerId: 41,
    serviceInvoice: true,
    studentEducationIds: [121, 131],
    appointmentIds: [502, 503],
    servicePeriodFrom: '2026-03-05',
    eInvoiceFormat: 'XRECHNUNG',
    buyerReference: '05315-12345-06',
    voucherNumber: 'BGS-1',
  });
  expect(
    formToCostBearerInvoiceInput({ ...form, kind: 'course' }, 41, costBearerAppointmentsFixture)
      .lines,
  ).toEqual([{ description: 'Grundbetrag', quantity: 1, unitPrice: 45000, vatRate: 0 }]);
});
