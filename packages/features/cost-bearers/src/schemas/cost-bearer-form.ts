import { COST_BEARER_KINDS, E_INVOICE_FORMATS } from '@fahrwerk/api';
import { z } from 'zod';
import type { CostBearer, CostBearerInput } from '../api/cost-bearer-queries';

/*
 * The cost-bearer form: every field a string as typed, checked with the contract's patterns
 * (types.yaml, cost-bearers.yaml) so bad input gets a German message before the server is
 * asked. Messages are i18n keys of this package; `max` goes into the text.
 */

const optional = (max: number, pattern?: RegExp, message?: string) =>
  z
    .string()
    .trim()
    .max(max, { message: 'formError.tooLong' })
    .refine((value) => value === '' || !pattern || pattern.test(value), {
      message: message ?? 'formError.required',
    });

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()/-]{4,30}$/;
const POSTAL_CODE = /^[0-9]{5}$/;
const IBAN = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/;
const BIC = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
const LEITWEG_ID = /^[0-9]{2,12}(-[A-Za-z0-9]{1,30})?-[0-9]{2}$/;

export const costBearerFormSchema = z
  .object({
    kind: z.enum(COST_BEARER_KINDS),
    name: z
      .string()
      .trim()
      .min(1, { message: 'formError.nameRequired' })
      .max(200, { message: 'formError.tooLong' }),
    contactPerson: optional(100),
    email: optional(254, EMAIL, 'formError.email'),
    phone: optional(30, PHONE, 'formError.phone'),
    street: optional(100),
    houseNumber: optional(10),
    postalCode: optional(5, POSTAL_CODE, 'formError.postalCode'),
    city: optional(100),
    // Typed with spaces as printed on letters; compared without them.
    iban: z
      .string()
      .transform((value) => value.replace(/\s+/g, '').toUpperCase())
      .refine((value) => value === '' || IBAN.test(value), { message: 'formError.iban' }),
    bic: z
      .string()
      .transform((value) => value.replace(/\s+/g, '').toUpperCase())
      .refine((value) => value === '' || BIC.test(value), { message: 'formError.bic' }),
    eInvoiceFormat: z.enum(E_INVOICE_FORMATS),
    leitwegId: optional(46, LEITWEG_ID, 'formError.leitwegId'),
    customerNumber: optional(35),
  })
  .superRefine((form, context) => {
    if (form.eInvoiceFormat === 'XRECHNUNG' && form.leitwegId === '') {
      context.addIssue({
        code: 'custom',
        path: ['leitwegId'],
        message: 'formError.leitwegIdRequired',
      });
    }
  });

export type CostBearerFormInput = z.input<typeof costBearerFormSchema>;
export type CostBearerForm = z.output<typeof costBearerFormSchema>;

export function costBearerFormValues(costBearer?: CostBearer): CostBearerFormInput {
  return {
    kind: costBearer?.kind ?? 'JOB_CENTER',
    name: costBearer?.name ?? '',
    contactPerson: costBearer?.contactPerson ?? '',
    email: costBearer?.email ?? '',
    phone: costBearer?.phone ?? '',
    street: costBearer?.address?.street ?? '',
    houseNumber: costBearer?.address?.houseNumber ?? '',
    postalCode: costBearer?.address?.postalCode ?? '',
    city: costBearer?.address?.city ?? '',
    iban: costBearer?.iban ?? '',
    bic: costBearer?.bic ?? '',
    eInvoiceFormat: costBearer?.eInvoiceFormat ?? 'PDF',
    leitwegId: costBearer?.leitwegId ?? '',
    customerNumber: costBearer?.customerNumber ?? '',
  };
}

/** Server field names that differ from the form's: the address parts arrive as `address.*`. */
export const COST_BEARER_SERVER_FIELDS = {
  'address.street': 'street',
  'address.houseNumber': 'houseNumber',
  'address.postalCode': 'postalCode',
  'address.city': 'city',
} as const satisfies Record<string, keyof CostBearerFormInput>;

/** The contract body: empty fields are left out (the contract has no empty strings or nulls). */
export function toCostBearerInput(form: CostBearerForm, previous?: CostBearer): CostBearerInput {
  const filled = (value: string) => (value === '' ? undefined : value);
  const address = {
    street: filled(form.street),
    houseNumber: filled(form.houseNumber),
    postalCode: filled(form.postalCode),
    city: filled(form.city),
  };
  const hasAddress = Object.values(address).some((value) => value !== undefined);
  const input: CostBearerInput = {
    kind: form.kind,
    name: form.name,
    eInvoiceFormat: form.eInvoiceFormat,
  };
  const optionalFields = {
    contactPerson: filled(form.contactPerson),
    email: filled(form.email),
    phone: filled(form.phone),
    iban: filled(form.iban),
    bic: filled(form.bic),
    leitwegId: filled(form.leitwegId),
    customerNumber: filled(form.customerNumber),
  };
  for (const [key, value] of Object.entries(optionalFields)) {
    if (value !== undefined) (input as Record<string, unknown>)[key] = value;
  }
  if (hasAddress) {
    // Keep a country the office did not see in the form (default DE).
    input.address = {
      ...Object.fromEntries(Object.entries(address).filter(([, value]) => value !== undefined)),
      country: previous?.address?.country ?? 'DE',
    };
  }
  return input;
}
