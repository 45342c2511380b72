import { describe, expect, it } from 'vitest';
import {
  confirmMandateSchema,
  emptyMandateForm,
  mandateFormSchema,
  publicMandateFormSchema,
  toMandateInput,
  toPublicMandateInput,
} from './mandate-form';
import { studentPaymentFormSchema, toPaymentInput } from './student-payments-form';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

describe('mandateFormSchema', () => {
  const filled = {
    ...emptyMandateForm(),
    holderName: ' Lena Berger ',
    iban: 'de89 3704 0044 0532 0130 00',
  };

  it('sends the IBAN compact and leaves out empty optional fields', () => {
    const values = mandateFormSchema.parse(filled);
    expect(toMandateInput(values, 11)).toEqual({
      studentId: 11,
      holderName: 'Lena Berger',
      iban: 'DE89370400440532013000',
    });
  });

  it('with a date of signature and an education both are sent (confirmed at once)', () => {
    const values = mandateFormSchema.parse({
      ...filled,
      studentEducationId: '111',
      bic: 'cobadeffxxx',
      reference: 'FS-2026/0042',
      signedAt: '2026-11-20',
    });
    expect(toMandateInput(values, 11)).toEqual({
      studentId: 11,
      studentEducationId: 111,
      holderName: 'Lena Berger',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      reference: 'FS-2026/0042',
      signedAt: '2026-11-20',
    });
  });

  it('names each wrong field', () => {
    const result = mandateFormSchema.safeParse({
      ...emptyMandateForm(),
      holderName: 'x'.repeat(71),
      iban: 'DE88370400440532013000',
      bic: 'COBA',
      reference: 'Müller_01',
    });
    expect(messages(result)).toEqual({
      holderName: 'validation.max_length',
      iban: 'validation.iban',
      bic: 'mandates.form.invalidBic',
      reference: 'mandates.form.invalidReference',
    });
    expect(messages(mandateFormSchema.safeParse({ ...filled, reference: 'A'.repeat(36) }))).toEqual(
      { reference: 'validation.max_length' },
    );
    expect(messages(mandateFormSchema.safeParse(emptyMandateForm()))).toEqual({
      holderName: 'validation.required',
      iban: 'validation.required',
    });
  });
});

describe('the date of signature', () => {
  it('may not lie in the future', () => {
    const form = {
      ...emptyMandateForm(),
      holderName: 'Lena Berger',
      iban: 'DE89370400440532013000',
    };
    expect(messages(mandateFormSchema.safeParse({ ...form, signedAt: '2999-01-01' }))).toEqual({
      signedAt: 'mandates.form.signedInFuture',
    });
    expect(mandateFormSchema.safeParse({ ...form, signedAt: '2020-01-01' }).success).toBe(true);
    expect(messages(confirmMandateSchema.safeParse({ signedAt: '2999-01-01' }))).toEqual({
      signedAt: 'mandates.form.signedInFuture',
    });
    expect(messages(confirmMandateSchema.safeParse({ signedAt: null }))).toEqual({
      signedAt: 'validation.required',
    });
  });
});

describe('publicMandateFormSchema', () => {
  it('needs the consent', () => {
    const form = {
      holderName: 'Lena Berger',
      iban: 'DE89370400440532013000',
      bic: '',
      consent: false,
    };
    expect(messages(publicMandateFormSchema.safeParse(form))).toEqual({
      consent: 'publicMandate.consentRequired',
    });
    expect(toPublicMandateInput(publicMandateFormSchema.parse({ ...form, consent: true }))).toEqual(
      {
        holderName: 'Lena Berger',
        iban: 'DE89370400440532013000',
        consent: true,
      },
    );
  });
});

describe('studentPaymentFormSchema', () => {
  const form = {
    amount: 12050,
    paymentDate: '2026-11-26',
    method: 'TRANSFER' as const,
    studentEducationId: '',
    reference: ' RE-2026-00012 ',
    note: '',
  };

  it('makes the body of one student payment', () => {
    expect(toPaymentInput(studentPaymentFormSchema.parse(form), 11)).toEqual({
      studentId: 11,
      amount: 12050,
      paymentDate: '2026-11-26',
      method: 'TRANSFER',
      reference: 'RE-2026-00012',
    });
  });

  it('refuses no amount, 0 and no date; a refund (negative) is fine', () => {
    expect(messages(studentPaymentFormSchema.safeParse({ ...form, amount: null }))).toEqual({
      amount: 'validation.required',
    });
    expect(messages(studentPaymentFormSchema.safeParse({ ...form, amount: 0 }))).toEqual({
      amount: 'studentPayments.form.amountNotZero',
    });
    expect(messages(studentPaymentFormSchema.safeParse({ ...form, paymentDate: null }))).toEqual({
      paymentDate: 'validation.required',
    });
    expect(studentPaymentFormSchema.safeParse({ ...form, amount: -5000 }).success).toBe(true);
  });
});
