import type { ErrorBody } from '@fahrwerk/api';
import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import { delay } from 'msw';
import type {
  Balance,
  CostBearerBalance,
  Mandate,
  MandateInput,
  Payment,
  PaymentFilter,
  PaymentInput,
  PublicMandateForm,
  PublicMandateInput,
  StudentEducation,
} from '../api/mandate-queries';

/*
 * Fixtures and typed MSW handlers of the mandate, balance and student-payment panels and the
 * public mandate form, answered as the contract says: a new mandate with a date of signature
 * is CONFIRMED, without it UNCONFIRMED; confirming needs UNCONFIRMED; revoking is final;
 * a retried payment with the same `Idempotency-Key` answers the payment already recorded.
 */

const stamp = '2026-02-10T09:00:00Z';

/** Lena Berger, student 11: education 111 (B, live pay) and 112 (BE, classic pay). */
export const STUDENT_ID = 11;

export const educationsFixture: StudentEducation[] = [
  education(111, 'B', 'LIVE_PAY'),
  education(112, 'BE', 'CLASSIC_PAY'),
];

function education(
  id: number,
  licenseClass: StudentEducation['licenseClass'],
  paymentWorkflow: StudentEducation['paymentWorkflow'],
): StudentEducation {
  return {
    id,
    studentId: STUDENT_ID,
    licenseClass,
    status: 'IN_TRAINING',
    branchId: 1,
    paymentWorkflow,
    driveBuzzEnabled: false,
    finished: false,
    automaticPayment: paymentWorkflow === 'LIVE_PAY',
    courseIds: [],
    costBearerIds: [],
    archived: false,
    createdAt: stamp,
    updatedAt: stamp,
  };
}

/** Confirmed, for class B, debited in October 2026 (lapses 15.10.2029). */
export const confirmedMandate: Mandate = {
  id: 501,
  reference: 'FS-2026-0011-01',
  studentId: STUDENT_ID,
  studentEducationId: 111,
  holderName: 'Lena Berger',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  signedAt: '2026-02-10',
  status: 'CONFIRMED',
  sequenceType: 'RCUR',
  lastDebitAt: '2026-10-15',
  createdAt: stamp,
  updatedAt: '2026-10-15T06:00:00Z',
};

/** Entered from the paper form, waiting for the signed original; for all educations. */
export const unconfirmedMandate: Mandate = {
  id: 502,
  reference: 'FS-2026-0011-02',
  studentId: STUDENT_ID,
  holderName: 'Monika Berger',
  iban: 'DE02120300000000202051',
  status: 'UNCONFIRMED',
  sequenceType: 'FRST',
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
};

export const revokedMandate: Mandate = {
  id: 503,
  reference: 'FS-2024-0011-01',
  studentId: STUDENT_ID,
  holderName: 'Lena Berger',
  iban: 'DE44500105175407324931',
  signedAt: '2024-05-02',
  status: 'REVOKED',
  sequenceType: 'RCUR',
  lastDebitAt: '2025-11-14',
  revokedAt: '2025-12-01T10:00:00Z',
  createdAt: '2024-05-02T08:00:00Z',
  updatedAt: '2025-12-01T10:00:00Z',
};

export const expiredMandate: Mandate = {
  id: 504,
  reference: 'FS-2021-0011-01',
  studentId: STUDENT_ID,
  holderName: 'Lena Berger',
  iban: 'DE15370501980001234567',
  signedAt: '2021-03-01',
  status: 'EXPIRED',
  sequenceType: 'RCUR',
  lastDebitAt: '2023-01-15',
  createdAt: '2021-03-01T08:00:00Z',
  updatedAt: '2026-01-16T02:00:00Z',
};

export const mandatesFixture: Mandate[] = [
  unconfirmedMandate,
  confirmedMandate,
  revokedMandate,
  expiredMandate,
];

export const studentBalanceFixture: Balance = {
  studentId: STUDENT_ID,
  balance: -12600,
  invoiced: 53800,
  paid: 41200,
  open: 12600,
  overdue: 7200,
  requested: 8990,
  educations: [
    {
      studentEducationId: 111,
      licenseClass: 'B',
      paymentWorkflow: 'LIVE_PAY',
      invoiced: 46600,
      paid: 41200,
      balance: -5400,
    },
    {
      studentEducationId: 112,
      licenseClass: 'BE',
      paymentWorkflow: 'CLASSIC_PAY',
      invoiced: 7200,
      paid: 0,
      balance: -7200,
    },
  ],
};

export const costBearerBalanceFixture: CostBearerBalance = {
  costBearerId: 41,
  invoicedTotal: 480000,
  paidTotal: 235000,
  balance: -245000,
};

const payment = (patch: Partial<Payment> & Pick<Payment, 'id'>): Payment => ({
  amount: 7200,
  paymentDate: '2026-10-15',
  method: 'DIRECT_DEBIT',
  status: 'PAID',
  reference: 'Fahrstunde Überland 15.10.2026',
  studentId: STUDENT_ID,
  studentEducationId: 111,
  exported: false,
  createdAt: stamp,
  updatedAt: stamp,
  ...patch,
});

export const paymentsFixture: Payment[] = [
  payment({
    id: 702,
    paymentDate: '2026-11-14',
    status: 'FAILED',
    reference: 'Fahrstunde Autobahn 12.11.2026',
    mandateId: 501,
    sequenceType: 'RCUR',
    failureReason: 'MD06',
    bankFee: 300,
  }),
  payment({ id: 703, mandateId: 501, sequenceType: 'RCUR' }),
  payment({
    id: 704,
    amount: -5000,
    paymentDate: '2026-06-02',
    method: 'CASH',
    reference: 'Rückzahlung Guthaben',
    studentEducationId: undefined,
  }),
  payment({
    id: 701,
    amount: 39000,
    paymentDate: '2026-03-05',
    method: 'TRANSFER',
    reference: 'RE-2026-00012',
    documentId: 801,
    exported: true,
  }),
];

/** The token of the public form's link in the stories. */
export const MANDATE_FORM_TOKEN = 'mandate-link-0123456789abcdef';

export const publicMandateFormFixture: PublicMandateForm = {
  schoolName: 'Fahrschule Sonnenschein',
  schoolAddress: 'Hauptstraße 5, 50667 Köln',
  creditorId: 'DE98ZZZ09999999999',
  reference: 'FS-2026-0011-03',
  studentName: 'Lena Berger',
  licenseClass: 'B',
  expiresAt: '2026-12-10T16:30:00Z',
};

export type MandateCallsOptions = {
  mandates?: Mandate[];
  educations?: StudentEducation[];
  /** 422 body of `POST /live-pay-mandate` (e.g. `validation.reference_taken`). */
  createError?: ErrorBody;
  confirmError?: ErrorBody;
  revokeError?: ErrorBody;
  /** 422 body of the dispatch e-mail (e.g. `errors.email_not_sent`). */
  emailError?: ErrorBody;
  balance?: Balance;
  costBearerBalance?: CostBearerBalance;
  payments?: Payment[];
  paymentError?: ErrorBody;
  /** The first `POST /payments` "loses" its answer (the connection drops after the server saved). */
  dropFirstPaymentAnswer?: boolean;
  publicForm?: PublicMandateForm | 'unknown';
  /** `'unknown'`: the token was used meanwhile (404); a body: 422. */
  publicSubmitError?: 'unknown' | ErrorBody;
};

export type MandateCalls = {
  created: MandateInput[];
  confirmed: { id: number; signedAt: string }[];
  revoked: number[];
  emails: { email: string; educationId: number }[];
  paymentFilters: PaymentFilter[];
  /** Every `POST /payments` with its `Idempotency-Key` (retries included). */
  paymentPosts: { key: string | null; body: PaymentInput }[];
  publicSubmits: PublicMandateInput[];
  handlers: ReturnType<typeof mandateHandlers>;
};

/** Answers every call of the panels and the public form from one in-memory state. */
export function recordMandateCalls(options: MandateCallsOptions = {}): MandateCalls {
  const calls: Omit<MandateCalls, 'handlers'> = {
    created: [],
    confirmed: [],
    revoked: [],
    emails: [],
    paymentFilters: [],
    paymentPosts: [],
    publicSubmits: [],
  };
  return { ...calls, handlers: mandateHandlers(options, calls) };
}

function mandateHandlers(options: MandateCallsOptions, calls: Omit<MandateCalls, 'handlers'>) {
  let mandates = (options.mandates ?? mandatesFixture).map((row) => ({ ...row }));
  let nextId = 600;
  let payments = [...(options.payments ?? paymentsFixture)];
  const byKey = new Map<string, Payment>();
  let droppedOnce = false;
  const now = '2026-11-26T10:00:00Z';

  return [
    mockHttp.get('/live-pay-mandate/by-student/{id}', ({ params, response }) =>
      response(200).json(mandates.filter((row) => row.studentId === Number(params.id))),
    ),
    mockHttp.post('/live-pay-mandate', async ({ request, response }) => {
      const input = await request.json();
      calls.created.push(input);
      if (options.createError) return response(422).json(options.createError);
      const id = nextId++;
      const mandate: Mandate = {
        id,
        reference: input.reference ?? `FS-2026-0011-${String(id).padStart(3, '0')}`,
        studentId: input.studentId,
        ...(input.studentEducationId !== undefined
          ? { studentEducationId: input.studentEducationId }
          : {}),
        holderName: input.holderName,
        iban: input.iban,
        ...(input.bic ? { bic: input.bic } : {}),
        ...(input.signedAt ? { signedAt: input.signedAt } : {}),
        status: input.signedAt ? 'CONFIRMED' : 'UNCONFIRMED',
        sequenceType: 'FRST',
        createdAt: now,
        updatedAt: now,
      };
      mandates = [mandate, ...mandates];
      return response(201).json(mandate);
    }),
    mockHttp.post('/live-pay-mandate/confirm-mandate/{id}', ({ params, query, response }) => {
      const id = Number(params.id);
      const signedAt = query.get('signedAt') ?? '';
      calls.confirmed.push({ id, signedAt });
      if (options.confirmError) return response(422).json(options.confirmError);
      const mandate = mandates.find((row) => row.id === id);
      if (!mandate) return response(404).json(errorBody('errors.not_found'));
      if (mandate.status !== 'UNCONFIRMED') {
        return response(422).json(
          errorBody('errors.invalid_status_transition', {
            globalErrors: ['errors.invalid_status_transition'],
          }),
        );
      }
      Object.assign(mandate, { status: 'CONFIRMED', signedAt, updatedAt: now });
      return response(200).json(mandate);
    }),
    mockHttp.get('/live-pay-mandate/revoke-mandate/{id}', ({ params, response }) => {
      const id = Number(params.id);
      calls.revoked.push(id);
      if (options.revokeError) return response(422).json(options.revokeError);
      const mandate = mandates.find((row) => row.id === id);
      if (!mandate) return response(404).json(errorBody('errors.not_found'));
      if (mandate.status === 'REVOKED') {
        return response(422).json(
          errorBody('errors.mandate_revoked', { globalErrors: ['errors.mandate_revoked'] }),
        );
      }
      Object.assign(mandate, { status: 'REVOKED', revokedAt: now, updatedAt: now });
      return response(200).json(mandate);
    }),
    mockHttp.post('/students/send-live-pay-mandate-dispatch-email', ({ query, response }) => {
      calls.emails.push({
        email: query.get('email') ?? '',
        educationId: Number(query.get('educationId')),
      });
      if (options.emailError) return response(422).json(options.emailError);
      return response(204).empty();
    }),
    mockHttp.get('/student-educations/student/{studentId}', ({ response }) =>
      response(200).json(options.educations ?? educationsFixture),
    ),
    mockHttp.get('/balance/{id}', ({ params, response }) =>
      response(200).json({
        ...(options.balance ?? studentBalanceFixture),
        studentId: Number(params.id),
      }),
    ),
    mockHttp.get('/cost-bearers/balance/{id}', ({ params, response }) =>
      response(200).json({
        ...(options.costBearerBalance ?? costBearerBalanceFixture),
        costBearerId: Number(params.id),
      }),
    ),
    mockHttp.post('/payments/filter', async ({ request, response }) => {
      const filter = await request.json();
      calls.paymentFilters.push(filter);
      const rows = payments.filter(
        (row) =>
          (filter.studentId === undefined || row.studentId === filter.studentId) &&
          (filter.studentEducationId === undefined ||
            row.studentEducationId === filter.studentEducationId),
      );
      const page = filter.page ?? 0;
      const size = filter.size ?? 25;
      return response(200).json({
        data: rows.slice(page * size, (page + 1) * size),
        total: rows.length,
      });
    }),
    mockHttp.post('/payments', async ({ request, response }) => {
      const key = request.headers.get('Idempotency-Key');
      const body = await request.json();
      calls.paymentPosts.push({ key, body });
      if (options.paymentError) return response(422).json(options.paymentError);
      const known = key ? byKey.get(key) : undefined;
      if (known) return response(201).json(known);
      const created: Payment = {
        id: nextId++,
        amount: body.amount,
        paymentDate: body.paymentDate,
        method: body.method,
        status: 'PAID',
        reference: body.reference ?? '',
        ...(body.studentId !== undefined ? { studentId: body.studentId } : {}),
        ...(body.studentEducationId !== undefined
          ? { studentEducationId: body.studentEducationId }
          : {}),
        ...(body.note ? { note: body.note } : {}),
        exported: false,
        createdAt: now,
        updatedAt: now,
      };
      if (key) byKey.set(key, created);
      payments = [created, ...payments];
      if (options.dropFirstPaymentAnswer && !droppedOnce) {
        droppedOnce = true;
        return response(500).json(errorBody('errors.internal'));
      }
      return response(201).json(created);
    }),
    mockHttp.get('/public/mandate-form/{token}', ({ response }) =>
      options.publicForm === 'unknown'
        ? response(404).json(errorBody('errors.not_found'))
        : response(200).json(options.publicForm ?? publicMandateFormFixture),
    ),
    mockHttp.post('/public/mandate-form/{token}', async ({ request, response }) => {
      calls.publicSubmits.push(await request.json());
      if (options.publicSubmitError === 'unknown') {
        return response(404).json(errorBody('errors.not_found'));
      }
      if (options.publicSubmitError) return response(422).json(options.publicSubmitError);
      return response(204).empty();
    }),
  ];
}

/** The loading, empty and failing answers, one handler each (before the recording ones). */
export const mandatesHandlers = {
  mandatesLoading: mockHttp.get('/live-pay-mandate/by-student/{id}', async ({ response }) => {
    await delay('infinite');
    return response(200).json([]);
  }),
  mandatesEmpty: mockHttp.get('/live-pay-mandate/by-student/{id}', ({ response }) =>
    response(200).json([]),
  ),
  mandatesError: mockHttp.get('/live-pay-mandate/by-student/{id}', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  balanceLoading: mockHttp.get('/balance/{id}', async ({ response }) => {
    await delay('infinite');
    return response(200).json(studentBalanceFixture);
  }),
  balanceError: mockHttp.get('/balance/{id}', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  costBearerBalanceError: mockHttp.get('/cost-bearers/balance/{id}', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  paymentsLoading: mockHttp.post('/payments/filter', async ({ response }) => {
    await delay('infinite');
    return response(200).json({ data: [], total: 0 });
  }),
  paymentsEmpty: mockHttp.post('/payments/filter', ({ response }) =>
    response(200).json({ data: [], total: 0 }),
  ),
  paymentsError: mockHttp.post('/payments/filter', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  publicFormLoading: mockHttp.get('/public/mandate-form/{token}', async ({ response }) => {
    await delay('infinite');
    return response(200).json(publicMandateFormFixture);
  }),
  publicFormDown: mockHttp.get('/public/mandate-form/{token}', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
};
