import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { usersHandlers } from './mocks/handlers';
import { UserFormScreen } from './user-form-screen';

const lookups = [usersHandlers.roles, usersHandlers.branches, usersHandlers.allUsers];

const meta = {
  title: 'Features/Users/UserFormScreen',
  component: UserFormScreen,
  args: { onSaved: fn(), onCancel: fn() },
  parameters: { msw: { handlers: [...lookups, usersHandlers.createUserOk] } },
} satisfies Meta<typeof UserFormScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function fillPerson(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const fill = async (field: HTMLElement, text: string) => {
    await userEvent.click(field);
    await userEvent.paste(text);
  };
  await fill(await canvas.findByLabelText(/^Vorname/), 'Nina');
  await fill(canvas.getByLabelText(/^Nachname/), 'Neumann');
  await fill(canvas.getByLabelText(/^E-Mail/), 'nina@fahrschule-demo.de');
  await userEvent.click(canvas.getByRole('checkbox', { name: 'Fahrlehrer' }));
}

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByLabelText(/^Vorname/);
    await expect(canvas.getByRole('heading', { name: 'Arbeitszeiten' })).toBeInTheDocument();
    // No avatar before the user exists.
    await expect(canvas.queryByRole('heading', { name: 'Profilbild' })).toBeNull();
  },
};

export const Creates: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await fillPerson(canvasElement);
    await userEvent.click(canvas.getByRole('switch', { name: 'Montag' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Anlegen und einladen' }));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled());
    const saved = (args.onSaved as ReturnType<typeof fn>).mock.calls[0]?.[0];
    await expect(saved).toMatchObject({
      firstName: 'Nina',
      roleIds: [3],
      dayWorkHours: [{ weekday: 'MONDAY', ranges: [{ from: '08:00', to: '16:00' }] }],
    });
    await within(document.body).findByText(
      'Benutzer angelegt. Die Einladung wurde an nina@fahrschule-demo.de gesendet.',
      {},
    );
  },
};

export const MissingInput: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Anlegen und einladen' }));
    await expect((await canvas.findAllByText('Pflichtfeld')).length).toBeGreaterThanOrEqual(3);
    await userEvent.type(canvas.getByLabelText(/^E-Mail/), 'kein-at');
    await userEvent.click(canvas.getByRole('button', { name: 'Anlegen und einladen' }));
    await canvas.findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    await expect(args.onSaved).not.toHaveBeenCalled();
  },
};

export const WorkHoursOutOfOrder: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await fillPerson(canvasElement);
    await userEvent.click(canvas.getByRole('switch', { name: 'Dienstag' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Dienstag: Zeitraum hinzufügen' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Anlegen und einladen' }));
    // The added range has no times yet.
    await expect((await canvas.findAllByText('Pflichtfeld')).length).toBeGreaterThanOrEqual(2);
    await expect(args.onSaved).not.toHaveBeenCalled();
  },
};

export const EmailInUse: Story = {
  parameters: { msw: { handlers: [...lookups, usersHandlers.createUserEmailInUse] } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await fillPerson(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Anlegen und einladen' }));
    await canvas.findByText('Diese E-Mail-Adresse wird bereits verwendet.');
    await expect(args.onSaved).not.toHaveBeenCalled();
  },
};

export const MailNotSent: Story = {
  parameters: { msw: { handlers: [...lookups, usersHandlers.createUserMailFailed] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillPerson(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Anlegen und einladen' }));
    await expect(await canvas.findByRole('alert')).toBeInTheDocument();
  },
};

export const Edit: Story = {
  args: { userId: 2 },
  parameters: { msw: { handlers: [...lookups, usersHandlers.user, usersHandlers.updateUserOk] } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText(/^Vorname/)).toHaveValue('Jonas');
    await expect(canvas.getByRole('checkbox', { name: 'Fahrlehrer' })).toBeChecked();
    await expect(canvas.getByRole('switch', { name: 'Montag' })).toBeChecked();
    await expect(canvas.getByRole('switch', { name: 'Dienstag' })).not.toBeChecked();
    await expect(canvas.getByRole('heading', { name: 'Profilbild' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled());
    const saved = (args.onSaved as ReturnType<typeof fn>).mock.calls[0]?.[0];
    // Nothing lost: both Monday ranges and the taught classes go back unchanged.
    await expect(saved).toMatchObject({
      roleIds: [3, 2],
      licenseClasses: ['B', 'BE'],
      calendarWriteAccessUserIds: [1],
      dayWorkHours: [
        {
          weekday: 'MONDAY',
          ranges: [
            { from: '08:00', to: '12:00' },
            { from: '13:00', to: '17:00' },
          ],
        },
        { weekday: 'WEDNESDAY', ranges: [{ from: '10:00', to: '18:00' }] },
      ],
    });
  },
};

export const Loading: Story = {
  args: { userId: 2 },
  parameters: { msw: { handlers: [...lookups, usersHandlers.userLoading] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByRole('status')).not.toHaveLength(0);
  },
};

export const LoadError: Story = {
  args: { userId: 2 },
  parameters: { msw: { handlers: [...lookups, usersHandlers.userError] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Daten konnten nicht geladen werden.');
  },
};

export const ReadOnly: Story = {
  args: { userId: 2 },
  parameters: {
    permissions: ['MODULE_COMPANY'],
    msw: { handlers: [...lookups, usersHandlers.user] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Sie können diese Daten nur ansehen.');
    await expect(canvas.queryByRole('button', { name: 'Speichern' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Bild hochladen' })).toBeNull();
  },
};
