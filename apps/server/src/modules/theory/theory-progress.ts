import type { components } from '@fahrwerk/api/schema';
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  type LicenseClass,
  studentEducations,
  theoryLessonParticipants,
  theoryLessons,
} from '../../db/schema';
import { requireAuth } from '../../http/auth';
import { notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { THEORY_LESSONS_REQUIRED } from '../licence-data/licence-data';
import { berlinToday, groupBy, handlers } from '../resources/kit';

type Schemas = components['schemas'];
type TheoryProgress = Schemas['TheoryProgress'];
type SyllabusProgress = Schemas['TheorySyllabusProgress'];

/** A lesson the education is booked into, as far as the progress needs it. */
export type AttendedLesson = {
  additional: boolean;
  lessonNumber: number;
  licenseClasses: string[];
};

/**
 * The lessons each of `educationIds` attended: a booking counts once the lesson's day has
 * come (a module booked for later is not attended yet). One query for all of them.
 */
export async function attendedLessons(
  db: Db,
  schoolId: number,
  educationIds: number[],
): Promise<Map<number, AttendedLesson[]>> {
  if (educationIds.length === 0) return new Map();
  const rows = await db
    .select({
      educationId: theoryLessonParticipants.studentEducationId,
      additional: theoryLessons.additional,
      lessonNumber: theoryLessons.lessonNumber,
      licenseClasses: theoryLessons.licenseClasses,
    })
    .from(theoryLessonParticipants)
    .innerJoin(
      theoryLessons,
      and(
        eq(theoryLessons.drivingSchoolId, theoryLessonParticipants.drivingSchoolId),
        eq(theoryLessons.id, theoryLessonParticipants.theoryLessonId),
      ),
    )
    .where(
      and(
        eq(theoryLessonParticipants.drivingSchoolId, schoolId),
        inArray(theoryLessonParticipants.studentEducationId, educationIds),
        lte(theoryLessons.date, berlinToday()),
      ),
    );
  return groupBy(rows, (row) => row.educationId);
}

function syllabus(required: number, numbers: number[]): SyllabusProgress {
  const attended = [...new Set(numbers)].sort((a, b) => a - b);
  const missing: number[] = [];
  for (let n = 1; n <= required; n += 1) if (!attended.includes(n)) missing.push(n);
  return { required, attended, missing };
}

/** The classes an additional lesson must cover one of to count (B197 learns with class B). */
export const lessonClasses = (licenseClass: LicenseClass): string[] =>
  licenseClass === 'B197' ? ['B197', 'B'] : [licenseClass];

/** Grundstoff of an extension of a licence already held: 6 double lessons (FahrschAusbO). */
const EXTENSION_BASIC_LESSONS = 6;

/**
 * The progress of an education from the lessons it attended: each lesson number counts once
 * however often it was attended; an additional lesson counts only when it covers the class.
 * An extension (`baseLicenseClass` set) needs 6 basic lessons instead of 12.
 */
export function theoryProgress(
  education: {
    id: number;
    licenseClass: LicenseClass;
    baseLicenseClass?: string | null | undefined;
  },
  lessons: AttendedLesson[],
): TheoryProgress {
  const { licenseClass } = education;
  const required = THEORY_LESSONS_REQUIRED[licenseClass];
  const basicRequired = education.baseLicenseClass
    ? Math.min(required.basic, EXTENSION_BASIC_LESSONS)
    : required.basic;
  const classes = lessonClasses(licenseClass);
  const basic = syllabus(
    basicRequired,
    lessons.filter((l) => !l.additional).map((l) => l.lessonNumber),
  );
  const additional = syllabus(
    required.additional,
    lessons
      .filter((l) => l.additional && l.licenseClasses.some((c) => classes.includes(c)))
      .map((l) => l.lessonNumber),
  );
  return {
    studentEducationId: education.id,
    licenseClass,
    basic,
    additional,
    complete: basic.missing.length === 0 && additional.missing.length === 0,
  };
}

export function createTheoryProgressHandlers(db: Db): OperationHandlers {
  return handlers({
    async getTheoryProgress(request) {
      const auth = requireAuth(request);
      const schoolId = auth.drivingSchoolId;
      const [education] = await db
        .select({
          id: studentEducations.id,
          licenseClass: studentEducations.licenseClass,
          baseLicenseClass: studentEducations.baseLicenseClass,
        })
        .from(studentEducations)
        .where(
          and(
            eq(studentEducations.drivingSchoolId, schoolId),
            eq(studentEducations.id, Number(request.params.id)),
          ),
        );
      if (!education) throw notFound();
      const lessons = (await attendedLessons(db, schoolId, [education.id])).get(education.id);
      return {
        status: 200,
        body: theoryProgress(
          { ...education, licenseClass: education.licenseClass as LicenseClass },
          lessons ?? [],
        ),
      };
    },
  });
}
