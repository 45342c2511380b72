import type { components } from '@fahrwerk/api/schema';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  archived,
  createdAt,
  id,
  inList,
  notNegative,
  oneOf,
  ref,
  schoolId,
  tenantForeignKey,
  tenantIndex,
  tenantKey,
  updatedAt,
} from './columns';
import { emailConfigs, products } from './company';
import { belongsToSchool, drivingSchools, type LicenseClass, licenseClassesCheck } from './core';
import { storedFiles } from './files';
import { costBearers, studentEducations, students } from './people';
import { appointments, EXAM_KINDS, EXAM_STATUSES } from './planning';

/*
 * Money and communication: payment documents (payment requests and invoices) with their
 * lines and gapless invoice numbers, payments (live-pay debits included), SEPA mandates,
 * automatic service bundles, the mailbox, e-mail templates, broadcasts. Tenancy rules:
 * see columns.ts. Money is in integer euro cents throughout.
 */

type Schemas = components['schemas'];

/** The codes of the contract's enums (enums.yaml) the money tables hold, checked by the database. */
export const MONEY_CODES = {
  documentTypes: [
    'PAYMENT_REQUEST',
    'PARTIAL_INVOICE',
    'FINAL_INVOICE',
    'CANCELLATION_INVOICE',
    'COST_BEARER_INVOICE',
    'COST_BEARER_SERVICE_INVOICE',
    'DEPOSIT_INVOICE',
  ] as const satisfies readonly Schemas['PaymentDocumentType'][],
  documentStatuses: [
    'DRAFT',
    'ISSUED',
    'PAID',
    'PARTIALLY_PAID',
    'CANCELLED',
  ] as const satisfies readonly Schemas['PaymentDocumentStatus'][],
  eInvoiceFormats: [
    'PDF',
    'XRECHNUNG',
    'ZUGFERD',
  ] as const satisfies readonly Schemas['EInvoiceFormat'][],
  vatRates: [0, 5, 7, 16, 19] as const satisfies readonly Schemas['VatRate'][],
  paymentMethods: [
    'TRANSFER',
    'DIRECT_DEBIT',
    'CASH',
    'CARD',
  ] as const satisfies readonly Schemas['PaymentMethod'][],
  paymentStatuses: [
    'OPEN',
    'PENDING',
    'PAID',
    'PARTIALLY_PAID',
    'FAILED',
    'CANCELLED',
    'CHARGED_BACK',
    'REFUNDED',
  ] as const satisfies readonly Schemas['PaymentStatus'][],
  sequenceTypes: [
    'FRST',
    'RCUR',
    'OOFF',
    'FNAL',
  ] as const satisfies readonly Schemas['SequenceType'][],
  mandateStatuses: [
    'UNCONFIRMED',
    'CONFIRMED',
    'REVOKED',
    'EXPIRED',
  ] as const satisfies readonly Schemas['MandateStatus'][],
  paymentWorkflows: [
    'CLASSIC_PAY',
    'FLASH_PAY',
    'LIVE_PAY',
  ] as const satisfies readonly Schemas['PaymentWorkflow'][],
  educationEventTypes: [
    'CREATED',
    'DRIVING_LESSON',
    'THEORY_LESSON',
    'EXAM_PLANNED',
    'EXAM_RESULT',
    'PAYMENT',
    'DOCUMENT',
    'NOTE',
    'STATUS_CHANGE',
    'ARCHIVED',
    'UNARCHIVED',
  ] as const satisfies readonly Schemas['EducationEventType'][],
  mailFolders: ['INBOX', 'OUTBOX'] as const satisfies readonly Schemas['MailFolder'][],
  broadcastStates: [
    'CREATED',
    'PREPARED',
    'PUBLISHED',
    'EXPIRED',
    'FINISHED',
  ] as const satisfies readonly Schemas['BroadcastState'][],
};
const M = MONEY_CODES;
type Code<K extends keyof typeof M> = (typeof M)[K][number];

/** A check that every element of a text[] column is one of the codes. */
const allOf = (name: string, column: AnyPgColumn, values: readonly string[]) =>
  check(name, sql`${column} <@ array[${inList(values)}]::text[]`);

const day = () => date({ mode: 'string' });
const instant = () => timestamp({ withTimezone: true, mode: 'date' });
const cents = () => integer();

/*
 * Payment documents: payment requests (never numbered) and invoices (partial, deposit,
 * final, cancellation, cost bearer). A DRAFT can change; from ISSUED on the document never
 * changes — only `visible`, `paid_amount` (payments against it) and, by a cancellation
 * invoice, `status`/`cancelled_by_document_id`. The handlers enforce that; the checks here
 * keep the numbering and the cancellation links consistent whatever writes.
 */
export const paymentDocuments = pgTable(
  'payment_documents',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    type: text().$type<Code<'documentTypes'>>().notNull(),
    status: text().$type<Code<'documentStatuses'>>().notNull().default('DRAFT'),
    /** `2026-00042`: gapless per school, given at issue (see invoice_number_sequences). */
    number: text(),
    studentId: ref('student_id'),
    costBearerId: ref('cost_bearer_id'),
    studentEducationId: ref('student_education_id'),
    /** Copied at issue, so later changes to the payer do not alter an issued invoice. */
    recipientName: text().notNull(),
    recipientAddress: jsonb().$type<Schemas['Address']>(),
    issueDate: day(),
    serviceDate: day(),
    servicePeriodFrom: day(),
    servicePeriodTo: day(),
    dueDate: day(),
    totalNet: cents().notNull().default(0),
    totalVat: cents().notNull().default(0),
    totalGross: cents().notNull().default(0),
    /** The sum of the settled payments against the document, kept by the payment handlers. */
    paidAmount: cents().notNull().default(0),
    /** `total_gross − paid_amount`; 0 for a cancelled invoice and for its cancellation. */
    openAmount: cents()
      .notNull()
      .generatedAlwaysAs(
        sql`case when status = 'CANCELLED' or type = 'CANCELLATION_INVOICE' then 0 else total_gross - paid_amount end`,
      ),
    cancelsDocumentId: ref('cancels_document_id'),
    cancelledByDocumentId: ref('cancelled_by_document_id'),
    visible: boolean().notNull().default(true),
    eInvoiceFormat: text().$type<Code<'eInvoiceFormats'>>().notNull().default('PDF'),
    buyerReference: text(),
    voucherNumber: text(),
    footnote: text(),
    taxExemptionNote: text(),
    /**
     * The issuer as printed, copied at issue with the recipient (GoBD: the document keeps the
     * data it was issued with): name, address, contacts, tax number, VAT id, bank account.
     */
    issuer: jsonb().$type<IssuerSnapshot>(),
    /** The PDF archived at issue (unchanged ever after). */
    pdfFileId: ref('pdf_file_id'),
    /** The XRechnung XML or ZUGFeRD PDF of an e-invoice. */
    eInvoiceFileId: ref('e_invoice_file_id'),
    issuedAt: instant(),
    /**
     * The transaction that issued the document (`pg_current_xact_id()`), set by the issue
     * guard (migrations 0012, 0018): its lines may be written in that transaction only. Not
     * part of any answer.
     */
    issuedXact: bigint({ mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('payment_documents_driving_school_fk', t),
    ...tenantKey('payment_documents', t),
    // Invoice numbers are unique per school; payment requests and drafts have none (NULLs
    // are distinct), and another school may use the same number.
    unique('payment_documents_number_key').on(t.drivingSchoolId, t.number),
    // An invoice is cancelled at most once.
    unique('payment_documents_cancels_key').on(t.drivingSchoolId, t.cancelsDocumentId),
    // An education has at most one final invoice that stands: a second one (two billing runs
    // at once, a double click) is refused by the database, not only by the handlers.
    uniqueIndex('payment_documents_final_invoice_key')
      .on(t.drivingSchoolId, t.studentEducationId)
      .where(sql`${t.type} = 'FINAL_INVOICE' and ${t.status} <> 'CANCELLED'`),
    tenantForeignKey('payment_documents_cancels_fk', [t.drivingSchoolId, t.cancelsDocumentId], t),
    tenantForeignKey('payment_documents_student_fk', [t.drivingSchoolId, t.studentId], students),
    tenantForeignKey(
      'payment_documents_cost_bearer_fk',
      [t.drivingSchoolId, t.costBearerId],
      costBearers,
    ),
    tenantForeignKey(
      'payment_documents_education_fk',
      [t.drivingSchoolId, t.studentEducationId],
      studentEducations,
    ),
    tenantForeignKey(
      'payment_documents_cancelled_by_fk',
      [t.drivingSchoolId, t.cancelledByDocumentId],
      t,
    ),
    tenantForeignKey(
      'payment_documents_pdf_file_fk',
      [t.drivingSchoolId, t.pdfFileId],
      storedFiles,
    ),
    tenantForeignKey(
      'payment_documents_e_invoice_file_fk',
      [t.drivingSchoolId, t.eInvoiceFileId],
      storedFiles,
    ),
    oneOf('payment_documents_type_check', t.type, M.documentTypes),
    oneOf('payment_documents_status_check', t.status, M.documentStatuses),
    oneOf('payment_documents_e_invoice_format_check', t.eInvoiceFormat, M.eInvoiceFormats),
    // Numbered exactly when an invoice is issued: never a payment request, never a draft.
    check(
      'payment_documents_number_check',
      sql`(${t.number} is null) = (${t.status} = 'DRAFT' or ${t.type} = 'PAYMENT_REQUEST')`,
    ),
    check('payment_documents_number_length_check', sql`char_length(${t.number}) between 1 and 32`),
    check(
      'payment_documents_issued_check',
      sql`${t.status} = 'DRAFT' or (${t.issueDate} is not null and ${t.issuedAt} is not null)`,
    ),
    // A cancellation invoice references the invoice it cancels, and only it does; it is
    // issued at once and never cancelled or paid itself.
    check(
      'payment_documents_cancels_check',
      sql`(${t.type} = 'CANCELLATION_INVOICE') = (${t.cancelsDocumentId} is not null)`,
    ),
    check(
      'payment_documents_cancellation_status_check',
      sql`${t.type} <> 'CANCELLATION_INVOICE' or ${t.status} = 'ISSUED'`,
    ),
    check(
      'payment_documents_cancelled_by_check',
      sql`(${t.status} = 'CANCELLED') = (${t.cancelledByDocumentId} is not null)`,
    ),
    check(
      'payment_documents_not_self_check',
      sql`${t.cancelsDocumentId} <> ${t.id} and ${t.cancelledByDocumentId} <> ${t.id}`,
    ),
    check(
      'payment_documents_payer_check',
      sql`${t.studentId} is not null or ${t.costBearerId} is not null`,
    ),
    check('payment_documents_totals_check', sql`${t.totalGross} = ${t.totalNet} + ${t.totalVat}`),
    // Only a cancellation (negated lines) or a final invoice (deducting earlier partial and
    // deposit invoices) can come out negative.
    check(
      'payment_documents_total_sign_check',
      sql`case when ${t.type} = 'CANCELLATION_INVOICE' then ${t.totalGross} <= 0
        when ${t.type} = 'FINAL_INVOICE' then true else ${t.totalGross} >= 0 end`,
    ),
    check(
      'payment_documents_service_period_check',
      sql`${t.servicePeriodFrom} <= ${t.servicePeriodTo}`,
    ),
    check(
      'payment_documents_buyer_reference_check',
      sql`${t.eInvoiceFormat} <> 'XRECHNUNG' or ${t.buyerReference} is not null`,
    ),
    tenantIndex('payment_documents_type_idx', t, t.type),
    tenantIndex('payment_documents_status_idx', t, t.status),
    tenantIndex('payment_documents_student_idx', t, t.studentId),
    tenantIndex('payment_documents_cost_bearer_idx', t, t.costBearerId),
    tenantIndex('payment_documents_education_idx', t, t.studentEducationId),
    tenantIndex('payment_documents_issue_date_idx', t, t.issueDate),
    tenantIndex('payment_documents_due_date_idx', t, t.dueDate),
  ],
);

/**
 * The lines of a payment document. `unit_price` is gross; `net`, `vat` and `gross` are the
 * line's amounts rounded per line. Negative for discounts and on cancellation invoices.
 */
export const paymentDocumentLines = pgTable(
  'payment_document_lines',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    documentId: ref('document_id').notNull(),
    position: integer().notNull(),
    description: text().notNull(),
    quantity: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
    unitPrice: cents().notNull(),
    vatRate: integer().notNull(),
    net: cents().notNull(),
    vat: cents().notNull(),
    gross: cents().notNull(),
    productId: ref('product_id'),
    /** The driving lesson or exam billed (planning's appointments). */
    appointmentId: ref('appointment_id'),
    serviceDate: day(),
  },
  (t) => [
    ...tenantKey('payment_document_lines', t),
    unique('payment_document_lines_position_key').on(t.drivingSchoolId, t.documentId, t.position),
    tenantForeignKey(
      'payment_document_lines_document_fk',
      [t.drivingSchoolId, t.documentId],
      paymentDocuments,
    ).onDelete('cascade'),
    tenantForeignKey(
      'payment_document_lines_product_fk',
      [t.drivingSchoolId, t.productId],
      products,
    ),
    tenantForeignKey(
      'payment_document_lines_appointment_fk',
      [t.drivingSchoolId, t.appointmentId],
      appointments,
    ),
    check(
      'payment_document_lines_vat_rate_check',
      sql`${t.vatRate} in (${sql.raw(M.vatRates.join(', '))})`,
    ),
    check('payment_document_lines_position_check', sql`${t.position} between 1 and 500`),
    // Quarter steps: 1 lesson of 45 minutes, 2 for a double lesson, 0.5, 0.25 …
    check(
      'payment_document_lines_quantity_check',
      sql`${t.quantity} > 0 and ${t.quantity} * 4 = trunc(${t.quantity} * 4)`,
    ),
    check('payment_document_lines_amounts_check', sql`${t.gross} = ${t.net} + ${t.vat}`),
    check(
      'payment_document_lines_description_check',
      sql`char_length(${t.description}) between 1 and 500`,
    ),
    tenantIndex('payment_document_lines_product_idx', t, t.productId),
    tenantIndex('payment_document_lines_appointment_idx', t, t.appointmentId),
  ],
);

/**
 * The next invoice number per school and year. Issuing takes the number with
 * `insert … on conflict do update set next_number = next_number + 1 returning` inside the
 * issuing transaction: the row lock orders concurrent issues, and a rolled-back issue
 * rolls the counter back too, so the numbers have no gaps.
 */
export const invoiceNumberSequences = pgTable(
  'invoice_number_sequences',
  {
    drivingSchoolId: schoolId(),
    year: integer().notNull(),
    nextNumber: integer().notNull().default(1),
  },
  (t) => [
    primaryKey({ name: 'invoice_number_sequences_pkey', columns: [t.drivingSchoolId, t.year] }),
    belongsToSchool('invoice_number_sequences_driving_school_fk', t),
    check('invoice_number_sequences_year_check', sql`${t.year} between 2000 and 9999`),
    check('invoice_number_sequences_next_number_check', sql`${t.nextNumber} >= 1`),
  ],
);

/*
 * SEPA core direct-debit mandates (live pay). Only CONFIRMED mandates are debited;
 * REVOKED is final.
 */
export const livePayMandates = pgTable(
  'live_pay_mandates',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    reference: text().notNull(),
    studentId: ref('student_id').notNull(),
    studentEducationId: ref('student_education_id'),
    holderName: text().notNull(),
    iban: text().notNull(),
    bic: text(),
    signedAt: day(),
    status: text().$type<Code<'mandateStatuses'>>().notNull().default('UNCONFIRMED'),
    sequenceType: text().$type<Code<'sequenceTypes'>>().notNull().default('FRST'),
    lastDebitAt: day(),
    revokedAt: instant(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('live_pay_mandates_driving_school_fk', t),
    ...tenantKey('live_pay_mandates', t),
    unique('live_pay_mandates_reference_key').on(t.drivingSchoolId, t.reference),
    tenantForeignKey('live_pay_mandates_student_fk', [t.drivingSchoolId, t.studentId], students),
    tenantForeignKey(
      'live_pay_mandates_education_fk',
      [t.drivingSchoolId, t.studentEducationId],
      studentEducations,
    ),
    // The SEPA character set, at most 35 characters.
    check(
      'live_pay_mandates_reference_check',
      sql`${t.reference} ~ '^[A-Za-z0-9+?/:().,'' -]{1,35}$'`,
    ),
    check('live_pay_mandates_iban_check', sql`${t.iban} ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'`),
    check('live_pay_mandates_bic_check', sql`${t.bic} ~ '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$'`),
    check('live_pay_mandates_holder_check', sql`char_length(${t.holderName}) between 1 and 70`),
    oneOf('live_pay_mandates_status_check', t.status, M.mandateStatuses),
    oneOf('live_pay_mandates_sequence_type_check', t.sequenceType, M.sequenceTypes),
    check(
      'live_pay_mandates_confirmed_check',
      sql`${t.status} <> 'CONFIRMED' or ${t.signedAt} is not null`,
    ),
    check(
      'live_pay_mandates_revoked_check',
      sql`(${t.status} = 'REVOKED') = (${t.revokedAt} is not null)`,
    ),
    tenantIndex('live_pay_mandates_student_idx', t, t.studentId),
    tenantIndex('live_pay_mandates_education_idx', t, t.studentEducationId),
    tenantIndex('live_pay_mandates_status_idx', t, t.status),
  ],
);

/*
 * Payments: money received (positive) or paid back (negative) — transfers, cash and card
 * recorded by the office, and the live-pay direct debits (method DIRECT_DEBIT, under a
 * mandate, with their SEPA sequence type, end-to-end id and bank status).
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    amount: cents().notNull(),
    paymentDate: day().notNull(),
    method: text().$type<Code<'paymentMethods'>>().notNull(),
    status: text().$type<Code<'paymentStatuses'>>().notNull().default('PAID'),
    reference: text().notNull().default(''),
    studentId: ref('student_id'),
    studentEducationId: ref('student_education_id'),
    costBearerId: ref('cost_bearer_id'),
    documentId: ref('document_id'),
    mandateId: ref('mandate_id'),
    sequenceType: text().$type<Code<'sequenceTypes'>>(),
    endToEndId: text(),
    failureReason: text(),
    bankFee: cents(),
    note: text(),
    /** The driving lesson a live-pay debit collects (one debit per lesson). */
    appointmentId: ref('appointment_id'),
    /** The SEPA file the debit went out in. */
    sepaExportId: ref('sepa_export_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('payments_driving_school_fk', t),
    ...tenantKey('payments', t),
    tenantForeignKey('payments_document_fk', [t.drivingSchoolId, t.documentId], paymentDocuments),
    tenantForeignKey('payments_mandate_fk', [t.drivingSchoolId, t.mandateId], livePayMandates),
    tenantForeignKey('payments_student_fk', [t.drivingSchoolId, t.studentId], students),
    tenantForeignKey(
      'payments_education_fk',
      [t.drivingSchoolId, t.studentEducationId],
      studentEducations,
    ),
    tenantForeignKey('payments_cost_bearer_fk', [t.drivingSchoolId, t.costBearerId], costBearers),
    oneOf('payments_method_check', t.method, M.paymentMethods),
    oneOf('payments_status_check', t.status, M.paymentStatuses),
    oneOf('payments_sequence_type_check', t.sequenceType, M.sequenceTypes),
    check('payments_amount_check', sql`${t.amount} <> 0`),
    notNegative('payments_bank_fee_check', t.bankFee),
    check('payments_payer_check', sql`${t.studentId} is not null or ${t.costBearerId} is not null`),
    // Debits run under a mandate, and only debits do.
    check(
      'payments_mandate_check',
      sql`(${t.method} = 'DIRECT_DEBIT') = (${t.mandateId} is not null)`,
    ),
    check('payments_reference_check', sql`char_length(${t.reference}) <= 140`),
    check('payments_end_to_end_id_check', sql`char_length(${t.endToEndId}) between 1 and 35`),
    tenantIndex('payments_student_idx', t, t.studentId),
    tenantIndex('payments_education_idx', t, t.studentEducationId),
    tenantIndex('payments_cost_bearer_idx', t, t.costBearerId),
    tenantIndex('payments_document_idx', t, t.documentId),
    tenantIndex('payments_mandate_idx', t, t.mandateId),
    tenantIndex('payments_date_idx', t, t.paymentDate),
    tenantIndex('payments_status_idx', t, t.status),
    tenantForeignKey('payments_appointment_fk', [t.drivingSchoolId, t.appointmentId], appointments),
    uniqueIndex('payments_appointment_debit_key')
      .on(t.drivingSchoolId, t.appointmentId)
      .where(sql`${t.appointmentId} is not null and ${t.method} = 'DIRECT_DEBIT'`),
    tenantIndex('payments_sepa_export_idx', t, t.sepaExportId),
    uniqueIndex('payments_end_to_end_id_key')
      .on(t.drivingSchoolId, t.endToEndId)
      .where(sql`${t.endToEndId} is not null`),
  ],
);

/*
 * Automatic service bundles: when `event` happens in an education of one of the workflows
 * and classes, bill `product_ids` as `document_type`, due `due_in_days` later. The product
 * ids are checked against the school's products when written (an array has no FK).
 */
export const automaticPaymentTriggers = pgTable(
  'automatic_payment_triggers',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    name: text().notNull(),
    active: boolean().notNull().default(true),
    event: text().$type<Code<'educationEventTypes'>>().notNull(),
    examKind: text().$type<(typeof EXAM_KINDS)[number]>(),
    examStatus: text().$type<(typeof EXAM_STATUSES)[number]>(),
    lessonCount: integer(),
    paymentWorkflows: text().array().$type<Code<'paymentWorkflows'>[]>().notNull(),
    licenseClasses: text().array().$type<LicenseClass[]>().notNull().default(sql`'{}'::text[]`),
    documentType: text().$type<Code<'documentTypes'>>().notNull(),
    productIds: bigint({ mode: 'number' }).array().notNull(),
    dueInDays: integer().notNull().default(14),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('automatic_payment_triggers_driving_school_fk', t),
    ...tenantKey('automatic_payment_triggers', t),
    oneOf('automatic_payment_triggers_event_check', t.event, M.educationEventTypes),
    oneOf('automatic_payment_triggers_exam_kind_check', t.examKind, EXAM_KINDS),
    oneOf('automatic_payment_triggers_exam_status_check', t.examStatus, EXAM_STATUSES),
    check(
      'automatic_payment_triggers_document_type_check',
      sql`${t.documentType} in ('PAYMENT_REQUEST', 'PARTIAL_INVOICE')`,
    ),
    allOf('automatic_payment_triggers_workflows_check', t.paymentWorkflows, M.paymentWorkflows),
    check(
      'automatic_payment_triggers_workflows_count_check',
      sql`cardinality(${t.paymentWorkflows}) between 1 and 3`,
    ),
    licenseClassesCheck('automatic_payment_triggers_classes_check', t.licenseClasses),
    check(
      'automatic_payment_triggers_products_check',
      sql`cardinality(${t.productIds}) between 1 and 50`,
    ),
    check('automatic_payment_triggers_due_check', sql`${t.dueInDays} between 0 and 90`),
    check(
      'automatic_payment_triggers_lesson_count_check',
      sql`${t.lessonCount} is null or (${t.event} = 'DRIVING_LESSON' and ${t.lessonCount} between 1 and 100)`,
    ),
    check(
      'automatic_payment_triggers_exam_check',
      sql`(${t.examKind} is null and ${t.examStatus} is null) or ${t.event} in ('EXAM_PLANNED', 'EXAM_RESULT')`,
    ),
    check(
      'automatic_payment_triggers_exam_status_event_check',
      sql`${t.examStatus} is null or ${t.event} = 'EXAM_RESULT'`,
    ),
    tenantIndex('automatic_payment_triggers_event_idx', t, t.event),
  ],
);

/*
 * The mailbox: e-mails received by the IMAP sync (INBOX) or sent from the back office
 * (OUTBOX), per mail account (configuration's e-mail configs), with their attachments.
 */
export const emails = pgTable(
  'emails',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    emailConfigId: ref('email_config_id').notNull(),
    folder: text().$type<Code<'mailFolders'>>().notNull(),
    from: text('from_address').notNull(),
    fromName: text(),
    to: text('to_addresses').array().notNull().default(sql`'{}'::text[]`),
    cc: text('cc_addresses').array().notNull().default(sql`'{}'::text[]`),
    bcc: text('bcc_addresses').array().notNull().default(sql`'{}'::text[]`),
    subject: text().notNull().default(''),
    htmlBody: text().notNull().default(''),
    receivedAt: instant(),
    sentAt: instant(),
    read: boolean().notNull().default(false),
    marked: boolean().notNull().default(false),
    studentId: ref('student_id'),
    /** The Message-ID header: the IMAP sync skips mails it has already stored. */
    messageId: text(),
    /** The Message-ID a reply answers (In-Reply-To / References). */
    inReplyToMessageId: text(),
    createdAt: createdAt(),
  },
  (t) => [
    belongsToSchool('emails_driving_school_fk', t),
    ...tenantKey('emails', t),
    unique('emails_message_key').on(t.drivingSchoolId, t.emailConfigId, t.folder, t.messageId),
    // A mail account's mailbox goes with the account.
    tenantForeignKey(
      'emails_email_config_fk',
      [t.drivingSchoolId, t.emailConfigId],
      emailConfigs,
    ).onDelete('cascade'),
    tenantForeignKey('emails_student_fk', [t.drivingSchoolId, t.studentId], students),
    oneOf('emails_folder_check', t.folder, M.mailFolders),
    check(
      'emails_date_check',
      sql`(${t.folder} <> 'INBOX' or ${t.receivedAt} is not null) and (${t.folder} <> 'OUTBOX' or ${t.sentAt} is not null)`,
    ),
    // The mailbox list: one account (or several), one folder, newest first.
    tenantIndex(
      'emails_config_folder_date_idx',
      t,
      t.emailConfigId,
      t.folder,
      sql`coalesce(${t.receivedAt}, ${t.sentAt})`,
    ),
    // The unread badge.
    index('emails_unread_idx')
      .on(t.drivingSchoolId, t.emailConfigId)
      .where(sql`${t.folder} = 'INBOX' and not ${t.read}`),
    tenantIndex('emails_student_idx', t, t.studentId),
  ],
);

/*
 * The IMAP sync's place per mail account (its INBOX): the folder's UIDVALIDITY and the
 * highest UID stored, so each run fetches only newer mail; when the server answers another
 * UIDVALIDITY the folder was rebuilt and is read again from the start (the Message-ID key of
 * `emails` keeps what is already stored from coming twice). A failed run keeps the server's
 * answer and the time of the next try (back-off), so one account that is down never holds
 * up the others and the mailbox can say why.
 */
export const emailSyncStates = pgTable(
  'email_sync_states',
  {
    drivingSchoolId: schoolId(),
    emailConfigId: ref('email_config_id').notNull(),
    uidValidity: bigint('uid_validity', { mode: 'number' }),
    lastUid: bigint('last_uid', { mode: 'number' }).notNull().default(0),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    /** A translation key of the last failure (null after a successful run). */
    error: text(),
    /** The server's own words of the last failure. */
    errorDetail: text('error_detail'),
    failures: integer().notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'email_sync_states_pkey', columns: [t.drivingSchoolId, t.emailConfigId] }),
    tenantForeignKey(
      'email_sync_states_email_config_fk',
      [t.drivingSchoolId, t.emailConfigId],
      emailConfigs,
    ).onDelete('cascade'),
    notNegative('email_sync_states_last_uid_check', t.lastUid),
    notNegative('email_sync_states_failures_check', t.failures),
    index('email_sync_states_next_attempt_idx').on(t.nextAttemptAt),
  ],
);

export const emailAttachments = pgTable(
  'email_attachments',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    emailId: ref('email_id').notNull(),
    fileId: ref('file_id').notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [
    ...tenantKey('email_attachments', t),
    unique('email_attachments_file_key').on(t.drivingSchoolId, t.emailId, t.fileId),
    tenantForeignKey('email_attachments_email_fk', [t.drivingSchoolId, t.emailId], emails).onDelete(
      'cascade',
    ),
    tenantForeignKey('email_attachments_file_fk', [t.drivingSchoolId, t.fileId], storedFiles),
    check('email_attachments_position_check', sql`${t.position} between 0 and 49`),
  ],
);

export const emailTemplateCategories = pgTable(
  'email_template_categories',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    name: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('email_template_categories_driving_school_fk', t),
    ...tenantKey('email_template_categories', t),
    unique('email_template_categories_name_key').on(t.drivingSchoolId, t.name),
  ],
);

export const emailTemplates = pgTable(
  'email_templates',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    name: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    templateCategoryId: ref('template_category_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('email_templates_driving_school_fk', t),
    ...tenantKey('email_templates', t),
    tenantForeignKey(
      'email_templates_category_fk',
      [t.drivingSchoolId, t.templateCategoryId],
      emailTemplateCategories,
    ),
    tenantIndex('email_templates_category_idx', t, t.templateCategoryId),
    tenantIndex('email_templates_name_idx', t, t.name),
  ],
);

/*
 * Broadcasts: CREATED → PREPARED (recipients frozen) → PUBLISHED (irreversible) →
 * FINISHED, or EXPIRED at once by stop.
 */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    name: text().notNull(),
    recipientGroup: jsonb()
      .$type<Schemas['BroadcastRecipientGroup']>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    fastlane: boolean().notNull().default(false),
    subject: text().notNull(),
    body: text().notNull(),
    publishFrom: day().notNull(),
    publishTo: day(),
    state: text().$type<Code<'broadcastStates'>>().notNull().default('CREATED'),
    sendEmail: boolean().notNull().default(false),
    recipientCount: integer(),
    publishedAt: instant(),
    stoppedAt: instant(),
    archived: archived(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('broadcasts_driving_school_fk', t),
    ...tenantKey('broadcasts', t),
    oneOf('broadcasts_state_check', t.state, M.broadcastStates),
    check('broadcasts_publish_period_check', sql`${t.publishTo} >= ${t.publishFrom}`),
    check(
      'broadcasts_prepared_check',
      sql`${t.state} = 'CREATED' or ${t.recipientCount} is not null`,
    ),
    check(
      'broadcasts_published_check',
      sql`${t.state} in ('CREATED', 'PREPARED') or ${t.publishedAt} is not null`,
    ),
    check('broadcasts_stopped_check', sql`${t.stoppedAt} is null or ${t.state} = 'EXPIRED'`),
    notNegative('broadcasts_recipient_count_check', t.recipientCount),
    check('broadcasts_subject_check', sql`char_length(${t.subject}) between 1 and 255`),
    tenantIndex('broadcasts_state_idx', t, t.state),
    tenantIndex('broadcasts_publish_from_idx', t, t.publishFrom),
  ],
);

export const broadcastTemplates = pgTable(
  'broadcast_templates',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    name: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    belongsToSchool('broadcast_templates_driving_school_fk', t),
    ...tenantKey('broadcast_templates', t),
    tenantIndex('broadcast_templates_name_idx', t, t.name),
  ],
);

/** The students a prepared broadcast reaches (frozen by `prepare`). */
export const broadcastRecipients = pgTable(
  'broadcast_recipients',
  {
    drivingSchoolId: schoolId(),
    broadcastId: ref('broadcast_id').notNull(),
    studentId: ref('student_id').notNull(),
    /** The address at prepare time (null: the student has none; the app shows it only). */
    email: text(),
    /** PENDING (to send) → SENT or FAILED; NO_EMAIL; NOT_SENT (no e-mail wanted, or stopped). */
    emailStatus: text('email_status').notNull().default('NOT_SENT'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text(),
  },
  (t) => [
    primaryKey({ name: 'broadcast_recipients_pkey', columns: [t.broadcastId, t.studentId] }),
    oneOf('broadcast_recipients_email_status_check', t.emailStatus, [
      'PENDING',
      'SENT',
      'FAILED',
      'NO_EMAIL',
      'NOT_SENT',
    ]),
    index('broadcast_recipients_pending_idx')
      .on(t.drivingSchoolId, t.broadcastId)
      .where(sql`${t.emailStatus} = 'PENDING'`),
    tenantForeignKey(
      'broadcast_recipients_broadcast_fk',
      [t.drivingSchoolId, t.broadcastId],
      broadcasts,
    ).onDelete('cascade'),
    tenantForeignKey(
      'broadcast_recipients_student_fk',
      [t.drivingSchoolId, t.studentId],
      students,
    ).onDelete('cascade'),
    tenantIndex('broadcast_recipients_student_idx', t, t.studentId),
  ],
);

/** The issuer of a payment document as printed on it (copied at issue). */
export type IssuerSnapshot = {
  name: string;
  address?: Schemas['Address'];
  email?: string;
  phone?: string;
  website?: string;
  taxNumber?: string;
  vatId?: string;
  taxOffice?: string;
  iban?: string;
  bic?: string;
  responsiblePerson?: string;
};

export const BILLING_RUN_STATUSES = [
  'QUEUED',
  'RUNNING',
  'FINISHED',
  'INTERRUPTED',
] as const satisfies readonly Schemas['BillingRunStatus'][];
export const BILLING_RUN_ITEM_STATUSES = [
  'PENDING',
  'ISSUED',
  'SKIPPED',
  'FAILED',
] as const satisfies readonly Schemas['BillingRunItemStatus'][];

/**
 * Billing runs: the final invoices of many educations, issued by a background job. The run
 * and each item's state live here (not in the queue), so a reload, another server instance
 * or a restart after a crash sees them.
 */
export const billingRuns = pgTable(
  'billing_runs',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    status: text().$type<(typeof BILLING_RUN_STATUSES)[number]>().notNull().default('QUEUED'),
    issueDate: day(),
    dueDate: day(),
    footnote: text(),
    createdByUserId: ref('created_by_user_id'),
    createdByName: text(),
    createdAt: createdAt(),
    startedAt: instant(),
    finishedAt: instant(),
    /** Touched by the worker while it runs; a RUNNING run without a recent beat was interrupted. */
    heartbeatAt: instant(),
  },
  (t) => [
    belongsToSchool('billing_runs_driving_school_fk', t),
    ...tenantKey('billing_runs', t),
    oneOf('billing_runs_status_check', t.status, BILLING_RUN_STATUSES),
    tenantIndex('billing_runs_status_idx', t, t.status),
  ],
);

/** One education of a billing run: PENDING until the run issues, skips or fails it. */
export const billingRunItems = pgTable(
  'billing_run_items',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    billingRunId: ref('billing_run_id').notNull(),
    position: integer().notNull(),
    studentEducationId: ref('student_education_id').notNull(),
    studentName: text().notNull(),
    status: text().$type<(typeof BILLING_RUN_ITEM_STATUSES)[number]>().notNull().default('PENDING'),
    documentId: ref('document_id'),
    /** The i18n key of why the item was skipped or failed. */
    reason: text(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...tenantKey('billing_run_items', t),
    unique('billing_run_items_position_key').on(t.drivingSchoolId, t.billingRunId, t.position),
    tenantForeignKey(
      'billing_run_items_run_fk',
      [t.drivingSchoolId, t.billingRunId],
      billingRuns,
    ).onDelete('cascade'),
    tenantForeignKey(
      'billing_run_items_document_fk',
      [t.drivingSchoolId, t.documentId],
      paymentDocuments,
    ),
    oneOf('billing_run_items_status_check', t.status, BILLING_RUN_ITEM_STATUSES),
    check(
      'billing_run_items_issued_check',
      sql`(${t.status} = 'ISSUED') = (${t.documentId} is not null)`,
    ),
    tenantIndex('billing_run_items_run_idx', t, t.billingRunId),
  ],
);

/** A pain.008 file of live-pay debits, archived byte for byte (`POST /live-pay/sepa-export`). */
export const sepaExports = pgTable(
  'sepa_exports',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    messageId: text().notNull(),
    fileName: text().notNull(),
    collectionDate: day().notNull(),
    debitCount: integer().notNull(),
    totalAmount: bigint({ mode: 'number' }).notNull(),
    firstCount: integer().notNull().default(0),
    fileId: ref('file_id').notNull(),
    createdByUserId: ref('created_by_user_id'),
    createdByName: text(),
    createdAt: createdAt(),
  },
  (t) => [
    belongsToSchool('sepa_exports_driving_school_fk', t),
    ...tenantKey('sepa_exports', t),
    unique('sepa_exports_message_id_key').on(t.drivingSchoolId, t.messageId),
    tenantForeignKey('sepa_exports_file_fk', [t.drivingSchoolId, t.fileId], storedFiles),
    check('sepa_exports_count_check', sql`${t.debitCount} >= 1`),
  ],
);

/** A DATEV booking batch handed to the tax adviser, archived byte for byte (GoBD). */
export const datevExports = pgTable(
  'datev_exports',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    periodFrom: day().notNull(),
    periodTo: day().notNull(),
    fileName: text().notNull(),
    bookingCount: integer().notNull(),
    fileId: ref('file_id').notNull(),
    createdByUserId: ref('created_by_user_id'),
    createdByName: text(),
    createdAt: createdAt(),
  },
  (t) => [
    belongsToSchool('datev_exports_driving_school_fk', t),
    ...tenantKey('datev_exports', t),
    tenantForeignKey('datev_exports_file_fk', [t.drivingSchoolId, t.fileId], storedFiles),
    check('datev_exports_period_check', sql`${t.periodFrom} <= ${t.periodTo}`),
  ],
);

/**
 * What a DATEV export booked: one row per issued invoice (DOCUMENT) or received payment
 * (PAYMENT) and export. An invoice or payment is "exported" when it has a row here; the next
 * export of the period leaves it out unless asked to include it again (then it gets a second
 * row, so every archived batch says what it contained — GoBD). `datev_export_id` is null for
 * what was exported before Fahrwerk kept this (taken over from the former flag, migration
 * 0014) — and for the demo school's history.
 *
 * Why a table and not a flag on the rows: marking a year of a large school means rewriting
 * 150,000 rows of two tables with a dozen indexes each (4–5 s per table on PGlite, 4 s on
 * PostgreSQL); inserting them here takes a second or two (see `npm run bench:datev`).
 */
export const datevExportItems = pgTable(
  'datev_export_items',
  {
    drivingSchoolId: schoolId(),
    kind: text().$type<'DOCUMENT' | 'PAYMENT'>().notNull(),
    itemId: bigint({ mode: 'number' }).notNull(),
    datevExportId: ref('datev_export_id'),
  },
  (t) => [
    belongsToSchool('datev_export_items_driving_school_fk', t),
    oneOf('datev_export_items_kind_check', t.kind, ['DOCUMENT', 'PAYMENT']),
    index('datev_export_items_item_idx').on(t.drivingSchoolId, t.kind, t.itemId),
    // No foreign key to datev_exports: an archived batch is never deleted (GoBD) but with its
    // school, and the school's key takes the items along. A second key would be checked for
    // each of a year's 150,000 items (about 0.7 s on PGlite).
  ],
);

/**
 * The answers of idempotent calls (header `Idempotency-Key`): a retry with the same key and
 * body answers the stored result instead of acting twice. Kept 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    drivingSchoolId: schoolId(),
    operation: text().notNull(),
    key: text().notNull(),
    requestHash: text().notNull(),
    status: integer().notNull(),
    headers: jsonb().$type<Record<string, string>>().notNull(),
    body: text().notNull(),
    bodyEncoding: text().$type<'json' | 'base64'>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    belongsToSchool('idempotency_keys_driving_school_fk', t as never),
    primaryKey({
      name: 'idempotency_keys_pkey',
      columns: [t.drivingSchoolId, t.operation, t.key],
    }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/** The one-time links of mandate dispatch e-mails (`/set-up-mandate?token=…`), valid 14 days. */
export const mandateFormTokens = pgTable(
  'mandate_form_tokens',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    token: text().notNull(),
    studentId: ref('student_id').notNull(),
    studentEducationId: ref('student_education_id').notNull(),
    email: text().notNull(),
    reference: text().notNull(),
    expiresAt: instant().notNull(),
    usedAt: instant(),
    mandateId: ref('mandate_id'),
    createdAt: createdAt(),
  },
  (t) => [
    belongsToSchool('mandate_form_tokens_driving_school_fk', t),
    ...tenantKey('mandate_form_tokens', t),
    unique('mandate_form_tokens_token_key').on(t.token),
    tenantForeignKey('mandate_form_tokens_student_fk', [t.drivingSchoolId, t.studentId], students),
    tenantForeignKey(
      'mandate_form_tokens_education_fk',
      [t.drivingSchoolId, t.studentEducationId],
      studentEducations,
    ),
    tenantForeignKey(
      'mandate_form_tokens_mandate_fk',
      [t.drivingSchoolId, t.mandateId],
      livePayMandates,
    ),
  ],
);

/**
 * Each time an automatic service bundle fired for an education (its n-th occurrence: the
 * n-th block of `lessonCount` lessons, the n-th exam result, …) — at most once, so a retried
 * job never bills twice.
 */
export const triggerFirings = pgTable(
  'trigger_firings',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    triggerId: ref('trigger_id').notNull(),
    studentEducationId: ref('student_education_id').notNull(),
    occurrence: integer().notNull(),
    documentId: ref('document_id'),
    paymentId: ref('payment_id'),
    createdAt: createdAt(),
  },
  (t) => [
    belongsToSchool('trigger_firings_driving_school_fk', t),
    ...tenantKey('trigger_firings', t),
    unique('trigger_firings_occurrence_key').on(
      t.drivingSchoolId,
      t.triggerId,
      t.studentEducationId,
      t.occurrence,
    ),
    tenantForeignKey(
      'trigger_firings_trigger_fk',
      [t.drivingSchoolId, t.triggerId],
      automaticPaymentTriggers,
    ).onDelete('cascade'),
    tenantForeignKey(
      'trigger_firings_education_fk',
      [t.drivingSchoolId, t.studentEducationId],
      studentEducations,
    ),
    tenantForeignKey(
      'trigger_firings_document_fk',
      [t.drivingSchoolId, t.documentId],
      paymentDocuments,
    ),
    tenantForeignKey('trigger_firings_payment_fk', [t.drivingSchoolId, t.paymentId], payments),
  ],
);

export const REPORT_EXPORT_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export const REPORT_EXPORT_FORMATS = ['CSV', 'XLSX'] as const;

/**
 * A report written as a file by a background job (`POST /reports/exports`): its state and
 * progress for the poll, the file when done. Only its user sees it; the file is kept 7 days.
 */
export const reportExports = pgTable(
  'report_exports',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    userId: ref('user_id').notNull(),
    report: text().$type<Schemas['ReportKind']>().notNull(),
    format: text().$type<(typeof REPORT_EXPORT_FORMATS)[number]>().notNull(),
    filter: jsonb().$type<Schemas['ReportFilter']>().notNull(),
    status: text().$type<(typeof REPORT_EXPORT_STATUSES)[number]>().notNull().default('QUEUED'),
    progress: smallint().notNull().default(0),
    rowCount: integer(),
    fileId: ref('file_id'),
    error: text(),
    createdAt: createdAt(),
    finishedAt: instant(),
  },
  (t) => [
    belongsToSchool('report_exports_driving_school_fk', t),
    ...tenantKey('report_exports', t),
    tenantForeignKey('report_exports_file_fk', [t.drivingSchoolId, t.fileId], storedFiles),
    oneOf('report_exports_status_check', t.status, REPORT_EXPORT_STATUSES),
    oneOf('report_exports_format_check', t.format, REPORT_EXPORT_FORMATS),
    check('report_exports_progress_check', sql`${t.progress} between 0 and 100`),
    check('report_exports_done_check', sql`(${t.status} = 'DONE') = (${t.fileId} is not null)`),
    tenantIndex('report_exports_user_idx', t, t.userId, t.createdAt),
  ],
);
