import { ApiForm, useApiForm } from '@fahrwerk/core';
import { Button } from '@fahrwerk/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { z } from 'zod';
import { mailCheckSchema } from '../schemas/settings-forms';
import { useSettingsTranslation } from '../use-settings-translation';
import { MailServerFields } from './mail-server-fields';

type Submit = (values: unknown) => void;

/** Both servers under the contract's names, as the account and check dialogs have them. */
function ContractNamesForm({ submit }: { submit: Submit }) {
  const { t } = useSettingsTranslation();
  const form = useApiForm({
    schema: mailCheckSchema,
    defaultValues: {
      smtpHost: '',
      smtpPort: 587,
      smtpSecurity: 'STARTTLS',
      imapHost: '',
      imapPort: 993,
      imapSecurity: 'TLS',
      username: '',
      password: '',
    },
    submit,
    t,
  });
  return (
    <ApiForm form={form} aria-label="Mailserver" className="flex flex-col gap-4">
      <MailServerFields control={form.control} />
      <Button type="submit">Weiter</Button>
    </ApiForm>
  );
}

const { imapHost, imapPort, imapSecurity, username, password } = mailCheckSchema.shape;
const inboxSchema = z.object({
  inbox: z.object({ host: imapHost, port: imapPort, security: imapSecurity }),
  login: username,
  secret: password,
});

/** Only the IMAP server, in a form whose values have names of their own. */
function OwnNamesForm({ submit }: { submit: Submit }) {
  const { t } = useSettingsTranslation();
  const form = useApiForm({
    schema: inboxSchema,
    defaultValues: { inbox: { host: '', port: 993, security: 'TLS' }, login: '', secret: '' },
    submit,
    t,
  });
  return (
    <ApiForm form={form} aria-label="Posteingang" className="flex flex-col gap-4">
      <MailServerFields
        control={form.control}
        servers={['imap']}
        names={{
          imapHost: 'inbox.host',
          imapPort: 'inbox.port',
          imapSecurity: 'inbox.security',
          username: 'login',
          password: 'secret',
        }}
        isPasswordRequired={false}
        passwordDescription="Leer lassen, um das gespeicherte Passwort zu behalten."
      />
      <Button type="submit">Weiter</Button>
    </ApiForm>
  );
}

function MailServerFieldsDemo({ ownNames, submit }: { ownNames?: boolean; submit: Submit }) {
  return ownNames ? <OwnNamesForm submit={submit} /> : <ContractNamesForm submit={submit} />;
}

const meta = {
  title: 'Features/Settings/MailServerFields',
  component: MailServerFieldsDemo,
  args: { submit: fn() },
} satisfies Meta<typeof MailServerFieldsDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The server fields' labels in order, `*` after each one marked as required. */
const serverLabels = (form: ReturnType<typeof within>) =>
  form
    .getAllByText(/^(SMTP|IMAP)-|^Benutzername$|^Passwort$/)
    .map((label: HTMLElement) => label.textContent)
    .join(' ');

/** Both servers: all marked as required; the schema's messages show at the fields. */
export const BothServers: Story = {
  play: async ({ args, canvasElement }) => {
    const form = within(canvasElement);
    await expect(serverLabels(form)).toBe(
      'SMTP-Server* SMTP-Port* SMTP-Verschlüsselung* IMAP-Server* IMAP-Port* IMAP-Verschlüsselung* Benutzername* Passwort*',
    );
    await userEvent.type(form.getByRole('textbox', { name: /^SMTP-Server/ }), 'smtp');
    await userEvent.click(form.getByRole('button', { name: 'Weiter' }));
    await form.findByText('Bitte geben Sie einen gültigen Servernamen ein (z. B. smtp.ionos.de).');
    // IMAP server and user name (the password may be empty in the check's schema).
    await expect(form.getAllByText('Pflichtfeld')).toHaveLength(2);
    await expect(args.submit).not.toHaveBeenCalled();
  },
};

/** Only IMAP, bound to the form's own names; what is typed lands under them. */
export const ImapOnlyOwnNames: Story = {
  args: { ownNames: true },
  play: async ({ args, canvasElement }) => {
    const form = within(canvasElement);
    await expect(form.queryByRole('textbox', { name: /^SMTP/ })).toBeNull();
    await expect(serverLabels(form)).toBe(
      'IMAP-Server* IMAP-Port* IMAP-Verschlüsselung* Benutzername* Passwort',
    );
    await form.findByText('Leer lassen, um das gespeicherte Passwort zu behalten.');
    await userEvent.type(form.getByRole('textbox', { name: /^IMAP-Server/ }), 'imap.fs.de');
    await userEvent.type(form.getByRole('textbox', { name: /^Benutzername/ }), 'info@fs.de');
    await userEvent.click(form.getByRole('button', { name: 'Weiter' }));
    await waitFor(() => expect(args.submit).toHaveBeenCalledOnce());
    await expect(args.submit.mock.calls[0]?.[0]).toEqual({
      inbox: { host: 'imap.fs.de', port: 993, security: 'TLS' },
      login: 'info@fs.de',
      secret: '',
    });
  },
};
