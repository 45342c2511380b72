import type { components } from '@fahrwerk/api/schema';
import writeExcelFile, { type Row as ExcelRow } from 'write-excel-file/node';
import type { Db } from '../../db/database';
import { paymentsReport } from '../payments/payments.resources';
import { csvField, excelCsv, germanDate, XLSX_TYPE } from '../resources/excel-csv';
import {
  balanceReport,
  durationReport,
  examSuccessReport,
  kmReport,
  passedExamsReport,
  type ReportFilter,
  salesReport,
} from './report-queries';

/*
 * The reports as files: one table per report (German column titles), written as CSV the way
 * German Excel opens it (UTF-8 with BOM, semicolons, decimal comma, DD.MM.YYYY, CR LF) or as
 * XLSX (write-excel-file; numbers as numbers with a number format, dates as dates). The
 * report's own `…/export` call and the background export job share this code.
 */

type Schemas = components['schemas'];
export type ReportKind = Schemas['ReportKind'];
export type ExportFormat = Schemas['ReportExportFormat'];

export const CSV_TYPE = 'text/csv; charset=utf-8';

/** How a column's values are written: text, whole numbers, euro cents, percent, decimals, days. */
type ColumnKind = 'text' | 'int' | 'money' | 'rate' | 'decimal' | 'date' | 'month';
type Column = { title: string; kind: ColumnKind; width?: number };
type Value = string | number | null | undefined;

export type ReportTable = {
  /** The sheet's and the file's name (without period and extension). */
  name: string;
  fileStem: string;
  columns: Column[];
  rows: Value[][];
};

const PAYMENT_METHODS: Record<Schemas['PaymentMethod'], string> = {
  TRANSFER: 'Überweisung',
  DIRECT_DEBIT: 'Lastschrift',
  CASH: 'Bar',
  CARD: 'Karte',
};

const text = (title: string, width = 24): Column => ({ title, kind: 'text', width });
const int = (title: string): Column => ({ title, kind: 'int', width: 12 });
const money = (title: string): Column => ({ title, kind: 'money', width: 14 });
const percent = (title: string): Column => ({ title, kind: 'rate', width: 12 });
const decimal = (title: string): Column => ({ title, kind: 'decimal', width: 12 });

const RATE_COLUMNS = [
  int('Prüfungen'),
  int('Bestanden'),
  int('Nicht bestanden'),
  int('Nicht erschienen'),
  percent('Quote %'),
  int('Erstversuche'),
  int('Erstversuche bestanden'),
  percent('Quote Erstversuch %'),
];
const rateValues = (rate: Schemas['ExamSuccessRate']): Value[] => [
  rate.attempts,
  rate.passed,
  rate.failed,
  rate.absent,
  rate.rate,
  rate.firstAttempts,
  rate.firstAttemptsPassed,
  rate.firstAttemptRate,
];

function successTable(kind: 'PRACTICAL' | 'THEORY', report: Schemas['ExamSuccessRateReport']) {
  const rows: Value[][] = [
    ...report.classes.map((r) => ['Klasse', r.licenseClass, ...rateValues(r)]),
    ...report.instructors.map((r) => [
      'Fahrlehrer',
      r.instructorName ?? 'ohne Fahrlehrer',
      ...rateValues(r),
    ]),
    ...report.testingOrganizations.map((r) => [
      'Prüforganisation',
      r.testingOrganizationName,
      ...rateValues(r),
    ]),
    ['Gesamt', '', ...rateValues(report.total)],
  ];
  return {
    name: kind === 'PRACTICAL' ? 'Erfolgsquote Praxis' : 'Erfolgsquote Theorie',
    fileStem: kind === 'PRACTICAL' ? 'erfolgsquote_praxis' : 'erfolgsquote_theorie',
    columns: [text('Gruppe', 16), text('Name'), ...RATE_COLUMNS],
    rows,
  };
}

function passedTable(kind: 'PRACTICAL' | 'THEORY', report: Schemas['PassedExamsReport']) {
  return {
    name: kind === 'PRACTICAL' ? 'Bestandene Praxis' : 'Bestandene Theorie',
    fileStem: kind === 'PRACTICAL' ? 'bestandene_praxis' : 'bestandene_theorie',
    columns: [
      { title: 'Prüfungsdatum', kind: 'date', width: 14 } as Column,
      text('Nachname', 20),
      text('Vorname', 20),
      text('Klasse', 8),
      int('Versuch'),
      text('Fahrlehrer'),
    ],
    rows: report.exams.map((exam) => [
      exam.examDate,
      exam.lastName,
      exam.firstName,
      exam.licenseClass,
      exam.attempt,
      exam.instructorName ?? '',
    ]),
  };
}

/** The report of the kind, as JSON (the `POST /reports/…` answer); `unlimited` for files. */
export async function computeReport(
  db: Db,
  schoolId: number,
  kind: ReportKind,
  filter: ReportFilter,
  unlimited = false,
) {
  switch (kind) {
    case 'PAYMENTS_PER_DRIVING_SCHOOL':
      return paymentsReport(db, schoolId, filter);
    case 'BALANCE_PER_DRIVING_SCHOOL':
      return balanceReport(db, schoolId, filter);
    case 'SALES_PER_INSTRUCTOR':
      return salesReport(db, schoolId, filter);
    case 'PRACTICAL_EXAM_SUCCESS_RATE':
      return examSuccessReport(db, schoolId, 'PRACTICAL', filter);
    case 'THEORY_EXAM_SUCCESS_RATE':
      return examSuccessReport(db, schoolId, 'THEORY', filter);
    case 'SUCCESSFULLY_PASSED_PRACTICAL_EXAMS':
      return passedExamsReport(db, schoolId, 'PRACTICAL', filter, unlimited ? null : 10_000);
    case 'SUCCESSFULLY_PASSED_THEORY_EXAMS':
      return passedExamsReport(db, schoolId, 'THEORY', filter, unlimited ? null : 10_000);
    case 'KM_PER_DRIVING_LESSON':
      return kmReport(db, schoolId, filter);
    case 'EDUCATION_DURATION':
      return durationReport(db, schoolId, filter);
  }
}

/** The report's lines as a table (what the files hold). */
export function reportTable(
  kind: ReportKind,
  report: Awaited<ReturnType<typeof computeReport>>,
): ReportTable {
  switch (kind) {
    case 'PAYMENTS_PER_DRIVING_SCHOOL': {
      const r = report as Schemas['PaymentsPerDrivingSchoolReport'];
      return {
        name: 'Zahlungseingänge',
        fileStem: 'zahlungseingaenge',
        columns: [
          { title: 'Monat', kind: 'month', width: 10 },
          text('Zahlungsart', 16),
          int('Anzahl'),
          money('Betrag €'),
        ],
        rows: r.rows.map((row) => [row.month, PAYMENT_METHODS[row.method], row.count, row.amount]),
      };
    }
    case 'BALANCE_PER_DRIVING_SCHOOL': {
      const r = report as Schemas['BalancePerDrivingSchoolReport'];
      return {
        name: 'Saldo',
        fileStem: 'saldo',
        columns: [
          { title: 'Monat', kind: 'month', width: 10 },
          money('Berechnet €'),
          money('Bezahlt €'),
          money('Veränderung €'),
          money('Saldo Monatsende €'),
        ],
        rows: [
          ['Anfangssaldo', null, null, null, r.openingBalance],
          ...r.months.map((m) => [m.month, m.invoiced, m.paid, m.change, m.balance]),
        ],
      };
    }
    case 'SALES_PER_INSTRUCTOR': {
      const r = report as Schemas['SalesPerInstructorReport'];
      return {
        name: 'Umsatz je Fahrlehrer',
        fileStem: 'umsatz_fahrlehrer',
        columns: [
          text('Nachname', 20),
          text('Vorname', 20),
          int('Fahrstunden'),
          int('Fahrminuten'),
          int('Prüfungen'),
          int('Theoriestunden'),
          money('Netto €'),
          money('Brutto €'),
        ],
        rows: [
          ...r.instructors.map((i) => [
            i.lastName,
            i.firstName,
            i.drivingLessonCount,
            i.drivingMinutes,
            i.examCount,
            i.theoryLessonCount,
            i.net,
            i.gross,
          ]),
          ['Summe', '', null, null, null, null, r.net, r.gross],
        ],
      };
    }
    case 'PRACTICAL_EXAM_SUCCESS_RATE':
      return successTable('PRACTICAL', report as Schemas['ExamSuccessRateReport']);
    case 'THEORY_EXAM_SUCCESS_RATE':
      return successTable('THEORY', report as Schemas['ExamSuccessRateReport']);
    case 'SUCCESSFULLY_PASSED_PRACTICAL_EXAMS':
      return passedTable('PRACTICAL', report as Schemas['PassedExamsReport']);
    case 'SUCCESSFULLY_PASSED_THEORY_EXAMS':
      return passedTable('THEORY', report as Schemas['PassedExamsReport']);
    case 'KM_PER_DRIVING_LESSON': {
      const r = report as Schemas['KmPerDrivingLessonReport'];
      const figures = (x: Schemas['KmPerVehicle'] | Schemas['KmPerInstructor']) => [
        x.lessonCount,
        x.minutes,
        x.km,
        x.kmPerLesson,
      ];
      return {
        name: 'Kilometer je Fahrstunde',
        fileStem: 'km_je_fahrstunde',
        columns: [
          text('Gruppe', 12),
          text('Name'),
          text('Kennzeichen', 14),
          int('Fahrstunden (45 Min.)'),
          int('Minuten'),
          int('km'),
          decimal('km je Fahrstunde'),
        ],
        rows: [
          ...r.vehicles.map((v) => ['Fahrzeug', v.name, v.plate ?? '', ...figures(v)]),
          ...r.instructors.map((i) => [
            'Fahrlehrer',
            `${i.lastName}, ${i.firstName}`,
            '',
            ...figures(i),
          ]),
          ['Gesamt', '', '', r.lessonCount, null, r.km, r.kmPerLesson],
        ],
      };
    }
    case 'EDUCATION_DURATION': {
      const r = report as Schemas['EducationDurationReport'];
      return {
        name: 'Ausbildungsdauer',
        fileStem: 'ausbildungsdauer',
        columns: [
          text('Klasse', 8),
          int('Ausbildungen'),
          decimal('Durchschnitt (Tage)'),
          decimal('Median (Tage)'),
          decimal('1. Quartil (Tage)'),
          decimal('3. Quartil (Tage)'),
          int('Kürzeste (Tage)'),
          int('Längste (Tage)'),
          decimal('Fahrstunden je Ausbildung'),
        ],
        rows: r.classes.map((c) => [
          c.licenseClass,
          c.educationCount,
          c.averageDays,
          c.medianDays,
          c.p25Days,
          c.p75Days,
          c.minDays,
          c.maxDays,
          c.averageDrivingLessons,
        ]),
      };
    }
  }
}

/* ---- writing ------------------------------------------------------------------------------ */

const germanMonth = (month: string) =>
  /^\d{4}-\d{2}$/.test(month) ? `${month.slice(5, 7)}.${month.slice(0, 4)}` : month;
const decimalComma = (value: number, digits: number) => value.toFixed(digits).replace('.', ',');

/**
 * A text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab or CR first — a student
 * named `=HYPERLINK(…)`) gets a leading apostrophe, which Excel shows as text.
 */
const inertText = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

function csvValue(column: Column, value: Value): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    if (column.kind === 'date') return germanDate(value);
    if (column.kind === 'month') return germanMonth(value);
    return csvField(inertText(value));
  }
  switch (column.kind) {
    case 'money':
      return decimalComma(value / 100, 2);
    case 'rate':
      return decimalComma(value, 2);
    case 'decimal':
      return decimalComma(value, 1);
    default:
      return String(value);
  }
}

export function tableCsv(table: ReportTable): Buffer {
  const lines = [table.columns.map((column) => csvField(column.title)).join(';')];
  for (const row of table.rows) {
    lines.push(table.columns.map((column, i) => csvValue(column, row[i])).join(';'));
  }
  return Buffer.from(excelCsv(lines), 'utf8');
}

const EXCEL_FORMATS: Partial<Record<ColumnKind, string>> = {
  money: '#,##0.00 "€"',
  rate: '0.00',
  decimal: '0.0',
  int: '0',
};

export async function tableXlsx(table: ReportTable): Promise<Buffer> {
  const header: ExcelRow = table.columns.map((column) => ({
    value: column.title,
    fontWeight: 'bold',
  }));
  const rows: ExcelRow[] = table.rows.map((row) =>
    table.columns.map((column, i) => {
      const value = row[i];
      if (value === null || value === undefined || value === '') return null;
      if (typeof value === 'number') {
        return {
          value: column.kind === 'money' ? value / 100 : value,
          type: Number,
          format: EXCEL_FORMATS[column.kind],
        };
      }
      if (column.kind === 'date') {
        return { value: new Date(`${value}T00:00:00Z`), type: Date, format: 'dd.mm.yyyy' };
      }
      return { value: column.kind === 'month' ? germanMonth(value) : value, type: String };
    }),
  );
  return writeExcelFile([header, ...rows], {
    sheet: table.name.slice(0, 31),
    stickyRowsCount: 1,
    columns: table.columns.map((column) => ({ width: column.width ?? 14 })),
  }).toBuffer();
}

export type ReportFile = { bytes: Buffer; mimeType: string; fileName: string; rowCount: number };

/** The table as a file of the format, named `<report>_<from>_<to>.<ext>`. */
export async function tableFile(
  table: ReportTable,
  format: ExportFormat,
  filter: ReportFilter,
): Promise<ReportFile> {
  const stem = `${table.fileStem}_${filter.from}_${filter.to}`;
  return format === 'XLSX'
    ? {
        bytes: await tableXlsx(table),
        mimeType: XLSX_TYPE,
        fileName: `${stem}.xlsx`,
        rowCount: table.rows.length,
      }
    : {
        bytes: tableCsv(table),
        mimeType: CSV_TYPE,
        fileName: `${stem}.csv`,
        rowCount: table.rows.length,
      };
}

/** The format a request's Accept header asks for (CSV unless it names the XLSX type). */
export const formatOfAccept = (accept: string | undefined): ExportFormat =>
  accept?.includes('spreadsheetml') ? 'XLSX' : 'CSV';
