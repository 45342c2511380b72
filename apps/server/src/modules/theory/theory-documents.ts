import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  branches,
  drivingSchools,
  theoryLessonParticipants,
  theoryLessons,
  users,
} from '../../db/schema';
import type { FileStore } from '../../files/file-store';
import { type AuthContext, requireAuth } from '../../http/auth';
import { globalError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { uploadedFile } from '../../http/uploads';
import { SIGNATURE_MAX_BYTES } from '../appointments/driving-lessons';
import { handlers, hhmm } from '../resources/kit';
import { hiddenStudentIds } from '../students/student-access';
import { type AttendanceSheet, attendancePdf } from './attendance-pdf';
import { participantRows, participantsOf } from './theory.resources';

/*
 * The theory lesson documents (spec 001 §3 "theory lesson document"): each participant signs
 * the attendance on the instructor's tablet (a PNG, stored like a driving lesson's
 * signature), and the attendance record of a lesson is a PDF with every attendee and their
 * signature — the list an inspector asks for.
 */

async function lessonOf(db: Db, auth: AuthContext, id: number) {
  const [lesson] = await db
    .select()
    .from(theoryLessons)
    .where(and(eq(theoryLessons.drivingSchoolId, auth.drivingSchoolId), eq(theoryLessons.id, id)));
  if (!lesson) throw notFound();
  return lesson;
}

/** What the record shows of a lesson: names of school, branch and instructor, the attendees. */
async function sheetOf(
  db: Db,
  files: FileStore,
  auth: AuthContext,
  lessonId: number,
): Promise<AttendanceSheet> {
  const schoolId = auth.drivingSchoolId;
  const lesson = await lessonOf(db, auth, lessonId);
  const [[school], [branch], [instructor]] = await Promise.all([
    db
      .select({ name: drivingSchools.name })
      .from(drivingSchools)
      .where(eq(drivingSchools.id, schoolId)),
    db
      .select({ name: branches.name })
      .from(branches)
      .where(and(eq(branches.drivingSchoolId, schoolId), eq(branches.id, lesson.branchId))),
    db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(and(eq(users.drivingSchoolId, schoolId), eq(users.id, lesson.instructorId))),
  ]);
  const rows = await participantRows(db, schoolId, [lesson.id]);
  // An instructor who sees only own students prints only those (like the lesson's answer).
  const hidden = await hiddenStudentIds(
    db,
    auth,
    rows.map((row) => row.studentId),
  );
  const attendees = await Promise.all(
    rows
      .filter((row) => !hidden.has(row.studentId))
      .map(async (row) => ({
        firstName: row.firstName,
        lastName: row.lastName,
        licenseClass: row.licenseClass,
        signature:
          row.signatureFileId === null
            ? undefined
            : (await files.read(db, schoolId, row.signatureFileId)).bytes,
        signedAt: row.signedAt ?? undefined,
      })),
  );
  return {
    schoolName: school?.name ?? '',
    branchName: branch?.name,
    room: lesson.room ?? undefined,
    additional: lesson.additional,
    lessonNumber: lesson.lessonNumber,
    licenseClasses: lesson.licenseClasses,
    topic: lesson.topic,
    instructorName: instructor ? `${instructor.firstName} ${instructor.lastName}` : '',
    date: lesson.date,
    startTime: hhmm(lesson.startTime),
    minutes: lesson.minutes,
    attendees,
    printedAt: new Date(),
  };
}

export function createTheoryDocumentHandlers(db: Db, files: FileStore): OperationHandlers {
  return handlers({
    async getTheoryLessonDocument(request) {
      const auth = requireAuth(request);
      const sheet = await sheetOf(db, files, auth, Number(request.params.id));
      return {
        status: 200,
        file: {
          bytes: await attendancePdf(sheet),
          mimeType: 'application/pdf',
          fileName: `Teilnahmenachweis Theorie ${sheet.date} ${sheet.startTime.replace(':', '')}.pdf`,
          disposition: 'inline',
        },
      };
    },

    /** The student's signature on a lesson they are booked into; replaces an earlier one. */
    async uploadTheoryLessonSignature(request) {
      const auth = requireAuth(request);
      const lesson = await lessonOf(db, auth, Number(request.query.theoryLessonId));
      const studentId = Number(request.query.studentId);
      const [participant] = await db
        .select()
        .from(theoryLessonParticipants)
        .where(
          and(
            eq(theoryLessonParticipants.drivingSchoolId, auth.drivingSchoolId),
            eq(theoryLessonParticipants.theoryLessonId, lesson.id),
            eq(theoryLessonParticipants.studentId, studentId),
          ),
        );
      if (!participant) {
        throw globalError(
          'errors.not_a_participant',
          `Student ${studentId} is not booked into theory lesson ${lesson.id}.`,
        );
      }
      const file = uploadedFile(request, 'file', {
        types: ['image/png'],
        maxBytes: SIGNATURE_MAX_BYTES,
      });
      await db.transaction(async (tx) => {
        const stored = await files.save(tx as Db, auth.drivingSchoolId, {
          fileName: `Unterschrift Theorie ${lesson.date} ${hhmm(lesson.startTime)}.png`,
          mimeType: 'image/png',
          bytes: file.bytes,
        });
        await tx
          .update(theoryLessonParticipants)
          .set({ signatureFileId: stored.id, signedAt: new Date() })
          .where(
            and(
              eq(theoryLessonParticipants.drivingSchoolId, auth.drivingSchoolId),
              eq(theoryLessonParticipants.id, participant.id),
            ),
          );
      });
      if (participant.signatureFileId !== null) {
        await files.remove(db, auth.drivingSchoolId, participant.signatureFileId);
      }
      const [signed] = await participantsOf(db, auth.drivingSchoolId, [lesson.id], studentId);
      if (!signed) throw notFound();
      return { status: 200, body: signed };
    },

    /** The booking stays; only the signature (row reference and file) goes. */
    async deleteTheoryLessonSignature(request) {
      const auth = requireAuth(request);
      const id = Number(request.query.studentTheoryLessonId);
      const [participant] = await db
        .select({ signatureFileId: theoryLessonParticipants.signatureFileId })
        .from(theoryLessonParticipants)
        .where(
          and(
            eq(theoryLessonParticipants.drivingSchoolId, auth.drivingSchoolId),
            eq(theoryLessonParticipants.id, id),
          ),
        );
      if (!participant) throw notFound();
      await db
        .update(theoryLessonParticipants)
        .set({ signatureFileId: null, signedAt: null })
        .where(
          and(
            eq(theoryLessonParticipants.drivingSchoolId, auth.drivingSchoolId),
            eq(theoryLessonParticipants.id, id),
          ),
        );
      if (participant.signatureFileId !== null) {
        await files.remove(db, auth.drivingSchoolId, participant.signatureFileId);
      }
      return { status: 204 };
    },
  });
}
