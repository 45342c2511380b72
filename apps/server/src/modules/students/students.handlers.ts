import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  drivingSchools,
  examParticipants,
  exams,
  studentEducations,
  students,
} from '../../db/schema';
import { requireAuth } from '../../http/auth';
import { AppError, globalError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { IMAGE_TYPES, uploadedFile } from '../../http/uploads';
import { educationMapper } from '../educations/educations.resources';
import type { Services } from '../handlers';
import { handlers, num, type Schemas } from '../resources/kit';
import { studentMappers, studentVisibility, visibleStudent } from './students.resources';

/*
 * The student calls that need file storage or mail (spec 000 §3–5, 001 §4): the photo,
 * the overview with educations and exams, and the learning-app confirmation e-mail.
 */

/** The contract's StudentAvatarUpload: a JPEG or PNG of at most 5 MB. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** How long the link of the learning-app confirmation e-mail is valid (the contract: 7 days). */
export const CONFIRMATION_VALID_DAYS = 7;

/** The page the confirmation link opens (the learning app's account confirmation). */
export const LEARNING_APP_CONFIRM_PAGE = '/learning-app/confirm';

/*
 * The confirmation token is stateless and signed: `<school>.<student>.<expiry>.<hmac>`
 * under the server's secret, so it cannot be forged, expires after 7 days and needs no
 * stored row ("changes nothing but the token"). The learning app verifies it with
 * `verifyConfirmationToken` when the student sets the password.
 */
const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret)
    .update(`learning-app-confirm:${payload}`)
    .digest('base64url')
    .slice(0, 43);

export function confirmationToken(
  secret: string,
  schoolId: number,
  studentId: number,
  now = new Date(),
): string {
  const expires = Math.floor(now.getTime() / 1000) + CONFIRMATION_VALID_DAYS * 24 * 3600;
  const payload = `${schoolId}.${studentId}.${expires}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** The school and student of a confirmation token still valid at `now`, else null. */
export function verifyConfirmationToken(
  secret: string,
  token: string,
  now = new Date(),
): { schoolId: number; studentId: number } | null {
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const [school, student, expires, signature] = parts as [string, string, string, string];
  const expected = Buffer.from(sign(secret, `${school}.${student}.${expires}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Number(expires) * 1000 < now.getTime()) return null;
  return { schoolId: Number(school), studentId: Number(student) };
}

/** The German confirmation e-mail (the school's name, the link, what to do with it). */
export function confirmationMail(options: {
  schoolName: string;
  firstName: string;
  lastName: string;
  link: string;
}) {
  const { schoolName, firstName, lastName, link } = options;
  return {
    subject: `${schoolName}: Bitte bestätigen Sie Ihr Konto für die Lern-App`,
    text: [
      `Hallo ${firstName} ${lastName},`,
      '',
      `Ihre Fahrschule „${schoolName}“ hat für Sie ein Konto in der Lern-App angelegt.`,
      'Bitte bestätigen Sie Ihre E-Mail-Adresse und legen Sie Ihr Passwort fest, indem Sie',
      'den folgenden Link öffnen:',
      '',
      link,
      '',
      `Der Link ist ${CONFIRMATION_VALID_DAYS} Tage gültig. Ist er abgelaufen, bitten Sie Ihre Fahrschule,`,
      'Ihnen die Bestätigungs-E-Mail erneut zu senden.',
      '',
      'Haben Sie sich nicht bei einer Fahrschule angemeldet, können Sie diese E-Mail ignorieren.',
      '',
      'Viele Grüße',
      schoolName,
    ].join('\n'),
  };
}

export function createStudentServiceHandlers(services: Services): OperationHandlers {
  const { db, files, schoolMailer, config } = services;
  const { toStudent } = studentMappers(db);
  const toEducation = educationMapper(db);

  return handlers({
    async getStudentAvatar(request) {
      const a = requireAuth(request);
      const student = await visibleStudent(db, a, num(request.query.studentId));
      if (!student.avatarFileId) throw notFound('The student has no photo.');
      const { row, bytes } = await files.read(db, a.drivingSchoolId, student.avatarFileId);
      return {
        status: 200,
        file: { bytes, mimeType: row.mimeType, fileName: row.fileName, disposition: 'inline' },
      };
    },

    // Replaces the photo: the new file is stored and linked first, then the old one goes.
    async uploadStudentAvatar(request) {
      const a = requireAuth(request);
      const body = request.body as { studentId: number };
      const file = uploadedFile(request, 'file', {
        types: IMAGE_TYPES,
        maxBytes: AVATAR_MAX_BYTES,
      });
      const student = await visibleStudent(db, a, num(body.studentId));
      if (student.archived) {
        throw globalError(
          'errors.student_archived',
          'An archived student cannot be changed; take them out of the archive first.',
        );
      }
      const updated = await db.transaction(async (tx) => {
        const stored = await files.save(tx, a.drivingSchoolId, file);
        const [row] = await tx
          .update(students)
          .set({ avatarFileId: stored.id })
          .where(and(eq(students.drivingSchoolId, a.drivingSchoolId), eq(students.id, student.id)))
          .returning();
        if (!row) throw notFound();
        return row;
      });
      if (student.avatarFileId && student.avatarFileId !== updated.avatarFileId) {
        try {
          await files.remove(db, a.drivingSchoolId, student.avatarFileId);
        } catch {
          // Still referenced by another row: the old file stays for it.
        }
      }
      return { status: 200, body: await toStudent(updated) };
    },

    async getStudentExamAndEducation(request) {
      const a = requireAuth(request);
      const student = await visibleStudent(db, a, num(request.params.id));
      const [educationRows, examRows] = await Promise.all([
        db
          .select()
          .from(studentEducations)
          .where(
            and(
              eq(studentEducations.drivingSchoolId, a.drivingSchoolId),
              eq(studentEducations.studentId, student.id),
            ),
          )
          .orderBy(desc(studentEducations.createdAt), desc(studentEducations.id))
          .limit(50),
        db
          .select({
            examId: exams.id,
            kind: exams.kind,
            studentEducationId: examParticipants.studentEducationId,
            licenseClass: studentEducations.licenseClass,
            date: exams.date,
            time: sql<string>`to_char(${exams.startTime}, 'HH24:MI')`,
            status: examParticipants.status,
            testingOrganizationId: exams.testingOrganizationId,
          })
          .from(examParticipants)
          .innerJoin(
            exams,
            and(
              eq(exams.drivingSchoolId, examParticipants.drivingSchoolId),
              eq(exams.id, examParticipants.examId),
            ),
          )
          .innerJoin(
            studentEducations,
            and(
              eq(studentEducations.drivingSchoolId, examParticipants.drivingSchoolId),
              eq(studentEducations.id, examParticipants.studentEducationId),
            ),
          )
          .where(
            and(
              eq(examParticipants.drivingSchoolId, a.drivingSchoolId),
              eq(examParticipants.studentId, student.id),
            ),
          )
          .orderBy(desc(exams.date), desc(exams.startTime), desc(exams.id))
          .limit(500),
      ]);
      const body: Schemas['StudentExamAndEducation'] = {
        student: await toStudent(student),
        educations: await Promise.all(educationRows.map(toEducation)),
        exams: examRows.map((row) => row as Schemas['StudentExamSummary']),
      };
      return { status: 200, body };
    },

    // Over the school's own mail account (email_configs), else the system mailer.
    async sendStudentConfirmationEmail(request) {
      const a = requireAuth(request);
      const email = String(request.query.email).toLowerCase();
      const [student] = await db
        .select()
        .from(students)
        .where(
          and(
            eq(students.drivingSchoolId, a.drivingSchoolId),
            sql`lower(coalesce(${students.learningAppEmail}, ${students.email})) = ${email}`,
            studentVisibility(db)(a),
          ),
        )
        .limit(1);
      if (!student) {
        throw new AppError(
          404,
          'errors.no_student',
          'No student of the school has this learning-app e-mail.',
        );
      }
      const [school] = await db
        .select({ name: drivingSchools.name })
        .from(drivingSchools)
        .where(eq(drivingSchools.id, a.drivingSchoolId));
      const token = confirmationToken(config.jwtSecret, a.drivingSchoolId, student.id);
      const link = `${config.publicUrl}${LEARNING_APP_CONFIRM_PAGE}?${new URLSearchParams({ token })}`;
      const mail = confirmationMail({
        schoolName: school?.name ?? '',
        firstName: student.firstName,
        lastName: student.lastName,
        link,
      });
      try {
        await schoolMailer.send(db, a.drivingSchoolId, {
          to: student.learningAppEmail ?? student.email ?? email,
          ...mail,
        });
      } catch (error) {
        throw globalError(
          'errors.email_not_sent',
          `The mail server refused the mail: ${(error as Error).message}`,
        );
      }
      return { status: 204 };
    },
  });
}
