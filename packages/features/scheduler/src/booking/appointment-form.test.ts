import { describe, expect, it } from 'vitest';
import {
  addMonths,
  appointmentFormSchema,
  appointmentToForm,
  appointmentToInput,
  emptyAppointmentForm,
  formToAppointmentInput,
} from './appointment-form';
import { drivingLessonFixture, seriesOccurrenceFixture, signedLessonFixture } from './mocks';

const messages = (values: unknown) => {
  const result = appointmentFormSchema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

const slot = { date: '2026-03-02', startTime: '10:00', minutes: 45, instructorId: 11 };

describe('addMonths', () => {
  it('keeps the day, or the month’s last one', () => {
    expect(addMonths('2026-03-02', 12)).toBe('2027-03-02');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
  });
});

describe('appointmentFormSchema', () => {
  it('asks a driving lesson for its student, education and hour type', () => {
    expect(messages({ ...emptyAppointmentForm(slot), hourType: null })).toEqual({
      studentId: 'booking.form.errors.studentRequired',
      hourType: 'booking.form.errors.hourTypeRequired',
    });
    expect(messages({ ...emptyAppointmentForm(slot), studentId: 101 })).toEqual({
      studentEducationId: 'booking.form.errors.educationRequired',
    });
  });

  it('asks for date, time, length and instructor of every type, a title of private ones', () => {
    expect(messages(emptyAppointmentForm({ type: 'PRIVATE' }))).toEqual({
      date: 'booking.form.errors.dateRequired',
      startTime: 'booking.form.errors.startTimeRequired',
      minutes: 'booking.form.errors.minutesRequired',
      instructorId: 'booking.form.errors.instructorRequired',
      title: 'booking.form.errors.titleRequired',
    });
  });

  it('keeps the odometer in order and a series within one year', () => {
    const theory = { ...emptyAppointmentForm({ ...slot, type: 'THEORY' }) };
    expect(messages({ ...theory, kmStart: 100, kmEnd: 90 })).toEqual({
      kmEnd: 'booking.form.errors.kmOrder',
    });
    expect(messages({ ...theory, repeatRule: 'WEEKLY' })).toEqual({
      repeatUntil: 'booking.form.errors.repeatUntilRequired',
    });
    expect(messages({ ...theory, repeatRule: 'WEEKLY', repeatUntil: '2026-03-01' })).toEqual({
      repeatUntil: 'booking.form.errors.repeatUntilBeforeDate',
    });
    expect(messages({ ...theory, repeatRule: 'DAILY', repeatUntil: '2027-03-02' })).toEqual({});
    expect(messages({ ...theory, repeatRule: 'DAILY', repeatUntil: '2027-03-03' })).toEqual({
      repeatUntil: 'booking.form.errors.repeatUntilTooLate',
    });
  });
});

describe('emptyAppointmentForm', () => {
  it('starts a driving lesson at 45 minutes, normal, counted for payroll', () => {
    expect(emptyAppointmentForm({ date: '2026-03-02' })).toMatchObject({
      type: 'DRIVING',
      minutes: 45,
      hourType: 'NORMAL',
      includeInPayroll: true,
      repeatRule: 'NONE',
    });
    expect(emptyAppointmentForm({ type: 'PRIVATE' })).toMatchObject({
      minutes: null,
      hourType: null,
      includeInPayroll: false,
    });
  });
});

describe('formToAppointmentInput', () => {
  it('sends what the type shows, and the series rule only when new', () => {
    const form = {
      ...emptyAppointmentForm({ ...slot, type: 'THEORY' }),
      title: ' Lektion 3 ',
      studentId: 101,
      vehicleId: 1,
      repeatRule: 'WEEKLY' as const,
      repeatUntil: '2026-03-30',
    };
    expect(formToAppointmentInput(form)).toEqual({
      type: 'THEORY',
      date: '2026-03-02',
      startTime: '10:00',
      minutes: 45,
      instructorId: 11,
      includeInPayroll: true,
      repeatRule: 'WEEKLY',
      repeatUntil: '2026-03-30',
      confirmSignatureRemoval: false,
      title: 'Lektion 3',
    });
  });

  it('computes the kilometres driven and keeps branch and cost bearer of a change', () => {
    const stored = { ...drivingLessonFixture, costBearerId: 31 };
    const form = { ...appointmentToForm(stored), kmStart: 1000, kmEnd: 1042, kmDriven: 5 };
    const input = formToAppointmentInput(form, stored);
    expect(input).toMatchObject({ kmStart: 1000, kmEnd: 1042, kmDriven: 42 });
    expect(input).toMatchObject({ branchId: 1, costBearerId: 31, repeatRule: 'NONE' });
    expect(input).not.toHaveProperty('repeatUntil');
  });

  it('leaves the stored repeat rule of a series occurrence as it is', () => {
    const form = { ...appointmentToForm(seriesOccurrenceFixture), repeatRule: 'DAILY' as const };
    expect(formToAppointmentInput(form, seriesOccurrenceFixture)).toMatchObject({
      repeatRule: 'WEEKLY',
    });
  });
});

describe('appointmentToInput', () => {
  it('gives the stored appointment back unchanged (for the release)', () => {
    expect(appointmentToInput(signedLessonFixture)).toEqual({
      type: 'DRIVING',
      date: '2026-03-02',
      startTime: '10:00',
      minutes: 45,
      studentId: 101,
      studentEducationId: 201,
      licenseClass: 'B',
      hourType: 'NORMAL',
      instructorId: 11,
      vehicleId: 1,
      includeInPayroll: true,
      branchId: 1,
      repeatRule: 'NONE',
      confirmSignatureRemoval: false,
    });
  });
});
