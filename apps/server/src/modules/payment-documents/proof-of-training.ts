import { and, asc, eq, lte, ne } from 'drizzle-orm';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { Db } from '../../db/database';
import {
  appointments,
  examParticipants,
  exams,
  studentEducations,
  students,
  theoryLessonParticipants,
  theoryLessons,
} from '../../db/schema';
import { globalError, notFound } from '../../http/errors';
import { formatDate, renderPdf } from '../../pdf/pdfmake';
import { issuerOf } from './document-files';
import type { IssuerSnapshot } from './document-print';

/*
 * The proof of training (Ausbildungsnachweis, spec 001 §7–§8) of one education up to an issue
 * date, e.g. for a cost bearer: the student, the class, the driving lessons by type with their
 * dates and minutes (a summary per type, then every lesson), the theory lessons attended and
 * the exams. An education without any dated lesson cannot be printed (422
 * `errors.certificate_without_dates`).
 */

export type ProofOfTraining = {
  issuer: IssuerSnapshot;
  issueDate: string;
  student: { firstName: string; lastName: string; birthDate?: string | undefined };
  licenseClass: string;
  startDate?: string | undefined;
  drivingLessons: { date: string; startTime: string; minutes: number; hourType: string | null }[];
  theoryLessons: {
    date: string;
    minutes: number;
    additional: boolean;
    lessonNumber: number;
    topic: string;
  }[];
  exams: { date: string; kind: 'THEORY' | 'PRACTICAL'; status: string }[];
};

export const HOUR_TYPE_LABELS: Record<string, string> = {
  NORMAL: 'Übungsfahrt',
  OVERLAND: 'Überlandfahrt',
  MOTORWAY: 'Autobahnfahrt',
  NIGHT: 'Nachtfahrt',
  EXAM_PRESENTATION: 'Prüfungsfahrt',
  BASIC_DRILL: 'Grundfahraufgaben',
  SIMULATOR: 'Simulator',
  TRAILER: 'Anhängerfahrt',
  ESCORT: 'Begleitfahrzeug',
};
const EXAM_STATUS_LABELS: Record<string, string> = {
  PLANNED: 'geplant',
  READY: 'prüfungsreif',
  BOOKED: 'angemeldet',
  PASSED: 'bestanden',
  FAILED: 'nicht bestanden',
  ABSENT: 'nicht erschienen',
  CANCELLED: 'abgesagt',
};

const hourTypeLabel = (type: string | null) =>
  type ? (HOUR_TYPE_LABELS[type] ?? type) : 'Fahrstunde';
const hhmm = (time: string) => time.slice(0, 5);

/** What the proof of an education up to `issueDate` shows; 404 for another school's education. */
export async function loadProofOfTraining(
  db: Db,
  schoolId: number,
  studentEducationId: number,
  issueDate: string,
): Promise<ProofOfTraining> {
  const [education] = await db
    .select({
      licenseClass: studentEducations.licenseClass,
      startDate: studentEducations.startDate,
      firstName: students.firstName,
      lastName: students.lastName,
      birthDate: students.birthDate,
    })
    .from(studentEducations)
    .innerJoin(
      students,
      and(
        eq(students.drivingSchoolId, studentEducations.drivingSchoolId),
        eq(students.id, studentEducations.studentId),
      ),
    )
    .where(
      and(
        eq(studentEducations.drivingSchoolId, schoolId),
        eq(studentEducations.id, studentEducationId),
      ),
    );
  if (!education) throw notFound('No such education in your school.');
  const [issuer, driving, theory, examRows] = await Promise.all([
    issuerOf(db, schoolId),
    db
      .select({
        date: appointments.date,
        startTime: appointments.startTime,
        minutes: appointments.minutes,
        hourType: appointments.hourType,
      })
      .from(appointments)
      .where(
        and(
          eq(appointments.drivingSchoolId, schoolId),
          eq(appointments.studentEducationId, studentEducationId),
          eq(appointments.type, 'DRIVING'),
          lte(appointments.date, issueDate),
        ),
      )
      .orderBy(asc(appointments.date), asc(appointments.startTime)),
    db
      .select({
        date: theoryLessons.date,
        minutes: theoryLessons.minutes,
        additional: theoryLessons.additional,
        lessonNumber: theoryLessons.lessonNumber,
        topic: theoryLessons.topic,
      })
      .from(theoryLessonParticipants)
      .innerJoin(
        theoryLessons,
        and(
          eq(theoryLessons.drivingSchoolId, theoryLessonParticipants.drivingSchoolId),
          eq(theoryLessons.id, theoryLessonParticipants.theoryLessonId),
        ),
      )
      .where(
        and(
          eq(theoryLessonParticipants.drivingSchoolId, schoolId),
          eq(theoryLessonParticipants.studentEducationId, studentEducationId),
          lte(theoryLessons.date, issueDate),
        ),
      )
      .orderBy(asc(theoryLessons.date), asc(theoryLessons.startTime)),
    db
      .select({ date: exams.date, kind: exams.kind, status: examParticipants.status })
      .from(examParticipants)
      .innerJoin(
        exams,
        and(
          eq(exams.drivingSchoolId, examParticipants.drivingSchoolId),
          eq(exams.id, examParticipants.examId),
        ),
      )
      .where(
        and(
          eq(examParticipants.drivingSchoolId, schoolId),
          eq(examParticipants.studentEducationId, studentEducationId),
          ne(examParticipants.status, 'CANCELLED'),
          lte(exams.date, issueDate),
        ),
      )
      .orderBy(asc(exams.date)),
  ]);
  if (driving.length === 0 && theory.length === 0) {
    throw globalError(
      'errors.certificate_without_dates',
      'There are no dates for this certificate, so it cannot be printed.',
    );
  }
  return {
    issuer,
    issueDate,
    student: {
      firstName: education.firstName,
      lastName: education.lastName,
      birthDate: education.birthDate ?? undefined,
    },
    licenseClass: education.licenseClass,
    startDate: education.startDate ?? undefined,
    drivingLessons: driving.map((row) => ({ ...row, startTime: hhmm(row.startTime) })),
    theoryLessons: theory,
    exams: examRows,
  };
}

const GREY = '#555555';
const RULE = '#9a9a9a';
const tableLayout = {
  hLineColor: () => RULE,
  vLineWidth: () => 0,
  hLineWidth: (i: number) => (i <= 1 ? 0.8 : 0.3),
  paddingTop: () => 2,
  paddingBottom: () => 2,
};
const header = (labels: string[], rightFrom = labels.length) =>
  labels.map(
    (text, index): TableCell => ({
      text,
      bold: true,
      fillColor: '#eeeeee',
      alignment: index >= rightFrom ? 'right' : 'left',
    }),
  );
const minutesText = (minutes: number) => `${minutes} Min.`;

/** The document definition of a proof of training. */
export function proofOfTrainingDefinition(proof: ProofOfTraining): TDocumentDefinitions {
  const { issuer, student } = proof;
  const name = `${student.firstName} ${student.lastName}`;
  const byType = new Map<string, { count: number; minutes: number }>();
  for (const lesson of proof.drivingLessons) {
    const label = hourTypeLabel(lesson.hourType);
    const sum = byType.get(label) ?? { count: 0, minutes: 0 };
    sum.count += 1;
    sum.minutes += lesson.minutes;
    byType.set(label, sum);
  }
  const drivingMinutes = proof.drivingLessons.reduce((sum, lesson) => sum + lesson.minutes, 0);
  const theoryMinutes = proof.theoryLessons.reduce((sum, lesson) => sum + lesson.minutes, 0);
  const details: [string, string][] = [
    ['Fahrschüler/in', name],
    ...(student.birthDate
      ? [['Geburtsdatum', formatDate(student.birthDate)] as [string, string]]
      : []),
    ['Klasse', proof.licenseClass],
    ...(proof.startDate
      ? [['Ausbildungsbeginn', formatDate(proof.startDate)] as [string, string]]
      : []),
    ['Stand', formatDate(proof.issueDate)],
  ];
  const content: Content[] = [
    { text: issuer.name, bold: true, fontSize: 12 },
    {
      text: [
        [issuer.address?.street, issuer.address?.houseNumber].filter(Boolean).join(' '),
        [issuer.address?.postalCode, issuer.address?.city].filter(Boolean).join(' '),
      ]
        .filter(Boolean)
        .join(' · '),
      color: GREY,
      fontSize: 8.5,
      margin: [0, 0, 0, 14],
    },
    { text: 'Ausbildungsnachweis', fontSize: 16, bold: true, margin: [0, 0, 0, 8] },
    {
      layout: 'noBorders',
      table: {
        widths: [110, '*'],
        body: details.map(([label, value]) => [{ text: label, color: GREY }, { text: value }]),
      },
      margin: [0, 0, 0, 12],
    },
    { text: 'Praktische Ausbildung', fontSize: 12, bold: true, margin: [0, 4, 0, 4] },
  ];
  if (proof.drivingLessons.length === 0) {
    content.push({ text: 'Keine Fahrstunden.', italics: true, color: GREY, margin: [0, 0, 0, 8] });
  } else {
    content.push(
      {
        table: {
          headerRows: 1,
          widths: ['*', 60, 80],
          body: [
            header(['Art', 'Anzahl', 'Minuten'], 1),
            ...[...byType.entries()].map(([label, sum]): TableCell[] => [
              label,
              { text: String(sum.count), alignment: 'right' },
              { text: minutesText(sum.minutes), alignment: 'right' },
            ]),
            [
              { text: 'Summe', bold: true },
              { text: String(proof.drivingLessons.length), alignment: 'right', bold: true },
              { text: minutesText(drivingMinutes), alignment: 'right', bold: true },
            ],
          ],
        },
        layout: tableLayout,
        margin: [0, 0, 0, 8],
      },
      {
        table: {
          headerRows: 1,
          dontBreakRows: true,
          widths: [24, 70, 50, '*', 60],
          body: [
            header(['Nr.', 'Datum', 'Beginn', 'Art', 'Minuten'], 4),
            ...proof.drivingLessons.map((lesson, index): TableCell[] => [
              String(index + 1),
              formatDate(lesson.date),
              lesson.startTime,
              hourTypeLabel(lesson.hourType),
              { text: minutesText(lesson.minutes), alignment: 'right' },
            ]),
          ],
        },
        layout: tableLayout,
        fontSize: 8.5,
        margin: [0, 0, 0, 12],
      },
    );
  }
  content.push({
    text: 'Theoretischer Unterricht',
    fontSize: 12,
    bold: true,
    margin: [0, 4, 0, 4],
  });
  if (proof.theoryLessons.length === 0) {
    content.push({
      text: 'Kein Unterricht besucht.',
      italics: true,
      color: GREY,
      margin: [0, 0, 0, 8],
    });
  } else {
    content.push({
      table: {
        headerRows: 1,
        dontBreakRows: true,
        widths: [70, 110, '*', 60],
        body: [
          header(['Datum', 'Lektion', 'Thema', 'Minuten'], 3),
          ...proof.theoryLessons.map((lesson): TableCell[] => [
            formatDate(lesson.date),
            `${lesson.additional ? 'Zusatzstoff' : 'Grundstoff'} ${lesson.lessonNumber}`,
            lesson.topic,
            { text: minutesText(lesson.minutes), alignment: 'right' },
          ]),
          [
            {
              text: `Summe: ${proof.theoryLessons.length} ${proof.theoryLessons.length === 1 ? 'Lektion' : 'Lektionen'}`,
              bold: true,
              colSpan: 3,
            },
            {},
            {},
            { text: minutesText(theoryMinutes), alignment: 'right', bold: true },
          ],
        ],
      },
      layout: tableLayout,
      fontSize: 8.5,
      margin: [0, 0, 0, 12],
    });
  }
  content.push({ text: 'Prüfungen', fontSize: 12, bold: true, margin: [0, 4, 0, 4] });
  content.push(
    proof.exams.length === 0
      ? { text: 'Keine Prüfungen.', italics: true, color: GREY, margin: [0, 0, 0, 8] }
      : {
          table: {
            headerRows: 1,
            widths: [70, '*', 110],
            body: [
              header(['Datum', 'Prüfung', 'Ergebnis']),
              ...proof.exams.map((exam): TableCell[] => [
                formatDate(exam.date),
                exam.kind === 'THEORY' ? 'Theoretische Prüfung' : 'Praktische Prüfung',
                EXAM_STATUS_LABELS[exam.status] ?? exam.status,
              ]),
            ],
          },
          layout: tableLayout,
          margin: [0, 0, 0, 12],
        },
  );
  content.push({
    unbreakable: true,
    margin: [0, 30, 0, 0],
    columns: [
      {
        width: 220,
        stack: [
          { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 220, y2: 0, lineWidth: 0.5 }] },
          {
            text: `${formatDate(proof.issueDate)}, Unterschrift ${issuer.responsiblePerson ?? 'Fahrschule'}`,
            fontSize: 8,
            color: GREY,
            margin: [0, 3, 0, 0],
          },
        ],
      },
      { width: '*', text: '' },
    ],
  });
  return {
    pageSize: 'A4',
    pageMargins: [50, 45, 45, 50],
    info: {
      title: `Ausbildungsnachweis ${name}`,
      author: issuer.name,
      creator: 'Fahrwerk',
      producer: 'Fahrwerk',
      creationDate: new Date(`${proof.issueDate}T00:00:00Z`),
    },
    defaultStyle: { font: 'Roboto', fontSize: 9.5, lineHeight: 1.15 },
    content,
    footer: (currentPage, pageCount) => ({
      margin: [50, 16, 45, 0],
      fontSize: 7,
      color: GREY,
      columns: [
        {
          text: `${issuer.name} · Ausbildungsnachweis ${name} · Stand ${formatDate(proof.issueDate)}`,
        },
        { width: 80, text: `Seite ${currentPage} von ${pageCount}`, alignment: 'right' },
      ],
    }),
  };
}

/** The proof of training as PDF bytes. */
export function renderProofOfTraining(proof: ProofOfTraining): Promise<Buffer> {
  return renderPdf(proofOfTrainingDefinition(proof));
}
