import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema';
import { startSmtpSink } from '../../test/smtp-sink';
import { DEMO_OWNER, DRIVERS, useTestApp } from '../../test/test-app';
import { addDays, berlinToday } from '../resources/kit';
import { lessonDebitReference, preNotificationText, sepaText } from './live-pay-debits';
import {
  addMandate,
  lessonDay,
  type PaymentFixture,
  paymentFixture,
  paymentStudent,
  releaseLesson,
  setMasterData,
  signedLesson,
} from './payment-test-fixtures';

/*
 * Live pay (issue 14): releasing a signed lesson of a LIVE_PAY education writes one OPEN
 * direct debit at the booked price, due after the pre-notification days, and the
 * pre-notification e-mail reaches the payer over SMTP.
 */

describe('SEPA texts', () => {
  it('transliterates umlauts and drops what SEPA does not know', () => {
    expect(sepaText('Fahrstunde Köln-Mülheim für Jürgen & Söhne – Straße #1')).toBe(
      'Fahrstunde Koeln-Muelheim fuer Juergen + Soehne Strasse 1',
    );
    expect(lessonDebitReference('2026-11-12', 'B')).toBe('Fahrstunde 12.11.2026 Kl. B');
    expect(sepaText('x'.repeat(200))).toHaveLength(140);
  });

  it('writes the pre-notification in German with amount, date, mandate and creditor', () => {
    const { subject, text } = preNotificationText({
      name: 'Petra Schröder',
      amount: 6500,
      dueDate: '2026-12-10',
      reference: 'Fahrstunde 26.11.2026 Kl. B',
      mandateReference: 'LP-4711',
      creditorId: 'DE98ZZZ09999999999',
      iban: 'DE89370400440532013000',
      schoolName: 'Fahrschule Sonnenschein',
    });
    expect(subject).toBe('Vorabankündigung SEPA-Lastschrift: 65,00 € ab 10.12.2026');
    expect(text).toContain('Betrag: 65,00 €');
    expect(text).toContain('Einzug ab: 10.12.2026');
    expect(text).toContain('Mandatsreferenz: LP-4711');
    expect(text).toContain('Gläubiger-Identifikationsnummer: DE98ZZZ09999999999');
    expect(text).toContain('DE89 **** 3000');
    expect(text).not.toContain('0532013000');
  });
});

describe.each(DRIVERS)('live-pay debits on %s', (driver) => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
  beforeAll(async () => {
    smtp = await startSmtpSink();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const t = useTestApp(driver, {
    env: () => ({ SMTP_URL: smtp?.url ?? '', JOB_RETRY_DELAY_SECONDS: '1' }),
  });
  let owner: string;
  let f: PaymentFixture;
  let day = 0;

  // biome-ignore lint/suspicious/noDuplicateTestHooks: the SMTP sink starts before useTestApp's hook, the fixture needs the app after it
  beforeAll(async () => {
    owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    f = await paymentFixture(t);
  });

  const debitsOf = (studentEducationId: number) =>
    t.database.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.studentEducationId, studentEducationId),
          eq(payments.method, 'DIRECT_DEBIT'),
        ),
      );

  /** A signed lesson of the student on a day of its own, released; answers its id and day. */
  async function signAndRelease(student: Awaited<ReturnType<typeof paymentStudent>>) {
    day += 1;
    const date = lessonDay(day);
    const id = await signedLesson(t, owner, f, student, date);
    const released = await releaseLesson(t, owner, f, student, id, date);
    expect(released.status, released.raw).toBe(200);
    expect(released.body.released).toBe(true);
    return { id, date };
  }

  it('release writes one OPEN debit at the booked price, due after the pre-notification days, and mails it', async () => {
    await setMasterData(t, { preNotificationDays: 5 });
    const student = await paymentStudent(t, f, {
      workflow: 'LIVE_PAY',
      payerEmail: `eltern.${driver}@example.de`,
    });
    const mandateId = await addMandate(t, student, { reference: `LP-PRE-${driver}` });
    const { id, date } = await signAndRelease(student);
    const debits = await debitsOf(student.studentEducationId);
    expect(debits).toHaveLength(1);
    expect(debits[0]).toMatchObject({
      amount: 6500,
      status: 'OPEN',
      method: 'DIRECT_DEBIT',
      appointmentId: id,
      mandateId,
      sequenceType: 'FRST',
      studentId: student.studentId,
      studentEducationId: student.studentEducationId,
      paymentDate: addDays(berlinToday(), 5),
      reference: lessonDebitReference(date, 'B'),
    });
    const mail = await smtp?.next();
    expect(mail?.to).toEqual([student.email]);
    expect(mail?.subject).toContain('Vorabankündigung SEPA-Lastschrift');
    expect(mail?.text).toContain('Betrag: 65,00 €');
    expect(mail?.text).toContain(`Mandatsreferenz: LP-PRE-${driver}`);
    expect(mail?.text).toContain('Gläubiger-Identifikationsnummer: DE98ZZZ09999999999');
    const due = addDays(berlinToday(), 5);
    expect(mail?.text).toContain(
      `Einzug ab: ${due.slice(8, 10)}.${due.slice(5, 7)}.${due.slice(0, 4)}`,
    );
  });

  it('a second save or release writes no second debit; without a set period the due day is 14 days on', async () => {
    await setMasterData(t, { preNotificationDays: null });
    const student = await paymentStudent(t, f, { workflow: 'LIVE_PAY' });
    await addMandate(t, student, { education: false });
    const { id, date } = await signAndRelease(student);
    // The released lesson is frozen: saving it again is refused, and nothing more is written.
    const again = await releaseLesson(t, owner, f, student, id, date);
    expect(again.status, again.raw).toBe(422);
    const debits = await debitsOf(student.studentEducationId);
    expect(debits).toHaveLength(1);
    expect(debits[0]?.paymentDate).toBe(addDays(berlinToday(), 14));
    // The student's own mail (no payer address).
    const mail = await smtp?.next();
    expect(mail?.to).toEqual([student.email]);
    // The unique index stands behind it: a second debit of the lesson is refused.
    const [first] = debits;
    await expect(
      t.database.db.insert(payments).values({
        drivingSchoolId: f.schoolId,
        amount: 6500,
        paymentDate: berlinToday(),
        method: 'DIRECT_DEBIT',
        status: 'OPEN',
        studentId: student.studentId,
        mandateId: first?.mandateId,
        appointmentId: id,
      }),
    ).rejects.toThrow();
  });

  it('without a confirmed mandate the release succeeds and writes no debit', async () => {
    const student = await paymentStudent(t, f, { workflow: 'LIVE_PAY' });
    await addMandate(t, student, { status: 'UNCONFIRMED' });
    const { id } = await signAndRelease(student);
    expect(await debitsOf(student.studentEducationId)).toEqual([]);
    // The lesson stays charged on the education for the final invoice.
    const lesson = await t.call<{ booked: boolean; bookedPrice: number }>(
      'GET',
      `/appointments/${id}`,
      { token: owner },
    );
    expect(lesson.body).toMatchObject({ booked: true, bookedPrice: 6500 });
  });

  it('classic pay, and live pay with automatic payment off, write no debit', async () => {
    const classic = await paymentStudent(t, f, { workflow: 'CLASSIC_PAY' });
    await addMandate(t, classic);
    await signAndRelease(classic);
    expect(await debitsOf(classic.studentEducationId)).toEqual([]);
    const manual = await paymentStudent(t, f, { workflow: 'LIVE_PAY', automaticPayment: false });
    await addMandate(t, manual);
    await signAndRelease(manual);
    expect(await debitsOf(manual.studentEducationId)).toEqual([]);
    // No mail was sent for either.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp?.mails).toHaveLength(2);
  });
});
