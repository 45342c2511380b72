import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { FIXTURE_TODAY, lookupHandlers, reportHandlers } from './mocks/handlers';
import { ReportsScreen } from './reports-screen';
import { emptyStory, errorStory, fullStory, rowOf } from './testing/report-stories';

const meta = {
  title: 'Features/Reports/Finances',
  component: ReportsScreen,
  args: { area: 'finances', today: FIXTURE_TODAY },
  parameters: { msw: { handlers: { lookups: lookupHandlers, report: [] } } },
} satisfies Meta<typeof ReportsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Payments per month stacked by method; the table has the same sums in German money. */
export const PaymentsFull: Story = {
  ...fullStory('PAYMENTS_PER_DRIVING_SCHOOL', async (canvas) => {
    const table = await canvas.findByRole('table', {
      name: 'Zahlungseingänge je Monat und Zahlungsart',
    });
    const january = rowOf(table, 'Jan. 2026');
    await expect(january).toHaveTextContent('12345,50 €');
    await expect(january).toHaveTextContent('19005,50 €');
    await expect(rowOf(table, 'Apr. 2026')).toHaveTextContent('-99,00 €');
    await expect(rowOf(table, 'Gesamt')).toHaveTextContent('101213,00 €');
    await expect(
      canvas.getByRole('img', { name: /Zahlungseingänge je Monat nach Zahlungsart/ }),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { name: 'Finanzen', level: 1 })).toBeVisible();
    await expect(canvas.getByRole('tab', { name: 'Zahlungseingänge' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  }),
};

export const PaymentsEmpty: Story = { ...emptyStory('PAYMENTS_PER_DRIVING_SCHOOL') };

export const PaymentsError: Story = {
  ...errorStory('PAYMENTS_PER_DRIVING_SCHOOL', 'Zahlungseingänge je Monat und Zahlungsart'),
};

/** Opening and closing balance, receivables, credits and debtors; the months with the balance. */
export const BalanceFull: Story = {
  ...fullStory('BALANCE_PER_DRIVING_SCHOOL', async (canvas) => {
    const table = await canvas.findByRole('table', { name: 'Saldo je Monat' });
    const january = rowOf(table, 'Jan. 2026');
    await expect(january).toHaveTextContent('21500,00 €');
    await expect(january).toHaveTextContent('19005,50 €');
    await expect(january).toHaveTextContent('-14994,50 €');
    const opening = canvas.getByText('Anfangssaldo').closest('div') as HTMLElement;
    await expect(opening).toHaveTextContent('-12500,00 €');
    const debtors = canvas.getByText('Schuldner').closest('div') as HTMLElement;
    await expect(debtors).toHaveTextContent('57');
    await expect(canvas.getByRole('img', { name: /Saldos am Monatsende/ })).toBeInTheDocument();
  }),
};

export const BalanceEmpty: Story = { ...emptyStory('BALANCE_PER_DRIVING_SCHOOL') };

export const BalanceError: Story = {
  ...errorStory('BALANCE_PER_DRIVING_SCHOOL', 'Saldo je Monat'),
};

/** Gross per instructor as bars; lessons, minutes, exams, theory lessons, net and gross. */
export const SalesFull: Story = {
  ...fullStory('SALES_PER_INSTRUCTOR', async (canvas) => {
    const table = await canvas.findByRole('table', { name: 'Umsatz je Fahrlehrer' });
    const weber = rowOf(table, 'Jonas Weber');
    for (const value of ['312', '14.040', '24', '36', '23450,00 €', '27905,50 €']) {
      await expect(weber).toHaveTextContent(value);
    }
    await expect(rowOf(table, 'Gesamt')).toHaveTextContent('63486,50 €');
    await expect(canvas.getByRole('img', { name: /Bruttoumsatzes je Fahrlehrer/ })).toBeVisible();
  }),
};

export const SalesEmpty: Story = { ...emptyStory('SALES_PER_INSTRUCTOR') };

export const SalesError: Story = {
  ...errorStory('SALES_PER_INSTRUCTOR', 'Umsatz je Fahrlehrer'),
};

/** Payments belong to no instructor: with one chosen, the report says it does not apply. */
export const InstructorNotApplied: Story = {
  args: {
    report: 'PAYMENTS_PER_DRIVING_SCHOOL',
    filter: {
      preset: 'thisYear',
      from: '2026-01-01',
      to: '2026-12-31',
      branchId: null,
      instructorId: 3,
      licenseClass: null,
    },
  },
  parameters: {
    msw: { handlers: { report: [reportHandlers('PAYMENTS_PER_DRIVING_SCHOOL').full] } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: 'Zahlungseingänge je Monat und Zahlungsart' });
    await expect(
      canvas.getByText(/berücksichtigt den gewählten Fahrlehrer nicht/),
    ).toBeInTheDocument();
  },
};
