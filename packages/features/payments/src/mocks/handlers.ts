import type { components, ErrorBody } from '@fahrwerk/api';
import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import { delay } from 'msw';
import type {
  AutomaticPaymentTrigger,
  BalanceOverview,
  BankReturnImport,
  PaymentStatus,
  PaymentWorkflow,
  PaymentWorkflowOverview,
  PaymentWorkflowStudent,
  SepaExport,
} from '../api/payment-workflow-queries';

/*
 * Fixtures and typed MSW handlers of the overview, the workflow lists, the SEPA files, the
 * bank returns and the automatic-payment triggers. `mockPayments(options)` answers every call
 * from one in-memory state (a restarted debit is no longer red, a new SEPA file is listed, a
 * saved trigger shows) and records the writes with their `Idempotency-Key`;
 * `paymentsHandlers` holds single handlers for the loading, empty and error states (put them
 * first: MSW takes the first handler that matches).
 */

type Payment = components['schemas']['Payment'];
type PaymentDocument = components['schemas']['PaymentDocument'];
type Product = components['schemas']['Product'];
type Branch = components['schemas']['Branch'];

const stamp = '2026-11-20T09:00:00Z';

export const balanceOverviewFixture: BalanceOverview = {
  receivables: 1234550,
  credits: 48000,
  overdue: 310000,
  overdueDocumentCount: 7,
  debtorCount: 23,
  requested: 96000,
  failedDebitCount: 2,
  failedDebitAmount: 13000,
  workflows: [
    { paymentWorkflow: 'CLASSIC_PAY', educationCount: 41, receivables: 912300, credits: 36000 },
    { paymentWorkflow: 'FLASH_PAY', educationCount: 12, receivables: 254750, credits: 0 },
    { paymentWorkflow: 'LIVE_PAY', educationCount: 18, receivables: 67500, credits: 12000 },
  ],
};

export const emptyBalanceOverview: BalanceOverview = {
  receivables: 0,
  credits: 0,
  overdue: 0,
  overdueDocumentCount: 0,
  debtorCount: 0,
  requested: 0,
  failedDebitCount: 0,
  failedDebitAmount: 0,
  workflows: [],
};

export const workflowOverviewFixture: Record<PaymentWorkflow, PaymentWorkflowOverview> = {
  CLASSIC_PAY: {
    paymentWorkflow: 'CLASSIC_PAY',
    educationCount: 41,
    automaticPaymentCount: 30,
    failedCount: 0,
    openAmount: 912300,
    overdueAmount: 254000,
    paidThisMonth: 431050,
    payments: [
      { status: 'PAID', count: 64, amount: 1804500 },
      { status: 'OPEN', count: 9, amount: 212000 },
    ],
  },
  FLASH_PAY: {
    paymentWorkflow: 'FLASH_PAY',
    educationCount: 12,
    automaticPaymentCount: 12,
    failedCount: 0,
    openAmount: 254750,
    overdueAmount: 56000,
    paidThisMonth: 120000,
    payments: [{ status: 'PAID', count: 20, amount: 480000 }],
  },
  LIVE_PAY: {
    paymentWorkflow: 'LIVE_PAY',
    educationCount: 18,
    automaticPaymentCount: 16,
    failedCount: 2,
    openAmount: 67500,
    overdueAmount: 0,
    paidThisMonth: 289900,
    payments: [
      { status: 'PAID', count: 112, amount: 728000 },
      { status: 'PENDING', count: 6, amount: 39000 },
      { status: 'FAILED', count: 2, amount: 13000 },
    ],
  },
};

const student = (
  patch: Partial<PaymentWorkflowStudent> &
    Pick<PaymentWorkflowStudent, 'studentId' | 'studentEducationId' | 'firstName' | 'lastName'>,
): PaymentWorkflowStudent => ({
  licenseClass: 'B',
  branchId: 1,
  paymentWorkflow: 'CLASSIC_PAY',
  automaticPayment: true,
  educationStatus: 'IN_TRAINING',
  finishedEducation: false,
  balance: 0,
  openAmount: 0,
  failed: false,
  ...patch,
});

/** The educations of the three lists; Tim Wagner's debit failed (red). */
export const workflowStudentsFixture = (): PaymentWorkflowStudent[] => [
  student({
    studentId: 11,
    studentEducationId: 201,
    firstName: 'Lena',
    lastName: 'Meyer',
    balance: -45000,
    openAmount: 45000,
    lastPaymentStatus: 'PAID',
    lastPaymentDate: '2026-11-02',
  }),
  student({
    studentId: 12,
    studentEducationId: 202,
    firstName: 'Jonas',
    lastName: 'Becker',
    licenseClass: 'A',
    branchId: 2,
    automaticPayment: false,
    balance: 12000,
  }),
  student({
    studentId: 13,
    studentEducationId: 203,
    firstName: 'Mia',
    lastName: 'Schulz',
    licenseClass: 'BE',
    paymentWorkflow: 'FLASH_PAY',
    balance: -89000,
    openAmount: 89000,
    lastPaymentStatus: 'OPEN',
    lastPaymentDate: '2026-11-15',
  }),
  student({
    studentId: 14,
    studentEducationId: 204,
    firstName: 'Tim',
    lastName: 'Wagner',
    paymentWorkflow: 'LIVE_PAY',
    balance: -6500,
    openAmount: 6500,
    lastPaymentStatus: 'FAILED',
    lastPaymentDate: '2026-11-20',
    mandateStatus: 'CONFIRMED',
    failed: true,
  }),
  student({
    studentId: 15,
    studentEducationId: 205,
    firstName: 'Sophie',
    lastName: 'Krüger',
    paymentWorkflow: 'LIVE_PAY',
    balance: 0,
    openAmount: 6500,
    lastPaymentStatus: 'OPEN',
    lastPaymentDate: '2026-11-24',
    mandateStatus: 'CONFIRMED',
  }),
  student({
    studentId: 16,
    studentEducationId: 206,
    firstName: 'Paul',
    lastName: 'Neumann',
    licenseClass: 'B197',
    paymentWorkflow: 'LIVE_PAY',
    automaticPayment: false,
    mandateStatus: 'UNCONFIRMED',
  }),
];

/** The newest debit of each live-pay education (the pause control's target). */
const debitIds: Record<number, number> = { 204: 7004, 205: 7005 };

export const sepaExportsFixture = (): SepaExport[] => [
  {
    id: 3,
    messageId: 'FW-20261116-0003',
    fileName: 'pain008-2026-11-18.xml',
    collectionDate: '2026-11-18',
    debitCount: 14,
    totalAmount: 91000,
    firstCount: 2,
    createdBy: 'Anna Schmidt',
    createdAt: '2026-11-16T08:15:00Z',
  },
  {
    id: 2,
    messageId: 'FW-20261102-0002',
    fileName: 'pain008-2026-11-04.xml',
    collectionDate: '2026-11-04',
    debitCount: 9,
    totalAmount: 58500,
    firstCount: 0,
    createdBy: 'Anna Schmidt',
    createdAt: '2026-11-02T08:00:00Z',
  },
];

const debit = (id: number, studentEducationId: number, failureReason: string): Payment => ({
  id,
  amount: 6500,
  paymentDate: '2026-11-18',
  method: 'DIRECT_DEBIT',
  status: 'FAILED',
  reference: `Fahrstunde ${id}`,
  studentEducationId,
  endToEndId: `FW-E2E-${id}`,
  failureReason,
  exported: false,
  createdAt: stamp,
  updatedAt: stamp,
});

export const bankReturnFixture: BankReturnImport = {
  entryCount: 4,
  failed: [debit(7011, 204, 'MD06'), debit(7012, 205, 'AC04')],
  unchanged: [7004],
  unmatched: [{ endToEndId: 'FREMD-0815', amount: 4500, reasonCode: 'AM04' }],
};

const product = (id: number, name: string, type: Product['type']): Product => ({
  id,
  name,
  type,
  licenseClasses: [],
  bookAtStudentRegistrationAllowed: false,
  vatRate: 19,
  prices: [],
  archived: false,
  createdAt: stamp,
  updatedAt: stamp,
});

export const productsFixture: Product[] = [
  product(7, 'Grundgebühr Klasse B', 'BASIC_FEE'),
  product(8, 'Lernmaterial', 'LEARNING_MATERIAL'),
  product(9, 'Vorstellung praktische Prüfung', 'ADD_ON'),
];

export const triggersFixture = (): AutomaticPaymentTrigger[] => [
  {
    id: 1,
    name: 'Grundgebühr bei Anmeldung',
    active: true,
    event: 'CREATED',
    paymentWorkflows: ['CLASSIC_PAY', 'LIVE_PAY'],
    licenseClasses: [],
    documentType: 'PAYMENT_REQUEST',
    productIds: [7, 8],
    dueInDays: 14,
    createdAt: stamp,
    updatedAt: stamp,
  },
  {
    id: 2,
    name: 'Vorstellungsgebühr Praxis',
    active: false,
    event: 'EXAM_PLANNED',
    examKind: 'PRACTICAL',
    paymentWorkflows: ['FLASH_PAY'],
    licenseClasses: ['B', 'BE'],
    documentType: 'PARTIAL_INVOICE',
    productIds: [9],
    dueInDays: 7,
    createdAt: stamp,
    updatedAt: stamp,
  },
];

export const branchesFixture: Branch[] = [
  { id: 1, name: 'Filiale Mitte', abbreviation: 'MI' },
  { id: 2, name: 'Filiale Spandau', abbreviation: 'SP' },
].map((branch) => ({
  ...branch,
  dayWorkHours: [],
  workCorridor: { from: '07:00', to: '20:00' },
  defaultDrivingLessonDuration: 45,
  showOnWebsite: true,
  calendarShareRights: { instructorsRead: true, instructorsWrite: false },
  archived: false,
  createdAt: stamp,
  updatedAt: stamp,
}));

/** Lena Meyer's open invoice a payment can settle. */
export const openDocumentsFixture: PaymentDocument[] = [
  {
    id: 301,
    type: 'PARTIAL_INVOICE',
    status: 'ISSUED',
    number: 'RE-2026-00052',
    recipientName: 'Lena Meyer',
    studentId: 11,
    studentEducationId: 201,
    lines: [],
    vatTotals: [],
    totalNet: 37815,
    totalVat: 7185,
    totalGross: 45000,
    paidAmount: 0,
    openAmount: 45000,
    visible: true,
    eInvoiceFormat: 'PDF',
    issueDate: '2026-11-01',
    dueDate: '2026-11-15',
    issuedAt: stamp,
    createdAt: stamp,
    updatedAt: stamp,
  },
];

export const SEPA_XML =
  '<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.08"/>';

const xmlResponse = (fileName: string) =>
  new Response(SEPA_XML, {
    headers: {
      'Content-Type': 'application/xml',
      'Content-Disposition': `attachment; filename="${fileName}"`,
    },
  });

/** A 422 with one global error, as the server answers a refused action. */
export const refused = (key: string): ErrorBody => errorBody(key, { globalErrors: [key] });

export type MockPaymentsOptions = {
  /** 422 of `POST /live-pay/sepa-export` (e.g. `refused('errors.nothing_to_export')`). */
  sepaError?: ErrorBody;
  /** 422 of `POST /live-pay/bank-returns`. */
  bankReturnError?: ErrorBody;
  /** 422 of `POST /student-educations/change-automatic-payment-state`. */
  automaticPaymentError?: ErrorBody;
  /** The newest debit's status as `live-pay-payment-status` answers it (moved on since the list). */
  statusAnswer?: PaymentStatus;
  /** 422 of `POST /live-pay/payment/update-status/{id}`. */
  statusError?: ErrorBody;
  /** 422 of `POST /payments`. */
  paymentError?: ErrorBody;
  /** The first answer of `POST /payments` is lost (500); the retry must send the same key. */
  dropFirstPaymentAnswer?: boolean;
  /** 422 of saving a trigger. */
  triggerError?: ErrorBody;
  /** 422 of deleting a trigger. */
  deleteTriggerError?: ErrorBody;
  students?: PaymentWorkflowStudent[];
  triggers?: AutomaticPaymentTrigger[];
  sepaExports?: SepaExport[];
};

export type RecordedCalls = ReturnType<typeof mockPayments>['calls'];

const compare = (a: unknown, b: unknown) =>
  typeof a === 'number' && typeof b === 'number'
    ? a - b
    : String(a ?? '').localeCompare(String(b ?? ''), 'de');

/** Every call of the screens from one state; `calls` records what they sent. */
export function mockPayments(options: MockPaymentsOptions = {}) {
  let students = options.students ?? workflowStudentsFixture();
  let triggers = options.triggers ?? triggersFixture();
  let exports = options.sepaExports ?? sepaExportsFixture();
  let nextId = 900;
  const payments = new Map<string, Payment>();
  let droppedOnce = false;
  const calls = {
    filters: [] as components['schemas']['PaymentWorkflowStudentFilter'][],
    automaticPayment: [] as { id: number; automaticPayment: boolean }[],
    statusRequests: [] as number[][],
    statusUpdates: [] as { id: number; status: PaymentStatus; key: string | null }[],
    paymentPosts: [] as { key: string | null; body: components['schemas']['PaymentInput'] }[],
    sepaExports: [] as {
      key: string | null;
      body: components['schemas']['SepaExportRequest'];
    }[],
    sepaDownloads: [] as number[],
    bankReturns: [] as { key: string | null; fileName: string }[],
    triggerSaves: [] as {
      id?: number;
      body: components['schemas']['AutomaticPaymentTriggerInput'];
    }[],
    triggerDeletes: [] as number[],
  };

  const handlers = [
    mockHttp.get('/payments/balance-overview', ({ response }) =>
      response(200).json(balanceOverviewFixture),
    ),
    mockHttp.get('/payment-workflows/overview-info', ({ query, response }) =>
      response(200).json(
        workflowOverviewFixture[
          (query.get('paymentWorkflowId') ?? 'CLASSIC_PAY') as PaymentWorkflow
        ],
      ),
    ),
    mockHttp.get('/branches', ({ response }) => response(200).json(branchesFixture)),
    mockHttp.get('/driving-schools/current/master-data', ({ response }) =>
      response(200).json({
        name: 'Fahrschule Kurve',
        switches: {
          automaticExamOrganisationFees: false,
          bankFeeOnFailedLivePay: false,
          restrictedPlanningOnLowBalance: false,
          stampOnCertificates: false,
        },
        preNotificationDays: 5,
      }),
    ),
    mockHttp.post(
      '/payment-workflows/paged-students-list/filter',
      async ({ request, response }) => {
        const filter = await request.json();
        calls.filters.push(filter);
        const search = filter.search?.toLowerCase();
        let rows = students.filter(
          (row) =>
            (!filter.paymentWorkflow || row.paymentWorkflow === filter.paymentWorkflow) &&
            (!search || `${row.firstName} ${row.lastName}`.toLowerCase().includes(search)) &&
            (!filter.branchIds?.length || filter.branchIds.includes(row.branchId ?? 0)) &&
            (!filter.licenseClasses?.length || filter.licenseClasses.includes(row.licenseClass)) &&
            (!filter.onlyDebtors || row.balance < 0) &&
            (!filter.onlyFailed || row.failed) &&
            (filter.automaticPayment === undefined ||
              row.automaticPayment === filter.automaticPayment) &&
            (filter.finishedEducation === undefined ||
              row.finishedEducation === filter.finishedEducation),
        );
        const sort = filter.sort?.[0];
        if (sort) {
          rows = [...rows].sort(
            (a, b) => compare(a[sort.field], b[sort.field]) * (sort.direction === 'desc' ? -1 : 1),
          );
        }
        const page = filter.page ?? 0;
        const size = filter.size ?? 25;
        return response(200).json({
          data: rows.slice(page * size, (page + 1) * size),
          total: rows.length,
        });
      },
    ),
    mockHttp.post('/student-educations/change-automatic-payment-state', ({ query, response }) => {
      const id = Number(query.get('id'));
      const automaticPayment = query.get('automaticPayment') === 'true';
      calls.automaticPayment.push({ id, automaticPayment });
      if (options.automaticPaymentError) {
        return response(422).json(options.automaticPaymentError);
      }
      students = students.map((row) =>
        row.studentEducationId === id ? { ...row, automaticPayment } : row,
      );
      const row = students.find((entry) => entry.studentEducationId === id);
      return response(200).json({
        id,
        studentId: row?.studentId ?? 0,
        licenseClass: row?.licenseClass ?? 'B',
        status: 'IN_TRAINING',
        branchId: row?.branchId ?? 1,
        paymentWorkflow: row?.paymentWorkflow ?? 'CLASSIC_PAY',
        driveBuzzEnabled: false,
        finished: false,
        automaticPayment,
        courseIds: [],
        costBearerIds: [],
        archived: false,
        createdAt: stamp,
        updatedAt: stamp,
      });
    }),
    mockHttp.post('/payment-workflows/live-pay-payment-status', async ({ request, response }) => {
      const { studentEducationIds } = await request.json();
      calls.statusRequests.push(studentEducationIds);
      return response(200).json(
        studentEducationIds.map((id) => {
          const row = students.find((entry) => entry.studentEducationId === id);
          const paymentId = debitIds[id];
          return {
            studentEducationId: id,
            failed: row?.failed ?? false,
            ...(options.statusAnswer || row?.lastPaymentStatus
              ? { status: options.statusAnswer ?? row?.lastPaymentStatus }
              : {}),
            ...(paymentId ? { paymentId } : {}),
          };
        }),
      );
    }),
    mockHttp.post('/live-pay/payment/update-status/{id}', async ({ params, request, response }) => {
      const id = Number(params.id);
      const { status } = await request.json();
      calls.statusUpdates.push({ id, status, key: request.headers.get('Idempotency-Key') });
      if (options.statusError) return response(422).json(options.statusError);
      const educationId = Number(
        Object.entries(debitIds).find(([, debitId]) => debitId === id)?.[0] ?? 0,
      );
      const red = status === 'FAILED' || status === 'CANCELLED' || status === 'CHARGED_BACK';
      students = students.map((row) =>
        row.studentEducationId === educationId
          ? { ...row, lastPaymentStatus: status, failed: red }
          : row,
      );
      return response(200).json({
        id,
        amount: 6500,
        paymentDate: '2026-11-24',
        method: 'DIRECT_DEBIT',
        status,
        reference: `Fahrstunde ${id}`,
        studentEducationId: educationId,
        exported: false,
        createdAt: stamp,
        updatedAt: stamp,
      });
    }),
    mockHttp.post('/payment-documents/filter', async ({ request, response }) => {
      const filter = await request.json();
      const rows = openDocumentsFixture.filter((row) => row.studentId === filter.studentId);
      return response(200).json({ data: rows, total: rows.length });
    }),
    mockHttp.post('/payments', async ({ request, response }) => {
      const key = request.headers.get('Idempotency-Key');
      const body = await request.json();
      calls.paymentPosts.push({ key, body });
      if (options.paymentError) return response(422).json(options.paymentError);
      const known = key ? payments.get(key) : undefined;
      const created: Payment = known ?? {
        id: nextId++,
        amount: body.amount,
        paymentDate: body.paymentDate,
        method: body.method,
        status: 'PAID',
        reference: body.reference ?? '',
        ...(body.studentId !== undefined ? { studentId: body.studentId } : {}),
        ...(body.documentId !== undefined ? { documentId: body.documentId } : {}),
        exported: false,
        createdAt: stamp,
        updatedAt: stamp,
      };
      if (key && !known) payments.set(key, created);
      if (options.dropFirstPaymentAnswer && !droppedOnce) {
        droppedOnce = true;
        return response(500).json(errorBody('errors.internal'));
      }
      return response(201).json(created);
    }),
    mockHttp.post('/live-pay/sepa-export', async ({ request, response }) => {
      const body = await request.json();
      calls.sepaExports.push({ key: request.headers.get('Idempotency-Key'), body });
      if (options.sepaError) return response(422).json(options.sepaError);
      const fileName = `pain008-${body.collectionDate}.xml`;
      exports = [
        {
          id: exports.length + 10,
          messageId: `FW-${body.collectionDate.replaceAll('-', '')}-0004`,
          fileName,
          collectionDate: body.collectionDate,
          debitCount: 3,
          totalAmount: 19500,
          firstCount: 1,
          createdBy: 'Anna Schmidt',
          createdAt: stamp,
        },
        ...exports,
      ];
      return xmlResponse(fileName);
    }),
    mockHttp.get('/live-pay/sepa-exports', ({ response }) => response(200).json(exports)),
    mockHttp.get('/live-pay/sepa-exports/{id}/file', ({ params }) => {
      const id = Number(params.id);
      calls.sepaDownloads.push(id);
      return xmlResponse(exports.find((row) => row.id === id)?.fileName ?? 'pain008.xml');
    }),
    mockHttp.post('/live-pay/bank-returns', async ({ request, response }) => {
      const form = await request.formData();
      const file = form.get('file');
      calls.bankReturns.push({
        key: request.headers.get('Idempotency-Key'),
        fileName: file instanceof File ? file.name : '',
      });
      if (options.bankReturnError) return response(422).json(options.bankReturnError);
      return response(200).json(bankReturnFixture);
    }),
    mockHttp.get('/automatic-payment-triggers', ({ response }) => response(200).json(triggers)),
    mockHttp.get('/products', ({ response }) => response(200).json(productsFixture)),
    mockHttp.post('/automatic-payment-triggers', async ({ request, response }) => {
      const body = await request.json();
      calls.triggerSaves.push({ body });
      if (options.triggerError) return response(422).json(options.triggerError);
      const created: AutomaticPaymentTrigger = {
        id: nextId++,
        ...body,
        active: body.active ?? true,
        licenseClasses: body.licenseClasses ?? [],
        dueInDays: body.dueInDays ?? 14,
        createdAt: stamp,
        updatedAt: stamp,
      };
      triggers = [...triggers, created].sort((a, b) => a.name.localeCompare(b.name, 'de'));
      return response(201).json(created);
    }),
    mockHttp.put('/automatic-payment-triggers/{id}', async ({ params, request, response }) => {
      const id = Number(params.id);
      const body = await request.json();
      calls.triggerSaves.push({ id, body });
      if (options.triggerError) return response(422).json(options.triggerError);
      const changed: AutomaticPaymentTrigger = {
        id,
        ...body,
        active: body.active ?? true,
        licenseClasses: body.licenseClasses ?? [],
        dueInDays: body.dueInDays ?? 14,
        createdAt: stamp,
        updatedAt: stamp,
      };
      triggers = triggers.map((row) => (row.id === id ? changed : row));
      return response(200).json(changed);
    }),
    mockHttp.delete('/automatic-payment-triggers/{id}', ({ params, response }) => {
      const id = Number(params.id);
      calls.triggerDeletes.push(id);
      if (options.deleteTriggerError) return response(422).json(options.deleteTriggerError);
      triggers = triggers.filter((row) => row.id !== id);
      return response(204).empty();
    }),
  ];

  return { handlers, calls };
}

/** Single handlers for the states of the lists (put before `mockPayments().handlers`). */
export const paymentsHandlers = {
  overviewLoading: mockHttp.get('/payments/balance-overview', async ({ response }) => {
    await delay('infinite');
    return response(200).json(balanceOverviewFixture);
  }),
  overviewEmpty: mockHttp.get('/payments/balance-overview', ({ response }) =>
    response(200).json(emptyBalanceOverview),
  ),
  overviewError: mockHttp.get('/payments/balance-overview', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  workflowInfoLoading: mockHttp.get('/payment-workflows/overview-info', async ({ response }) => {
    await delay('infinite');
    return response(200).json(workflowOverviewFixture.CLASSIC_PAY);
  }),
  workflowInfoEmpty: mockHttp.get('/payment-workflows/overview-info', ({ query, response }) =>
    response(200).json({
      paymentWorkflow: (query.get('paymentWorkflowId') ?? 'CLASSIC_PAY') as PaymentWorkflow,
      educationCount: 0,
      automaticPaymentCount: 0,
      failedCount: 0,
      openAmount: 0,
      overdueAmount: 0,
      paidThisMonth: 0,
      payments: [],
    }),
  ),
  workflowInfoError: mockHttp.get('/payment-workflows/overview-info', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  studentsLoading: mockHttp.post(
    '/payment-workflows/paged-students-list/filter',
    async ({ response }) => {
      await delay('infinite');
      return response(200).json({ data: [], total: 0 });
    },
  ),
  studentsEmpty: mockHttp.post('/payment-workflows/paged-students-list/filter', ({ response }) =>
    response(200).json({ data: [], total: 0 }),
  ),
  studentsError: mockHttp.post('/payment-workflows/paged-students-list/filter', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  sepaExportsEmpty: mockHttp.get('/live-pay/sepa-exports', ({ response }) =>
    response(200).json([]),
  ),
  triggersLoading: mockHttp.get('/automatic-payment-triggers', async ({ response }) => {
    await delay('infinite');
    return response(200).json([]);
  }),
  triggersEmpty: mockHttp.get('/automatic-payment-triggers', ({ response }) =>
    response(200).json([]),
  ),
  triggersError: mockHttp.get('/automatic-payment-triggers', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
};

/** Every handler of the package's workflow screens with the default state (for other stories). */
export const handlers = mockPayments().handlers;
