import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { mockPayments, paymentsHandlers } from './mocks/handlers';
import { PaymentsOverviewScreen } from './payments-overview-screen';

const full = mockPayments();

const meta = {
  title: 'Features/Payments/PaymentsOverviewScreen',
  component: PaymentsOverviewScreen,
  args: { onOpenWorkflow: fn(), onOpenTriggers: fn() },
  parameters: { msw: { handlers: full.handlers } },
} satisfies Meta<typeof PaymentsOverviewScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The balances of the school and a tile per workflow; the buttons hand over to the host. */
export const Full: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('12345,50 €');
    await expect(canvas.getByText('480,00 €')).toBeInTheDocument();
    await expect(canvas.getByText('(7 Dokumente)')).toBeInTheDocument();
    await expect(canvas.getByText('(2 Lastschriften)')).toBeInTheDocument();
    const livePay = within(
      await canvas.findByRole('table', { name: 'Zahlungen von Live Pay nach Status' }),
    );
    await expect(livePay.getByText('Fehlgeschlagen')).toBeInTheDocument();
    await expect(livePay.getByText('130,00 €')).toBeInTheDocument();
    await canvas.findByText('2899,00 €');
    await userEvent.click(canvas.getByRole('button', { name: 'Live Pay öffnen' }));
    await expect(args.onOpenWorkflow).toHaveBeenCalledWith('LIVE_PAY');
    await userEvent.click(canvas.getByRole('button', { name: 'Automatische Leistungspakete' }));
    await expect(args.onOpenTriggers).toHaveBeenCalledTimes(1);
  },
};

/** A new school: everything settled, no educations in any workflow. */
export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [
        paymentsHandlers.overviewEmpty,
        paymentsHandlers.workflowInfoEmpty,
        ...full.handlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Alle Salden sind ausgeglichen.');
    await canvas.findByText('Noch keine Ausbildungen in Classic Pay.');
    await canvas.findByText('Noch keine Ausbildungen in Live Pay.');
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        paymentsHandlers.overviewLoading,
        paymentsHandlers.workflowInfoLoading,
        ...full.handlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Salden werden geladen …');
  },
};

export const LoadError: Story = {
  parameters: {
    msw: {
      handlers: [
        paymentsHandlers.overviewError,
        paymentsHandlers.workflowInfoError,
        ...full.handlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Die Salden konnten nicht geladen werden.');
    await canvas.findByText('Die Zahlen von Flash Pay konnten nicht geladen werden.');
  },
};

/** Embedded without callbacks: no buttons that lead nowhere. */
export const WithoutNavigation: Story = {
  args: { onOpenWorkflow: undefined, onOpenTriggers: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('12345,50 €');
    await expect(canvas.queryByRole('button', { name: 'Classic Pay öffnen' })).toBeNull();
  },
};
