import { expect, test } from 'vitest';
import { addMinutes, syllabusTopicKey } from '../syllabus';
import {
  emptyLessonForm,
  formToLessonInput,
  lessonFormSchema,
  nextBasicNumber,
} from './lesson-form';

const messages = (value: unknown) => {
  const result = lessonFormSchema.safeParse(value);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

const valid = { ...emptyLessonForm({ branchId: 1, instructorId: 3 }), date: '2026-03-02' };

test('a lesson needs date, time, instructor and branch; 90 minutes by default', () => {
  expect(valid.minutes).toBe(90);
  expect(messages({ ...emptyLessonForm(), startTime: null })).toEqual({
    date: 'lessonForm.errors.dateRequired',
    startTime: 'lessonForm.errors.timeRequired',
    instructorId: 'lessonForm.errors.instructorRequired',
    branchId: 'lessonForm.errors.branchRequired',
  });
  expect(messages(valid)).toEqual({});
});

test('basic lessons are 1–12; additional lessons need a class', () => {
  expect(messages({ ...valid, lessonNumber: 13 })).toEqual({
    lessonNumber: 'lessonForm.errors.basicNumber',
  });
  expect(messages({ ...valid, additional: true, lessonNumber: 13 })).toEqual({
    licenseClasses: 'lessonForm.errors.classesRequired',
  });
});

test('the body: a basic lesson sends no classes, an empty topic and room are left out', () => {
  expect(formToLessonInput({ ...valid, licenseClasses: ['B'] }, 7)).toEqual({
    theoryCourseId: 7,
    additional: false,
    lessonNumber: 1,
    licenseClasses: [],
    date: '2026-03-02',
    startTime: '18:00',
    minutes: 90,
    instructorId: 3,
    branchId: 1,
  });
  expect(
    formToLessonInput({
      ...valid,
      additional: true,
      licenseClasses: ['B'],
      topic: ' X ',
      room: 'R1',
    }),
  ).toMatchObject({ licenseClasses: ['B'], topic: 'X', room: 'R1' });
});

test('the next basic number is the first one not planned; topics come from the syllabus', () => {
  expect(nextBasicNumber([])).toBe(1);
  expect(
    nextBasicNumber([
      { additional: false, lessonNumber: 1 },
      { additional: true, lessonNumber: 2 },
      { additional: false, lessonNumber: 3 },
    ]),
  ).toBe(2);
  expect(syllabusTopicKey(false, 12)).toBe('syllabus.basic.12');
  expect(syllabusTopicKey(true, 2)).toBe('syllabus.additional.2');
  expect(syllabusTopicKey(true, 9)).toBe('syllabus.additionalNumbered');
  expect(addMinutes('18:00', 90)).toBe('19:30');
});
