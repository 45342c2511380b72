import type { components } from '@fahrwerk/api';
import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import { delay } from 'msw';

type Registration = components['schemas']['Registration'];
type PublicRegistrationForm = components['schemas']['PublicRegistrationForm'];
type RegistrationStudentMatch = components['schemas']['RegistrationStudentMatch'];
type Student = components['schemas']['Student'];

export const DEMO_TOKEN = '1-0123456789abcdef0123456789abcdef';

export const demoPublicForm: PublicRegistrationForm = {
  schoolName: 'Fahrschule Sonnenschein',
  privacyUrl: 'https://fahrschule-sonnenschein.de/datenschutz',
  branches: [
    { id: 1, name: 'Hauptstelle', address: { city: 'Leipzig', country: 'DE' } },
    { id: 2, name: 'Filiale Süd', address: { city: 'Markkleeberg', country: 'DE' } },
  ],
  licenseClasses: ['AM', 'A1', 'A2', 'A', 'B', 'BE', 'B197'],
  theoryCourses: [
    {
      id: 11,
      name: 'Ferienkurs Klasse B',
      start: '2099-07-06',
      end: '2099-07-17',
      branchId: 1,
      fastlane: true,
    },
    {
      id: 12,
      name: 'Abendkurs',
      start: '2099-06-01',
      end: '2099-07-10',
      branchId: 1,
      fastlane: false,
    },
  ],
};

export const demoRegistrations: Registration[] = [
  {
    id: 1,
    salutation: 'MS',
    firstName: 'Lena',
    lastName: 'Neumann',
    birthDate: '2008-03-14',
    email: 'lena.neumann@example.de',
    phone: '0171 2345678',
    address: {
      street: 'Lindenstraße',
      houseNumber: '4',
      postalCode: '04109',
      city: 'Leipzig',
      country: 'DE',
    },
    licenseClasses: ['B'],
    heldLicenseClasses: [],
    branchId: 1,
    message: 'Ich möchte im Sommer anfangen.',
    fromPublicPage: true,
    privacyAcceptedAt: '2026-11-20T09:12:00Z',
    read: false,
    processStatus: 'NEW',
    createdAt: '2026-11-20T09:12:00Z',
    updatedAt: '2026-11-20T09:12:00Z',
  },
  {
    id: 2,
    firstName: 'Jonas',
    lastName: 'Becker',
    birthDate: '2007-01-02',
    email: 'jonas.becker@example.de',
    licenseClasses: ['A2', 'B'],
    heldLicenseClasses: ['AM'],
    fromPublicPage: false,
    read: true,
    processStatus: 'CONTACTED',
    createdAt: '2026-11-18T14:30:00Z',
    updatedAt: '2026-11-19T08:00:00Z',
  },
  {
    id: 3,
    firstName: 'Mia',
    lastName: 'Klein',
    licenseClasses: ['B'],
    heldLicenseClasses: [],
    fromPublicPage: true,
    read: true,
    processStatus: 'CONVERTED',
    matchedStudentId: 77,
    createdAt: '2026-11-10T10:00:00Z',
    updatedAt: '2026-11-12T10:00:00Z',
  },
];

export const demoStatusOptions = [
  { id: 'NEW', label: 'Neu' },
  { id: 'CONTACTED', label: 'Kontaktiert' },
  { id: 'APPOINTMENT_MADE', label: 'Termin vereinbart' },
  { id: 'CONTRACT_SENT', label: 'Vertrag versendet' },
  { id: 'CONVERTED', label: 'Als Fahrschüler übernommen' },
  { id: 'REJECTED', label: 'Abgelehnt' },
];

export const demoMatch: RegistrationStudentMatch = {
  student: {
    id: 42,
    firstName: 'Lena',
    lastName: 'Neumann',
    birthDate: '2008-03-14',
  } as RegistrationStudentMatch['student'],
  emailMatches: true,
  nameAndBirthDateMatch: true,
  phoneMatches: false,
};

export const demoStudent = {
  id: 99,
  firstName: 'Lena',
  lastName: 'Neumann',
} as Student;

const LINK = `https://fahrschule.example/register/${DEMO_TOKEN}`;

/** The school's registration links as the server lists them. */
export const demoOnboardingLinks = [
  { key: 'registration', label: 'Anmeldung', url: LINK },
  { key: 'fastlane', label: 'Anmeldung Intensivkurs (Fast Lane)', url: `${LINK}?fastlane=1` },
  {
    key: 'class-B',
    label: 'Anmeldung Klasse B',
    url: `${LINK}?klasse=B`,
    licenseClass: 'B' as const,
  },
];

/** Handlers of the registration calls, one per outcome, for stories and tests. */
export const registrationHandlers = {
  publicForm: mockHttp.get('/public/registrations/{schoolToken}', ({ response }) =>
    response(200).json(demoPublicForm),
  ),
  publicFormSimple: mockHttp.get('/public/registrations/{schoolToken}', ({ response }) =>
    response(200).json({
      schoolName: 'Fahrschule Klein',
      branches: [{ id: 1, name: 'Hauptstelle' }],
      licenseClasses: ['B', 'BE'],
      theoryCourses: [],
    }),
  ),
  publicFormLoading: mockHttp.get('/public/registrations/{schoolToken}', async ({ response }) => {
    await delay('infinite');
    return response(200).json(demoPublicForm);
  }),
  publicFormUnknown: mockHttp.get('/public/registrations/{schoolToken}', ({ response }) =>
    response(404).json(errorBody('errors.not_found')),
  ),
  publicFormDown: mockHttp.get('/public/registrations/{schoolToken}', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  submitOk: mockHttp.post('/public/registrations/{schoolToken}', ({ response }) =>
    response(204).empty(),
  ),
  submitRefused: mockHttp.post('/public/registrations/{schoolToken}', ({ response }) =>
    response(422).json(errorBody('errors.contact_required')),
  ),
  page: mockHttp.post('/registrations/filter', ({ response }) =>
    response(200).json({ data: demoRegistrations, total: demoRegistrations.length }),
  ),
  pageEmpty: mockHttp.post('/registrations/filter', ({ response }) =>
    response(200).json({ data: [], total: 0 }),
  ),
  pageLoading: mockHttp.post('/registrations/filter', async ({ response }) => {
    await delay('infinite');
    return response(200).json({ data: [], total: 0 });
  }),
  pageDown: mockHttp.post('/registrations/filter', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  unread: mockHttp.get('/registrations/count-unread', ({ response }) =>
    response(200).json({ count: 1 }),
  ),
  unreadNone: mockHttp.get('/registrations/count-unread', ({ response }) =>
    response(200).json({ count: 0 }),
  ),
  statusOptions: mockHttp.get('/registrations/registration-status-options', ({ response }) =>
    response(200).json(demoStatusOptions),
  ),
  readState: mockHttp.post('/registrations/change-read-state', ({ query, response }) => {
    const id = Number(query.get('registrationId'));
    const base =
      demoRegistrations.find((r) => r.id === id) ?? (demoRegistrations[0] as Registration);
    return response(200).json({ ...base, read: query.get('read') === 'true' });
  }),
  processStatus: mockHttp.put(
    '/registrations/{id}/process-status',
    async ({ params, request, response }) => {
      const body = await request.json();
      const base =
        demoRegistrations.find((r) => r.id === Number(params.id)) ??
        (demoRegistrations[0] as Registration);
      return response(200).json({ ...base, processStatus: body.processStatus });
    },
  ),
  matches: mockHttp.get('/registrations/{id}/student/matching-registration', ({ response }) =>
    response(200).json([demoMatch]),
  ),
  noMatches: mockHttp.get('/registrations/{id}/student/matching-registration', ({ response }) =>
    response(200).json([]),
  ),
  convert: mockHttp.post('/registrations/{id}/convert-to-student', ({ response }) =>
    response(201).json(demoStudent),
  ),
  remove: mockHttp.delete('/registrations/{id}', ({ response }) => response(204).empty()),
  branches: mockHttp.get('/branches', ({ response }) => response(200).json([] as never)),
  onboardingLinks: mockHttp.get(
    '/driving-schools/current/drive-buzz-onboarding-links',
    ({ response }) => response(200).json(demoOnboardingLinks),
  ),
  onboardingLinksDown: mockHttp.get(
    '/driving-schools/current/drive-buzz-onboarding-links',
    ({ response }) => response(500).json(errorBody('errors.internal')),
  ),
};

/** The inbox with data: the list, counter, options, read state, matches, conversion. */
export const inboxHandlers = [
  registrationHandlers.page,
  registrationHandlers.unread,
  registrationHandlers.statusOptions,
  registrationHandlers.readState,
  registrationHandlers.processStatus,
  registrationHandlers.matches,
  registrationHandlers.convert,
  registrationHandlers.remove,
  registrationHandlers.branches,
  registrationHandlers.onboardingLinks,
];
