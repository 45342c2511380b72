import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { FIXTURE_TODAY, lookupHandlers } from './mocks/handlers';
import { ReportsScreen } from './reports-screen';
import { emptyStory, errorStory, fullStory, rowOf } from './testing/report-stories';

const meta = {
  title: 'Features/Reports/Learn',
  component: ReportsScreen,
  args: { area: 'learn', today: FIXTURE_TODAY },
  parameters: { msw: { handlers: { lookups: lookupHandlers, report: [] } } },
} satisfies Meta<typeof ReportsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TheorySuccessFull: Story = {
  ...fullStory('THEORY_EXAM_SUCCESS_RATE', async (canvas) => {
    await expect(canvas.getByRole('heading', { name: 'Lernen', level: 1 })).toBeVisible();
    const classes = await canvas.findByRole('table', { name: 'Erfolgsquote je Klasse' });
    const b = rowOf(classes, 'B');
    await expect(b).toHaveTextContent('75 %');
    await expect(b).toHaveTextContent('78,9 %');
    const rate = canvas.getByText('Erfolgsquote', { selector: 'dt' });
    await expect(rate.closest('div')).toHaveTextContent('75,3 %');
  }),
};

export const TheorySuccessEmpty: Story = { ...emptyStory('THEORY_EXAM_SUCCESS_RATE') };

export const TheorySuccessError: Story = {
  ...errorStory('THEORY_EXAM_SUCCESS_RATE', 'Erfolgsquote je Klasse'),
};

/** Passed theory exams have no instructor: the column is left out. */
export const PassedTheoryFull: Story = {
  ...fullStory('SUCCESSFULLY_PASSED_THEORY_EXAMS', async (canvas) => {
    const table = await canvas.findByRole('table', { name: 'Bestandene Prüfungen' });
    await expect(rowOf(table, '10.02.2026')).toHaveTextContent('Ben Fischer');
    await expect(rowOf(table, '24.02.2026')).toHaveTextContent('2. Versuch');
    await expect(within(table).queryByRole('columnheader', { name: 'Fahrlehrer' })).toBeNull();
  }),
};

export const PassedTheoryEmpty: Story = { ...emptyStory('SUCCESSFULLY_PASSED_THEORY_EXAMS') };

export const PassedTheoryError: Story = {
  ...errorStory('SUCCESSFULLY_PASSED_THEORY_EXAMS', 'Bestandene Prüfungen'),
};
