import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { renderPdf } from '../../pdf/pdfmake';

/*
 * The attendance record of a theory lesson (Teilnahmenachweis, the list an inspector asks
 * for, after Anlage 3 DV-FahrlG): school, branch, topic, instructor, date and time, then every
 * attendee with class, signature and the time of signing. pdfmake lays it out; the table
 * header repeats on every page and each page is numbered.
 */

// pdfmake and its embedded fonts (Roboto, umlauts and ß) are set up once in src/pdf.

export type AttendanceAttendee = {
  firstName: string;
  lastName: string;
  licenseClass?: string | undefined;
  /** The PNG the student signed on the tablet. */
  signature?: Buffer | undefined;
  signedAt?: Date | undefined;
};

export type AttendanceSheet = {
  schoolName: string;
  branchName?: string | undefined;
  room?: string | undefined;
  additional: boolean;
  lessonNumber: number;
  licenseClasses: string[];
  topic: string;
  instructorName: string;
  /** `YYYY-MM-DD`. */
  date: string;
  /** `HH:MM`. */
  startTime: string;
  minutes: number;
  attendees: AttendanceAttendee[];
  /** When the record is printed (the footer says so). */
  printedAt: Date;
};

export type AttendancePdfOptions = {
  /** false writes plain streams (tests read the text); the default compresses. */
  compress?: boolean;
};

const BERLIN = 'Europe/Berlin';
const dateFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'UTC',
  weekday: 'long',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const instantFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: BERLIN,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** `2026-11-26` → `Donnerstag, 26.11.2026`. */
export const germanDate = (date: string) => dateFormat.format(new Date(`${date}T00:00:00Z`));
/** An instant as Berlin wall-clock time, `26.11.2026, 18:05 Uhr`. */
export const germanInstant = (instant: Date) => `${instantFormat.format(instant)} Uhr`;

/** `18:00` plus 90 minutes → `19:30` (a lesson ends on its day). */
export function endTime(startTime: string, minutes: number): string {
  const [hours = 0, mins = 0] = startTime.split(':').map(Number);
  const total = Math.min(hours * 60 + mins + minutes, 24 * 60 - 1);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** `Grundstoff, Lektion 3` or `Zusatzstoff Klasse B, Lektion 1`. */
export function syllabusLabel(
  sheet: Pick<AttendanceSheet, 'additional' | 'lessonNumber' | 'licenseClasses'>,
) {
  if (!sheet.additional) return `Grundstoff, Lektion ${sheet.lessonNumber}`;
  const classes =
    sheet.licenseClasses.length > 0 ? ` Klasse ${sheet.licenseClasses.join(', ')}` : '';
  return `Zusatzstoff${classes}, Lektion ${sheet.lessonNumber}`;
}

const GREY = '#555555';
const LINE = '#9a9a9a';

function details(sheet: AttendanceSheet): Content {
  const rows: [string, string][] = [
    ['Fahrschule', sheet.schoolName],
    ['Filiale', [sheet.branchName, sheet.room].filter(Boolean).join(', ') || '–'],
    ['Unterricht', syllabusLabel(sheet)],
    ['Thema', sheet.topic],
    ['Fahrlehrer', sheet.instructorName],
    ['Datum', germanDate(sheet.date)],
    [
      'Uhrzeit',
      `${sheet.startTime}–${endTime(sheet.startTime, sheet.minutes)} Uhr (${sheet.minutes} Minuten)`,
    ],
  ];
  return {
    layout: 'noBorders',
    table: {
      widths: [90, '*'],
      body: rows.map(([label, value]) => [
        { text: label, color: GREY },
        { text: value, bold: label === 'Thema' },
      ]),
    },
    margin: [0, 0, 0, 14],
  };
}

function attendeeRows(sheet: AttendanceSheet): TableCell[][] {
  // Names centred on the height of the signature beside them.
  const middle = { verticalAlignment: 'middle' } as const;
  return sheet.attendees.map((attendee, index): TableCell[] => [
    { ...middle, text: String(index + 1), alignment: 'right' },
    { ...middle, text: attendee.lastName },
    { ...middle, text: attendee.firstName },
    { ...middle, text: attendee.licenseClass ?? '–', alignment: 'center' },
    attendee.signature
      ? {
          ...middle,
          image: `data:image/png;base64,${attendee.signature.toString('base64')}`,
          fit: [130, 34],
          alignment: 'center',
        }
      : {
          ...middle,
          text: 'nicht unterschrieben',
          italics: true,
          color: GREY,
          alignment: 'center',
        },
    { ...middle, text: attendee.signedAt ? germanInstant(attendee.signedAt) : '–', fontSize: 8 },
  ]);
}

function attendeeTable(sheet: AttendanceSheet): Content {
  const header = ['Nr.', 'Name', 'Vorname', 'Klasse', 'Unterschrift', 'Unterschrieben am'].map(
    (text): TableCell => ({ text, bold: true, fillColor: '#eeeeee', noWrap: true }),
  );
  const body: TableCell[][] =
    sheet.attendees.length > 0
      ? attendeeRows(sheet)
      : [
          [
            {
              text: 'Keine Teilnehmer gebucht.',
              colSpan: 6,
              italics: true,
              color: GREY,
              alignment: 'center',
            },
            {},
            {},
            {},
            {},
            {},
          ],
        ];
  return {
    table: {
      headerRows: 1,
      // A row never breaks across pages: a signature stays with its name.
      dontBreakRows: true,
      widths: [22, '*', '*', 38, 130, 92],
      body: [header, ...body],
    },
    layout: {
      hLineColor: () => LINE,
      vLineColor: () => LINE,
      hLineWidth: () => 0.5,
      vLineWidth: () => 0.5,
      paddingTop: () => 5,
      paddingBottom: () => 5,
    },
  };
}

/** The document definition (apart for tests that look at the layout). */
export function attendanceDocument(sheet: AttendanceSheet): TDocumentDefinitions {
  const signed = sheet.attendees.filter((a) => a.signature).length;
  const title = `Teilnahmenachweis Theorieunterricht ${germanDate(sheet.date).split(', ')[1]}`;
  return {
    pageSize: 'A4',
    pageMargins: [40, 50, 40, 50],
    info: { title, author: sheet.schoolName, subject: sheet.topic, creator: 'Fahrwerk' },
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.15 },
    content: [
      { text: 'Teilnahmenachweis Theorieunterricht', fontSize: 17, bold: true },
      {
        text: 'Nachweis der Teilnahme am theoretischen Unterricht (nach Anlage 3 DV-FahrlG)',
        color: GREY,
        margin: [0, 2, 0, 14],
      },
      details(sheet),
      attendeeTable(sheet),
      {
        text: `${sheet.attendees.length} Teilnehmer, davon ${signed} unterschrieben.`,
        margin: [0, 8, 0, 36],
      },
      {
        unbreakable: true,
        columns: [
          {
            width: 200,
            stack: [
              { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 200, y2: 0, lineWidth: 0.5 }] },
              {
                text: 'Datum, Unterschrift Fahrlehrer',
                fontSize: 8,
                color: GREY,
                margin: [0, 3, 0, 0],
              },
            ],
          },
          { width: '*', text: '' },
        ],
      },
    ],
    footer: (currentPage, pageCount) => ({
      margin: [40, 16, 40, 0],
      fontSize: 8,
      color: GREY,
      columns: [
        { text: `${sheet.schoolName} · ${title} · erstellt ${germanInstant(sheet.printedAt)}` },
        { text: `Seite ${currentPage} von ${pageCount}`, alignment: 'right', width: 80 },
      ],
    }),
  };
}

/** The attendance record as PDF bytes. */
export async function attendancePdf(
  sheet: AttendanceSheet,
  options: AttendancePdfOptions = {},
): Promise<Buffer> {
  const definition = attendanceDocument(sheet);
  definition.compress = options.compress ?? true;
  return renderPdf(definition);
}
