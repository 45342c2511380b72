import type { components } from '@fahrwerk/api/schema';
import { sql } from 'drizzle-orm';
import writeExcelFile, { type Row } from 'write-excel-file/node';
import type { Db } from '../../db/database';
import { appointments, HOUR_TYPES, users } from '../../db/schema';
import { fieldError, globalError } from '../../http/errors';
import { csvField, excelCsv, germanDate, XLSX_TYPE } from '../resources/excel-csv';
import { addDays, berlinToday } from '../resources/kit';
import { teaching } from '../roles/calendar-access';

/*
 * The instructors' payroll figures of a month (`POST /accounting/payroll-export`, for the
 * payroll office; `POST /accounting/payroll-overview` answers the same lines as JSON for the
 * screen `/perso-fix`): per instructor and day the minutes of the payroll-relevant appointments
 * (`include_in_payroll`) by kind — driving lessons by hour type, theory lessons (their
 * calendar entries, type THEORY), exams, other work — and the kilometres driven, then a
 * total line per instructor. Private appointments are no work and never count, whatever
 * their payroll switch says.
 *
 * The instructors: users who teach (a taught licence class or an INSTRUCTOR role), archived
 * ones only when they worked in the month, and anyone else with payroll appointments that
 * month (a stand-in who holds a lesson). An instructor without appointments gets a total line
 * of zeros, so the payroll office sees everyone.
 *
 * CSV as German Excel opens it: UTF-8 with BOM, semicolons, decimal comma, CR LF; or XLSX
 * (write-excel-file) with numbers as numbers.
 */

type Schemas = components['schemas'];
export type PayrollExportRequest = Schemas['PayrollExportRequest'];
/** What the figures depend on: the month and the instructors (the file format aside). */
export type PayrollSelection = Pick<PayrollExportRequest, 'month' | 'instructorIds'>;
export type PayrollOverview = Schemas['PayrollOverview'];
type PayrollMinutes = Schemas['PayrollMinutes'];
type HourType = (typeof HOUR_TYPES)[number];

/** The German names of the hour types (the back office's texts). */
const HOUR_TYPE_NAMES: Record<HourType, string> = {
  NORMAL: 'Übungsfahrt',
  OVERLAND: 'Überlandfahrt',
  MOTORWAY: 'Autobahnfahrt',
  NIGHT: 'Nachtfahrt',
  EXAM_PRESENTATION: 'Vorstellung zur Prüfung',
  BASIC_DRILL: 'Grundfahraufgaben',
  SIMULATOR: 'Simulator',
  TRAILER: 'Anhängerfahrt',
  ESCORT: 'Begleitfahrzeug',
};

/** The minute columns, in order: one per hour type, then theory, exams, other. */
export const MINUTE_COLUMNS = [
  ...HOUR_TYPES.map((type) => ({ key: type as string, title: `${HOUR_TYPE_NAMES[type]} (Min.)` })),
  { key: 'THEORY', title: 'Theorie (Min.)' },
  { key: 'EXAM', title: 'Prüfung (Min.)' },
  { key: 'OTHER', title: 'Sonstiges (Min.)' },
] as const;

export const PAYROLL_HEADER = [
  'Fahrlehrer',
  'Datum',
  ...MINUTE_COLUMNS.map((column) => column.title),
  'Summe (Min.)',
  'Stunden',
  'Gefahrene km',
];

/** One line: an instructor's day, or (`date` null) the instructor's month. */
export type PayrollLine = {
  instructorId: number;
  instructorName: string;
  date: string | null;
  /** Minutes by MINUTE_COLUMNS key. */
  minutes: Record<string, number>;
  totalMinutes: number;
  km: number;
};

export type PayrollFile = { fileName: string; mimeType: string; bytes: Buffer };

type FigureRow = {
  instructor_id: number;
  date: string;
  kind: string;
  minutes: number;
  km: number;
};

type InstructorRow = { id: number; first_name: string; last_name: string };

const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;

/** The month's first and last day; 422 for a month after the current one (Berlin time). */
export function monthRange(month: string, today = berlinToday()): { from: string; to: string } {
  if (month > today.slice(0, 7)) {
    throw globalError('errors.payroll_month_future', `The month ${month} lies in the future.`);
  }
  const from = `${month}-01`;
  const [year, mm] = month.split('-').map(Number) as [number, number];
  // Years padded to four digits: the contract allows `0000-01` to `9999-12`.
  const next =
    mm === 12
      ? `${String(year + 1).padStart(4, '0')}-01-01`
      : `${String(year).padStart(4, '0')}-${String(mm + 1).padStart(2, '0')}-01`;
  return { from, to: addDays(next, -1) };
}

const emptyMinutes = () =>
  Object.fromEntries(MINUTE_COLUMNS.map((column) => [column.key, 0])) as Record<string, number>;

/** The day lines and the total line of every instructor, ordered by name, then date. */
export async function loadPayroll(
  db: Db,
  schoolId: number,
  request: PayrollSelection,
  today = berlinToday(),
): Promise<PayrollLine[]> {
  const { from, to } = monthRange(request.month, today);
  const only = request.instructorIds?.length ? request.instructorIds : undefined;
  const a = appointments;
  const inFilter = (column: unknown) =>
    only
      ? sql`and ${column} in (${sql.join(
          only.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;

  const [figures, people] = await Promise.all([
    db.execute(sql`
      select ${a.instructorId}::float8 as instructor_id,
        to_char(${a.date}, 'YYYY-MM-DD') as date,
        case when ${a.type} = 'DRIVING' then ${a.hourType} else ${a.type} end as kind,
        sum(${a.minutes})::float8 as minutes,
        coalesce(sum(coalesce(${a.kmDriven}, ${a.kmEnd} - ${a.kmStart})), 0)::float8 as km
      from ${a}
      where ${a.drivingSchoolId} = ${schoolId}
        and ${a.date} between ${from}::date and ${to}::date
        and ${a.includeInPayroll} and ${a.type} <> 'PRIVATE'
        ${inFilter(a.instructorId)}
      group by 1, 2, 3`),
    db.execute(sql`
      select ${users.id}::float8 as id, ${users.firstName} as first_name,
        ${users.lastName} as last_name
      from ${users}
      where ${users.drivingSchoolId} = ${schoolId}
        ${inFilter(users.id)}
        and ((not ${users.archived} and ${teaching}) or exists (
          select 1 from ${a} where ${a.drivingSchoolId} = ${schoolId}
            and ${a.instructorId} = ${users.id}
            and ${a.date} between ${from}::date and ${to}::date
            and ${a.includeInPayroll} and ${a.type} <> 'PRIVATE'))`),
  ]);
  const instructors = rowsOf<InstructorRow>(people);
  if (only) {
    const known = new Set(
      rowsOf<{ id: number }>(
        await db.execute(sql`select ${users.id}::float8 as id from ${users}
        where ${users.drivingSchoolId} = ${schoolId} ${inFilter(users.id)}`),
      ).map((row) => Number(row.id)),
    );
    if (only.some((id) => !known.has(id))) {
      throw fieldError('instructorIds', 'validation.not_found', 'No such user in your school.');
    }
  }

  const days = new Map<string, PayrollLine>();
  for (const row of rowsOf<FigureRow>(figures)) {
    const instructorId = Number(row.instructor_id);
    const key = `${instructorId}|${row.date}`;
    let line = days.get(key);
    if (!line) {
      line = {
        instructorId,
        instructorName: '',
        date: row.date,
        minutes: emptyMinutes(),
        totalMinutes: 0,
        km: 0,
      };
      days.set(key, line);
    }
    const minutes = Number(row.minutes);
    line.minutes[row.kind] = (line.minutes[row.kind] ?? 0) + minutes;
    line.totalMinutes += minutes;
    line.km += Number(row.km);
  }

  const named = instructors
    .map((row) => ({ id: Number(row.id), name: `${row.last_name}, ${row.first_name}` }))
    .sort((x, y) => x.name.localeCompare(y.name, 'de') || x.id - y.id);
  const lines: PayrollLine[] = [];
  for (const instructor of named) {
    const own = [...days.values()]
      .filter((line) => line.instructorId === instructor.id)
      .sort((x, y) => ((x.date ?? '') < (y.date ?? '') ? -1 : 1));
    const total: PayrollLine = {
      instructorId: instructor.id,
      instructorName: instructor.name,
      date: null,
      minutes: emptyMinutes(),
      totalMinutes: 0,
      km: 0,
    };
    for (const line of own) {
      line.instructorName = instructor.name;
      for (const column of MINUTE_COLUMNS) {
        total.minutes[column.key] =
          (total.minutes[column.key] ?? 0) + (line.minutes[column.key] ?? 0);
      }
      total.totalMinutes += line.totalMinutes;
      total.km += line.km;
      lines.push(line);
    }
    lines.push(total);
  }
  return lines;
}

const minutesOf = (line: PayrollLine) =>
  Object.fromEntries(
    MINUTE_COLUMNS.map((column) => [column.key, line.minutes[column.key] ?? 0]),
  ) as PayrollMinutes;

/**
 * The lines of `loadPayroll` as `POST /accounting/payroll-overview` answers them: the minute
 * columns, and per instructor (in the lines' order) the total line and the day lines.
 */
export function payrollOverview(month: string, lines: PayrollLine[]): PayrollOverview {
  const instructors: PayrollOverview['instructors'] = [];
  let days: PayrollOverview['instructors'][number]['days'] = [];
  for (const line of lines) {
    const figures = { minutes: minutesOf(line), totalMinutes: line.totalMinutes, km: line.km };
    if (line.date !== null) {
      days.push({ date: line.date, ...figures });
      continue;
    }
    // The total line closes an instructor's day lines.
    instructors.push({
      instructorId: line.instructorId,
      instructorName: line.instructorName,
      total: figures,
      days,
    });
    days = [];
  }
  return {
    month,
    columns: MINUTE_COLUMNS.map(({ key, title }) => ({
      key: key as Schemas['PayrollColumnKey'],
      title,
    })),
    instructors,
  };
}

/** `2026-03-07` → `07.03.2026`; a total line says "Summe". */
const dateCell = (line: PayrollLine) => (line.date === null ? 'Summe' : germanDate(line.date));

/** Hours with two decimals and a decimal comma (CSV). */
export const germanHours = (minutes: number) => (minutes / 60).toFixed(2).replace('.', ',');

export function payrollCsv(lines: PayrollLine[]): string {
  const out = [PAYROLL_HEADER.map(csvField).join(';')];
  for (const line of lines) {
    out.push(
      [
        csvField(line.instructorName),
        dateCell(line),
        ...MINUTE_COLUMNS.map((column) => String(line.minutes[column.key] ?? 0)),
        String(line.totalMinutes),
        germanHours(line.totalMinutes),
        String(line.km),
      ].join(';'),
    );
  }
  return excelCsv(out);
}

export async function payrollXlsx(lines: PayrollLine[], month: string): Promise<Buffer> {
  const header: Row = PAYROLL_HEADER.map((title) => ({ value: title, fontWeight: 'bold' }));
  const rows: Row[] = lines.map((line) => {
    const bold = line.date === null ? ({ fontWeight: 'bold' } as const) : {};
    return [
      { value: line.instructorName, ...bold },
      { value: dateCell(line), ...bold },
      ...MINUTE_COLUMNS.map((column) => ({
        value: line.minutes[column.key] ?? 0,
        type: Number,
        ...bold,
      })),
      { value: line.totalMinutes, type: Number, ...bold },
      {
        value: Math.round((line.totalMinutes / 60) * 100) / 100,
        type: Number,
        format: '0.00',
        ...bold,
      },
      { value: line.km, type: Number, ...bold },
    ];
  });
  return writeExcelFile([header, ...rows], {
    sheet: `Lohnexport ${month}`,
    stickyRowsCount: 1,
    columns: [{ width: 24 }, { width: 12 }, ...PAYROLL_HEADER.slice(2).map(() => ({ width: 14 }))],
  }).toBuffer();
}

/** The payroll file of the request (CSV unless XLSX is asked for). */
export async function exportPayrollFile(
  db: Db,
  schoolId: number,
  request: PayrollExportRequest,
  today = berlinToday(),
): Promise<PayrollFile> {
  const lines = await loadPayroll(db, schoolId, request, today);
  if (request.format === 'XLSX') {
    return {
      fileName: `Lohnexport_${request.month}.xlsx`,
      mimeType: XLSX_TYPE,
      bytes: await payrollXlsx(lines, request.month),
    };
  }
  return {
    fileName: `Lohnexport_${request.month}.csv`,
    mimeType: 'text/csv',
    bytes: Buffer.from(payrollCsv(lines), 'utf8'),
  };
}
