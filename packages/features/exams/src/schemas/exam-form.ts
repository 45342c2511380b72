import { LICENSE_CLASSES } from '@fahrwerk/api';
import { z } from 'zod';
import type { Exam, ExamInput } from '../api/exam-queries';

/* The exam slot form. Messages are keys of the exam texts (`form.errors.*`). */

export const examFormSchema = z.object({
  date: z
    .string({ error: 'form.errors.dateRequired' })
    .nullable()
    .refine(Boolean, 'form.errors.dateRequired'),
  startTime: z
    .string({ error: 'form.errors.timeRequired' })
    .nullable()
    .refine(Boolean, 'form.errors.timeRequired'),
  minutes: z
    .number({ error: 'form.errors.minutesRequired' })
    .int('form.errors.minutesRange')
    .min(5, 'form.errors.minutesRange')
    .max(1440, 'form.errors.minutesRange'),
  testingOrganizationId: z
    .number({ error: 'form.errors.organizationRequired' })
    .nullable()
    .refine((value) => value !== null, 'form.errors.organizationRequired'),
  listNumber: z.string().trim().max(50, 'form.errors.tooLong'),
  proctorId: z.number().nullable(),
  examiner: z.string().trim().max(100, 'form.errors.tooLong'),
  location: z.string().trim().max(255, 'form.errors.tooLong'),
  licenseClass: z.enum(LICENSE_CLASSES).nullable(),
  places: z
    .number()
    .int('form.errors.placesRange')
    .min(1, 'form.errors.placesRange')
    .max(100, 'form.errors.placesRange')
    .nullable(),
  note: z.string().max(10000, 'form.errors.tooLong'),
});

export type ExamForm = z.input<typeof examFormSchema>;

export const emptyExamForm = (): ExamForm => ({
  date: null,
  startTime: null,
  minutes: 60,
  testingOrganizationId: null,
  listNumber: '',
  proctorId: null,
  examiner: '',
  location: '',
  licenseClass: 'B',
  places: null,
  note: '',
});

export const examToForm = (exam: Exam): ExamForm => ({
  date: exam.date,
  startTime: exam.startTime,
  minutes: exam.minutes,
  testingOrganizationId: exam.testingOrganizationId,
  listNumber: exam.listNumber ?? '',
  proctorId: exam.proctorId ?? null,
  examiner: exam.examiner ?? '',
  location: exam.location ?? '',
  licenseClass: exam.licenseClass ?? null,
  places: exam.places ?? null,
  note: exam.note ?? '',
});

/**
 * The body of `POST`/`PUT {resource}`. A PUT replaces the whole row, so fields the form does
 * not edit (branch, vehicle) go back as they were.
 */
export function formToExamInput(form: ExamForm, current?: Exam): ExamInput {
  const input: ExamInput = {
    date: form.date ?? '',
    startTime: form.startTime ?? '',
    minutes: form.minutes,
    testingOrganizationId: form.testingOrganizationId ?? 0,
  };
  const text = (value: string) => value.trim() || undefined;
  const optional: Partial<ExamInput> = {
    listNumber: text(form.listNumber),
    proctorId: form.proctorId ?? undefined,
    examiner: text(form.examiner),
    location: text(form.location),
    licenseClass: form.licenseClass ?? undefined,
    places: form.places ?? undefined,
    note: text(form.note),
    branchId: current?.branchId,
    vehicleId: current?.vehicleId,
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) (input as Record<string, unknown>)[key] = value;
  }
  return input;
}
