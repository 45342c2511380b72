import type { components } from '@fahrwerk/api';
import { toIsoDate } from '@fahrwerk/ui';
import { z } from 'zod';
import { BIC, compactIban, isValidIban, SEPA_CHARACTERS } from './mandate-rules';

/*
 * The mandate forms: entered by the office from a signed paper form, and given online by the
 * account holder on the public page. Messages are text keys (this package's `mandates.*`, or
 * core's `validation.*`).
 */

type MandateInput = components['schemas']['MandateInput'];
type PublicMandateInput = components['schemas']['PublicMandateInput'];

/** A form cannot have been signed after today (Europe/Berlin). */
function notInFuture(date: string | null): boolean {
  return date === null || date <= toIsoDate(new Date());
}

const holderName = z.string().trim().min(1, 'validation.required').max(70, 'validation.max_length');

const iban = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .refine((value) => value === '' || isValidIban(value), { message: 'validation.iban' });

const bic = z
  .string()
  .trim()
  .refine((value) => value === '' || BIC.test(compactIban(value)), {
    message: 'mandates.form.invalidBic',
  });

export const mandateFormSchema = z.object({
  /** `''`: the mandate serves all the student's educations. */
  studentEducationId: z.string(),
  holderName,
  iban,
  bic,
  reference: z
    .string()
    .trim()
    .max(35, 'validation.max_length')
    .refine((value) => SEPA_CHARACTERS.test(value), {
      message: 'mandates.form.invalidReference',
    }),
  /** With a date of signature the mandate is confirmed at once. */
  signedAt: z.string().nullable().refine(notInFuture, 'mandates.form.signedInFuture'),
});

export type MandateForm = z.input<typeof mandateFormSchema>;

export function emptyMandateForm(studentEducationId?: number): MandateForm {
  return {
    studentEducationId: studentEducationId === undefined ? '' : String(studentEducationId),
    holderName: '',
    iban: '',
    bic: '',
    reference: '',
    signedAt: null,
  };
}

/** The body of `POST /live-pay-mandate`; empty optional fields are left out. */
export function toMandateInput(form: z.output<typeof mandateFormSchema>, studentId: number) {
  const input: MandateInput = {
    studentId,
    holderName: form.holderName,
    iban: compactIban(form.iban),
  };
  if (form.studentEducationId !== '') input.studentEducationId = Number(form.studentEducationId);
  if (form.bic !== '') input.bic = compactIban(form.bic);
  if (form.reference !== '') input.reference = form.reference;
  if (form.signedAt) input.signedAt = form.signedAt;
  return input;
}

export const confirmMandateSchema = z.object({
  signedAt: z
    .string()
    .nullable()
    .refine((value) => Boolean(value), 'validation.required')
    .refine(notInFuture, 'mandates.form.signedInFuture'),
});

export type ConfirmMandateForm = z.input<typeof confirmMandateSchema>;

export const mandateEmailSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(254, 'validation.max_length')
    .pipe(z.email('validation.email')),
  educationId: z.string().min(1, 'mandates.email.educationRequired'),
});

export type MandateEmailForm = z.input<typeof mandateEmailSchema>;

export const publicMandateFormSchema = z.object({
  holderName,
  iban,
  bic,
  consent: z.boolean().refine((value) => value, 'publicMandate.consentRequired'),
});

export type PublicMandateFormValues = z.input<typeof publicMandateFormSchema>;

export function emptyPublicMandateForm(): PublicMandateFormValues {
  return { holderName: '', iban: '', bic: '', consent: false };
}

/** The body of `POST /public/mandate-form/{token}`. */
export function toPublicMandateInput(
  form: z.output<typeof publicMandateFormSchema>,
): PublicMandateInput {
  return {
    holderName: form.holderName,
    iban: compactIban(form.iban),
    ...(form.bic !== '' ? { bic: compactIban(form.bic) } : {}),
    consent: true,
  };
}
