import { clickUntil } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { inboxHandlers, registrationHandlers } from './mocks/handlers';
import { RegistrationsScreen } from './registrations-screen';

const meta = {
  title: 'Features/Registrations/RegistrationsScreen',
  component: RegistrationsScreen,
  args: { onOpenStudent: fn() },
  parameters: { msw: { handlers: inboxHandlers } },
} satisfies Meta<typeof RegistrationsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Unread ones bold with a badge, the counter, the status per row. */
export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Neumann, Lena');
    await canvas.findByText('1 ungelesene Anmeldung');
    await expect(canvas.getByText('Neumann, Lena')).toHaveClass('font-bold');
    await expect(canvas.getByText('Becker, Jonas')).not.toHaveClass('font-bold');
  },
};

/** Opening an unread registration marks it read, shows the matches, converts it. */
export const OpenAndConvert: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await clickUntil(
      () => canvas.findByText('Neumann, Lena'),
      () => canvas.getByRole('complementary', { name: 'Details der Anmeldung' }),
    );
    const detail = within(canvas.getByRole('complementary', { name: 'Details der Anmeldung' }));
    await detail.findByText('Gleiche E-Mail');
    await detail.findByText('Gleicher Name und Geburtstag');
    await userEvent.click(detail.getByRole('button', { name: 'Als Fahrschüler übernehmen' }));
    await waitFor(() => expect(args.onOpenStudent).toHaveBeenCalledWith(99));
  },
};

/** A converted registration offers only to open its student. */
export const Converted: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await clickUntil(
      () => canvas.findByText('Klein, Mia'),
      () => canvas.getByRole('button', { name: 'Fahrschüler öffnen' }),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Fahrschüler öffnen' }));
    await expect(args.onOpenStudent).toHaveBeenCalledWith(77);
  },
};

/** "Anmeldelinks": each link with its QR code, copy and save; the list loads when opened. */
export const RegistrationLinks: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Anmeldelinks' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Anmeldelinks und QR-Codes' }));
    const list = within(await dialog.findByRole('list', { name: 'Anmeldelinks und QR-Codes' }));
    await expect(list.getAllByRole('listitem')).toHaveLength(3);
    await expect(
      list.getByRole('img', { name: 'QR-Code: Anmeldung Intensivkurs (Fast Lane)' }),
    ).toBeVisible();
    await expect(
      list.getByText(/register\/1-0123456789abcdef0123456789abcdef\?klasse=B$/),
    ).toBeVisible();
    await expect(list.getAllByRole('button', { name: 'Link kopieren' })).toHaveLength(3);
    await expect(list.getAllByRole('link', { name: 'Seite öffnen' })[1]).toHaveAttribute(
      'href',
      'https://fahrschule.example/register/1-0123456789abcdef0123456789abcdef?fastlane=1',
    );
  },
};

/** The links fail on their own: the dialog says so with a retry, the inbox stays. */
export const RegistrationLinksError: Story = {
  parameters: {
    msw: { handlers: [registrationHandlers.onboardingLinksDown, ...inboxHandlers] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Anmeldelinks' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Anmeldelinks und QR-Codes' }));
    await dialog.findByText('Die Anmeldelinks konnten nicht geladen werden.');
    await expect(dialog.getByRole('button', { name: /Erneut/ })).toBeVisible();
  },
};

/** Delete asks first. */
export const Delete: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await clickUntil(
      () => canvas.findByText('Becker, Jonas'),
      () => canvas.getByRole('button', { name: 'Löschen' }),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Löschen' }));
    const dialog = within(await within(document.body).findByRole('alertdialog'));
    await dialog.findByText(/Jonas Becker wird endgültig gelöscht/);
    await userEvent.click(dialog.getByRole('button', { name: 'Löschen' }));
    await within(document.body).findByText('Gelöscht.');
  },
};

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [
        registrationHandlers.pageEmpty,
        registrationHandlers.unreadNone,
        registrationHandlers.statusOptions,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(/Noch keine Anmeldungen/);
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        registrationHandlers.pageLoading,
        registrationHandlers.unreadNone,
        registrationHandlers.statusOptions,
      ],
    },
  },
};

export const LoadError: Story = {
  parameters: {
    msw: {
      handlers: [
        registrationHandlers.pageDown,
        registrationHandlers.unreadNone,
        registrationHandlers.statusOptions,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Anmeldungen konnten nicht geladen werden.');
  },
};

/** Read-only (MODULE_CUSTOMERS without _WRITE): no status choice, no buttons. */
export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_CUSTOMERS'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await clickUntil(
      () => canvas.findByText('Becker, Jonas'),
      () => canvas.getByText('Gleiche E-Mail'),
    );
    await expect(canvas.queryByRole('button', { name: 'Löschen' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /übernehmen/ })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Bearbeitungsstand von/ })).toBeNull();
  },
};

/** Without MODULE_CUSTOMERS the inbox says so and calls nothing. */
export const NoAccess: Story = {
  parameters: { permissions: ['MODULE_TASK'], msw: { handlers: [] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Kein Zugriff auf Anmeldungen');
  },
};
