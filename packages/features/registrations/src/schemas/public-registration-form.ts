import { LICENSE_CLASSES, SALUTATIONS } from '@fahrwerk/api';
import { z } from 'zod';
import type { PublicRegistrationInput } from '../api/registration-queries';

const PHONE = /^\+?[0-9 ()/-]{4,30}$/;
const POSTAL_CODE = /^[0-9]{5}$/;

/** Today as YYYY-MM-DD in the browser's calendar (birth dates must lie before it). */
const today = () => new Date().toLocaleDateString('sv-SE');

/**
 * The public registration form. Messages are keys of this package's texts (`validation.*`);
 * the rules mirror the contract's `PublicRegistrationInput`, so the server rarely refuses.
 */
export const publicRegistrationSchema = z
  .object({
    salutation: z.enum(SALUTATIONS).nullable(),
    firstName: z.string().trim().min(1, 'validation.firstName').max(100, 'validation.tooLong'),
    lastName: z.string().trim().min(1, 'validation.lastName').max(100, 'validation.tooLong'),
    birthDate: z
      .string()
      .nullable()
      .refine((value) => Boolean(value), 'validation.birthDate')
      .refine((value) => !value || value < today(), 'validation.birthDateFuture'),
    email: z
      .string()
      .trim()
      .max(254, 'validation.tooLong')
      .refine((value) => value === '' || z.email().safeParse(value).success, 'validation.email'),
    phone: z
      .string()
      .trim()
      .refine((value) => value === '' || PHONE.test(value), 'validation.phone'),
    street: z.string().trim().max(100, 'validation.tooLong'),
    houseNumber: z.string().trim().max(10, 'validation.tooLong'),
    postalCode: z
      .string()
      .trim()
      .refine((value) => value === '' || POSTAL_CODE.test(value), 'validation.postalCode'),
    city: z.string().trim().max(100, 'validation.tooLong'),
    licenseClasses: z
      .array(z.enum(LICENSE_CLASSES))
      .min(1, 'validation.licenseClasses')
      .max(5, 'validation.licenseClassesMax'),
    branchId: z.number().nullable(),
    theoryCourseId: z.number().nullable(),
    message: z.string().max(2000, 'validation.messageTooLong'),
    privacyAccepted: z.boolean().refine((value) => value, 'validation.privacy'),
  })
  .superRefine((form, context) => {
    if (!form.email && !form.phone) {
      context.addIssue({ code: 'custom', path: ['email'], message: 'validation.contact' });
      context.addIssue({ code: 'custom', path: ['phone'], message: 'validation.contact' });
    }
  });

export type PublicRegistrationFormValues = z.infer<typeof publicRegistrationSchema>;

export const emptyPublicRegistration = (): PublicRegistrationFormValues => ({
  salutation: null,
  firstName: '',
  lastName: '',
  birthDate: null,
  email: '',
  phone: '',
  street: '',
  houseNumber: '',
  postalCode: '',
  city: '',
  licenseClasses: [],
  branchId: null,
  theoryCourseId: null,
  message: '',
  privacyAccepted: false,
});

/** The contract body of the form's values: empty texts left out, never sent as "". */
export function toPublicRegistrationInput(
  form: PublicRegistrationFormValues,
): PublicRegistrationInput {
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const address = {
    street: text(form.street),
    houseNumber: text(form.houseNumber),
    postalCode: text(form.postalCode),
    city: text(form.city),
  };
  const hasAddress = Object.values(address).some((value) => value !== undefined);
  const input: PublicRegistrationInput = {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    birthDate: form.birthDate as string,
    licenseClasses: form.licenseClasses,
    privacyAccepted: true,
  };
  if (form.salutation) input.salutation = form.salutation;
  if (text(form.email)) input.email = text(form.email);
  if (text(form.phone)) input.phone = text(form.phone);
  if (hasAddress)
    input.address = {
      ...Object.fromEntries(Object.entries(address).filter(([, value]) => value !== undefined)),
      // The page is for German schools; the contract's default country.
      country: 'DE',
    };
  if (form.branchId !== null) input.branchId = form.branchId;
  if (form.theoryCourseId !== null) input.theoryCourseId = form.theoryCourseId;
  if (text(form.message)) input.message = form.message.trim();
  return input;
}

/** Server field names that differ from the form's: the address parts arrive as `address.*`. */
export const PUBLIC_SERVER_FIELDS = {
  'address.street': 'street',
  'address.houseNumber': 'houseNumber',
  'address.postalCode': 'postalCode',
  'address.city': 'city',
} as const satisfies Record<string, keyof PublicRegistrationFormValues>;
