import type { components } from '@fahrwerk/api';
import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import { delay } from 'msw';

type OfficeDashboard = components['schemas']['OfficeDashboard'];

/** The demo school's Thursday, 26.11.2026. */
export const DEMO_TODAY = '2026-11-26';

const registrations = { count: 3 };
const mails = { count: 12 };

const todos: OfficeDashboard['todos'] = {
  open: 7,
  overdue: 2,
  items: [
    { id: 41, title: 'Sehtest von Lena Schmidt nachfordern', dueDate: '2026-11-20' },
    { id: 42, title: 'Rückruf Frau Wagner wegen Prüfungstermin', dueDate: '2026-11-24' },
    { id: 43, title: 'Erste-Hilfe-Nachweis prüfen', dueDate: '2026-11-26' },
    { id: 44, title: 'Rechnung Sammelbestellung Lehrmaterial', dueDate: '2026-12-03' },
    { id: 45, title: 'Fotos für die Webseite aussuchen' },
  ],
};

/** Open to-dos of an instructor: few, none overdue. */
const instructorTodos: OfficeDashboard['todos'] = {
  open: 2,
  overdue: 0,
  items: [
    { id: 51, title: 'Fahrtenbuch Golf 8 abgeben', dueDate: '2026-11-27' },
    { id: 52, title: 'Bremsen am Motorrad prüfen lassen', dueDate: '2026-12-02' },
  ],
};

const vehiclesDue: OfficeDashboard['vehiclesDue'] = [
  {
    vehicleId: 5,
    name: 'MAN TGL',
    plate: 'B-FW 705',
    check: 'SAFETY_CHECK',
    dueDate: '2026-11-18',
  },
  {
    vehicleId: 2,
    name: 'VW Golf 8',
    plate: 'B-FW 123',
    check: 'MAIN_INSPECTION',
    dueDate: '2026-12-03',
  },
];

const failedDebits: OfficeDashboard['failedDebits'] = [
  {
    studentId: 7,
    studentEducationId: 71,
    firstName: 'Jonas',
    lastName: 'Becker',
    licenseClass: 'B',
    amount: 8_400,
    paymentDate: '2026-11-24',
    status: 'CHARGED_BACK',
  },
  {
    studentId: 9,
    studentEducationId: 93,
    firstName: 'Emre',
    lastName: 'Yilmaz',
    licenseClass: 'A2',
    amount: 24_950,
    paymentDate: '2026-11-20',
    status: 'FAILED',
  },
];

const examWindows: OfficeDashboard['examWindows'] = [
  {
    studentId: 15,
    studentEducationId: 151,
    firstName: 'Sophie',
    lastName: 'Hoffmann',
    licenseClass: 'B',
    theoryExamDate: '2025-11-24',
    closesOn: '2026-11-24',
    daysLeft: -2,
  },
  {
    studentId: 16,
    studentEducationId: 161,
    firstName: 'Lukas',
    lastName: 'Neumann',
    licenseClass: 'BE',
    theoryExamDate: '2025-11-26',
    closesOn: '2026-11-26',
    daysLeft: 0,
  },
  {
    studentId: 12,
    studentEducationId: 121,
    firstName: 'Mia',
    lastName: 'Wagner',
    licenseClass: 'B',
    theoryExamDate: '2025-12-08',
    closesOn: '2026-12-08',
    daysLeft: 12,
  },
];

const theoryCourses: OfficeDashboard['theoryCourses'] = [
  {
    id: 31,
    shortDescription: 'Grundstoff Dezember (abends)',
    start: '2026-12-01',
    end: '2026-12-15',
    quantity: 12,
    booked: 8,
  },
  {
    id: 32,
    shortDescription: 'Ferienkurs Klasse B',
    start: '2026-12-21',
    end: '2026-12-30',
    quantity: 16,
    booked: 16,
  },
  {
    id: 33,
    shortDescription: 'Zusatzstoff A',
    start: '2027-01-09',
    end: '2027-01-09',
    quantity: 10,
    booked: 3,
  },
];

const revenue: OfficeDashboard['revenue'] = {
  month: '2026-11',
  amount: 481_250,
  previousMonth: '2026-10',
  previousAmount: 987_000,
  previousToDate: 430_000,
};

/** Inhaber: every section, something to do in each. */
export const ownerDashboard: OfficeDashboard = {
  today: DEMO_TODAY,
  registrations,
  mails,
  todos,
  vehiclesDue,
  failedDebits,
  examWindows,
  theoryCourses,
  revenue,
};

/** Büro: registrations, mail, to-dos, failed debits, theory courses — no fleet, no revenue. */
export const officeDashboard: OfficeDashboard = {
  today: DEMO_TODAY,
  registrations,
  mails,
  todos,
  failedDebits,
  theoryCourses,
};

/** Fahrlehrer: their to-dos and the theory courses only. */
export const instructorDashboard: OfficeDashboard = {
  today: DEMO_TODAY,
  todos: instructorTodos,
  theoryCourses: theoryCourses.slice(0, 2),
};

/** A user without any of the sections' permissions: only the day. */
export const todayOnlyDashboard: OfficeDashboard = { today: DEMO_TODAY };

/** Every section present, nothing to do, no revenue yet on the 1st of the month. */
export const emptyDashboard: OfficeDashboard = {
  today: '2026-12-01',
  registrations: { count: 0 },
  mails: { count: 0 },
  todos: { open: 0, overdue: 0, items: [] },
  vehiclesDue: [],
  failedDebits: [],
  examWindows: [],
  theoryCourses: [],
  revenue: {
    month: '2026-12',
    amount: 0,
    previousMonth: '2026-11',
    previousAmount: 1_204_500,
    previousToDate: 0,
  },
};

/**
 * `GET /office-dashboard` answering `dashboard`, after `failures` answers of 500; `calls`
 * counts the requests, `reset()` starts over (call it before a story that counts).
 */
export function mockOfficeDashboard(dashboard: OfficeDashboard, failures = 0) {
  const state = { calls: 0 };
  return {
    state,
    reset() {
      state.calls = 0;
    },
    handlers: [
      mockHttp.get('/office-dashboard', ({ response }) => {
        state.calls += 1;
        if (state.calls <= failures) return response(500).json(errorBody('errors.internal'));
        return response(200).json(dashboard);
      }),
    ],
  };
}

/** Handlers of `GET /office-dashboard`, one per role and outcome. */
export const officeDashboardHandlers = {
  owner: mockHttp.get('/office-dashboard', ({ response }) => response(200).json(ownerDashboard)),
  office: mockHttp.get('/office-dashboard', ({ response }) => response(200).json(officeDashboard)),
  instructor: mockHttp.get('/office-dashboard', ({ response }) =>
    response(200).json(instructorDashboard),
  ),
  todayOnly: mockHttp.get('/office-dashboard', ({ response }) =>
    response(200).json(todayOnlyDashboard),
  ),
  empty: mockHttp.get('/office-dashboard', ({ response }) => response(200).json(emptyDashboard)),
  down: mockHttp.get('/office-dashboard', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  /** Never answers: the loading state. */
  loading: mockHttp.get('/office-dashboard', async ({ response }) => {
    await delay('infinite');
    return response(500).json(errorBody('errors.internal'));
  }),
};
