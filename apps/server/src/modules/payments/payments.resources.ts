import type { components } from '@fahrwerk/api/schema';
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  automaticPaymentTriggers,
  paymentDocuments,
  payments,
  products,
  studentEducations,
  students,
} from '../../db/schema';
import { type AuthContext, requireAuth } from '../../http/auth';
import { fieldError, globalError, notFound } from '../../http/errors';
import { idempotent } from '../../http/idempotency';
import type { OperationHandlers } from '../../http/operation-types';
import { type PaymentWithExported, paymentExported, paymentFields } from '../accounting/exported';
import { refreshCostBearerBalances } from '../payment-documents/payment-documents.resources';
import { guardWrite } from '../resources/database-errors';
import {
  berlinToday,
  handlers as kitHandlers,
  mergeHandlers,
  required,
  withoutNulls,
} from '../resources/kit';
import { createResourceHandlers } from '../resources/resource-handlers';
import { createResourceRepository } from '../resources/resource-repository';
import { changeDebitStatus } from './debit-status';
import {
  documentOfPayer,
  INVOICED_SUM,
  OPEN_SUM,
  overdueSum,
  PAID_SUM,
  paymentOfPayer,
  REQUESTED_SUM,
} from './workflows';

/*
 * Payments recorded by the office (transfer, cash, card, refunds) and the live-pay debits,
 * and the automatic service bundles. A payment against a document settles it: the
 * document's `paidAmount` and status follow every write here.
 */

type Schemas = components['schemas'];
type Payment = Schemas['Payment'];
type AutomaticPaymentTrigger = Schemas['AutomaticPaymentTrigger'];
type PaymentRow = PaymentWithExported;
type Balance = Schemas['Balance'];
type ReportFilter = Schemas['ReportFilter'];
type PaymentsReport = Schemas['PaymentsPerDrivingSchoolReport'];
type PaymentStatus = PaymentRow['status'];

/** Live-pay failures: they mark the education red (spec 001 §4). */
const FAILED_DEBIT_STATUSES = new Set<PaymentStatus>(['FAILED', 'CANCELLED', 'CHARGED_BACK']);

/** The changes of a live-pay debit's status the office or the bank report may make. */
export const DEBIT_TRANSITIONS: Record<string, readonly PaymentStatus[]> = {
  FAILED: ['OPEN'],
  CANCELLED: ['OPEN'],
  CHARGED_BACK: ['OPEN'],
  OPEN: ['CANCELLED'],
  PENDING: ['PAID', 'FAILED', 'CHARGED_BACK'],
};

export const toPaymentDto = (row: PaymentRow): Payment => withoutNulls(row);

/** Payment statuses whose amount counts as received. */
export const SETTLED_PAYMENT_STATUSES = ['PAID', 'PARTIALLY_PAID'] as const;

/**
 * Recomputes `paid_amount` of the documents from their settled payments, and the status of
 * issued ones: PAID when covered, PARTIALLY_PAID when partly, else ISSUED. Drafts,
 * cancelled invoices and cancellation invoices keep their status. Idempotent: it reads the
 * payments as they are, so it repairs whatever came before.
 */
export async function refreshDocumentPayments(
  db: Db,
  schoolId: number,
  documentIds: (number | null | undefined)[],
): Promise<void> {
  for (const documentId of new Set(documentIds)) {
    if (!documentId) continue;
    const paid = sql`(select coalesce(sum(${payments.amount}), 0) from ${payments}
      where ${payments.drivingSchoolId} = ${schoolId} and ${payments.documentId} = ${documentId}
      and ${payments.status} in ('PAID', 'PARTIALLY_PAID'))`;
    await db
      .update(paymentDocuments)
      .set({
        paidAmount: sql`${paid}`,
        status: sql`case
          when ${paymentDocuments.status} not in ('ISSUED', 'PAID', 'PARTIALLY_PAID')
            or ${paymentDocuments.type} = 'CANCELLATION_INVOICE' then ${paymentDocuments.status}
          when ${paid} > 0 and ${paid} >= ${paymentDocuments.totalGross} then 'PAID'
          when ${paid} > 0 then 'PARTIALLY_PAID'
          else 'ISSUED' end`,
      })
      .where(
        and(eq(paymentDocuments.drivingSchoolId, schoolId), eq(paymentDocuments.id, documentId)),
      );
  }
}

const paymentFromInput = (input: Record<string, unknown>) => ({
  amount: input.amount,
  paymentDate: input.paymentDate,
  method: input.method,
  reference: input.reference ?? '',
  studentId: input.studentId ?? null,
  studentEducationId: input.studentEducationId ?? null,
  costBearerId: input.costBearerId ?? null,
  documentId: input.documentId ?? null,
  note: input.note ?? null,
});

/**
 * The rules of a payment the office records by hand (create and correction): one payer, no
 * debits by hand; against a document only an issued one of the same payer, whose education
 * the payment then counts for; a refund (negative amount) against a document at most what
 * was paid on it. Without a document the payment counts for the balance only. `values` is
 * completed in place (the document's education). Inside a transaction the document's row is
 * locked, so two payments on one document settle it one after the other.
 */
async function checkManualPayment(
  db: Db,
  auth: AuthContext,
  values: Record<string, unknown>,
  previous?: PaymentRow,
) {
  if ((values.studentId == null) === (values.costBearerId == null)) {
    throw globalError('errors.payer_required', 'Give exactly one of studentId and costBearerId.');
  }
  if (values.method === 'DIRECT_DEBIT') {
    throw globalError(
      'errors.direct_debit_not_manual',
      'Direct debits come only from live pay and the SEPA export.',
    );
  }
  if (values.studentId != null && values.studentEducationId != null) {
    const [education] = await db
      .select({ studentId: studentEducations.studentId })
      .from(studentEducations)
      .where(
        and(
          eq(studentEducations.drivingSchoolId, auth.drivingSchoolId),
          eq(studentEducations.id, Number(values.studentEducationId)),
        ),
      );
    if (education && education.studentId !== values.studentId) {
      throw fieldError(
        'studentEducationId',
        'validation.invalid',
        'The education is not one of the student.',
      );
    }
  }
  if (values.documentId == null) return;
  const [document] = await db
    .select({
      status: paymentDocuments.status,
      type: paymentDocuments.type,
      studentId: paymentDocuments.studentId,
      costBearerId: paymentDocuments.costBearerId,
      studentEducationId: paymentDocuments.studentEducationId,
      paidAmount: paymentDocuments.paidAmount,
    })
    .from(paymentDocuments)
    .where(
      and(
        eq(paymentDocuments.drivingSchoolId, auth.drivingSchoolId),
        eq(paymentDocuments.id, Number(values.documentId)),
      ),
    )
    .for('update');
  if (!document) {
    throw fieldError('documentId', 'validation.not_found', 'No such document in your school.');
  }
  if (
    document.status === 'DRAFT' ||
    document.status === 'CANCELLED' ||
    document.type === 'CANCELLATION_INVOICE'
  ) {
    throw globalError(
      'errors.document_not_issued',
      'Payments settle issued documents only (not drafts, cancelled or cancellation invoices).',
    );
  }
  const samePayer =
    values.costBearerId != null
      ? document.costBearerId === values.costBearerId
      : document.studentId === values.studentId && document.costBearerId === null;
  if (!samePayer) {
    throw fieldError(
      'documentId',
      'validation.invalid',
      'The document is addressed to another payer.',
    );
  }
  if (values.studentEducationId == null) {
    values.studentEducationId = document.studentEducationId;
  } else if (
    document.studentEducationId !== null &&
    document.studentEducationId !== values.studentEducationId
  ) {
    throw fieldError(
      'studentEducationId',
      'validation.invalid',
      'The document belongs to another education.',
    );
  }
  const amount = Number(values.amount);
  const settledBefore =
    document.paidAmount -
    (previous?.documentId === Number(values.documentId) &&
    (SETTLED_PAYMENT_STATUSES as readonly string[]).includes(previous.status)
      ? previous.amount
      : 0);
  if (amount < 0 && settledBefore + amount < 0) {
    throw fieldError(
      'amount',
      'validation.invalid',
      'A refund against a document can be at most what was paid on it.',
    );
  }
}

/** Only payments recorded by hand and not yet exported can change or go. */
function checkChangeable(current: PaymentRow | undefined) {
  if (!current) return;
  if (current.method === 'DIRECT_DEBIT') {
    throw globalError('errors.payment_not_manual', 'Debits are never changed or deleted by hand.');
  }
  if (current.exported) {
    throw globalError(
      'errors.payment_exported',
      'The payment is in a DATEV export; record a counter-payment instead.',
    );
  }
}

const paymentSort = {
  id: payments.id,
  paymentDate: payments.paymentDate,
  amount: payments.amount,
  method: payments.method,
  status: payments.status,
  createdAt: payments.createdAt,
};
const paymentDefaultSort = [
  { field: 'paymentDate', direction: 'desc' as const },
  { field: 'id', direction: 'desc' as const },
];

/** `search` matches the reference and the note. */
const paymentSearch = [payments.reference, payments.note];

type PaymentFilter = {
  studentId?: number;
  studentEducationId?: number;
  costBearerId?: number;
  documentId?: number;
  methods?: PaymentRow['method'][];
  statuses?: PaymentRow['status'][];
  paymentDateFrom?: string;
  paymentDateTo?: string;
  exported?: boolean;
};

function paymentConditions(filter: PaymentFilter): (SQL | undefined)[] {
  return [
    filter.studentId ? eq(payments.studentId, filter.studentId) : undefined,
    filter.studentEducationId
      ? eq(payments.studentEducationId, filter.studentEducationId)
      : undefined,
    filter.costBearerId ? eq(payments.costBearerId, filter.costBearerId) : undefined,
    filter.documentId ? eq(payments.documentId, filter.documentId) : undefined,
    filter.methods?.length ? inArray(payments.method, filter.methods) : undefined,
    filter.statuses?.length ? inArray(payments.status, filter.statuses) : undefined,
    filter.paymentDateFrom ? gte(payments.paymentDate, filter.paymentDateFrom) : undefined,
    filter.paymentDateTo ? lte(payments.paymentDate, filter.paymentDateTo) : undefined,
    filter.exported === undefined
      ? undefined
      : filter.exported
        ? paymentExported
        : sql`not ${paymentExported}`,
  ];
}

/** What a refused payment write means, per constraint. */
const PAYMENT_CONSTRAINTS = {
  payments_amount_check: { field: 'amount', error: 'validation.invalid' },
  payments_document_fk: { field: 'documentId', error: 'validation.not_found' },
  payments_student_fk: { field: 'studentId', error: 'validation.not_found' },
  payments_education_fk: { field: 'studentEducationId', error: 'validation.not_found' },
  payments_cost_bearer_fk: { field: 'costBearerId', error: 'validation.not_found' },
  payments_payer_check: { error: 'errors.payer_required' },
};

export function createPaymentHandlers(db: Db): OperationHandlers {
  // Create, update and delete settle the documents and cost bearers too: wrapped below.
  const { updatePayment, deletePayment, ...generic } = createResourceHandlers(db, {
    table: payments,
    operations: {
      get: 'getPayment',
      filter: 'filterPayments',
      page: 'pagePayments',
      update: 'updatePayment',
      delete: 'deletePayment',
    },
    // Rows carry `exported` (the computed field below), which the table's type cannot show.
    toDto: (row) => toPaymentDto(row as PaymentRow),
    computed: { exported: paymentExported },
    fromInput: paymentFromInput,
    searchColumns: paymentSearch,
    sortColumns: paymentSort,
    defaultSort: paymentDefaultSort,
    filters: (body) => paymentConditions(body as PaymentFilter),
    constraints: PAYMENT_CONSTRAINTS,
    rules: {
      async beforeUpdate({ auth, current, values }) {
        checkChangeable(current as PaymentRow | undefined);
        await checkManualPayment(db, auth, values ?? {}, current as PaymentRow | undefined);
      },
      async beforeDelete({ current }) {
        checkChangeable(current as PaymentRow | undefined);
      },
    },
  });
  const repository = createResourceRepository<typeof payments, { exported: boolean }>(
    db,
    payments,
    {
      searchColumns: paymentSearch,
      sortColumns: paymentSort,
      defaultSort: paymentDefaultSort,
      computed: { exported: paymentExported },
    },
  );

  /** The documents and cost bearers a payment settles, before and after a write, follow it. */
  const write = {
    update: required(updatePayment, 'updatePayment'),
    delete: required(deletePayment, 'deletePayment'),
  };
  const settle = async (
    schoolId: number,
    rows: (PaymentRow | Payment | null | undefined)[],
    via: Db = db,
  ) => {
    await refreshDocumentPayments(
      via,
      schoolId,
      rows.map((row) => row?.documentId),
    );
    await refreshCostBearerBalances(
      via,
      schoolId,
      rows.map((row) => row?.costBearerId),
    );
  };

  const settling = kitHandlers({
    /**
     * Records a payment: the rules, the row and the settled document and cost bearer in one
     * transaction; a retry with the same `Idempotency-Key` answers the first payment again.
     */
    async createPayment(request) {
      const auth = requireAuth(request);
      const schoolId = auth.drivingSchoolId;
      return idempotent(db, schoolId, request, 'createPayment', () =>
        db.transaction(async (txn) => {
          const tx: Db = txn;
          const values = paymentFromInput(request.body as Record<string, unknown>);
          await checkManualPayment(tx, auth, values);
          const [row] = await guardWrite(
            () =>
              tx
                .insert(payments)
                .values({ ...(values as typeof payments.$inferInsert), drivingSchoolId: schoolId })
                .returning(paymentFields),
            PAYMENT_CONSTRAINTS,
          );
          if (!row) throw new Error('The payment was not written.');
          await settle(schoolId, [row], tx);
          return { status: 201 as const, body: toPaymentDto(row) };
        }),
      );
    },
    async updatePayment(request, reply) {
      const auth = requireAuth(request);
      const before = await repository.findById(auth.drivingSchoolId, request.params.id);
      const result = await write.update(request, reply);
      await settle(auth.drivingSchoolId, [before, result.body]);
      return result;
    },
    async deletePayment(request, reply) {
      const auth = requireAuth(request);
      const before = await repository.findById(auth.drivingSchoolId, request.params.id);
      const result = await write.delete(request, reply);
      await settle(auth.drivingSchoolId, [before]);
      return result;
    },
  });

  /**
   * The saldo of a student, in total and per education: `balance = paid − invoiced` on the
   * student's own account, from the fragments of workflows.ts (the definition is written
   * there), so this, the workflow lists and the overviews cannot disagree.
   */
  async function balanceOf(schoolId: number, studentId: number): Promise<Balance> {
    const today = berlinToday();
    const rows = async (query: SQL) =>
      ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
    const [documentSums, paymentSums, educations] = await Promise.all([
      rows(sql`select d.student_education_id as education_id,
          ${INVOICED_SUM}::bigint as invoiced, ${OPEN_SUM}::bigint as open,
          ${overdueSum(today)}::bigint as overdue, ${REQUESTED_SUM}::bigint as requested
        from payment_documents d
        where d.driving_school_id = ${schoolId} and d.student_id = ${studentId}
        and ${documentOfPayer('student')}
        group by d.student_education_id`),
      rows(sql`select p.student_education_id as education_id, ${PAID_SUM}::bigint as paid
        from payments p
        where p.driving_school_id = ${schoolId} and p.student_id = ${studentId}
        and ${paymentOfPayer('student')}
        group by p.student_education_id`),
      db
        .select({
          id: studentEducations.id,
          licenseClass: studentEducations.licenseClass,
          paymentWorkflow: studentEducations.paymentWorkflow,
        })
        .from(studentEducations)
        .where(
          and(
            eq(studentEducations.drivingSchoolId, schoolId),
            eq(studentEducations.studentId, studentId),
          ),
        )
        .orderBy(asc(studentEducations.id))
        .limit(50),
    ]);
    const sum = (list: Record<string, unknown>[], key: string, educationId?: number) =>
      list
        .filter((row) => educationId === undefined || Number(row.education_id) === educationId)
        .reduce((total, row) => total + Number(row[key] ?? 0), 0);
    const invoiced = sum(documentSums, 'invoiced');
    const paid = sum(paymentSums, 'paid');
    return {
      studentId,
      balance: paid - invoiced,
      invoiced,
      paid,
      open: sum(documentSums, 'open'),
      overdue: sum(documentSums, 'overdue'),
      requested: sum(documentSums, 'requested'),
      educations: educations.map((education) => {
        const educationInvoiced = sum(documentSums, 'invoiced', education.id);
        const educationPaid = sum(paymentSums, 'paid', education.id);
        return {
          studentEducationId: education.id,
          licenseClass: education.licenseClass,
          paymentWorkflow: education.paymentWorkflow,
          invoiced: educationInvoiced,
          paid: educationPaid,
          balance: educationPaid - educationInvoiced,
        };
      }),
    };
  }

  const handlers: OperationHandlers = {
    async getStudentBalance(request) {
      const auth = requireAuth(request);
      const [student] = await db
        .select({ id: students.id })
        .from(students)
        .where(
          and(
            eq(students.drivingSchoolId, auth.drivingSchoolId),
            eq(students.id, request.params.id),
          ),
        );
      if (!student) throw notFound();
      return { status: 200, body: await balanceOf(auth.drivingSchoolId, student.id) };
    },

    async getLivePayPaymentStatuses(request) {
      const auth = requireAuth(request);
      const schoolId = auth.drivingSchoolId;
      const wanted = request.body.studentEducationIds;
      const found = await db
        .select({ id: studentEducations.id })
        .from(studentEducations)
        .where(
          and(
            eq(studentEducations.drivingSchoolId, schoolId),
            inArray(studentEducations.id, wanted),
          ),
        );
      if (found.length !== new Set(wanted).size) {
        throw fieldError(
          'studentEducationIds',
          'validation.not_found',
          'Not every id is an education of your school.',
        );
      }
      // The newest debit of each education.
      const newest = await db
        .selectDistinctOn([payments.studentEducationId], {
          studentEducationId: payments.studentEducationId,
          id: payments.id,
          status: payments.status,
        })
        .from(payments)
        .where(
          and(
            eq(payments.drivingSchoolId, schoolId),
            eq(payments.method, 'DIRECT_DEBIT'),
            inArray(payments.studentEducationId, wanted),
          ),
        )
        .orderBy(payments.studentEducationId, desc(payments.paymentDate), desc(payments.id));
      const byEducation = new Map(newest.map((row) => [row.studentEducationId, row]));
      return {
        status: 200,
        body: wanted.map((studentEducationId) => {
          const debit = byEducation.get(studentEducationId);
          return debit
            ? {
                studentEducationId,
                status: debit.status,
                paymentId: debit.id,
                failed: FAILED_DEBIT_STATUSES.has(debit.status),
              }
            : { studentEducationId, failed: false };
        }),
      };
    },

    async updateLivePayPaymentStatus(request) {
      const auth = requireAuth(request);
      const schoolId = auth.drivingSchoolId;
      const { status, failureReason, bankFee } = request.body;
      const current = await repository.findById(schoolId, request.params.id);
      if (current?.method !== 'DIRECT_DEBIT') throw notFound('No such debit in your school.');
      const row = await idempotent(db, schoolId, request, 'updateLivePayPaymentStatus', () =>
        db.transaction((tx) =>
          changeDebitStatus(
            tx,
            schoolId,
            current,
            { status, failureReason, bankFee },
            { transitions: DEBIT_TRANSITIONS, feeRule: 'refuse' },
          ).then((changed) => ({ status: 200 as const, body: toPaymentDto(changed) })),
        ),
      );
      return row;
    },

    async getPaymentsPerDrivingSchoolReport(request) {
      const auth = requireAuth(request);
      return { status: 200, body: await paymentsReport(db, auth.drivingSchoolId, request.body) };
    },

    async listPayments(request) {
      const auth = requireAuth(request);
      const { search, ...filter } = request.query;
      const { rows } = await repository.page(auth.drivingSchoolId, {
        offset: 0,
        limit: 1000,
        search,
        where: paymentConditions(filter),
      });
      return { status: 200, body: rows.map(toPaymentDto) };
    },
  };

  return mergeHandlers(generic, settling, handlers, createAutomaticPaymentTriggerHandlers(db));
}

/* Automatic service bundles. */

export const toAutomaticPaymentTriggerDto = (
  row: typeof automaticPaymentTriggers.$inferSelect,
): AutomaticPaymentTrigger => withoutNulls(row);

function createAutomaticPaymentTriggerHandlers(db: Db): OperationHandlers {
  return createResourceHandlers(db, {
    table: automaticPaymentTriggers,
    operations: {
      get: 'getAutomaticPaymentTrigger',
      list: 'listAutomaticPaymentTriggers',
      create: 'createAutomaticPaymentTrigger',
      update: 'updateAutomaticPaymentTrigger',
      delete: 'deleteAutomaticPaymentTrigger',
    },
    toDto: toAutomaticPaymentTriggerDto,
    fromInput: (input) => ({
      name: input.name,
      active: input.active ?? true,
      event: input.event,
      examKind: input.examKind ?? null,
      examStatus: input.examStatus ?? null,
      lessonCount: input.lessonCount ?? null,
      paymentWorkflows: input.paymentWorkflows,
      licenseClasses: input.licenseClasses ?? [],
      documentType: input.documentType,
      productIds: input.productIds,
      dueInDays: input.dueInDays ?? 14,
    }),
    sortColumns: { id: automaticPaymentTriggers.id, name: automaticPaymentTriggers.name },
    defaultSort: [{ field: 'name' }],
    constraints: {
      automatic_payment_triggers_document_type_check: {
        field: 'documentType',
        error: 'validation.invalid',
      },
      automatic_payment_triggers_lesson_count_check: {
        field: 'lessonCount',
        error: 'validation.invalid',
      },
      automatic_payment_triggers_exam_check: { field: 'examKind', error: 'validation.invalid' },
      automatic_payment_triggers_exam_status_event_check: {
        field: 'examStatus',
        error: 'validation.invalid',
      },
    },
    rules: {
      beforeCreate: ({ auth, values }) => checkProducts(db, auth.drivingSchoolId, values),
      beforeUpdate: ({ auth, values }) => checkProducts(db, auth.drivingSchoolId, values),
    },
  });
}

/** The bundle's products must be the school's (an id array has no foreign key). */
async function checkProducts(
  db: Db,
  schoolId: number,
  values: Record<string, unknown> | undefined,
): Promise<void> {
  const wanted = [...new Set((values?.productIds as number[] | undefined) ?? [])];
  if (wanted.length === 0) return;
  const found = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.drivingSchoolId, schoolId), inArray(products.id, wanted)));
  if (found.length !== wanted.length) {
    throw fieldError('productIds', 'validation.not_found', 'Not every product is of your school.');
  }
}

/** A report period: `from` not after `to`, at most 10 years (422 otherwise). */
export function checkReportPeriod(filter: { from: string; to: string }): void {
  if (filter.from > filter.to) {
    throw fieldError('to', 'validation.invalid', '`to` is before `from`.');
  }
  const limit = `${Number(filter.from.slice(0, 4)) + 10}${filter.from.slice(4)}`;
  if (filter.to >= limit) {
    throw fieldError('to', 'validation.invalid', 'A report covers at most 10 years.');
  }
}

/**
 * Payments received (settled, by payment date; refunds negative) per month and method.
 * `branchIds` and `licenseClasses` select by the payment's education; `instructorIds` is
 * not applied (payments have no instructor).
 */
export async function paymentsReport(
  db: Db,
  schoolId: number,
  filter: ReportFilter,
): Promise<PaymentsReport> {
  checkReportPeriod(filter);
  const month = sql<string>`to_char(${payments.paymentDate}, 'YYYY-MM')`;
  const byEducation =
    filter.branchIds?.length || filter.licenseClasses?.length
      ? inArray(
          payments.studentEducationId,
          db
            .select({ id: studentEducations.id })
            .from(studentEducations)
            .where(
              and(
                eq(studentEducations.drivingSchoolId, schoolId),
                filter.branchIds?.length
                  ? inArray(studentEducations.branchId, filter.branchIds)
                  : undefined,
                filter.licenseClasses?.length
                  ? inArray(studentEducations.licenseClass, filter.licenseClasses)
                  : undefined,
              ),
            ),
        )
      : undefined;
  const rows = await db
    .select({
      month,
      method: payments.method,
      count: sql<number>`count(*)::int`.mapWith(Number),
      amount: sql<number>`coalesce(sum(${payments.amount}), 0)::bigint`.mapWith(Number),
    })
    .from(payments)
    .where(
      and(
        eq(payments.drivingSchoolId, schoolId),
        inArray(payments.status, [...SETTLED_PAYMENT_STATUSES]),
        gte(payments.paymentDate, filter.from),
        lte(payments.paymentDate, filter.to),
        byEducation,
      ),
    )
    .groupBy(month, payments.method)
    .orderBy(month, payments.method);
  const methods = new Map<PaymentRow['method'], { count: number; amount: number }>();
  for (const row of rows) {
    const sum = methods.get(row.method) ?? { count: 0, amount: 0 };
    sum.count += row.count;
    sum.amount += row.amount;
    methods.set(row.method, sum);
  }
  return {
    from: filter.from,
    to: filter.to,
    rows,
    methods: [...methods].map(([method, sum]) => ({ method, ...sum })),
    total: rows.reduce((total, row) => total + row.amount, 0),
  };
}
