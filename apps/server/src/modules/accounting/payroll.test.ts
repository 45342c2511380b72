import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, branches, studentEducations, students, users } from '../../db/schema';
import { unescapeXml } from '../../lib/xml';
import {
  DEMO_INSTRUCTOR,
  DEMO_OFFICE,
  DEMO_OWNER,
  DRIVERS,
  expectError,
  useTestApp,
} from '../../test/test-app';
import { MINUTE_COLUMNS, monthRange, PAYROLL_HEADER, type PayrollOverview } from './payroll';

/*
 * The payroll export (issue 14): the figures of a small calendar in February 2026 — the
 * instructor's driving lessons of two hour types, a theory lesson, an exam, other work, and
 * what never counts (a private appointment, a lesson left out of payroll, a lesson of March);
 * the owner stands in for one motorway lesson — as CSV text and as an XLSX that unzips.
 */

const HEADER = PAYROLL_HEADER.join(';');
const zeros = (n: number) => Array.from({ length: n }, () => '0');

/** `hourTypes` minute cells (9), theory, exam, other. */
const EXPECTED = [
  HEADER,
  [
    'Mustermann, Erika',
    '10.02.2026',
    '0',
    '0',
    '90',
    ...zeros(6),
    '0',
    '0',
    '0',
    '90',
    '1,50',
    '120',
  ],
  ['Mustermann, Erika', 'Summe', '0', '0', '90', ...zeros(6), '0', '0', '0', '90', '1,50', '120'],
  [
    'Weber, Jonas',
    '03.02.2026',
    '45',
    '90',
    '0',
    ...zeros(6),
    '90',
    '0',
    '0',
    '225',
    '3,75',
    '115',
  ],
  ['Weber, Jonas', '04.02.2026', '0', '0', '0', ...zeros(6), '0', '60', '30', '90', '1,50', '0'],
  ['Weber, Jonas', 'Summe', '45', '90', '0', ...zeros(6), '90', '60', '30', '315', '5,25', '115'],
].map((line) => (Array.isArray(line) ? line.join(';') : line));

/** The cells of the first sheet of an XLSX, row by row (shared strings resolved). */
function sheetRows(bytes: Buffer): string[][] {
  const files = unzipSync(new Uint8Array(bytes));
  const sheet = strFromU8(files['xl/worksheets/sheet1.xml'] as Uint8Array);
  const sharedXml = files['xl/sharedStrings.xml'];
  const shared = sharedXml
    ? [...strFromU8(sharedXml).matchAll(/<si>(?:<t[^>]*>)?([\s\S]*?)(?:<\/t>)?<\/si>/g)].map(
        (match) => unescapeXml(match[1] as string),
      )
    : [];
  return [...sheet.matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)].map((row) =>
    [...(row[1] as string).matchAll(/<c ([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)].map((cell) => {
      const attributes = cell[1] as string;
      const inner = cell[2] ?? '';
      const value = /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1];
      const inline = /<t[^>]*>([\s\S]*?)<\/t>/.exec(inner)?.[1];
      if (/t="s"/.test(attributes)) return shared[Number(value)] ?? '';
      if (inline !== undefined) return unescapeXml(inline);
      return value ?? '';
    }),
  );
}

/** A minute record: every column, zero unless given. */
const minutes = (given: Partial<Record<string, number>> = {}) =>
  Object.fromEntries(MINUTE_COLUMNS.map((column) => [column.key, given[column.key] ?? 0]));

describe('payroll months', () => {
  it('answers the days of a month and refuses a future one', () => {
    expect(monthRange('2024-02', '2026-11-26')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthRange('2026-12', '2026-12-01')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(() => monthRange('2027-01', '2026-12-31')).toThrow(/future/);
  });
});

describe.each(DRIVERS)('POST /accounting/payroll-export (%s)', (driver) => {
  const t = useTestApp(driver);
  let owner: string;
  let ids: { owner: number; office: number; instructor: number };

  beforeAll(async () => {
    owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    const db = t.database.db;
    const schoolId = t.demo.schoolId;
    const idOf = async (email: string) => {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.drivingSchoolId, schoolId), eq(users.email, email)));
      if (!row) throw new Error(`no user ${email}`);
      return row.id;
    };
    ids = {
      owner: await idOf(DEMO_OWNER.email),
      office: await idOf(DEMO_OFFICE.email),
      instructor: await idOf(DEMO_INSTRUCTOR.email),
    };
    const [branch] = await db
      .insert(branches)
      .values({
        drivingSchoolId: schoolId,
        name: 'Lohnbüro',
        abbreviation: 'LB',
        workCorridorFrom: '06:00',
        workCorridorTo: '22:00',
      })
      .returning({ id: branches.id });
    const [student] = await db
      .insert(students)
      .values({
        drivingSchoolId: schoolId,
        firstName: 'Lena',
        lastName: 'Fahr',
        branchId: branch?.id ?? 0,
      })
      .returning({ id: students.id });
    const [education] = await db
      .insert(studentEducations)
      .values({
        drivingSchoolId: schoolId,
        studentId: student?.id ?? 0,
        licenseClass: 'B',
        branchId: branch?.id ?? 0,
        theoryQuestionsVersion: '2025-04',
      })
      .returning({ id: studentEducations.id });
    const lesson = {
      drivingSchoolId: schoolId,
      type: 'DRIVING' as const,
      studentId: student?.id ?? null,
      studentEducationId: education?.id ?? null,
      licenseClass: 'B',
    };
    const at = (instructorId: number, date: string, startTime: string, minutes: number) => ({
      drivingSchoolId: schoolId,
      instructorId,
      date,
      startTime,
      minutes,
    });
    await db.insert(appointments).values([
      // Jonas, 3 February: 45 + 90 minutes of driving (30 km, 85 km by the odometer), theory.
      {
        ...at(ids.instructor, '2026-02-03', '08:00', 45),
        ...lesson,
        hourType: 'NORMAL',
        kmDriven: 30,
      },
      {
        ...at(ids.instructor, '2026-02-03', '09:00', 90),
        ...lesson,
        hourType: 'OVERLAND',
        kmStart: 1000,
        kmEnd: 1085,
      },
      { ...at(ids.instructor, '2026-02-03', '18:00', 90), type: 'THEORY', title: 'Grundstoff 1' },
      // 4 February: an exam, other work; a private appointment and a lesson out of payroll.
      { ...at(ids.instructor, '2026-02-04', '10:00', 60), type: 'EXAM' },
      { ...at(ids.instructor, '2026-02-04', '12:00', 30), type: 'OTHER', title: 'Werkstatt' },
      { ...at(ids.instructor, '2026-02-04', '14:00', 120), type: 'PRIVATE', title: 'Arzt' },
      {
        ...at(ids.instructor, '2026-02-04', '20:00', 45),
        ...lesson,
        hourType: 'NIGHT',
        includeInPayroll: false,
      },
      // March: another month.
      { ...at(ids.instructor, '2026-03-02', '08:00', 45), ...lesson, hourType: 'NORMAL' },
      // The owner, no instructor, stands in for a motorway lesson.
      {
        ...at(ids.owner, '2026-02-10', '08:00', 90),
        ...lesson,
        hourType: 'MOTORWAY',
        kmDriven: 120,
      },
    ]);
  });

  it('answers the CSV: UTF-8 with BOM, semicolons, decimal comma, a total per instructor', async () => {
    const response = await t.call('POST', '/accounting/payroll-export', {
      token: owner,
      body: { month: '2026-02' },
    });
    expect(response.status, response.raw).toBe(200);
    expect(String(response.headers['content-type'])).toContain('text/csv');
    expect(String(response.headers['content-disposition'])).toContain('Lohnexport_2026-02.csv');
    expect([...response.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = response.bytes.toString('utf8');
    expect(text).toBe(`\uFEFF${EXPECTED.join('\r\n')}\r\n`);
  });

  it('filters by instructor', async () => {
    const response = await t.call('POST', '/accounting/payroll-export', {
      token: owner,
      body: { month: '2026-02', format: 'CSV', instructorIds: [ids.owner] },
    });
    expect(response.status, response.raw).toBe(200);
    expect(response.bytes.toString('utf8')).toBe(`\uFEFF${EXPECTED.slice(0, 3).join('\r\n')}\r\n`);
    // An instructor without work that month gets a line of zeros; the office is no instructor.
    const empty = await t.call('POST', '/accounting/payroll-export', {
      token: owner,
      body: { month: '2026-01' },
    });
    expect(empty.bytes.toString('utf8')).toBe(
      `\uFEFF${HEADER}\r\nWeber, Jonas;Summe;${zeros(13).join(';')};0,00;0\r\n`,
    );
  });

  it('answers the XLSX with the same figures as numbers', async () => {
    const response = await t.call('POST', '/accounting/payroll-export', {
      token: owner,
      body: { month: '2026-02', format: 'XLSX' },
    });
    expect(response.status, response.raw).toBe(200);
    expect(String(response.headers['content-type'])).toContain('spreadsheetml');
    expect(String(response.headers['content-disposition'])).toContain('Lohnexport_2026-02.xlsx');
    const rows = sheetRows(response.bytes);
    expect(rows).toEqual(
      EXPECTED.map((line) =>
        line
          .split(';')
          .map((cell) => (/^\d+,\d+$/.test(cell) ? String(Number(cell.replace(',', '.'))) : cell)),
      ),
    );
  });

  it('refuses a future month, an unknown instructor and a user without the module', async () => {
    expectError(
      await t.call('POST', '/accounting/payroll-export', {
        token: owner,
        body: { month: '2999-01' },
      }),
      422,
      'errors.payroll_month_future',
    );
    const unknown = await t.call('POST', '/accounting/payroll-export', {
      token: owner,
      body: { month: '2026-02', instructorIds: [ids.instructor, 999_999] },
    });
    expect(unknown.status, unknown.raw).toBe(422);
    expect(unknown.body).toMatchObject({
      fieldErrors: [{ field: 'instructorIds', error: 'validation.not_found' }],
    });
    const instructor = await t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password);
    const refused = await t.call('POST', '/accounting/payroll-export', {
      token: instructor,
      body: { month: '2026-02' },
    });
    expect(refused.status).toBe(403);
  });

  it('answers the same figures as JSON for the screen (POST /accounting/payroll-overview)', async () => {
    const response = await t.call<PayrollOverview>('POST', '/accounting/payroll-overview', {
      token: owner,
      body: { month: '2026-02' },
    });
    expect(response.status, response.raw).toBe(200);
    // The columns with the export file's titles, so the screen needs no copy of them.
    expect(response.body.columns.map((column) => column.title)).toEqual(
      PAYROLL_HEADER.slice(2, 2 + MINUTE_COLUMNS.length),
    );
    expect(response.body.columns.map((column) => column.key)).toEqual([
      'NORMAL',
      'OVERLAND',
      'MOTORWAY',
      'NIGHT',
      'EXAM_PRESENTATION',
      'BASIC_DRILL',
      'SIMULATOR',
      'TRAILER',
      'ESCORT',
      'THEORY',
      'EXAM',
      'OTHER',
    ]);
    expect(response.body).toEqual({
      month: '2026-02',
      columns: expect.any(Array),
      instructors: [
        {
          instructorId: ids.owner,
          instructorName: 'Mustermann, Erika',
          total: { minutes: minutes({ MOTORWAY: 90 }), totalMinutes: 90, km: 120 },
          days: [
            { date: '2026-02-10', minutes: minutes({ MOTORWAY: 90 }), totalMinutes: 90, km: 120 },
          ],
        },
        {
          instructorId: ids.instructor,
          instructorName: 'Weber, Jonas',
          total: {
            minutes: minutes({ NORMAL: 45, OVERLAND: 90, THEORY: 90, EXAM: 60, OTHER: 30 }),
            totalMinutes: 315,
            km: 115,
          },
          days: [
            {
              date: '2026-02-03',
              minutes: minutes({ NORMAL: 45, OVERLAND: 90, THEORY: 90 }),
              totalMinutes: 225,
              km: 115,
            },
            {
              date: '2026-02-04',
              minutes: minutes({ EXAM: 60, OTHER: 30 }),
              totalMinutes: 90,
              km: 0,
            },
          ],
        },
      ],
    });

    // One instructor; a month without work: everyone with a total of zeros and no days.
    const one = await t.call<PayrollOverview>('POST', '/accounting/payroll-overview', {
      token: owner,
      body: { month: '2026-02', instructorIds: [ids.instructor] },
    });
    expect(one.status, one.raw).toBe(200);
    expect(one.body.instructors.map((line) => line.instructorName)).toEqual(['Weber, Jonas']);
    const empty = await t.call<PayrollOverview>('POST', '/accounting/payroll-overview', {
      token: owner,
      body: { month: '2026-01', instructorIds: [] },
    });
    expect(empty.status, empty.raw).toBe(200);
    expect(empty.body.instructors).toEqual([
      {
        instructorId: ids.instructor,
        instructorName: 'Weber, Jonas',
        total: { minutes: minutes(), totalMinutes: 0, km: 0 },
        days: [],
      },
    ]);
  });

  it('refuses in the overview what the export refuses, and a file format', async () => {
    expectError(
      await t.call('POST', '/accounting/payroll-overview', {
        token: owner,
        body: { month: '2999-01' },
      }),
      422,
      'errors.payroll_month_future',
    );
    const unknown = await t.call('POST', '/accounting/payroll-overview', {
      token: owner,
      body: { month: '2026-02', instructorIds: [999_999] },
    });
    expect(unknown.status, unknown.raw).toBe(422);
    expect(unknown.body).toMatchObject({
      fieldErrors: [{ field: 'instructorIds', error: 'validation.not_found' }],
    });
    const format = await t.call('POST', '/accounting/payroll-overview', {
      token: owner,
      body: { month: '2026-02', format: 'CSV' },
    });
    expect(format.status, format.raw).toBe(422);
    const instructor = await t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password);
    const refused = await t.call('POST', '/accounting/payroll-overview', {
      token: instructor,
      body: { month: '2026-02' },
    });
    expect(refused.status).toBe(403);
  });
});
