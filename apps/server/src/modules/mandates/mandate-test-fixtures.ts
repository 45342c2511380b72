import { checksumIBAN } from 'sepa';
import type { Db } from '../../db/database';
import {
  branches,
  livePayMandates,
  masterData,
  payments,
  studentEducations,
  students,
} from '../../db/schema';
import { isTarget2BusinessDay } from '../payments/sepa-validation';
import { addDays, berlinToday } from '../resources/kit';

/*
 * Test data of the mandate, SEPA export and bank-return tests: the school as SEPA creditor,
 * live-pay students with a mandate, and OPEN debits — written straight into the database
 * as live pay would have left them.
 */

export const CREDITOR = {
  creditorId: 'DE98ZZZ09999999999',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
};

/** A German IBAN with right check digits, different per `n`. */
export const ibanDe = (n: number) =>
  checksumIBAN(`DE00${String(37040044).padStart(8, '0')}${String(n).padStart(10, '0')}`);

/** The first TARGET2 business day on or after `today + days`. */
export function businessDayFrom(days: number, today = berlinToday()): string {
  let day = addDays(today, days);
  while (!isTarget2BusinessDay(day)) day = addDays(day, 1);
  return day;
}

/** The school's master data as a SEPA creditor (and the other settings given). */
export async function sepaCreditor(
  db: Db,
  schoolId: number,
  values: Partial<typeof masterData.$inferInsert> = {},
): Promise<void> {
  const row = { ...CREDITOR, ...values };
  await db
    .insert(masterData)
    .values({ drivingSchoolId: schoolId, ...row })
    .onConflictDoUpdate({ target: masterData.drivingSchoolId, set: row });
}

let counter = 0;
/** A branch per database and school (tests of both drivers share the school ids). */
const branchOf = new WeakMap<Db, Map<number, number>>();

export type LivePayCase = { studentId: number; educationId: number; mandateId: number };

/** A student in live pay with one education and a mandate for it. */
export async function livePayStudent(
  db: Db,
  schoolId: number,
  options: {
    firstName?: string;
    lastName?: string;
    holderName?: string;
    status?: 'UNCONFIRMED' | 'CONFIRMED' | 'REVOKED' | 'EXPIRED';
    signedAt?: string | null;
    lastDebitAt?: string | null;
    sequenceType?: 'FRST' | 'RCUR';
    /** A mandate for all the student's educations (no education id). */
    forAllEducations?: boolean;
  } = {},
): Promise<LivePayCase> {
  counter += 1;
  const perSchool = branchOf.get(db) ?? new Map<number, number>();
  branchOf.set(db, perSchool);
  let branchId = perSchool.get(schoolId);
  if (!branchId) {
    const [branch] = await db
      .insert(branches)
      .values({
        drivingSchoolId: schoolId,
        name: `Lastschrift ${counter}`,
        abbreviation: `L${counter}`.slice(0, 5),
        workCorridorFrom: '07:00',
        workCorridorTo: '20:00',
      })
      .returning({ id: branches.id });
    if (!branch) throw new Error('no branch');
    branchId = branch.id;
    perSchool.set(schoolId, branchId);
  }
  const [student] = await db
    .insert(students)
    .values({
      drivingSchoolId: schoolId,
      firstName: options.firstName ?? `Lena${counter}`,
      lastName: options.lastName ?? 'Sommer',
      branchId,
    })
    .returning({ id: students.id });
  if (!student) throw new Error('no student');
  const [education] = await db
    .insert(studentEducations)
    .values({
      drivingSchoolId: schoolId,
      studentId: student.id,
      licenseClass: 'B',
      branchId,
      theoryQuestionsVersion: '2025-04',
      paymentWorkflow: 'LIVE_PAY',
      automaticPayment: true,
    })
    .returning({ id: studentEducations.id });
  if (!education) throw new Error('no education');
  const status = options.status ?? 'CONFIRMED';
  const [mandate] = await db
    .insert(livePayMandates)
    .values({
      drivingSchoolId: schoolId,
      reference: `T-${student.id}-${counter}`,
      studentId: student.id,
      studentEducationId: options.forAllEducations ? null : education.id,
      holderName: options.holderName ?? `Lena Sommer ${counter}`,
      iban: ibanDe(student.id * 100 + counter),
      signedAt: options.signedAt === undefined ? addDays(berlinToday(), -30) : options.signedAt,
      lastDebitAt: options.lastDebitAt ?? null,
      status,
      sequenceType: options.sequenceType ?? 'FRST',
      revokedAt: status === 'REVOKED' ? new Date() : null,
    })
    .returning({ id: livePayMandates.id });
  if (!mandate) throw new Error('no mandate');
  return { studentId: student.id, educationId: education.id, mandateId: mandate.id };
}

/** An OPEN live-pay debit of the case; created `createdDaysAgo` days ago (default 20). */
export async function openDebit(
  db: Db,
  schoolId: number,
  debitCase: LivePayCase,
  options: {
    amount?: number;
    paymentDate?: string;
    createdDaysAgo?: number;
    reference?: string;
    status?: 'OPEN' | 'PENDING' | 'PAID';
  } = {},
): Promise<number> {
  const createdAt = new Date(Date.now() - (options.createdDaysAgo ?? 20) * 86_400_000);
  const [row] = await db
    .insert(payments)
    .values({
      drivingSchoolId: schoolId,
      amount: options.amount ?? 5_490,
      paymentDate: options.paymentDate ?? berlinToday(),
      method: 'DIRECT_DEBIT',
      status: options.status ?? 'OPEN',
      reference: options.reference ?? 'Fahrstunde',
      studentId: debitCase.studentId,
      studentEducationId: debitCase.educationId,
      mandateId: debitCase.mandateId,
      createdAt,
    })
    .returning({ id: payments.id });
  if (!row) throw new Error('no debit');
  return row.id;
}
