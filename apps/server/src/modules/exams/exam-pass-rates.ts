import { and, count, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { examParticipants, exams, studentEducations } from '../../db/schema';

/*
 * Pass rates of the exams with results in a period (spec 001 §6 reports: practical and theory
 * exam success rate), per instructor (the education's), testing organisation (the exam's) and
 * licence class (the education's). A rate is passed / (passed + failed); absences are counted
 * apart and do not lower it. The reports issue exposes this over HTTP later.
 */

export type ExamPassRateParams = {
  /** First exam day, inclusive (IsoDate). */
  from: string;
  /** Last exam day, inclusive (IsoDate). */
  to: string;
  kind: 'THEORY' | 'PRACTICAL';
};

export type PassRate<K> = {
  key: K;
  passed: number;
  failed: number;
  absent: number;
  /** passed / (passed + failed), 0–1; null without a passed or failed result. */
  rate: number | null;
};

export type ExamPassRates = {
  /** `key` null: educations without an instructor. */
  byInstructor: PassRate<number | null>[];
  byTestingOrganization: PassRate<number>[];
  byLicenseClass: PassRate<string>[];
  total: PassRate<'all'>;
};

type Tally = { passed: number; failed: number; absent: number };

function rateOf<K>(key: K, tally: Tally): PassRate<K> {
  const decided = tally.passed + tally.failed;
  return { key, ...tally, rate: decided === 0 ? null : tally.passed / decided };
}

function tallyBy<R extends { status: string; n: number }, K>(
  rows: R[],
  keyOf: (row: R) => K,
): PassRate<K>[] {
  const tallies = new Map<K, Tally>();
  for (const row of rows) {
    const key = keyOf(row);
    const tally = tallies.get(key) ?? { passed: 0, failed: 0, absent: 0 };
    if (row.status === 'PASSED') tally.passed += row.n;
    else if (row.status === 'FAILED') tally.failed += row.n;
    else tally.absent += row.n;
    tallies.set(key, tally);
  }
  return [...tallies.entries()]
    .map(([key, tally]) => rateOf(key, tally))
    .sort((a, b) => String(a.key).localeCompare(String(b.key)));
}

/** The pass rates of the school's `kind` exams dated from `from` to `to`. */
export async function examPassRates(
  db: Db,
  schoolId: number,
  params: ExamPassRateParams,
): Promise<ExamPassRates> {
  const rows = (
    await db
      .select({
        instructorId: studentEducations.instructorId,
        testingOrganizationId: exams.testingOrganizationId,
        licenseClass: studentEducations.licenseClass,
        status: examParticipants.status,
        n: count(),
      })
      .from(examParticipants)
      .innerJoin(
        exams,
        and(
          eq(exams.drivingSchoolId, examParticipants.drivingSchoolId),
          eq(exams.id, examParticipants.examId),
        ),
      )
      .innerJoin(
        studentEducations,
        and(
          eq(studentEducations.drivingSchoolId, examParticipants.drivingSchoolId),
          eq(studentEducations.id, examParticipants.studentEducationId),
        ),
      )
      .where(
        and(
          eq(examParticipants.drivingSchoolId, schoolId),
          eq(exams.kind, params.kind),
          gte(exams.date, params.from),
          lte(exams.date, params.to),
          inArray(examParticipants.status, ['PASSED', 'FAILED', 'ABSENT']),
        ),
      )
      .groupBy(
        studentEducations.instructorId,
        exams.testingOrganizationId,
        studentEducations.licenseClass,
        examParticipants.status,
      )
  ).map((row) => ({ ...row, n: Number(row.n) }));
  return {
    byInstructor: tallyBy(rows, (row) => row.instructorId),
    byTestingOrganization: tallyBy(rows, (row) => row.testingOrganizationId),
    byLicenseClass: tallyBy(rows, (row) => row.licenseClass as string),
    total:
      tallyBy(rows, () => 'all' as const)[0] ?? rateOf('all', { passed: 0, failed: 0, absent: 0 }),
  };
}
