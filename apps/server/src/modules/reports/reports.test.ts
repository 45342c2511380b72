import { eq } from 'drizzle-orm';
import { readSheet as readXlsxFile } from 'read-excel-file/node';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import {
  appointments,
  branches,
  drivingSchools,
  examParticipants,
  exams,
  livePayMandates,
  paymentDocuments,
  payments,
  priceLists,
  prices,
  products,
  reportExports,
  studentEducations,
  students,
  testingOrganizations,
  theoryLessons,
  users,
  vehicles,
} from '../../db/schema';
import { createFileStore } from '../../files/file-store';
import { pdfText } from '../../test/pdf-text';
import {
  DEMO_INSTRUCTOR,
  DEMO_OWNER,
  DRIVERS,
  expectError,
  type TestApp,
  useTestApp,
} from '../../test/test-app';
import { paymentsReport } from '../payments/payments.resources';
import { addDays, berlinToday } from '../resources/kit';
import { inspectionPackDocument, loadInspectionPack } from './inspection-pack';
import { officeDashboard } from './office-dashboard';
import { removeExpiredExports } from './report-exports';
import { computeReport, reportTable, tableCsv, tableXlsx } from './report-files';
import {
  balanceReport,
  durationReport,
  examSuccessReport,
  kmReport,
  passedExamsReport,
  salesReport,
} from './report-queries';

/*
 * The reports' numbers on a small fixed school (golden figures worked out by hand in the
 * comments), the files, the export job, the inspection pack, the school report and the office
 * dashboard over HTTP on the demo school.
 */

const YEAR = { from: '2026-01-01', to: '2026-12-31' };

type Golden = {
  schoolId: number;
  anna: number;
  bernd: number;
  branchOne: number;
  branchTwo: number;
};

/**
 * A school of its own: two instructors (Anna, Bernd), two branches, two cars, one testing
 * organisation, a standard price list, three students (S1 B/Anna/branch one, S2 B/Bernd/branch
 * two, S3 A/Anna/branch one) with lessons, exams, invoices and payments.
 */
async function goldenSchool(db: Db, tag: string): Promise<Golden> {
  const [school] = await db
    .insert(drivingSchools)
    .values({ name: `Fahrschule Golden ${tag}` })
    .returning();
  const schoolId = school?.id as number;
  const s = { drivingSchoolId: schoolId };
  const [anna, bernd] = await db
    .insert(users)
    .values([
      {
        ...s,
        firstName: 'Anna',
        lastName: 'Alt',
        email: `anna.${tag}@golden.de`,
        passwordHash: 'x',
      },
      {
        ...s,
        firstName: 'Bernd',
        lastName: 'Berg',
        email: `bernd.${tag}@golden.de`,
        passwordHash: 'x',
      },
    ])
    .returning();
  const [one, two] = await db
    .insert(branches)
    .values([
      {
        ...s,
        name: 'Bremen',
        abbreviation: 'HB',
        workCorridorFrom: '07:00',
        workCorridorTo: '20:00',
      },
      {
        ...s,
        name: 'Hamburg',
        abbreviation: 'HH',
        workCorridorFrom: '07:00',
        workCorridorTo: '20:00',
      },
    ])
    .returning();
  const [golf, polo] = await db
    .insert(vehicles)
    .values([
      {
        ...s,
        name: 'Golf',
        plate: 'HB-FS 1',
        kind: 'CAR',
        transmission: 'MANUAL',
        licenseClasses: ['B'],
      },
      {
        ...s,
        name: 'Polo',
        plate: 'HB-FS 2',
        kind: 'CAR',
        transmission: 'MANUAL',
        licenseClasses: ['B'],
      },
    ])
    .returning();
  const [tuev] = await db
    .insert(testingOrganizations)
    .values({ ...s, name: 'TÜV Nord', kind: 'TUEV' })
    .returning();
  const [list] = await db
    .insert(priceLists)
    .values({ ...s, name: 'Standard', standard: true })
    .returning();
  const [normal, overland, presentation] = await db
    .insert(products)
    .values([
      { ...s, type: 'DRIVING_LESSON', name: 'Übungsfahrt', hourType: 'NORMAL', vatRate: 19 },
      { ...s, type: 'DRIVING_LESSON', name: 'Überland', hourType: 'OVERLAND', vatRate: 19 },
      {
        ...s,
        type: 'DRIVING_LESSON',
        name: 'Vorstellung',
        hourType: 'EXAM_PRESENTATION',
        vatRate: 19,
      },
    ])
    .returning();
  await db.insert(prices).values([
    { ...s, priceListId: list?.id as number, productId: normal?.id as number, price: 6_000 },
    { ...s, priceListId: list?.id as number, productId: overland?.id as number, price: 7_000 },
    {
      ...s,
      priceListId: list?.id as number,
      productId: presentation?.id as number,
      price: 15_000,
    },
  ]);
  const ids = { anna: anna?.id as number, bernd: bernd?.id as number };
  const branchOne = one?.id as number;
  const branchTwo = two?.id as number;
  const people = await db
    .insert(students)
    .values([
      { ...s, firstName: 'Sina', lastName: 'Eins', branchId: branchOne, instructorId: ids.anna },
      { ...s, firstName: 'Tom', lastName: 'Zwei', branchId: branchTwo, instructorId: ids.bernd },
      { ...s, firstName: 'Uwe', lastName: 'Drei', branchId: branchOne, instructorId: ids.anna },
    ])
    .returning();
  const [s1, s2, s3] = people.map((p) => p.id) as [number, number, number];
  const educations = await db
    .insert(studentEducations)
    .values([
      {
        ...s,
        studentId: s1,
        licenseClass: 'B',
        branchId: branchOne,
        instructorId: ids.anna,
        startDate: '2026-01-10',
        theoryQuestionsVersion: '2026-04',
      },
      {
        ...s,
        studentId: s2,
        licenseClass: 'B',
        branchId: branchTwo,
        instructorId: ids.bernd,
        startDate: '2026-02-01',
        theoryQuestionsVersion: '2026-04',
      },
      {
        ...s,
        studentId: s3,
        licenseClass: 'A',
        branchId: branchOne,
        instructorId: ids.anna,
        startDate: '2025-11-01',
        theoryQuestionsVersion: '2026-04',
      },
    ])
    .returning();
  const [e1, e2, e3] = educations.map((e) => e.id) as [number, number, number];
  const at = (date: string) => new Date(`${date}T18:00:00Z`);
  const lesson = (
    studentId: number,
    educationId: number,
    instructorId: number,
    date: string,
    minutes: number,
    extra: Partial<typeof appointments.$inferInsert> = {},
  ): typeof appointments.$inferInsert => ({
    ...s,
    type: 'DRIVING',
    date,
    startTime: '09:00',
    minutes,
    studentId,
    studentEducationId: educationId,
    hourType: 'NORMAL',
    instructorId,
    ...extra,
  });
  await db.insert(appointments).values([
    // Anna: 90 min booked at 120,00 €, 40 km; 45 min overland booked without a charge (list
    // price 70,00 €), 50 km; an exam drive of 60 min (list 150,00 € per 45 min → 200,00 €).
    lesson(s1, e1, ids.anna, '2026-03-02', 90, {
      vehicleId: golf?.id,
      kmDriven: 40,
      booked: true,
      bookedAt: at('2026-03-02'),
      bookedPrice: 12_000,
      bookedVatRate: 19,
    }),
    lesson(s1, e1, ids.anna, '2026-03-09', 45, {
      hourType: 'OVERLAND',
      vehicleId: golf?.id,
      kmDriven: 50,
      booked: true,
      bookedAt: at('2026-03-09'),
    }),
    lesson(s1, e1, ids.anna, '2026-05-05', 60, {
      type: 'EXAM',
      hourType: 'EXAM_PRESENTATION',
      vehicleId: golf?.id,
    }),
    // Bernd: 45 min booked at 60,00 €, 20 km; a lesson neither booked nor signed (not held).
    lesson(s2, e2, ids.bernd, '2026-04-01', 45, {
      vehicleId: polo?.id,
      kmDriven: 20,
      booked: true,
      bookedAt: at('2026-04-01'),
      bookedPrice: 6_000,
      bookedVatRate: 19,
    }),
    lesson(s2, e2, ids.bernd, '2026-04-02', 45, { vehicleId: polo?.id }),
    // Before the period.
    lesson(s3, e3, ids.anna, '2025-12-15', 45, {
      vehicleId: golf?.id,
      kmDriven: 30,
      booked: true,
      bookedAt: at('2025-12-15'),
      bookedPrice: 6_000,
      bookedVatRate: 19,
    }),
  ]);
  await db.insert(theoryLessons).values({
    ...s,
    additional: false,
    lessonNumber: 1,
    topic: 'Persönliche Voraussetzungen',
    date: '2026-02-10',
    startTime: '18:00',
    instructorId: ids.bernd,
    branchId: branchOne,
  });
  const exam = async (
    kind: 'THEORY' | 'PRACTICAL',
    date: string,
    proctorId: number | null,
    results: [number, number, 'PASSED' | 'FAILED' | 'ABSENT', number][],
  ) => {
    const [row] = await db
      .insert(exams)
      .values({
        ...s,
        kind,
        date,
        startTime: '08:00',
        minutes: 60,
        testingOrganizationId: tuev?.id as number,
        proctorId,
      })
      .returning();
    await db.insert(examParticipants).values(
      results.map(([studentId, studentEducationId, status, attempt]) => ({
        ...s,
        examId: row?.id as number,
        studentId,
        studentEducationId,
        status,
        attempt,
      })),
    );
  };
  await exam('THEORY', '2026-02-15', null, [
    [s1, e1, 'FAILED', 1],
    [s2, e2, 'PASSED', 1],
  ]);
  await exam('THEORY', '2026-03-01', null, [[s1, e1, 'PASSED', 2]]);
  await exam('PRACTICAL', '2026-05-05', ids.anna, [
    [s1, e1, 'PASSED', 1],
    [s3, e3, 'FAILED', 1],
  ]);
  await exam('PRACTICAL', '2026-06-10', ids.bernd, [
    [s2, e2, 'ABSENT', 1],
    [s3, e3, 'PASSED', 2],
  ]);
  const mandates = await db
    .insert(livePayMandates)
    .values(
      [
        [s1, e1],
        [s2, e2],
      ].map(([studentId, studentEducationId], i) => ({
        ...s,
        reference: `GOLDEN-${tag}-${i}`,
        studentId: studentId as number,
        studentEducationId: studentEducationId as number,
        holderName: 'Kontoinhaber',
        iban: 'DE02120300000000202051',
      })),
    )
    .returning();
  const mandateOf = new Map(mandates.map((m) => [m.studentId, m.id]));
  const pay = (
    studentId: number,
    educationId: number,
    amount: number,
    paymentDate: string,
    method: 'TRANSFER' | 'DIRECT_DEBIT' | 'CASH',
    status: 'PAID' | 'FAILED' = 'PAID',
  ) => ({
    ...s,
    studentId,
    studentEducationId: educationId,
    amount,
    paymentDate,
    method,
    status,
    mandateId: method === 'DIRECT_DEBIT' ? (mandateOf.get(studentId) ?? null) : null,
  });
  await db
    .insert(payments)
    .values([
      pay(s1, e1, 20_000, '2026-01-15', 'TRANSFER'),
      pay(s1, e1, 15_000, '2026-03-01', 'DIRECT_DEBIT'),
      pay(s2, e2, 10_000, '2026-03-20', 'CASH'),
      pay(s2, e2, 5_000, '2026-04-01', 'DIRECT_DEBIT', 'FAILED'),
      pay(s3, e3, 8_000, '2025-12-20', 'TRANSFER'),
    ]);
  const invoice = (
    studentId: number,
    educationId: number,
    gross: number,
    issueDate: string,
    number: string,
  ) => ({
    ...s,
    type: 'FINAL_INVOICE' as const,
    status: 'ISSUED' as const,
    number,
    studentId,
    studentEducationId: educationId,
    recipientName: 'Schüler',
    issueDate,
    issuedAt: at(issueDate),
    totalNet: gross,
    totalVat: 0,
    totalGross: gross,
  });
  await db
    .insert(paymentDocuments)
    .values([
      invoice(s1, e1, 50_000, '2026-02-01', `G-${tag}-1`),
      invoice(s2, e2, 12_000, '2026-03-15', `G-${tag}-2`),
      invoice(s3, e3, 10_000, '2025-12-01', `G-${tag}-3`),
    ]);
  return { schoolId, ...ids, branchOne, branchTwo };
}

describe.each(DRIVERS)('reports on %s', (driver) => {
  const t = useTestApp(driver);
  let g: Golden;
  let owner: string;
  let instructor: string;

  beforeAll(async () => {
    g = await goldenSchool(t.database.db, driver);
    owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    instructor = await t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password);
  });

  it('payments per month and method, settled only, by the education restrictions', async () => {
    const db = t.database.db;
    const report = await paymentsReport(db, g.schoolId, YEAR);
    expect(report.rows).toEqual([
      { month: '2026-01', method: 'TRANSFER', count: 1, amount: 20_000 },
      { month: '2026-03', method: 'CASH', count: 1, amount: 10_000 },
      { month: '2026-03', method: 'DIRECT_DEBIT', count: 1, amount: 15_000 },
    ]);
    expect(report.total).toBe(45_000);
    const hamburg = await paymentsReport(db, g.schoolId, { ...YEAR, branchIds: [g.branchTwo] });
    expect(hamburg.rows).toEqual([{ month: '2026-03', method: 'CASH', count: 1, amount: 10_000 }]);
  });

  it('the balance: opening, each month, closing, receivables per payer', async () => {
    const report = await balanceReport(t.database.db, g.schoolId, YEAR);
    // Before 2026: S3 paid 80,00 and was invoiced 100,00 → −20,00.
    expect(report.openingBalance).toBe(-2_000);
    expect(report.months).toHaveLength(12);
    expect(report.months.slice(0, 4)).toEqual([
      { month: '2026-01', invoiced: 0, paid: 20_000, change: 20_000, balance: 18_000 },
      { month: '2026-02', invoiced: 50_000, paid: 0, change: -50_000, balance: -32_000 },
      { month: '2026-03', invoiced: 12_000, paid: 25_000, change: 13_000, balance: -19_000 },
      { month: '2026-04', invoiced: 0, paid: 0, change: 0, balance: -19_000 },
    ]);
    expect(report.closingBalance).toBe(-19_000);
    // S1 −150,00, S2 −20,00, S3 −20,00.
    expect(report).toMatchObject({ receivables: 19_000, credits: 0, debtorCount: 3 });
  });

  it('sales per instructor at booked or list prices', async () => {
    const report = await salesReport(t.database.db, g.schoolId, YEAR, '2026-12-31');
    expect(report.instructors).toEqual([
      {
        instructorId: g.anna,
        firstName: 'Anna',
        lastName: 'Alt',
        drivingLessonCount: 2,
        drivingMinutes: 135,
        examCount: 1,
        theoryLessonCount: 0,
        // 120,00 booked + 70,00 list + 200,00 exam drive (150,00 per 45 min × 60 min).
        gross: 39_000,
        net: 32_773,
      },
      {
        instructorId: g.bernd,
        firstName: 'Bernd',
        lastName: 'Berg',
        drivingLessonCount: 1,
        drivingMinutes: 45,
        examCount: 0,
        theoryLessonCount: 1,
        gross: 6_000,
        net: 5_042,
      },
    ]);
    expect(report).toMatchObject({ gross: 45_000, net: 37_815 });
    const onlyBernd = await salesReport(t.database.db, g.schoolId, {
      ...YEAR,
      instructorIds: [g.bernd],
    });
    expect(onlyBernd.instructors.map((row) => row.lastName)).toEqual(['Berg']);
  });

  it('exam success rates per class, instructor and organisation, with first attempts', async () => {
    const db = t.database.db;
    const theory = await examSuccessReport(db, g.schoolId, 'THEORY', YEAR);
    expect(theory.total).toEqual({
      attempts: 3,
      passed: 2,
      failed: 1,
      absent: 0,
      rate: 66.67,
      firstAttempts: 2,
      firstAttemptsPassed: 1,
      firstAttemptRate: 50,
    });
    expect(theory.classes.map((row) => [row.licenseClass, row.rate])).toEqual([['B', 66.67]]);
    // Theory: the education's instructor (S1 Anna, S2 Bernd).
    expect(
      theory.instructors.map((row) => [row.instructorName, row.rate, row.firstAttemptRate]),
    ).toEqual([
      ['Anna Alt', 50, 0],
      ['Bernd Berg', 100, 100],
    ]);
    expect(theory.testingOrganizations).toEqual([
      expect.objectContaining({ testingOrganizationName: 'TÜV Nord', attempts: 3, passed: 2 }),
    ]);
    const practical = await examSuccessReport(db, g.schoolId, 'PRACTICAL', YEAR);
    expect(practical.total).toMatchObject({
      attempts: 3,
      passed: 2,
      failed: 1,
      absent: 1,
      rate: 66.67,
      firstAttempts: 2,
      firstAttemptsPassed: 1,
      firstAttemptRate: 50,
    });
    expect(practical.classes.map((row) => [row.licenseClass, row.attempts, row.rate])).toEqual([
      ['A', 2, 50],
      ['B', 1, 100],
    ]);
    // Practical: the presenting instructor (the exam's proctor).
    expect(
      practical.instructors.map((row) => [row.instructorName, row.passed, row.failed, row.absent]),
    ).toEqual([
      ['Anna Alt', 1, 1, 0],
      ['Bernd Berg', 1, 0, 1],
    ]);
  });

  it('passed exams, oldest first, with the attempt', async () => {
    const report = await passedExamsReport(t.database.db, g.schoolId, 'PRACTICAL', YEAR);
    expect(report.total).toBe(2);
    expect(report.exams.map((row) => [row.examDate, row.lastName, row.attempt])).toEqual([
      ['2026-05-05', 'Eins', 1],
      ['2026-06-10', 'Drei', 2],
    ]);
    const branchTwo = await passedExamsReport(t.database.db, g.schoolId, 'THEORY', {
      ...YEAR,
      branchIds: [g.branchTwo],
    });
    expect(branchTwo.exams.map((row) => row.lastName)).toEqual(['Zwei']);
  });

  it('km per 45-minute lesson per vehicle and instructor', async () => {
    const report = await kmReport(t.database.db, g.schoolId, YEAR);
    expect(report.vehicles.map((v) => [v.name, v.lessonCount, v.km, v.kmPerLesson])).toEqual([
      ['Golf', 3, 90, 30],
      ['Polo', 1, 20, 20],
    ]);
    expect(report.instructors.map((i) => [i.lastName, i.minutes, i.km])).toEqual([
      ['Alt', 135, 90],
      ['Berg', 45, 20],
    ]);
    expect(report).toMatchObject({ lessonCount: 4, km: 110, kmPerLesson: 27.5 });
    // Hamburg: S2's lesson (the appointment has no branch; the education's counts).
    const hamburg = await kmReport(t.database.db, g.schoolId, {
      ...YEAR,
      branchIds: [g.branchTwo],
    });
    expect(hamburg.vehicles.map((v) => v.name)).toEqual(['Polo']);
    const classA = await kmReport(t.database.db, g.schoolId, { ...YEAR, licenseClasses: ['A'] });
    expect(classA.km).toBe(0);
  });

  it('education duration from registration to the passed practical exam', async () => {
    const report = await durationReport(t.database.db, g.schoolId, YEAR);
    expect(report.classes).toEqual([
      {
        licenseClass: 'A',
        educationCount: 1,
        averageDays: 221,
        medianDays: 221,
        minDays: 221,
        maxDays: 221,
        p25Days: 221,
        p75Days: 221,
        averageDrivingLessons: 1,
      },
      {
        licenseClass: 'B',
        educationCount: 1,
        averageDays: 115,
        medianDays: 115,
        minDays: 115,
        maxDays: 115,
        p25Days: 115,
        p75Days: 115,
        averageDrivingLessons: 3,
      },
    ]);
  });

  it('writes CSV for German Excel and XLSX that reads back', async () => {
    const db = t.database.db;
    const km = await computeReport(db, g.schoolId, 'KM_PER_DRIVING_LESSON', YEAR);
    const csv = tableCsv(reportTable('KM_PER_DRIVING_LESSON', km)).toString('utf8');
    expect(csv.startsWith('\uFEFFGruppe;Name;Kennzeichen;')).toBe(true);
    expect(csv).toContain('\r\nFahrzeug;Golf;HB-FS 1;3;135;90;30,0\r\n');
    expect(csv).toContain('\r\nGesamt;;;4;;110;27,5\r\n');
    const payments = await computeReport(db, g.schoolId, 'PAYMENTS_PER_DRIVING_SCHOOL', YEAR);
    const paymentsCsv = tableCsv(reportTable('PAYMENTS_PER_DRIVING_SCHOOL', payments)).toString();
    expect(paymentsCsv).toContain('\r\n01.2026;Überweisung;1;200,00\r\n');
    const passed = await computeReport(db, g.schoolId, 'SUCCESSFULLY_PASSED_PRACTICAL_EXAMS', YEAR);
    const table = reportTable('SUCCESSFULLY_PASSED_PRACTICAL_EXAMS', passed);
    expect(tableCsv(table).toString()).toContain('\r\n05.05.2026;Eins;Sina;B;1;Anna Alt\r\n');
    const rows = await readXlsxFile(await tableXlsx(table));
    expect(rows[0]).toEqual([
      'Prüfungsdatum',
      'Nachname',
      'Vorname',
      'Klasse',
      'Versuch',
      'Fahrlehrer',
    ]);
    expect(rows[1]?.[0]).toEqual(new Date('2026-05-05T00:00:00Z'));
    expect(rows[1]?.slice(1)).toEqual(['Eins', 'Sina', 'B', 1, 'Anna Alt']);
    // A name a spreadsheet would run as a formula stays text.
    const formula = tableCsv(
      reportTable('SUCCESSFULLY_PASSED_THEORY_EXAMS', {
        ...passed,
        exams: [{ ...(passed as { exams: object[] }).exams[0], lastName: '=HYPERLINK("x")' }],
      } as never),
    ).toString();
    expect(formula).toContain(`;"'=HYPERLINK(""x"")";`);
    const moneyRows = await readXlsxFile(
      await tableXlsx(reportTable('PAYMENTS_PER_DRIVING_SCHOOL', payments)),
    );
    expect(moneyRows[1]).toEqual(['01.2026', 'Überweisung', 1, 200]);
  });

  it('prints the inspection pack in the layout of the training record', async () => {
    const data = await loadInspectionPack(
      t.database.db,
      g.schoolId,
      g.anna,
      '2026-03-01',
      '2026-05-31',
    );
    expect(data.lessons).toHaveLength(3);
    expect(data.educations.map((e) => e.education.last_name)).toEqual(['Eins']);
    const pdf = pdfText(
      Buffer.from(
        await (await import('../../pdf/pdfmake')).renderPdf(
          inspectionPackDocument(data, '2026-06-01'),
        ),
      ),
    );
    expect(pdf).toContain('Prüfungsmappe für die Fahrschulüberwachung');
    expect(pdf).toContain('Tagesnachweise der praktischen Ausbildung');
    expect(pdf).toContain('Ausbildungsnachweis für Klasse B');
    expect(pdf).toContain('Theoretischer Grundunterricht');
    expect(pdf).toContain('ÜL – Überlandfahrt');
    expect(pdf).toContain('von 495 Min.');
  });

  it('flags a day above 495 minutes in the daily records', async () => {
    const lessons = Array.from({ length: 6 }, (_, i) => ({
      date: '2026-03-02',
      start_time: `${String(7 + i * 2).padStart(2, '0')}:00:00`,
      minutes: 90,
      type: 'DRIVING',
      hour_type: 'NORMAL',
      license_class: 'B',
      first_name: 'Sina',
      last_name: 'Eins',
      plate: 'HB-FS 1',
      km_driven: 30,
    }));
    const { renderPdf } = await import('../../pdf/pdfmake');
    const pdf = pdfText(
      await renderPdf(
        inspectionPackDocument({
          issuer: { name: 'Fahrschule Golden' } as never,
          instructor: { id: 1, name: 'Anna Alt' },
          from: '2026-03-01',
          to: '2026-03-31',
          lessons,
          educations: [],
        }),
      ),
    );
    expect(pdf).toContain('über 495 Min. (+45)');
  });

  describe('over HTTP (demo school)', () => {
    const period = { from: addDays(berlinToday(), -365), to: berlinToday() };

    it('answers every report and refuses a bad period in German-ready keys', async () => {
      for (const path of [
        'payments-per-driving-school',
        'balance-per-driving-school',
        'sales-per-instructor',
        'practical-exam-success-rate',
        'theory-exam-success-rate',
        'successfully-passed-practical-exams',
        'successfully-passed-theory-exams',
        'km-per-driving-lesson',
        'education-duration',
      ]) {
        const answer = await t.call('POST', `/reports/${path}`, { token: owner, body: period });
        expect(answer.status, `${path}: ${answer.raw}`).toBe(200);
      }
      const backwards = await t.call('POST', '/reports/km-per-driving-lesson', {
        token: owner,
        body: { from: '2026-05-01', to: '2026-04-01' },
      });
      expect(expectError(backwards, 422, 'errors.validation').fieldErrors).toEqual([
        { field: 'to', error: 'validation.invalid' },
      ]);
      const denied = await t.call('POST', '/reports/km-per-driving-lesson', {
        token: instructor,
        body: period,
      });
      expect(denied.status).toBe(403);
    });

    it('sends a report file by the Accept header', async () => {
      const csv = await t.call('POST', '/reports/education-duration/export', {
        token: owner,
        body: period,
      });
      expect(csv.status, csv.raw).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.raw.startsWith('\uFEFFKlasse;Ausbildungen;')).toBe(true);
      const xlsx = await t.call('POST', '/reports/sales-per-instructor/export', {
        token: owner,
        body: period,
        headers: {
          accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
      });
      expect(xlsx.status, xlsx.raw).toBe(200);
      const rows = await readXlsxFile(xlsx.bytes);
      expect(rows[0]?.[0]).toBe('Nachname');
      expect(rows.at(-1)?.[0]).toBe('Summe');
    });

    it('exports in the background with progress and hands the file to its user only', async () => {
      const started = await t.call<{ id: number; status: string; progress: number }>(
        'POST',
        '/reports/exports',
        {
          token: owner,
          body: { report: 'PAYMENTS_PER_DRIVING_SCHOOL', format: 'XLSX', filter: period },
        },
      );
      expect(started.status, started.raw).toBe(202);
      expect(started.body).toMatchObject({ status: 'QUEUED', progress: 0 });
      let state = started.body as { status: string; progress: number; fileName?: string };
      for (let i = 0; i < 200 && state.status !== 'DONE' && state.status !== 'FAILED'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        state = (
          await t.call<typeof state>('GET', `/reports/exports/${started.body.id}`, { token: owner })
        ).body;
      }
      expect(state).toMatchObject({ status: 'DONE', progress: 100 });
      expect(state.fileName).toMatch(/^zahlungseingaenge_.*\.xlsx$/);
      const file = await t.call('GET', `/reports/exports/${started.body.id}/file`, {
        token: owner,
      });
      expect(file.status).toBe(200);
      expect((await readXlsxFile(file.bytes))[0]).toEqual([
        'Monat',
        'Zahlungsart',
        'Anzahl',
        'Betrag €',
      ]);
      // Older than 7 days: gone for its user, and the sweep removes it with its file.
      await t.database.db
        .update(reportExports)
        .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
        .where(eq(reportExports.id, started.body.id));
      const expired = await t.call('GET', `/reports/exports/${started.body.id}`, { token: owner });
      expect(expired.status).toBe(404);
      const files = createFileStore({ dataDir: t.config.dataDir });
      expect(await removeExpiredExports({ db: t.database.db, files })).toBeGreaterThan(0);
      expect(
        await t.database.db
          .select()
          .from(reportExports)
          .where(eq(reportExports.id, started.body.id)),
      ).toEqual([]);
      const office = await t.signIn('buero@fahrschule-demo.de', 'Demo#Buero1').catch(() => null);
      if (office) {
        const foreign = await t.call('GET', `/reports/exports/${started.body.id}`, {
          token: office,
        });
        expect([403, 404]).toContain(foreign.status);
      }
    });

    it('prints the school report and the inspection pack', async () => {
      const me = await t.call<{ id: number }>('GET', '/driving-schools/current', { token: owner });
      const report = await t.call('POST', `/driving-schools/report/${me.body.id}`, {
        token: owner,
        body: period,
      });
      expect(report.status, report.raw).toBe(200);
      expect(pdfText(report.bytes)).toContain('Fahrschulbericht');
      const other = await t.call('POST', `/driving-schools/report/${g.schoolId}`, {
        token: owner,
        body: period,
      });
      expect(other.status).toBe(404);
      const jonas = t.demo.userIds[DEMO_INSTRUCTOR.email] as number;
      const pack = await t.call('POST', '/reports/inspection-pack', {
        token: owner,
        body: { instructorId: jonas, from: addDays(berlinToday(), -30), to: berlinToday() },
      });
      expect(pack.status, pack.raw).toBe(200);
      expect(pack.headers['content-type']).toContain('application/pdf');
      expect(pdfText(pack.bytes)).toContain('Tagesnachweise der praktischen Ausbildung');
      const tooLong = await t.call('POST', '/reports/inspection-pack', {
        token: owner,
        body: { instructorId: jonas, from: '2026-01-01', to: '2026-06-30' },
      });
      expect(expectError(tooLong, 422, 'errors.validation').fieldErrors).toEqual([
        { field: 'to', error: 'validation.invalid' },
      ]);
      const foreign = await t.call('POST', '/reports/inspection-pack', {
        token: owner,
        body: { instructorId: g.anna, from: '2026-03-01', to: '2026-03-31' },
      });
      expect(foreign.status).toBe(404);
    });

    it('the office dashboard shows each tile only with its permission', async () => {
      const full = await t.call<Record<string, unknown>>('GET', '/office-dashboard', {
        token: owner,
      });
      expect(full.status, full.raw).toBe(200);
      expect(Object.keys(full.body).sort()).toEqual(
        [
          'examWindows',
          'failedDebits',
          'mails',
          'registrations',
          'revenue',
          'theoryCourses',
          'today',
          'todos',
          'vehiclesDue',
        ].sort(),
      );
      const mine = await t.call<Record<string, unknown>>('GET', '/office-dashboard', {
        token: instructor,
      });
      expect(mine.status, mine.raw).toBe(200);
      expect(mine.body.revenue).toBeUndefined();
    });
  });

  it('the office dashboard figures on the golden school', async () => {
    const auth = {
      userId: g.anna,
      drivingSchoolId: g.schoolId,
      roleId: 0,
      permissions: new Set(['MODULE_REPORTS', 'MODULE_AUTOMATIC_PAYMENTS', 'MODULE_CUSTOMERS']),
    };
    const board = await officeDashboard(t.database.db, auth, '2026-04-10');
    // April so far: nothing; March in full 250,00 €, March 1–10 150,00 €.
    expect(board.revenue).toEqual({
      month: '2026-04',
      amount: 0,
      previousMonth: '2026-03',
      previousAmount: 25_000,
      previousToDate: 15_000,
    });
    // S2's newest debit failed.
    expect(board.failedDebits?.map((row) => [row.lastName, row.amount])).toEqual([['Zwei', 5_000]]);
    // S2 passed theory on 15.02.2026 and has no passed practical exam: window to 15.02.2027
    // (the same day a year later, as the education page counts it).
    const late = await officeDashboard(t.database.db, auth, '2027-01-20');
    expect(late.examWindows?.map((row) => [row.lastName, row.closesOn, row.daysLeft])).toEqual([
      ['Zwei', '2027-02-15', 26],
    ]);
    // Anna sees only her own students: S2 is Bernd's.
    const own = await officeDashboard(
      t.database.db,
      { ...auth, studentVisibility: 'OWN' },
      '2027-01-20',
    );
    expect(own.failedDebits).toEqual([]);
    expect(own.examWindows).toEqual([]);
    const bernds = await officeDashboard(
      t.database.db,
      { ...auth, userId: g.bernd, studentVisibility: 'OWN' },
      '2027-01-20',
    );
    expect(bernds.failedDebits?.map((row) => row.lastName)).toEqual(['Zwei']);
  });
});
