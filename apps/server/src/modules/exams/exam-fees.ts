import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  examParticipants,
  masterData,
  studentBookedProducts,
  studentEducations,
  students,
} from '../../db/schema';
import { requireAuth } from '../../http/auth';
import { globalError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { listRows, pricesForClass } from '../prices/prices.resources';
import { activeEducations, resolvePriceListId, toBookedProduct } from '../prices/student-prices';
import { handlers } from '../resources/kit';

/*
 * The repeat fees after a failed exam (spec 001 §7, `bookProductsOnFailedExam`): the exam
 * presentation (the DRIVING_LESSON product of hour type EXAM_PRESENTATION) booked again for
 * the education at the price of the student's price list, once per failed exam
 * (`exam_participants.repeat_fees_booked_at`). Recording FAILED books it only when the
 * school's switch `automaticExamOrganisationFees` is on; otherwise the exam screens call the
 * operation after recording "failed".
 */

type BookedRow = typeof studentBookedProducts.$inferSelect;

/**
 * Books the repeat presentation for a FAILED participant of the education. 404 when the
 * participant is not one of the education, 422 `errors.exam_not_failed`, 422
 * `errors.already_booked` the second time. Run it inside the caller's transaction.
 */
export async function bookRepeatPresentation(
  tx: Db,
  schoolId: number,
  studentEducationId: number,
  participantId: number,
): Promise<BookedRow[]> {
  const [participant] = await tx
    .select()
    .from(examParticipants)
    .where(
      and(
        eq(examParticipants.drivingSchoolId, schoolId),
        eq(examParticipants.id, participantId),
        eq(examParticipants.studentEducationId, studentEducationId),
      ),
    );
  if (!participant) throw notFound('No such exam entry of this education.');
  if (participant.status !== 'FAILED') {
    throw globalError('errors.exam_not_failed', 'The exam entry is not FAILED.');
  }
  // Claimed first, so two concurrent calls cannot both book.
  const claimed = await tx
    .update(examParticipants)
    .set({ repeatFeesBookedAt: new Date() })
    .where(
      and(
        eq(examParticipants.drivingSchoolId, schoolId),
        eq(examParticipants.id, participant.id),
        isNull(examParticipants.repeatFeesBookedAt),
      ),
    )
    .returning({ id: examParticipants.id });
  if (claimed.length === 0) {
    throw globalError(
      'errors.already_booked',
      'The repeat fees of this failed exam are already booked.',
    );
  }
  return bookPresentation(tx, schoolId, studentEducationId);
}

/**
 * Books the exam presentation (the DRIVING_LESSON product of hour type EXAM_PRESENTATION for
 * the education's class) at the price of the student's price list; nothing when the list
 * prices none.
 */
export async function bookPresentation(
  tx: Db,
  schoolId: number,
  studentEducationId: number,
): Promise<BookedRow[]> {
  const [education] = await tx
    .select()
    .from(studentEducations)
    .where(
      and(
        eq(studentEducations.drivingSchoolId, schoolId),
        eq(studentEducations.id, studentEducationId),
      ),
    );
  if (!education) throw notFound();
  const [student] = await tx
    .select()
    .from(students)
    .where(and(eq(students.drivingSchoolId, schoolId), eq(students.id, education.studentId)));
  if (!student) throw notFound();
  const listId = await resolvePriceListId(tx, schoolId, student, education);
  if (listId === null) return [];
  const active = await activeEducations(tx, schoolId, student);
  const combined = active.findIndex((row) => row.id === education.id) > 0;
  const presentations = pricesForClass(
    await listRows(tx, schoolId, listId),
    listId,
    education.licenseClass,
    combined,
  ).filter(
    (price) => price.productType === 'DRIVING_LESSON' && price.hourType === 'EXAM_PRESENTATION',
  );
  if (presentations.length === 0) return [];
  return tx
    .insert(studentBookedProducts)
    .values(
      presentations.map((price) => ({
        drivingSchoolId: schoolId,
        studentId: student.id,
        studentEducationId: education.id,
        productId: price.productId,
        type: price.productType,
        name: price.productName,
        licenseClass: education.licenseClass,
        quantity: 1,
        price: price.price,
        vatRate: price.vatRate,
        combined: price.combined,
      })),
    )
    .returning();
}

/** Whether the school books exam-organisation fees itself (master-data switch). */
export async function booksExamFeesAutomatically(db: Db, schoolId: number): Promise<boolean> {
  const [school] = await db
    .select({ on: masterData.automaticExamOrganisationFees })
    .from(masterData)
    .where(eq(masterData.drivingSchoolId, schoolId));
  return school?.on ?? false;
}

export function createExamFeeHandlers(db: Db): OperationHandlers {
  return handlers({
    async bookProductsOnFailedExam(request) {
      const auth = requireAuth(request);
      const rows = await db.transaction((tx) =>
        bookRepeatPresentation(
          tx,
          auth.drivingSchoolId,
          Number(request.params.studentEducationId),
          Number(request.params.studentTheoryExamId),
        ),
      );
      return { status: 201, body: rows.map(toBookedProduct) };
    },
  });
}
