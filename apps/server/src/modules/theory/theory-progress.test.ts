import { describe, expect, it } from 'vitest';
import { type AttendedLesson, theoryProgress } from './theory-progress';

const basic = (lessonNumber: number): AttendedLesson => ({
  additional: false,
  lessonNumber,
  licenseClasses: [],
});
const additional = (lessonNumber: number, ...licenseClasses: string[]): AttendedLesson => ({
  additional: true,
  lessonNumber,
  licenseClasses,
});

describe('theoryProgress', () => {
  it('counts each number once and only additional lessons covering the class', () => {
    const progress = theoryProgress({ id: 7, licenseClass: 'A' }, [
      basic(2),
      basic(2),
      basic(1),
      additional(1, 'A', 'A2'),
      additional(2, 'B'),
      additional(3, 'A'),
    ]);
    expect(progress).toEqual({
      studentEducationId: 7,
      licenseClass: 'A',
      basic: { required: 12, attended: [1, 2], missing: [3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
      additional: { required: 4, attended: [1, 3], missing: [2, 4] },
      complete: false,
    });
  });

  it('asks 6 basic lessons of an extension, none of a trailer class', () => {
    const lessons = [1, 2, 3, 4, 5, 6].map(basic);
    const extension = theoryProgress({ id: 1, licenseClass: 'A2', baseLicenseClass: 'A1' }, [
      ...lessons,
      ...[1, 2, 3, 4].map((n) => additional(n, 'A2')),
    ]);
    expect(extension.basic).toEqual({ required: 6, attended: [1, 2, 3, 4, 5, 6], missing: [] });
    expect(extension.complete).toBe(true);
    const trailer = theoryProgress({ id: 2, licenseClass: 'BE', baseLicenseClass: 'B' }, []);
    expect(trailer.basic).toEqual({ required: 0, attended: [], missing: [] });
    expect(trailer.additional.missing).toEqual([1, 2, 3]);
  });

  it('lets B197 count the class-B lessons', () => {
    const progress = theoryProgress({ id: 3, licenseClass: 'B197' }, [
      ...Array.from({ length: 12 }, (_, i) => basic(i + 1)),
      additional(1, 'B'),
      additional(2, 'B', 'BE'),
    ]);
    expect(progress.additional).toEqual({ required: 2, attended: [1, 2], missing: [] });
    expect(progress.complete).toBe(true);
  });
});
