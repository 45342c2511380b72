import type { components } from '@fahrwerk/api';
import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import { delay } from 'msw';
import type {
  BillingRun,
  BillingRunItem,
  EmailConfigEntry,
  FinalInvoiceCandidate,
  PaymentDocument,
  PaymentDocumentType,
} from '../api/invoice-queries';
import { isOverdue } from '../components/document-labels';

/*
 * Fixtures and typed MSW handlers of the wizard, the billing runs and the document lists,
 * for stories and tests. `mockInvoices(options)` answers every call from one in-memory state
 * (a cancellation appears in the list, a run advances with every poll) and records the
 * writes; `invoicesHandlers` holds single handlers for the list states.
 */

type Branch = components['schemas']['Branch'];
type StudentListItem = components['schemas']['StudentListItem'];
type MailboxEmail = components['schemas']['MailboxEmail'];

const stamp = '2026-03-10T09:00:00Z';
const page = <T>(data: T[], total = data.length) => ({ data, total });

/** A tiny valid PDF for previews and downloads. */
export const PDF_FIXTURE = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';

const pdfResponse = (fileName: string) =>
  new Response(PDF_FIXTURE, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${fileName}"`,
    },
  });

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

const candidate = (
  studentEducationId: number,
  studentId: number,
  studentName: string,
  licenseClass: FinalInvoiceCandidate['licenseClass'],
  servicesGross: number,
  deductedGross: number,
  patch: Partial<FinalInvoiceCandidate> = {},
): FinalInvoiceCandidate => ({
  studentEducationId,
  studentId,
  studentName,
  customerNumber: `K-${String(studentId).padStart(5, '0')}`,
  licenseClass,
  branchId: 1,
  paymentWorkflow: 'CLASSIC_PAY',
  servicesGross,
  deductedGross,
  totalGross: servicesGross - deductedGross,
  lineCount: 20,
  ...patch,
});

/** Finished educations waiting for their final invoice; Lena Meyer has two. */
export const candidatesFixture: FinalInvoiceCandidate[] = [
  candidate(201, 11, 'Lena Meyer', 'B', 298300, 44000, { lineCount: 24 }),
  candidate(202, 11, 'Lena Meyer', 'BE', 89000, 0, { lineCount: 8 }),
  candidate(203, 12, 'Jonas Becker', 'B', 312000, 80000, { branchId: 2, lineCount: 27 }),
  candidate(204, 13, 'Mia Schulz', 'CE', 645000, 0, { costBearerId: 3, lineCount: 40 }),
  candidate(205, 14, 'Tim Wagner', 'A', 176000, 20000, {
    branchId: 2,
    paymentWorkflow: 'FLASH_PAY',
  }),
];

export const studentsFixture: StudentListItem[] = [
  { id: 11, firstName: 'Lena', lastName: 'Meyer' },
  { id: 12, firstName: 'Jonas', lastName: 'Becker' },
  { id: 13, firstName: 'Mia', lastName: 'Schulz' },
].map((student) => ({
  ...student,
  branchId: 1,
  educationLicenseClasses: ['B'],
  studentCategoryIds: [],
  learningAppLoginAllowed: true,
  archived: false,
}));

export const mailAccountsFixture: EmailConfigEntry[] = [
  { id: 1, email: 'buero@fahrschule-kurve.de' },
  { id: 2, email: 'rechnung@fahrschule-kurve.de' },
];

const document = (
  patch: Partial<PaymentDocument> & Pick<PaymentDocument, 'id' | 'type' | 'totalGross'>,
): PaymentDocument => {
  const net = Math.round((patch.totalGross * 100) / 119);
  return {
    status: 'ISSUED',
    recipientName: 'Lena Meyer',
    studentId: 11,
    lines: [
      {
        position: 1,
        description: 'Fahrstunde Klasse B (45 Minuten)',
        quantity: 1,
        unitPrice: patch.totalGross,
        vatRate: 19,
        net,
        vat: patch.totalGross - net,
        gross: patch.totalGross,
      },
    ],
    vatTotals: [{ vatRate: 19, net, vat: patch.totalGross - net, gross: patch.totalGross }],
    totalNet: net,
    totalVat: patch.totalGross - net,
    paidAmount: 0,
    openAmount: patch.totalGross,
    visible: true,
    eInvoiceFormat: 'PDF',
    issueDate: '2026-03-10',
    dueDate: '2026-03-24',
    issuedAt: stamp,
    createdAt: stamp,
    updatedAt: stamp,
    ...patch,
  };
};

/** One document of every kind the list shows, newest first. */
export const documentsFixture = (): PaymentDocument[] => [
  document({
    id: 101,
    type: 'FINAL_INVOICE',
    number: 'RE-2026-00041',
    totalGross: 254300,
    studentEducationId: 201,
    issueDate: '2026-03-12',
  }),
  document({
    id: 102,
    type: 'COST_BEARER_INVOICE',
    number: 'RE-2026-00040',
    totalGross: 189000,
    recipientName: 'Jobcenter Berlin Mitte',
    studentId: 13,
    costBearerId: 3,
    eInvoiceFormat: 'XRECHNUNG',
    buyerReference: '11001-0815-42',
    issueDate: '2026-03-11',
  }),
  document({
    id: 103,
    type: 'PAYMENT_REQUEST',
    totalGross: 50000,
    recipientName: 'Jonas Becker',
    studentId: 12,
    issueDate: '2026-03-10',
  }),
  document({
    id: 104,
    type: 'PARTIAL_INVOICE',
    status: 'PAID',
    number: 'RE-2026-00039',
    totalGross: 40000,
    paidAmount: 40000,
    openAmount: 0,
    recipientName: 'Jonas Becker',
    studentId: 12,
    visible: false,
    issueDate: '2026-03-05',
  }),
  document({
    id: 106,
    type: 'CANCELLATION_INVOICE',
    number: 'RE-2026-00038',
    totalGross: -198000,
    openAmount: 0,
    recipientName: 'Mia Schulz',
    studentId: 13,
    cancelsDocumentId: 105,
    issueDate: '2026-03-04',
  }),
  document({
    id: 105,
    type: 'FINAL_INVOICE',
    status: 'CANCELLED',
    number: 'RE-2026-00037',
    totalGross: 198000,
    openAmount: 0,
    recipientName: 'Mia Schulz',
    studentId: 13,
    cancelledByDocumentId: 106,
    issueDate: '2026-03-02',
  }),
  document({
    id: 107,
    type: 'COST_BEARER_SERVICE_INVOICE',
    number: 'RE-2026-00036',
    totalGross: 72000,
    recipientName: 'Agentur für Arbeit Spandau',
    studentId: 13,
    costBearerId: 4,
    eInvoiceFormat: 'ZUGFERD',
    issueDate: '2026-02-01',
    dueDate: '2026-02-15',
  }),
];

const item = (
  studentEducationId: number,
  studentName: string,
  status: BillingRunItem['status'],
  patch: Partial<BillingRunItem> = {},
): BillingRunItem => ({ studentEducationId, studentName, status, ...patch });

const run = (patch: Partial<BillingRun> & Pick<BillingRun, 'id' | 'status' | 'items'>) => {
  const count = (status: BillingRunItem['status']) =>
    patch.items.filter((row) => row.status === status).length;
  // The counts always follow the items.
  const result: BillingRun = {
    createdByName: 'Sabine Krüger',
    createdAt: '2026-03-12T08:00:00Z',
    startedAt: '2026-03-12T08:00:02Z',
    ...patch,
    total: patch.items.length,
    done: patch.items.length - count('PENDING'),
    issued: count('ISSUED'),
    skipped: count('SKIPPED'),
    failed: count('FAILED'),
  };
  return result;
};

const issued = (id: number, name: string, n: number, totalGross: number) =>
  item(id, name, 'ISSUED', {
    documentId: 300 + n,
    number: `RE-2026-${String(n).padStart(5, '0')}`,
    totalGross,
  });

/** A finished run with one skipped and one failed education. */
export const finishedRunFixture = (): BillingRun =>
  run({
    id: 6,
    status: 'FINISHED',
    finishedAt: '2026-03-11T17:02:10Z',
    createdAt: '2026-03-11T17:00:00Z',
    startedAt: '2026-03-11T17:00:01Z',
    items: [
      issued(201, 'Lena Meyer', 30, 254300),
      issued(203, 'Jonas Becker', 31, 232000),
      item(204, 'Mia Schulz', 'SKIPPED', { reason: 'errors.education_already_invoiced' }),
      item(205, 'Tim Wagner', 'FAILED', { reason: 'errors.internal' }),
      issued(206, 'Paul Krause', 32, 187500),
    ],
  });

/** A run the server stopped in the middle: two students remain. */
export const interruptedRunFixture = (): BillingRun =>
  run({
    id: 5,
    status: 'INTERRUPTED',
    createdAt: '2026-03-09T12:00:00Z',
    startedAt: '2026-03-09T12:00:01Z',
    items: [
      issued(211, 'Emma Vogel', 20, 143000),
      issued(212, 'Noah Hoffmann', 21, 201000),
      item(213, 'Sophie Richter', 'PENDING'),
      item(214, 'Ben Schäfer', 'PENDING'),
    ],
  });

/** A run in the middle of its work: 2 of 5 done. */
export const runningRunFixture = (): BillingRun =>
  run({
    id: 7,
    status: 'RUNNING',
    createdAt: '2026-03-12T08:00:00Z',
    items: [
      issued(201, 'Lena Meyer', 43, 254300),
      issued(203, 'Jonas Becker', 44, 232000),
      item(204, 'Mia Schulz', 'PENDING'),
      item(205, 'Tim Wagner', 'PENDING'),
      item(206, 'Paul Krause', 'PENDING'),
    ],
  });

/** A run just started, waiting for a worker. */
export const queuedRunFixture = (): BillingRun =>
  run({
    id: 8,
    status: 'QUEUED',
    createdAt: '2026-03-12T09:00:00Z',
    startedAt: undefined,
    items: [item(201, 'Lena Meyer', 'PENDING'), item(203, 'Jonas Becker', 'PENDING')],
  });

/** Works the run on: every poll issues one more pending item, the last one ends the run. */
function advance(current: BillingRun): BillingRun {
  const items = [...current.items];
  const next = items.findIndex((row) => row.status === 'PENDING');
  if (next >= 0) {
    const row = items[next] as BillingRunItem;
    const n = 50 + next;
    items[next] = issued(row.studentEducationId, row.studentName, n, 100000 + next * 1000);
  }
  const pending = items.some((row) => row.status === 'PENDING');
  return run({
    ...current,
    items,
    status: pending ? 'RUNNING' : 'FINISHED',
    ...(pending ? {} : { finishedAt: '2026-03-12T08:01:00Z' }),
  });
}

export type InvoiceMockOptions = {
  candidates?: FinalInvoiceCandidate[];
  documents?: PaymentDocument[];
  runs?: BillingRun[];
  /** Runs are worked on with every poll (else they stay as they are). @default false */
  progress?: boolean;
  /** `create-final-invoices` answers 422 with this key (e.g. `errors.education_not_finished`). */
  createError?: string;
  /** `POST /billing-runs` answers 422 with this key. */
  runError?: string;
  /** The document types whose PDF refuses `removeLetterhead`. @default cost-bearer invoices */
  letterheadRefused?: PaymentDocumentType[];
  /** The final-invoice preview answers 422 with this key. */
  previewError?: string;
  /** `GET /billing-runs/{id}/pdfs` answers 422 with this key. */
  zipError?: string;
  /** The mail server refuses: `send-email` answers 422 `errors.email_not_sent`. */
  emailFails?: boolean;
};

export type InvoiceCalls = {
  createdFinalInvoices: number[][];
  /** The whole bodies of `create-final-invoices` and `POST /billing-runs` (dates, footnote). */
  issueBodies: { issueDate?: string; dueDate?: string }[];
  startedRuns: number[][];
  previews: number[];
  pdfs: { id: number; removeLetterhead: boolean }[];
  eInvoices: number[];
  zips: number[];
  cancelled: number[];
  deleted: number[];
  visibility: { id: number; visible: boolean }[];
  emails: { id: number; emailConfigId: number; to?: string[] }[];
  documentFilters: components['schemas']['PaymentDocumentFilter'][];
  candidateFilters: components['schemas']['FinalInvoiceCandidateFilter'][];
};

export type InvoiceMock = InvoiceCalls & {
  handlers: ReturnType<typeof invoiceHandlers>;
  /** Back to the fixtures and no recorded calls (a story shown twice starts fresh). */
  reset: () => void;
};

const allMocks: InvoiceMock[] = [];

/** Resets every mock made by `mockInvoices` (a stories file's `beforeEach`). */
export function resetInvoiceMocks(): void {
  for (const mock of allMocks) mock.reset();
}

/** Every call of the invoices package answered from one in-memory state. */
export function mockInvoices(options: InvoiceMockOptions = {}): InvoiceMock {
  const calls: InvoiceCalls = {
    createdFinalInvoices: [],
    issueBodies: [],
    startedRuns: [],
    previews: [],
    pdfs: [],
    eInvoices: [],
    zips: [],
    cancelled: [],
    deleted: [],
    visibility: [],
    emails: [],
    documentFilters: [],
    candidateFilters: [],
  };
  const fresh = () => ({
    documents: options.documents ?? documentsFixture(),
    runs: options.runs ?? [runningRunFixture(), finishedRunFixture(), interruptedRunFixture()],
    nextNumber: 45,
    nextId: 120,
  });
  const state = fresh();
  const mock: InvoiceMock = {
    ...calls,
    handlers: invoiceHandlers(calls, state, options),
    reset: () => {
      Object.assign(state, fresh());
      for (const list of Object.values(calls)) (list as unknown[]).length = 0;
    },
  };
  allMocks.push(mock);
  return mock;
}

type MockState = {
  documents: PaymentDocument[];
  runs: BillingRun[];
  nextNumber: number;
  nextId: number;
};

function invoiceHandlers(calls: InvoiceCalls, state: MockState, options: InvoiceMockOptions) {
  const candidates = options.candidates ?? candidatesFixture;
  const letterheadRefused = options.letterheadRefused ?? [
    'COST_BEARER_INVOICE',
    'COST_BEARER_SERVICE_INVOICE',
  ];
  const notFound = () => errorBody('errors.not_found');
  const refuse = (key: string) => errorBody(key, { globalErrors: [key] });
  const findDocument = (id: number) => state.documents.find((row) => row.id === id);
  const newNumber = () => `RE-2026-${String(state.nextNumber++).padStart(5, '0')}`;

  return [
    mockHttp.post(
      '/payment-documents/final-invoice-candidates/filter',
      async ({ request, response }) => {
        const filter = await request.json();
        calls.candidateFilters.push(filter);
        const search = filter.search?.toLowerCase();
        const found = candidates.filter(
          (row) =>
            (!search || row.studentName.toLowerCase().includes(search)) &&
            (!filter.branchIds?.length || filter.branchIds.includes(row.branchId ?? 0)) &&
            (!filter.licenseClasses?.length || filter.licenseClasses.includes(row.licenseClass)) &&
            (filter.costBearerId === undefined || row.costBearerId === filter.costBearerId),
        );
        const size = filter.size ?? 25;
        const from = (filter.page ?? 0) * size;
        return response(200).json(page(found.slice(from, from + size), found.length));
      },
    ),
    mockHttp.post('/payment-documents/create-final-invoice-preview', ({ query, response }) => {
      const id = Number(query.get('studentEducationId'));
      calls.previews.push(id);
      if (options.previewError) return response(422).json(refuse(options.previewError));
      return pdfResponse(`vorschau-${id}.pdf`);
    }),
    mockHttp.post('/payment-documents/create-final-invoices', async ({ request, response }) => {
      const body = await request.json();
      calls.createdFinalInvoices.push(body.studentEducationIds);
      calls.issueBodies.push({ issueDate: body.issueDate, dueDate: body.dueDate });
      if (options.createError) return response(422).json(refuse(options.createError));
      const chosen = candidates.filter((row) =>
        body.studentEducationIds.includes(row.studentEducationId),
      );
      if (new Set(chosen.map((row) => row.studentId)).size > 1) {
        return response(422).json(refuse('errors.final_invoice_one_customer'));
      }
      const created = chosen.map((row) =>
        document({
          id: state.nextId++,
          type: 'FINAL_INVOICE',
          number: newNumber(),
          totalGross: row.totalGross,
          recipientName: row.studentName,
          studentId: row.studentId,
          studentEducationId: row.studentEducationId,
          issueDate: body.issueDate ?? '2026-03-12',
        }),
      );
      state.documents = [...created, ...state.documents];
      return response(201).json(created);
    }),
    mockHttp.get('/billing-runs', ({ response }) =>
      response(200).json(state.runs.map((row) => ({ ...row, items: [] }))),
    ),
    mockHttp.post('/billing-runs', async ({ request, response }) => {
      const body = await request.json();
      calls.startedRuns.push(body.studentEducationIds);
      calls.issueBodies.push({ issueDate: body.issueDate, dueDate: body.dueDate });
      if (options.runError) return response(422).json(refuse(options.runError));
      const queued = run({
        id: 8,
        status: 'QUEUED',
        createdAt: '2026-03-12T09:00:00Z',
        startedAt: undefined,
        items: body.studentEducationIds.map((id) =>
          item(
            id,
            candidates.find((row) => row.studentEducationId === id)?.studentName ?? '–',
            'PENDING',
          ),
        ),
      });
      state.runs = [queued, ...state.runs.filter((row) => row.id !== queued.id)];
      return response(202).json(queued);
    }),
    mockHttp.get('/billing-runs/{id}', ({ params, response }) => {
      const id = Number(params.id);
      const index = state.runs.findIndex((row) => row.id === id);
      const current = state.runs[index];
      if (!current) return response(404).json(notFound());
      if (options.progress && (current.status === 'QUEUED' || current.status === 'RUNNING')) {
        // The first poll answers the state as it is, later ones work it on.
        state.runs[index] =
          current.status === 'QUEUED' ? { ...current, status: 'RUNNING' } : advance(current);
      }
      return response(200).json(current);
    }),
    mockHttp.get('/billing-runs/{id}/pdfs', ({ params, response }) => {
      const id = Number(params.id);
      calls.zips.push(id);
      const current = state.runs.find((row) => row.id === id);
      if (!current) return response(404).json(notFound());
      if (options.zipError) return response(422).json(refuse(options.zipError));
      if (current.issued === 0) return response(422).json(refuse('errors.no_documents'));
      return new Response('PK\u0005\u0006'.padEnd(22, '\u0000'), {
        headers: {
          'Content-Type': 'application/zip',
          'Content-Disposition': `attachment; filename="abrechnungslauf-${id}.zip"`,
        },
      });
    }),
    mockHttp.post('/payment-documents/filter', async ({ request, response }) => {
      const filter = await request.json();
      calls.documentFilters.push(filter);
      const search = filter.search?.toLowerCase();
      const found = state.documents.filter(
        (row) =>
          (!search ||
            row.recipientName.toLowerCase().includes(search) ||
            (row.number ?? '').toLowerCase().includes(search)) &&
          (!filter.types?.length || filter.types.includes(row.type)) &&
          (!filter.statuses?.length || filter.statuses.includes(row.status)) &&
          (filter.studentId === undefined || row.studentId === filter.studentId) &&
          (filter.costBearerId === undefined || row.costBearerId === filter.costBearerId) &&
          (!filter.issueDateFrom || (row.issueDate ?? '') >= filter.issueDateFrom) &&
          (!filter.issueDateTo || (row.issueDate ?? '') <= filter.issueDateTo) &&
          (!filter.overdue || isOverdue(row)),
      );
      const size = filter.size ?? 25;
      const from = (filter.page ?? 0) * size;
      return response(200).json(page(found.slice(from, from + size), found.length));
    }),
    mockHttp.get('/payment-documents/{id}/pdf', ({ params, query, response }) => {
      const id = Number(params.id);
      const removeLetterhead = query.get('removeLetterhead') === 'true';
      calls.pdfs.push({ id, removeLetterhead });
      const found = findDocument(id);
      // The invoices of the runs' fixtures (ids from 300) are final invoices not in the list.
      if (!found && id >= 300) return pdfResponse(`dokument-${id}.pdf`);
      if (!found) return response(404).json(notFound());
      if (removeLetterhead && letterheadRefused.includes(found.type)) {
        return response(422).json(refuse('errors.letterhead_removal_not_allowed'));
      }
      return pdfResponse(`${found.number ?? `dokument-${id}`}.pdf`);
    }),
    mockHttp.get('/payment-documents/{id}/e-invoice', ({ params, response }) => {
      const id = Number(params.id);
      calls.eInvoices.push(id);
      const found = findDocument(id);
      if (!found) return response(404).json(notFound());
      if (found.eInvoiceFormat === 'XRECHNUNG') {
        return new Response('<?xml version="1.0" encoding="UTF-8"?><rsm:CrossIndustryInvoice/>', {
          headers: {
            'Content-Type': 'application/xml',
            'Content-Disposition': `attachment; filename="${found.number}.xml"`,
          },
        });
      }
      if (found.eInvoiceFormat === 'ZUGFERD') return pdfResponse(`${found.number}.pdf`);
      return response(422).json(refuse('errors.no_e_invoice'));
    }),
    mockHttp.post('/payment-documents/create-cancellation-invoice', ({ query, response }) => {
      const id = Number(query.get('invoiceForCancellationId'));
      calls.cancelled.push(id);
      const found = findDocument(id);
      if (!found) return response(404).json(notFound());
      if (
        found.status === 'CANCELLED' ||
        found.status === 'DRAFT' ||
        found.type === 'PAYMENT_REQUEST' ||
        found.type === 'CANCELLATION_INVOICE'
      ) {
        return response(422).json(refuse('errors.document_not_cancellable'));
      }
      const cancellation = document({
        ...found,
        id: state.nextId++,
        type: 'CANCELLATION_INVOICE',
        status: 'ISSUED',
        number: newNumber(),
        totalGross: -found.totalGross,
        openAmount: 0,
        paidAmount: 0,
        cancelsDocumentId: found.id,
        cancelledByDocumentId: undefined,
        issueDate: '2026-03-12',
      });
      state.documents = [
        cancellation,
        ...state.documents.map((row) =>
          row.id === id
            ? {
                ...row,
                status: 'CANCELLED' as const,
                openAmount: 0,
                cancelledByDocumentId: cancellation.id,
              }
            : row,
        ),
      ];
      return response(201).json(cancellation);
    }),
    mockHttp.delete('/payment-documents/{id}', ({ params, response }) => {
      const id = Number(params.id);
      calls.deleted.push(id);
      const found = findDocument(id);
      if (!found) return response(404).json(notFound());
      if (found.type !== 'PAYMENT_REQUEST' && found.status !== 'DRAFT') {
        return response(422).json(refuse('errors.only_payment_requests_deletable'));
      }
      state.documents = state.documents.filter((row) => row.id !== id);
      return response(204).empty();
    }),
    mockHttp.put('/invoices/visible/{id}', ({ params, query, response }) => {
      const id = Number(params.id);
      const visible = query.get('visible') === 'true';
      calls.visibility.push({ id, visible });
      const found = findDocument(id);
      if (!found) return response(404).json(notFound());
      const changed = { ...found, visible };
      state.documents = state.documents.map((row) => (row.id === id ? changed : row));
      return response(200).json(changed);
    }),
    mockHttp.get('/email-config/user/{userId}/email-configs', ({ response }) =>
      response(200).json(mailAccountsFixture),
    ),
    mockHttp.post('/payment-documents/{id}/send-email', async ({ params, request, response }) => {
      const id = Number(params.id);
      const body = await request.json();
      calls.emails.push({ id, emailConfigId: body.emailConfigId, to: body.to });
      if (options.emailFails) return response(422).json(refuse('errors.email_not_sent'));
      const account = mailAccountsFixture.find((row) => row.id === body.emailConfigId);
      const mail: MailboxEmail = {
        id: 900,
        folder: 'OUTBOX',
        emailConfigId: body.emailConfigId,
        from: account?.email ?? 'buero@fahrschule-kurve.de',
        to: body.to ?? ['lena.meyer@example.org'],
        cc: [],
        subject: 'Ihre Rechnung',
        htmlBody: '<p>Guten Tag, anbei Ihre Rechnung.</p>',
        read: true,
        marked: false,
        attachments: [],
        sentAt: stamp,
      };
      return response(200).json(mail);
    }),
    mockHttp.get('/branches', ({ response }) => response(200).json(branchesFixture)),
    mockHttp.post('/students-filter/filter', async ({ request, response }) => {
      const { search } = await request.json();
      const found = studentsFixture.filter(
        (row) =>
          !search ||
          `${row.firstName} ${row.lastName}`.toLowerCase().includes(search.toLowerCase()),
      );
      return response(200).json(page(found));
    }),
  ];
}

/** Single handlers for the list states; put them before a mock's handlers. */
export const invoicesHandlers = {
  candidatesEmpty: mockHttp.post(
    '/payment-documents/final-invoice-candidates/filter',
    ({ response }) => response(200).json(page([])),
  ),
  candidatesLoading: mockHttp.post(
    '/payment-documents/final-invoice-candidates/filter',
    async ({ response }) => {
      await delay('infinite');
      return response(200).json(page([]));
    },
  ),
  candidatesError: mockHttp.post(
    '/payment-documents/final-invoice-candidates/filter',
    ({ response }) => response(500).json(errorBody('errors.internal')),
  ),
  documentsEmpty: mockHttp.post('/payment-documents/filter', ({ response }) =>
    response(200).json(page([])),
  ),
  documentsLoading: mockHttp.post('/payment-documents/filter', async ({ response }) => {
    await delay('infinite');
    return response(200).json(page([]));
  }),
  documentsError: mockHttp.post('/payment-documents/filter', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  runsEmpty: mockHttp.get('/billing-runs', ({ response }) => response(200).json([])),
  runsLoading: mockHttp.get('/billing-runs', async ({ response }) => {
    await delay('infinite');
    return response(200).json([]);
  }),
  runsError: mockHttp.get('/billing-runs', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  runLoading: mockHttp.get('/billing-runs/{id}', async ({ response }) => {
    await delay('infinite');
    return response(404).json(errorBody('errors.not_found'));
  }),
  runNotFound: mockHttp.get('/billing-runs/{id}', ({ response }) =>
    response(404).json(errorBody('errors.not_found')),
  ),
  previewLoading: mockHttp.post('/payment-documents/create-final-invoice-preview', async () => {
    await delay('infinite');
    return pdfResponse('vorschau.pdf');
  }),
};
