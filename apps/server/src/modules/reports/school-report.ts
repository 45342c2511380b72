import { sql } from 'drizzle-orm';
import type { TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { Db } from '../../db/database';
import { requireAuth } from '../../http/auth';
import { fieldError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { formatDate, formatMoney, renderPdf } from '../../pdf/pdfmake';
import type { Services } from '../handlers';
import { issuerOf } from '../payment-documents/document-files';
import { paymentsReport } from '../payments/payments.resources';
import { addDays, berlinToday } from '../resources/kit';
import { balanceReport, examSuccessReport, rowsOf } from './report-queries';

/*
 * The school's report over a period (`POST /driving-schools/report/{id}`, spec 001 §7): one
 * page of key figures — new students and educations, driving and theory lessons given, the
 * exams with their pass rates (from the success-rate reports), the payments received (the
 * payments report) and the open balances on the last day (the balance report). The figures
 * are the reports' own, so the PDF and the report screens never disagree.
 */

/** The longest period of the report (the contract's 366 days). */
export const SCHOOL_REPORT_MAX_DAYS = 366;

export type SchoolReportFigures = {
  schoolName: string;
  from: string;
  to: string;
  newStudents: number;
  newEducations: number;
  drivingLessons: number;
  drivingMinutes: number;
  theoryLessons: number;
  exams: {
    kind: 'Theorie' | 'Praxis';
    attempts: number;
    passed: number;
    rate: number;
    firstAttemptRate: number;
  }[];
  paymentsReceived: number;
  receivables: number;
  credits: number;
  debtorCount: number;
};

export async function loadSchoolReport(
  db: Db,
  schoolId: number,
  from: string,
  to: string,
): Promise<SchoolReportFigures> {
  const filter = { from, to };
  const [issuer, counts, theory, practical, payments, balance] = await Promise.all([
    issuerOf(db, schoolId),
    rowsOf(
      db,
      sql`select
          (select count(*) from students s where s.driving_school_id = ${schoolId}
            and s.registration_date between ${from}::date and ${to}::date)::bigint as new_students,
          (select count(*) from student_educations e where e.driving_school_id = ${schoolId}
            and (e.created_at at time zone 'Europe/Berlin')::date between ${from}::date and ${to}::date)::bigint as new_educations,
          (select count(*) from appointments a where a.driving_school_id = ${schoolId} and a.type = 'DRIVING'
            and (a.booked or a.signed_at is not null) and a.date between ${from}::date and ${to}::date)::bigint as lessons,
          (select coalesce(sum(a.minutes), 0) from appointments a where a.driving_school_id = ${schoolId} and a.type = 'DRIVING'
            and (a.booked or a.signed_at is not null) and a.date between ${from}::date and ${to}::date)::bigint as minutes,
          (select count(*) from theory_lessons t where t.driving_school_id = ${schoolId}
            and t.date between ${from}::date and ${to}::date and t.date <= ${berlinToday()}::date)::bigint as theory`,
    ),
    examSuccessReport(db, schoolId, 'THEORY', filter),
    examSuccessReport(db, schoolId, 'PRACTICAL', filter),
    paymentsReport(db, schoolId, filter),
    balanceReport(db, schoolId, filter),
  ]);
  const row = counts[0] ?? {};
  const exam = (kind: 'Theorie' | 'Praxis', report: typeof theory) => ({
    kind,
    attempts: report.total.attempts,
    passed: report.total.passed,
    rate: report.total.rate,
    firstAttemptRate: report.total.firstAttemptRate,
  });
  return {
    schoolName: issuer.name,
    from,
    to,
    newStudents: Number(row.new_students ?? 0),
    newEducations: Number(row.new_educations ?? 0),
    drivingLessons: Number(row.lessons ?? 0),
    drivingMinutes: Number(row.minutes ?? 0),
    theoryLessons: Number(row.theory ?? 0),
    exams: [exam('Theorie', theory), exam('Praxis', practical)],
    paymentsReceived: payments.total,
    receivables: balance.receivables,
    credits: balance.credits,
    debtorCount: balance.debtorCount,
  };
}

const percent = (value: number) => `${value.toFixed(1).replace('.', ',')} %`;

export function schoolReportDocument(
  figures: SchoolReportFigures,
  today = berlinToday(),
): TDocumentDefinitions {
  const line = (label: string, value: string): TableCell[] => [
    label,
    { text: value, alignment: 'right' },
  ];
  const section = (title: string, rows: TableCell[][]) => [
    {
      text: title,
      bold: true,
      fontSize: 11,
      margin: [0, 10, 0, 4] as [number, number, number, number],
    },
    {
      table: { widths: ['*', 160], body: rows },
      layout: 'lightHorizontalLines',
    },
  ];
  return {
    pageSize: 'A4',
    pageMargins: [48, 48, 48, 48],
    info: { title: `Fahrschulbericht ${figures.from} – ${figures.to}`, author: figures.schoolName },
    defaultStyle: { font: 'Roboto', fontSize: 10 },
    content: [
      { text: figures.schoolName, fontSize: 11, color: '#555555' },
      { text: 'Fahrschulbericht', fontSize: 20, bold: true, margin: [0, 2, 0, 2] },
      {
        text: `Zeitraum ${formatDate(figures.from)} – ${formatDate(figures.to)} · erstellt am ${formatDate(today)}`,
        margin: [0, 0, 0, 8],
      },
      ...section('Fahrschüler und Ausbildungen', [
        line('Neue Fahrschüler', String(figures.newStudents)),
        line('Neue Ausbildungen', String(figures.newEducations)),
      ]),
      ...section('Unterricht', [
        line('Fahrstunden (gebucht oder unterschrieben)', String(figures.drivingLessons)),
        line(
          'Praktische Ausbildung',
          `${figures.drivingMinutes} Min. (${(figures.drivingMinutes / 45).toFixed(1).replace('.', ',')} × 45 Min.)`,
        ),
        line('Theoriestunden gehalten', String(figures.theoryLessons)),
      ]),
      ...section(
        'Prüfungen',
        figures.exams.flatMap((exam) => [
          line(`${exam.kind}: Prüfungen / bestanden`, `${exam.attempts} / ${exam.passed}`),
          line(`${exam.kind}: Erfolgsquote`, percent(exam.rate)),
          line(`${exam.kind}: Erfolgsquote im Erstversuch`, percent(exam.firstAttemptRate)),
        ]),
      ),
      ...section('Finanzen', [
        line('Zahlungseingänge im Zeitraum', formatMoney(figures.paymentsReceived)),
        line(`Offene Forderungen am ${formatDate(figures.to)}`, formatMoney(figures.receivables)),
        line('Zahler mit offenem Saldo', String(figures.debtorCount)),
        line(`Guthaben am ${formatDate(figures.to)}`, formatMoney(figures.credits)),
      ]),
      {
        text: 'Die Zahlen sind dieselben wie in den Berichten des Back Office (Finanzen, Ausbildung, Lernen) für denselben Zeitraum.',
        fontSize: 8,
        color: '#555555',
        margin: [0, 16, 0, 0],
      },
    ],
  };
}

export function createSchoolReportHandlers({ db }: Pick<Services, 'db'>): OperationHandlers {
  return {
    async createDrivingSchoolReport(request) {
      const auth = requireAuth(request);
      if (Number(request.params.id) !== auth.drivingSchoolId) throw notFound();
      const { from, to } = request.body;
      if (from > to) throw fieldError('to', 'validation.invalid', '`to` is before `from`.');
      if (to > addDays(from, SCHOOL_REPORT_MAX_DAYS - 1)) {
        throw fieldError('to', 'validation.invalid', 'The report covers at most 366 days.');
      }
      const figures = await loadSchoolReport(db, auth.drivingSchoolId, from, to);
      return {
        status: 200,
        file: {
          bytes: await renderPdf(schoolReportDocument(figures)),
          mimeType: 'application/pdf',
          fileName: `Fahrschulbericht_${from}_${to}.pdf`,
          disposition: 'inline',
        },
      };
    },
  };
}
