import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { emailConfigsFixture } from '../mocks/handlers';
import { MailCheckDialog, type MailCheckDialogProps } from './mail-check-dialog';

type MailCheck = MailCheckDialogProps['onCheck'];

const meta = {
  title: 'Features/Settings/MailCheckDialog',
  component: MailCheckDialog,
  args: {
    isOpen: true,
    onOpenChange: fn(),
    onCheck: fn<MailCheck>(async () => ({ smtp: { ok: true }, imap: { ok: true } })),
  },
} satisfies Meta<typeof MailCheckDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const [saved] = emailConfigsFixture;

const dialog = async () => within(await within(document.body).findByRole('dialog'));

/** The server fields' labels in order, `*` after each one marked as required. */
const serverLabels = (form: ReturnType<typeof within>) =>
  form
    .getAllByText(/^(SMTP|IMAP)-|^Benutzername$|^Passwort$/)
    .map((label: HTMLElement) => label.textContent)
    .join(' ');

/**
 * A new check: every server field is marked as required, as in the account dialog (the
 * encryptions cannot be cleared); hosts and user name stop at their longest length; a port
 * beyond 65535 is refused with a message, never changed silently; the values go to the
 * check as entered.
 */
export const New: Story = {
  play: async ({ args }) => {
    const form = await dialog();
    await form.findByText('Verbindet sich mit beiden Servern und meldet sich an.', {
      exact: false,
    });
    await expect(serverLabels(form)).toBe(
      'SMTP-Server* SMTP-Port* SMTP-Verschlüsselung* IMAP-Server* IMAP-Port* IMAP-Verschlüsselung* Benutzername* Passwort*',
    );
    await expect(form.queryByRole('button', { name: 'Auswahl löschen' })).toBeNull();
    const smtpHost = form.getByRole('textbox', { name: /^SMTP-Server/ });
    await expect(smtpHost).toHaveAttribute('maxlength', '253');
    await expect(form.getByRole('textbox', { name: /^Benutzername/ })).toHaveAttribute(
      'maxlength',
      '254',
    );
    await expect(form.getByRole('textbox', { name: /^SMTP-Port/ })).toHaveValue('587');
    await expect(form.getByRole('textbox', { name: /^IMAP-Port/ })).toHaveValue('993');

    await userEvent.click(form.getByRole('button', { name: 'Jetzt prüfen' }));
    // SMTP and IMAP server, user name, password.
    await waitFor(() => expect(form.getAllByText('Pflichtfeld')).toHaveLength(4));
    await expect(args.onCheck).not.toHaveBeenCalled();

    await userEvent.type(smtpHost, 'smtp.fs.de');
    await userEvent.type(form.getByRole('textbox', { name: /^IMAP-Server/ }), 'imap.fs.de');
    const imapPort = form.getByRole('textbox', { name: /^IMAP-Port/ });
    await userEvent.clear(imapPort);
    await userEvent.type(imapPort, '70000');
    await userEvent.tab();
    await expect(imapPort).toHaveValue('70000');
    await userEvent.type(form.getByRole('textbox', { name: /^Benutzername/ }), 'info@fs.de');
    await userEvent.type(form.getByLabelText(/^Passwort/), 'geheim');
    await userEvent.click(form.getByRole('button', { name: 'Jetzt prüfen' }));
    await form.findByText('Der Port liegt zwischen 1 und 65535.');
    await expect(args.onCheck).not.toHaveBeenCalled();
    await userEvent.clear(imapPort);
    await userEvent.type(imapPort, '995');
    await userEvent.click(form.getByRole('button', { name: 'Jetzt prüfen' }));
    await waitFor(() =>
      expect(form.getAllByText('Verbindung und Anmeldung erfolgreich.')).toHaveLength(2),
    );
    await expect(args.onCheck).toHaveBeenCalledOnce();
    await expect(args.onCheck).toHaveBeenCalledWith({
      smtpHost: 'smtp.fs.de',
      smtpPort: 587,
      smtpSecurity: 'STARTTLS',
      imapHost: 'imap.fs.de',
      imapPort: 995,
      imapSecurity: 'TLS',
      username: 'info@fs.de',
      password: 'geheim',
    });
    // The dialog stays open with the answer.
    await expect(args.onOpenChange).not.toHaveBeenCalled();
  },
};

/** A saved account: its servers prefilled; an empty password checks with the stored one. */
export const SavedAccount: Story = {
  args: {
    account: saved,
    onCheck: fn<MailCheck>(async () => ({
      smtp: { ok: true },
      imap: {
        ok: false,
        reason: 'errors.mail_auth_failed',
        detail: 'a2 NO [AUTHENTICATIONFAILED] Invalid credentials',
      },
    })),
  },
  play: async ({ args }) => {
    const form = await dialog();
    await expect(form.getByRole('textbox', { name: /^IMAP-Server/ })).toHaveValue('imap.ionos.de');
    await expect(serverLabels(form)).toMatch(/ Passwort$/);
    await form.findByText('Leer lassen, um das gespeicherte Passwort zu verwenden.');
    await userEvent.click(form.getByRole('button', { name: 'Jetzt prüfen' }));
    await form.findByText('Benutzername oder Passwort des Mailservers ist falsch.');
    await expect(args.onCheck).toHaveBeenCalledOnce();
    // The saved account's id, no password: the server uses the stored one.
    await expect(args.onCheck).toHaveBeenCalledWith(
      expect.objectContaining({ id: 1, smtpHost: 'smtp.ionos.de', imapHost: 'imap.ionos.de' }),
    );
    await expect(args.onCheck.mock.calls[0]?.[0]).not.toHaveProperty('password');
  },
};
