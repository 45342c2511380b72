import type { TFunction } from 'i18next';
import type { TheoryLesson } from '../api/theory-queries';

/** `G3` for basic lesson 3, `Z1` for additional lesson 1 (English: B3, A1). */
export function lessonLabel(
  lesson: Pick<TheoryLesson, 'additional' | 'lessonNumber'>,
  t: TFunction,
) {
  return t(lesson.additional ? 'lessons.additionalNumber' : 'lessons.basicNumber', {
    number: lesson.lessonNumber,
  });
}
