import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { appointments, type LicenseClass, studentEducations, students } from '../../db/schema';
import type { FileStore } from '../../files/file-store';
import { type AuthContext, requireAuth } from '../../http/auth';
import { AppError, fieldError, globalError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { uploadedFile } from '../../http/uploads';
import type { JobQueue } from '../../jobs/job-queue';
import { queueTriggerEvents } from '../payments/trigger-firing';
import { listRows, pricesForClass } from '../prices/prices.resources';
import { activeEducations, resolvePriceListId } from '../prices/student-prices';
import { guardWrite } from '../resources/database-errors';
import { fileRefLoader, handlers } from '../resources/kit';
import { mayWriteCalendar } from '../roles/calendar-access';
import { appointmentToDto, refuseFrozen } from './appointments.resources';

/*
 * Driving lessons (spec 000 §3–§4, 001 §4): booking charges the lesson's price to the
 * student's education; the student may sign it on the instructor's tablet, which books it
 * too. Deleting a booked lesson reverses the charge with the lesson. The failures are 422s
 * with an `error_message` the client shows in an error snackbar.
 */

type AppointmentRow = typeof appointments.$inferSelect;

/** A signature drawn on a tablet is small; a megabyte is generous. */
export const SIGNATURE_MAX_BYTES = 1024 * 1024;
/** A driving-lesson product without a duration is priced per 45 minutes (one lesson). */
const LESSON_MINUTES = 45;

/** The charge of a lesson: the price list's driving-lesson product of its hour type and class. */
export async function lessonCharge(db: Db, schoolId: number, lesson: AppointmentRow) {
  const [row] = await db
    .select({ student: students, education: studentEducations })
    .from(studentEducations)
    .innerJoin(
      students,
      and(eq(students.drivingSchoolId, schoolId), eq(students.id, studentEducations.studentId)),
    )
    .where(
      and(
        eq(studentEducations.drivingSchoolId, schoolId),
        eq(studentEducations.id, lesson.studentEducationId as number),
      ),
    );
  if (!row) throw notFound('The lesson has no education in your school.');
  const { student, education } = row;
  const listId = await resolvePriceListId(db, schoolId, student, education);
  const licenseClass = (lesson.licenseClass ?? education.licenseClass) as LicenseClass;
  // A further class of a combined training is charged the combined price.
  const active = await activeEducations(db, schoolId, student);
  const combined = active.findIndex((e) => e.id === education.id) > 0;
  const rows = listId === null ? [] : await listRows(db, schoolId, listId);
  const applied = listId === null ? [] : pricesForClass(rows, listId, licenseClass, combined);
  const price = applied.find(
    (p) => p.productType === 'DRIVING_LESSON' && p.hourType === lesson.hourType,
  );
  if (!price) {
    throw globalError(
      'errors.no_price',
      `The price list has no driving-lesson price for hour type ${lesson.hourType} and class ${licenseClass}.`,
    );
  }
  const product = rows.find((r) => r.product.id === price.productId)?.product;
  const unit = product?.duration ?? LESSON_MINUTES;
  return {
    productId: price.productId,
    price: Math.round((price.price * lesson.minutes) / unit),
    vatRate: price.vatRate,
  };
}

/** 422 unless the appointment is a driving lesson that can still be booked. */
function refuseUnbookable(lesson: AppointmentRow, signing: boolean) {
  if (lesson.type !== 'DRIVING') {
    throw globalError('errors.not_a_driving_lesson', 'The appointment is not a driving lesson.');
  }
  refuseFrozen(lesson);
  if (lesson.booked && (!signing || lesson.signatureFileId !== null)) {
    throw globalError('errors.already_booked', 'The driving lesson is already booked.');
  }
}

export function createDrivingLessonHandlers(
  db: Db,
  files: FileStore,
  jobs?: JobQueue,
): OperationHandlers {
  const signatureFile = fileRefLoader(db);
  const toDto = async (row: AppointmentRow) =>
    appointmentToDto(
      row,
      row.signatureFileId === null
        ? undefined
        : await signatureFile(row.drivingSchoolId, row.signatureFileId),
    );

  /** The lesson, after the caller's right to write in its calendar is checked. */
  async function lessonFor(auth: AuthContext, id: number) {
    const [lesson] = await db
      .select()
      .from(appointments)
      .where(and(eq(appointments.drivingSchoolId, auth.drivingSchoolId), eq(appointments.id, id)));
    if (!lesson) throw notFound();
    if (!(await mayWriteCalendar(db, auth, lesson.instructorId))) {
      throw new AppError(
        403,
        'errors.calendar_read_only',
        `The calendar of user ${lesson.instructorId} is not shared with you for writing.`,
      );
    }
    return lesson;
  }

  /** The education's DRIVING_LESSON event for the automatic payment triggers (after commit). */
  const lessonEvent = (row: AppointmentRow) =>
    row.studentEducationId === null
      ? Promise.resolve()
      : queueTriggerEvents(jobs, row.drivingSchoolId, [row.studentEducationId], 'DRIVING_LESSON');

  /** Books (charges) and optionally signs, in one statement: both happen or neither. */
  async function book(
    executor: Db,
    auth: AuthContext,
    lesson: AppointmentRow,
    charge: Awaited<ReturnType<typeof lessonCharge>> | undefined,
    signature?: { fileId: number; signedAt: Date },
  ) {
    const now = new Date();
    const [row] = await executor
      .update(appointments)
      .set({
        ...(charge
          ? {
              booked: true,
              bookedAt: now,
              bookedProductId: charge.productId,
              bookedPrice: charge.price,
              bookedVatRate: charge.vatRate,
            }
          : {}),
        ...(signature ? { signatureFileId: signature.fileId, signedAt: signature.signedAt } : {}),
        updatedAt: now,
      })
      .where(
        and(
          eq(appointments.drivingSchoolId, auth.drivingSchoolId),
          eq(appointments.id, lesson.id),
          // Booked or released by somebody else meanwhile: nothing changes.
          eq(appointments.booked, lesson.booked),
          eq(appointments.released, false),
          eq(appointments.invoiced, false),
        ),
      )
      .returning();
    if (!row) throw globalError('errors.already_booked', 'The lesson changed meanwhile.');
    return row;
  }

  return handlers({
    async bookDrivingLesson(request) {
      const auth = requireAuth(request);
      const lesson = await lessonFor(auth, Number(request.params.id));
      refuseUnbookable(lesson, false);
      const charge = await lessonCharge(db, auth.drivingSchoolId, lesson);
      const row = await book(db, auth, lesson, charge);
      await lessonEvent(row);
      return { status: 200, body: await toDto(row) };
    },

    async uploadStudentSignatureAndBookDrivingLesson(request) {
      const auth = requireAuth(request);
      const lesson = await lessonFor(auth, Number(request.params.id));
      refuseUnbookable(lesson, true);
      const file = uploadedFile(request, 'file', {
        types: ['image/png'],
        maxBytes: SIGNATURE_MAX_BYTES,
      });
      const signedAtText = (request.body as { signedAt?: string } | undefined)?.signedAt;
      const signedAt = signedAtText ? new Date(signedAtText) : new Date();
      if (Number.isNaN(signedAt.getTime())) {
        throw fieldError('signedAt', 'validation.invalid', 'signedAt is no ISO date and time.');
      }
      // Priced before the transaction: everything inside it goes through `tx`.
      const charge = lesson.booked
        ? undefined
        : await lessonCharge(db, auth.drivingSchoolId, lesson);
      const row = await db.transaction(async (tx) => {
        const stored = await files.save(tx as Db, auth.drivingSchoolId, {
          fileName: `Unterschrift Fahrstunde ${lesson.date} ${lesson.startTime.slice(0, 5)}.png`,
          mimeType: 'image/png',
          bytes: file.bytes,
        });
        return book(tx as Db, auth, lesson, charge, { fileId: stored.id, signedAt });
      });
      await lessonEvent(row);
      return { status: 200, body: await toDto(row) };
    },

    async deleteDrivingLesson(request) {
      const auth = requireAuth(request);
      const lesson = await lessonFor(auth, Number(request.params.id));
      if (lesson.type !== 'DRIVING') {
        throw globalError(
          'errors.not_a_driving_lesson',
          'The appointment is not a driving lesson.',
        );
      }
      refuseFrozen(lesson);
      // The charge is a column of the lesson: deleting the lesson reverses it.
      await guardWrite(
        () =>
          db
            .delete(appointments)
            .where(
              and(
                eq(appointments.drivingSchoolId, auth.drivingSchoolId),
                eq(appointments.id, lesson.id),
              ),
            ),
        undefined,
        'delete',
      );
      if (lesson.signatureFileId !== null) {
        await files.remove(db, auth.drivingSchoolId, lesson.signatureFileId);
      }
      return { status: 204 };
    },
  });
}
