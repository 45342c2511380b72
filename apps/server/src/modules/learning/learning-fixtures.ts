import { branches, studentEducations, students } from '../../db/schema';
import type { TestApp } from '../../test/test-app';

type LicenseClass = (typeof studentEducations.$inferInsert)['licenseClass'];

/**
 * For the learning tests: a branch, a student and one education per entry (class and the
 * catalogue version it learns with) in the test app's demo school.
 */
export async function learningStudent(
  t: TestApp,
  name: { firstName: string; lastName: string },
  educations: { licenseClass: LicenseClass; version: string }[],
): Promise<{ studentId: number; educationIds: number[] }> {
  const db = t.database.db;
  const drivingSchoolId = t.demo.schoolId;
  const [branch] = await db
    .insert(branches)
    .values({
      drivingSchoolId,
      name: `Filiale ${name.lastName}`,
      abbreviation: name.lastName.slice(0, 3).toUpperCase(),
      workCorridorFrom: '07:00',
      workCorridorTo: '20:00',
    })
    .returning({ id: branches.id });
  const branchId = branch?.id as number;
  const [student] = await db
    .insert(students)
    .values({ drivingSchoolId, ...name, branchId })
    .returning({ id: students.id });
  const studentId = student?.id as number;
  const rows = await db
    .insert(studentEducations)
    .values(
      educations.map(({ licenseClass, version }) => ({
        drivingSchoolId,
        studentId,
        licenseClass,
        branchId,
        theoryQuestionsVersion: version,
      })),
    )
    .returning({ id: studentEducations.id });
  return { studentId, educationIds: rows.map((row) => row.id) };
}
