import { sql } from 'drizzle-orm';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { Db } from '../../db/database';
import type { IssuerSnapshot } from '../../db/schema';
import { requireAuth } from '../../http/auth';
import { fieldError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { formatDate, renderPdf } from '../../pdf/pdfmake';
import { DAILY_LIMIT_MINUTES } from '../appointments/booking-checks';
import type { Services } from '../handlers';
import { issuerOf } from '../payment-documents/document-files';
import { HOUR_TYPE_LABELS } from '../payment-documents/proof-of-training';
import { addDays, berlinToday } from '../resources/kit';
import { rowsOf } from './report-queries';

/*
 * The inspection pack (`POST /reports/inspection-pack`, beyond the spec): what a school hands
 * the driving-school inspector (Fahrschulüberwachung, § 51 FahrlG) for one instructor and a
 * period, as one PDF:
 *
 * 1. The daily records of practical instruction: per day every driving lesson and exam drive
 *    of the instructor (start, end, student, class, kind, minutes, vehicle, km), the day's
 *    total against the 495 minutes of practical instruction an instructor may give a day
 *    (spec 000 §9; the booking checks warn at the same limit), flagged when above.
 * 2. Per education the instructor taught in the period, the training record in the layout of
 *    the official form, DV-FahrlG 2018 Anlage 3 (zu § 6 Absatz 1) "Ausbildungsnachweis …
 *    gemäß § 31 Absatz 1 Fahrlehrergesetz" (source: the published text of the ordinance,
 *    BGBl. I 2018, 12–13): the student's data, the theory lessons attended (basic and
 *    class-specific, with date, topic, minutes, instructor and signature), the practical
 *    lessons (date, kind and content with the form's abbreviations ÜL, AB, NF, Üst, Gf, Pf,
 *    start, minutes, instructor, signature), the special drives counted against the
 *    minimum of the class (FahrschAusbO Anlage 4 for A/A1/A2/B: 5 ÜL, 4 AB, 3 NF), and the
 *    form's signature lines. The record covers the whole education up to the period's end,
 *    not only the period: the inspector checks the record, not a slice of it.
 */

/** The longest period of one pack (a quarter): longer ones are several packs. */
export const INSPECTION_PACK_MAX_DAYS = 92;

/** The form's abbreviations of the kinds of practical instruction (Anlage 3, footnote **). */
const FORM_ABBREVIATIONS: Record<string, string> = {
  NORMAL: 'Üst',
  OVERLAND: 'ÜL',
  MOTORWAY: 'AB',
  NIGHT: 'NF',
  BASIC_DRILL: 'Gf',
  EXAM_PRESENTATION: 'Pf',
  SIMULATOR: 'Sim',
  TRAILER: 'Üst',
  ESCORT: 'Üst',
};

/** The minimum special drives (45-minute units) of the classes that have the common table. */
const SPECIAL_DRIVES: Record<string, { OVERLAND: number; MOTORWAY: number; NIGHT: number }> = {
  A1: { OVERLAND: 5, MOTORWAY: 4, NIGHT: 3 },
  A2: { OVERLAND: 5, MOTORWAY: 4, NIGHT: 3 },
  A: { OVERLAND: 5, MOTORWAY: 4, NIGHT: 3 },
  B: { OVERLAND: 5, MOTORWAY: 4, NIGHT: 3 },
  B197: { OVERLAND: 5, MOTORWAY: 4, NIGHT: 3 },
  BE: { OVERLAND: 3, MOTORWAY: 1, NIGHT: 1 },
};

type Row = Record<string, unknown>;
const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const int = (value: unknown) => Number(value ?? 0);
const hhmm = (value: unknown) => str(value).slice(0, 5);
const endOf = (start: unknown, minutes: number) => {
  const [h = 0, m = 0] = hhmm(start).split(':').map(Number);
  const end = h * 60 + m + minutes;
  return `${String(Math.floor(end / 60) % 24).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
};
const kindOf = (row: Row) =>
  row.type === 'EXAM'
    ? 'Pf – Prüfungsfahrt'
    : `${FORM_ABBREVIATIONS[str(row.hour_type)] ?? ''} – ${HOUR_TYPE_LABELS[str(row.hour_type)] ?? 'Fahrstunde'}`;
const signed = (value: unknown) =>
  value === null || value === undefined
    ? '–'
    : `ja, ${new Date(value as string).toLocaleString('de-DE', {
        timeZone: 'Europe/Berlin',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      })}`;

export type InspectionPackData = {
  issuer: IssuerSnapshot;
  instructor: { id: number; name: string };
  from: string;
  to: string;
  lessons: Row[];
  educations: {
    education: Row;
    theory: Row[];
    practical: Row[];
  }[];
};

/** Everything the pack prints, in four statements. */
export async function loadInspectionPack(
  db: Db,
  schoolId: number,
  instructorId: number,
  from: string,
  to: string,
  today = berlinToday(),
): Promise<InspectionPackData> {
  const [instructor] = await rowsOf(
    db,
    sql`select id, first_name || ' ' || last_name as name from users
      where driving_school_id = ${schoolId} and id = ${instructorId}`,
  );
  if (!instructor) throw notFound('No such instructor in your school.');
  // What took place: driving lessons booked or signed, exam drives up to today — never a
  // lesson only planned (a pack of the running quarter shows no future lessons).
  const held = sql`((a.type = 'DRIVING' and (a.booked or a.signed_at is not null))
    or (a.type = 'EXAM' and a.date <= ${today}::date))`;
  const [issuer, lessons] = await Promise.all([
    issuerOf(db, schoolId),
    rowsOf(
      db,
      sql`select a.id, a.date::text as date, a.start_time::text as start_time, a.minutes, a.type,
          a.hour_type, coalesce(a.license_class, e.license_class) as license_class,
          a.student_education_id, s.first_name, s.last_name, v.plate, v.name as vehicle_name,
          a.km_driven, a.km_start, a.km_end, a.signed_at
        from appointments a
        left join students s on s.driving_school_id = a.driving_school_id and s.id = a.student_id
        left join student_educations e on e.driving_school_id = a.driving_school_id and e.id = a.student_education_id
        left join vehicles v on v.driving_school_id = a.driving_school_id and v.id = a.vehicle_id
        where a.driving_school_id = ${schoolId} and a.instructor_id = ${instructorId}
          and ${held} and a.date between ${from}::date and ${to}::date
        order by a.date, a.start_time, a.id`,
    ),
  ]);
  const educationIds = [
    ...new Set(lessons.map((row) => row.student_education_id).filter((id) => id !== null)),
  ].map(Number);
  if (educationIds.length === 0) {
    return {
      issuer,
      instructor: { id: instructorId, name: str(instructor.name) },
      from,
      to,
      lessons,
      educations: [],
    };
  }
  const ids = sql.join(
    educationIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const [educations, theory, practical] = await Promise.all([
    rowsOf(
      db,
      sql`select e.id, e.license_class, e.base_license_class, e.start_date::text as start_date,
          s.first_name, s.last_name, s.birth_date::text as birth_date, s.address
        from student_educations e
        join students s on s.driving_school_id = e.driving_school_id and s.id = e.student_id
        where e.driving_school_id = ${schoolId} and e.id in (${ids})
        order by s.last_name, s.first_name, e.license_class`,
    ),
    rowsOf(
      db,
      sql`select tp.student_education_id, t.date::text as date, t.start_time::text as start_time,
          t.minutes, t.additional, t.lesson_number, t.topic, tp.signed_at,
          u.first_name || ' ' || u.last_name as instructor
        from theory_lesson_participants tp
        join theory_lessons t on t.driving_school_id = tp.driving_school_id and t.id = tp.theory_lesson_id
        join users u on u.driving_school_id = t.driving_school_id and u.id = t.instructor_id
        where tp.driving_school_id = ${schoolId} and tp.student_education_id in (${ids})
          and t.date <= ${to}::date and t.date <= ${today}::date
        order by t.date, t.start_time`,
    ),
    rowsOf(
      db,
      sql`select a.student_education_id, a.date::text as date, a.start_time::text as start_time,
          a.minutes, a.type, a.hour_type, a.signed_at, u.first_name || ' ' || u.last_name as instructor
        from appointments a
        join users u on u.driving_school_id = a.driving_school_id and u.id = a.instructor_id
        where a.driving_school_id = ${schoolId} and a.student_education_id in (${ids})
          and ${held} and a.date <= ${to}::date
        order by a.date, a.start_time`,
    ),
  ]);
  const byEducation = (rows: Row[], id: unknown) =>
    rows.filter((row) => Number(row.student_education_id) === Number(id));
  return {
    issuer,
    instructor: { id: instructorId, name: str(instructor.name) },
    from,
    to,
    lessons,
    educations: educations.map((education) => ({
      education,
      theory: byEducation(theory, education.id),
      practical: byEducation(practical, education.id),
    })),
  };
}

const RULE = '#9a9a9a';
const tableLayout = {
  hLineColor: () => RULE,
  vLineColor: () => RULE,
  hLineWidth: () => 0.4,
  vLineWidth: () => 0.4,
  paddingTop: () => 2,
  paddingBottom: () => 2,
};
const head = (labels: string[]): TableCell[] =>
  labels.map((text) => ({ text, bold: true, fillColor: '#eeeeee' }));

function dailyRecords(data: InspectionPackData): { content: Content[]; overDays: number } {
  const days = new Map<string, Row[]>();
  for (const lesson of data.lessons) {
    const list = days.get(str(lesson.date)) ?? [];
    list.push(lesson);
    days.set(str(lesson.date), list);
  }
  const content: Content[] = [
    { text: 'Tagesnachweise der praktischen Ausbildung', style: 'h1', pageBreak: 'before' },
    {
      text: `Fahrlehrer: ${data.instructor.name} · Zeitraum ${formatDate(data.from)} – ${formatDate(data.to)} · Höchstdauer ${DAILY_LIMIT_MINUTES} Minuten praktischer Unterricht je Tag`,
      margin: [0, 0, 0, 8],
    },
  ];
  let overDays = 0;
  if (days.size === 0) {
    content.push({ text: 'Im Zeitraum keine praktische Ausbildung.', italics: true });
  }
  for (const [date, lessons] of days) {
    const total = lessons.reduce((sum, row) => sum + int(row.minutes), 0);
    const over = total > DAILY_LIMIT_MINUTES;
    if (over) overDays++;
    const weekday = new Date(`${date}T12:00:00Z`).toLocaleDateString('de-DE', {
      weekday: 'long',
      timeZone: 'UTC',
    });
    content.push({
      unbreakable: lessons.length < 14,
      stack: [
        { text: `${weekday}, ${formatDate(date)}`, style: 'h2' },
        {
          table: {
            headerRows: 1,
            widths: [34, 34, '*', 28, 110, 34, 70, 34],
            body: [
              head(['Beginn', 'Ende', 'Fahrschüler', 'Klasse', 'Art', 'Min.', 'Fahrzeug', 'km']),
              ...lessons.map((row): TableCell[] => [
                hhmm(row.start_time),
                endOf(row.start_time, int(row.minutes)),
                `${str(row.last_name)}, ${str(row.first_name)}`,
                str(row.license_class),
                kindOf(row),
                { text: String(int(row.minutes)), alignment: 'right' },
                str(row.plate),
                { text: row.km_driven === null ? '' : String(row.km_driven), alignment: 'right' },
              ]),
              [
                { text: 'Summe des Tages', colSpan: 5, bold: true },
                '',
                '',
                '',
                '',
                { text: String(total), alignment: 'right', bold: true },
                {
                  text: over
                    ? `über ${DAILY_LIMIT_MINUTES} Min. (+${total - DAILY_LIMIT_MINUTES})`
                    : `von ${DAILY_LIMIT_MINUTES} Min.`,
                  colSpan: 2,
                  bold: over,
                  color: over ? '#b00020' : '#333333',
                },
                '',
              ],
            ],
          },
          layout: tableLayout,
          fontSize: 8,
          margin: [0, 2, 0, 8],
        },
      ],
    });
  }
  return { content, overDays };
}

function trainingRecord(
  data: InspectionPackData,
  entry: InspectionPackData['educations'][number],
): Content[] {
  const { education, theory, practical } = entry;
  const address = (education.address ?? {}) as Record<string, string | undefined>;
  const addressLine = [
    [address.street, address.houseNumber].filter(Boolean).join(' '),
    [address.postalCode, address.city].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  const cls = str(education.license_class);
  const basic = theory.filter((row) => !row.additional);
  const specific = theory.filter((row) => row.additional);
  const theoryTable = (title: string, rows: Row[]): Content => ({
    stack: [
      { text: title, style: 'h3' },
      rows.length === 0
        ? { text: 'keine Teilnahme erfasst', italics: true, fontSize: 8 }
        : {
            table: {
              headerRows: 1,
              widths: [50, '*', 30, 90, 80],
              body: [
                head(['Datum', 'Thema', 'Min.', 'FL*', 'Unterschrift']),
                ...rows.map((row): TableCell[] => [
                  formatDate(str(row.date)),
                  `${int(row.lesson_number)}. ${str(row.topic)}`,
                  { text: String(int(row.minutes)), alignment: 'right' },
                  str(row.instructor),
                  signed(row.signed_at),
                ]),
              ],
            },
            layout: tableLayout,
            fontSize: 8,
          },
    ],
    margin: [0, 0, 0, 6],
  });
  // Special drives in 45-minute units, against the class's minimum where the table has one.
  const units = (type: string) =>
    practical
      .filter((row) => row.type === 'DRIVING' && row.hour_type === type)
      .reduce((sum, row) => sum + int(row.minutes), 0) / 45;
  const minimum = SPECIAL_DRIVES[cls];
  const special = (['OVERLAND', 'MOTORWAY', 'NIGHT'] as const).map((type) => {
    const done = Math.round(units(type) * 10) / 10;
    const needed = minimum?.[type];
    return `${FORM_ABBREVIATIONS[type]} ${HOUR_TYPE_LABELS[type]}: ${String(done).replace('.', ',')}${
      needed === undefined ? '' : ` von ${needed}${done >= needed ? ' (erfüllt)' : ' (fehlt)'}`
    }`;
  });
  return [
    { text: `Ausbildungsnachweis für Klasse ${cls}`, style: 'h1', pageBreak: 'before' },
    {
      text: 'gemäß § 31 Absatz 1 Fahrlehrergesetz (Muster nach Anlage 3 DV-FahrlG; für jede Klasse ein gesonderter Nachweis)',
      fontSize: 8,
      margin: [0, 0, 0, 6],
    },
    {
      table: {
        widths: ['*', '*', '*'],
        body: [
          [
            { text: `Familienname: ${str(education.last_name)}` },
            { text: `Vorname: ${str(education.first_name)}` },
            {
              text: `Geburtsdatum: ${education.birth_date ? formatDate(str(education.birth_date)) : '—'}`,
            },
          ],
          [
            { text: `Anschrift: ${addressLine || '—'}`, colSpan: 2 },
            '',
            { text: `Fahrschule: ${data.issuer.name}` },
          ],
          [
            { text: `Beantragte Klasse(n): ${cls}` },
            { text: `Vorbesitz der Klasse(n): ${str(education.base_license_class) || '—'}` },
            {
              text: `Ausbildungsbeginn: ${education.start_date ? formatDate(str(education.start_date)) : '—'}`,
            },
          ],
        ],
      },
      layout: tableLayout,
      fontSize: 9,
      margin: [0, 0, 0, 8],
    },
    theoryTable('Theoretischer Grundunterricht', basic),
    theoryTable('Klassenspezifischer Unterricht', specific),
    { text: 'Praktische Ausbildung', style: 'h3' },
    practical.length === 0
      ? { text: 'keine praktische Ausbildung erfasst', italics: true, fontSize: 8 }
      : {
          table: {
            headerRows: 1,
            widths: [50, '*', 34, 30, 90, 80],
            body: [
              head(['Datum', 'Art u. Inhalt**', 'Beginn', 'Min.', 'FL*', 'Unterschrift']),
              ...practical.map((row): TableCell[] => [
                formatDate(str(row.date)),
                kindOf(row),
                hhmm(row.start_time),
                { text: String(int(row.minutes)), alignment: 'right' },
                str(row.instructor),
                signed(row.signed_at),
              ]),
            ],
          },
          layout: tableLayout,
          fontSize: 8,
        },
    {
      text: `Besondere Ausbildungsfahrten (Stunden zu 45 Minuten): ${special.join(' · ')}`,
      fontSize: 8,
      margin: [0, 6, 0, 4],
    },
    {
      // The legend and the signature lines stay together on one page.
      unbreakable: true,
      stack: [
        {
          text: '* FL = Fahrlehrer. ** Üst = Übungsstunde, ÜL = Überlandfahrt, AB = Autobahn, NF = Fahrt bei Dunkelheit, Gf = Grundfahraufgaben, Pf = Prüfung. Unterschrift: „ja“ mit Datum und Uhrzeit der Unterschrift auf dem Tablet, „–“ nicht unterschrieben.',
          fontSize: 7,
          color: '#555555',
          margin: [0, 0, 0, 18],
        },
        {
          columns: [
            {
              stack: [
                { text: '______________________________', margin: [0, 14, 0, 0] },
                {
                  text: 'Ort, Datum, Unterschrift der/des Fahrschulinhaberin/-inhabers bzw. der verantwortlichen Leitung',
                  fontSize: 7,
                },
              ],
            },
            {
              stack: [
                { text: '______________________________', margin: [0, 14, 0, 0] },
                { text: 'Unterschrift der Fahrschülerin/des Fahrschülers', fontSize: 7 },
              ],
            },
          ],
        },
      ],
    },
  ];
}

/** The pack as a pdfmake document (pure: the tests print it without a database). */
export function inspectionPackDocument(
  data: InspectionPackData,
  today = berlinToday(),
): TDocumentDefinitions {
  const { content: days, overDays } = dailyRecords(data);
  const totalMinutes = data.lessons.reduce((sum, row) => sum + int(row.minutes), 0);
  const dayCount = new Set(data.lessons.map((row) => row.date)).size;
  const cover: Content[] = [
    { text: data.issuer.name, style: 'h2' },
    { text: 'Prüfungsmappe für die Fahrschulüberwachung', style: 'title' },
    {
      table: {
        widths: [170, '*'],
        body: [
          ['Fahrlehrer', data.instructor.name],
          ['Zeitraum', `${formatDate(data.from)} – ${formatDate(data.to)}`],
          ['Tage mit praktischer Ausbildung', String(dayCount)],
          [
            'Praktische Ausbildung gesamt',
            `${totalMinutes} Minuten (${String(Math.round((totalMinutes / 45) * 10) / 10).replace('.', ',')} Stunden zu 45 Min.)`,
          ],
          [
            `Tage über ${DAILY_LIMIT_MINUTES} Minuten`,
            {
              text: String(overDays),
              bold: overDays > 0,
              color: overDays > 0 ? '#b00020' : '#000',
            },
          ],
          ['Ausbildungsnachweise', `${data.educations.length} (eine Klasse je Nachweis)`],
          ['Erstellt am', formatDate(today)],
        ],
      },
      layout: tableLayout,
      margin: [0, 12, 0, 12],
    },
    {
      text: 'Inhalt: 1. Tagesnachweise der praktischen Ausbildung des Fahrlehrers im Zeitraum. 2. Ausbildungsnachweise (Muster nach Anlage 3 DV-FahrlG) aller Fahrschülerinnen und Fahrschüler, die der Fahrlehrer im Zeitraum praktisch ausgebildet hat, mit der gesamten Ausbildung bis zum Ende des Zeitraums.',
      fontSize: 9,
    },
  ];
  return {
    pageSize: 'A4',
    pageMargins: [36, 40, 36, 40],
    info: {
      title: `Prüfungsmappe ${data.instructor.name} ${formatDate(data.from)}–${formatDate(data.to)}`,
      author: data.issuer.name,
    },
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    styles: {
      title: { fontSize: 18, bold: true, margin: [0, 4, 0, 4] },
      h1: { fontSize: 13, bold: true, margin: [0, 0, 0, 4] },
      h2: { fontSize: 10, bold: true, margin: [0, 6, 0, 2] },
      h3: { fontSize: 9, bold: true, margin: [0, 4, 0, 2] },
    },
    footer: (page: number, pages: number) => ({
      text: `${data.issuer.name} · Prüfungsmappe ${data.instructor.name} · Seite ${page} von ${pages}`,
      alignment: 'center',
      fontSize: 7,
      color: '#555555',
    }),
    content: [
      ...cover,
      ...days,
      ...data.educations.flatMap((entry) => trainingRecord(data, entry)),
    ],
  };
}

export function createInspectionPackHandlers({ db }: Pick<Services, 'db'>): OperationHandlers {
  return {
    async createInspectionPack(request) {
      const auth = requireAuth(request);
      const { instructorId, from, to } = request.body;
      if (from > to) throw fieldError('to', 'validation.invalid', '`to` is before `from`.');
      if (to > addDays(from, INSPECTION_PACK_MAX_DAYS - 1)) {
        throw fieldError(
          'to',
          'validation.invalid',
          `An inspection pack covers at most ${INSPECTION_PACK_MAX_DAYS} days.`,
        );
      }
      const data = await loadInspectionPack(db, auth.drivingSchoolId, instructorId, from, to);
      const bytes = await renderPdf(inspectionPackDocument(data));
      const name = data.instructor.name.replace(/[^\p{L}\p{N}]+/gu, '_');
      return {
        status: 200,
        file: {
          bytes,
          mimeType: 'application/pdf',
          fileName: `Pruefungsmappe_${name}_${from}_${to}.pdf`,
          disposition: 'inline',
        },
      };
    },
  };
}
