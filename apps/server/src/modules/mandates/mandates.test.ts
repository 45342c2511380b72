import type { components } from '@fahrwerk/api/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailConfigs,
  livePayMandates,
  mandateFormTokens,
  payments,
  studentEducations,
} from '../../db/schema';
import { startSmtpSink } from '../../test/smtp-sink';
import { DEMO_OWNER, DRIVERS, expectError, TEST_PUBLIC_URL, useTestApp } from '../../test/test-app';
import { addDays, berlinToday } from '../resources/kit';
import { expireLapsedMandates, hasLapsed, lapseCutoff } from './mandate-lapse';
import { ibanDe, livePayStudent, openDebit, sepaCreditor } from './mandate-test-fixtures';

type Mandate = components['schemas']['Mandate'];
type PublicMandateForm = components['schemas']['PublicMandateForm'];

describe('the 36-month lapse', () => {
  it('counts 36 months back to the same day', () => {
    expect(lapseCutoff('2026-11-26')).toBe('2023-11-26');
    expect(lapseCutoff('2028-02-29')).toBe('2025-02-28');
    expect(hasLapsed('2023-11-26', '2026-11-26')).toBe(false);
    expect(hasLapsed('2023-11-25', '2026-11-26')).toBe(true);
    expect(hasLapsed(null, '2026-11-26')).toBe(false);
  });
});

describe.each(DRIVERS)('mandates (%s)', (driver) => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    smtp = await startSmtpSink();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const t = useTestApp(driver, { env: () => ({ SMTP_URL: smtp.url }) });
  let owner: string;
  let schoolId: number;

  // biome-ignore lint/suspicious/noDuplicateTestHooks: runs after useTestApp's own hook (the app needs the SMTP sink of the first one, so the two cannot be one)
  beforeAll(async () => {
    owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    schoolId = t.demo.schoolId;
    await sepaCreditor(t.database.db, schoolId);
  });

  const getMandate = (id: number) =>
    t.call<Mandate>('GET', `/live-pay-mandate/${id}`, { token: owner });

  describe('lapse, revoke and confirm', () => {
    it('reads a mandate unused for more than 36 months as EXPIRED', async () => {
      const db = t.database.db;
      const today = berlinToday();
      const lapsed = await livePayStudent(db, schoolId, { signedAt: addDays(today, -4 * 366) });
      const usedRecently = await livePayStudent(db, schoolId, {
        signedAt: addDays(today, -5 * 366),
        lastDebitAt: addDays(today, -30),
      });
      const boundary = await livePayStudent(db, schoolId, { signedAt: lapseCutoff(today) });
      const usedLongAgo = await livePayStudent(db, schoolId, {
        signedAt: addDays(today, -6 * 366),
        lastDebitAt: addDays(lapseCutoff(today), -1),
      });
      expect((await getMandate(lapsed.mandateId)).body.status).toBe('EXPIRED');
      expect((await getMandate(usedRecently.mandateId)).body.status).toBe('CONFIRMED');
      expect((await getMandate(boundary.mandateId)).body.status).toBe('CONFIRMED');
      const list = await t.call<Mandate[]>(
        'GET',
        `/live-pay-mandate/by-student/${usedLongAgo.studentId}`,
        { token: owner },
      );
      expect(list.status, list.raw).toBe(200);
      expect(list.body.map((mandate) => mandate.status)).toEqual(['EXPIRED']);
      // A day later the boundary one lapses too.
      expect(await expireLapsedMandates(db, schoolId, addDays(today, 1))).toEqual([
        boundary.mandateId,
      ]);
    });

    it('never reactivates a revoked mandate', async () => {
      const created = await t.call<Mandate>('POST', '/live-pay-mandate', {
        token: owner,
        body: {
          studentId: (await livePayStudent(t.database.db, schoolId)).studentId,
          holderName: 'Paula Probe',
          iban: ibanDe(4711),
        },
      });
      expect(created.status, created.raw).toBe(201);
      expect(created.body.status).toBe('UNCONFIRMED');
      const revoked = await t.call<Mandate>(
        'GET',
        `/live-pay-mandate/revoke-mandate/${created.body.id}`,
        { token: owner },
      );
      expect(revoked.status, revoked.raw).toBe(200);
      expect(revoked.body.status).toBe('REVOKED');
      expectError(
        await t.call('POST', `/live-pay-mandate/confirm-mandate/${created.body.id}`, {
          token: owner,
          query: { signedAt: berlinToday() },
        }),
        422,
        'errors.invalid_status_transition',
      );
      expectError(
        await t.call('GET', `/live-pay-mandate/revoke-mandate/${created.body.id}`, {
          token: owner,
        }),
        422,
        'errors.mandate_revoked',
      );
      expect((await getMandate(created.body.id)).body.status).toBe('REVOKED');
    });

    it('revoking cancels the OPEN debits and stops automatic payment without another mandate', async () => {
      const db = t.database.db;
      const only = await livePayStudent(db, schoolId);
      const open = await openDebit(db, schoolId, only);
      const pending = await openDebit(db, schoolId, only, { status: 'PENDING' });
      const answer = await t.call('GET', `/live-pay-mandate/revoke-mandate/${only.mandateId}`, {
        token: owner,
      });
      expect(answer.status, answer.raw).toBe(200);
      const debits = await db
        .select({ id: payments.id, status: payments.status })
        .from(payments)
        .where(eq(payments.mandateId, only.mandateId));
      expect(debits.find((debit) => debit.id === open)?.status).toBe('CANCELLED');
      expect(debits.find((debit) => debit.id === pending)?.status).toBe('PENDING');
      const [education] = await db
        .select({ automaticPayment: studentEducations.automaticPayment })
        .from(studentEducations)
        .where(eq(studentEducations.id, only.educationId));
      expect(education?.automaticPayment).toBe(false);

      // With a second confirmed mandate for all educations, automatic payment stays on.
      const covered = await livePayStudent(db, schoolId);
      const [spare] = await db
        .insert(livePayMandates)
        .values({
          drivingSchoolId: schoolId,
          reference: `SPARE-${covered.studentId}`,
          studentId: covered.studentId,
          holderName: 'Zweites Konto',
          iban: ibanDe(9001),
          signedAt: berlinToday(),
          status: 'CONFIRMED',
        })
        .returning({ id: livePayMandates.id });
      expect(spare).toBeDefined();
      await t.call('GET', `/live-pay-mandate/revoke-mandate/${covered.mandateId}`, {
        token: owner,
      });
      const [still] = await db
        .select({ automaticPayment: studentEducations.automaticPayment })
        .from(studentEducations)
        .where(eq(studentEducations.id, covered.educationId));
      expect(still?.automaticPayment).toBe(true);
    });
  });

  describe('the dispatch e-mail and the public mandate form', () => {
    let educationId: number;
    let studentId: number;

    beforeAll(async () => {
      const student = await livePayStudent(t.database.db, schoolId, {
        firstName: 'Björn',
        lastName: 'Fährmann',
        status: 'UNCONFIRMED',
        signedAt: null,
      });
      educationId = student.educationId;
      studentId = student.studentId;
    });

    const send = (email: string) =>
      t.call('POST', '/students/send-live-pay-mandate-dispatch-email', {
        token: owner,
        query: { email, educationId },
      });

    it('mails a one-time link; the form gives a CONFIRMED mandate signed today', async () => {
      const email = `zahler.${driver}@example.de`;
      const sent = await send(email);
      expect(sent.status, sent.raw).toBe(204);
      const mail = await smtp.next();
      expect(mail.to).toEqual([email]);
      expect(mail.subject).toContain('SEPA-Lastschriftmandat');
      expect(mail.text).toContain('Björn Fährmann');
      expect(mail.text).toContain('14 Tage gültig');
      const link = /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '';
      expect(link.startsWith(`${TEST_PUBLIC_URL}/set-up-mandate?token=`)).toBe(true);
      const token = new URL(link).searchParams.get('token') ?? '';
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const form = await t.call<PublicMandateForm>('GET', `/public/mandate-form/${token}`);
      expect(form.status, form.raw).toBe(200);
      expect(form.body).toMatchObject({
        creditorId: 'DE98ZZZ09999999999',
        studentName: 'Björn Fährmann',
        licenseClass: 'B',
      });
      expect(form.body.reference).toMatch(/^FW-/);
      expect(new Date(form.body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);

      const wrongIban = expectError(
        await t.call('POST', `/public/mandate-form/${token}`, {
          body: { holderName: 'Björn Fährmann', iban: 'DE00370400440532013000', consent: true },
        }),
        422,
        'errors.validation',
      );
      expect(wrongIban.fieldErrors).toEqual([{ field: 'iban', error: 'validation.iban' }]);
      const given = await t.call('POST', `/public/mandate-form/${token}`, {
        body: { holderName: 'Björn Fährmann', iban: ibanDe(777), consent: true },
      });
      expect(given.status, given.raw).toBe(204);
      const [mandate] = await t.database.db
        .select()
        .from(livePayMandates)
        .where(
          and(
            eq(livePayMandates.drivingSchoolId, schoolId),
            eq(livePayMandates.reference, form.body.reference),
          ),
        );
      expect(mandate).toMatchObject({
        status: 'CONFIRMED',
        signedAt: berlinToday(),
        studentId,
        studentEducationId: educationId,
        iban: ibanDe(777),
      });

      // Used: the link is gone.
      expect((await t.call('GET', `/public/mandate-form/${token}`)).status).toBe(404);
      expect(
        (
          await t.call('POST', `/public/mandate-form/${token}`, {
            body: { holderName: 'Noch Mal', iban: ibanDe(778), consent: true },
          })
        ).status,
      ).toBe(404);
    });

    it('refuses unknown and expired links', async () => {
      expect((await t.call('GET', `/public/mandate-form/${'x'.repeat(43)}`)).status).toBe(404);
      const sent = await send(`spaeter.${driver}@example.de`);
      expect(sent.status, sent.raw).toBe(204);
      const mail = await smtp.next();
      const token = new URL(/https?:\/\/\S+/.exec(mail.text)?.[0] ?? '').searchParams.get('token');
      await t.database.db
        .update(mandateFormTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(mandateFormTokens.token, token ?? ''));
      expect((await t.call('GET', `/public/mandate-form/${token}`)).status).toBe(404);
    });

    it('a refusing mail server answers errors.email_not_sent and leaves no link behind', async () => {
      const db = t.database.db;
      const before = await db
        .select({ id: mandateFormTokens.id })
        .from(mandateFormTokens)
        .where(eq(mandateFormTokens.drivingSchoolId, schoolId));
      await db.insert(emailConfigs).values({
        drivingSchoolId: schoolId,
        email: 'buero@example.de',
        smtpHost: '127.0.0.1',
        smtpPort: 1,
        smtpSecurity: 'STARTTLS',
        imapHost: '127.0.0.1',
        imapPort: 993,
        imapSecurity: 'TLS',
        username: '',
        password: '',
      });
      try {
        expectError(await send(`niemand.${driver}@example.de`), 422, 'errors.email_not_sent');
      } finally {
        await db.delete(emailConfigs).where(eq(emailConfigs.drivingSchoolId, schoolId));
      }
      const after = await db
        .select({ id: mandateFormTokens.id })
        .from(mandateFormTokens)
        .where(eq(mandateFormTokens.drivingSchoolId, schoolId));
      expect(after).toHaveLength(before.length);
      expect(
        (
          await t.call('POST', '/students/send-live-pay-mandate-dispatch-email', {
            token: owner,
            query: { email: 'x@example.de', educationId: 999_999_999 },
          })
        ).status,
      ).toBe(404);
    });
  });
});
