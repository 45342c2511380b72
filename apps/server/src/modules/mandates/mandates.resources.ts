import { randomBytes } from 'node:crypto';
import type { components } from '@fahrwerk/api/schema';
import { and, desc, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { livePayMandates, payments, studentEducations, students } from '../../db/schema';
import { requireAuth } from '../../http/auth';
import { fieldError, globalError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { berlinToday, handlers as kitHandlers, mergeHandlers, required } from '../resources/kit';
import { createResourceHandlers } from '../resources/resource-handlers';
import { expireLapsedMandates } from './mandate-lapse';

/*
 * SEPA core direct-debit mandates of live pay (spec 001 §3, §4; DOMAIN.md "SEPA direct
 * debit"). UNCONFIRMED until the signed form is there, then CONFIRMED; REVOKED is final.
 */

type Mandate = components['schemas']['Mandate'];
type MandateRow = typeof livePayMandates.$inferSelect;

export const toMandateDto = (row: MandateRow): Mandate =>
  Object.fromEntries(
    Object.entries(row).filter(([key, value]) => value !== null && key !== 'drivingSchoolId'),
  ) as Mandate;

/** ISO 13616: move the first four characters to the end, letters to numbers, mod 97 = 1. */
export function ibanChecksumValid(iban: string): boolean {
  const rearranged = `${iban.slice(4)}${iban.slice(0, 4)}`;
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** A reference of the SEPA character set, unique enough to never collide in a school. */
const newReference = (studentId: number) =>
  `FW-${studentId}-${randomBytes(5).toString('hex').toUpperCase()}`;

const MANDATES_LIMIT = 100;
const newestFirst = [desc(livePayMandates.createdAt), desc(livePayMandates.id)];

export function createMandateHandlers(db: Db): OperationHandlers {
  const inSchool = (schoolId: number) => eq(livePayMandates.drivingSchoolId, schoolId);

  const { getMandate, ...generic } = createResourceHandlers(db, {
    table: livePayMandates,
    operations: { get: 'getMandate', create: 'createMandate' },
    toDto: toMandateDto,
    // With the date of signature the mandate is confirmed at once.
    fromInput: (input) => ({
      studentId: input.studentId,
      studentEducationId: input.studentEducationId ?? null,
      reference: input.reference ?? null,
      holderName: input.holderName,
      iban: input.iban,
      bic: input.bic ?? null,
      signedAt: input.signedAt ?? null,
      status: input.signedAt ? 'CONFIRMED' : 'UNCONFIRMED',
    }),
    sortColumns: { id: livePayMandates.id, createdAt: livePayMandates.createdAt },
    constraints: {
      live_pay_mandates_reference_key: { field: 'reference', error: 'validation.reference_taken' },
      live_pay_mandates_student_fk: { field: 'studentId', error: 'validation.not_found' },
      live_pay_mandates_education_fk: {
        field: 'studentEducationId',
        error: 'validation.not_found',
      },
    },
    rules: {
      async beforeCreate({ auth, values }) {
        if (!values) return;
        if (!ibanChecksumValid(String(values.iban))) {
          throw fieldError('iban', 'validation.iban', 'The IBAN check digits are wrong.');
        }
        if (values.studentEducationId) {
          const [education] = await db
            .select({ studentId: studentEducations.studentId })
            .from(studentEducations)
            .where(
              and(
                eq(studentEducations.drivingSchoolId, auth.drivingSchoolId),
                eq(studentEducations.id, Number(values.studentEducationId)),
              ),
            );
          if (education?.studentId !== values.studentId) {
            throw fieldError(
              'studentEducationId',
              'validation.not_found',
              'No such education of the student in your school.',
            );
          }
        }
        values.reference ??= newReference(Number(values.studentId));
      },
    },
  });

  async function loadMandate(schoolId: number, id: number): Promise<MandateRow> {
    const [row] = await db
      .select()
      .from(livePayMandates)
      .where(and(inSchool(schoolId), eq(livePayMandates.id, id)));
    if (!row) throw notFound();
    return row;
  }

  /** A lapsed mandate reads EXPIRED: the school's lapsed ones are marked before any read. */
  const expireLapsed = (schoolId: number) => expireLapsedMandates(db, schoolId, berlinToday());
  const getGeneric = required(getMandate, 'getMandate');

  const handlers: OperationHandlers = {
    ...kitHandlers({
      async getMandate(request, reply) {
        await expireLapsed(requireAuth(request).drivingSchoolId);
        return getGeneric(request, reply);
      },
    }),

    async listMandatesByStudent(request) {
      const auth = requireAuth(request);
      const studentId = request.params.id;
      await expireLapsed(auth.drivingSchoolId);
      const [student] = await db
        .select({ id: students.id })
        .from(students)
        .where(and(eq(students.drivingSchoolId, auth.drivingSchoolId), eq(students.id, studentId)));
      if (!student) throw notFound();
      const rows = await db
        .select()
        .from(livePayMandates)
        .where(and(inSchool(auth.drivingSchoolId), eq(livePayMandates.studentId, studentId)))
        .orderBy(...newestFirst)
        .limit(MANDATES_LIMIT);
      return { status: 200, body: rows.map(toMandateDto) };
    },

    async listMandatesByStudentEducation(request) {
      const auth = requireAuth(request);
      const educationId = request.params.id;
      const [education] = await db
        .select({ studentId: studentEducations.studentId })
        .from(studentEducations)
        .where(
          and(
            eq(studentEducations.drivingSchoolId, auth.drivingSchoolId),
            eq(studentEducations.id, educationId),
          ),
        );
      if (!education) throw notFound();
      await expireLapsed(auth.drivingSchoolId);
      // Given for this education, or for all the student's educations.
      const rows = await db
        .select()
        .from(livePayMandates)
        .where(
          and(
            inSchool(auth.drivingSchoolId),
            eq(livePayMandates.studentId, education.studentId),
            or(
              eq(livePayMandates.studentEducationId, educationId),
              isNull(livePayMandates.studentEducationId),
            ),
          ),
        )
        .orderBy(...newestFirst)
        .limit(MANDATES_LIMIT);
      return { status: 200, body: rows.map(toMandateDto) };
    },

    async confirmMandate(request) {
      const auth = requireAuth(request);
      const current = await loadMandate(auth.drivingSchoolId, request.params.id);
      const [row] =
        current.status === 'UNCONFIRMED'
          ? await db
              .update(livePayMandates)
              .set({ status: 'CONFIRMED', signedAt: request.query.signedAt })
              .where(
                and(
                  inSchool(auth.drivingSchoolId),
                  eq(livePayMandates.id, current.id),
                  eq(livePayMandates.status, 'UNCONFIRMED'),
                ),
              )
              .returning()
          : [];
      if (!row) {
        throw globalError(
          'errors.invalid_status_transition',
          'Only an unconfirmed mandate can be confirmed.',
        );
      }
      return { status: 200, body: toMandateDto(row) };
    },

    async revokeMandate(request) {
      const auth = requireAuth(request);
      const schoolId = auth.drivingSchoolId;
      const current = await loadMandate(schoolId, request.params.id);
      if (current.status === 'REVOKED') {
        throw globalError('errors.mandate_revoked', 'The mandate is already revoked.');
      }
      const row = await db.transaction(async (tx) => {
        // A lapsed mandate is no other usable one below.
        await expireLapsedMandates(tx, schoolId, berlinToday());
        const [revoked] = await tx
          .update(livePayMandates)
          .set({ status: 'REVOKED', revokedAt: new Date() })
          .where(
            and(
              inSchool(schoolId),
              eq(livePayMandates.id, current.id),
              ne(livePayMandates.status, 'REVOKED'),
            ),
          )
          .returning();
        if (!revoked) {
          throw globalError('errors.mandate_revoked', 'The mandate is already revoked.');
        }
        // Its debits not yet collected are not collected.
        await tx
          .update(payments)
          .set({ status: 'CANCELLED' })
          .where(
            and(
              eq(payments.drivingSchoolId, schoolId),
              eq(payments.mandateId, current.id),
              eq(payments.status, 'OPEN'),
            ),
          );
        // Without another confirmed mandate, live pay of the educations it served stops
        // debiting automatically until a new mandate is confirmed.
        const others = await tx
          .select({ studentEducationId: livePayMandates.studentEducationId })
          .from(livePayMandates)
          .where(
            and(
              inSchool(schoolId),
              eq(livePayMandates.studentId, current.studentId),
              eq(livePayMandates.status, 'CONFIRMED'),
            ),
          );
        const covered = (educationId: number) =>
          others.some(
            (other) =>
              other.studentEducationId === null || other.studentEducationId === educationId,
          );
        const served = await tx
          .select({ id: studentEducations.id })
          .from(studentEducations)
          .where(
            and(
              eq(studentEducations.drivingSchoolId, schoolId),
              eq(studentEducations.studentId, current.studentId),
              eq(studentEducations.paymentWorkflow, 'LIVE_PAY'),
              current.studentEducationId
                ? eq(studentEducations.id, current.studentEducationId)
                : undefined,
            ),
          );
        const uncovered = served.map((education) => education.id).filter((id) => !covered(id));
        if (uncovered.length > 0) {
          await tx
            .update(studentEducations)
            .set({ automaticPayment: false })
            .where(
              and(
                eq(studentEducations.drivingSchoolId, schoolId),
                inArray(studentEducations.id, uncovered),
              ),
            );
        }
        return revoked;
      });
      return { status: 200, body: toMandateDto(row) };
    },
  };

  return mergeHandlers(generic, handlers);
}
