import { expect, test } from 'vitest';
import type { EducationRequirementName } from '../api/exam-queries';
import { EXAM_STATUSES, requirementKey } from '../exam-status';
import de from './de.json';
import en from './en.json';

function keys(texts: object, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keys(value, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

const lookup = (texts: object, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], texts);

test('German and English have the same texts', () => {
  expect(keys(en).sort()).toEqual(keys(de).sort());
});

test('every status of the contract has its German name', () => {
  expect(EXAM_STATUSES.map((status) => lookup(de, `status.${status}`))).toEqual([
    'Geplant',
    'Bereit',
    'Angemeldet',
    'Bestanden',
    'Nicht bestanden',
    'Nicht erschienen',
    'Abgesagt',
  ]);
});

test('every requirement of the education status info has a text', () => {
  // The contract's EducationRequirementName; a name added there fails the typecheck here.
  const names = {
    'no data': true,
    theoryBasicComplete: true,
    theoryClassSpecificComplete: true,
    idCard: true,
    passportPhoto: true,
    applicationForm: true,
    eyeTest: true,
    firstAid: true,
    feesPaid: true,
    examApplicationValid: true,
    theoryExamPassed: true,
    overlandDrives: true,
    motorwayDrives: true,
    nightDrives: true,
  } satisfies Record<EducationRequirementName, true>;
  for (const name of Object.keys(names) as EducationRequirementName[]) {
    expect(typeof lookup(de, requirementKey(name)), name).toBe('string');
    expect(typeof lookup(en, requirementKey(name)), name).toBe('string');
  }
});
