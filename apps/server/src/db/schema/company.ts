import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  archived,
  createdAt,
  id,
  notNegative,
  oneOf,
  ref,
  schoolId,
  tenantForeignKey,
  tenantIndex,
  tenantKey,
  updatedAt,
} from './columns';
import {
  type Address,
  belongsToSchool,
  type DayWorkHours,
  drivingSchools,
  LICENSE_CLASSES,
  type LicenseClass,
  licenseClassesCheck,
  users,
} from './core';
import { storedFiles } from './files';

/*
 * Company administration: branches, vehicles, products, price lists and their prices,
 * student categories, testing organizations, mail accounts, and the school's 1:1
 * configuration (master data, financial and accounts configuration, features, basic
 * documents). Other areas reference these through (driving_school_id, id).
 *
 * Column keys are the contract's field names (drizzle's snake_case casing makes the SQL
 * names), so a row maps to its DTO without renaming where the DTO is flat.
 */

export const VEHICLE_KINDS = [
  'CAR',
  'MOTORCYCLE',
  'TRUCK',
  'BUS',
  'TRACTOR',
  'TRAILER',
  'ESCORT',
] as const;
export type VehicleKind = (typeof VEHICLE_KINDS)[number];
export const TRANSMISSIONS = ['MANUAL', 'AUTOMATIC'] as const;
export const PRODUCT_TYPES = [
  'DRIVING_LESSON',
  'LEARNING_MATERIAL',
  'BASIC_FEE',
  'ADD_ON',
] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const HOUR_TYPES = [
  'NORMAL',
  'OVERLAND',
  'MOTORWAY',
  'NIGHT',
  'EXAM_PRESENTATION',
  'BASIC_DRILL',
  'SIMULATOR',
  'TRAILER',
  'ESCORT',
] as const;
export type HourType = (typeof HOUR_TYPES)[number];
/** VAT in percent (16 and 5 applied from 1 July to 31 December 2020). */
export const VAT_RATES = [0, 5, 7, 16, 19] as const;
export type VatRate = (typeof VAT_RATES)[number];
export const TESTING_ORGANIZATION_KINDS = ['TUEV', 'DEKRA', 'OTHER'] as const;
export const MAIL_SECURITIES = ['TLS', 'STARTTLS'] as const;
export const CHARTS_OF_ACCOUNTS = ['SKR03', 'SKR04'] as const;
export const FEDERAL_STATES = [
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
] as const;

const vatRateCheck = (name: string, column: Parameters<typeof notNegative>[1]) =>
  check(name, sql`${column} in (${sql.raw(VAT_RATES.join(', '))})`);
/** A lesson length: 15 to 240 minutes in steps of 5 (`LessonDuration`). */
const lessonDurationCheck = (name: string, column: Parameters<typeof notNegative>[1]) =>
  check(name, sql`${column} between 15 and 240 and ${column} % 5 = 0`);
const jsonArrayCheck = (name: string, column: Parameters<typeof notNegative>[1]) =>
  check(name, sql`jsonb_typeof(${column}) = 'array'`);
const jsonObjectCheck = (name: string, column: Parameters<typeof notNegative>[1]) =>
  check(name, sql`${column} is null or jsonb_typeof(${column}) = 'object'`);

export const priceLists = pgTable(
  'price_lists',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    name: text().notNull(),
    // A template to copy new lists from; never assigned to students or branches.
    template: boolean().notNull().default(false),
    vatRate: smallint().$type<VatRate>().notNull().default(19),
    // The school's standard list (at most one; the service keeps exactly one).
    standard: boolean().notNull().default(false),
    archived: archived(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('price_lists_driving_school_fk', t as never),
    ...tenantKey('price_lists', t),
    uniqueIndex('price_lists_name_key').on(t.drivingSchoolId, sql`lower(${t.name})`),
    uniqueIndex('price_lists_standard_key').on(t.drivingSchoolId).where(sql`${t.standard}`),
    vatRateCheck('price_lists_vat_rate_check', t.vatRate),
    check('price_lists_template_standard_check', sql`not (${t.template} and ${t.standard})`),
    check('price_lists_standard_archived_check', sql`not (${t.standard} and ${t.archived})`),
  ],
);

export const branches = pgTable(
  'branches',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    name: text().notNull(),
    abbreviation: text().notNull(),
    address: jsonb().$type<Address>(),
    phone: text(),
    email: text(),
    // The price list of the branch's new students; null: the school's standard list.
    priceListId: ref('price_list_id'),
    // Opening hours per weekday; a weekday left out is closed.
    dayWorkHours: jsonb().$type<DayWorkHours[]>().notNull().default([]),
    // The window of every day in which the branch's appointments may lie.
    workCorridorFrom: time().notNull(),
    workCorridorTo: time().notNull(),
    defaultDrivingLessonDuration: integer().notNull().default(45),
    fastLaneDuration: integer(),
    showOnWebsite: boolean().notNull().default(false),
    calendarShareInstructorsRead: boolean().notNull().default(false),
    calendarShareInstructorsWrite: boolean().notNull().default(false),
    archived: archived(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('branches_driving_school_fk', t as never),
    ...tenantKey('branches', t),
    uniqueIndex('branches_name_key').on(t.drivingSchoolId, sql`lower(${t.name})`),
    uniqueIndex('branches_abbreviation_key').on(t.drivingSchoolId, sql`lower(${t.abbreviation})`),
    tenantForeignKey('branches_price_list_fk', [t.drivingSchoolId, t.priceListId], priceLists),
    tenantIndex('branches_price_list_idx', t, t.priceListId),
    check('branches_work_corridor_check', sql`${t.workCorridorTo} > ${t.workCorridorFrom}`),
    lessonDurationCheck('branches_default_lesson_duration_check', t.defaultDrivingLessonDuration),
    lessonDurationCheck('branches_fast_lane_duration_check', t.fastLaneDuration),
    check(
      'branches_calendar_share_check',
      sql`${t.calendarShareInstructorsRead} or not ${t.calendarShareInstructorsWrite}`,
    ),
    jsonArrayCheck('branches_day_work_hours_check', t.dayWorkHours),
    jsonObjectCheck('branches_address_check', t.address),
  ],
);

/** The branches a user works with (spec 000 §6); none means every branch of the school. */
export const userBranches = pgTable(
  'user_branches',
  {
    drivingSchoolId: schoolId(),
    userId: ref('user_id').notNull(),
    branchId: ref('branch_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'user_branches_pkey', columns: [t.userId, t.branchId] }),
    tenantForeignKey('user_branches_user_fk', [t.drivingSchoolId, t.userId], users).onDelete(
      'cascade',
    ),
    tenantForeignKey('user_branches_branch_fk', [t.drivingSchoolId, t.branchId], branches).onDelete(
      'cascade',
    ),
    tenantIndex('user_branches_branch_idx', t, t.branchId),
  ],
);

/** The German number plate as written, e.g. `B-FS 1234` (`LicensePlate` of the contract). */
const PLATE_PATTERN = '^[A-ZÄÖÜ]{1,3}-[A-Z]{1,2} [1-9][0-9]{0,3}[EH]?$';

export const vehicles = pgTable(
  'vehicles',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    name: text().notNull(),
    plate: text().notNull(),
    kind: text({ enum: VEHICLE_KINDS }).notNull(),
    // Null exactly for trailers.
    transmission: text({ enum: TRANSMISSIONS }),
    // The classes the vehicle is used to train for (at least one).
    licenseClasses: text().array().$type<LicenseClass[]>().notNull(),
    chassisNumber: text(),
    // Due dates of the next main inspection (HU) and safety check (SP).
    mainInspectionDate: date({ mode: 'string' }),
    safetyCheckDate: date({ mode: 'string' }),
    // Months off the road every year, inclusive; from > to wraps over the new year.
    seasonalClosureFromMonth: smallint(),
    seasonalClosureToMonth: smallint(),
    // The branch the vehicle is kept at; null: it serves every branch.
    branchId: ref('branch_id'),
    archived: archived(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('vehicles_driving_school_fk', t as never),
    ...tenantKey('vehicles', t),
    tenantForeignKey('vehicles_branch_fk', [t.drivingSchoolId, t.branchId], branches),
    // A plate is unique among the school's active vehicles.
    uniqueIndex('vehicles_plate_key').on(t.drivingSchoolId, t.plate).where(sql`not ${t.archived}`),
    uniqueIndex('vehicles_chassis_number_key')
      .on(t.drivingSchoolId, t.chassisNumber)
      .where(sql`not ${t.archived}`),
    check('vehicles_plate_format_check', sql`${t.plate} ~ ${sql.raw(`'${PLATE_PATTERN}'`)}`),
    check(
      'vehicles_chassis_number_format_check',
      sql`${t.chassisNumber} ~ '^[A-HJ-NPR-Z0-9]{17}$'`,
    ),
    oneOf('vehicles_kind_check', t.kind, VEHICLE_KINDS),
    oneOf('vehicles_transmission_check', t.transmission, TRANSMISSIONS),
    // Every kind but a trailer has a transmission; a trailer has none.
    check(
      'vehicles_transmission_required_check',
      sql`${t.kind} = 'TRAILER' or ${t.transmission} is not null`,
    ),
    check(
      'vehicles_trailer_transmission_check',
      sql`${t.kind} <> 'TRAILER' or ${t.transmission} is null`,
    ),
    check('vehicles_license_classes_count_check', sql`cardinality(${t.licenseClasses}) >= 1`),
    licenseClassesCheck('vehicles_license_classes_check', t.licenseClasses),
    // The safety check (SP, §29 StVZO) applies to trucks, buses and heavy trailers only.
    check(
      'vehicles_safety_check_kind_check',
      sql`${t.safetyCheckDate} is null or ${t.kind} in ('TRUCK', 'BUS', 'TRAILER')`,
    ),
    check(
      'vehicles_seasonal_closure_check',
      sql`(${t.seasonalClosureFromMonth} is null) = (${t.seasonalClosureToMonth} is null)
        and ${t.seasonalClosureFromMonth} between 1 and 12
        and ${t.seasonalClosureToMonth} between 1 and 12`,
    ),
    tenantIndex('vehicles_branch_idx', t, t.branchId),
    tenantIndex('vehicles_main_inspection_idx', t, t.mainInspectionDate),
    tenantIndex('vehicles_safety_check_idx', t, t.safetyCheckDate),
  ],
);

/** The instructors who use a vehicle; none means every instructor. */
export const vehicleInstructors = pgTable(
  'vehicle_instructors',
  {
    drivingSchoolId: schoolId(),
    vehicleId: ref('vehicle_id').notNull(),
    userId: ref('user_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'vehicle_instructors_pkey', columns: [t.vehicleId, t.userId] }),
    tenantForeignKey(
      'vehicle_instructors_vehicle_fk',
      [t.drivingSchoolId, t.vehicleId],
      vehicles,
    ).onDelete('cascade'),
    tenantForeignKey('vehicle_instructors_user_fk', [t.drivingSchoolId, t.userId], users).onDelete(
      'cascade',
    ),
    tenantIndex('vehicle_instructors_user_idx', t, t.userId),
  ],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    type: text({ enum: PRODUCT_TYPES }).notNull(),
    name: text().notNull(),
    // The classes the product is offered for; empty: every class.
    licenseClasses: text().array().$type<LicenseClass[]>().notNull().default([]),
    registrationInfo: text(),
    bookAtStudentRegistrationAllowed: boolean().notNull().default(false),
    vatRate: smallint().$type<VatRate>().notNull(),
    // DRIVING_LESSON products only: the kind of lesson and the minutes of one unit.
    hourType: text({ enum: HOUR_TYPES }),
    duration: integer(),
    archived: archived(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('products_driving_school_fk', t as never),
    ...tenantKey('products', t),
    oneOf('products_type_check', t.type, PRODUCT_TYPES),
    oneOf('products_hour_type_check', t.hourType, HOUR_TYPES),
    vatRateCheck('products_vat_rate_check', t.vatRate),
    licenseClassesCheck('products_license_classes_check', t.licenseClasses),
    // A driving lesson names its hour type; no other product has one.
    check(
      'products_hour_type_required_check',
      sql`(${t.type} = 'DRIVING_LESSON') = (${t.hourType} is not null)`,
    ),
    check(
      'products_duration_check',
      sql`${t.duration} is null or (${t.type} = 'DRIVING_LESSON'
        and ${t.duration} between 15 and 240 and ${t.duration} % 5 = 0)`,
    ),
    tenantIndex('products_type_name_idx', t, t.type, t.name),
  ],
);

/**
 * The rows of a price list: one product for one licence class (null: every class the
 * product is assigned to), for a main training and for a combined training.
 */
export const prices = pgTable(
  'prices',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    priceListId: ref('price_list_id').notNull(),
    productId: ref('product_id').notNull(),
    licenseClass: text().$type<LicenseClass>(),
    // Gross cents.
    price: integer().notNull(),
    // Null: the same as `price`.
    combinedTrainingPrice: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('prices_driving_school_fk', t as never),
    ...tenantKey('prices', t),
    tenantForeignKey(
      'prices_price_list_fk',
      [t.drivingSchoolId, t.priceListId],
      priceLists,
    ).onDelete('cascade'),
    tenantForeignKey('prices_product_fk', [t.drivingSchoolId, t.productId], products),
    // One row per list, product and class (a missing class counts as one value).
    unique('prices_product_class_key')
      .on(t.drivingSchoolId, t.priceListId, t.productId, t.licenseClass)
      .nullsNotDistinct(),
    tenantIndex('prices_product_idx', t, t.productId),
    notNegative('prices_price_check', t.price),
    notNegative('prices_combined_training_price_check', t.combinedTrainingPrice),
    oneOf('prices_license_class_check', t.licenseClass, LICENSE_CLASSES),
  ],
);

export const studentCategories = pgTable(
  'student_categories',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    name: text().notNull(),
    abbreviation: text().notNull(),
    // The badge colour, `#rrggbb`.
    appearance: text().notNull(),
    archived: archived(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('student_categories_driving_school_fk', t as never),
    ...tenantKey('student_categories', t),
    uniqueIndex('student_categories_name_key').on(t.drivingSchoolId, sql`lower(${t.name})`),
    check('student_categories_appearance_check', sql`${t.appearance} ~ '^#[0-9a-fA-F]{6}$'`),
  ],
);

export const testingOrganizations = pgTable(
  'testing_organizations',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    name: text().notNull(),
    kind: text({ enum: TESTING_ORGANIZATION_KINDS }).notNull(),
    address: jsonb().$type<Address>(),
    phone: text(),
    email: text(),
    archived: archived(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('testing_organizations_driving_school_fk', t as never),
    ...tenantKey('testing_organizations', t),
    oneOf('testing_organizations_kind_check', t.kind, TESTING_ORGANIZATION_KINDS),
    jsonObjectCheck('testing_organizations_address_check', t.address),
  ],
);

/** A mail account of the school (SMTP to send, IMAP to fetch). */
export const emailConfigs = pgTable(
  'email_configs',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    email: text().notNull(),
    senderName: text(),
    smtpHost: text().notNull(),
    smtpPort: integer().notNull(),
    smtpSecurity: text({ enum: MAIL_SECURITIES }).notNull(),
    imapHost: text().notNull(),
    imapPort: integer().notNull(),
    imapSecurity: text({ enum: MAIL_SECURITIES }).notNull(),
    username: text().notNull(),
    // Never answered (hidden column of the resource).
    password: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('email_configs_driving_school_fk', t as never),
    ...tenantKey('email_configs', t),
    uniqueIndex('email_configs_email_key').on(t.drivingSchoolId, sql`lower(${t.email})`),
    check('email_configs_smtp_port_check', sql`${t.smtpPort} between 1 and 65535`),
    check('email_configs_imap_port_check', sql`${t.imapPort} between 1 and 65535`),
    oneOf('email_configs_smtp_security_check', t.smtpSecurity, MAIL_SECURITIES),
    oneOf('email_configs_imap_security_check', t.imapSecurity, MAIL_SECURITIES),
  ],
);

/** The users whose mailbox shows a mail account. */
export const emailConfigUsers = pgTable(
  'email_config_users',
  {
    drivingSchoolId: schoolId(),
    emailConfigId: ref('email_config_id').notNull(),
    userId: ref('user_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'email_config_users_pkey', columns: [t.emailConfigId, t.userId] }),
    tenantForeignKey(
      'email_config_users_email_config_fk',
      [t.drivingSchoolId, t.emailConfigId],
      emailConfigs,
    ).onDelete('cascade'),
    tenantForeignKey('email_config_users_user_fk', [t.drivingSchoolId, t.userId], users).onDelete(
      'cascade',
    ),
    tenantIndex('email_config_users_user_idx', t, t.userId),
  ],
);

/*
 * The school's 1:1 configuration: at most one row per school, keyed by driving_school_id.
 * A school that has never saved reads the defaults.
 */

/** Master data (Stammdaten); the school's name lives in driving_schools. */
export const masterData = pgTable(
  'master_data',
  {
    drivingSchoolId: schoolId().primaryKey(),
    website: text(),
    email: text(),
    phone: text(),
    address: jsonb().$type<Address>(),
    federalState: text({ enum: FEDERAL_STATES }),
    taxOffice: text(),
    payrollTaxNumber: text(),
    vatTaxNumber: text(),
    vatId: text(),
    iban: text(),
    bic: text(),
    creditorId: text(),
    accountingGroup: text(),
    responsiblePerson: text(),
    /** Days of SEPA pre-notification; null means the legal 14. */
    preNotificationDays: integer(),
    /** Restricted planning's limit in cents; null means 0. */
    lowBalanceThreshold: integer(),
    automaticExamOrganisationFees: boolean().notNull().default(false),
    bankFeeOnFailedLivePay: boolean().notNull().default(false),
    restrictedPlanningOnLowBalance: boolean().notNull().default(false),
    stampOnCertificates: boolean().notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('master_data_driving_school_fk', t as never),
    oneOf('master_data_federal_state_check', t.federalState, FEDERAL_STATES),
    check('master_data_vat_id_check', sql`${t.vatId} ~ '^DE[0-9]{9}$'`),
    check('master_data_iban_check', sql`${t.iban} ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'`),
    check('master_data_pre_notification_check', sql`${t.preNotificationDays} between 1 and 14`),
    jsonObjectCheck('master_data_address_check', t.address),
  ],
);

/** Footnotes of payment requests and invoices, and the links to privacy notice and terms. */
export const financialConfigs = pgTable(
  'financial_configs',
  {
    drivingSchoolId: schoolId().primaryKey(),
    studentPaymentRequestFootnote: text(),
    costBearerPaymentRequestFootnote: text(),
    studentFinalInvoiceFootnote: text(),
    costBearerFinalInvoiceFootnote: text(),
    gdprUrl: text(),
    termsUrl: text(),
    updatedAt: updatedAt(),
  },
  (t) => [belongsToSchool('financial_configs_driving_school_fk', t as never)],
);

const accountColumn = () => text().notNull();
const accountCheck = (name: string, column: Parameters<typeof notNegative>[1]) =>
  check(name, sql`${column} ~ '^[0-9]{4}$'`);

/** The accounting frame of the DATEV booking export. */
export const accountsConfigs = pgTable(
  'accounts_configs',
  {
    drivingSchoolId: schoolId().primaryKey(),
    chartOfAccounts: text({ enum: CHARTS_OF_ACCOUNTS }).notNull(),
    revenue19Account: accountColumn(),
    revenue7Account: accountColumn(),
    revenue0Account: accountColumn(),
    cashAccount: accountColumn(),
    transitAccount: accountColumn(),
    passingItemsAccount: accountColumn(),
    livePayAccount: accountColumn(),
    bankAccount: text(),
    debtorAccount: text(),
    consultantNumber: integer(),
    clientNumber: integer(),
    fiscalYearStartMonth: integer(),
    bookkeepingPortalUrl: text(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('accounts_configs_driving_school_fk', t as never),
    oneOf('accounts_configs_chart_check', t.chartOfAccounts, CHARTS_OF_ACCOUNTS),
    accountCheck('accounts_configs_revenue19_check', t.revenue19Account),
    accountCheck('accounts_configs_revenue7_check', t.revenue7Account),
    accountCheck('accounts_configs_revenue0_check', t.revenue0Account),
    accountCheck('accounts_configs_cash_check', t.cashAccount),
    accountCheck('accounts_configs_transit_check', t.transitAccount),
    accountCheck('accounts_configs_passing_items_check', t.passingItemsAccount),
    accountCheck('accounts_configs_live_pay_check', t.livePayAccount),
    accountCheck('accounts_configs_bank_check', t.bankAccount),
    check('accounts_configs_debtor_check', sql`${t.debtorAccount} ~ '^[0-9]{5}$'`),
    check('accounts_configs_consultant_check', sql`${t.consultantNumber} between 1001 and 9999999`),
    check('accounts_configs_client_check', sql`${t.clientNumber} between 1 and 99999`),
    check('accounts_configs_fiscal_year_check', sql`${t.fiscalYearStartMonth} between 1 and 12`),
  ],
);

/**
 * The features of the school's Fahrwerk contract and its signed agreements: set by
 * support, read by the school (`DrivingSchoolSwitches`, `SignatureStatuses`).
 */
export const drivingSchoolFeatures = pgTable(
  'driving_school_features',
  {
    drivingSchoolId: schoolId().primaryKey(),
    classicPayEnabled: boolean().notNull().default(true),
    flashPayEnabled: boolean().notNull().default(false),
    livePayEnabled: boolean().notNull().default(false),
    learningAppEnabled: boolean().notNull().default(false),
    usingMirrorVehicles: boolean().notNull().default(false),
    serviceContractSigned: boolean().notNull().default(false),
    dataProcessingAgreementSigned: boolean().notNull().default(false),
    livePayOnboardingCompleted: boolean().notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('driving_school_features_driving_school_fk', t as never),
    // Live pay needs the completed onboarding with the payment provider.
    check(
      'driving_school_features_live_pay_check',
      sql`not ${t.livePayEnabled} or ${t.livePayOnboardingCompleted}`,
    ),
  ],
);

/** The school's basic documents (letters and invoices need all three). */
export const drivingSchoolDocuments = pgTable(
  'driving_school_documents',
  {
    drivingSchoolId: schoolId().primaryKey(),
    letterheadFileId: ref('letterhead_file_id'),
    signatureFileId: ref('signature_file_id'),
    logoFileId: ref('logo_file_id'),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('driving_school_documents_driving_school_fk', t as never),
    tenantForeignKey(
      'driving_school_documents_letterhead_fk',
      [t.drivingSchoolId, t.letterheadFileId],
      storedFiles,
    ),
    tenantForeignKey(
      'driving_school_documents_signature_fk',
      [t.drivingSchoolId, t.signatureFileId],
      storedFiles,
    ),
    tenantForeignKey(
      'driving_school_documents_logo_fk',
      [t.drivingSchoolId, t.logoFileId],
      storedFiles,
    ),
  ],
);
