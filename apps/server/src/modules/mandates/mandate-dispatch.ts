import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  drivingSchools,
  livePayMandates,
  mandateFormTokens,
  masterData,
  studentEducations,
  students,
} from '../../db/schema';
import { requireAuth } from '../../http/auth';
import { fieldError, globalError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import type { Services } from '../handlers';
import { berlinToday, handlers } from '../resources/kit';
import { ibanChecksumValid } from './mandates.resources';

/*
 * The mandate dispatch e-mail and the public mandate form (spec 001 §3 "/set-up-mandate"):
 * the office mails the payer a one-time link (`<PUBLIC_URL>/set-up-mandate?token=…`, valid
 * 14 days) to the form, which shows the school as creditor and the mandate reference
 * reserved for it; the account holder enters name and IBAN and agrees, and the mandate is
 * CONFIRMED at once, signed today. The token is 32 random bytes (base64url); a used, expired
 * or unknown token answers 404. No sign-in; the calls are rate-limited per IP address.
 */

/** How long the link of a dispatch e-mail is valid. */
export const MANDATE_FORM_VALID_DAYS = 14;

/** The back office's page of the public mandate form. */
export const MANDATE_FORM_PAGE = '/set-up-mandate';

const newToken = () => randomBytes(32).toString('base64url');

/** A mandate reference of the SEPA character set, reserved for the form. */
const newReference = (studentId: number) =>
  `FW-${studentId}-${randomBytes(5).toString('hex').toUpperCase()}`;

const dateDe = (instant: Date) =>
  new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(instant);

/** The German dispatch e-mail. */
export function mandateDispatchMail(input: {
  schoolName: string;
  studentName: string;
  licenseClass: string;
  link: string;
  expiresAt: Date;
}): { subject: string; text: string } {
  return {
    subject: `SEPA-Lastschriftmandat für ${input.schoolName}`,
    text: [
      'Guten Tag,',
      '',
      `für die Ausbildung von ${input.studentName} (Klasse ${input.licenseClass}) bei ${input.schoolName} ` +
        'werden die Fahrstunden per SEPA-Lastschrift eingezogen. Bitte erteilen Sie dafür das ' +
        'SEPA-Lastschriftmandat über den folgenden Link:',
      '',
      input.link,
      '',
      `Der Link ist ${MANDATE_FORM_VALID_DAYS} Tage gültig (bis ${dateDe(input.expiresAt)}) und kann ` +
        'nur einmal verwendet werden.',
      '',
      'Mit freundlichen Grüßen',
      input.schoolName,
    ].join('\n'),
  };
}

/** The school's address in one line, as the form shows it. */
function addressLine(address: Record<string, string | undefined> | null | undefined) {
  if (!address) return undefined;
  const street = [address.street, address.houseNumber].filter(Boolean).join(' ');
  const city = [address.postalCode, address.city].filter(Boolean).join(' ');
  const line = [street, city].filter(Boolean).join(', ');
  return line ? line.slice(0, 300) : undefined;
}

/** The token's row while it is usable: unknown, used or expired answer 404. */
async function usableToken(db: Db, token: string, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(mandateFormTokens)
    .where(
      and(
        eq(mandateFormTokens.token, token),
        isNull(mandateFormTokens.usedAt),
        gt(mandateFormTokens.expiresAt, sql`now()`),
      ),
    );
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound('The link is unknown, used or expired.');
  return row;
}

export function createMandateDispatchHandlers(services: Services): OperationHandlers {
  const { db, schoolMailer, config } = services;

  return handlers({
    async sendLivePayMandateDispatchEmail(request) {
      const auth = requireAuth(request);
      const schoolId = auth.drivingSchoolId;
      const { email, educationId } = request.query;
      const [education] = await db
        .select({
          studentId: studentEducations.studentId,
          licenseClass: studentEducations.licenseClass,
          firstName: students.firstName,
          lastName: students.lastName,
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
            eq(studentEducations.id, educationId),
          ),
        );
      if (!education) throw notFound('No such education in your school.');
      const [school] = await db
        .select({ name: drivingSchools.name, creditorId: masterData.creditorId })
        .from(drivingSchools)
        .leftJoin(masterData, eq(masterData.drivingSchoolId, drivingSchools.id))
        .where(eq(drivingSchools.id, schoolId));
      if (!school?.creditorId) {
        throw globalError(
          'errors.creditor_id_missing',
          'The master data need the creditor id before a mandate can be given online.',
        );
      }
      const token = newToken();
      const expiresAt = new Date(Date.now() + MANDATE_FORM_VALID_DAYS * 86_400_000);
      const [row] = await db
        .insert(mandateFormTokens)
        .values({
          drivingSchoolId: schoolId,
          token,
          studentId: education.studentId,
          studentEducationId: educationId,
          email,
          reference: newReference(education.studentId),
          expiresAt,
        })
        .returning({ id: mandateFormTokens.id });
      if (!row) throw new Error('The insert answered no row.');
      const link = `${config.publicUrl}${MANDATE_FORM_PAGE}?${new URLSearchParams({ token })}`;
      try {
        await schoolMailer.send(db, schoolId, {
          to: email,
          ...mandateDispatchMail({
            schoolName: school.name,
            studentName: `${education.firstName} ${education.lastName}`.trim(),
            licenseClass: education.licenseClass,
            link,
            expiresAt,
          }),
        });
      } catch (error) {
        // No link the payer never got stays usable.
        await db
          .delete(mandateFormTokens)
          .where(
            and(eq(mandateFormTokens.drivingSchoolId, schoolId), eq(mandateFormTokens.id, row.id)),
          );
        throw globalError(
          'errors.email_not_sent',
          `The mail server refused the mail: ${(error as Error).message}`,
        );
      }
      return { status: 204 };
    },

    async getPublicMandateForm(request) {
      const form = await usableToken(db, request.params.token);
      const [details] = await db
        .select({
          schoolName: drivingSchools.name,
          address: masterData.address,
          creditorId: masterData.creditorId,
          firstName: students.firstName,
          lastName: students.lastName,
          licenseClass: studentEducations.licenseClass,
        })
        .from(drivingSchools)
        .leftJoin(masterData, eq(masterData.drivingSchoolId, drivingSchools.id))
        .innerJoin(
          students,
          and(eq(students.drivingSchoolId, drivingSchools.id), eq(students.id, form.studentId)),
        )
        .innerJoin(
          studentEducations,
          and(
            eq(studentEducations.drivingSchoolId, drivingSchools.id),
            eq(studentEducations.id, form.studentEducationId),
          ),
        )
        .where(eq(drivingSchools.id, form.drivingSchoolId));
      if (!details) throw notFound('The link is unknown, used or expired.');
      if (!details.creditorId) {
        throw globalError(
          'errors.creditor_id_missing',
          'The school has no creditor id; it cannot take a mandate now.',
        );
      }
      const schoolAddress = addressLine(details.address as Record<string, string> | null);
      return {
        status: 200,
        body: {
          schoolName: details.schoolName.slice(0, 150),
          ...(schoolAddress ? { schoolAddress } : {}),
          creditorId: details.creditorId,
          reference: form.reference,
          studentName: `${details.firstName} ${details.lastName}`.trim().slice(0, 201),
          licenseClass: details.licenseClass,
          expiresAt: form.expiresAt.toISOString(),
        },
      };
    },

    async submitPublicMandateForm(request) {
      const { holderName, iban, bic } = request.body;
      if (!ibanChecksumValid(iban)) {
        throw fieldError('iban', 'validation.iban', 'The IBAN check digits are wrong.');
      }
      await db.transaction(async (tx) => {
        const form = await usableToken(tx, request.params.token, { lock: true });
        const [mandate] = await tx
          .insert(livePayMandates)
          .values({
            drivingSchoolId: form.drivingSchoolId,
            reference: form.reference,
            studentId: form.studentId,
            studentEducationId: form.studentEducationId,
            holderName: holderName.trim() || holderName,
            iban,
            bic: bic ?? null,
            signedAt: berlinToday(),
            status: 'CONFIRMED',
          })
          .returning({ id: livePayMandates.id });
        if (!mandate) throw new Error('The insert answered no row.');
        await tx
          .update(mandateFormTokens)
          .set({ usedAt: new Date(), mandateId: mandate.id })
          .where(
            and(
              eq(mandateFormTokens.drivingSchoolId, form.drivingSchoolId),
              eq(mandateFormTokens.id, form.id),
            ),
          );
      });
      return { status: 204 };
    },
  });
}
