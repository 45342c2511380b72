import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailConfigs, emailSyncStates, students } from '../../db/schema';
import { DOVECOT_MISSING, type Dovecot, dovecotAvailable, startDovecot } from '../../test/dovecot';
import { startSmtpSink } from '../../test/smtp-sink';
import { DEMO_INSTRUCTOR, DEMO_OWNER, DRIVERS, expectError, useTestApp } from '../../test/test-app';
import { branch } from '../prices/price-fixtures';
import { claimDueAccounts } from './imap-sync';

/*
 * The mailbox against a real IMAP server (Dovecot, started by the test) and a real SMTP
 * server (the sink): sync, send, reply, attachments, failures, placeholders.
 */

const BULK_BOX = { user: 'viel@fahrschule.test', password: 'Postfach#2' };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

const mail = (lines: string[]) => `${lines.join('\r\n')}\r\n`;

const MAILS = {
  quotedPrintable: mail([
    'From: "Lena Schmidt" <lena.schmidt@example.de>',
    'To: info@fahrschule.test',
    'Subject: =?UTF-8?Q?Pr=C3=BCfungstermin_=C3=A4ndern?=',
    'Message-ID: <qp-1@example.de>',
    'Date: Tue, 24 Nov 2026 10:00:00 +0100',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    'Gr=C3=BC=C3=9Fe aus M=C3=BCnchen, k=C3=B6nnen wir den Termin verschieben?',
  ]),
  base64: mail([
    'From: max@example.de',
    'To: info@fahrschule.test',
    'Subject: =?UTF-8?B?w5xiZXJ3ZWlzdW5nIGbDvHIgZGllIEZhaHJzdHVuZGU=?=',
    'Message-ID: <b64-1@example.de>',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from('Die Überweisung über 120,00 € ist raus.').toString('base64'),
  ]),
  htmlOnly: mail([
    'From: newsletter@example.de',
    'To: info@fahrschule.test',
    'Subject: Angebot',
    'Message-ID: <html-1@example.de>',
    'MIME-Version: 1.0',
    'Content-Type: text/html; charset=utf-8',
    '',
    '<html><head><style>p { color: red }</style></head><body><p onclick="alert(1)">Hallo <b>Welt</b></p><script>alert(2)</script><img src="https://tracker.example/pixel.gif"><iframe src="https://evil.example"></iframe></body></html>',
  ]),
  withAttachment: mail([
    'From: tuev@example.de',
    'To: info@fahrschule.test',
    'Subject: Prüfprotokoll',
    'Message-ID: <att-1@example.de>',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="grenze"',
    '',
    '--grenze',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Anbei das Protokoll.',
    '--grenze',
    'Content-Type: application/pdf; name="protokoll-müller.pdf"',
    "Content-Disposition: attachment; filename*=UTF-8''protokoll-m%C3%BCller.pdf",
    'Content-Transfer-Encoding: base64',
    '',
    PDF.toString('base64'),
    '--grenze--',
  ]),
};

type Account = { id: number };
type MailboxPage = {
  data: {
    id: number;
    subject: string;
    htmlBody: string;
    from: string;
    fromName?: string;
    folder: string;
    attachments: { id: number; fileName: string; size: number }[];
    read: boolean;
  }[];
  total: number;
};
type SyncResult = {
  emailConfigId: number;
  newEmails: number;
  error?: string;
  errorDetail?: string;
};

describe.skipIf(!dovecotAvailable())('mail over IMAP and SMTP', () => {
  let dovecot: Dovecot;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let startedMs = 0;

  beforeAll(async () => {
    const started = performance.now();
    dovecot = await startDovecot([BULK_BOX]);
    startedMs = performance.now() - started;
    sink = await startSmtpSink({ acceptAuth: true });
    for (let n = 1; n <= 1000; n++) {
      await dovecot.deliver(
        BULK_BOX.user,
        mail([
          `From: schueler${n}@example.de`,
          'To: viel@fahrschule.test',
          `Subject: Anfrage ${n} – Fahrstunde`,
          `Message-ID: <bulk-${n}@example.de>`,
          'Content-Type: text/plain; charset=utf-8',
          'Content-Transfer-Encoding: 8bit',
          '',
          `Hallo, ich möchte eine Fahrstunde buchen (Nr. ${n}).`,
        ]),
      );
    }
  }, 120_000);
  afterAll(async () => {
    await sink?.close();
    await dovecot?.stop();
  });

  it('starts Dovecot within seconds', () => {
    expect(startedMs).toBeLessThan(20_000);
  });

  describe.each(DRIVERS)('on %s', (driver) => {
    const t = useTestApp(driver);
    // A mailbox of its own per database driver (the server is shared).
    const SCHOOL_BOX = { user: `info-${driver}@fahrschule.test`, password: 'Postfach#1' };
    let token: string;
    let account: Account;
    let ownerId: number;

    const accountInput = (
      box: { user: string; password: string },
      overrides: Record<string, unknown> = {},
    ) => ({
      email: box.user,
      senderName: 'Fahrschule Test',
      userIds: [ownerId],
      smtpHost: '127.0.0.1',
      smtpPort: Number(new URL(sink.url).port),
      smtpSecurity: 'STARTTLS',
      imapHost: dovecot.host,
      imapPort: dovecot.port,
      imapSecurity: 'STARTTLS',
      username: box.user,
      password: box.password,
      ...overrides,
    });
    const createAccount = async (input: Record<string, unknown>) => {
      const response = await t.call<Account>('POST', '/email-config', { token, body: input });
      expect(response.status, response.raw).toBe(201);
      return response.body;
    };
    const sync = async (ids: number[]) => {
      const response = await t.call<SyncResult[]>(
        'POST',
        '/emails/force-sync-by-email-config-ids',
        {
          token,
          body: { emailConfigIds: ids },
        },
      );
      expect(response.status, response.raw).toBe(200);
      return response.body;
    };
    const mailbox = async (body: Record<string, unknown>) => {
      const response = await t.call<MailboxPage>('POST', '/emails/filter', {
        token,
        body: { page: 0, size: 50, ...body },
      });
      expect(response.status, response.raw).toBe(200);
      return response.body;
    };

    beforeAll(async () => {
      token = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
      ownerId = t.demo.userIds[DEMO_OWNER.email] as number;
      await dovecot.addUser(SCHOOL_BOX);
      for (const raw of Object.values(MAILS)) await dovecot.deliver(SCHOOL_BOX.user, raw);
      account = await createAccount(accountInput(SCHOOL_BOX));
    });

    it('stores the password sealed and never answers it', async () => {
      const rows = await t.database.db
        .select({ id: emailConfigs.id, password: emailConfigs.password })
        .from(emailConfigs);
      const row = rows.find((entry) => entry.id === account.id);
      expect(row?.password.startsWith('enc:v1:')).toBe(true);
      expect(row?.password).not.toContain(SCHOOL_BOX.password);
      const read = await t.call('GET', `/email-config/${account.id}`, { token });
      expect(read.raw).not.toContain(SCHOOL_BOX.password);
      expect(read.raw).not.toContain('enc:v1:');
    });

    it('fetches new mail with umlauts, encodings, HTML and attachments, once', async () => {
      const [first] = await sync([account.id]);
      expect(first).toMatchObject({ emailConfigId: account.id, newEmails: 4 });
      expect(first?.error).toBeUndefined();
      const inbox = await mailbox({ emailConfigIds: [account.id], folder: 'INBOX' });
      expect(inbox.total).toBe(4);
      const bySubject = new Map(inbox.data.map((email) => [email.subject, email]));
      const qp = bySubject.get('Prüfungstermin ändern');
      expect(qp?.fromName).toBe('Lena Schmidt');
      expect(qp?.htmlBody).toContain('Grüße aus München, können wir den Termin verschieben?');
      expect(bySubject.get('Überweisung für die Fahrstunde')?.htmlBody).toContain(
        'Die Überweisung über 120,00 € ist raus.',
      );
      const html = bySubject.get('Angebot')?.htmlBody ?? '';
      expect(html).toContain('<b>Welt</b>');
      expect(html).toMatch(/style="color: ?red"/);
      expect(html).not.toMatch(/<script|onclick|<iframe|alert\(/i);
      const withFile = bySubject.get('Prüfprotokoll');
      expect(withFile?.attachments).toEqual([
        expect.objectContaining({ fileName: 'protokoll-müller.pdf', size: PDF.length }),
      ]);
      const download = await t.call(
        'GET',
        `/email-attachments/read/${withFile?.attachments[0]?.id}`,
        { token },
      );
      expect(download.status).toBe(200);
      expect(download.headers['content-type']).toContain('application/pdf');
      expect(download.bytes.equals(PDF)).toBe(true);
      // Read-only on the server: the sync marks nothing as seen there.
      expect(inbox.data.every((email) => !email.read)).toBe(true);

      const [again] = await sync([account.id]);
      expect(again?.newEmails).toBe(0);
      expect((await mailbox({ emailConfigIds: [account.id] })).total).toBe(4);
      await dovecot.deliver(
        SCHOOL_BOX.user,
        mail(['From: neu@example.de', 'Subject: Noch eine', 'Message-ID: <neu@x>', '', 'Text']),
      );
      const [third] = await sync([account.id]);
      expect(third?.newEmails).toBe(1);

      const configs = await t.call<{ id: number; syncedAt?: string; syncError?: string }[]>(
        'GET',
        `/email-config/user/${ownerId}/email-configs`,
        { token },
      );
      const entry = configs.body.find((config) => config.id === account.id);
      expect(entry?.syncedAt).toEqual(expect.any(String));
      expect(entry?.syncError).toBeUndefined();
    });

    it('fetches 1,000 mails of one folder', async () => {
      const bulk = await createAccount(accountInput(BULK_BOX));
      const started = performance.now();
      const [result] = await sync([bulk.id]);
      const seconds = (performance.now() - started) / 1000;
      console.log(`[mail] ${driver}: 1,000 mails synced in ${seconds.toFixed(1)} s`);
      expect(result).toMatchObject({ newEmails: 1000 });
      expect((await mailbox({ emailConfigIds: [bulk.id], size: 1 })).total).toBe(1000);
    }, 180_000);

    it('sends with attachments over SMTP, keeps it in Sent and in the outbox', async () => {
      const inbox = await mailbox({ emailConfigIds: [account.id], folder: 'INBOX' });
      const original = inbox.data.find((email) => email.subject === 'Prüfungstermin ändern');
      const waiting = sink.next();
      const response = await t.call<{ id: number; folder: string; attachments: unknown[] }>(
        'POST',
        '/emails/send-user-email-with-attachments',
        {
          token,
          multipart: {
            files: [
              {
                field: 'email',
                fileName: 'blob',
                mimeType: 'application/json',
                bytes: JSON.stringify({
                  emailConfigId: account.id,
                  to: ['lena.schmidt@example.de'],
                  subject: 'Re: Prüfungstermin ändern',
                  htmlBody: '<p>Liebe Lena, gerne – Grüße!</p><script>x()</script>',
                  inReplyToEmailId: original?.id,
                }),
              },
              {
                field: 'file',
                fileName: 'Rechnung März.pdf',
                mimeType: 'application/pdf',
                bytes: PDF,
              },
            ],
          },
        },
      );
      expect(response.status, response.raw).toBe(200);
      expect(response.body).toMatchObject({ folder: 'OUTBOX' });
      expect(response.body.attachments).toHaveLength(1);
      const received = await waiting;
      expect(received.to).toEqual(['lena.schmidt@example.de']);
      expect(received.subject).toBe('Re: Prüfungstermin ändern');
      expect(received.raw).toMatch(/In-Reply-To: <qp-1@example\.de>/);
      expect(received.raw).toContain('Rechnung');
      expect(received.raw).not.toContain('<script');

      const outbox = await mailbox({ emailConfigIds: [account.id], folder: 'OUTBOX' });
      expect(outbox.data.map((email) => email.subject)).toContain('Re: Prüfungstermin ändern');

      const client = new ImapFlow({
        host: dovecot.host,
        port: dovecot.port,
        secure: false,
        auth: { user: SCHOOL_BOX.user, pass: SCHOOL_BOX.password },
        logger: false,
      });
      await client.connect();
      const status = await client.status('Sent', { messages: true });
      await client.logout();
      expect(status && status.messages).toBeGreaterThanOrEqual(1);
    });

    it('answers email_not_sent and stores nothing when the SMTP server refuses', async () => {
      const down = await createAccount(
        accountInput(SCHOOL_BOX, { email: 'kaputt@fahrschule.test', smtpPort: 1 }),
      );
      const response = await t.call('POST', '/emails/send-user-email', {
        token,
        body: {
          emailConfigId: down.id,
          to: ['a@example.de'],
          subject: 'Test',
          htmlBody: '<p>x</p>',
        },
      });
      expectError(response, 422, 'errors.email_not_sent');
      expect((await mailbox({ emailConfigIds: [down.id], folder: 'OUTBOX' })).total).toBe(0);
    });

    it('reports an unreachable server and a refused login with the reason, and syncs the others', async () => {
      const unreachable = await createAccount(
        accountInput(SCHOOL_BOX, { email: 'weg@fahrschule.test', imapPort: 1 }),
      );
      const wrong = await createAccount(
        accountInput(SCHOOL_BOX, { email: 'falsch@fahrschule.test', password: 'falsch' }),
      );
      const results = await sync([unreachable.id, wrong.id, account.id]);
      const byId = new Map(results.map((result) => [result.emailConfigId, result]));
      expect(byId.get(unreachable.id)).toMatchObject({ error: 'errors.imap_unreachable' });
      expect(byId.get(unreachable.id)?.errorDetail).toMatch(/ECONNREFUSED/);
      expect(byId.get(wrong.id)).toMatchObject({ error: 'errors.imap_login_failed' });
      expect(byId.get(wrong.id)?.errorDetail).toMatch(/auth/i);
      expect(byId.get(account.id)?.error).toBeUndefined();

      const configs = await t.call<{ id: number; syncError?: string; nextSyncAt?: string }[]>(
        'GET',
        `/email-config/user/${ownerId}/email-configs`,
        { token },
      );
      const failed = configs.body.find((config) => config.id === wrong.id);
      expect(failed?.syncError).toBe('errors.imap_login_failed');
      expect(Date.parse(failed?.nextSyncAt ?? '')).toBeGreaterThan(Date.now());
      // Each failure in a row waits longer (1, 2, 4 … minutes).
      const before = Date.parse(failed?.nextSyncAt ?? '');
      await sync([wrong.id]);
      const later = await t.call<{ id: number; nextSyncAt?: string }[]>(
        'GET',
        `/email-config/user/${ownerId}/email-configs`,
        { token },
      );
      const after = Date.parse(
        later.body.find((config) => config.id === wrong.id)?.nextSyncAt ?? '',
      );
      expect(after - before).toBeGreaterThan(50_000);
    });

    it('claims each due account for one scheduler only', async () => {
      await t.database.db.update(emailSyncStates).set({ nextAttemptAt: new Date(0) });
      const [one, two] = await Promise.all([
        claimDueAccounts(t.database.db, 100),
        claimDueAccounts(t.database.db, 100),
      ]);
      const ids = [...one, ...two].map((entry) => entry.emailConfigId);
      expect(ids.length).toBeGreaterThan(0);
      expect(new Set(ids).size).toBe(ids.length);
      expect(await claimDueAccounts(t.database.db, 100)).toEqual([]);
    });

    it('refuses accounts the user may not use', async () => {
      // The instructor is no user of the account (and lacks the mail module).
      const response = await t.call('POST', '/emails/force-sync-by-email-config-ids', {
        token: await t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password),
        body: { emailConfigIds: [account.id] },
      });
      expect(response.status, response.raw).toBe(403);
    });

    it('fills a template for a student', async () => {
      const [student] = await t.database.db
        .insert(students)
        .values({
          drivingSchoolId: t.demo.schoolId,
          branchId: ((await branch(t, token)) as { id: number }).id,
          salutation: 'MS',
          firstName: 'Jördis',
          lastName: 'Müller-Lüdenscheidt',
          email: `joerdis-${driver}@example.de`,
        })
        .returning({ id: students.id, firstName: students.firstName });
      const response = await t.call<{ subject: string; htmlBody: string; missing: string[] }>(
        'POST',
        '/email-templates/render',
        {
          token,
          body: {
            subject: 'Hallo {{ student.firstName }}',
            htmlBody:
              '<p>{{student.salutation}}, Ihr Saldo: {{ student.balance }} – {{ school.name }} {{ nix.da }}</p>',
            studentId: student?.id,
          },
        },
      );
      expect(response.status, response.raw).toBe(200);
      expect(response.body.subject).toBe(`Hallo ${student?.firstName}`);
      expect(response.body.htmlBody).toContain(
        'Sehr geehrte Frau Müller-Lüdenscheidt, Ihr Saldo: 0,00',
      );
      expect(response.body.htmlBody).not.toContain('{{');
      expect(response.body.missing).toContain('nix.da');
    });
  });
});

describe.skipIf(dovecotAvailable())('mail over IMAP and SMTP (skipped)', () => {
  it.skip(DOVECOT_MISSING, () => {});
});
