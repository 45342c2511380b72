import { eq, inArray, or, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  studentCategories,
  studentCategoryAssignments,
  studentEducations,
  students,
} from '../../db/schema';
import { countQueries, DRIVERS, type TestApp, useTestApp } from '../../test/test-app';
import { searchCondition } from '../resources/resource-repository';
import { studentDefinition } from './students.resources';
import { createStudent, fixtures, type StudentFixtures } from './students.test-kit';

/*
 * The student list at scale: its calls answer a page in a fixed number of queries, whatever
 * the page size (the queries sent to the driver are counted for pages of 10 and of 100
 * rows), and the free-text search finds fragments anywhere in a name, case-insensitively
 * with umlauts, through the trigram index.
 */

type Page = { data: { id: number; educationLicenseClasses?: string[] }[]; total: number };

describe.each(DRIVERS)('student list queries (%s)', (driver) => {
  const t: TestApp = useTestApp(driver);
  let f: StudentFixtures;
  const tag = `Qzv${driver}`;

  beforeAll(async () => {
    f = await fixtures(t);
    const { db } = t.database;
    const schoolId = f.schoolId;
    const [category] = await db
      .insert(studentCategories)
      .values({
        drivingSchoolId: schoolId,
        name: 'Zählkategorie',
        abbreviation: 'ZK',
        appearance: '#112233',
      })
      .returning({ id: studentCategories.id });
    const rows = await db
      .insert(students)
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          drivingSchoolId: schoolId,
          firstName: `Zähl${i}`,
          lastName: `${tag}${String(i).padStart(3, '0')}`,
          branchId: f.branchId,
          instructorId: f.instructorId,
          email: `${tag.toLowerCase()}.${i}@example.de`,
        })),
      )
      .returning({ id: students.id });
    // Every student has an education and a category, so each row has lists to fill.
    await db.insert(studentEducations).values(
      rows.map((row) => ({
        drivingSchoolId: schoolId,
        studentId: row.id,
        licenseClass: 'B' as const,
        branchId: f.branchId,
        instructorId: f.instructorId,
        theoryQuestionsVersion: '2026-04',
      })),
    );
    await db.insert(studentCategoryAssignments).values(
      rows.map((row) => ({
        drivingSchoolId: schoolId,
        studentId: row.id,
        studentCategoryId: category?.id as number,
      })),
    );
  });

  // The people area's other list of many rows with id lists per row: the educations (the
  // school has only the 120 educations made above).
  const listCalls = [
    { path: '/students/student-list', search: true },
    { path: '/students/visible-for-current-user', search: true },
    { path: '/students/filter', search: true },
    { path: '/students-filter/filter', search: true },
    { path: '/students/by-instructor/:instructor', search: true },
    { path: '/student-educations/filter', search: false },
  ] as const;

  for (const call of listCalls) {
    it(`${call.path} takes as many queries for 100 rows as for 10`, async () => {
      const path = call.path.replace(':instructor', String(f.instructorId));
      // The caller's principal is read once and then kept: a first call reads it.
      expect((await t.call('POST', path, { token: f.owner, body: { size: 1 } })).status).toBe(200);
      const counts: number[] = [];
      for (const size of [10, 100]) {
        counts.push(
          await countQueries(t, async () => {
            const page = await t.call<Page>('POST', path, {
              token: f.owner,
              body: { ...(call.search ? { search: tag } : {}), page: 0, size },
            });
            expect(page.status, page.raw).toBe(200);
            expect(page.body.data).toHaveLength(size);
            expect(page.body.total).toBe(120);
          }),
        );
      }
      const [ten, hundred] = counts as [number, number];
      expect(ten).toBeGreaterThan(0);
      expect(hundred, `${ten} queries for 10 rows, ${hundred} for 100`).toBe(ten);
    });
  }

  it("shows and filters by the classes of a student's active educations as they change", async () => {
    const { db } = t.database;
    const studentId = await createStudent(t, f, {
      firstName: 'Klara',
      lastName: `Klassen${tag}`,
    });
    const classesOf = async (licenseClass?: string) => {
      const page = await t.call<Page>('POST', '/students/student-list', {
        token: f.owner,
        body: { search: `Klassen${tag}`, ...(licenseClass ? { licenseClass } : {}) },
      });
      expect(page.status, page.raw).toBe(200);
      return page.body.data.map((row) => row.educationLicenseClasses);
    };
    const education = (licenseClass: 'A' | 'B' | 'BE') => ({
      drivingSchoolId: f.schoolId,
      studentId,
      licenseClass,
      branchId: f.branchId,
      theoryQuestionsVersion: '2026-04',
    });
    expect(await classesOf()).toEqual([[]]);
    expect(await classesOf('B')).toEqual([]);

    // Two rows in one statement, then one more: oldest first.
    const [b, be] = await db
      .insert(studentEducations)
      .values([education('B'), education('BE')])
      .returning({ id: studentEducations.id });
    const [a] = await db
      .insert(studentEducations)
      .values(education('A'))
      .returning({ id: studentEducations.id });
    expect(await classesOf()).toEqual([['B', 'BE', 'A']]);
    expect(await classesOf('BE')).toEqual([['B', 'BE', 'A']]);

    // Archived educations leave the list and the filter; the class of one changes.
    await db
      .update(studentEducations)
      .set({ archived: true })
      .where(eq(studentEducations.id, be?.id as number));
    await db
      .update(studentEducations)
      .set({ licenseClass: 'A2' })
      .where(eq(studentEducations.id, a?.id as number));
    expect(await classesOf()).toEqual([['B', 'A2']]);
    expect(await classesOf('BE')).toEqual([]);

    await db
      .delete(studentEducations)
      .where(inArray(studentEducations.id, [b?.id as number, a?.id as number]));
    expect(await classesOf()).toEqual([[]]);
    expect(await classesOf('B')).toEqual([]);
  });

  describe('search', () => {
    const mark = `Sqw${driver}`;
    const names = (page: Page) =>
      (page.data as unknown as { firstName: string; lastName: string }[])
        .map((row) => `${row.firstName} ${row.lastName}`)
        .sort();
    const search = (text: string) =>
      t.call<Page>('POST', '/students/student-list', {
        token: f.owner,
        body: { search: text, page: 0, size: 50 },
      });

    beforeAll(async () => {
      await createStudent(t, f, { firstName: 'Jürgen', lastName: `Großmüller${mark}` });
      await createStudent(t, f, { firstName: 'Özlem', lastName: `Ährenfeld${mark}` });
      await createStudent(t, f, { firstName: 'Jurgen', lastName: `Grossmuller${mark}` });
    });

    it('finds a fragment in the middle of a name, across first and last name, in any case', async () => {
      const middle = await search(`MÜLLER${mark}`);
      expect(middle.status, middle.raw).toBe(200);
      expect(names(middle.body)).toEqual([`Jürgen Großmüller${mark}`]);

      const across = await search('ÜRGEN GROßMÜ');
      expect(names(across.body)).toEqual([`Jürgen Großmüller${mark}`]);

      const lower = await search(`ährenfeld${mark.toLowerCase()}`);
      expect(names(lower.body)).toEqual([`Özlem Ährenfeld${mark}`]);

      const first = await search('zLE');
      expect(names(first.body)).toEqual([`Özlem Ährenfeld${mark}`]);

      // Umlauts are letters of their own: "muller" is not "müller".
      const plain = await search(`muller${mark}`);
      expect(names(plain.body)).toEqual([`Jurgen Grossmuller${mark}`]);
    });

    it('is answered from the trigram index', async () => {
      const { db } = t.database;
      const columns = studentDefinition(db).searchColumns ?? [];
      // The search condition alone: with the school's key the planner may walk a tenant index.
      const query = db
        .select({ id: students.id })
        .from(students)
        .where(or(...columns.map((column) => searchCondition(column, 'müller'))));
      // Few rows make a sequential scan the cheapest plan; without it the plan shows
      // whether every searched column is covered by the index (else it scans anyway).
      const plan = await db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = (await tx.execute(sql`explain ${query.getSQL()}`)) as unknown as {
          rows: { 'QUERY PLAN': string }[];
        };
        return result.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain('students_search_idx');
      expect(plan).not.toContain('Seq Scan');
    });
  });
});
