import {
  EDUCATION_STATUSES,
  GRANT_TYPES,
  LANGUAGES,
  LICENSE_CLASSES,
  PAYMENT_METHODS,
  PAYMENT_WORKFLOWS,
  SALUTATIONS,
} from '@fahrwerk/api';
import { z } from 'zod';
import type { Student, StudentInput } from '../api/student-queries';

/** Messages are i18n keys: the form translates them (own namespace first, then core). */
const optionalText = (max: number, pattern?: RegExp, message = 'validation.pattern') =>
  z
    .string()
    .trim()
    .max(max, 'validation.max_length')
    .refine((value) => value === '' || !pattern || pattern.test(value), message);

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.enum(values), z.literal('')]);

const isoDate = z.string().nullable();
const id = z.string();

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()/-]{4,30}$/;

/** ISO 13616: move the first four characters to the end, letters to numbers, mod 97 = 1. */
export function isValidIban(raw: string): boolean {
  const iban = raw.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) =>
    String(c.charCodeAt(0) - 55),
  );
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1;
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

export const studentFormSchema = z
  .object({
    salutation: optionalEnum(SALUTATIONS),
    firstName: z.string().trim().min(1, 'validation.required').max(100, 'validation.max_length'),
    lastName: z.string().trim().min(1, 'validation.required').max(100, 'validation.max_length'),
    birthDate: isoDate,
    birthPlace: optionalText(100),
    address: z.object({
      street: optionalText(100),
      houseNumber: optionalText(10),
      postalCode: optionalText(5, /^[0-9]{5}$/, 'form.invalid.postalCode'),
      city: optionalText(100),
    }),
    phonePrivate: optionalText(30, PHONE, 'form.invalid.phone'),
    phoneMobile: optionalText(30, PHONE, 'form.invalid.phone'),
    phoneWork: optionalText(30, PHONE, 'form.invalid.phone'),
    email: optionalText(254, EMAIL, 'validation.email'),
    learningAppEmail: optionalText(254, EMAIL, 'validation.email'),
    payerEmail: optionalText(254, EMAIL, 'validation.email'),
    language: z.enum(LANGUAGES),
    nationality: optionalText(2, /^[A-Za-z]{2}$/, 'form.invalid.country'),
    driverLicenseNumber: optionalText(30, /^[A-Za-z0-9]{1,30}$/, 'form.invalid.licenseNumber'),
    licenseDate: isoDate,
    keyNumber: optionalText(6, /^[0-9]{2,3}(\.[0-9]{2})?$/, 'form.invalid.keyNumber'),
    previousClass: optionalEnum(LICENSE_CLASSES),
    mainClass: optionalEnum(LICENSE_CLASSES),
    furtherClass: optionalEnum(LICENSE_CLASSES),
    grantType: optionalEnum(GRANT_TYPES),
    registrationDate: isoDate,
    applicationDate: isoDate,
    applicationReturnDate: isoDate,
    returnNumber: optionalText(50),
    processNumber: optionalText(50),
    testLocation: optionalText(100),
    testingOrganizationId: id,
    visualAid: z.boolean(),
    paymentMethod: optionalEnum(PAYMENT_METHODS),
    paymentWorkflow: optionalEnum(PAYMENT_WORKFLOWS),
    priceListId: id,
    discount: z.number().min(0, 'validation.minimum').max(100, 'validation.maximum').nullable(),
    studentCategoryIds: z.array(z.string()),
    learningAppLoginAllowed: z.boolean(),
    instructorId: id,
    branchId: z.string().min(1, 'validation.required'),
    adrExpiryDate: isoDate,
    driverCardExpiryDate: isoDate,
    licenseClasses: z.array(z.enum(LICENSE_CLASSES)),
    fqnNumber: optionalText(30),
    fqnExpiryDate: isoDate,
    iban: z.string().trim(),
    bic: optionalText(11, /^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$/, 'form.invalid.bic'),
    accountHolder: optionalText(70),
  })
  .superRefine((form, ctx) => {
    const now = today();
    if (form.birthDate && form.birthDate > now) {
      ctx.addIssue({ code: 'custom', path: ['birthDate'], message: 'form.invalid.future' });
    }
    if (form.licenseDate && form.licenseDate > now) {
      ctx.addIssue({ code: 'custom', path: ['licenseDate'], message: 'form.invalid.future' });
    }
    if (
      form.applicationDate &&
      form.applicationReturnDate &&
      form.applicationReturnDate < form.applicationDate
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['applicationReturnDate'],
        message: 'form.invalid.returnBeforeApplication',
      });
    }
    if (form.iban && !isValidIban(form.iban)) {
      ctx.addIssue({ code: 'custom', path: ['iban'], message: 'validation.iban' });
    }
    // Direct debit needs the account: IBAN and account holder (the BIC is optional in SEPA).
    if (form.paymentMethod === 'DIRECT_DEBIT') {
      if (!form.iban) {
        ctx.addIssue({ code: 'custom', path: ['iban'], message: 'form.invalid.ibanForDebit' });
      }
      if (!form.accountHolder) {
        ctx.addIssue({
          code: 'custom',
          path: ['accountHolder'],
          message: 'form.invalid.holderForDebit',
        });
      }
    }
    if (form.accountHolder && !form.iban) {
      ctx.addIssue({ code: 'custom', path: ['iban'], message: 'form.invalid.ibanWithHolder' });
    }
  });

export type StudentForm = z.infer<typeof studentFormSchema>;

export function emptyStudentForm(branchId = ''): StudentForm {
  return {
    salutation: '',
    firstName: '',
    lastName: '',
    birthDate: null,
    birthPlace: '',
    address: { street: '', houseNumber: '', postalCode: '', city: '' },
    phonePrivate: '',
    phoneMobile: '',
    phoneWork: '',
    email: '',
    learningAppEmail: '',
    payerEmail: '',
    language: 'de',
    nationality: '',
    driverLicenseNumber: '',
    licenseDate: null,
    keyNumber: '',
    previousClass: '',
    mainClass: '',
    furtherClass: '',
    grantType: '',
    registrationDate: today(),
    applicationDate: null,
    applicationReturnDate: null,
    returnNumber: '',
    processNumber: '',
    testLocation: '',
    testingOrganizationId: '',
    visualAid: false,
    paymentMethod: '',
    paymentWorkflow: '',
    priceListId: '',
    discount: null,
    studentCategoryIds: [],
    learningAppLoginAllowed: true,
    instructorId: '',
    branchId,
    adrExpiryDate: null,
    driverCardExpiryDate: null,
    licenseClasses: [],
    fqnNumber: '',
    fqnExpiryDate: null,
    iban: '',
    bic: '',
    accountHolder: '',
  };
}

const str = (value: string | number | undefined) => (value === undefined ? '' : String(value));

export function studentToForm(student: Student): StudentForm {
  return {
    salutation: student.salutation ?? '',
    firstName: student.firstName,
    lastName: student.lastName,
    birthDate: student.birthDate ?? null,
    birthPlace: str(student.birthPlace),
    address: {
      street: str(student.address?.street),
      houseNumber: str(student.address?.houseNumber),
      postalCode: str(student.address?.postalCode),
      city: str(student.address?.city),
    },
    phonePrivate: str(student.phonePrivate),
    phoneMobile: str(student.phoneMobile),
    phoneWork: str(student.phoneWork),
    email: str(student.email),
    learningAppEmail: str(student.learningAppEmail),
    payerEmail: str(student.payerEmail),
    language: student.language,
    nationality: str(student.nationality),
    driverLicenseNumber: str(student.driverLicenseNumber),
    licenseDate: student.licenseDate ?? null,
    keyNumber: str(student.keyNumber),
    previousClass: student.previousClass ?? '',
    mainClass: student.mainClass ?? '',
    furtherClass: student.furtherClass ?? '',
    grantType: student.grantType ?? '',
    registrationDate: student.registrationDate ?? null,
    applicationDate: student.applicationDate ?? null,
    applicationReturnDate: student.applicationReturnDate ?? null,
    returnNumber: str(student.returnNumber),
    processNumber: str(student.processNumber),
    testLocation: str(student.testLocation),
    testingOrganizationId: str(student.testingOrganizationId),
    visualAid: student.visualAid,
    paymentMethod: student.paymentMethod ?? '',
    paymentWorkflow: student.paymentWorkflow ?? '',
    priceListId: str(student.priceListId),
    discount: student.discount ?? null,
    studentCategoryIds: student.studentCategoryIds.map(String),
    learningAppLoginAllowed: student.learningAppLoginAllowed,
    instructorId: str(student.instructorId),
    branchId: String(student.branchId),
    adrExpiryDate: student.adrExpiryDate ?? null,
    driverCardExpiryDate: student.driverCardExpiryDate ?? null,
    licenseClasses: [...student.licenseClasses],
    fqnNumber: str(student.fqnNumber),
    fqnExpiryDate: student.fqnExpiryDate ?? null,
    iban: str(student.iban),
    bic: str(student.bic),
    accountHolder: str(student.accountHolder),
  };
}

/** Empty texts and unset choices are left out: a PUT then clears them (see the contract). */
export function formToInput(form: StudentForm): StudentInput {
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const num = (value: string) => (value === '' ? undefined : Number(value));
  const date = (value: string | null) => value ?? undefined;
  const choice = <T extends string>(value: T | '') => (value === '' ? undefined : value);
  const address = {
    street: text(form.address.street),
    houseNumber: text(form.address.houseNumber),
    postalCode: text(form.address.postalCode),
    city: text(form.address.city),
  };
  const input: StudentInput = {
    salutation: choice(form.salutation),
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    birthDate: date(form.birthDate),
    birthPlace: text(form.birthPlace),
    // German schools: addresses are German unless the server says otherwise (country defaults to DE).
    address: Object.values(address).some(Boolean) ? { ...address, country: 'DE' } : undefined,
    phonePrivate: text(form.phonePrivate),
    phoneMobile: text(form.phoneMobile),
    phoneWork: text(form.phoneWork),
    email: text(form.email),
    learningAppEmail: text(form.learningAppEmail),
    payerEmail: text(form.payerEmail),
    language: form.language,
    nationality: text(form.nationality)?.toUpperCase(),
    driverLicenseNumber: text(form.driverLicenseNumber)?.toUpperCase(),
    licenseDate: date(form.licenseDate),
    keyNumber: text(form.keyNumber),
    previousClass: choice(form.previousClass),
    mainClass: choice(form.mainClass),
    furtherClass: choice(form.furtherClass),
    grantType: choice(form.grantType),
    registrationDate: date(form.registrationDate),
    applicationDate: date(form.applicationDate),
    applicationReturnDate: date(form.applicationReturnDate),
    returnNumber: text(form.returnNumber),
    processNumber: text(form.processNumber),
    testLocation: text(form.testLocation),
    testingOrganizationId: num(form.testingOrganizationId),
    visualAid: form.visualAid,
    paymentMethod: choice(form.paymentMethod),
    paymentWorkflow: choice(form.paymentWorkflow),
    priceListId: num(form.priceListId),
    discount: form.discount ?? undefined,
    studentCategoryIds: form.studentCategoryIds.map(Number),
    learningAppLoginAllowed: form.learningAppLoginAllowed,
    instructorId: num(form.instructorId),
    branchId: Number(form.branchId),
    adrExpiryDate: date(form.adrExpiryDate),
    driverCardExpiryDate: date(form.driverCardExpiryDate),
    licenseClasses: form.licenseClasses,
    fqnNumber: text(form.fqnNumber),
    fqnExpiryDate: date(form.fqnExpiryDate),
    iban: text(form.iban)?.replace(/\s+/g, '').toUpperCase(),
    bic: text(form.bic)?.toUpperCase(),
    accountHolder: text(form.accountHolder),
  };
  // Absent, not `undefined`: the contract forbids unknown keys and some validators see null-ish keys.
  return Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined),
  ) as StudentInput;
}

export const educationFormSchema = z.object({
  licenseClass: z.union([z.enum(LICENSE_CLASSES), z.literal('')]).refine((v) => v.length > 0, {
    message: 'validation.required',
  }),
  baseLicenseClass: optionalEnum(LICENSE_CLASSES),
  status: z.enum(EDUCATION_STATUSES),
  instructorId: id,
  branchId: id,
  priceListId: id,
  paymentWorkflow: z.enum(PAYMENT_WORKFLOWS),
  theoryQuestionsVersion: optionalText(
    10,
    /^[0-9]{4}-[0-9]{2}(-[0-9]{2})?$/,
    'form.invalid.questionsVersion',
  ),
  startDate: isoDate,
  courseIds: z.array(z.string()).max(3, 'form.invalid.maxCourses'),
});

export type EducationForm = z.infer<typeof educationFormSchema>;
