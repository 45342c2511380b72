import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { BalancePanel } from './balance-panel';
import { mandatesHandlers, recordMandateCalls, STUDENT_ID } from './mocks/mandates-handlers';

const meta = {
  title: 'Features/Payments/BalancePanel',
  component: BalancePanel,
  args: { studentId: STUDENT_ID },
} satisfies Meta<typeof BalancePanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Lena owes 126,00 €: the total in red with "offen", the figures behind it and one line per education. */
export const Student: Story = {
  parameters: { msw: { handlers: recordMandateCalls().handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const total = await canvas.findByTestId('balance-total');
    await expect(total).toHaveTextContent('-126,00 € (offen)');
    await expect(within(total).getByText('-126,00 €', { exact: false })).toHaveClass(
      'text-danger-700',
    );
    await expect(canvas.getByText(/Saldo = gezahlt − berechnet/)).toBeInTheDocument();
    const figure = (label: string) =>
      canvas.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    await expect(figure('Berechnet')).toBe('538,00 €');
    await expect(figure('Gezahlt')).toBe('412,00 €');
    await expect(figure('Offene Rechnungen')).toBe('126,00 €');
    await expect(figure('davon überfällig')).toBe('72,00 €');
    await expect(figure('Angefordert (Zahlungsaufforderungen)')).toBe('89,90 €');
    const table = within(canvas.getByRole('table', { name: 'Saldo je Ausbildung' }));
    const b = within(table.getByRole('row', { name: /Klasse B / }));
    await expect(b.getByText('Live Pay')).toBeInTheDocument();
    await expect(b.getByText('-54,00 €')).toHaveClass('text-danger-700');
    const be = within(table.getByRole('row', { name: /Klasse BE/ }));
    await expect(be.getByText('Classic Pay')).toBeInTheDocument();
    await expect(be.getByText('-72,00 €')).toBeInTheDocument();
  },
};

/** A credit: positive, with "Guthaben". */
export const Credit: Story = {
  parameters: {
    msw: {
      handlers: recordMandateCalls({
        balance: {
          studentId: STUDENT_ID,
          balance: 2500,
          invoiced: 39000,
          paid: 41500,
          open: 0,
          overdue: 0,
          requested: 0,
          educations: [
            {
              studentEducationId: 111,
              licenseClass: 'B',
              paymentWorkflow: 'FLASH_PAY',
              invoiced: 39000,
              paid: 41500,
              balance: 2500,
            },
          ],
        },
      }).handlers,
    },
  },
  play: async ({ canvasElement }) => {
    const total = await within(canvasElement).findByTestId('balance-total');
    await expect(total).toHaveTextContent('25,00 € (Guthaben)');
  },
};

/** Nothing invoiced or paid yet. */
export const Empty: Story = {
  parameters: {
    msw: {
      handlers: recordMandateCalls({
        balance: {
          studentId: STUDENT_ID,
          balance: 0,
          invoiced: 0,
          paid: 0,
          open: 0,
          overdue: 0,
          requested: 0,
          educations: [],
        },
      }).handlers,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Für diesen Fahrschüler wurde noch nichts berechnet oder gezahlt.');
    await expect(canvas.getByTestId('balance-total')).toHaveTextContent('0,00 € (ausgeglichen)');
  },
};

/** The cost bearer record: its saldo over the invoices addressed to it. */
export const CostBearer: Story = {
  args: { studentId: undefined, costBearerId: 41 },
  parameters: { msw: { handlers: recordMandateCalls().handlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Saldo des Kostenträgers' });
    await expect(await canvas.findByTestId('balance-total')).toHaveTextContent(
      '-2450,00 € (offen)',
    );
    await expect(canvas.getByText('4800,00 €')).toBeInTheDocument();
    await expect(canvas.getByText('2350,00 €')).toBeInTheDocument();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

export const Loading: Story = {
  parameters: {
    msw: { handlers: [mandatesHandlers.balanceLoading, ...recordMandateCalls().handlers] },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('status');
  },
};

export const LoadError: Story = {
  parameters: {
    msw: { handlers: [mandatesHandlers.balanceError, ...recordMandateCalls().handlers] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Der Saldo konnte nicht geladen werden.');
    await expect(canvas.getByRole('button', { name: /erneut/i })).toBeInTheDocument();
  },
};

export const CostBearerLoadError: Story = {
  args: { studentId: undefined, costBearerId: 41 },
  parameters: {
    msw: { handlers: [mandatesHandlers.costBearerBalanceError, ...recordMandateCalls().handlers] },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Der Saldo konnte nicht geladen werden.');
  },
};
