import type { components } from '@fahrwerk/api';
import { z } from 'zod';

/*
 * "Zahlung erfassen": a transfer seen on the bank statement, cash or a card payment of a
 * student (a negative amount pays money back). Direct debits come only from live pay.
 */

type PaymentInput = components['schemas']['PaymentInput'];

/** The methods the office records by hand (`DIRECT_DEBIT` answers 422 `direct_debit_not_manual`). */
export const MANUAL_PAYMENT_METHODS = ['TRANSFER', 'CASH', 'CARD'] as const;

/** The contract's bound of `SignedMoney`, in cents. */
const MAX_AMOUNT = 100_000_000;

export const studentPaymentFormSchema = z.object({
  amount: z
    .number()
    .int()
    .nullable()
    .superRefine((value, context) => {
      if (value === null) context.addIssue({ code: 'custom', message: 'validation.required' });
      else if (value === 0) {
        context.addIssue({ code: 'custom', message: 'studentPayments.form.amountNotZero' });
      } else if (Math.abs(value) > MAX_AMOUNT) {
        context.addIssue({ code: 'custom', message: 'validation.maximum' });
      }
    }),
  paymentDate: z
    .string()
    .nullable()
    .refine((value) => Boolean(value), 'validation.required'),
  method: z.enum(MANUAL_PAYMENT_METHODS),
  /** `''`: counted for the student, no education. */
  studentEducationId: z.string(),
  reference: z.string().trim().max(140, 'validation.max_length'),
  note: z.string().trim().max(1000, 'validation.max_length'),
});

export type StudentPaymentForm = z.input<typeof studentPaymentFormSchema>;

export function emptyStudentPaymentForm(today: string, studentEducationId?: number) {
  return {
    amount: null,
    paymentDate: today,
    method: 'TRANSFER',
    studentEducationId: studentEducationId === undefined ? '' : String(studentEducationId),
    reference: '',
    note: '',
  } satisfies StudentPaymentForm;
}

/** The body of `POST /payments` for a student. */
export function toPaymentInput(
  form: z.output<typeof studentPaymentFormSchema>,
  studentId: number,
): PaymentInput {
  return {
    studentId,
    amount: form.amount ?? 0,
    paymentDate: form.paymentDate ?? '',
    method: form.method,
    ...(form.studentEducationId !== ''
      ? { studentEducationId: Number(form.studentEducationId) }
      : {}),
    ...(form.reference !== '' ? { reference: form.reference } : {}),
    ...(form.note !== '' ? { note: form.note } : {}),
  };
}

/**
 * A fresh `Idempotency-Key` (made once per dialog opening): a random UUID, or random hex
 * where the browser offers no `randomUUID` (a page served over plain http).
 */
export function newIdempotencyKey(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
