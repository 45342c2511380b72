import { type components, createApiClient } from '@fahrwerk/api';
import {
  createFahrwerkQueryClient,
  FahrwerkProvider,
  type FahrwerkProviderProps,
  registerCoreTexts,
} from '@fahrwerk/core';
import { addResources, createI18n, createToasts, toIsoDate } from '@fahrwerk/ui';
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { expect, test, vi } from 'vitest';
import de from '../i18n/de.json';
import en from '../i18n/en.json';
import { addDays, dayLabel, endTime, groupByDay, OwnAppointments } from './dashboard-screen';

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

/** Renders "Meine Termine" of user 11 on 26.11.2026 against a fetch answering `entries`. */
async function renderOwnAppointments(entries: CalendarEntry[]) {
  const bodies: unknown[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    bodies.push({ url: new URL(request.url).pathname, body: await request.json() });
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
        { client, i18n, toasts, queryClient, withToasts: false } as FahrwerkProviderProps,
        createElement(OwnAppointments, { userId: 11, now: new Date('2026-11-26T07:00:00Z') }),
      ),
    ),
  );
  // The answer arrives after the first render: wait inside act, so React applies it there.
  const waitFor = (check: () => void) => act(() => vi.waitFor(check));
  return { container, bodies, waitFor, unmount: () => act(() => root.unmount()) };
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
