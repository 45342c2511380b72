import type { components } from '@fahrwerk/api';
import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import { delay } from 'msw';
import type {
  Appointment,
  DocumentInProcessing,
  EducationEvent,
  Student,
  StudentDocument,
  StudentEducation,
  StudentListItem,
  StudentNote,
} from '../api/student-queries';
import type { TrainingContract } from '../api/training-contract-queries';

type Schemas = components['schemas'];
const STAMP = { createdAt: '2026-09-01T08:00:00Z', updatedAt: '2026-11-20T10:15:00Z' };

// Branches carry work hours and calendar rights the student screens never read; the
// fixtures fill only what the pickers show.
export const branches = [
  {
    id: 1,
    name: 'Berlin-Mitte',
    abbreviation: 'MIT',
    showOnWebsite: true,
    archived: false,
    ...STAMP,
  },
  { id: 2, name: 'Potsdam', abbreviation: 'POT', showOnWebsite: true, archived: false, ...STAMP },
] as unknown as Schemas['Branch'][];

export const users: Schemas['User'][] = [
  {
    id: 11,
    drivingSchoolId: 1,
    firstName: 'Markus',
    lastName: 'Weber',
    email: 'm.weber@fahrschule-demo.de',
    roleIds: [3],
    roleNames: ['Fahrlehrer'],
    studentVisibility: 'OWN',
    archived: false,
  },
  {
    id: 12,
    drivingSchoolId: 1,
    firstName: 'Aylin',
    lastName: 'Demir',
    email: 'a.demir@fahrschule-demo.de',
    roleIds: [3],
    roleNames: ['Fahrlehrerin'],
    studentVisibility: 'ALL',
    archived: false,
  },
];

export const priceLists: Schemas['PriceList'][] = [
  {
    id: 21,
    name: 'Standard 2026',
    template: false,
    vatRate: 19,
    standard: true,
    archived: false,
    ...STAMP,
  },
];

export const testingOrganizations: Schemas['TestingOrganization'][] = [
  { id: 31, name: 'TÜV Rheinland Berlin', kind: 'TUEV', archived: false, ...STAMP },
  { id: 32, name: 'DEKRA Potsdam', kind: 'DEKRA', archived: false, ...STAMP },
];

export const categories: Schemas['StudentCategory'][] = [
  {
    id: 41,
    name: 'Intensivkurs',
    abbreviation: 'INT',
    appearance: '#2563eb',
    archived: false,
    ...STAMP,
  },
];

export const studentRows: StudentListItem[] = [
  {
    id: 101,
    firstName: 'Lena',
    lastName: 'Schneider',
    birthDate: '2008-03-14',
    email: 'lena.schneider@example.de',
    phoneMobile: '0151 2345678',
    branchId: 1,
    instructorId: 11,
    mainClass: 'B',
    educationLicenseClasses: ['B'],
    studentCategoryIds: [],
    paymentWorkflow: 'CLASSIC_PAY',
    registrationDate: '2026-09-02',
    firstLoginDate: '2026-09-03T17:20:00Z',
    learningAppLoginAllowed: true,
    archived: false,
  },
  {
    id: 102,
    firstName: 'Jonas',
    lastName: 'Öztürk',
    birthDate: '2007-11-30',
    email: 'jonas.oeztuerk@example.de',
    branchId: 2,
    instructorId: 12,
    mainClass: 'A2',
    educationLicenseClasses: ['A2', 'B'],
    studentCategoryIds: [41],
    registrationDate: '2026-10-12',
    learningAppLoginAllowed: true,
    archived: false,
  },
  {
    id: 103,
    firstName: 'Marie',
    lastName: 'Becker',
    branchId: 1,
    mainClass: 'B197',
    educationLicenseClasses: [],
    studentCategoryIds: [],
    registrationDate: '2026-11-18',
    learningAppLoginAllowed: false,
    archived: false,
  },
];

export const student: Student = {
  id: 101,
  salutation: 'MS',
  firstName: 'Lena',
  lastName: 'Schneider',
  birthDate: '2008-03-14',
  birthPlace: 'Berlin',
  address: {
    street: 'Invalidenstraße',
    houseNumber: '12',
    postalCode: '10115',
    city: 'Berlin',
    country: 'DE',
  },
  phoneMobile: '0151 2345678',
  email: 'lena.schneider@example.de',
  payerEmail: 'familie.schneider@example.de',
  language: 'de',
  nationality: 'DE',
  mainClass: 'B',
  grantType: 'PARENTS',
  registrationDate: '2026-09-02',
  applicationDate: '2026-09-10',
  testLocation: 'Berlin',
  testingOrganizationId: 31,
  visualAid: true,
  paymentMethod: 'DIRECT_DEBIT',
  paymentWorkflow: 'CLASSIC_PAY',
  priceListId: 21,
  studentCategoryIds: [],
  checklistIds: [],
  noteIds: [501],
  documentIds: [301],
  educationContractSigned: true,
  firstLoginDate: '2026-09-03T17:20:00Z',
  learningAppLoginAllowed: true,
  instructorId: 11,
  branchId: 1,
  licenseClasses: ['AM'],
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  accountHolder: 'Thomas Schneider',
  archived: false,
  ...STAMP,
};

export const archivedStudent: Student = {
  ...student,
  archived: true,
  learningAppLoginAllowed: false,
};

export const educations: StudentEducation[] = [
  {
    id: 201,
    studentId: 101,
    licenseClass: 'B',
    status: 'IN_TRAINING',
    instructorId: 11,
    branchId: 1,
    priceListId: 21,
    paymentWorkflow: 'CLASSIC_PAY',
    driveBuzzEnabled: true,
    finished: false,
    automaticPayment: false,
    theoryQuestionsVersion: '2025-04',
    courseIds: [],
    costBearerIds: [],
    startDate: '2026-09-15',
    theoryExamDate: '2026-11-05',
    archived: false,
    ...STAMP,
  },
  {
    id: 202,
    studentId: 101,
    licenseClass: 'AM',
    status: 'CANCELLED',
    branchId: 1,
    paymentWorkflow: 'CLASSIC_PAY',
    driveBuzzEnabled: false,
    finished: false,
    automaticPayment: false,
    courseIds: [],
    costBearerIds: [],
    archived: true,
    ...STAMP,
  },
];

export const documents: StudentDocument[] = [
  {
    id: 301,
    studentId: 101,
    studentEducationId: 201,
    type: 'EYE_TEST',
    fileName: 'Sehtest.pdf',
    mimeType: 'application/pdf',
    size: 183_244,
    visible: true,
    generated: false,
    uploadedAt: '2026-09-04T09:12:00Z',
    uploadedByUserId: 12,
  },
  {
    id: 302,
    studentId: 101,
    type: 'TRAINING_CONTRACT',
    fileName: 'Ausbildungsvertrag.pdf',
    mimeType: 'application/pdf',
    size: 92_100,
    visible: true,
    generated: true,
    uploadedAt: '2026-09-02T11:00:00Z',
  },
];

export const inbox: DocumentInProcessing[] = [
  {
    id: 401,
    fileName: 'Erste-Hilfe-Bescheinigung.jpg',
    mimeType: 'image/jpeg',
    size: 1_204_332,
    uploadedAt: '2026-11-21T18:40:00Z',
    fromQrCode: true,
    studentId: 102,
    type: 'FIRST_AID',
  },
  {
    id: 402,
    fileName: 'Scan_2026-11-22.pdf',
    mimeType: 'application/pdf',
    size: 402_112,
    uploadedAt: '2026-11-22T08:05:00Z',
    uploadedByUserId: 12,
    fromQrCode: false,
  },
];

export const events: EducationEvent[] = [
  {
    id: 601,
    studentId: 101,
    studentEducationId: 201,
    type: 'DRIVING_LESSON',
    date: '2026-11-19T15:00:00Z',
    text: 'Fahrstunde Überland (45 min) mit M. Weber',
    userId: 11,
    refs: { appointmentId: 9001 },
  },
  {
    id: 602,
    studentId: 101,
    studentEducationId: 201,
    type: 'EXAM_RESULT',
    date: '2026-11-05T10:30:00Z',
    text: 'Theorieprüfung bestanden',
    refs: { examId: 7001 },
  },
  {
    id: 603,
    studentId: 101,
    type: 'CREATED',
    date: '2026-09-02T11:00:00Z',
    text: 'Schülerin angelegt',
    userId: 12,
    refs: {},
  },
];

export const notes: StudentNote[] = [
  {
    id: 501,
    studentId: 101,
    text: 'Möchte Fahrstunden möglichst dienstags nach der Schule.',
    date: '2026-09-20T14:00:00Z',
    authorUserId: 12,
    authorName: 'Aylin Demir',
    ...STAMP,
  },
];

const PDF_BYTES = new TextEncoder().encode('%PDF-1.4\n%Fahrwerk\n');

/** The pickers every student screen loads (branches, users, price lists, testing organizations, categories). */
export const pickerHandlers = [
  mockHttp.get('/branches', ({ response }) => response(200).json(branches)),
  mockHttp.get('/users', ({ response }) => response(200).json(users)),
  mockHttp.get('/price-lists', ({ response }) => response(200).json(priceLists)),
  mockHttp.get('/testing-organizations', ({ response }) =>
    response(200).json(testingOrganizations),
  ),
  mockHttp.get('/student-categories/', ({ response }) => response(200).json(categories)),
];

/**
 * MSW answers with the first handler whose pattern matches, and `/students/{id}` also
 * matches `/students/send-confirmation-email`, `/students/avatar` and the other fixed
 * paths. The server routes those to their own endpoints (an id is a number), so the
 * `/students/{id}` handlers answer numeric ids only and pass everything else on
 * (returning nothing lets MSW try the next handler).
 */
const isStudentId = (id: string | number) => /^\d+$/.test(String(id));

export const studentHandlers = {
  listFull: mockHttp.post('/students/student-list', async ({ request, response }) => {
    const body = await request.json();
    const search = body.search?.toLowerCase() ?? '';
    const rows = studentRows.filter(
      (row) =>
        row.archived === (body.archived ?? false) &&
        (!search || `${row.firstName} ${row.lastName}`.toLowerCase().includes(search)) &&
        (!body.licenseClass || row.educationLicenseClasses.includes(body.licenseClass)),
    );
    return response(200).json({ data: rows, total: rows.length });
  }),
  listEmpty: mockHttp.post('/students/student-list', ({ response }) =>
    response(200).json({ data: [], total: 0 }),
  ),
  listLoading: mockHttp.post('/students/student-list', async ({ response }) => {
    await delay('infinite');
    return response(200).json({ data: [], total: 0 });
  }),
  listError: mockHttp.post('/students/student-list', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  get: mockHttp.get('/students/{id}', ({ params, response }) =>
    isStudentId(params.id) ? response(200).json(student) : undefined,
  ),
  getArchived: mockHttp.get('/students/{id}', ({ params, response }) =>
    isStudentId(params.id) ? response(200).json(archivedStudent) : undefined,
  ),
  getLoading: mockHttp.get('/students/{id}', async ({ params, response }) => {
    if (!isStudentId(params.id)) return undefined;
    await delay('infinite');
    return response(200).json(student);
  }),
  getError: mockHttp.get('/students/{id}', ({ params, response }) =>
    isStudentId(params.id) ? response(500).json(errorBody('errors.internal')) : undefined,
  ),
  getNotFound: mockHttp.get('/students/{id}', ({ params, response }) =>
    isStudentId(params.id) ? response(404).json(errorBody('errors.not_found')) : undefined,
  ),
  create: mockHttp.post('/students', async ({ request, response }) => {
    const body = await request.json();
    return response(201).json({
      ...student,
      ...body,
      id: 150,
      noteIds: [],
      documentIds: [],
    } as Student);
  }),
  createEmailInUse: mockHttp.post('/students', ({ response }) =>
    response(422).json(
      errorBody('errors.validation', {
        fieldErrors: [{ field: 'email', error: 'validation.email_in_use' }],
      }),
    ),
  ),
  update: mockHttp.put('/students/{id}', async ({ request, response }) => {
    const body = await request.json();
    return response(200).json({
      ...student,
      ...body,
      updatedAt: '2026-11-22T12:00:00Z',
    } as Student);
  }),
  emailFree: mockHttp.get('/students/email-check/{email}', ({ response }) =>
    response(404).json(errorBody('errors.not_found')),
  ),
  emailInUse: mockHttp.get('/students/email-check/{email}', ({ response }) =>
    response(302).empty(),
  ),
  archive: mockHttp.post('/students/archive', ({ query, response }) =>
    response(200).json({ ...student, archived: query.get('archived') === 'true' }),
  ),
  sendConfirmation: mockHttp.get('/students/send-confirmation-email', ({ response }) =>
    response(204).empty(),
  ),
  sendConfirmationFailed: mockHttp.get('/students/send-confirmation-email', ({ response }) =>
    response(422).json(errorBody('errors.validation', { globalErrors: ['errors.email_not_sent'] })),
  ),
  educations: mockHttp.get('/student-educations/student/{studentId}', ({ response }) =>
    response(200).json(educations),
  ),
  educationsEmpty: mockHttp.get('/student-educations/student/{studentId}', ({ response }) =>
    response(200).json([]),
  ),
  unarchiveEducationRefused: mockHttp.post('/student-educations/archive', ({ response }) =>
    response(422).json(
      errorBody('errors.validation', { globalErrors: ['errors.student_archived'] }),
    ),
  ),
  createEducation: mockHttp.post('/student-educations', async ({ request, response }) => {
    const body = await request.json();
    return response(201).json({ ...educations[0], ...body, id: 250 } as StudentEducation);
  }),
  driveBuzz: mockHttp.post('/student-educations/drive-buzz-enabled', ({ query, response }) =>
    response(200).json({
      ...educations[0],
      driveBuzzEnabled: query.get('driveBuzzEnabled') === 'true',
    } as StudentEducation),
  ),
  documents: mockHttp.get('/student-documents/student/{studentId}', ({ response }) =>
    response(200).json(documents),
  ),
  documentsEmpty: mockHttp.get('/student-documents/student/{studentId}', ({ response }) =>
    response(200).json([]),
  ),
  uploadDocument: mockHttp.post('/student-documents', ({ response }) =>
    response(201).json(documents[0] as StudentDocument),
  ),
  downloadDocument: mockHttp.get(
    '/student-documents/{id}',
    () =>
      new Response(PDF_BYTES, {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': 'inline; filename="Sehtest.pdf"',
        },
      }),
  ),
  events: mockHttp.get('/education-events/student/{id}', ({ response }) =>
    response(200).json(events),
  ),
  eventsEmpty: mockHttp.get('/education-events/student/{id}', ({ response }) =>
    response(200).json([]),
  ),
  notes: mockHttp.get('/student-note/student/{id}', ({ response }) => response(200).json(notes)),
  notesEmpty: mockHttp.get('/student-note/student/{id}', ({ response }) => response(200).json([])),
  createNote: mockHttp.post('/student-note', async ({ request, response }) => {
    const body = await request.json();
    return response(201).json({ ...notes[0], id: 550, text: body.text } as StudentNote);
  }),
  theoryCourses: mockHttp.get('/theory-courses', ({ response }) => response(200).json([])),
  bookedProducts: mockHttp.get('/student-educations/{id}/booked-products', ({ response, params }) =>
    response(200).json([
      {
        id: 902,
        studentId: 101,
        studentEducationId: Number(params.id),
        productId: 44,
        type: 'DRIVING_LESSON',
        name: 'Vorstellung zur praktischen Prüfung',
        licenseClass: 'B',
        quantity: 1,
        price: 19500,
        vatRate: 19,
        invoiced: false,
        bookedAt: '2026-03-05T10:15:00Z',
      },
      {
        id: 901,
        studentId: 101,
        studentEducationId: Number(params.id),
        productId: 40,
        type: 'BASIC_FEE',
        name: 'Grundbetrag Klasse B',
        licenseClass: 'B',
        quantity: 1,
        price: 39000,
        vatRate: 19,
        invoiced: true,
        bookedAt: '2026-01-12T09:00:00Z',
      },
    ]),
  ),
  inbox: mockHttp.get('/documents-in-processing', ({ response }) => response(200).json(inbox)),
  inboxEmpty: mockHttp.get('/documents-in-processing', ({ response }) => response(200).json([])),
  inboxLoading: mockHttp.get('/documents-in-processing', async ({ response }) => {
    await delay('infinite');
    return response(200).json([]);
  }),
  inboxError: mockHttp.get('/documents-in-processing', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  inboxUpload: mockHttp.post('/documents-in-processing', ({ response }) =>
    response(201).json([inbox[1] as DocumentInProcessing]),
  ),
  attach: mockHttp.post('/documents-in-processing/{id}/attach', ({ response }) =>
    response(200).json(documents[0] as StudentDocument),
  ),
  visibleStudents: mockHttp.post('/students/visible-for-current-user', ({ response }) =>
    response(200).json({ data: studentRows, total: studentRows.length }),
  ),
  qrUpload: mockHttp.post(
    '/public/student-documents/{schoolToken}/{studentToken}',
    ({ response }) => response(204).empty(),
  ),
  qrUnknown: mockHttp.post(
    '/public/student-documents/{schoolToken}/{studentToken}',
    ({ response }) => response(404).json(errorBody('errors.not_found')),
  ),
};

// --- Training contracts ----------------------------------------------------------------------

const contractBase = { studentId: 101, licenseClass: 'B' } as const;

/** The contract of each stage, for education 201 (answered for whichever id is asked). */
export const trainingContracts = {
  /** Nobody signed; the student is a minor, so a parent signs too. */
  unsigned: {
    ...contractBase,
    studentEducationId: 201,
    parentSignatureRequired: true,
    parentSignatureAllowed: true,
    signed: false,
  },
  /** The minor student signed; the parent has not yet. */
  waitingForParent: {
    ...contractBase,
    studentEducationId: 201,
    studentSignedAt: '2026-11-20T16:05:00Z',
    parentSignatureRequired: true,
    parentSignatureAllowed: true,
    signed: false,
  },
  /** Student and parent signed; the PDF is a student document. */
  signed: {
    ...contractBase,
    studentEducationId: 201,
    studentSignedAt: '2026-11-20T16:05:00Z',
    parentSignedAt: '2026-11-20T16:09:00Z',
    parentSignatureRequired: true,
    parentSignatureAllowed: true,
    signed: true,
    documentId: 305,
  },
  /** An adult who has not signed: no parent signs. */
  adult: {
    ...contractBase,
    studentEducationId: 201,
    parentSignatureRequired: false,
    parentSignatureAllowed: false,
    signed: false,
  },
  /** An adult's contract, complete with the student's signature. */
  adultSigned: {
    ...contractBase,
    studentEducationId: 201,
    studentSignedAt: '2026-10-02T08:30:00Z',
    parentSignatureRequired: false,
    parentSignatureAllowed: false,
    signed: true,
    documentId: 306,
  },
  /** No birth date on record: a parent may sign but need not. */
  noBirthDate: {
    ...contractBase,
    studentEducationId: 201,
    parentSignatureRequired: false,
    parentSignatureAllowed: true,
    signed: false,
  },
} satisfies Record<string, TrainingContract>;

/** Answers every education's contract with `contract` (its id and class from the request). */
export const trainingContractHandler = (
  contract: TrainingContract,
  byEducation: Record<number, Partial<TrainingContract>> = {},
) =>
  mockHttp.get('/training-contract/{studentEducationId}', ({ params, response }) => {
    const id = Number(params.studentEducationId);
    return response(200).json({ ...contract, ...byEducation[id], studentEducationId: id });
  });

export const trainingContractHandlers = {
  /** Education 201 (B) fully signed, the archived 202 (AM) never signed. */
  record: trainingContractHandler(trainingContracts.signed, {
    202: { ...trainingContracts.unsigned, licenseClass: 'AM' },
  }),
  loading: mockHttp.get('/training-contract/{studentEducationId}', async ({ response }) => {
    await delay('infinite');
    return response(200).json(trainingContracts.unsigned);
  }),
  error: mockHttp.get('/training-contract/{studentEducationId}', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  signedPdf: mockHttp.get(
    '/training-contract/{studentEducationId}/signed-pdf',
    () =>
      new Response(PDF_BYTES, {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition':
            'inline; filename="Ausbildungsvertrag Klasse B Lena Schneider.pdf"',
        },
      }),
  ),
  signedPdfRefused: mockHttp.get(
    '/training-contract/{studentEducationId}/signed-pdf',
    ({ response }) =>
      response(422).json(
        errorBody('errors.training_contract_not_signed', {
          globalErrors: ['errors.training_contract_not_signed'],
        }),
      ),
  ),
};

/** The two sentences the student confirms before signing, as the server words them. */
export const contractCheckboxTexts = {
  addons:
    'Ich habe die gebuchten Zusatzleistungen (Intensivkurs: 49,00 €) zur Kenntnis genommen und bin mit ihnen einverstanden.',
  gdpr: 'Ich habe die Datenschutzerklärung der Fahrschule (https://fahrschule-demo.de/datenschutz) zur Kenntnis genommen und bin mit den Allgemeinen Geschäftsbedingungen der Fahrschule (https://fahrschule-demo.de/agb) einverstanden.',
};

/** One signature upload as the server received it. */
export type RecordedContractSignature = {
  signer: 'student' | 'parent';
  studentEducationId: number;
  /** The multipart part `file`. */
  file: File | null;
};

/** When the mocked server signs: 20.11.2026 17:05 / 17:09 in Berlin. */
export const CONTRACT_SIGNED_AT = {
  student: '2026-11-20T16:05:00Z',
  parent: '2026-11-20T16:09:00Z',
};

/**
 * A contract that can be signed: `GET /training-contract/{id}` answers its current state,
 * the two checkbox texts are answered, and each upload is recorded and signs as the server
 * does (the time, and `signed` once every required signature is there). With `refuse` every
 * upload is recorded and answered with that status and error instead. `reset()` (in the
 * story's `beforeEach`) brings back `initial`.
 */
export function recordContractSigning(
  initial: TrainingContract,
  refuse?: { status: 413 | 422; body: ReturnType<typeof errorBody> },
) {
  let current: TrainingContract = { ...initial };
  const uploads: RecordedContractSignature[] = [];
  const reset = () => {
    current = { ...initial };
    uploads.length = 0;
  };
  const record = async (signer: RecordedContractSignature['signer'], request: Request) => {
    const form = await request.formData();
    const file = form.get('file');
    uploads.push({
      signer,
      studentEducationId: Number(new URL(request.url).searchParams.get('studentEducationId')),
      file: file instanceof File ? file : null,
    });
  };
  const signed = (signer: RecordedContractSignature['signer']) => {
    const next: TrainingContract =
      signer === 'student'
        ? { ...current, studentSignedAt: CONTRACT_SIGNED_AT.student }
        : { ...current, parentSignedAt: CONTRACT_SIGNED_AT.parent };
    next.signed =
      Boolean(next.studentSignedAt) &&
      (!next.parentSignatureRequired || Boolean(next.parentSignedAt));
    if (next.signed) next.documentId = 305;
    current = next;
    return current;
  };
  const handlers = [
    mockHttp.get('/training-contract/get-addons-checkbox-text', ({ response }) =>
      response(200).json({ value: contractCheckboxTexts.addons }),
    ),
    mockHttp.get('/training-contract/get-gdpr-url-checkbox-text', ({ response }) =>
      response(200).json({ value: contractCheckboxTexts.gdpr }),
    ),
    // After the texts: MSW would take `get-…-checkbox-text` for an id.
    mockHttp.get('/training-contract/{studentEducationId}', ({ params, response }) =>
      response(200).json({ ...current, studentEducationId: Number(params.studentEducationId) }),
    ),
    mockHttp.post('/training-contract/upload-student-signature', async ({ request, response }) => {
      await record('student', request);
      if (refuse) return response(refuse.status).json(refuse.body);
      return response(200).json(signed('student'));
    }),
    mockHttp.post('/training-contract/upload-parent-signature', async ({ request, response }) => {
      await record('parent', request);
      if (refuse) return response(refuse.status).json(refuse.body);
      return response(200).json(signed('parent'));
    }),
  ];
  return { handlers, uploads, reset, current: () => current };
}

/** Everything the edit screen loads for the full student 101. */
export const editHandlers = [
  ...pickerHandlers,
  studentHandlers.get,
  studentHandlers.educations,
  studentHandlers.documents,
  studentHandlers.events,
  studentHandlers.notes,
  trainingContractHandlers.record,
];

// --- Appointments ----------------------------------------------------------------------------

/** Users no longer active: old appointments still name them (asked with `archived=true`). */
export const archivedUsers: Schemas['User'][] = [
  {
    id: 13,
    drivingSchoolId: 1,
    firstName: 'Jonas',
    lastName: 'Krüger',
    email: 'j.krueger@fahrschule-demo.de',
    roleIds: [3],
    roleNames: ['Fahrlehrer'],
    studentVisibility: 'OWN',
    archived: true,
  },
];

const vehicle = (
  id: number,
  name: string,
  plate: string,
  archived = false,
): Schemas['Vehicle'] => ({
  id,
  name,
  plate,
  kind: id === 63 ? 'MOTORCYCLE' : 'CAR',
  licenseClasses: id === 63 ? ['AM'] : ['B'],
  instructorIds: [],
  archived,
  ...STAMP,
});

export const vehicles: Schemas['Vehicle'][] = [
  vehicle(61, 'Golf 8 (Schaltwagen)', 'B-FS 1061'),
  vehicle(62, 'ID.3 (Automatik)', 'B-FS 1062'),
];
export const archivedVehicles: Schemas['Vehicle'][] = [vehicle(63, 'Vespa 50', 'B-FS 63', true)];

const lesson = (
  id: number,
  fields: Pick<Appointment, 'date' | 'startTime' | 'minutes' | 'type'> & Partial<Appointment>,
): Appointment => ({
  id,
  studentId: 101,
  studentEducationId: 201,
  licenseClass: 'B',
  instructorId: 11,
  repeatRule: 'NONE',
  includeInPayroll: true,
  released: false,
  invoiced: false,
  booked: false,
  signed: false,
  ...STAMP,
  ...fields,
});

/** Booked, signed, released and invoiced: a lesson of the first weeks. */
const done = { booked: true, signed: true, released: true, invoiced: true } as const;

/** Student 101's appointments, newest first: 7 of every kind and state, then 25 older lessons. */
export const appointments: Appointment[] = [
  lesson(701, {
    type: 'DRIVING',
    date: '2026-12-03',
    startTime: '17:30',
    minutes: 90,
    hourType: 'NIGHT',
    vehicleId: 61,
  }),
  lesson(702, {
    type: 'EXAM',
    date: '2026-11-28',
    startTime: '08:30',
    minutes: 60,
    title: 'Praktische Prüfung TÜV',
    hourType: 'EXAM_PRESENTATION',
    vehicleId: 61,
  }),
  lesson(703, {
    type: 'DRIVING',
    date: '2026-11-24',
    startTime: '16:00',
    minutes: 90,
    hourType: 'MOTORWAY',
    vehicleId: 61,
    booked: true,
    signed: true,
  }),
  lesson(704, {
    type: 'DRIVING',
    date: '2026-11-20',
    startTime: '14:15',
    minutes: 45,
    hourType: 'OVERLAND',
    instructorId: 12,
    vehicleId: 62,
    booked: true,
    signed: true,
    released: true,
  }),
  lesson(705, {
    type: 'THEORY',
    date: '2026-11-17',
    startTime: '18:00',
    minutes: 90,
    title: 'Lektion 7: Verhalten gegenüber Fußgängern',
    instructorId: 12,
    licenseClass: undefined,
  }),
  lesson(706, {
    type: 'DRIVING',
    date: '2026-11-12',
    startTime: '15:00',
    minutes: 45,
    hourType: 'NORMAL',
    vehicleId: 61,
    ...done,
  }),
  lesson(707, {
    type: 'DRIVING',
    date: '2026-10-02',
    startTime: '09:00',
    minutes: 45,
    hourType: 'BASIC_DRILL',
    studentEducationId: 202,
    licenseClass: 'AM',
    instructorId: 13,
    vehicleId: 63,
    ...done,
  }),
  ...Array.from({ length: 25 }, (_, index) =>
    lesson(720 + index, {
      type: 'DRIVING',
      date: `2026-${index < 15 ? '10' : '09'}-${String(28 - (index % 15)).padStart(2, '0')}`,
      startTime: index % 2 === 0 ? '07:30' : '13:00',
      minutes: 45,
      hourType: 'NORMAL',
      vehicleId: index % 3 === 0 ? 62 : 61,
      ...done,
    }),
  ),
].sort((a, b) => `${b.date}T${b.startTime}`.localeCompare(`${a.date}T${a.startTime}`));

/** `POST /appointments/{id}` over `rows`: education and type filters, date or minutes order, pages. */
function appointmentPage(rows: Appointment[], body: Schemas['StudentAppointmentFilter']) {
  const [sort] = body.sort ?? [];
  const sign = sort?.direction === 'asc' ? 1 : -1;
  const key = (row: Appointment) =>
    sort?.field === 'minutes'
      ? String(row.minutes).padStart(4, '0')
      : sort?.field === 'type'
        ? row.type
        : `${row.date}T${row.startTime}`;
  const matching = rows
    .filter(
      (row) =>
        (body.studentEducationId === undefined ||
          row.studentEducationId === body.studentEducationId) &&
        (!body.types?.length || body.types.includes(row.type)),
    )
    .sort((a, b) => sign * key(a).localeCompare(key(b)));
  const start = body.page * body.size;
  return { data: matching.slice(start, start + body.size), total: matching.length };
}

export const appointmentHandlers = {
  /** `GET /users` and `GET /vehicles`, active or (`archived=true`) archived. */
  names: [
    mockHttp.get('/users', ({ query, response }) =>
      response(200).json(query.get('archived') === 'true' ? archivedUsers : users),
    ),
    mockHttp.get('/vehicles', ({ query, response }) =>
      response(200).json(query.get('archived') === 'true' ? archivedVehicles : vehicles),
    ),
  ],
  full: mockHttp.post('/appointments/{id}', async ({ request, response }) =>
    response(200).json(appointmentPage(appointments, await request.json())),
  ),
  empty: mockHttp.post('/appointments/{id}', ({ response }) =>
    response(200).json({ data: [], total: 0 }),
  ),
  loading: mockHttp.post('/appointments/{id}', async ({ response }) => {
    await delay('infinite');
    return response(200).json({ data: [], total: 0 });
  }),
  error: mockHttp.post('/appointments/{id}', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
};
