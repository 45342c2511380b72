import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import { delay } from 'msw';
import type {
  AccountsConfig,
  EmailConfig,
  EmailConfigInput,
  FinancialConfig,
  MasterData,
  MasterDataInput,
  StudentCategory,
  TestingOrganization,
  User,
} from '../api/settings-queries';

/* Fixtures and typed MSW handlers of the settings calls, for stories and tests. */

const stamp = '2026-01-05T09:00:00Z';

export const masterDataFixture: MasterData = {
  name: 'Fahrschule Sonnenschein',
  website: 'https://fahrschule-sonnenschein.de',
  email: 'info@fahrschule-sonnenschein.de',
  phone: '+49 30 1234567',
  address: {
    street: 'Oranienstraße',
    houseNumber: '25',
    postalCode: '10999',
    city: 'Berlin',
    country: 'DE',
  },
  federalState: 'BE',
  taxOffice: 'Finanzamt Friedrichshain-Kreuzberg',
  vatTaxNumber: '12/345/67890',
  vatId: 'DE123456789',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  creditorId: 'DE98ZZZ09999999999',
  responsiblePerson: 'Erika Mustermann',
  preNotificationDays: 7,
  lowBalanceThreshold: -5000,
  switches: {
    automaticExamOrganisationFees: true,
    bankFeeOnFailedLivePay: false,
    restrictedPlanningOnLowBalance: true,
    stampOnCertificates: false,
  },
};

/** What a school that never saved answers. */
export const emptyMasterDataFixture: MasterData = {
  name: 'Fahrschule Sonnenschein',
  switches: {
    automaticExamOrganisationFees: false,
    bankFeeOnFailedLivePay: false,
    restrictedPlanningOnLowBalance: false,
    stampOnCertificates: false,
  },
};

export const financialFixture: FinancialConfig = {
  studentPaymentRequestFootnote: 'Bitte überweisen Sie den Betrag innerhalb von 14 Tagen.',
  studentFinalInvoiceFootnote: 'Vielen Dank für Ihr Vertrauen und allzeit gute Fahrt!',
  gdprUrl: 'https://fahrschule-sonnenschein.de/datenschutz',
  termsUrl: 'https://fahrschule-sonnenschein.de/agb',
};

export const accountsFixture: AccountsConfig = {
  chartOfAccounts: 'SKR03',
  revenue19Account: '8400',
  revenue7Account: '8300',
  revenue0Account: '8100',
  cashAccount: '1000',
  transitAccount: '1360',
  passingItemsAccount: '1590',
  livePayAccount: '1361',
  bankAccount: '1200',
  debtorAccount: '10000',
  consultantNumber: 29098,
  clientNumber: 10542,
  fiscalYearStartMonth: 1,
  bookkeepingPortalUrl: 'https://duo.datev.de',
};

/** The bodies the save handlers received, newest last (stories reset them in `beforeEach`). */
export const savedSettings = {
  masterData: [] as MasterDataInput[],
  accounts: [] as AccountsConfig[],
};

export function resetSavedSettings(): void {
  savedSettings.masterData.length = 0;
  savedSettings.accounts.length = 0;
}

export const testingOrganizationsFixture: TestingOrganization[] = [
  {
    id: 1,
    name: 'TÜV SÜD Prüfstelle Berlin',
    kind: 'TUEV',
    address: {
      street: 'Alboinstraße',
      houseNumber: '56',
      postalCode: '12103',
      city: 'Berlin',
      country: 'DE',
    },
    phone: '+49 30 7562 0',
    archived: false,
    createdAt: stamp,
    updatedAt: stamp,
  },
  {
    id: 2,
    name: 'DEKRA Prüfstelle Tempelhof',
    kind: 'DEKRA',
    address: { city: 'Berlin', country: 'DE' },
    archived: false,
    createdAt: stamp,
    updatedAt: stamp,
  },
];

export const studentCategoriesFixture: StudentCategory[] = [
  {
    id: 1,
    name: 'Intensivkurs',
    abbreviation: 'IK',
    appearance: '#1d4ed8',
    archived: false,
    createdAt: stamp,
    updatedAt: stamp,
  },
  {
    id: 2,
    name: 'Ferienkurs',
    abbreviation: 'FK',
    appearance: '#fde047',
    archived: false,
    createdAt: stamp,
    updatedAt: stamp,
  },
];

export const emailConfigsFixture: EmailConfig[] = [
  {
    id: 1,
    email: 'buero@fahrschule-sonnenschein.de',
    senderName: 'Fahrschule Sonnenschein',
    userIds: [1, 2],
    smtpHost: 'smtp.ionos.de',
    smtpPort: 587,
    smtpSecurity: 'STARTTLS',
    imapHost: 'imap.ionos.de',
    imapPort: 993,
    imapSecurity: 'TLS',
    username: 'buero@fahrschule-sonnenschein.de',
    passwordSet: true,
    createdAt: stamp,
    updatedAt: stamp,
  },
];

/** The school's active users (the "visible to" picker of a mail account). */
export const usersFixture: User[] = [
  { first: 'Erika', last: 'Mustermann', mail: 'erika' },
  { first: 'Olaf', last: 'Office', mail: 'olaf' },
  { first: 'Jan', last: 'Fahrlehrer', mail: 'jan' },
].map(({ first, last, mail }, index) => ({
  id: index + 1,
  drivingSchoolId: 1,
  firstName: first,
  lastName: last,
  email: `${mail}@fahrschule-sonnenschein.de`,
  roleIds: [1],
  roleNames: ['Büro'],
  studentVisibility: 'ALL',
  archived: false,
}));

/** A saved mail account as the server answers it (never with the password). */
const savedEmailConfig = (
  input: EmailConfigInput,
  id: number,
  passwordSet: boolean,
): EmailConfig => {
  const { password, ...rest } = input;
  return {
    ...rest,
    id,
    passwordSet: passwordSet || password !== undefined,
    createdAt: stamp,
    updatedAt: stamp,
  };
};

const page = <T>(data: T[]) => ({ data, total: data.length });

/** A 1 × 1 transparent PNG, as the logo's current file. */
const PNG_BYTES = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
);

export const settingsHandlers = {
  masterData: mockHttp.get('/driving-schools/current/master-data', ({ response }) =>
    response(200).json(masterDataFixture),
  ),
  masterDataEmpty: mockHttp.get('/driving-schools/current/master-data', ({ response }) =>
    response(200).json(emptyMasterDataFixture),
  ),
  masterDataLoading: mockHttp.get('/driving-schools/current/master-data', async ({ response }) => {
    await delay('infinite');
    return response(200).json(masterDataFixture);
  }),
  masterDataError: mockHttp.get('/driving-schools/current/master-data', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  saveMasterDataOk: mockHttp.put(
    '/driving-schools/current/master-data',
    async ({ request, response }) => {
      const body = await request.json();
      savedSettings.masterData.push(body);
      return response(200).json({ ...body });
    },
  ),
  saveMasterDataIbanRefused: mockHttp.put('/driving-schools/current/master-data', ({ response }) =>
    response(422).json(
      errorBody('errors.validation', {
        fieldErrors: [{ field: 'iban', error: 'validation.iban' }],
      }),
    ),
  ),

  financial: mockHttp.get('/financial-config/current', ({ response }) =>
    response(200).json(financialFixture),
  ),
  financialEmpty: mockHttp.get('/financial-config/current', ({ response }) =>
    response(200).json({}),
  ),
  financialLoading: mockHttp.get('/financial-config/current', async ({ response }) => {
    await delay('infinite');
    return response(200).json({});
  }),
  financialError: mockHttp.get('/financial-config/current', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  saveFinancialOk: mockHttp.put('/financial-config/current', async ({ request, response }) =>
    response(200).json(await request.json()),
  ),

  accounts: mockHttp.get('/accounts-config/current', ({ response }) =>
    response(200).json(accountsFixture),
  ),
  accountsCustom: mockHttp.get('/accounts-config/current', ({ response }) =>
    response(200).json({ ...accountsFixture, revenue19Account: '8401' }),
  ),
  /** A school that never saved: the SKR03 defaults, no DATEV numbers, no portal. */
  accountsNeverSaved: mockHttp.get('/accounts-config/current', ({ response }) =>
    response(200).json({
      chartOfAccounts: 'SKR03',
      revenue19Account: '8400',
      revenue7Account: '8300',
      revenue0Account: '8100',
      cashAccount: '1000',
      transitAccount: '1360',
      passingItemsAccount: '1590',
      livePayAccount: '1361',
      bankAccount: '1200',
      debtorAccount: '10000',
      fiscalYearStartMonth: 1,
    }),
  ),
  saveAccountsOk: mockHttp.put('/accounts-config/current', async ({ request, response }) => {
    const body = await request.json();
    savedSettings.accounts.push(body);
    return response(200).json(body);
  }),

  availabilityNone: mockHttp.get(
    '/driving-school-documents/basic-documents-availability',
    ({ response }) => response(200).json({ letterhead: false, signature: false, logo: false }),
  ),
  availabilityLogo: mockHttp.get(
    '/driving-school-documents/basic-documents-availability',
    ({ response }) => response(200).json({ letterhead: false, signature: false, logo: true }),
  ),
  logoFile: mockHttp.get(
    '/driving-school-documents/logo/current',
    () =>
      new Response(PNG_BYTES, {
        status: 200,
        headers: { 'content-type': 'image/png' },
      }) as never,
  ),
  uploadLogoOk: mockHttp.post('/driving-school-documents/logo/current', ({ response }) =>
    response(200).json({
      id: 9,
      fileName: 'logo.png',
      mimeType: 'image/png',
      size: 68,
      uploadedAt: stamp,
    }),
  ),
  uploadLogoRefused: mockHttp.post('/driving-school-documents/logo/current', ({ response }) =>
    response(422).json(
      errorBody('errors.validation', {
        fieldErrors: [{ field: 'file', error: 'validation.file_type' }],
      }),
    ),
  ),

  emailConfigs: mockHttp.post('/email-config/filter', ({ response }) =>
    response(200).json(page(emailConfigsFixture)),
  ),
  emailConfigsEmpty: mockHttp.post('/email-config/filter', ({ response }) =>
    response(200).json(page<EmailConfig>([])),
  ),
  checkMixed: mockHttp.put('/email-config-validator', ({ response }) =>
    response(200).json({
      smtp: { ok: true },
      imap: {
        ok: false,
        reason: 'errors.mail_auth_failed',
        detail: 'a2 NO [AUTHENTICATIONFAILED] Invalid credentials',
      },
    }),
  ),
  checkOk: mockHttp.put('/email-config-validator', ({ response }) =>
    response(200).json({ smtp: { ok: true }, imap: { ok: true } }),
  ),
  users: mockHttp.get('/users', ({ response }) => response(200).json(usersFixture)),
  createEmailConfigOk: mockHttp.post('/email-config', async ({ request, response }) =>
    response(201).json(savedEmailConfig(await request.json(), 2, false)),
  ),
  createEmailConfigEmailInUse: mockHttp.post('/email-config', ({ response }) =>
    response(422).json(
      errorBody('errors.validation', {
        fieldErrors: [{ field: 'email', error: 'validation.email_in_use' }],
      }),
    ),
  ),
  updateEmailConfigOk: mockHttp.put('/email-config/{id}', async ({ params, request, response }) =>
    response(200).json(savedEmailConfig(await request.json(), Number(params.id), true)),
  ),
  deleteEmailConfigOk: mockHttp.delete('/email-config/{id}', ({ response }) =>
    response(204).empty(),
  ),
  myAccounts: mockHttp.get('/email-config/user/{userId}/email-configs', ({ response }) =>
    response(200).json(emailConfigsFixture.map(({ id, email }) => ({ id, email }))),
  ),
  myAccountsEmpty: mockHttp.get('/email-config/user/{userId}/email-configs', ({ response }) =>
    response(200).json([]),
  ),
  myAccountsLoading: mockHttp.get(
    '/email-config/user/{userId}/email-configs',
    async ({ response }) => {
      await delay('infinite');
      return response(200).json([]);
    },
  ),
  myAccountsError: mockHttp.get('/email-config/user/{userId}/email-configs', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),

  testingOrganizations: mockHttp.post('/testing-organizations/filter', ({ response }) =>
    response(200).json(page(testingOrganizationsFixture)),
  ),
  testingOrganizationsEmpty: mockHttp.post('/testing-organizations/filter', ({ response }) =>
    response(200).json(page<TestingOrganization>([])),
  ),
  createTestingOrganizationOk: mockHttp.post(
    '/testing-organizations',
    async ({ request, response }) =>
      response(201).json({
        ...(await request.json()),
        id: 3,
        archived: false,
        createdAt: stamp,
        updatedAt: stamp,
      }),
  ),
  studentCategories: mockHttp.post('/student-categories/filter', ({ response }) =>
    response(200).json(page(studentCategoriesFixture)),
  ),
  studentCategoriesEmpty: mockHttp.post('/student-categories/filter', ({ response }) =>
    response(200).json(page<StudentCategory>([])),
  ),
};

/**
 * Create and update of mail accounts that succeed and keep the bodies sent, so a story can
 * check what the dialog sent (e.g. no `password` when it was left empty on edit).
 */
export function recordEmailConfigSaves() {
  const bodies: EmailConfigInput[] = [];
  return {
    bodies,
    handlers: [
      mockHttp.post('/email-config', async ({ request, response }) => {
        const body = await request.json();
        bodies.push(body);
        return response(201).json(savedEmailConfig(body, 2, false));
      }),
      mockHttp.put('/email-config/{id}', async ({ params, request, response }) => {
        const body = await request.json();
        bodies.push(body);
        return response(200).json(savedEmailConfig(body, Number(params.id), true));
      }),
    ],
  };
}

/** Every call of the configuration screen's first tab (financial) with data. */
export const configurationFull = [settingsHandlers.financial];
