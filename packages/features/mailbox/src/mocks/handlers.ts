import type { components } from '@fahrwerk/api';
import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import { delay } from 'msw';

type MailboxEmail = components['schemas']['MailboxEmail'];
type EmailConfigEntry = components['schemas']['EmailConfigEntry'];
type EmailTemplate = components['schemas']['EmailTemplate'];

export const demoAccounts: EmailConfigEntry[] = [
  {
    id: 1,
    email: 'info@fahrschule-demo.de',
    syncedAt: '2026-11-26T08:55:00Z',
    nextSyncAt: '2026-11-26T09:00:00Z',
  },
  {
    id: 2,
    email: 'buero@fahrschule-demo.de',
    syncedAt: '2026-11-25T17:00:00Z',
    syncError: 'errors.imap_login_failed',
    syncErrorDetail: 'AUTHENTICATIONFAILED Invalid credentials (Failure)',
    nextSyncAt: '2026-11-26T09:16:00Z',
  },
];

const LONG_PARAGRAPHS = Array.from(
  { length: 40 },
  (_, i) =>
    `<p>Absatz ${i + 1}: Bitte bringen Sie zur Prüfung Ihren Personalausweis, die Sehtestbescheinigung und die Bestätigung der Erste-Hilfe-Schulung mit.</p>`,
).join('');

export const demoEmails: MailboxEmail[] = [
  {
    id: 101,
    folder: 'INBOX',
    emailConfigId: 1,
    from: 'lena.neumann@example.de',
    fromName: 'Lena Neumann',
    to: ['info@fahrschule-demo.de'],
    cc: [],
    subject: 'Prüfungstermin ändern',
    htmlBody:
      '<p>Hallo,</p><p>kann ich meinen Prüfungstermin am Freitag verschieben?</p><p>Viele Grüße<br>Lena</p>',
    receivedAt: '2026-11-26T08:12:00Z',
    read: false,
    marked: false,
    attachments: [],
    studentId: 42,
  },
  {
    id: 102,
    folder: 'INBOX',
    emailConfigId: 1,
    from: 'kasse@agentur-arbeit.example',
    fromName: 'Agentur für Arbeit Köln',
    to: ['info@fahrschule-demo.de'],
    cc: ['buero@fahrschule-demo.de'],
    subject: 'Kostenübernahme Bildungsgutschein',
    htmlBody: '<p>Sehr geehrte Damen und Herren,</p><p>anbei die Kostenübernahme.</p>',
    receivedAt: '2026-11-25T14:30:00Z',
    read: true,
    marked: true,
    attachments: [
      {
        id: 901,
        fileName: 'Kostenuebernahme.pdf',
        mimeType: 'application/pdf',
        size: 182_000,
      },
      { id: 902, fileName: 'Bildungsgutschein.jpg', mimeType: 'image/jpeg', size: 1_250_000 },
    ],
  },
  {
    id: 103,
    folder: 'INBOX',
    emailConfigId: 1,
    from: 'newsletter@tuev.example',
    fromName: 'TÜV Newsletter',
    to: ['info@fahrschule-demo.de'],
    cc: [],
    subject: 'Neue Prüfungsrichtlinien 2027',
    htmlBody:
      '<h1>Neue Richtlinien</h1><img src="https://tracker.example/pixel.gif" alt="" width="1" height="1"><div style="background-image:url(https://tracker.example/bg.png)">Hintergrund</div><p>Lesen Sie mehr:</p><img src="https://cdn.tuev.example/banner.png" alt="Banner"><p><a href="https://tuev.example/richtlinien">Zu den Richtlinien</a></p><script>alert(1)</script><p onclick="alert(2)">Ende</p>',
    receivedAt: '2026-11-24T10:00:00Z',
    read: true,
    marked: false,
    attachments: [],
  },
  {
    id: 104,
    folder: 'INBOX',
    emailConfigId: 1,
    from: 'max.mueller@example.de',
    fromName: 'Max Müller',
    to: ['info@fahrschule-demo.de'],
    cc: [],
    subject: 'AW: AW: AW: Unterlagen für die Anmeldung',
    htmlBody: `<p>Hier noch einmal alles zusammen:</p>${LONG_PARAGRAPHS}<blockquote><p>Am 20.11.2026 schrieb Fahrschule Demo:</p><blockquote><p>Bitte schicken Sie uns die Unterlagen.</p></blockquote></blockquote>`,
    receivedAt: '2026-11-23T09:00:00Z',
    read: false,
    marked: true,
    attachments: [],
  },
];

export const demoOutbox: MailboxEmail[] = [
  {
    id: 201,
    folder: 'OUTBOX',
    emailConfigId: 1,
    from: 'info@fahrschule-demo.de',
    to: ['lena.neumann@example.de'],
    cc: [],
    subject: 'Ihr Termin am Freitag',
    htmlBody: '<p>Liebe Lena, Ihr Termin ist bestätigt.</p>',
    sentAt: '2026-11-22T16:00:00Z',
    read: true,
    marked: false,
    attachments: [],
    studentId: 42,
  },
];

export const demoTemplates: EmailTemplate[] = [
  {
    id: 7,
    name: 'Prüfungstermin',
    subject: 'Ihr Prüfungstermin, {{student.firstName}}',
    body: '<p>Hallo {{student.firstName}},</p><p>Ihr Prüfungstermin ist am {{exam.date}}.</p>',
    createdAt: '2026-11-01T09:00:00Z',
    updatedAt: '2026-11-01T09:00:00Z',
  },
];

const page = (rows: MailboxEmail[]) => ({ data: rows, total: rows.length });

/** The mail calls, one handler per outcome, for stories and tests. */
export const mailboxHandlers = {
  accounts: mockHttp.get('/email-config/user/{userId}/email-configs', ({ response }) =>
    response(200).json(demoAccounts),
  ),
  accountsNone: mockHttp.get('/email-config/user/{userId}/email-configs', ({ response }) =>
    response(200).json([]),
  ),
  accountsDown: mockHttp.get('/email-config/user/{userId}/email-configs', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  /** Filters the demo mails by folder, marked, sender and search as the server would. */
  page: mockHttp.post('/emails/filter', async ({ request, response }) => {
    const filter = await request.json();
    const rows = [...demoEmails, ...demoOutbox].filter(
      (email) =>
        (!filter.folder || email.folder === filter.folder) &&
        (filter.marked === undefined || email.marked === filter.marked) &&
        (!filter.senders?.length || filter.senders.includes(email.from)) &&
        (!filter.search ||
          `${email.subject} ${email.from}`.toLowerCase().includes(filter.search.toLowerCase())),
    );
    return response(200).json(page(rows));
  }),
  pageEmpty: mockHttp.post('/emails/filter', ({ response }) => response(200).json(page([]))),
  pageLoading: mockHttp.post('/emails/filter', async ({ response }) => {
    await delay('infinite');
    return response(200).json(page([]));
  }),
  pageDown: mockHttp.post('/emails/filter', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  readState: mockHttp.post('/emails/change-read-state', ({ query, response }) => {
    const email = demoEmails.find((e) => e.id === Number(query.get('emailId'))) ?? demoEmails[0];
    return response(200).json({ ...(email as MailboxEmail), read: query.get('read') === 'true' });
  }),
  readStateDown: mockHttp.post('/emails/change-read-state', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  markedState: mockHttp.post('/emails/change-marked-state', ({ query, response }) => {
    const email = demoEmails.find((e) => e.id === Number(query.get('emailId'))) ?? demoEmails[0];
    return response(200).json({
      ...(email as MailboxEmail),
      marked: query.get('marked') === 'true',
    });
  }),
  remove: mockHttp.delete('/emails/{id}', ({ params, response }) =>
    response(200).json({ id: Number(params.id) }),
  ),
  removeDown: mockHttp.delete('/emails/{id}', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  send: mockHttp.post('/emails/send-user-email', async ({ request, response }) => {
    const input = await request.json();
    return response(200).json({
      ...(demoOutbox[0] as MailboxEmail),
      id: 300,
      to: input.to,
      cc: input.cc ?? [],
      subject: input.subject,
      htmlBody: input.htmlBody,
    });
  }),
  sendRefused: mockHttp.post('/emails/send-user-email', ({ response }) =>
    response(422).json(errorBody('errors.validation', { globalErrors: ['errors.email_not_sent'] })),
  ),
  sendWithAttachments: mockHttp.post('/emails/send-user-email-with-attachments', ({ response }) =>
    response(200).json({ ...(demoOutbox[0] as MailboxEmail), id: 301 }),
  ),
  attachment: mockHttp.get(
    '/email-attachments/read/{id}',
    () =>
      new Response(new Blob(['%PDF-1.4 demo'], { type: 'application/pdf' }), {
        headers: { 'Content-Type': 'application/pdf' },
      }),
  ),
  sync: mockHttp.post('/emails/force-sync-by-email-config-ids', async ({ response }) => {
    await delay(300);
    return response(200).json([
      { emailConfigId: 1, newEmails: 3, syncedAt: '2026-11-26T09:01:00Z' },
      {
        emailConfigId: 2,
        newEmails: 0,
        syncedAt: '2026-11-26T09:01:00Z',
        error: 'errors.imap_unreachable',
        errorDetail: 'connect ETIMEDOUT 192.0.2.10:993',
      },
    ]);
  }),
  syncRunning: mockHttp.post('/emails/force-sync-by-email-config-ids', async ({ response }) => {
    await delay('infinite');
    return response(200).json([]);
  }),
  countUnread: mockHttp.get('/emails/count-unread', ({ response }) =>
    response(200).json({ count: 2 }),
  ),
  templates: mockHttp.get('/email-templates/', ({ response }) => response(200).json(demoTemplates)),
  render: mockHttp.post('/email-templates/render', async ({ request, response }) => {
    const body = await request.json();
    const fill = (text: string) =>
      text.replace(/\{\{\s*student\.firstName\s*\}\}/g, body.studentId ? 'Lena' : '');
    return response(200).json({
      subject: fill(body.subject),
      htmlBody: fill(body.htmlBody).replace(/\{\{\s*exam\.date\s*\}\}/g, ''),
      missing: body.studentId ? ['exam.date'] : ['student.firstName', 'exam.date'],
    });
  }),
  students: mockHttp.post('/students/filter', ({ response }) =>
    response(200).json({
      data: [
        { id: 42, firstName: 'Lena', lastName: 'Neumann', email: 'lena.neumann@example.de' },
      ] as never,
      total: 1,
    }),
  ),
  costBearers: mockHttp.post('/cost-bearers/filter', ({ response }) =>
    response(200).json({
      data: [
        { id: 5, name: 'Agentur für Arbeit Köln', email: 'kasse@agentur-arbeit.example' },
      ] as never,
      total: 1,
    }),
  ),
};

/** What the compose form loads. */
export const composeHandlers = [
  mailboxHandlers.templates,
  mailboxHandlers.render,
  mailboxHandlers.students,
  mailboxHandlers.costBearers,
  mailboxHandlers.attachment,
];

/** Every call answered successfully. */
export const fullHandlers = [
  mailboxHandlers.accounts,
  mailboxHandlers.page,
  mailboxHandlers.readState,
  mailboxHandlers.markedState,
  mailboxHandlers.remove,
  mailboxHandlers.send,
  mailboxHandlers.sendWithAttachments,
  mailboxHandlers.sync,
  mailboxHandlers.countUnread,
  ...composeHandlers,
];
