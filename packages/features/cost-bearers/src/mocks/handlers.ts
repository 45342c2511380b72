import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import { delay } from 'msw';
import type {
  Appointment,
  CostBearer,
  CostBearerBalance,
  CostBearerDocument,
  CostBearerEducation,
  CostBearerNote,
} from '../api/cost-bearer-queries';

/* Fixtures and typed MSW handlers of the cost-bearer calls, for stories and tests. */

const stamp = '2026-03-02T09:15:00.000Z';

export const jobCenter: CostBearer = {
  id: 11,
  kind: 'JOB_CENTER',
  name: 'Jobcenter Köln',
  contactPerson: 'Frau Yilmaz',
  address: {
    street: 'Luxemburger Straße',
    houseNumber: '121',
    postalCode: '50939',
    city: 'Köln',
    country: 'DE',
  },
  email: 'jobcenter-koeln.bildung@jobcenter-ge.de',
  phone: '+49 221 94290',
  eInvoiceFormat: 'XRECHNUNG',
  leitwegId: '991-33333TEST-33',
  customerNumber: 'BGS-4711',
  balance: -79_000,
  archived: false,
  createdAt: stamp,
  updatedAt: stamp,
};

export const employmentAgency: CostBearer = {
  id: 12,
  kind: 'EMPLOYMENT_AGENCY',
  name: 'Agentur für Arbeit Bonn',
  eInvoiceFormat: 'PDF',
  balance: 0,
  archived: false,
  createdAt: stamp,
  updatedAt: stamp,
};

export const parents: CostBearer = {
  id: 13,
  kind: 'PERSON',
  name: 'Familie Becker',
  contactPerson: 'Sabine Becker',
  iban: 'DE89370400440532013000',
  eInvoiceFormat: 'PDF',
  balance: 12_500,
  archived: false,
  createdAt: stamp,
  updatedAt: stamp,
};

export const archivedEmployer: CostBearer = {
  id: 14,
  kind: 'COMPANY',
  name: 'Spedition Hansen GmbH',
  eInvoiceFormat: 'ZUGFERD',
  balance: 0,
  archived: true,
  createdAt: stamp,
  updatedAt: stamp,
};

export const costBearerList: CostBearer[] = [employmentAgency, parents, jobCenter];

export const educations: CostBearerEducation[] = [
  {
    studentEducationId: 501,
    studentId: 301,
    firstName: 'Leon',
    lastName: 'Becker',
    birthDate: '2005-04-12',
    licenseClass: 'C',
    status: 'IN_TRAINING',
    startDate: '2026-01-15',
    finished: false,
    archived: false,
  },
  {
    studentEducationId: 502,
    studentId: 302,
    firstName: 'Aylin',
    lastName: 'Demir',
    licenseClass: 'CE',
    status: 'FINISHED',
    startDate: '2025-06-01',
    finished: true,
    archived: true,
  },
];

export const balance: CostBearerBalance = {
  costBearerId: jobCenter.id,
  invoicedTotal: 119_000,
  paidTotal: 40_000,
  balance: -79_000,
};

export const notes: CostBearerNote[] = [
  {
    id: 71,
    costBearerId: jobCenter.id,
    text: 'Bildungsgutschein bis 30.06. gültig, Rechnung an Frau Yilmaz.',
    date: '2026-03-03T10:00:00.000Z',
    authorUserId: 1,
    authorName: 'Erika Mustermann',
    createdAt: '2026-03-03T10:00:00.000Z',
    updatedAt: '2026-03-03T10:00:00.000Z',
  },
];

export const documents: CostBearerDocument[] = [
  {
    id: 81,
    costBearerId: jobCenter.id,
    type: 'EDUCATION_VOUCHER',
    fileName: 'Bildungsgutschein Becker.pdf',
    mimeType: 'application/pdf',
    size: 184_320,
    generated: false,
    uploadedAt: '2026-03-01T08:30:00.000Z',
    uploadedByUserId: 1,
    fromQrCode: false,
  },
  {
    id: 82,
    costBearerId: jobCenter.id,
    type: 'LETTER',
    fileName: 'Kostenzusage.png',
    mimeType: 'image/png',
    size: 921_600,
    generated: false,
    uploadedAt: '2026-03-02T14:05:00.000Z',
    fromQrCode: true,
  },
];

export const uploadLink =
  'https://fahrwerk.example/payers/upload-qrcode-document?schoolToken=Wm9rYXNzZW4tMTIzNDU2Nzg&costBearerToken=c3R1ZGVudC00NS1hYmNkZWZnaA';

export const costBearerHandlers = {
  list: (rows: CostBearer[] = costBearerList) =>
    mockHttp.post('/cost-bearers/filter', ({ response }) =>
      response(200).json({ data: rows, total: rows.length }),
    ),
  listLoading: mockHttp.post('/cost-bearers/filter', async ({ response }) => {
    await delay('infinite');
    return response(200).json({ data: [], total: 0 });
  }),
  listFailed: mockHttp.post('/cost-bearers/filter', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  get: (row: CostBearer = jobCenter) =>
    mockHttp.get('/cost-bearers/{id}', ({ response }) => response(200).json(row)),
  create: mockHttp.post('/cost-bearers', async ({ request, response }) => {
    const input = await request.json();
    return response(201).json({
      ...input,
      eInvoiceFormat: input.eInvoiceFormat ?? 'PDF',
      id: 99,
      balance: 0,
      archived: false,
      createdAt: stamp,
      updatedAt: stamp,
    });
  }),
  archive: mockHttp.post('/cost-bearers/archive', ({ query, response }) =>
    response(200).json({ ...jobCenter, archived: query.get('archived') === 'true' }),
  ),
  educations: (rows: CostBearerEducation[] = educations) =>
    mockHttp.get('/cost-bearers/student-education-by-cost-bearer/{id}', ({ response }) =>
      response(200).json(rows),
    ),
  balance: mockHttp.get('/cost-bearers/balance/{id}', ({ response }) =>
    response(200).json(balance),
  ),
  notes: (rows: CostBearerNote[] = notes) =>
    mockHttp.get('/cost-bearer-note/cost-bearer/{id}', ({ response }) => response(200).json(rows)),
  createNote: mockHttp.post('/cost-bearer-note', async ({ request, response }) => {
    const input = await request.json();
    return response(201).json({
      ...notes[0],
      id: 72,
      costBearerId: input.costBearerId,
      text: input.text,
    } as CostBearerNote);
  }),
  documents: (rows: CostBearerDocument[] = documents) =>
    mockHttp.get('/cost-bearer-documents/cost-bearer/{id}', ({ response }) =>
      response(200).json(rows),
    ),
  letterheadRefused: mockHttp.get('/cost-bearer-documents/{id}', ({ response }) =>
    response(422).json(
      errorBody('errors.letterhead_removal_not_allowed', {
        globalErrors: ['errors.letterhead_removal_not_allowed'],
      }),
    ),
  ),
  uploadLink: mockHttp.get('/cost-bearer-documents/upload-url/{costBearerId}', ({ response }) =>
    response(200).json({ url: uploadLink }),
  ),
  publicUpload: mockHttp.post(
    '/public/cost-bearer-documents/{schoolToken}/{costBearerToken}',
    ({ response }) => response(204).empty(),
  ),
  publicUploadUnknown: mockHttp.post(
    '/public/cost-bearer-documents/{schoolToken}/{costBearerToken}',
    ({ response }) => response(404).json(errorBody('errors.not_found')),
  ),
};

// --- Appointments ----------------------------------------------------------------------------

const instructor = (id: number, firstName: string, lastName: string, archived = false) => ({
  id,
  drivingSchoolId: 1,
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@fahrschule-demo.de`,
  roleIds: [3],
  roleNames: ['Fahrlehrer'],
  studentVisibility: 'ALL' as const,
  archived,
});
const truck = (id: number, name: string, archived = false) => ({
  id,
  name,
  plate: `K-FS ${id}`,
  kind: 'TRUCK' as const,
  licenseClasses: ['C' as const, 'CE' as const],
  instructorIds: [],
  archived,
  createdAt: stamp,
  updatedAt: stamp,
});

const appointment = (
  id: number,
  fields: Pick<Appointment, 'date' | 'startTime' | 'minutes' | 'type'> & Partial<Appointment>,
): Appointment => ({
  id,
  studentId: 301,
  studentEducationId: 501,
  licenseClass: 'C',
  instructorId: 81,
  vehicleId: 91,
  repeatRule: 'NONE',
  includeInPayroll: true,
  released: false,
  invoiced: false,
  booked: false,
  signed: false,
  costBearerId: 11,
  createdAt: stamp,
  updatedAt: stamp,
  ...fields,
});

/** Newest first, as the server answers: Leon Becker's C lessons, Aylin Demir's CE, one of a student whose education the cost bearer no longer pays. */
export const costBearerAppointments: Appointment[] = [
  appointment(901, {
    type: 'DRIVING',
    date: '2026-11-27',
    startTime: '07:30',
    minutes: 90,
    hourType: 'MOTORWAY',
  }),
  appointment(902, {
    type: 'EXAM',
    date: '2026-11-25',
    startTime: '10:00',
    minutes: 75,
    title: 'Praktische Prüfung C',
    hourType: 'EXAM_PRESENTATION',
    booked: true,
  }),
  appointment(903, {
    type: 'DRIVING',
    date: '2026-11-19',
    startTime: '13:00',
    minutes: 90,
    hourType: 'OVERLAND',
    booked: true,
    signed: true,
    released: true,
  }),
  appointment(904, {
    type: 'THEORY',
    date: '2026-11-12',
    startTime: '18:00',
    minutes: 90,
    title: 'Zusatzstoff Klasse C: Lektion 3',
    vehicleId: undefined,
  }),
  appointment(905, {
    type: 'DRIVING',
    date: '2026-09-08',
    startTime: '08:00',
    minutes: 45,
    studentId: 302,
    studentEducationId: 502,
    licenseClass: 'CE',
    hourType: 'TRAILER',
    instructorId: 82,
    vehicleId: 92,
    ...{ booked: true, signed: true, released: true, invoiced: true },
  }),
  appointment(906, {
    type: 'DRIVING',
    date: '2026-06-30',
    startTime: '09:30',
    minutes: 45,
    studentId: 303,
    studentEducationId: 503,
    hourType: 'NORMAL',
    ...{ booked: true, signed: true, released: true, invoiced: true },
  }),
];

export const appointmentHandlers = {
  list: (rows: Appointment[] = costBearerAppointments) =>
    mockHttp.get('/appointments/cost-bearer/{id}', ({ response }) => response(200).json(rows)),
  listFailed: mockHttp.get('/appointments/cost-bearer/{id}', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  /** `GET /users` and `GET /vehicles`, active or (`archived=true`) archived. */
  names: [
    mockHttp.get('/users', ({ query, response }) =>
      response(200).json(
        query.get('archived') === 'true'
          ? [instructor(82, 'Sabine', 'Roth', true)]
          : [instructor(81, 'Thomas', 'Schulz')],
      ),
    ),
    mockHttp.get('/vehicles', ({ query, response }) =>
      response(200).json(
        query.get('archived') === 'true'
          ? [truck(92, 'Actros mit Anhänger', true)]
          : [truck(91, 'MAN TGL (Klasse C)')],
      ),
    ),
  ],
};
