import type { components } from '@fahrwerk/api/schema';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { type AuthContext, requireAuth } from '../../http/auth';
import { notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { berlinToday, handlers } from '../resources/kit';
import { likePattern } from '../resources/resource-repository';
import { studentVisibility } from '../students/students.resources';

/*
 * The payment-workflow screens (classic pay, flash pay, live pay): the lists of educations
 * with their balance, the overview tile per workflow and the school's balance overview.
 *
 * THE BALANCE — one definition for `GET /balance/{id}`, these lists, the workflow tile and
 * the balance overview; every one of them is built from the SQL fragments below, nothing
 * else sums money for a balance:
 *
 *     balance = paid − invoiced            (negative: the payer owes the school)
 *
 *   invoiced  Σ total_gross of the payer's issued invoices (every type but PAYMENT_REQUEST,
 *             status not DRAFT). A cancelled invoice still counts and its cancellation
 *             invoice (negative total) takes it back, so "issued minus cancellations".
 *   paid      Σ amount of the payer's payments with status PAID or PARTIALLY_PAID; refunds
 *             are negative payments and subtract. OPEN/PENDING debits, failed, cancelled and
 *             charged-back ones do not count.
 *   requested Σ open amount of issued payment requests (ISSUED, PARTIALLY_PAID). A payment
 *             request is no invoice: it is never in `invoiced`; money paid on it is `paid`
 *             (a credit until the invoice comes).
 *   open      Σ open amount (> 0) of issued, not settled invoices (ISSUED, PARTIALLY_PAID);
 *   overdue   the part of `open` whose due date is before today (Europe/Berlin).
 *
 * The payer is a student's own account (documents addressed to the student, payments not
 * made by a cost bearer: `cost_bearer_id is null`) or a cost bearer (`cost_bearer_id = x`).
 * An education's balance counts the rows carrying its id; the student's total also counts
 * rows without an education (a payment "to the balance").
 *
 * Aliases in the fragments: `d` payment_documents, `p` payments, `e` student_educations;
 * `students` is never aliased (the visibility condition of the student list names it).
 */

type Schemas = components['schemas'];
type PaymentWorkflow = Schemas['PaymentWorkflow'];
type PaymentStatus = Schemas['PaymentStatus'];
type WorkflowStudent = Schemas['PaymentWorkflowStudent'];
type WorkflowFilter = Schemas['PaymentWorkflowStudentFilter'];

/** Whose account: the student's own, or a cost bearer's. */
export type Payer = { costBearerId: number } | 'student';

/** `d` counts in `invoiced`. */
export const INVOICED = sql.raw(`d.type <> 'PAYMENT_REQUEST' and d.status <> 'DRAFT'`);
/** `p` counts in `paid`. */
export const SETTLED = sql.raw(`p.status in ('PAID', 'PARTIALLY_PAID')`);
/** `d` is an issued invoice with an open amount. */
export const OPEN_INVOICE = sql.raw(
  `d.type not in ('PAYMENT_REQUEST', 'CANCELLATION_INVOICE') and d.status in ('ISSUED', 'PARTIALLY_PAID') and d.open_amount > 0`,
);
/** `d` is an issued payment request with an open amount. */
export const OPEN_REQUEST = sql.raw(
  `d.type = 'PAYMENT_REQUEST' and d.status in ('ISSUED', 'PARTIALLY_PAID') and d.open_amount > 0`,
);
/** `d` is an open invoice past its due date. */
export const overdueInvoice = (today: string) =>
  sql`${OPEN_INVOICE} and d.due_date < ${today}::date`;

/** The live-pay statuses that mark an education red (spec 001 §4). */
export const FAILED_DEBIT = sql.raw(`p.status in ('FAILED', 'CANCELLED', 'CHARGED_BACK')`);

/** Rows of `d`/`p` on the payer's account. */
export const documentOfPayer = (payer: Payer) =>
  payer === 'student'
    ? sql.raw('d.cost_bearer_id is null')
    : sql`d.cost_bearer_id = ${payer.costBearerId}`;
export const paymentOfPayer = (payer: Payer) =>
  payer === 'student'
    ? sql.raw('p.cost_bearer_id is null')
    : sql`p.cost_bearer_id = ${payer.costBearerId}`;

/** Aggregates over `d` and `p` (use with a grouping or a correlated subquery). */
export const INVOICED_SUM = sql`coalesce(sum(d.total_gross) filter (where ${INVOICED}), 0)`;
export const PAID_SUM = sql`coalesce(sum(p.amount) filter (where ${SETTLED}), 0)`;
export const OPEN_SUM = sql`coalesce(sum(d.open_amount) filter (where ${OPEN_INVOICE}), 0)`;
export const REQUESTED_SUM = sql`coalesce(sum(d.open_amount) filter (where ${OPEN_REQUEST}), 0)`;
export const overdueSum = (today: string) =>
  sql`coalesce(sum(d.open_amount) filter (where ${overdueInvoice(today)}), 0)`;

/** Per education `e` of the outer query, on the payer's account (correlated subqueries). */
const ofEducation = (payer: Payer) => ({
  paid: sql`(select ${PAID_SUM} from payments p where p.driving_school_id = e.driving_school_id
    and p.student_education_id = e.id and ${paymentOfPayer(payer)})`,
  invoiced: sql`(select ${INVOICED_SUM} from payment_documents d
    where d.driving_school_id = e.driving_school_id and d.student_education_id = e.id
    and ${documentOfPayer(payer)})`,
  open: sql`(select ${OPEN_SUM} from payment_documents d
    where d.driving_school_id = e.driving_school_id and d.student_education_id = e.id
    and ${documentOfPayer(payer)})`,
});

/** `paid − invoiced` of the education `e` on the payer's account. */
export const educationBalance = (payer: Payer) => {
  const of = ofEducation(payer);
  return sql`(${of.paid} - ${of.invoiced})`;
};

/** The newest payment of the education `e` on the payer's account (status, date). */
const newestPayment = (payer: Payer, column: 'status' | 'payment_date') =>
  sql`(select p.${sql.raw(column)} from payments p where p.driving_school_id = e.driving_school_id
    and p.student_education_id = e.id and ${paymentOfPayer(payer)}
    order by p.payment_date desc, p.id desc limit 1)`;

/** Whether the newest debit of the education `e` failed (the red mark). */
export const EDUCATION_FAILED = sql`coalesce((select ${FAILED_DEBIT} from payments p
  where p.driving_school_id = e.driving_school_id and p.student_education_id = e.id
  and p.method = 'DIRECT_DEBIT' order by p.payment_date desc, p.id desc limit 1), false)`;

/** The status of the education's newest mandate. */
const NEWEST_MANDATE = sql`(select m.status from live_pay_mandates m
  where m.driving_school_id = e.driving_school_id and m.student_education_id = e.id
  order by m.created_at desc, m.id desc limit 1)`;

/** An education `e` of a student `s` who is not archived, nor is the education. */
const ACTIVE = sql.raw('not students.archived and not e.archived');

/* ---- the lists ------------------------------------------------------------------------ */

type Row = Record<string, unknown>;
const rowsOf = async (db: Db, query: SQL): Promise<Row[]> =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const int = (value: unknown) => Number(value ?? 0);

const SORTS: Record<string, (payer: Payer) => SQL> = {
  lastName: () => sql.raw('lower(students.last_name)'),
  firstName: () => sql.raw('lower(students.first_name)'),
  licenseClass: () => sql.raw('e.license_class'),
  balance: (payer) => educationBalance(payer),
  openAmount: (payer) => ofEducation(payer).open,
  lastPaymentDate: (payer) => newestPayment(payer, 'payment_date'),
};

/**
 * One page of educations and the total. Two steps: the page's ids (filters, sort, offset
 * in SQL — the money figures are computed only where a filter or the sort needs them),
 * then the figures of those ids with the same expressions.
 */
export async function workflowStudentPage(
  db: Db,
  auth: AuthContext,
  filter: WorkflowFilter,
  payer: Payer,
): Promise<{ data: WorkflowStudent[]; total: number }> {
  const schoolId = auth.drivingSchoolId;
  const conditions: SQL[] = [sql`e.driving_school_id = ${schoolId}`];
  const visible = studentVisibility(db)(auth);
  if (visible) conditions.push(visible);
  conditions.push(filter.archived ? sql.raw('(students.archived or e.archived)') : ACTIVE);
  if (payer !== 'student') {
    conditions.push(sql`exists (select 1 from student_education_cost_bearers c
      where c.driving_school_id = e.driving_school_id and c.student_education_id = e.id
      and c.cost_bearer_id = ${payer.costBearerId})`);
  }
  if (filter.paymentWorkflow) conditions.push(sql`e.payment_workflow = ${filter.paymentWorkflow}`);
  const some = <T>(list: T[] | undefined) => (list && list.length > 0 ? list : undefined);
  const branchIds = some(filter.branchIds);
  if (branchIds) conditions.push(sql`e.branch_id in ${inList(branchIds)}`);
  const instructorIds = some(filter.instructorIds);
  if (instructorIds) {
    conditions.push(
      sql`(e.instructor_id in ${inList(instructorIds)} or students.instructor_id in ${inList(instructorIds)})`,
    );
  }
  const classes = some(filter.licenseClasses);
  if (classes) conditions.push(sql`e.license_class in ${inList(classes)}`);
  if (filter.automaticPayment !== undefined) {
    conditions.push(sql`e.automatic_payment = ${filter.automaticPayment}`);
  }
  if (filter.finishedEducation !== undefined) {
    conditions.push(sql`e.finished = ${filter.finishedEducation}`);
  }
  const search = filter.search?.trim().toLowerCase();
  if (search) {
    // The generated search text has the trigram index; the name decides.
    const pattern = likePattern(search);
    conditions.push(
      sql`students.search_text like ${pattern} and lower(students.first_name || ' ' || students.last_name) like ${pattern}`,
    );
  }
  const statuses = some(filter.paymentStatuses);
  if (statuses) conditions.push(sql`${newestPayment(payer, 'status')} in ${inList(statuses)}`);
  if (filter.onlyDebtors) conditions.push(sql`${educationBalance(payer)} < 0`);
  if (filter.onlyFailed) conditions.push(EDUCATION_FAILED);
  const where = sql.join(conditions, sql` and `);

  const sorts: { field: string; direction?: 'asc' | 'desc' }[] = filter.sort?.length
    ? filter.sort
    : [{ field: 'lastName' }, { field: 'firstName' }];
  const order = sorts.map(({ field, direction }) => {
    // Names and classes are never null (plain order, as the name index has it); money and
    // dates without a value go last.
    const plain = field === 'lastName' || field === 'firstName' || field === 'licenseClass';
    const dir = sql.raw(`${direction === 'desc' ? 'desc' : 'asc'}${plain ? '' : ' nulls last'}`);
    return sql`${(SORTS[field] ?? SORTS.lastName)?.(payer)} ${dir}`;
  });
  order.push(sql.raw('students.id asc'), sql.raw('e.id asc'));
  const size = filter.size ?? 25;
  const offset = (filter.page ?? 0) * size;
  const from = sql.raw(
    'student_educations e join students on students.driving_school_id = e.driving_school_id and students.id = e.student_id',
  );
  const [pageRows, countRows] = await Promise.all([
    rowsOf(
      db,
      sql`select e.id from ${from} where ${where}
        order by ${sql.join(order, sql`, `)} limit ${size} offset ${offset}`,
    ),
    rowsOf(db, sql`select count(*)::bigint as total from ${from} where ${where}`),
  ]);
  const ids = pageRows.map((row) => int(row.id));
  const total = int(countRows[0]?.total);
  if (ids.length === 0) return { data: [], total };
  const details = await educationFigures(db, schoolId, ids, payer);
  return { data: ids.flatMap((id) => details.get(id) ?? []), total };
}

/** `(a, b, c)` of bound values. */
const inList = (values: readonly (string | number)[]) =>
  sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;

/** The list rows of these educations (of one school), by id. */
async function educationFigures(
  db: Db,
  schoolId: number,
  ids: number[],
  payer: Payer,
): Promise<Map<number, WorkflowStudent>> {
  const of = ofEducation(payer);
  const rows = await rowsOf(
    db,
    sql`select e.id, e.student_id, students.first_name, students.last_name, e.license_class, e.branch_id,
        e.payment_workflow, e.automatic_payment, e.status, e.finished,
        ${payer === 'student' ? sql`(select min(c.cost_bearer_id) from student_education_cost_bearers c where c.driving_school_id = e.driving_school_id and c.student_education_id = e.id)` : sql`${payer.costBearerId}::int`} as cost_bearer_id,
        ${educationBalance(payer)}::bigint as balance,
        ${of.open}::bigint as open_amount,
        ${newestPayment(payer, 'status')} as last_status,
        ${newestPayment(payer, 'payment_date')}::text as last_date,
        ${NEWEST_MANDATE} as mandate_status,
        ${EDUCATION_FAILED} as failed
      from student_educations e
      join students on students.driving_school_id = e.driving_school_id and students.id = e.student_id
      where e.driving_school_id = ${schoolId} and e.id in ${inList(ids)}`,
  );
  return new Map(
    rows.map((row) => {
      const dto: WorkflowStudent = {
        studentId: int(row.student_id),
        studentEducationId: int(row.id),
        firstName: String(row.first_name),
        lastName: String(row.last_name),
        licenseClass: row.license_class as WorkflowStudent['licenseClass'],
        branchId: int(row.branch_id),
        paymentWorkflow: row.payment_workflow as PaymentWorkflow,
        automaticPayment: Boolean(row.automatic_payment),
        educationStatus: row.status as WorkflowStudent['educationStatus'],
        finishedEducation: Boolean(row.finished),
        balance: int(row.balance),
        openAmount: int(row.open_amount),
        failed: Boolean(row.failed),
      };
      if (row.cost_bearer_id != null) dto.costBearerId = int(row.cost_bearer_id);
      if (row.last_status != null) dto.lastPaymentStatus = row.last_status as PaymentStatus;
      if (row.last_date != null) dto.lastPaymentDate = String(row.last_date);
      if (row.mandate_status != null) {
        dto.mandateStatus = row.mandate_status as WorkflowStudent['mandateStatus'] & string;
      }
      return [dto.studentEducationId, dto];
    }),
  );
}

/* ---- the overview tile of one workflow ---------------------------------------------------- */

/** The first and the last day of the Berlin month of `today`. */
export function monthOf(today: string): { from: string; to: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const prefix = today.slice(0, 7);
  return { from: `${prefix}-01`, to: `${prefix}-${String(last).padStart(2, '0')}` };
}

/**
 * The tile of one workflow over its active educations, on the students' own accounts (the
 * same figures as the list rows: its open and overdue amounts are the lists' sums). The
 * cost bearers' side is in the balance overview.
 */
export async function workflowOverview(
  db: Db,
  schoolId: number,
  workflow: PaymentWorkflow,
  today = berlinToday(),
): Promise<Schemas['PaymentWorkflowOverview']> {
  const educations = sql`select e.id, e.driving_school_id, e.automatic_payment from student_educations e
    join students on students.driving_school_id = e.driving_school_id and students.id = e.student_id
    where e.driving_school_id = ${schoolId} and e.payment_workflow = ${workflow} and ${ACTIVE}`;
  const month = monthOf(today);
  const own = documentOfPayer('student');
  const [counts, documents, paymentRows] = await Promise.all([
    rowsOf(
      db,
      sql`select count(*)::bigint as education_count,
          count(*) filter (where e.automatic_payment)::bigint as automatic_count,
          count(*) filter (where ${EDUCATION_FAILED})::bigint as failed_count
        from (${educations}) e`,
    ),
    rowsOf(
      db,
      sql`select ${OPEN_SUM}::bigint as open_amount, ${overdueSum(today)}::bigint as overdue_amount
        from payment_documents d join (${educations}) e on e.id = d.student_education_id
        where d.driving_school_id = ${schoolId} and ${own}`,
    ),
    rowsOf(
      db,
      sql`select p.status, count(*)::bigint as count, coalesce(sum(p.amount), 0)::bigint as amount,
          coalesce(sum(p.amount) filter (where ${SETTLED}
            and p.payment_date between ${month.from}::date and ${month.to}::date), 0)::bigint as this_month
        from payments p join (${educations}) e on e.id = p.student_education_id
        where p.driving_school_id = ${schoolId} and ${paymentOfPayer('student')}
        group by p.status order by p.status`,
    ),
  ]);
  return {
    paymentWorkflow: workflow,
    educationCount: int(counts[0]?.education_count),
    automaticPaymentCount: int(counts[0]?.automatic_count),
    failedCount: int(counts[0]?.failed_count),
    openAmount: int(documents[0]?.open_amount),
    overdueAmount: int(documents[0]?.overdue_amount),
    paidThisMonth: paymentRows.reduce((sum, row) => sum + int(row.this_month), 0),
    payments: paymentRows.map((row) => ({
      status: row.status as PaymentStatus,
      count: int(row.count),
      amount: int(row.amount),
    })),
  };
}

/* ---- the school's balance overview -------------------------------------------------------- */

/**
 * Balances of every active student (their whole own account) and active cost bearer, the
 * open, overdue and requested amounts of their documents, the failed debits, and per
 * workflow the balances of the active educations.
 */
export async function balanceOverview(
  db: Db,
  schoolId: number,
  today = berlinToday(),
): Promise<Schemas['BalanceOverview']> {
  const studentBalances = sql`select students.id,
      coalesce((select ${PAID_SUM} from payments p where p.driving_school_id = students.driving_school_id
        and p.student_id = students.id and ${paymentOfPayer('student')}), 0)
      - coalesce((select ${INVOICED_SUM} from payment_documents d where d.driving_school_id = students.driving_school_id
        and d.student_id = students.id and ${documentOfPayer('student')}), 0) as balance
    from students where students.driving_school_id = ${schoolId} and not students.archived`;
  const bearerBalances = sql`select b.id,
      coalesce((select ${PAID_SUM} from payments p where p.driving_school_id = b.driving_school_id
        and p.cost_bearer_id = b.id), 0)
      - coalesce((select ${INVOICED_SUM} from payment_documents d where d.driving_school_id = b.driving_school_id
        and d.cost_bearer_id = b.id), 0) as balance
    from cost_bearers b where b.driving_school_id = ${schoolId} and not b.archived`;
  const balances = sql`(${studentBalances}) union all (${bearerBalances})`;
  // Documents of active payers: the student's own of an active student, or a cost bearer's.
  const activePayer = sql`((d.cost_bearer_id is null and exists (select 1 from students
      where students.driving_school_id = d.driving_school_id and students.id = d.student_id and not students.archived))
    or exists (select 1 from cost_bearers b where b.driving_school_id = d.driving_school_id
      and b.id = d.cost_bearer_id and not b.archived))`;
  const [totals, documents, failed, workflows] = await Promise.all([
    rowsOf(
      db,
      sql`select coalesce(sum(-balance) filter (where balance < 0), 0)::bigint as receivables,
          coalesce(sum(balance) filter (where balance > 0), 0)::bigint as credits,
          count(*) filter (where balance < 0)::bigint as debtors
        from (${balances}) b`,
    ),
    rowsOf(
      db,
      sql`select ${overdueSum(today)}::bigint as overdue,
          count(*) filter (where ${overdueInvoice(today)})::bigint as overdue_count,
          ${REQUESTED_SUM}::bigint as requested
        from payment_documents d where d.driving_school_id = ${schoolId} and ${activePayer}`,
    ),
    rowsOf(
      db,
      sql`select count(*)::bigint as count, coalesce(sum(p.amount), 0)::bigint as amount
        from payments p join students on students.driving_school_id = p.driving_school_id and students.id = p.student_id
        where p.driving_school_id = ${schoolId} and p.method = 'DIRECT_DEBIT'
        and p.status in ('FAILED', 'CHARGED_BACK') and not students.archived`,
    ),
    rowsOf(
      db,
      sql`select w.payment_workflow, count(*)::bigint as education_count,
          coalesce(sum(-w.balance) filter (where w.balance < 0), 0)::bigint as receivables,
          coalesce(sum(w.balance) filter (where w.balance > 0), 0)::bigint as credits
        from (select e.payment_workflow, ${educationBalance('student')} as balance
          from student_educations e
          join students on students.driving_school_id = e.driving_school_id and students.id = e.student_id
          where e.driving_school_id = ${schoolId} and ${ACTIVE}) w
        group by w.payment_workflow order by w.payment_workflow`,
    ),
  ]);
  return {
    receivables: int(totals[0]?.receivables),
    credits: int(totals[0]?.credits),
    overdue: int(documents[0]?.overdue),
    overdueDocumentCount: int(documents[0]?.overdue_count),
    debtorCount: int(totals[0]?.debtors),
    requested: int(documents[0]?.requested),
    failedDebitCount: int(failed[0]?.count),
    failedDebitAmount: int(failed[0]?.amount),
    workflows: workflows.map((row) => ({
      paymentWorkflow: row.payment_workflow as PaymentWorkflow,
      educationCount: int(row.education_count),
      receivables: int(row.receivables),
      credits: int(row.credits),
    })),
  };
}

/* ---- the handlers --------------------------------------------------------------------------- */

export function createPaymentWorkflowHandlers(db: Db): OperationHandlers {
  return handlers({
    async filterPaymentWorkflowStudents(request) {
      const auth = requireAuth(request);
      return { status: 200, body: await workflowStudentPage(db, auth, request.body, 'student') };
    },
    async filterCostBearerPaymentWorkflowStudents(request) {
      const auth = requireAuth(request);
      const costBearerId = request.params.costBearerId;
      const found = await rowsOf(
        db,
        sql`select 1 from cost_bearers where driving_school_id = ${auth.drivingSchoolId} and id = ${costBearerId}`,
      );
      if (found.length === 0) throw notFound('No such cost bearer in your school.');
      return {
        status: 200,
        body: await workflowStudentPage(db, auth, request.body, { costBearerId }),
      };
    },
    async getPaymentWorkflowOverviewInfo(request) {
      const auth = requireAuth(request);
      return {
        status: 200,
        body: await workflowOverview(db, auth.drivingSchoolId, request.query.paymentWorkflowId),
      };
    },
    async getPaymentsBalanceOverview(request) {
      const auth = requireAuth(request);
      return { status: 200, body: await balanceOverview(db, auth.drivingSchoolId) };
    },
  });
}
