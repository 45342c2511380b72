import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students } from '../../db/schema';
import { createMailer } from '../../mail/mailer';
import { createSchoolMailer } from '../../mail/school-mailer';
import { startSmtpSink } from '../../test/smtp-sink';
import { DEMO_OWNER, DRIVERS, expectError, useTestApp } from '../../test/test-app';
import type { Services } from '../handlers';
import { branch, student } from '../prices/price-fixtures';
import { berlinToday } from '../resources/kit';
import { sendBroadcastEmails } from './broadcast-delivery';

/*
 * Broadcasts from counting to the last e-mail: the recipient group on real students, the
 * frozen recipients, the e-mails sent as a job over SMTP (a real local server) — each
 * recipient once, placeholders filled — and stopping, which leaves the rest unsent.
 */

type Broadcast = {
  id: number;
  state: string;
  recipientCount?: number;
  delivery?: {
    pending: number;
    sent: number;
    failed: number;
    withoutEmail: number;
    notSent: number;
  };
};
type Recipient = { studentId: number; emailStatus: string; email?: string; sentAt?: string };

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  smtp = await startSmtpSink();
});
afterAll(async () => {
  await smtp?.close();
});

describe.each(DRIVERS)('broadcast delivery on %s', (driver) => {
  const t = useTestApp(driver, { env: () => ({ SMTP_URL: smtp.url }) });
  let token: string;
  let branchId: number;
  const classB: number[] = [];

  beforeAll(async () => {
    token = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    branchId = ((await branch(t, token)) as { id: number }).id;
    const schoolId = t.demo.schoolId;
    const people = [
      { classes: ['B'] as const, email: 'anna.b@example.de', first: 'Anna' },
      { classes: ['B'] as const, email: 'ben.b@example.de', first: 'Ben' },
      { classes: ['B'] as const, email: null, first: 'Clara' },
      { classes: ['A'] as const, email: 'dora.a@example.de', first: 'Dora' },
    ];
    for (const person of people) {
      const created = await student(t, schoolId, { branchId, classes: [...person.classes] });
      await t.database.db
        .update(students)
        .set({ email: person.email, firstName: person.first })
        .where(eq(students.id, created.student.id));
      if (person.classes[0] === 'B') classB.push(created.student.id);
    }
    // An archived class-B student is never a recipient.
    const archived = await student(t, schoolId, { branchId, classes: ['B'] });
    await t.database.db
      .update(students)
      .set({ archived: true, email: 'archiv@example.de' })
      .where(eq(students.id, archived.student.id));
  });

  const create = async (body: Record<string, unknown>) => {
    const response = await t.call<Broadcast>('POST', '/broadcasts', {
      token,
      body: {
        name: 'Ferienzeiten',
        subject: 'Hallo {{ student.firstName }}',
        body: '<p>{{ student.salutation }}, wir machen Ferien.</p>',
        publishFrom: berlinToday(),
        recipientGroup: { branchIds: [branchId], licenseClasses: ['B'] },
        sendEmail: true,
        ...body,
      },
    });
    expect(response.status, response.raw).toBe(201);
    return response.body;
  };
  const get = async (id: number) =>
    (await t.call<Broadcast>('GET', `/broadcasts/${id}`, { token })).body;
  const recipients = async (id: number) =>
    (await t.call<Recipient[]>('GET', `/broadcasts/${id}/recipients`, { token })).body;

  it('counts, prepares, publishes and sends each class-B recipient one e-mail', async () => {
    const count = await t.call<{ count: number }>('POST', '/broadcasts/count-recipients', {
      token,
      body: { recipientGroup: { branchIds: [branchId], licenseClasses: ['B'] } },
    });
    expect(count.body).toEqual({ count: 3 });

    const broadcast = await create({});
    expect(await recipients(broadcast.id)).toEqual([]);
    const prepared = await t.call<Broadcast>('POST', `/broadcasts/${broadcast.id}/prepare`, {
      token,
    });
    expect(prepared.status, prepared.raw).toBe(200);
    expect(prepared.body).toMatchObject({
      state: 'PREPARED',
      recipientCount: 3,
      delivery: { pending: 2, sent: 0, failed: 0, withoutEmail: 1, notSent: 0 },
    });
    const frozen = await recipients(broadcast.id);
    expect(frozen.map((r) => r.studentId).sort()).toEqual([...classB].sort());
    expect(frozen.find((r) => r.emailStatus === 'NO_EMAIL')?.email).toBeUndefined();

    const before = smtp.mails.length;
    const published = await t.call<Broadcast>('POST', `/broadcasts/${broadcast.id}/publish`, {
      token,
    });
    expect(published.status, published.raw).toBe(200);
    // The job sends in the background; the broadcast shows its progress.
    await expect
      .poll(async () => (await get(broadcast.id)).delivery?.pending, { timeout: 20_000 })
      .toBe(0);
    expect((await get(broadcast.id)).delivery).toMatchObject({ sent: 2, failed: 0 });
    const mails = smtp.mails.slice(before);
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual([
      'anna.b@example.de',
      'ben.b@example.de',
    ]);
    expect(mails.map((mail) => mail.subject).sort()).toEqual(['Hallo Anna', 'Hallo Ben']);
    expect(mails[0]?.text).toMatch(/Hallo (Anna|Ben) Preis \d+, wir machen Ferien\./);

    // Sending again (a second job, a restart) reaches nobody twice.
    const fallback = createMailer({
      from: 'test@fahrwerk.test',
      smtpUrl: smtp.url,
      outboxDir: t.config.dataDir,
      log: { info: () => {} },
    });
    await sendBroadcastEmails(
      {
        db: t.database.db,
        schoolMailer: createSchoolMailer({ fallback, secretKey: t.config.mailSecretKey }),
      } as unknown as Services,
      { drivingSchoolId: t.demo.schoolId, broadcastId: broadcast.id },
    );
    fallback.close();
    expect(smtp.mails.length).toBe(before + 2);
    const sent = await recipients(broadcast.id);
    expect(sent.filter((r) => r.emailStatus === 'SENT')).toHaveLength(2);
    expect(sent.every((r) => r.emailStatus !== 'SENT' || r.sentAt)).toBe(true);
  });

  it('sends nothing before publishFrom and nothing after a stop', async () => {
    const tomorrow = new Date(Date.now() + 36 * 3_600_000).toISOString().slice(0, 10);
    const later = await create({ publishFrom: tomorrow });
    await t.call('POST', `/broadcasts/${later.id}/prepare`, { token });
    const before = smtp.mails.length;
    await t.call('POST', `/broadcasts/${later.id}/publish`, { token });
    const stopped = await t.call<Broadcast>('POST', `/broadcasts/${later.id}/stop`, { token });
    expect(stopped.body).toMatchObject({
      state: 'EXPIRED',
      delivery: { pending: 0, sent: 0, notSent: 2, withoutEmail: 1 },
    });
    expect(smtp.mails.length).toBe(before);
  });

  it('refuses to prepare a group without recipients', async () => {
    const empty = await create({
      recipientGroup: { branchIds: [branchId], licenseClasses: ['CE'] },
    });
    expectError(
      await t.call('POST', `/broadcasts/${empty.id}/prepare`, { token }),
      422,
      'errors.broadcast_no_recipients',
    );
    expect((await get(empty.id)).state).toBe('CREATED');
  });

  it('counts fast-lane students by their intensive course', async () => {
    const count = await t.call<{ count: number }>('POST', '/broadcasts/count-recipients', {
      token,
      body: { recipientGroup: { branchIds: [branchId] }, fastlane: true },
    });
    expect(count.status, count.raw).toBe(200);
    expect(count.body.count).toBe(0);
  });
});
