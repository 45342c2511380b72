import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { CostBearerClassicPayScreen } from './cost-bearer-classic-pay-screen';
import { formsHandlers, recordFormCalls } from './mocks/forms-handlers';

const body = () => within(document.body);

const meta = {
  title: 'Features/Invoices/CostBearerClassicPayScreen',
  component: CostBearerClassicPayScreen,
  args: { costBearerId: 41, onBillServices: fn() },
} satisfies Meta<typeof CostBearerClassicPayScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const calls = recordFormCalls();

/** The Jobcenter Köln owes 2450,00 €: its saldo, its invoices with open amounts and the XRechnung. */
export const Full: Story = {
  parameters: { msw: { handlers: calls.handlers } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Classic Pay: Jobcenter Köln' });
    await canvas.findByText('Der Kostenträger schuldet noch 2450,00 €.');
    await expect(canvas.getByText('-2450,00 €')).toBeInTheDocument();
    const invoice = within(await canvas.findByRole('row', { name: /RE-2026-00020/ }));
    await expect(invoice.getAllByText('2450,00 €')).toHaveLength(2);
    await expect(
      within(canvas.getByRole('row', { name: /RE-2026-00009/ })).getByText('0,00 €'),
    ).toBeInTheDocument();
    await userEvent.click(
      canvas.getByRole('button', { name: 'Aktionen für Lehrgangsrechnung RE-2026-00020' }),
    );
    await userEvent.click(await body().findByRole('menuitem', { name: 'XRechnung herunterladen' }));
    await waitFor(() => expect(calls.eInvoices).toEqual([901]));
    await userEvent.click(canvas.getByRole('button', { name: 'Leistungen abrechnen' }));
    await expect(args.onBillServices).toHaveBeenCalled();
  },
};

/** A cost bearer that paid everything and has no documents. */
export const Empty: Story = {
  args: { costBearerId: 43 },
  parameters: {
    msw: { handlers: [formsHandlers.documentsEmpty, ...recordFormCalls({ balance: 0 }).handlers] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Ausgeglichen.');
    await canvas.findByText('An diesen Kostenträger gibt es noch keine Rechnungen.');
  },
};

/** Overpaid: the credit is named. */
export const Credit: Story = {
  parameters: { msw: { handlers: recordFormCalls({ balance: 5000 }).handlers } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Der Kostenträger hat ein Guthaben von 50,00 €.');
  },
};

export const Loading: Story = {
  parameters: {
    msw: { handlers: [formsHandlers.costBearerLoading, ...recordFormCalls().handlers] },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Daten des Kostenträgers werden geladen …');
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [formsHandlers.costBearerError, ...recordFormCalls().handlers] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(
      'Die Daten des Kostenträgers konnten nicht geladen werden.',
    );
  },
};
