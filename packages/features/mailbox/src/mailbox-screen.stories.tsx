import { mockHttp } from '@fahrwerk/api/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { MailboxEmail } from './api/mail-queries';
import { MailboxScreen } from './mailbox-screen';
import { demoOutbox, fullHandlers, mailboxHandlers } from './mocks/handlers';

const meta = {
  title: 'Features/Mailbox/MailboxScreen',
  component: MailboxScreen,
  args: { userId: 7, onFolderChange: fn(), onComposeClose: fn() },
  parameters: { msw: { handlers: fullHandlers } },
} satisfies Meta<typeof MailboxScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** Opens a mail of the list by its subject and waits for the reader. */
async function open(canvasElement: HTMLElement, subject: string) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: subject }));
  return within(await canvas.findByRole('article', { name: `E-Mail „${subject}“` }));
}

const rowOf = async (canvasElement: HTMLElement, subject: string) => {
  const button = await within(canvasElement).findByRole('button', { name: subject });
  return within(button.closest('tr') as HTMLElement);
};

/** The inbox: unread and marked mails, the accounts with their sync state. */
export const Inbox: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const unread = await rowOf(canvasElement, 'Prüfungstermin ändern');
    await unread.findByText('Ungelesen');
    const marked = await rowOf(canvasElement, 'Kostenübernahme Bildungsgutschein');
    await marked.findByText('Markiert');
    await marked.findByText('2 Anhänge');
    await canvas.findByText('Lena Neumann');
    await expect(canvas.queryByText('Ihr Termin am Freitag')).toBeNull();
    const office = within(
      await canvas.findByRole('listitem', { name: 'buero@fahrschule-demo.de' }),
    );
    await office.findByText('Fehlgeschlagen: Die Anmeldung am IMAP-Server ist fehlgeschlagen.');
    await office.findByText(/AUTHENTICATIONFAILED Invalid credentials/);
    await canvas.findByText('Keine E-Mail ausgewählt.');
  },
};

export const EmptyInbox: Story = {
  parameters: { msw: { handlers: [mailboxHandlers.pageEmpty, ...fullHandlers] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Ihr Posteingang ist leer.');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [mailboxHandlers.pageLoading, ...fullHandlers] } },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [mailboxHandlers.pageDown, ...fullHandlers] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die E-Mails konnten nicht geladen werden.');
  },
};

export const NoAccounts: Story = {
  parameters: { msw: { handlers: [mailboxHandlers.accountsNone, ...fullHandlers] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Für Sie ist noch kein E-Mail-Konto eingerichtet.');
  },
};

export const AccountsError: Story = {
  parameters: { msw: { handlers: [mailboxHandlers.accountsDown, ...fullHandlers] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Ihre E-Mail-Konten konnten nicht geladen werden.');
  },
};

export const Outbox: Story = {
  args: { folder: 'outbox' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: 'Ihr Termin am Freitag' });
    await canvas.findByText('An: lena.neumann@example.de');
    await expect(canvas.queryByText('Prüfungstermin ändern')).toBeNull();
  },
};

/** The sender list's pseudo-entry "Markiert" lists marked mails only. */
export const MarkedFilter: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: 'Prüfungstermin ändern' });
    await userEvent.click(canvas.getByRole('button', { name: /Absender/ }));
    await userEvent.click(await body().findByRole('option', { name: 'Markiert' }));
    await waitFor(() => expect(canvas.queryByText('Prüfungstermin ändern')).toBeNull());
    await canvas.findByRole('button', { name: 'Kostenübernahme Bildungsgutschein' });
    await canvas.findByRole('button', { name: 'AW: AW: AW: Unterlagen für die Anmeldung' });
  },
};

/** Read after the server's 200: the badge goes, the button turns. */
export const ToggleRead: Story = {
  play: async ({ canvasElement }) => {
    const reader = await open(canvasElement, 'Prüfungstermin ändern');
    await userEvent.click(reader.getByRole('button', { name: 'Als gelesen markieren' }));
    await reader.findByRole('button', { name: 'Als ungelesen markieren' });
    const row = await rowOf(canvasElement, 'Prüfungstermin ändern');
    await waitFor(() => expect(row.queryByText('Ungelesen')).toBeNull());
    await userEvent.click(reader.getByRole('button', { name: 'Markieren' }));
    await row.findByText('Markiert');
  },
};

/** Without a 200 nothing changes: the mail stays unread, the error is shown. */
export const ToggleReadRefused: Story = {
  parameters: { msw: { handlers: [mailboxHandlers.readStateDown, ...fullHandlers] } },
  play: async ({ canvasElement }) => {
    const reader = await open(canvasElement, 'Prüfungstermin ändern');
    await userEvent.click(reader.getByRole('button', { name: 'Als gelesen markieren' }));
    await body().findByText(/Auf dem Server ist ein Fehler aufgetreten/);
    await reader.findByRole('button', { name: 'Als gelesen markieren' });
    const row = await rowOf(canvasElement, 'Prüfungstermin ändern');
    await row.findByText('Ungelesen');
  },
};

/** Deleted after confirmation and the server's 200: the mail leaves the list. */
export const Delete: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const reader = await open(canvasElement, 'Prüfungstermin ändern');
    await userEvent.click(reader.getByRole('button', { name: 'Löschen' }));
    const dialog = within(await body().findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Löschen' }));
    await body().findByText('Gelöscht.');
    await waitFor(() =>
      expect(canvas.queryByRole('button', { name: 'Prüfungstermin ändern' })).toBeNull(),
    );
    await canvas.findByRole('button', { name: 'Kostenübernahme Bildungsgutschein' });
  },
};

export const DeleteRefused: Story = {
  parameters: { msw: { handlers: [mailboxHandlers.removeDown, ...fullHandlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const reader = await open(canvasElement, 'Prüfungstermin ändern');
    await userEvent.click(reader.getByRole('button', { name: 'Löschen' }));
    const dialog = within(await body().findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Löschen' }));
    await body().findByText(/Auf dem Server ist ein Fehler aufgetreten/);
    await userEvent.click(dialog.getByRole('button', { name: 'Abbrechen' }));
    await canvas.findByRole('button', { name: 'Prüfungstermin ändern' });
  },
};

/** The attachments the story's download handler was asked for. */
const downloads: string[] = [];

/** Attachments listed with their size; a click reads the file by its id. */
export const MailWithAttachments: Story = {
  parameters: {
    msw: {
      handlers: [
        mockHttp.get('/email-attachments/read/{id}', ({ params }) => {
          downloads.push(String(params.id));
          return new Response(new Blob(['JPEG'], { type: 'image/jpeg' }), {
            headers: { 'Content-Type': 'image/jpeg' },
          });
        }),
        ...fullHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const reader = await open(canvasElement, 'Kostenübernahme Bildungsgutschein');
    await reader.findByText('2 Anhänge');
    await reader.findByRole('button', { name: 'Kostenuebernahme.pdf herunterladen' });
    await reader.findByText('buero@fahrschule-demo.de');
    downloads.length = 0;
    await userEvent.click(
      reader.getByRole('button', { name: 'Bildungsgutschein.jpg herunterladen' }),
    );
    await waitFor(() => expect(downloads).toEqual(['902']));
  },
};

const frameOf = async (canvasElement: HTMLElement, subject: string) =>
  (await within(canvasElement).findByTitle(`Inhalt der E-Mail „${subject}“`)) as HTMLIFrameElement;

/**
 * An HTML mail with a tracking pixel, a remote image, a script and an event handler: shown
 * sanitised in a sandbox without scripts, remote images only after "Externe Bilder laden".
 */
export const RemoteImagesBlocked: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('https://cdn.tuev.example/*', () => new HttpResponse(null, { status: 404 })),
        http.get('https://tracker.example/*', () => new HttpResponse(null, { status: 404 })),
        ...fullHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const subject = 'Neue Prüfungsrichtlinien 2027';
    const reader = await open(canvasElement, subject);
    await reader.findByText('3 externe Bilder wurden zu Ihrem Schutz blockiert.');
    const frame = await frameOf(canvasElement, subject);
    await expect(frame.getAttribute('sandbox')).not.toContain('allow-scripts');
    await expect(frame.getAttribute('sandbox')).not.toContain('allow-same-origin');
    const doc = frame.getAttribute('srcdoc') ?? '';
    await expect(doc).toContain('Content-Security-Policy');
    await expect(doc).not.toContain('tracker.example');
    await expect(doc).not.toContain('cdn.tuev.example');
    await expect(doc).not.toContain('<script');
    await expect(doc).not.toContain('onclick');
    await expect(doc).toContain('Zu den Richtlinien');
    await userEvent.click(reader.getByRole('button', { name: 'Externe Bilder laden' }));
    await waitFor(async () =>
      expect((await frameOf(canvasElement, subject)).getAttribute('srcdoc') ?? '').toContain(
        'https://cdn.tuev.example/banner.png',
      ),
    );
    const loaded = (await frameOf(canvasElement, subject)).getAttribute('srcdoc') ?? '';
    await expect(loaded).not.toContain('<script');
  },
};

/** A long mail with a deep quote: the reader keeps it in its frame. */
export const LongThread: Story = {
  play: async ({ canvasElement }) => {
    const subject = 'AW: AW: AW: Unterlagen für die Anmeldung';
    await open(canvasElement, subject);
    const frame = await frameOf(canvasElement, subject);
    await expect(frame.getAttribute('srcdoc') ?? '').toContain('Absatz 40');
  },
};

/** "Synchronisieren": every account shows "Synchronisiere …" while the call runs. */
export const SyncRunning: Story = {
  parameters: { msw: { handlers: [mailboxHandlers.syncRunning, ...fullHandlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Synchronisieren' }));
    await waitFor(() => expect(canvas.getAllByText('Synchronisiere …')).toHaveLength(2));
  },
};

/** One account synced, the other failed with the server's reason. */
export const SyncFailureOfOneAccount: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Synchronisieren' }));
    const info = within(await canvas.findByRole('listitem', { name: 'info@fahrschule-demo.de' }));
    await info.findByText(/3 neue E-Mails/);
    const office = within(canvas.getByRole('listitem', { name: 'buero@fahrschule-demo.de' }));
    await office.findByText('Fehlgeschlagen: Der E-Mail-Server ist nicht erreichbar.');
    await office.findByText('Antwort des Servers: connect ETIMEDOUT 192.0.2.10:993');
    await body().findByText('Ein Konto konnte nicht synchronisiert werden.');
  },
};

/** A new mail's checks, in German: a recipient, valid addresses, a text. */
export const ComposeValidation: Story = {
  args: { compose: true },
  play: async () => {
    const dialog = within(await body().findByRole('dialog', { name: 'Neue E-Mail' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Senden' }));
    await dialog.findByText('Bitte geben Sie mindestens einen Empfänger an.');
    await dialog.findByText('Bitte schreiben Sie eine Nachricht.');
    await userEvent.type(dialog.getByRole('textbox', { name: /^An/ }), 'x');
    await dialog.findByText('Bitte geben Sie nur gültige E-Mail-Adressen ein.');
  },
};

/** A new mail to a student picked by name, sent on the server's 200. */
export const ComposeNew: Story = {
  args: { compose: true },
  play: async ({ args }) => {
    const dialog = within(await body().findByRole('dialog', { name: 'Neue E-Mail' }));
    // Each field looked up once: role queries over the whole page are slow on a busy machine.
    const to = dialog.getByRole('textbox', { name: /^An/ });
    const subject = dialog.getByRole('textbox', { name: /^Betreff/ });
    const text = dialog.getByRole('textbox', { name: 'Nachricht' });
    const send = dialog.getByRole('button', { name: 'Senden' });
    await userEvent.type(
      dialog.getByRole('combobox', { name: /Fahrschüler oder Kostenträger/ }),
      'Le',
    );
    const options = within(await body().findByRole('listbox'));
    await userEvent.click(
      await options.findByRole('option', { name: 'Lena Neumann <lena.neumann@example.de>' }),
    );
    await waitFor(() => expect(to).toHaveValue('lena.neumann@example.de'));
    await userEvent.type(subject, 'Anmeldung');
    await userEvent.type(text, 'Hallo');
    await userEvent.click(send);
    await body().findByText('Die E-Mail wurde gesendet.');
    await waitFor(() => expect(args.onComposeClose).toHaveBeenCalled());
  },
};

/** A template filled for the chosen student on the server; what stayed empty is named. */
export const ComposeFromTemplate: Story = {
  args: { compose: true },
  play: async () => {
    const dialog = within(await body().findByRole('dialog', { name: 'Neue E-Mail' }));
    await userEvent.type(
      dialog.getByRole('combobox', { name: /Fahrschüler oder Kostenträger/ }),
      'Le',
    );
    await userEvent.click(
      await body().findByRole('option', { name: 'Lena Neumann <lena.neumann@example.de>' }),
    );
    await userEvent.click(await dialog.findByRole('button', { name: /Vorlage/ }));
    await userEvent.click(await body().findByRole('option', { name: 'Prüfungstermin' }));
    await waitFor(() =>
      expect(dialog.getByRole('textbox', { name: /^Betreff/ })).toHaveValue(
        'Ihr Prüfungstermin, Lena',
      ),
    );
    await dialog.findByText('Ohne Wert geblieben: exam.date');
    await expect(dialog.getByRole('textbox', { name: 'Nachricht' })).toHaveTextContent(
      'Hallo Lena,',
    );
  },
};

/** A reply: to the sender, "Re:", the original quoted, sent with inReplyToEmailId. */
export const Reply: Story = {
  parameters: {
    msw: {
      handlers: [
        mockHttp.post('/emails/send-user-email', async ({ request, response }) => {
          const input = await request.json();
          return input.inReplyToEmailId === 101 && input.to[0] === 'lena.neumann@example.de'
            ? response(200).json({ ...(demoOutbox[0] as MailboxEmail), subject: input.subject })
            : response(422).json({
                message: 'wrong reply',
                error_message: 'errors.validation',
                fieldErrors: [],
                globalErrors: ['errors.email_not_sent'],
              });
        }),
        ...fullHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const reader = await open(canvasElement, 'Prüfungstermin ändern');
    await userEvent.click(reader.getByRole('button', { name: 'Antworten' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Antworten' }));
    await expect(dialog.getByRole('textbox', { name: /^An/ })).toHaveValue(
      'lena.neumann@example.de',
    );
    await expect(dialog.getByRole('textbox', { name: /^Betreff/ })).toHaveValue(
      'Re: Prüfungstermin ändern',
    );
    const text = dialog.getByRole('textbox', { name: 'Nachricht' });
    await waitFor(() => expect(text).toHaveTextContent('schrieb Lena Neumann'));
    await expect(text).toHaveTextContent('kann ich meinen Prüfungstermin');
    await userEvent.click(dialog.getByRole('button', { name: 'Senden' }));
    await body().findByText('Die E-Mail wurde gesendet.');
  },
};

/** A forward: "Fwd:", the original's attachments fetched and sent again (multipart). */
export const Forward: Story = {
  parameters: {
    msw: {
      handlers: [
        // Only the multipart call may answer: attachments never go by the JSON call.
        mockHttp.post('/emails/send-user-email', ({ response }) =>
          response(500).json({
            message: 'json call used',
            error_message: 'errors.internal',
            fieldErrors: [],
            globalErrors: [],
          }),
        ),
        ...fullHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const reader = await open(canvasElement, 'Kostenübernahme Bildungsgutschein');
    await userEvent.click(reader.getByRole('button', { name: 'Weiterleiten' }));
    const dialog = within(await body().findByRole('dialog', { name: 'E-Mail weiterleiten' }));
    await expect(dialog.getByRole('textbox', { name: /^Betreff/ })).toHaveValue(
      'Fwd: Kostenübernahme Bildungsgutschein',
    );
    await dialog.findByText(/Anhänge der ursprünglichen E-Mail: Kostenuebernahme.pdf/);
    await userEvent.click(dialog.getByRole('button', { name: 'Anhänge übernehmen' }));
    await dialog.findByRole('button', { name: 'Anhänge übernommen' });
    await dialog.findByText('Kostenuebernahme.pdf');
    await userEvent.type(dialog.getByRole('textbox', { name: /^An/ }), 'buero@example.de');
    await userEvent.click(dialog.getByRole('button', { name: 'Senden' }));
    await body().findByText('Die E-Mail wurde gesendet.');
  },
};

/** The mail server refused: the toast says so, the form keeps what was written. */
export const SendRefused: Story = {
  args: { compose: true },
  parameters: { msw: { handlers: [mailboxHandlers.sendRefused, ...fullHandlers] } },
  play: async () => {
    const dialog = within(await body().findByRole('dialog', { name: 'Neue E-Mail' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^An/ }), 'lena@example.de');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Betreff/ }), 'Termin');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Nachricht' }), 'Hallo');
    await userEvent.click(dialog.getByRole('button', { name: 'Senden' }));
    await waitFor(() =>
      expect(body().getAllByText('Die E-Mail wurde nicht gesendet.').length).toBeGreaterThan(0),
    );
    await expect(dialog.getByRole('textbox', { name: /^Betreff/ })).toHaveValue('Termin');
  },
};

/** Without the write permission: reading only, no new mail, reply or delete. */
export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_COMMUNICATION'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const reader = await open(canvasElement, 'Prüfungstermin ändern');
    await reader.findByRole('button', { name: 'Als gelesen markieren' });
    await expect(reader.queryByRole('button', { name: 'Antworten' })).toBeNull();
    await expect(reader.queryByRole('button', { name: 'Löschen' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Neue E-Mail' })).toBeNull();
  },
};

/** English texts for a host switched to English. */
export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('No e-mail selected.');
  },
};
