import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, payments } from '../../db/schema';
import { DEMO_OWNER, DRIVERS, expectError, useTestApp } from '../../test/test-app';
import {
  lessonBody,
  lessonDay,
  type PaymentFixture,
  paymentFixture,
  paymentStudent,
  setMasterData,
} from '../payments/payment-test-fixtures';

/*
 * Restricted planning on low balance (issue 14): with the master data's switch on, a driving
 * lesson of a student whose balance (paid − invoiced) is below the school's limit is a
 * LOW_BALANCE finding of the instructor check, and saving needs it confirmed.
 */

type Check = { ok: boolean; findings: { kind: string; balance?: number; threshold?: number }[] };

describe.each(DRIVERS)('restricted planning on %s', (driver) => {
  const t = useTestApp(driver);
  let owner: string;
  let f: PaymentFixture;
  let day = 40;

  beforeAll(async () => {
    owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    f = await paymentFixture(t);
  });

  const create = (body: Record<string, unknown>) =>
    t.call<{ id: number }>('POST', '/appointments', { token: owner, body });
  /** The instructor check of a lesson body (the check knows no student or hour type). */
  const check = ({ studentId: _s, hourType: _h, ...body }: Record<string, unknown>) =>
    t.call<Check>('POST', `/calendar/instructor/${f.instructorId}/check-overlapping-appointments`, {
      token: owner,
      body,
    });
  const lessonsOf = (studentId: number) =>
    t.database.db.select().from(appointments).where(eq(appointments.studentId, studentId));

  it('finds LOW_BALANCE, refuses the unconfirmed save and saves the confirmed one', async () => {
    await setMasterData(t, { restrictedPlanningOnLowBalance: true, lowBalanceThreshold: 10_000 });
    const student = await paymentStudent(t, f);
    day += 1;
    const body = lessonBody(f, student, lessonDay(day));
    const found = await check(body);
    expect(found.status, found.raw).toBe(200);
    expect(found.body.ok).toBe(false);
    expect(found.body.findings).toContainEqual(
      expect.objectContaining({
        kind: 'LOW_BALANCE',
        messageKey: 'calendar.check.low_balance',
        balance: 0,
        threshold: 10_000,
      }),
    );
    expectError(await create(body), 409, 'errors.balance_too_low');
    expect(await lessonsOf(student.studentId)).toEqual([]);
    const confirmed = await create({ ...body, confirmedFindings: ['LOW_BALANCE'] });
    expect(confirmed.status, confirmed.raw).toBe(201);
    expect(await lessonsOf(student.studentId)).toHaveLength(1);
    // A series books every occurrence or none.
    day += 7;
    expectError(
      await create({
        ...lessonBody(f, student, lessonDay(day)),
        repeatRule: 'WEEKLY',
        repeatUntil: lessonDay(day + 14),
      }),
      409,
      'errors.balance_too_low',
    );
    expect(await lessonsOf(student.studentId)).toHaveLength(1);
  });

  it('a balance at the limit is no finding; only driving lessons are checked', async () => {
    await setMasterData(t, { restrictedPlanningOnLowBalance: true, lowBalanceThreshold: 10_000 });
    const student = await paymentStudent(t, f);
    await t.database.db.insert(payments).values({
      drivingSchoolId: f.schoolId,
      amount: 10_000,
      paymentDate: '2026-01-15',
      method: 'TRANSFER',
      status: 'PAID',
      studentId: student.studentId,
      studentEducationId: student.studentEducationId,
    });
    day += 1;
    const body = lessonBody(f, student, lessonDay(day));
    const found = await check(body);
    expect(found.body.findings.map((finding) => finding.kind)).not.toContain('LOW_BALANCE');
    const saved = await create(body);
    expect(saved.status, saved.raw).toBe(201);

    const poor = await paymentStudent(t, f);
    day += 1;
    const other = await create({
      type: 'OTHER',
      date: lessonDay(day),
      startTime: '08:00',
      minutes: 30,
      instructorId: f.instructorId,
      studentId: poor.studentId,
      studentEducationId: poor.studentEducationId,
    });
    expect(other.status, other.raw).toBe(201);
  });

  it('is not checked when the switch is off; no limit set means 0', async () => {
    await setMasterData(t, { restrictedPlanningOnLowBalance: false, lowBalanceThreshold: 10_000 });
    const student = await paymentStudent(t, f);
    day += 1;
    const body = lessonBody(f, student, lessonDay(day));
    expect((await check(body)).body.findings.map((finding) => finding.kind)).not.toContain(
      'LOW_BALANCE',
    );
    const saved = await create(body);
    expect(saved.status, saved.raw).toBe(201);

    // Switch on without a limit: a balance of 0 is not below 0, a debt is.
    await setMasterData(t, { restrictedPlanningOnLowBalance: true, lowBalanceThreshold: null });
    day += 1;
    const even = await create(lessonBody(f, student, lessonDay(day)));
    expect(even.status, even.raw).toBe(201);
    await t.database.db.insert(payments).values({
      drivingSchoolId: f.schoolId,
      amount: -500,
      paymentDate: '2026-01-16',
      method: 'TRANSFER',
      status: 'PAID',
      studentId: student.studentId,
    });
    day += 1;
    const owes = lessonBody(f, student, lessonDay(day));
    const found = await check(owes);
    expect(found.body.findings).toContainEqual(
      expect.objectContaining({ kind: 'LOW_BALANCE', balance: -500, threshold: 0 }),
    );
    expectError(await create(owes), 409, 'errors.balance_too_low');
  });
});
