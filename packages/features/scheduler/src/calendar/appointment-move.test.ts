import { expect, test } from 'vitest';
import { busyWeekEntries } from '../mocks/calendar-mocks';
import { movedAppointmentInput } from './appointment-move';

test('a series occurrence keeps its repeat rule and end', () => {
  const entry = busyWeekEntries[3];
  if (!entry) throw new Error('fixture');
  const appointment = {
    ...entry.appointment,
    repeatRule: 'WEEKLY' as const,
    repeatUntil: '2026-06-30',
    seriesId: 4,
  };
  expect(
    movedAppointmentInput(appointment, { date: '2026-03-03', startTime: '09:30', minutes: 90 }),
  ).toMatchObject({ repeatRule: 'WEEKLY', repeatUntil: '2026-06-30', instructorId: 1 });
});

test('a move keeps every field and changes time, length and instructor', () => {
  const entry = busyWeekEntries.find((candidate) => candidate.appointment.id === 30);
  if (!entry) throw new Error('fixture');
  expect(
    movedAppointmentInput(entry.appointment, {
      date: '2026-03-03',
      startTime: '11:15',
      minutes: 45,
      instructorId: 1,
    }),
  ).toEqual({
    type: 'DRIVING',
    studentId: 130,
    studentEducationId: 230,
    licenseClass: 'B',
    hourType: 'NORMAL',
    instructorId: 1,
    vehicleId: 2,
    trailerId: 4,
    repeatRule: 'NONE',
    confirmSignatureRemoval: false,
    includeInPayroll: true,
    date: '2026-03-03',
    startTime: '11:15',
    minutes: 45,
  });
});
