import { type components, createApiClient } from '@fahrwerk/api';
import {
  createFahrwerkQueryClient,
  FahrwerkProvider,
  type FahrwerkProviderProps,
  registerCoreTexts,
} from '@fahrwerk/core';
import { addResources, createI18n, createToasts, toIsoDate } from '@fahrwerk/ui';
import { act, createElement, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeAll, expect, test, vi } from 'vitest';
import type { AppContext } from '../app-context';
import de from '../i18n/de.json';
import en from '../i18n/en.json';
import type { Session } from '../session/session-store';
import { AppReactContext } from '../use-app';
import {
  addDays,
  DashboardScreen,
  dayLabel,
  endTime,
  groupByDay,
  OwnAppointments,
} from './dashboard-screen';

// The page loads the tiles' package lazily; loaded once here, the tests wait for the calls,
// not for the module's first transform.
beforeAll(async () => {
  await import('@fahrwerk/dashboard');
});

// React's act() in a plain test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type CalendarEntry = components['schemas']['CalendarEntry'];

const i18n = createI18n({ lng: 'de' });
registerCoreTexts(i18n);
addResources(i18n, 'backoffice', { de, en });
const t = i18n.getFixedT('de', 'backoffice');

function entry(id: number, date: string, startTime: string): CalendarEntry {
  return {
    appointment: {
      id,
      type: 'DRIVING',
      date,
      startTime,
      minutes: 45,
      instructorId: 11,
      repeatRule: 'NONE',
      includeInPayroll: true,
      released: false,
      invoiced: false,
      booked: false,
      signed: false,
      createdAt: '2026-11-01T08:00:00Z',
      updatedAt: '2026-11-01T08:00:00Z',
    },
    instructorName: 'Markus Weber',
    editable: true,
  };
}

test('the seven days run from today in Berlin, across months and the clock change', () => {
  // 23:30 UTC is already the next day in Berlin.
  expect(toIsoDate(new Date('2026-11-26T23:30:00Z'))).toBe('2026-11-27');
  expect(addDays('2026-11-27', 6)).toBe('2026-12-03');
  expect(addDays('2026-10-22', 6)).toBe('2026-10-28');
  expect(addDays('2026-12-28', 6)).toBe('2027-01-03');
});

test('an appointment ends its minutes after the start', () => {
  expect(endTime('08:30', 45)).toBe('09:15');
  expect(endTime('16:45', 90)).toBe('18:15');
  expect(endTime('23:30', 45)).toBe('00:15');
});

test('entries are grouped by day and ordered by start time', () => {
  const days = groupByDay([
    entry(3, '2026-11-28', '09:00'),
    entry(2, '2026-11-26', '14:00'),
    entry(1, '2026-11-26', '07:30'),
  ]);
  expect(days.map((day) => [day.date, day.entries.map((e) => e.appointment.id)])).toEqual([
    ['2026-11-26', [1, 2]],
    ['2026-11-28', [3]],
  ]);
});

test('days are called Heute, Morgen, then weekday and date', () => {
  expect(dayLabel('2026-11-26', '2026-11-26', t, 'de')).toBe('Heute');
  expect(dayLabel('2026-11-27', '2026-11-26', t, 'de')).toBe('Morgen');
  expect(dayLabel('2026-12-02', '2026-11-26', t, 'de')).toBe('Mittwoch, 02.12.');
  const english = i18n.getFixedT('en', 'backoffice');
  expect(dayLabel('2026-11-27', '2026-11-26', english, 'en')).toBe('Tomorrow');
  expect(dayLabel('2026-11-28', '2026-11-26', english, 'en')).toBe('Saturday, 28.11.');
});

type OfficeDashboard = components['schemas']['OfficeDashboard'];

/**
 * Renders `element` in the provider set against a fetch that answers the calendar with
 * `entries` and the office dashboard with `dashboard`; `bodies` lists the calls in order.
 */
async function renderWithApi(
  element: ReactNode,
  {
    entries = [],
    dashboard = { today: '2026-11-26' },
    permissions,
  }: {
    entries?: CalendarEntry[];
    dashboard?: OfficeDashboard;
    permissions?: FahrwerkProviderProps['permissions'];
  } = {},
) {
  const bodies: unknown[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url).pathname;
    // Listed when asked (before reading the body), so the list keeps the order of the calls.
    const call: { url: string; body?: unknown } = { url };
    bodies.push(call);
    if (request.method === 'GET') {
      return Response.json(url === '/api/office-dashboard' ? dashboard : {});
    }
    call.body = await request.json();
    const answer = { data: entries, total: entries.length, mirrorBlocks: [], nightTimes: [] };
    return Response.json({ ...answer, userCalendars: [] });
  };
  const client = createApiClient({ baseUrl: 'http://test/api', getToken: () => 'token', fetch });
  const container = document.createElement('div');
  const root = createRoot(container);
  const toasts = createToasts();
  const queryClient = createFahrwerkQueryClient(i18n, { toasts, retry: false });
  await act(async () =>
    root.render(
      createElement(
        FahrwerkProvider,
        // The children come as the third argument (the props type wants them in the props).
        {
          client,
          i18n,
          toasts,
          queryClient,
          withToasts: false,
          ...(permissions ? { permissions } : {}),
        } as FahrwerkProviderProps,
        element,
      ),
    ),
  );
  // The answer arrives after the first render: wait inside act, so React applies it there.
  const waitFor = (check: () => void) => act(() => vi.waitFor(check));
  return { container, bodies, waitFor, unmount: () => act(() => root.unmount()) };
}

/** Renders "Meine Termine" of user 11 on 26.11.2026 against a fetch answering `entries`. */
function renderOwnAppointments(entries: CalendarEntry[]) {
  return renderWithApi(
    createElement(OwnAppointments, { userId: 11, now: new Date('2026-11-26T07:00:00Z') }),
    { entries },
  );
}

test('Meine Termine asks the own calendar of today and the next six days and lists it by day', async () => {
  const later = { ...entry(2, '2026-11-27', '16:00'), studentName: 'Lena Schmidt' };
  later.appointment = { ...later.appointment, hourType: 'NIGHT', minutes: 90 };
  const { container, bodies, waitFor, unmount } = await renderOwnAppointments([
    later,
    { ...entry(1, '2026-11-26', '07:30'), vehicleName: 'Golf 8' },
  ]);
  await waitFor(() => expect(container.textContent).toContain('Morgen'));
  expect(bodies).toEqual([
    {
      url: '/api/calendar/filter',
      body: { from: '2026-11-26', to: '2026-12-02', instructorIds: [11] },
    },
  ]);
  const lines = [...container.querySelectorAll('h3, li')].map((node) => node.textContent);
  expect(lines).toEqual([
    'Heute',
    '07:30–08:15Fahrstunde · Golf 8',
    'Morgen',
    '16:00–17:30Fahrstunde (Nachtfahrt) · Lena Schmidt',
  ]);
  expect(container.querySelector('a')?.getAttribute('href')).toBe('/scheduler');
  await unmount();
});

test('Meine Termine says when the week is free', async () => {
  const { container, waitFor, unmount } = await renderOwnAppointments([]);
  await waitFor(() =>
    expect(container.textContent).toContain('Keine Termine in den nächsten 7 Tagen.'),
  );
  await unmount();
});

/** The start page of a signed-in user (the app context holds only what the page reads). */
function renderDashboard(options: Parameters<typeof renderWithApi>[1]) {
  const session = {
    current: { user: { id: 11, firstName: 'Markus', roleNames: ['Inhaber'] } } as Session,
    subscribe: () => () => {},
  };
  const app = { session } as unknown as AppContext;
  return renderWithApi(
    createElement(AppReactContext.Provider, { value: app }, createElement(DashboardScreen)),
    options,
  );
}

test('the start page loads in two calls: the own calendar first, then the tiles', async () => {
  const { container, bodies, waitFor, unmount } = await renderDashboard({
    dashboard: {
      today: '2026-11-26',
      todos: { open: 1, overdue: 0, items: [{ id: 4, title: 'Sehtest nachfordern' }] },
      theoryCourses: [
        {
          id: 31,
          shortDescription: 'Grundstoff Dezember',
          start: '2026-12-01',
          end: '2026-12-15',
          quantity: 12,
          booked: 8,
        },
      ],
    },
    permissions: ['MODULE_TIME_PLANNER', 'MODULE_THEORY', 'MODULE_TASK'],
  });
  await waitFor(() => expect(container.textContent).toContain('Grundstoff Dezember'));
  await waitFor(() =>
    expect(container.textContent).toContain('Keine Termine in den nächsten 7 Tagen.'),
  );
  expect(bodies.map((call) => (call as { url: string }).url)).toEqual([
    '/api/calendar/filter',
    '/api/office-dashboard',
  ]);
  const headings = [...container.querySelectorAll('h2')].map((node) => node.textContent);
  expect(headings).toEqual(['Meine Termine', 'Was heute ansteht', 'Ihre Bereiche']);
  const course = [...container.querySelectorAll('a')].find(
    (link) => link.textContent === 'Grundstoff Dezember',
  );
  expect(course?.getAttribute('href')).toBe('/theory?course=31');
  await unmount();
});

test('without the planner the start page makes one call, the tiles', async () => {
  const { container, bodies, waitFor, unmount } = await renderDashboard({
    dashboard: { today: '2026-11-26', registrations: { count: 3 } },
    permissions: ['MODULE_CUSTOMERS'],
  });
  await waitFor(() => expect(container.textContent).toContain('3 neue Anmeldungen'));
  expect(bodies).toEqual([{ url: '/api/office-dashboard' }]);
  expect(container.textContent).not.toContain('Meine Termine');
  await unmount();
});
