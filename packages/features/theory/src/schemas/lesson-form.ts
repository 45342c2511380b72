import { LICENSE_CLASSES } from '@fahrwerk/api';
import { z } from 'zod';
import type { TheoryLesson, TheoryLessonInput } from '../api/theory-queries';
import { BASIC_LESSONS, LESSON_MINUTES, MAX_LESSON_NUMBER } from '../syllabus';

/* The lesson form. Messages are keys of the theory texts (`lessonForm.errors.*`) or core's. */

export const lessonFormSchema = z
  .object({
    additional: z.boolean(),
    lessonNumber: z.number().int().min(1).max(MAX_LESSON_NUMBER),
    topic: z.string().trim().max(255, 'validation.max_length'),
    licenseClasses: z.array(z.enum(LICENSE_CLASSES)),
    date: z.string().nullable(),
    startTime: z.string().nullable(),
    minutes: z
      .number({ error: 'lessonForm.errors.minutesRange' })
      .int()
      .min(5, 'lessonForm.errors.minutesRange')
      .max(600, 'lessonForm.errors.minutesRange')
      .nullable(),
    instructorId: z.number().nullable(),
    branchId: z.number().nullable(),
    room: z.string().trim().max(100, 'validation.max_length'),
  })
  .superRefine((form, context) => {
    const issue = (path: keyof typeof form, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (!form.date) issue('date', 'lessonForm.errors.dateRequired');
    if (!form.startTime) issue('startTime', 'lessonForm.errors.timeRequired');
    if (form.minutes === null) issue('minutes', 'lessonForm.errors.minutesRange');
    if (form.instructorId === null) issue('instructorId', 'lessonForm.errors.instructorRequired');
    if (form.branchId === null) issue('branchId', 'lessonForm.errors.branchRequired');
    if (!form.additional && form.lessonNumber > BASIC_LESSONS) {
      issue('lessonNumber', 'lessonForm.errors.basicNumber');
    }
    if (form.additional && form.licenseClasses.length === 0) {
      issue('licenseClasses', 'lessonForm.errors.classesRequired');
    }
  });

export type LessonForm = z.input<typeof lessonFormSchema>;

export type LessonDefaults = {
  /** The course's branch, instructor and classes. */
  branchId?: number;
  instructorId?: number;
  licenseClasses?: LessonForm['licenseClasses'];
  /** The next lesson number not yet planned in the course. */
  lessonNumber?: number;
  date?: string;
};

export const emptyLessonForm = (defaults: LessonDefaults = {}): LessonForm => ({
  additional: false,
  lessonNumber: defaults.lessonNumber ?? 1,
  topic: '',
  licenseClasses: defaults.licenseClasses ?? [],
  date: defaults.date ?? null,
  startTime: '18:00',
  minutes: LESSON_MINUTES,
  instructorId: defaults.instructorId ?? null,
  branchId: defaults.branchId ?? null,
  room: '',
});

export const lessonToForm = (lesson: TheoryLesson): LessonForm => ({
  additional: lesson.additional,
  lessonNumber: lesson.lessonNumber,
  topic: lesson.topic,
  licenseClasses: lesson.licenseClasses,
  date: lesson.date,
  startTime: lesson.startTime,
  minutes: lesson.minutes,
  instructorId: lesson.instructorId,
  branchId: lesson.branchId,
  room: lesson.room ?? '',
});

/**
 * The body of `POST /theory-lesson` and `PUT /theory-lesson/{id}` from checked values. A basic
 * lesson covers every class (no classes sent); an empty topic is left to the server (the
 * syllabus title of the number).
 */
export function formToLessonInput(form: LessonForm, theoryCourseId?: number): TheoryLessonInput {
  const input: TheoryLessonInput = {
    additional: form.additional,
    lessonNumber: form.lessonNumber,
    licenseClasses: form.additional ? form.licenseClasses : [],
    date: form.date ?? '',
    startTime: form.startTime ?? '',
    minutes: form.minutes ?? LESSON_MINUTES,
    instructorId: form.instructorId ?? 0,
    branchId: form.branchId ?? 0,
  };
  if (theoryCourseId !== undefined) input.theoryCourseId = theoryCourseId;
  if (form.topic.trim()) input.topic = form.topic.trim();
  if (form.room.trim()) input.room = form.room.trim();
  return input;
}

/** The first basic lesson number 1–12 the course has not planned yet (else 1). */
export function nextBasicNumber(
  lessons: readonly Pick<TheoryLesson, 'additional' | 'lessonNumber'>[],
) {
  const planned = new Set(lessons.filter((l) => !l.additional).map((l) => l.lessonNumber));
  for (let number = 1; number <= BASIC_LESSONS; number += 1) {
    if (!planned.has(number)) return number;
  }
  return 1;
}
