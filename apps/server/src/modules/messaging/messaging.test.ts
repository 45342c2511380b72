import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, students } from '../../db/schema';
import { createMailer } from '../../mail/mailer';
import { createSchoolMailer } from '../../mail/school-mailer';
import { startSmtpSink } from '../../test/smtp-sink';
import { DEMO_OWNER, DRIVERS, expectError, useTestApp } from '../../test/test-app';
import type { Services } from '../handlers';
import { branch, student } from '../prices/price-fixtures';
import { addDays, berlinToday } from '../resources/kit';
import { scanAutomaticMessages } from './messaging';

/*
 * Messages to students, their templates, and automatic messages found by the scanner: each
 * event occurrence sent once, over the chosen channel, only after the rule was switched on.
 */

type Message = {
  id: number;
  studentId: number;
  subject: string;
  text: string;
  automatic: boolean;
  event?: string;
};
type Rule = { event: string; enabled: boolean; channel: string; sent: number; enabledAt?: string };

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  smtp = await startSmtpSink();
});
afterAll(async () => {
  await smtp?.close();
});

describe.each(DRIVERS)('messaging on %s', (driver) => {
  const t = useTestApp(driver, { env: () => ({ SMTP_URL: smtp.url }) });
  let token: string;
  let lena: { id: number };
  let educationId: number;
  let instructorId: number;
  let services: Services;
  let close: () => void;

  beforeAll(async () => {
    token = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    const branchId = ((await branch(t, token)) as { id: number }).id;
    const created = await student(t, t.demo.schoolId, { branchId, classes: ['B'] });
    const today = berlinToday();
    await t.database.db
      .update(students)
      .set({
        firstName: 'Lena',
        lastName: 'Schmidt',
        email: `lena-${driver}@example.de`,
        birthDate: `2008-${today.slice(5)}`,
      })
      .where(eq(students.id, created.student.id));
    lena = created.student;
    educationId = created.educations[0]?.id as number;
    instructorId = t.demo.userIds[DEMO_OWNER.email] as number;
    const fallback = createMailer({
      from: 'test@fahrwerk.test',
      smtpUrl: smtp.url,
      outboxDir: t.config.dataDir,
      log: { info: () => {} },
    });
    close = () => fallback.close();
    services = {
      db: t.database.db,
      schoolMailer: createSchoolMailer({ fallback, secretKey: t.config.mailSecretKey }),
    } as unknown as Services;
  });
  afterAll(() => close?.());

  const template = async (subject: string, text: string) => {
    const response = await t.call<{ id: number }>('POST', '/message-templates', {
      token,
      body: { name: subject, subject, text },
    });
    expect(response.status, response.raw).toBe(201);
    return response.body.id;
  };
  const enable = async (event: string, channel: string, messageTemplateId: number) => {
    const response = await t.call<Rule>('PUT', `/automatic-messages/${event}`, {
      token,
      body: { enabled: true, channel, messageTemplateId },
    });
    expect(response.status, response.raw).toBe(200);
    return response.body;
  };
  const messagesOf = async (studentId: number) =>
    (
      await t.call<{ data: Message[] }>('POST', '/messages/filter', {
        token,
        body: { studentId, size: 100 },
      })
    ).body.data;
  const lesson = (date: string, createdAt?: Date) =>
    t.database.db
      .insert(appointments)
      .values({
        drivingSchoolId: t.demo.schoolId,
        type: 'DRIVING',
        date,
        startTime: '10:00',
        minutes: 90,
        studentId: lena.id,
        studentEducationId: educationId,
        hourType: 'NORMAL',
        instructorId,
        ...(createdAt ? { createdAt } : {}),
      })
      .returning({ id: appointments.id });

  it('sends a message with placeholders filled and refuses unknown placeholders', async () => {
    const unknown = expectError(
      await t.call('POST', '/message-templates', {
        token,
        body: { name: 'Falsch', subject: 'Hallo', text: 'Hallo {{ student.vorname }}' },
      }),
      422,
      'errors.validation',
    );
    expect(unknown.fieldErrors).toEqual([
      { field: 'text', error: 'validation.unknown_placeholder' },
    ]);
    const sent = await t.call<Message[]>('POST', '/messages', {
      token,
      body: {
        studentIds: [lena.id],
        subject: 'Hallo {{ student.firstName }}',
        text: 'Bis morgen & <gute> Fahrt!',
      },
    });
    expect(sent.status, sent.raw).toBe(201);
    expect(sent.body[0]).toMatchObject({
      studentId: lena.id,
      subject: 'Hallo Lena',
      text: 'Bis morgen & <gute> Fahrt!',
      automatic: false,
    });
    expect((await messagesOf(lena.id)).map((m) => m.subject)).toContain('Hallo Lena');
  });

  it('lists every event switched off until configured, and needs a template to switch on', async () => {
    const rules = await t.call<Rule[]>('GET', '/automatic-messages', { token });
    expect(rules.body).toHaveLength(7);
    expect(rules.body.every((rule) => !rule.enabled)).toBe(true);
    const missing = expectError(
      await t.call('PUT', '/automatic-messages/BIRTHDAY', {
        token,
        body: { enabled: true, channel: 'MESSAGE' },
      }),
      422,
      'errors.validation',
    );
    expect(missing.fieldErrors).toEqual([
      { field: 'messageTemplateId', error: 'validation.required' },
    ]);
  });

  it('sends a booked and a cancelled lesson once, over both channels, nothing from before', async () => {
    const tomorrow = addDays(berlinToday(), 1);
    // Booked before the rule was on: never sent.
    await lesson(tomorrow, new Date(Date.now() - 60_000));
    const booked = await template(
      'Fahrstunde gebucht',
      'Hallo {{ student.firstName }}, Ihre {{ appointment.type }} am {{ appointment.date }} um {{ appointment.startTime }}.',
    );
    const rule = await enable('LESSON_BOOKED', 'BOTH', booked);
    expect(rule).toMatchObject({ enabled: true, channel: 'BOTH', sent: 0 });
    const [newLesson] = await lesson(tomorrow);
    const mailsBefore = smtp.mails.length;

    expect(await scanAutomaticMessages(services)).toBe(1);
    expect(await scanAutomaticMessages(services)).toBe(0);
    const automatic = (await messagesOf(lena.id)).filter((m) => m.event === 'LESSON_BOOKED');
    expect(automatic).toHaveLength(1);
    expect(automatic[0]?.text).toMatch(
      /^Hallo Lena, Ihre Fahrstunde am \d\d\.\d\d\.\d{4} um 10:00\.$/,
    );
    expect(smtp.mails.length).toBe(mailsBefore + 1);
    expect(smtp.mails.at(-1)?.to).toEqual([`lena-${driver}@example.de`]);

    const cancelled = await template('Fahrstunde abgesagt', 'Ihre Fahrstunde entfällt.');
    await enable('LESSON_CANCELLED', 'MESSAGE', cancelled);
    await t.database.db.delete(appointments).where(eq(appointments.id, newLesson?.id as number));
    expect(await scanAutomaticMessages(services)).toBe(1);
    expect((await messagesOf(lena.id)).filter((m) => m.event === 'LESSON_CANCELLED')).toHaveLength(
      1,
    );

    const log = await t.call<{
      data: { event: string; status: string; recipient: string }[];
      total: number;
    }>('POST', '/automatic-messages/log/filter', { token, body: {} });
    expect(log.body.data.map((entry) => [entry.event, entry.status])).toEqual([
      ['LESSON_CANCELLED', 'SENT'],
      ['LESSON_BOOKED', 'SENT'],
    ]);
    expect(log.body.data[0]?.recipient).toBe('Lena Schmidt');
    const rules = await t.call<Rule[]>('GET', '/automatic-messages', { token });
    expect(rules.body.find((entry) => entry.event === 'LESSON_BOOKED')?.sent).toBe(1);

    // The pulse of today shows the booking, the cancellation and the messages.
    const pulse = await t.call<
      { kind: string; studentId?: number; name?: string; detail?: string }[]
    >('GET', '/pulse', { token });
    expect(pulse.status, pulse.raw).toBe(200);
    const kinds = new Set(pulse.body.filter((e) => e.studentId === lena.id).map((e) => e.kind));
    expect([...kinds].sort()).toEqual(['LESSON_BOOKED', 'LESSON_CANCELLED', 'MESSAGE_SENT']);
    expect(pulse.body.find((e) => e.kind === 'LESSON_CANCELLED')).toMatchObject({
      name: 'Lena Schmidt',
      detail: expect.stringMatching(/^\d\d\.\d\d\.\d{4} 10:00$/),
    });
    const longAgo = await t.call<unknown[]>('GET', '/pulse', {
      token,
      query: { date: '2000-01-01' },
    });
    expect(longAgo.body).toEqual([]);

    // The template an automatic message uses cannot go.
    expectError(
      await t.call('DELETE', `/message-templates/${booked}`, { token }),
      422,
      'errors.message_template_in_use',
    );
  });

  it('congratulates on the birthday once a year; by e-mail only when there is an address', async () => {
    const birthday = await template(
      'Alles Gute',
      'Alles Gute zum Geburtstag, {{ student.firstName }}!',
    );
    await enable('BIRTHDAY', 'EMAIL', birthday);
    const before = smtp.mails.length;
    expect(await scanAutomaticMessages(services, { birthdayFromHour: 0 })).toBe(1);
    expect(await scanAutomaticMessages(services, { birthdayFromHour: 0 })).toBe(0);
    expect(smtp.mails.length).toBe(before + 1);
    expect(smtp.mails.at(-1)?.subject).toBe('Alles Gute');

    const count = await t.database.db.execute(
      sql`select count(*)::int as n from automatic_message_log where event = 'BIRTHDAY' and status = 'SENT'`,
    );
    expect((count as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });
});
