import {
  CHARTS_OF_ACCOUNTS,
  FEDERAL_STATES,
  MAIL_CONNECTION_SECURITIES,
  TESTING_ORGANIZATION_KINDS,
} from '@fahrwerk/api';
import { z } from 'zod';
import type {
  AccountsConfig,
  EmailConfig,
  EmailConfigInput,
  FederalState,
  FinancialConfig,
  MailServerSettings,
  MasterData,
  MasterDataInput,
  StudentCategory,
  StudentCategoryInput,
  TestingOrganization,
  TestingOrganizationInput,
} from '../api/settings-queries';
import {
  compact,
  isValidBic,
  isValidCreditorId,
  isValidIban,
  isValidTaxNumber,
  isValidUrl,
  isValidVatId,
} from './checks';

/* Messages are translation keys: `validation.*` of this package, else of core. */

const optionalText = (max: number) => z.string().trim().max(max, 'validation.max_length');
const optionalChecked = (check: (value: string) => boolean, message: string, max = 100) =>
  z
    .string()
    .trim()
    .max(max, 'validation.max_length')
    .refine((value) => value === '' || check(value), message);

export const masterDataSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(150, 'validation.max_length'),
  website: optionalChecked(isValidUrl, 'validation.url', 2000),
  email: z.string().trim().min(1, 'validation.required').pipe(z.email('validation.email')),
  phone: optionalChecked((value) => /^\+?[0-9 ()/-]{4,30}$/.test(value), 'validation.phone', 30),
  street: optionalText(100),
  houseNumber: optionalText(10),
  postalCode: optionalChecked((value) => /^[0-9]{5}$/.test(value), 'validation.postal_code', 5),
  city: optionalText(100),
  federalState: z.enum(FEDERAL_STATES, 'validation.required'),
  taxOffice: optionalText(100),
  payrollTaxNumber: optionalChecked(isValidTaxNumber, 'validation.tax_number', 15),
  vatTaxNumber: optionalChecked(isValidTaxNumber, 'validation.tax_number', 15),
  vatId: optionalChecked(isValidVatId, 'validation.vat_id', 20),
  iban: optionalChecked(isValidIban, 'validation.iban', 50),
  bic: optionalChecked(isValidBic, 'validation.bic', 20),
  creditorId: optionalChecked(isValidCreditorId, 'validation.creditor_id', 50),
  accountingGroup: optionalText(50),
  responsiblePerson: optionalText(100),
  /** Days between pre-notification and collection of a direct debit (14 unless agreed shorter). */
  preNotificationDays: z
    .number('validation.required')
    .int('validation.pre_notification_days')
    .min(1, 'validation.pre_notification_days')
    .max(14, 'validation.pre_notification_days'),
  /** Cents; may be negative (the student may owe up to this much). */
  lowBalanceThreshold: z
    .number('validation.required')
    .int('validation.low_balance_threshold')
    .min(-100000000, 'validation.low_balance_threshold')
    .max(100000000, 'validation.low_balance_threshold'),
  automaticExamOrganisationFees: z.boolean(),
  bankFeeOnFailedLivePay: z.boolean(),
  restrictedPlanningOnLowBalance: z.boolean(),
  stampOnCertificates: z.boolean(),
});
export type MasterDataForm = z.infer<typeof masterDataSchema>;

/** SEPA's pre-notification period unless the school agreed a shorter one with its students. */
export const DEFAULT_PRE_NOTIFICATION_DAYS = 14;

export function masterDataToForm(data: MasterData): MasterDataForm {
  return {
    name: data.name,
    website: data.website ?? '',
    email: data.email ?? '',
    phone: data.phone ?? '',
    street: data.address?.street ?? '',
    houseNumber: data.address?.houseNumber ?? '',
    postalCode: data.address?.postalCode ?? '',
    city: data.address?.city ?? '',
    // A school that never saved has no state yet; the select then asks for one.
    federalState: (data.federalState ?? '') as FederalState,
    taxOffice: data.taxOffice ?? '',
    payrollTaxNumber: data.payrollTaxNumber ?? '',
    vatTaxNumber: data.vatTaxNumber ?? '',
    vatId: data.vatId ?? '',
    iban: data.iban ?? '',
    bic: data.bic ?? '',
    creditorId: data.creditorId ?? '',
    accountingGroup: data.accountingGroup ?? '',
    responsiblePerson: data.responsiblePerson ?? '',
    preNotificationDays: data.preNotificationDays ?? DEFAULT_PRE_NOTIFICATION_DAYS,
    lowBalanceThreshold: data.lowBalanceThreshold ?? 0,
    ...data.switches,
  };
}

const orUndefined = (value: string) => (value.trim() === '' ? undefined : value.trim());

export function formToMasterData(form: MasterDataForm): MasterDataInput {
  const address = {
    street: orUndefined(form.street),
    houseNumber: orUndefined(form.houseNumber),
    postalCode: orUndefined(form.postalCode),
    city: orUndefined(form.city),
  };
  const hasAddress = Object.values(address).some((value) => value !== undefined);
  const upper = (value: string) => orUndefined(compact(value));
  return stripUndefined({
    name: form.name.trim(),
    website: orUndefined(form.website),
    email: form.email.trim(),
    phone: orUndefined(form.phone),
    // Postal codes are German (five digits), so the country is Germany.
    address: hasAddress ? { ...stripUndefined(address), country: 'DE' } : undefined,
    federalState: form.federalState,
    taxOffice: orUndefined(form.taxOffice),
    payrollTaxNumber: orUndefined(form.payrollTaxNumber),
    vatTaxNumber: orUndefined(form.vatTaxNumber),
    vatId: upper(form.vatId),
    iban: upper(form.iban),
    bic: upper(form.bic),
    creditorId: upper(form.creditorId),
    accountingGroup: orUndefined(form.accountingGroup),
    responsiblePerson: orUndefined(form.responsiblePerson),
    preNotificationDays: form.preNotificationDays,
    lowBalanceThreshold: form.lowBalanceThreshold,
    switches: {
      automaticExamOrganisationFees: form.automaticExamOrganisationFees,
      bankFeeOnFailedLivePay: form.bankFeeOnFailedLivePay,
      restrictedPlanningOnLowBalance: form.restrictedPlanningOnLowBalance,
      stampOnCertificates: form.stampOnCertificates,
    },
  }) as MasterDataInput;
}

function stripUndefined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** Server field names that differ from the master data form's (the rest land by name). */
export const MASTER_DATA_SERVER_FIELDS = {
  'address.street': 'street',
  'address.houseNumber': 'houseNumber',
  'address.postalCode': 'postalCode',
  'address.city': 'city',
} as const satisfies Record<string, keyof MasterDataForm>;

// ---- financial configuration ----------------------------------------------------------

export const FOOTNOTE_MAX = 2000;

export const financialSchema = z.object({
  studentPaymentRequestFootnote: optionalText(FOOTNOTE_MAX),
  costBearerPaymentRequestFootnote: optionalText(FOOTNOTE_MAX),
  studentFinalInvoiceFootnote: optionalText(FOOTNOTE_MAX),
  costBearerFinalInvoiceFootnote: optionalText(FOOTNOTE_MAX),
  gdprUrl: optionalChecked(isValidUrl, 'validation.url', 2000),
  termsUrl: optionalChecked(isValidUrl, 'validation.url', 2000),
});
export type FinancialForm = z.infer<typeof financialSchema>;
export const FINANCIAL_FIELDS = Object.keys(financialSchema.shape) as (keyof FinancialForm)[];

export const financialToForm = (config: FinancialConfig): FinancialForm =>
  Object.fromEntries(
    FINANCIAL_FIELDS.map((field) => [field, config[field] ?? '']),
  ) as FinancialForm;

export const formToFinancial = (form: FinancialForm): FinancialConfig =>
  stripUndefined(
    Object.fromEntries(FINANCIAL_FIELDS.map((field) => [field, orUndefined(form[field])])),
  ) as FinancialConfig;

// ---- accounting frame -----------------------------------------------------------------

export const ACCOUNT_FIELDS = [
  'revenue19Account',
  'revenue7Account',
  'revenue0Account',
  'cashAccount',
  'transitAccount',
  'passingItemsAccount',
  'livePayAccount',
  'bankAccount',
] as const;
export type AccountField = (typeof ACCOUNT_FIELDS)[number];
export type ChartOfAccounts = AccountsConfig['chartOfAccounts'];

/**
 * The usual accounts of both DATEV frames. Tax-free revenue: driving schools' vocational
 * training (e.g. professional driver qualification) can be tax-free under § 4 Nr. 21 UStG,
 * booked on "steuerfreie Umsätze § 4 Nr. 8 ff. UStG" (SKR03 8100, SKR04 4100). Live pay is
 * collected on a clearing account; we offer a sub-account of money in transit (1361/1461),
 * which the school may replace with its own bank clearing account.
 */
export const DEFAULT_ACCOUNTS: Record<ChartOfAccounts, Record<AccountField, string>> = {
  SKR03: {
    revenue19Account: '8400',
    revenue7Account: '8300',
    revenue0Account: '8100',
    cashAccount: '1000',
    transitAccount: '1360',
    passingItemsAccount: '1590',
    livePayAccount: '1361',
    bankAccount: '1200',
  },
  SKR04: {
    revenue19Account: '4400',
    revenue7Account: '4300',
    revenue0Account: '4100',
    cashAccount: '1600',
    transitAccount: '1460',
    passingItemsAccount: '1370',
    livePayAccount: '1461',
    bankAccount: '1800',
  },
};

const account = z
  .string()
  .trim()
  .regex(/^[0-9]{4}$/, 'validation.account_number');
/** An optional whole number typed as text (no thousands separator), checked against its range. */
const optionalNumberText = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) => value === '' || (/^[0-9]+$/.test(value) && +value >= min && +value <= max),
      message,
    );

export const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

export const accountsSchema = z.object({
  chartOfAccounts: z.enum(CHARTS_OF_ACCOUNTS),
  revenue19Account: account,
  revenue7Account: account,
  revenue0Account: account,
  cashAccount: account,
  transitAccount: account,
  passingItemsAccount: account,
  livePayAccount: account,
  bankAccount: account,
  debtorAccount: z
    .string()
    .trim()
    .regex(/^[0-9]{5}$/, 'validation.debtor_account')
    .refine((value) => +value >= 10000 && +value <= 69999, 'validation.debtor_account'),
  consultantNumber: optionalNumberText(1001, 9999999, 'validation.consultant_number'),
  clientNumber: optionalNumberText(1, 99999, 'validation.client_number'),
  fiscalYearStartMonth: z.number().int().min(1).max(12),
  bookkeepingPortalUrl: optionalChecked(isValidUrl, 'validation.url', 2000),
});
export type AccountsForm = z.infer<typeof accountsSchema>;

/** The collective debtor account a school that never saved is answered with. */
export const DEFAULT_DEBTOR_ACCOUNT = '10000';

/** The form's values of a configuration; what the server left out gets its documented default. */
export const accountsToForm = (config: AccountsConfig): AccountsForm => ({
  chartOfAccounts: config.chartOfAccounts,
  revenue19Account: config.revenue19Account,
  revenue7Account: config.revenue7Account,
  revenue0Account: config.revenue0Account,
  cashAccount: config.cashAccount,
  transitAccount: config.transitAccount,
  passingItemsAccount: config.passingItemsAccount,
  livePayAccount: config.livePayAccount,
  bankAccount: config.bankAccount ?? DEFAULT_ACCOUNTS[config.chartOfAccounts].bankAccount,
  debtorAccount: config.debtorAccount ?? DEFAULT_DEBTOR_ACCOUNT,
  consultantNumber: config.consultantNumber === undefined ? '' : String(config.consultantNumber),
  clientNumber: config.clientNumber === undefined ? '' : String(config.clientNumber),
  fiscalYearStartMonth: config.fiscalYearStartMonth ?? 1,
  bookkeepingPortalUrl: config.bookkeepingPortalUrl ?? '',
});

/** The PUT body: empty optional fields are left out (the server then answers their default). */
export const formToAccounts = (form: AccountsForm): AccountsConfig =>
  stripUndefined({
    chartOfAccounts: form.chartOfAccounts,
    revenue19Account: form.revenue19Account.trim(),
    revenue7Account: form.revenue7Account.trim(),
    revenue0Account: form.revenue0Account.trim(),
    cashAccount: form.cashAccount.trim(),
    transitAccount: form.transitAccount.trim(),
    passingItemsAccount: form.passingItemsAccount.trim(),
    livePayAccount: form.livePayAccount.trim(),
    bankAccount: form.bankAccount.trim(),
    debtorAccount: form.debtorAccount.trim(),
    consultantNumber:
      form.consultantNumber.trim() === '' ? undefined : Number(form.consultantNumber),
    clientNumber: form.clientNumber.trim() === '' ? undefined : Number(form.clientNumber),
    fiscalYearStartMonth: form.fiscalYearStartMonth,
    bookkeepingPortalUrl: orUndefined(form.bookkeepingPortalUrl),
  }) as AccountsConfig;

/** True when every account is the default of the given frame (switching may then just apply). */
export const isDefaultOf = (form: AccountsForm, frame: ChartOfAccounts) =>
  ACCOUNT_FIELDS.every((field) => form[field] === DEFAULT_ACCOUNTS[frame][field]);

// ---- testing organizations and student categories -------------------------------------

export const testingOrganizationSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(150, 'validation.max_length'),
  kind: z.enum(TESTING_ORGANIZATION_KINDS),
  street: optionalText(100),
  houseNumber: optionalText(10),
  postalCode: optionalChecked((value) => /^[0-9]{5}$/.test(value), 'validation.postal_code', 5),
  city: optionalText(100),
  phone: optionalChecked((value) => /^\+?[0-9 ()/-]{4,30}$/.test(value), 'validation.phone', 30),
  email: optionalChecked((value) => z.email().safeParse(value).success, 'validation.email', 254),
});
export type TestingOrganizationForm = z.infer<typeof testingOrganizationSchema>;

export const testingOrganizationToForm = (row?: TestingOrganization): TestingOrganizationForm => ({
  name: row?.name ?? '',
  kind: row?.kind ?? 'TUEV',
  street: row?.address?.street ?? '',
  houseNumber: row?.address?.houseNumber ?? '',
  postalCode: row?.address?.postalCode ?? '',
  city: row?.address?.city ?? '',
  phone: row?.phone ?? '',
  email: row?.email ?? '',
});

export function formToTestingOrganization(form: TestingOrganizationForm): TestingOrganizationInput {
  const address = stripUndefined({
    street: orUndefined(form.street),
    houseNumber: orUndefined(form.houseNumber),
    postalCode: orUndefined(form.postalCode),
    city: orUndefined(form.city),
  });
  return stripUndefined({
    name: form.name.trim(),
    kind: form.kind,
    address: Object.keys(address).length > 0 ? { ...address, country: 'DE' } : undefined,
    phone: orUndefined(form.phone),
    email: orUndefined(form.email),
  }) as TestingOrganizationInput;
}

/** Server field names that differ from the testing-organisation form's. */
export const TESTING_ORGANIZATION_SERVER_FIELDS = {
  'address.street': 'street',
  'address.houseNumber': 'houseNumber',
  'address.postalCode': 'postalCode',
  'address.city': 'city',
} as const satisfies Record<string, keyof TestingOrganizationForm>;

export const studentCategorySchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(100, 'validation.max_length'),
  abbreviation: z.string().trim().min(1, 'validation.required').max(10, 'validation.max_length'),
  appearance: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'validation.color'),
});
export type StudentCategoryForm = z.infer<typeof studentCategorySchema>;

export const studentCategoryToForm = (row?: StudentCategory): StudentCategoryForm => ({
  name: row?.name ?? '',
  abbreviation: row?.abbreviation ?? '',
  appearance: row?.appearance ?? '#2563eb',
});

export const formToStudentCategory = (form: StudentCategoryForm): StudentCategoryInput => ({
  name: form.name.trim(),
  abbreviation: form.abbreviation.trim(),
  appearance: form.appearance.toLowerCase(),
});

// ---- mail server check ----------------------------------------------------------------

const host = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(253, 'validation.max_length')
  .regex(
    /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/,
    'validation.host',
  );
const port = z
  .number('validation.required')
  .int('validation.port')
  .min(1, 'validation.port')
  .max(65535, 'validation.port');

export const mailCheckSchema = z.object({
  smtpHost: host,
  smtpPort: port,
  smtpSecurity: z.enum(MAIL_CONNECTION_SECURITIES),
  imapHost: host,
  imapPort: port,
  imapSecurity: z.enum(MAIL_CONNECTION_SECURITIES),
  username: z.string().trim().min(1, 'validation.required').max(254, 'validation.max_length'),
  /** Empty with a saved account: the stored password is used. */
  password: z.string().max(500, 'validation.max_length'),
});
export type MailCheckForm = z.infer<typeof mailCheckSchema>;

// ---- mail accounts --------------------------------------------------------------------

/**
 * The mail account dialog. The password is needed when creating; when editing, empty keeps
 * the stored one (the contract's update leaves it out then).
 */
export const mailAccountSchema = (isNew: boolean) =>
  mailCheckSchema.extend({
    email: z
      .string()
      .trim()
      .min(1, 'validation.required')
      .max(254, 'validation.max_length')
      .pipe(z.email('validation.email')),
    senderName: optionalText(100),
    // The users' ids as strings, as the checkbox group gives them.
    userIds: z.array(z.string()).min(1, 'validation.mail_users').max(200, 'validation.max_items'),
    password: isNew
      ? z.string().min(1, 'validation.required').max(500, 'validation.max_length')
      : z.string().max(500, 'validation.max_length'),
  });
export type MailAccountForm = z.infer<ReturnType<typeof mailAccountSchema>>;

/** The fields the connection test needs (checked before "Verbindung testen" calls the server). */
export const MAIL_CHECK_FIELDS = [
  'smtpHost',
  'smtpPort',
  'smtpSecurity',
  'imapHost',
  'imapPort',
  'imapSecurity',
  'username',
  'password',
] as const satisfies readonly (keyof MailAccountForm)[];

export const mailAccountToForm = (row?: EmailConfig): MailAccountForm => ({
  email: row?.email ?? '',
  senderName: row?.senderName ?? '',
  userIds: (row?.userIds ?? []).map(String),
  smtpHost: row?.smtpHost ?? '',
  smtpPort: row?.smtpPort ?? 587,
  smtpSecurity: row?.smtpSecurity ?? 'STARTTLS',
  imapHost: row?.imapHost ?? '',
  imapPort: row?.imapPort ?? 993,
  imapSecurity: row?.imapSecurity ?? 'TLS',
  username: row?.username ?? '',
  password: '',
});

/** The body of create/update; an empty password is left out (update keeps the stored one). */
export const formToMailAccount = (form: MailAccountForm): EmailConfigInput =>
  stripUndefined({
    email: form.email.trim(),
    senderName: orUndefined(form.senderName),
    userIds: [...new Set(form.userIds)].map(Number),
    smtpHost: form.smtpHost.trim(),
    smtpPort: form.smtpPort,
    smtpSecurity: form.smtpSecurity,
    imapHost: form.imapHost.trim(),
    imapPort: form.imapPort,
    imapSecurity: form.imapSecurity,
    username: form.username.trim(),
    password: form.password === '' ? undefined : form.password,
  }) as EmailConfigInput;

/** The body of the connection test; with `id` and no password the server uses the stored one. */
export const formToMailServerSettings = (
  form: Pick<MailAccountForm, (typeof MAIL_CHECK_FIELDS)[number]>,
  id?: number,
): MailServerSettings =>
  stripUndefined({
    id,
    smtpHost: form.smtpHost.trim(),
    smtpPort: form.smtpPort,
    smtpSecurity: form.smtpSecurity,
    imapHost: form.imapHost.trim(),
    imapPort: form.imapPort,
    imapSecurity: form.imapSecurity,
    username: form.username.trim(),
    password: form.password === '' ? undefined : form.password,
  }) as MailServerSettings;
