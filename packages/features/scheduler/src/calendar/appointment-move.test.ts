import { expect, test } from 'vitest';
import { busyWeekEntries } from '../mocks/calendar-mocks';
import { movedAppointmentInput } from './appointment-move';

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
    includeInPayroll: true,
    date: '2026-03-03',
    startTime: '11:15',
    minutes: 45,
  });
});
