import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, type MockInstance, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { FibuFixScreen } from './fibu-fix-screen';
import { accountsNeverSavedFixture, mockAccounting } from './mocks/handlers';

const full = mockAccounting();
const neverSaved = mockAccounting({ config: accountsNeverSavedFixture });
const loading = mockAccounting({ config: 'loading' });
const failing = mockAccounting({ config: 'error' });
const refused = mockAccounting({ config: 'forbidden' });
const notAsked = mockAccounting();

/** `window.open`, answered with no window (a story opens nothing). */
let open: MockInstance<typeof window.open>;

const meta = {
  title: 'Features/Accounting/FibuFixScreen',
  component: FibuFixScreen,
  args: { onEditAccounts: fn() },
  beforeEach: () => {
    open = spyOn(window, 'open').mockImplementation(() => null);
    return () => open.mockRestore();
  },
  parameters: { msw: { handlers: full.handlers } },
} satisfies Meta<typeof FibuFixScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The address is shown; only the button (a user action, so no pop-up blocker) opens it. */
export const Configured: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('https://duo.datev.de/mandant/10542');
    await expect(open).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Buchhaltungsportal öffnen' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://duo.datev.de/mandant/10542', '_blank', 'noopener'),
    );
    await userEvent.click(
      canvas.getByRole('button', { name: 'Adresse in den Einstellungen ändern' }),
    );
    await waitFor(() => expect(args.onEditAccounts).toHaveBeenCalledTimes(1));
  },
};

/** No address yet: explained, with the way to the settings. */
export const NotConfigured: Story = {
  parameters: { msw: { handlers: neverSaved.handlers } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Kein Buchhaltungsportal hinterlegt');
    await expect(canvas.queryByRole('button', { name: 'Buchhaltungsportal öffnen' })).toBeNull();
    await userEvent.click(
      canvas.getByRole('button', { name: 'Adresse in den Einstellungen hinterlegen' }),
    );
    await waitFor(() => expect(args.onEditAccounts).toHaveBeenCalledTimes(1));
  },
};

/** Embedded without settings to go to: the explanation alone. */
export const NotConfiguredWithoutSettings: Story = {
  args: { onEditAccounts: undefined },
  parameters: { msw: { handlers: neverSaved.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Kein Buchhaltungsportal hinterlegt');
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: loading.handlers } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByRole('status')).not.toHaveLength(0);
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: failing.handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Die Adresse des Buchhaltungsportals konnte nicht geladen werden.');
    await expect(canvas.getByRole('button', { name: 'Erneut versuchen' })).toBeEnabled();
  },
};

/** Without the company permission the address is not asked for. */
export const WithoutCompanyPermission: Story = {
  parameters: { permissions: ['MODULE_ACCOUNTING'], msw: { handlers: notAsked.handlers } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Keine Berechtigung');
    await expect(notAsked.calls.config).toBe(0);
  },
};

/** The server refuses the configuration (403). */
export const ServerRefuses: Story = {
  parameters: { msw: { handlers: refused.handlers } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(/dafür fehlt Ihnen die Berechtigung/);
  },
};

export const InEnglish: Story = {
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: 'Open bookkeeping portal' });
  },
};
