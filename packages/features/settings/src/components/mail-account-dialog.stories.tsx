import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { emailConfigsFixture } from '../mocks/handlers';
import { MailAccountDialog, type MailAccountDialogProps } from './mail-account-dialog';

type MailCheck = MailAccountDialogProps['onCheck'];

const meta = {
  title: 'Features/Settings/MailAccountDialog',
  component: MailAccountDialog,
  args: {
    isOpen: true,
    onOpenChange: fn(),
    onSubmit: fn(async () => undefined),
    onCheck: fn<MailCheck>(async () => ({ smtp: { ok: true }, imap: { ok: true } })),
    users: [
      { id: 1, name: 'Erika Mustermann' },
      { id: 2, name: 'Olaf Office' },
    ],
  },
} satisfies Meta<typeof MailAccountDialog>;

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
 * A new account: every server field is marked as required, hosts and user name take no more
 * than the contract allows, a port out of range is said (not clamped); "Verbindung testen"
 * checks the entered servers, "Speichern" sends the contract body.
 */
export const Create: Story = {
  play: async ({ args }) => {
    const form = await dialog();
    await expect(serverLabels(form)).toBe(
      'SMTP-Server* SMTP-Port* SMTP-Verschlüsselung* IMAP-Server* IMAP-Port* IMAP-Verschlüsselung* Benutzername* Passwort*',
    );
    await expect(form.queryByRole('button', { name: 'Auswahl löschen' })).toBeNull();
    const smtpHost = form.getByRole('textbox', { name: /^SMTP-Server/ });
    await expect(smtpHost).toHaveAttribute('maxlength', '253');
    await expect(form.getByRole('textbox', { name: /^IMAP-Server/ })).toHaveAttribute(
      'maxlength',
      '253',
    );
    await expect(form.getByRole('textbox', { name: /^Benutzername/ })).toHaveAttribute(
      'maxlength',
      '254',
    );

    await userEvent.type(form.getByRole('textbox', { name: /^E-Mail-Adresse/ }), 'info@fs.de');
    await userEvent.type(smtpHost, 'smtp.fs.de');
    await userEvent.type(form.getByRole('textbox', { name: /^IMAP-Server/ }), 'imap.fs.de');
    const imapPort = form.getByRole('textbox', { name: /^IMAP-Port/ });
    await userEvent.clear(imapPort);
    await userEvent.type(imapPort, '70000');
    await userEvent.tab();
    await expect(imapPort).toHaveValue('70000');
    await userEvent.type(form.getByRole('textbox', { name: /^Benutzername/ }), 'info@fs.de');
    await userEvent.type(form.getByLabelText(/^Passwort/), 'geheim');
    await userEvent.click(form.getByRole('button', { name: 'Verbindung testen' }));
    await form.findByText('Der Port liegt zwischen 1 und 65535.');
    await expect(args.onCheck).not.toHaveBeenCalled();

    await userEvent.clear(imapPort);
    await userEvent.type(imapPort, '143');
    await userEvent.click(form.getByRole('button', { name: 'Verbindung testen' }));
    await waitFor(() =>
      expect(form.getAllByText('Verbindung und Anmeldung erfolgreich.')).toHaveLength(2),
    );
    await expect(args.onCheck).toHaveBeenCalledOnce();
    const servers = {
      smtpHost: 'smtp.fs.de',
      smtpPort: 587,
      smtpSecurity: 'STARTTLS',
      imapHost: 'imap.fs.de',
      imapPort: 143,
      imapSecurity: 'TLS',
      username: 'info@fs.de',
      password: 'geheim',
    };
    await expect(args.onCheck).toHaveBeenCalledWith(servers);

    await userEvent.click(form.getByRole('checkbox', { name: 'Olaf Office' }));
    await userEvent.click(form.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({ email: 'info@fs.de', userIds: [2], ...servers }),
    );
    await expect(args.onSubmit).toHaveBeenCalledOnce();
  },
};

/** Editing: the password is optional; its hint says whether one is stored. */
export const EditWithoutStoredPassword: Story = {
  args: { account: saved && { ...saved, passwordSet: false } },
  play: async ({ args }) => {
    const form = await dialog();
    await expect(form.getByRole('textbox', { name: /^SMTP-Server/ })).toHaveValue('smtp.ionos.de');
    await expect(serverLabels(form)).toMatch(/ Passwort$/);
    await form.findByText('Es ist noch kein Passwort gespeichert.');
    await userEvent.click(form.getByRole('button', { name: 'Verbindung testen' }));
    await waitFor(() => expect(args.onCheck).toHaveBeenCalledOnce());
    await expect(args.onCheck.mock.calls[0]?.[0]).not.toHaveProperty('password');
    await expect(args.onCheck).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
  },
};

/** Editing with a stored password: empty keeps it. */
export const EditKeepsPassword: Story = {
  args: { account: saved },
  play: async () => {
    const form = await dialog();
    await form.findByText('Leer lassen, um das gespeicherte Passwort zu behalten.');
  },
};
