import type { components, ErrorBody } from '@fahrwerk/api';
import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import { delay } from 'msw';
import type {
  AppliedPrice,
  Appointment,
  CostBearer,
  CostBearerEducation,
  CostBearerInvoiceInput,
  PaymentDocument,
  PaymentDocumentInput,
  PaymentDocumentLineInput,
} from '../api/form-queries';
import { lineAmounts } from '../schemas/payment-document-form';

/*
 * Fixtures and typed MSW handlers of the forms, the cost bearer's invoices and the documents
 * panel, answered as the contract says: drafts without a number, invoices numbered at issue,
 * payment requests never; amounts per line rounded as the server rounds them.
 */

type StudentListItem = components['schemas']['StudentListItem'];
type Student = components['schemas']['Student'];
type StudentEducation = components['schemas']['StudentEducation'];

const stamp = '2026-03-01T09:00:00Z';

/** A minimal PDF: the download dialog shows it in an iframe. */
const PDF = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF';

export const lenaListItem: StudentListItem = {
  id: 11,
  firstName: 'Lena',
  lastName: 'Berger',
  branchId: 1,
  educationLicenseClasses: ['B'],
  studentCategoryIds: [],
  learningAppLoginAllowed: true,
  archived: false,
};

const jonasListItem: StudentListItem = {
  ...lenaListItem,
  id: 12,
  firstName: 'Jonas',
  lastName: 'Kaya',
  educationLicenseClasses: ['CE'],
};

export const lena: Student = {
  id: 11,
  firstName: 'Lena',
  lastName: 'Berger',
  branchId: 1,
  language: 'de',
  studentCategoryIds: [],
  licenseClasses: ['B'],
  checklistIds: [],
  noteIds: [],
  documentIds: [],
  educationContractSigned: true,
  learningAppLoginAllowed: true,
  visualAid: false,
  archived: false,
  createdAt: stamp,
  updatedAt: stamp,
};

const education = (id: number, studentId: number, licenseClass: 'B' | 'CE'): StudentEducation => ({
  id,
  studentId,
  licenseClass,
  status: 'IN_TRAINING',
  branchId: 1,
  paymentWorkflow: 'CLASSIC_PAY',
  driveBuzzEnabled: false,
  finished: false,
  automaticPayment: false,
  courseIds: [],
  costBearerIds: [],
  archived: false,
  createdAt: stamp,
  updatedAt: stamp,
});

export const educationsByStudent: Record<number, StudentEducation[]> = {
  11: [education(111, 11, 'B')],
  12: [education(121, 12, 'CE')],
};

export const pricesFixture: AppliedPrice[] = [
  { productId: 31, productName: 'Grundbetrag Klasse B', productType: 'BASIC_FEE', price: 39000 },
  {
    productId: 32,
    productName: 'Lehrmaterial Klasse B',
    productType: 'LEARNING_MATERIAL',
    price: 8990,
  },
  {
    productId: 33,
    productName: 'Fahrstunde Überland',
    productType: 'DRIVING_LESSON',
    hourType: 'OVERLAND',
    price: 7200,
  },
].map((row) => ({
  ...row,
  productType: row.productType as AppliedPrice['productType'],
  hourType: row.hourType as AppliedPrice['hourType'],
  licenseClass: 'B' as const,
  combined: false,
  vatRate: 19 as const,
  priceListId: 1,
}));

export const costBearersFixture: CostBearer[] = [
  {
    id: 41,
    kind: 'JOB_CENTER',
    name: 'Jobcenter Köln',
    eInvoiceFormat: 'XRECHNUNG',
    leitwegId: '05315-12345-06',
    balance: -245000,
  },
  { id: 42, kind: 'COMPANY', name: 'Spedition Hansen GmbH', eInvoiceFormat: 'ZUGFERD', balance: 0 },
  { id: 43, kind: 'PERSON', name: 'Petra Berger', eInvoiceFormat: 'PDF', balance: 0 },
].map((row) => ({ ...row, archived: false, createdAt: stamp, updatedAt: stamp }) as CostBearer);

export const costBearerEducationsFixture: CostBearerEducation[] = [
  {
    studentEducationId: 121,
    studentId: 12,
    firstName: 'Jonas',
    lastName: 'Kaya',
    licenseClass: 'CE',
    status: 'IN_TRAINING',
    finished: false,
    archived: false,
  },
  {
    studentEducationId: 131,
    studentId: 13,
    firstName: 'Mira',
    lastName: 'Schulte',
    licenseClass: 'C',
    status: 'IN_TRAINING',
    finished: false,
    archived: false,
  },
];

const appointment = (
  id: number,
  patch: Partial<Appointment> & Pick<Appointment, 'date' | 'studentEducationId' | 'studentId'>,
): Appointment => ({
  id,
  type: 'DRIVING',
  startTime: '08:00',
  minutes: 90,
  instructorId: 3,
  repeatRule: 'NONE',
  includeInPayroll: true,
  released: true,
  invoiced: false,
  booked: true,
  bookedPrice: 16000,
  signed: true,
  hourType: 'NORMAL',
  licenseClass: 'CE',
  costBearerId: 41,
  createdAt: stamp,
  updatedAt: stamp,
  ...patch,
});

export const costBearerAppointmentsFixture: Appointment[] = [
  appointment(501, { date: '2026-03-03', studentId: 12, studentEducationId: 121 }),
  appointment(502, {
    date: '2026-03-10',
    studentId: 12,
    studentEducationId: 121,
    hourType: 'MOTORWAY',
  }),
  appointment(503, {
    date: '2026-03-12',
    studentId: 13,
    studentEducationId: 131,
    licenseClass: 'C',
  }),
  // Not signed: not billable.
  appointment(504, { date: '2026-03-14', studentId: 13, studentEducationId: 131, signed: false }),
  // Already billed.
  appointment(505, { date: '2026-02-20', studentId: 12, studentEducationId: 121, invoiced: true }),
];

/** A document's lines and totals from input lines, as the server computes them (default rate 19 %). */
export function computeDocument(
  lines: readonly PaymentDocumentLineInput[],
): Pick<PaymentDocument, 'lines' | 'vatTotals' | 'totalNet' | 'totalVat' | 'totalGross'> {
  const computed = lines.map((line, index) => {
    const vatRate = line.vatRate ?? 19;
    const amounts = lineAmounts(line.quantity, line.unitPrice, vatRate) ?? {
      net: 0,
      vat: 0,
      gross: 0,
    };
    return { ...line, position: index + 1, vatRate, ...amounts };
  });
  const rates = [...new Set(computed.map((line) => line.vatRate))].sort((a, b) => b - a);
  const vatTotals = rates.map((vatRate) => {
    const of = computed.filter((line) => line.vatRate === vatRate);
    const sum = (key: 'net' | 'vat' | 'gross') => of.reduce((all, line) => all + line[key], 0);
    return { vatRate, net: sum('net'), vat: sum('vat'), gross: sum('gross') };
  });
  const total = (key: 'net' | 'vat' | 'gross') => vatTotals.reduce((all, row) => all + row[key], 0);
  return {
    lines: computed,
    vatTotals,
    totalNet: total('net'),
    totalVat: total('vat'),
    totalGross: total('gross'),
  };
}

export function paymentDocument(
  patch: Partial<PaymentDocument> & Pick<PaymentDocument, 'id' | 'type' | 'status'>,
  lines: PaymentDocumentLineInput[] = [
    { description: 'Grundbetrag Klasse B', quantity: 1, unitPrice: 39000, vatRate: 19 },
  ],
): PaymentDocument {
  const computed = computeDocument(lines);
  return {
    recipientName: 'Lena Berger',
    studentId: 11,
    studentEducationId: 111,
    paidAmount: 0,
    openAmount: computed.totalGross,
    visible: true,
    eInvoiceFormat: 'PDF',
    createdAt: stamp,
    updatedAt: stamp,
    ...computed,
    ...patch,
  };
}

export const draftRequestFixture = paymentDocument(
  { id: 701, type: 'PAYMENT_REQUEST', status: 'DRAFT', dueDate: '2026-03-31' },
  [
    {
      description: 'Grundbetrag Klasse B',
      quantity: 1,
      unitPrice: 39000,
      vatRate: 19,
      productId: 31,
    },
    {
      description: 'Fahrstunde Überland',
      quantity: 2,
      unitPrice: 7200,
      vatRate: 19,
      productId: 33,
    },
  ],
);

/** The documents of Lena: an invoice, a paid partial invoice, a cancelled one and its cancellation, a payment request. */
export const studentDocumentsFixture: PaymentDocument[] = [
  paymentDocument(
    {
      id: 801,
      type: 'PARTIAL_INVOICE',
      status: 'ISSUED',
      number: 'RE-2026-00012',
      issueDate: '2026-03-02',
      dueDate: '2026-03-16',
      paidAmount: 10000,
      openAmount: 29000,
    },
    [{ description: 'Grundbetrag Klasse B', quantity: 1, unitPrice: 39000, vatRate: 19 }],
  ),
  paymentDocument(
    {
      id: 802,
      type: 'PARTIAL_INVOICE',
      status: 'PAID',
      number: 'RE-2026-00007',
      issueDate: '2026-02-10',
      paidAmount: 8990,
      openAmount: 0,
      visible: false,
    },
    [{ description: 'Lehrmaterial Klasse B', quantity: 1, unitPrice: 8990, vatRate: 19 }],
  ),
  paymentDocument(
    {
      id: 803,
      type: 'PARTIAL_INVOICE',
      status: 'CANCELLED',
      number: 'RE-2026-00005',
      issueDate: '2026-02-01',
      openAmount: 0,
      cancelledByDocumentId: 804,
    },
    [{ description: 'Fahrstunde', quantity: 1, unitPrice: 6500, vatRate: 19 }],
  ),
  paymentDocument(
    {
      id: 804,
      type: 'CANCELLATION_INVOICE',
      status: 'ISSUED',
      number: 'RE-2026-00006',
      issueDate: '2026-02-03',
      openAmount: 0,
      cancelsDocumentId: 803,
    },
    [{ description: 'Fahrstunde', quantity: 1, unitPrice: -6500, vatRate: 19 }],
  ),
  paymentDocument(
    {
      id: 805,
      type: 'PAYMENT_REQUEST',
      status: 'ISSUED',
      issueDate: '2026-03-05',
      dueDate: '2026-03-19',
    },
    [{ description: 'Anzahlung Fahrstunden', quantity: 1, unitPrice: 50000, vatRate: 19 }],
  ),
];

/** The documents of the Jobcenter Köln: a course invoice (XRechnung) and a paid service invoice. */
export const costBearerDocumentsFixture: PaymentDocument[] = [
  paymentDocument(
    {
      id: 901,
      type: 'COST_BEARER_INVOICE',
      status: 'ISSUED',
      number: 'RE-2026-00020',
      recipientName: 'Jobcenter Köln',
      costBearerId: 41,
      issueDate: '2026-03-04',
      dueDate: '2026-04-03',
      eInvoiceFormat: 'XRECHNUNG',
      buyerReference: '05315-12345-06',
      paidAmount: 0,
      openAmount: 245000,
    },
    [
      {
        description: 'Lehrgang Klasse CE (Jonas Kaya)',
        quantity: 1,
        unitPrice: 245000,
        vatRate: 0,
      },
    ],
  ),
  paymentDocument(
    {
      id: 902,
      type: 'COST_BEARER_SERVICE_INVOICE',
      status: 'PAID',
      number: 'RE-2026-00009',
      recipientName: 'Jobcenter Köln',
      costBearerId: 41,
      issueDate: '2026-02-12',
      eInvoiceFormat: 'XRECHNUNG',
      paidAmount: 32000,
      openAmount: 0,
    },
    [{ description: 'Fahrstunde Klasse CE 90 min', quantity: 2, unitPrice: 16000, vatRate: 0 }],
  ),
];

const page = <T>(data: T[]) => ({ data, total: data.length });

export type FormCallsOptions = {
  /** `GET /payment-documents/{id}` answers this document. */
  document?: PaymentDocument;
  /** `POST /payment-documents/filter` answers these (default: by student or cost bearer). */
  documents?: PaymentDocument[];
  /** Create and update answer 422 with this body. */
  saveError?: ErrorBody;
  /** Issue answers 422 with this body. */
  issueError?: ErrorBody;
  /** Cancel answers 422 with this body. */
  cancelError?: ErrorBody;
  /** `create-cost-bearer-invoice` answers 422 with this body. */
  costBearerInvoiceError?: ErrorBody;
  /** `GET /payment-documents/{id}/pdf?removeLetterhead=true` answers 422 (letterhead not removable). */
  refuseLetterheadRemoval?: boolean;
  /** The cost bearer's balance (default −2450,00 €). */
  balance?: number;
};

export type FormCalls = {
  created: PaymentDocumentInput[];
  updated: { id: number; input: PaymentDocumentInput }[];
  issued: number[];
  deleted: number[];
  cancelled: number[];
  visibility: { id: number; visible: boolean }[];
  pdfs: { id: number; removeLetterhead: boolean }[];
  /** E-invoices answered (refused ones are not counted). */
  eInvoices: number[];
  costBearerInvoices: CostBearerInvoiceInput[];
  courseInvoicePreviews: CostBearerInvoiceInput[];
  serviceInvoicePreviews: { costBearerId: number; includeDraftText: boolean; body: unknown }[];
  filters: components['schemas']['PaymentDocumentFilter'][];
  handlers: ReturnType<typeof formHandlers>;
};

const pdfResponse = (fileName: string) =>
  new Response(PDF, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${fileName}"`,
    },
  });

let nextNumber = 30;

function formHandlers(calls: Omit<FormCalls, 'handlers'>, options: FormCallsOptions) {
  const store = new Map<number, PaymentDocument>();
  for (const document of [
    draftRequestFixture,
    ...studentDocumentsFixture,
    ...costBearerDocumentsFixture,
    ...(options.document ? [options.document] : []),
    ...(options.documents ?? []),
  ]) {
    store.set(document.id, document);
  }
  let nextId = 750;
  const fromInput = (id: number, input: PaymentDocumentInput, base?: PaymentDocument) => {
    const costBearer = costBearersFixture.find((row) => row.id === input.costBearerId);
    const { type: _type, lines, visible, ...rest } = input;
    const document: PaymentDocument = {
      ...paymentDocument(
        {
          id,
          type: base?.type ?? input.type,
          status: 'DRAFT',
          recipientName: costBearer?.name ?? 'Lena Berger',
          visible: visible ?? true,
          updatedAt: new Date().toISOString(),
        },
        lines,
      ),
      ...(costBearer ? { studentId: undefined, studentEducationId: undefined } : {}),
      ...rest,
    };
    // Fields without a value are absent (contract).
    for (const key of Object.keys(document) as (keyof PaymentDocument)[]) {
      if (document[key] === undefined) delete document[key];
    }
    store.set(id, document);
    return document;
  };
  return [
    mockHttp.get('/payment-documents/{id}', ({ params, response }) => {
      const document = store.get(Number(params.id));
      return document
        ? response(200).json(document)
        : response(404).json(errorBody('errors.not_found'));
    }),
    mockHttp.post('/payment-documents', async ({ request, response }) => {
      const input = await request.json();
      calls.created.push(input);
      if (options.saveError) return response(422).json(options.saveError);
      return response(201).json(fromInput(nextId++, input));
    }),
    mockHttp.put('/payment-documents/{id}', async ({ params, request, response }) => {
      const input = await request.json();
      const id = Number(params.id);
      calls.updated.push({ id, input });
      if (options.saveError) return response(422).json(options.saveError);
      const base = store.get(id);
      if (base && base.status !== 'DRAFT') {
        return response(422).json(
          errorBody('errors.document_issued', { globalErrors: ['errors.document_issued'] }),
        );
      }
      return response(200).json(fromInput(id, input, base));
    }),
    mockHttp.delete('/payment-documents/{id}', ({ params, response }) => {
      const id = Number(params.id);
      calls.deleted.push(id);
      const document = store.get(id);
      if (document && document.status !== 'DRAFT' && document.type !== 'PAYMENT_REQUEST') {
        return response(422).json(
          errorBody('errors.only_payment_requests_deletable', {
            globalErrors: ['errors.only_payment_requests_deletable'],
          }),
        );
      }
      store.delete(id);
      return response(204).empty();
    }),
    mockHttp.post('/payment-documents/{id}/issue', ({ params, response }) => {
      const id = Number(params.id);
      calls.issued.push(id);
      if (options.issueError) return response(422).json(options.issueError);
      const draft = store.get(id);
      if (!draft) return response(404).json(errorBody('errors.not_found'));
      const issued: PaymentDocument = {
        ...draft,
        status: 'ISSUED',
        issueDate: draft.issueDate ?? '2026-03-20',
        issuedAt: '2026-03-20T10:00:00Z',
        ...(draft.type === 'PAYMENT_REQUEST'
          ? {}
          : { number: `RE-2026-${String(nextNumber++).padStart(5, '0')}` }),
      };
      store.set(id, issued);
      return response(200).json(issued);
    }),
    mockHttp.get('/payment-documents/{id}/pdf', ({ params, query, response }) => {
      const id = Number(params.id);
      const removeLetterhead = query.get('removeLetterhead') === 'true';
      calls.pdfs.push({ id, removeLetterhead });
      if (removeLetterhead && options.refuseLetterheadRemoval) {
        return response(422).json(
          errorBody('errors.letterhead_removal_not_allowed', {
            globalErrors: ['errors.letterhead_removal_not_allowed'],
          }),
        );
      }
      const document = store.get(id);
      return pdfResponse(`${document?.number ?? `entwurf-${id}`}.pdf`);
    }),
    mockHttp.get('/payment-documents/{id}/e-invoice', ({ params, response }) => {
      const id = Number(params.id);
      const document = store.get(id);
      if (!document || document.eInvoiceFormat === 'PDF' || document.status === 'DRAFT') {
        return response(422).json(
          errorBody('errors.no_e_invoice', { globalErrors: ['errors.no_e_invoice'] }),
        );
      }
      calls.eInvoices.push(id);
      return new Response('<rsm:CrossIndustryInvoice/>', {
        headers: {
          'Content-Type': 'application/xml',
          'Content-Disposition': `attachment; filename="${document.number}.xml"`,
        },
      });
    }),
    mockHttp.post('/payment-documents/filter', async ({ request, response }) => {
      const filter = await request.json();
      calls.filters.push(filter);
      const all =
        options.documents ??
        (filter.costBearerId !== undefined
          ? costBearerDocumentsFixture.filter((row) => row.costBearerId === filter.costBearerId)
          : studentDocumentsFixture.filter((row) => row.studentId === filter.studentId));
      // Changes made in the story (visibility, cancellation) show on the next load.
      const rows = all.map((row) => store.get(row.id) ?? row);
      const cancellations = [...store.values()].filter(
        (row) =>
          row.type === 'CANCELLATION_INVOICE' &&
          !rows.some((listed) => listed.id === row.id) &&
          rows.some((listed) => listed.id === row.cancelsDocumentId),
      );
      return response(200).json(page([...cancellations, ...rows]));
    }),
    mockHttp.put('/invoices/visible/{id}', ({ params, query, response }) => {
      const id = Number(params.id);
      const visible = query.get('visible') === 'true';
      calls.visibility.push({ id, visible });
      const document = store.get(id);
      if (!document) return response(404).json(errorBody('errors.not_found'));
      const changed = { ...document, visible };
      store.set(id, changed);
      return response(200).json(changed);
    }),
    mockHttp.post('/payment-documents/create-cancellation-invoice', ({ query, response }) => {
      const id = Number(query.get('invoiceForCancellationId'));
      calls.cancelled.push(id);
      if (options.cancelError) return response(422).json(options.cancelError);
      const original = store.get(id);
      if (!original) return response(404).json(errorBody('errors.not_found'));
      const cancellationId = 990 + calls.cancelled.length;
      const cancellation: PaymentDocument = {
        ...paymentDocument(
          {
            id: cancellationId,
            type: 'CANCELLATION_INVOICE',
            status: 'ISSUED',
            number: `RE-2026-${String(nextNumber++).padStart(5, '0')}`,
            issueDate: '2026-03-20',
            recipientName: original.recipientName,
            cancelsDocumentId: id,
            openAmount: 0,
          },
          original.lines.map((line) => ({
            description: line.description,
            quantity: line.quantity,
            unitPrice: -line.unitPrice,
            vatRate: line.vatRate,
          })),
        ),
        openAmount: 0,
      };
      store.set(cancellationId, cancellation);
      store.set(id, {
        ...original,
        status: 'CANCELLED',
        openAmount: 0,
        cancelledByDocumentId: cancellationId,
      });
      return response(201).json(cancellation);
    }),
    mockHttp.post(
      '/payment-documents/create-cost-bearer-invoice',
      async ({ request, response }) => {
        const input = await request.json();
        calls.costBearerInvoices.push(input);
        if (options.costBearerInvoiceError) {
          return response(422).json(options.costBearerInvoiceError);
        }
        const bearer = costBearersFixture.find((row) => row.id === input.costBearerId);
        const billed = costBearerAppointmentsFixture.filter((row) =>
          (input.appointmentIds ?? []).includes(row.id),
        );
        const invoice = paymentDocument(
          {
            id: 960,
            type: input.serviceInvoice ? 'COST_BEARER_SERVICE_INVOICE' : 'COST_BEARER_INVOICE',
            status: 'ISSUED',
            number: `RE-2026-${String(nextNumber++).padStart(5, '0')}`,
            recipientName: bearer?.name ?? 'Kostenträger',
            costBearerId: input.costBearerId,
            issueDate: input.issueDate ?? '2026-03-20',
            eInvoiceFormat: input.eInvoiceFormat ?? bearer?.eInvoiceFormat ?? 'PDF',
            ...(input.buyerReference ? { buyerReference: input.buyerReference } : {}),
          },
          [
            ...billed.map((row) => ({
              description: `Fahrstunde ${row.licenseClass} am ${row.date}`,
              quantity: 1,
              unitPrice: row.bookedPrice ?? 0,
              vatRate: 0 as const,
              appointmentId: row.id,
            })),
            ...(input.lines ?? []),
          ],
        );
        store.set(invoice.id, invoice);
        return response(201).json(invoice);
      },
    ),
    mockHttp.post('/payment-documents/create-cost-bearer-invoice-preview', async ({ request }) => {
      calls.courseInvoicePreviews.push(await request.json());
      return pdfResponse('vorschau-lehrgangsrechnung.pdf');
    }),
    mockHttp.post(
      '/cost-bearer-service-invoice/{id}/preview',
      async ({ params, query, request }) => {
        calls.serviceInvoicePreviews.push({
          costBearerId: Number(params.id),
          includeDraftText: query.get('includeDraftText') !== 'false',
          body: await request.json(),
        });
        return pdfResponse('vorschau-leistungsrechnung.pdf');
      },
    ),
    mockHttp.get('/financial-config/current', ({ response }) =>
      response(200).json({
        studentPaymentRequestFootnote: 'Bitte überweisen Sie den Betrag innerhalb von 14 Tagen.',
        costBearerPaymentRequestFootnote: 'Zahlbar innerhalb von 30 Tagen ohne Abzug.',
        studentFinalInvoiceFootnote: 'Vielen Dank für Ihr Vertrauen.',
        costBearerFinalInvoiceFootnote: 'Zahlbar innerhalb von 30 Tagen.',
      }),
    ),
    mockHttp.post('/students-filter/filter', async ({ request, response }) => {
      const { search } = await request.json();
      const found = [lenaListItem, jonasListItem].filter(
        (row) =>
          !search ||
          `${row.firstName} ${row.lastName}`.toLowerCase().includes(search.toLowerCase()),
      );
      return response(200).json(page(found));
    }),
    mockHttp.get('/students/{id}', ({ params, response }) =>
      Number(params.id) === lena.id
        ? response(200).json(lena)
        : response(200).json({ ...lena, id: 12, firstName: 'Jonas', lastName: 'Kaya' }),
    ),
    mockHttp.get('/student-educations/student/{studentId}', ({ params, response }) =>
      response(200).json(educationsByStudent[Number(params.studentId)] ?? []),
    ),
    mockHttp.get('/prices/by-student-education/{id}', ({ params, response }) =>
      response(200).json(Number(params.id) === 111 ? pricesFixture : []),
    ),
    mockHttp.get('/cost-bearers', ({ response }) => response(200).json(costBearersFixture)),
    mockHttp.get('/cost-bearers/{id}', ({ params, response }) => {
      const bearer = costBearersFixture.find((row) => row.id === Number(params.id));
      return bearer
        ? response(200).json(bearer)
        : response(404).json(errorBody('errors.not_found'));
    }),
    mockHttp.get('/cost-bearers/balance/{id}', ({ params, response }) => {
      const balance = options.balance ?? -245000;
      return response(200).json({
        costBearerId: Number(params.id),
        invoicedTotal: 277000,
        paidTotal: 277000 + balance,
        balance,
      });
    }),
    mockHttp.get('/cost-bearers/student-education-by-cost-bearer/{id}', ({ response }) =>
      response(200).json(costBearerEducationsFixture),
    ),
    mockHttp.get('/appointments/cost-bearer/{id}', ({ response }) =>
      response(200).json(costBearerAppointmentsFixture),
    ),
  ];
}

/** Every call of the forms answered from the fixtures; the write calls are recorded. */
export function recordFormCalls(options: FormCallsOptions = {}): FormCalls {
  const calls: Omit<FormCalls, 'handlers'> = {
    created: [],
    updated: [],
    issued: [],
    deleted: [],
    cancelled: [],
    visibility: [],
    pdfs: [],
    eInvoices: [],
    costBearerInvoices: [],
    courseInvoicePreviews: [],
    serviceInvoicePreviews: [],
    filters: [],
  };
  return Object.assign(calls, { handlers: formHandlers(calls, options) });
}

/** Single handlers for loading and failing states. */
export const formsHandlers = {
  documentLoading: mockHttp.get('/payment-documents/{id}', async ({ response }) => {
    await delay('infinite');
    return response(200).json(draftRequestFixture);
  }),
  documentError: mockHttp.get('/payment-documents/{id}', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  documentsLoading: mockHttp.post('/payment-documents/filter', async ({ response }) => {
    await delay('infinite');
    return response(200).json(page([]));
  }),
  documentsEmpty: mockHttp.post('/payment-documents/filter', ({ response }) =>
    response(200).json(page([])),
  ),
  documentsError: mockHttp.post('/payment-documents/filter', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  appointmentsLoading: mockHttp.get('/appointments/cost-bearer/{id}', async ({ response }) => {
    await delay('infinite');
    return response(200).json([]);
  }),
  educationsEmpty: mockHttp.get(
    '/cost-bearers/student-education-by-cost-bearer/{id}',
    ({ response }) => response(200).json([]),
  ),
  costBearerLoading: mockHttp.get('/cost-bearers/{id}', async ({ response }) => {
    await delay('infinite');
    return response(200).json(costBearersFixture[0] as CostBearer);
  }),
  costBearerError: mockHttp.get('/cost-bearers/{id}', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  appointmentsEmpty: mockHttp.get('/appointments/cost-bearer/{id}', ({ response }) =>
    response(200).json([]),
  ),
};
