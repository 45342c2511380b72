import { expect, test } from 'vitest';
import type { Exam } from '../api/exam-queries';
import { emptyExamForm, examFormSchema, examToForm, formToExamInput } from './exam-form';

const errors = (form: unknown) =>
  examFormSchema
    .safeParse(form)
    .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

test('an empty form asks for date, time and testing organization', () => {
  expect(errors(emptyExamForm())).toEqual([
    'date: form.errors.dateRequired',
    'startTime: form.errors.timeRequired',
    'testingOrganizationId: form.errors.organizationRequired',
  ]);
});

test('duration and places stay in the contract’s bounds', () => {
  const form = {
    ...emptyExamForm(),
    date: '2026-03-10',
    startTime: '08:00',
    testingOrganizationId: 1,
    minutes: 2,
    places: 0,
  };
  expect(errors(form)).toEqual([
    'minutes: form.errors.minutesRange',
    'places: form.errors.placesRange',
  ]);
});

test('the body leaves out empty fields and keeps what the form does not edit', () => {
  const exam = {
    id: 7,
    kind: 'PRACTICAL',
    date: '2026-03-10',
    startTime: '08:00',
    minutes: 55,
    testingOrganizationId: 2,
    vehicleId: 4,
    branchId: 1,
    booked: false,
    participants: [],
    archived: false,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  } satisfies Exam;
  expect(formToExamInput({ ...examToForm(exam), listNumber: ' 4711 ' }, exam)).toEqual({
    date: '2026-03-10',
    startTime: '08:00',
    minutes: 55,
    testingOrganizationId: 2,
    listNumber: '4711',
    vehicleId: 4,
    branchId: 1,
  });
});
