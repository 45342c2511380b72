import type { components } from '@fahrwerk/api/schema';
import { and, count, eq, inArray, lte, max, or, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  appointments,
  examParticipants,
  exams,
  paymentDocuments,
  studentDocuments,
  studentEducations,
} from '../../db/schema';
import { RELATED_DOCUMENTS } from '../licence-data/licence-data';
import { berlinToday } from '../resources/kit';
import { type AttendedLesson, attendedLessons, theoryProgress } from '../theory/theory-progress';

type Schemas = components['schemas'];
type RequirementName = Schemas['EducationRequirementName'];
type Requirement = Schemas['EducationRequirement'];
type LicenseClass = Schemas['LicenseClass'];
type ExamKind = Schemas['ExamKind'];

/*
 * The education status info (spec 001 §3): what an education still lacks before the theory
 * or the practical exam, as stable requirement keys (EducationRequirementName) the front end
 * translates. Only requirements that apply to the education's class are listed; a class
 * without that exam has nothing to check and answers the spec's single `no data` entry.
 */

/** The practical exam must follow within this many months of the passed theory exam. */
export const PRACTICAL_EXAM_WINDOW_MONTHS = 12;

/** The date `months` later; the 29th of February becomes the 28th in a common year. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The last day for the practical exam after a theory exam passed on `date`. */
export const practicalExamDeadline = (date: string) =>
  addMonths(date, PRACTICAL_EXAM_WINDOW_MONTHS);

/** Classes without a theory exam: BE (an extension of B) and B96 (a training without a test). */
const WITHOUT_THEORY_EXAM = new Set<LicenseClass>(['BE', 'B96']);
/** B96 is a training without any test. */
const WITHOUT_PRACTICAL_EXAM = new Set<LicenseClass>(['B96']);

/**
 * The special drives in 45-minute units (DOMAIN.md: class B 5 Überland, 4 Autobahn, 3 Nacht);
 * other classes get no special-drive check yet.
 */
const SPECIAL_DRIVES: Partial<
  Record<LicenseClass, { overland: number; motorway: number; night: number }>
> = {
  B: { overland: 5, motorway: 4, night: 3 },
  B197: { overland: 5, motorway: 4, night: 3 },
};

/** The documents a class requires, by requirement key (as `GET /licence-data` lists them). */
const DOCUMENT_KEYS = {
  ID_CARD: 'idCard',
  PASSPORT_PHOTO: 'passportPhoto',
  APPLICATION_FORM: 'applicationForm',
  EYE_TEST: 'eyeTest',
  FIRST_AID: 'firstAid',
} as const satisfies Partial<Record<Schemas['DocumentType'], RequirementName>>;
type KeyedDocumentType = keyof typeof DOCUMENT_KEYS;

const requiredDocuments = (licenseClass: LicenseClass): KeyedDocumentType[] =>
  RELATED_DOCUMENTS[licenseClass]
    .filter((document) => document.required && document.documentType in DOCUMENT_KEYS)
    .map((document) => document.documentType as KeyedDocumentType);

/** The order of the answer: the enum's. */
const ORDER: readonly RequirementName[] = [
  'theoryBasicComplete',
  'theoryClassSpecificComplete',
  'idCard',
  'passportPhoto',
  'applicationForm',
  'eyeTest',
  'firstAid',
  'feesPaid',
  'examApplicationValid',
  'theoryExamPassed',
  'overlandDrives',
  'motorwayDrives',
  'nightDrives',
];

export const NO_DATA: Requirement[] = [{ name: 'no data', status: true }];

type EducationRow = {
  id: number;
  studentId: number;
  licenseClass: LicenseClass;
  baseLicenseClass: string | null;
  examApplicationExpiresAt: string | null;
};

/** The latest passed theory exam per education (the start of the 12-month window). */
export async function passedTheoryExamDates(
  db: Db,
  schoolId: number,
  educationIds: number[],
): Promise<Map<number, string>> {
  if (educationIds.length === 0) return new Map();
  const rows = await db
    .select({ id: examParticipants.studentEducationId, date: max(exams.date) })
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
        inArray(examParticipants.studentEducationId, educationIds),
        eq(examParticipants.status, 'PASSED'),
        eq(exams.kind, 'THEORY'),
      ),
    )
    .groupBy(examParticipants.studentEducationId);
  return new Map(
    rows.filter((row) => row.date !== null).map((row) => [row.id, row.date as string]),
  );
}

/**
 * The last day for the practical exam per education whose window runs: a passed theory exam
 * and no passed practical exam yet (once it is passed, there is no deadline left to warn of).
 */
export async function openPracticalExamDeadlines(
  db: Db,
  schoolId: number,
  educationIds: number[],
): Promise<Map<number, string>> {
  const passed = await passedTheoryExamDates(db, schoolId, educationIds);
  if (passed.size === 0) return passed;
  const done = await db
    .selectDistinct({ id: examParticipants.studentEducationId })
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
        inArray(examParticipants.studentEducationId, [...passed.keys()]),
        eq(examParticipants.status, 'PASSED'),
        eq(exams.kind, 'PRACTICAL'),
      ),
    );
  for (const { id } of done) passed.delete(id);
  return new Map([...passed].map(([id, date]) => [id, practicalExamDeadline(date)]));
}

/** Minutes of booked driving lessons that took place, per education and hour type. */
async function specialDriveMinutes(db: Db, schoolId: number, ids: number[]) {
  const rows = await db
    .select({
      educationId: appointments.studentEducationId,
      hourType: appointments.hourType,
      minutes: sum(appointments.minutes).mapWith(Number),
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.drivingSchoolId, schoolId),
        inArray(appointments.studentEducationId, ids),
        eq(appointments.type, 'DRIVING'),
        eq(appointments.booked, true),
        lte(appointments.date, berlinToday()),
        inArray(appointments.hourType, ['OVERLAND', 'MOTORWAY', 'NIGHT']),
      ),
    )
    .groupBy(appointments.studentEducationId, appointments.hourType);
  const result = new Map<string, number>();
  for (const row of rows) result.set(`${row.educationId}:${row.hourType}`, row.minutes);
  return result;
}

/** The document types present per student (of any of their educations or none). */
async function documentTypes(db: Db, schoolId: number, educations: EducationRow[]) {
  const rows = await db
    .selectDistinct({
      studentId: studentDocuments.studentId,
      educationId: studentDocuments.studentEducationId,
      type: studentDocuments.type,
    })
    .from(studentDocuments)
    .where(
      and(
        eq(studentDocuments.drivingSchoolId, schoolId),
        inArray(
          studentDocuments.studentId,
          educations.map((e) => e.studentId),
        ),
      ),
    );
  return (education: EducationRow, type: string) =>
    rows.some(
      (row) =>
        row.studentId === education.studentId &&
        row.type === type &&
        (row.educationId === null || row.educationId === education.id),
    );
}

/** Educations with an issued invoice (not a payment request) still open. */
async function educationsWithOpenInvoices(db: Db, schoolId: number, ids: number[]) {
  const d = paymentDocuments;
  const rows = await db
    .select({ id: d.studentEducationId, n: count() })
    .from(d)
    .where(
      and(
        eq(d.drivingSchoolId, schoolId),
        inArray(d.studentEducationId, ids),
        sql`${d.type} <> 'PAYMENT_REQUEST'`,
        or(eq(d.status, 'ISSUED'), eq(d.status, 'PARTIALLY_PAID')),
        sql`${d.openAmount} > 0`,
      ),
    )
    .groupBy(d.studentEducationId);
  return new Set(rows.filter((row) => Number(row.n) > 0).map((row) => row.id as number));
}

/**
 * The status info of each education asked for, in the order asked. Every id must be an
 * education of the school (the caller checks); unknown ids are left out.
 */
export async function educationStatusInfo(
  db: Db,
  schoolId: number,
  kind: ExamKind,
  educationIds: number[],
): Promise<Schemas['EducationStatusInfo'][]> {
  const ids = [...new Set(educationIds)];
  const educations: EducationRow[] = ids.length
    ? ((await db
        .select({
          id: studentEducations.id,
          studentId: studentEducations.studentId,
          licenseClass: studentEducations.licenseClass,
          baseLicenseClass: studentEducations.baseLicenseClass,
          examApplicationExpiresAt: studentEducations.examApplicationExpiresAt,
        })
        .from(studentEducations)
        .where(
          and(eq(studentEducations.drivingSchoolId, schoolId), inArray(studentEducations.id, ids)),
        )) as EducationRow[])
    : [];
  const checked = educations.filter((e) =>
    kind === 'THEORY'
      ? !WITHOUT_THEORY_EXAM.has(e.licenseClass)
      : !WITHOUT_PRACTICAL_EXAM.has(e.licenseClass),
  );
  const checkedIds = checked.map((e) => e.id);
  const today = berlinToday();
  const [lessons, drives, hasDocument, unpaid, passed] =
    checked.length === 0
      ? [new Map(), new Map(), () => false, new Set<number>(), new Map<number, string>()]
      : await Promise.all([
          kind === 'THEORY' ? attendedLessons(db, schoolId, checkedIds) : new Map(),
          kind === 'PRACTICAL' ? specialDriveMinutes(db, schoolId, checkedIds) : new Map(),
          documentTypes(db, schoolId, checked),
          educationsWithOpenInvoices(db, schoolId, checkedIds),
          kind === 'PRACTICAL'
            ? passedTheoryExamDates(db, schoolId, checkedIds)
            : new Map<number, string>(),
        ]);

  const infoOf = (education: EducationRow): Requirement[] => {
    const list: Requirement[] = [];
    const counted = (name: RequirementName, done: number, needed: number) =>
      list.push({ name, status: done >= needed, done: Math.min(done, 1000), needed });
    if (kind === 'THEORY') {
      // The same count as the theory screen's progress (`GET …/theory-progress`).
      const progress = theoryProgress(
        education,
        (lessons as Map<number, AttendedLesson[]>).get(education.id) ?? [],
      );
      counted('theoryBasicComplete', progress.basic.attended.length, progress.basic.required);
      if (progress.additional.required > 0) {
        counted(
          'theoryClassSpecificComplete',
          progress.additional.attended.length,
          progress.additional.required,
        );
      }
    }
    for (const type of requiredDocuments(education.licenseClass)) {
      list.push({ name: DOCUMENT_KEYS[type], status: hasDocument(education, type) });
    }
    list.push({ name: 'feesPaid', status: !unpaid.has(education.id) });
    if (education.examApplicationExpiresAt !== null) {
      list.push({
        name: 'examApplicationValid',
        status: education.examApplicationExpiresAt >= today,
      });
    }
    if (kind === 'PRACTICAL') {
      if (!WITHOUT_THEORY_EXAM.has(education.licenseClass)) {
        const date = passed.get(education.id);
        list.push({
          name: 'theoryExamPassed',
          status: date !== undefined && practicalExamDeadline(date) >= today,
        });
      }
      const needed = SPECIAL_DRIVES[education.licenseClass];
      if (needed) {
        const units = (hourType: string) =>
          Math.floor(
            ((drives as Map<string, number>).get(`${education.id}:${hourType}`) ?? 0) / 45,
          );
        counted('overlandDrives', units('OVERLAND'), needed.overland);
        counted('motorwayDrives', units('MOTORWAY'), needed.motorway);
        counted('nightDrives', units('NIGHT'), needed.night);
      }
    }
    list.sort((a, b) => ORDER.indexOf(a.name) - ORDER.indexOf(b.name));
    return list.length > 0 ? list : NO_DATA;
  };

  const byId = new Map(educations.map((e) => [e.id, e]));
  const checkedSet = new Set(checkedIds);
  return educationIds.flatMap((id) => {
    const education = byId.get(id);
    if (!education) return [];
    return [
      {
        studentEducationId: id,
        requirements: checkedSet.has(id) ? infoOf(education) : NO_DATA,
      },
    ];
  });
}
