import { describe, expect, test } from 'vitest';
import type { LearningModeData } from './api/learning-queries';
import { addSearchTerm, questionsMatching, SEARCH_HISTORY_SIZE } from './learning-rules';

describe('the explanation search history', () => {
  test('adds a new term first and keeps at most ten', () => {
    let history: string[] = [];
    for (let n = 1; n <= 12; n++) history = addSearchTerm(history, `1.1.0${n}`);
    expect(history).toHaveLength(SEARCH_HISTORY_SIZE);
    expect(history[0]).toBe('1.1.012');
    expect(history.at(-1)).toBe('1.1.03');
  });

  test('adds a term only when it differs from the newest one', () => {
    const history = addSearchTerm(addSearchTerm([], 'Vorfahrt'), ' Vorfahrt ');
    expect(history).toEqual(['Vorfahrt']);
    // An older equal term does not block it: only the newest is compared.
    expect(addSearchTerm(['Abstand', 'Vorfahrt'], 'Vorfahrt')).toEqual([
      'Vorfahrt',
      'Abstand',
      'Vorfahrt',
    ]);
  });

  test('keeps no empty term and does not change the history it was given', () => {
    const history = ['1.2.03'];
    expect(addSearchTerm(history, '   ')).toEqual(['1.2.03']);
    addSearchTerm(history, '2.1.01');
    expect(history).toEqual(['1.2.03']);
  });
});

test('finds the questions whose official number contains the term', () => {
  const question = (officialNumber: string, theoryQuestionId: number) => ({
    theoryQuestionId,
    officialNumber,
    points: 4,
    timesCorrect: 0,
    timesWrong: 0,
  });
  const data = {
    chapters: [
      {
        officialNumber: '1.1.02',
        name: 'Vorfahrt',
        questions: [question('1.1.02-001', 1), question('1.1.02-004', 2)],
      },
      { officialNumber: '1.2.03', name: 'Abstand', questions: [question('1.2.03-004', 3)] },
    ],
  } as unknown as LearningModeData;
  expect(questionsMatching(data, '-004').map((q) => q.theoryQuestionId)).toEqual([2, 3]);
  expect(questionsMatching(data, '1.1.02')[0]?.chapter).toBe('1.1.02 Vorfahrt');
  expect(questionsMatching(data, '  ')).toEqual([]);
});
