import type { components } from '@fahrwerk/api';
import { registerCoreTexts } from '@fahrwerk/core';
import { addResources, createI18n, toIsoDate } from '@fahrwerk/ui';
import { expect, test } from 'vitest';
import de from '../i18n/de.json';
import en from '../i18n/en.json';
import { addDays, dayLabel, endTime, groupByDay } from './dashboard-screen';

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
