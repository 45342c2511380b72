import type { components } from './generated/schema';

/*
 * The contract's enumerations as values for choice fields and zod schemas
 * (`z.enum(LICENSE_CLASSES)`), in the contract's order unless a comment says otherwise.
 * Each array is checked against the generated union: a value added to, removed from or
 * renamed in `openapi/` fails the typecheck here until the array follows. Labels are not
 * here; they live in the features' texts.
 */

type Schemas = components['schemas'];

/**
 * The values of the contract's union `Union`, checked both ways: every element is a member
 * (else "not assignable"), and every member is listed (else `missing: …` names it).
 */
function contractEnum<Union extends string>() {
  return <const Values extends readonly [Union, ...Union[]]>(
    values: Values &
      ([Exclude<Union, Values[number]>] extends [never]
        ? unknown
        : { missing: Exclude<Union, Values[number]> }),
  ): Values => values;
}

export const LICENSE_CLASSES = contractEnum<Schemas['LicenseClass']>()([
  'AM',
  'A1',
  'A2',
  'A',
  'B',
  'BE',
  'B96',
  'B197',
  'C1',
  'C1E',
  'C',
  'CE',
  'D1',
  'D1E',
  'D',
  'DE',
  'L',
  'T',
]);
export const SALUTATIONS = contractEnum<Schemas['Salutation']>()(['MR', 'MS', 'DIVERSE', 'NONE']);
export const LANGUAGES = contractEnum<Schemas['Language']>()(['de', 'en']);
export const GRANT_TYPES = contractEnum<Schemas['GrantType']>()([
  'SELF',
  'PARENTS',
  'EMPLOYER',
  'EDUCATION_VOUCHER',
  'JOB_CENTER',
  'OTHER',
]);
export const PAYMENT_METHODS = contractEnum<Schemas['PaymentMethod']>()([
  'TRANSFER',
  'DIRECT_DEBIT',
  'CASH',
  'CARD',
]);
export const PAYMENT_WORKFLOWS = contractEnum<Schemas['PaymentWorkflow']>()([
  'CLASSIC_PAY',
  'FLASH_PAY',
  'LIVE_PAY',
]);
export const EDUCATION_STATUSES = contractEnum<Schemas['EducationStatus']>()([
  'REGISTERED',
  'IN_TRAINING',
  'THEORY_PASSED',
  'FINISHED',
  'CANCELLED',
]);
export const DOCUMENT_TYPES = contractEnum<Schemas['DocumentType']>()([
  'ID_CARD',
  'EYE_TEST',
  'FIRST_AID',
  'PASSPORT_PHOTO',
  'APPLICATION_FORM',
  'TRAINING_CONTRACT',
  'EXAM_PROTOCOL',
  'CERTIFICATE',
  'INVOICE',
  'PAYMENT_REQUEST',
  'EDUCATION_VOUCHER',
  'LETTER',
  'OTHER',
]);
export const REGISTRATION_STATUSES = contractEnum<Schemas['RegistrationStatus']>()([
  'NEW',
  'CONTACTED',
  'APPOINTMENT_MADE',
  'CONTRACT_SENT',
  'CONVERTED',
  'REJECTED',
]);
/** In the order the cost-bearer form offers them: the public payers first. */
export const COST_BEARER_KINDS = contractEnum<Schemas['CostBearerKind']>()([
  'JOB_CENTER',
  'EMPLOYMENT_AGENCY',
  'AUTHORITY',
  'COMPANY',
  'PERSON',
  'OTHER',
]);
export const E_INVOICE_FORMATS = contractEnum<Schemas['EInvoiceFormat']>()([
  'PDF',
  'XRECHNUNG',
  'ZUGFERD',
]);
export const TRANSMISSIONS = contractEnum<Schemas['Transmission']>()(['MANUAL', 'AUTOMATIC']);
export const VEHICLE_KINDS = contractEnum<Schemas['VehicleKind']>()([
  'CAR',
  'MOTORCYCLE',
  'TRUCK',
  'BUS',
  'TRACTOR',
  'TRAILER',
  'ESCORT',
]);
export const TODO_STATUSES = contractEnum<Schemas['TodoStatus']>()([
  'OPEN',
  'IN_PROGRESS',
  'WAITING',
  'DONE',
  'CANCELLED',
]);
export const TODO_PRIORITIES = contractEnum<Schemas['TodoPriority']>()([
  'LOW',
  'NORMAL',
  'HIGH',
  'URGENT',
]);
export const PRODUCT_TYPES = contractEnum<Schemas['ProductType']>()([
  'DRIVING_LESSON',
  'LEARNING_MATERIAL',
  'BASIC_FEE',
  'ADD_ON',
]);
/** In the order the scheduler offers them. */
export const APPOINTMENT_TYPES = contractEnum<Schemas['AppointmentType']>()([
  'DRIVING',
  'THEORY',
  'EXAM',
  'PRIVATE',
  'OTHER',
]);
export const HOUR_TYPES = contractEnum<Schemas['HourType']>()([
  'NORMAL',
  'OVERLAND',
  'MOTORWAY',
  'NIGHT',
  'EXAM_PRESENTATION',
  'BASIC_DRILL',
  'SIMULATOR',
  'TRAILER',
  'ESCORT',
]);
export const ROLE_TYPES = contractEnum<Schemas['RoleType']>()(['OWNER', 'STAFF', 'INSTRUCTOR']);
/** Monday first, as German calendars show the week (the contract's order too). */
export const WEEKDAYS = contractEnum<Schemas['Weekday']>()([
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'SUNDAY',
]);
export const FEDERAL_STATES = contractEnum<Schemas['FederalState']>()([
  'BW',
  'BY',
  'BE',
  'BB',
  'HB',
  'HH',
  'HE',
  'MV',
  'NI',
  'NW',
  'RP',
  'SL',
  'SN',
  'ST',
  'SH',
  'TH',
]);
export const STUDENT_VISIBILITIES = contractEnum<Schemas['StudentVisibility']>()(['ALL', 'OWN']);
export const MAIL_CONNECTION_SECURITIES = contractEnum<Schemas['MailConnectionSecurity']>()([
  'TLS',
  'STARTTLS',
]);
export const CHARTS_OF_ACCOUNTS = contractEnum<Schemas['ChartOfAccounts']>()(['SKR03', 'SKR04']);
export const TESTING_ORGANIZATION_KINDS = contractEnum<Schemas['TestingOrganizationKind']>()([
  'TUEV',
  'DEKRA',
  'OTHER',
]);
