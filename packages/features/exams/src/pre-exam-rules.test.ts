import { describe, expect, test } from 'vitest';
import type {
  TheoryPreExam,
  TheoryPreExamDetail,
  TheoryPreExamOpenQuestion,
} from './api/exam-queries';
import {
  answersBody,
  failedByFivePointers,
  isAnswered,
  numberAnswer,
  unansweredCount,
} from './pre-exam-rules';

const choice = (id: number): TheoryPreExamOpenQuestion => ({
  theoryQuestionId: id,
  position: id,
  officialNumber: '1.1.01-001',
  points: 4,
  text: 'Frage',
  numeric: false,
  answers: [
    { id: id * 10 + 1, text: 'A' },
    { id: id * 10 + 2, text: 'B' },
  ],
});
const numeric = (id: number): TheoryPreExamOpenQuestion => ({
  ...choice(id),
  numeric: true,
  answers: [],
});

describe('numberAnswer', () => {
  test.each([
    ['40', '40'],
    [' 0,5 ', '0,5'],
    ['2.25', '2.25'],
    ['-3', '-3'],
  ])('takes %j', (text, expected) => expect(numberAnswer(text)).toBe(expected));
  test.each(['', '0,', '1,234', '12 m', 'zwölf', '1.000,5'])('refuses %j', (text) =>
    expect(numberAnswer(text)).toBeNull(),
  );
});

test('a question is answered by a ticked answer or a number the server takes', () => {
  expect(isAnswered(choice(1), undefined)).toBe(false);
  expect(isAnswered(choice(1), { chosen: [], value: '' })).toBe(false);
  expect(isAnswered(choice(1), { chosen: ['11'], value: '' })).toBe(true);
  expect(isAnswered(numeric(2), { chosen: [], value: '0,5' })).toBe(true);
  expect(isAnswered(numeric(2), { chosen: [], value: '0,' })).toBe(false);
});

test('the hand-in leaves unanswered questions and refused numbers out', () => {
  const questions = [choice(1), choice(2), numeric(3), numeric(4)];
  const given = {
    1: { chosen: ['12', '11', '12'], value: '' },
    2: { chosen: [], value: '' },
    3: { chosen: [], value: ' 2,5 ' },
    4: { chosen: [], value: 'viel' },
  };
  expect(answersBody(questions, given)).toEqual([
    { theoryQuestionId: 1, chosenAnswerIds: [12, 11] },
    { theoryQuestionId: 3, numericValue: '2,5' },
  ]);
  expect(unansweredCount(questions, given)).toBe(2);
});

describe('failedByFivePointers', () => {
  const preExam = (errorPoints: number, passed: boolean): TheoryPreExam => ({
    id: 1,
    studentId: 1,
    studentEducationId: 1,
    licenseClass: 'B',
    startedAt: '2026-03-01T10:00:00Z',
    finished: true,
    questionCount: 30,
    errorPoints,
    passed,
  });
  const detail = (fivePointersWrong: number): TheoryPreExamDetail => ({
    preExam: preExam(0, false),
    questions: Array.from({ length: 3 }, (_, index) => ({
      question: {
        id: index,
        officialNumber: '1.1.01-001',
        chapter: '1.1.01',
        points: 5,
        text: 'Frage',
        answers: [],
        numeric: false,
        basic: true,
        licenseClasses: [],
      },
      chosenAnswerIds: [],
      correct: index >= fivePointersWrong,
    })),
  });

  test('passed is no failure', () => expect(failedByFivePointers(preExam(10, true))).toBe(false));
  test('failed within 10 error points: the 5-pointers', () =>
    expect(failedByFivePointers(preExam(10, false))).toBe(true));
  test('failed over 10 error points: only the questions tell', () => {
    expect(failedByFivePointers(preExam(15, false))).toBe(false);
    expect(failedByFivePointers(preExam(15, false), detail(1))).toBe(false);
    expect(failedByFivePointers(preExam(15, false), detail(2))).toBe(true);
  });
});
