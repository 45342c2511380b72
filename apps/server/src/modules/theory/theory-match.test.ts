import { describe, expect, it } from 'vitest';
import { matchLesson } from './theory.resources';

const lesson = (additional: boolean, licenseClasses: string[]) => ({
  additional,
  licenseClasses: licenseClasses as never,
  theoryCourseId: null,
});

describe('the student match of a theory lesson', () => {
  it('counts a basic lesson for every class', () => {
    const match = matchLesson(lesson(false, []), [{ id: 1, licenseClass: 'A', courseIds: [] }]);
    expect(match).toEqual({ studentEducationIds: [1], reasons: [] });
  });

  it('counts an additional lesson only for the classes it covers', () => {
    const educations = [
      { id: 1, licenseClass: 'A', courseIds: [] },
      { id: 2, licenseClass: 'B', courseIds: [] },
    ];
    expect(matchLesson(lesson(true, ['B']), educations).studentEducationIds).toEqual([2]);
    expect(matchLesson(lesson(true, ['BE']), educations)).toEqual({
      studentEducationIds: [],
      reasons: ['theory.match.class_not_covered'],
    });
  });

  it("counts class B's additional lessons for B197, as the progress does", () => {
    const educations = [{ id: 7, licenseClass: 'B197', courseIds: [] }];
    expect(matchLesson(lesson(true, ['B']), educations).studentEducationIds).toEqual([7]);
    expect(matchLesson(lesson(true, ['A']), educations).reasons).toEqual([
      'theory.match.class_not_covered',
    ]);
  });
});
