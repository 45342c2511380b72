import { mockHttp } from '@fahrwerk/api/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { FIXTURE_TODAY, lookupHandlers, passedPracticalCutFixture } from './mocks/handlers';
import { ReportsScreen } from './reports-screen';
import { emptyStory, errorStory, fullStory, rowOf } from './testing/report-stories';

const meta = {
  title: 'Features/Reports/Training',
  component: ReportsScreen,
  args: { area: 'training', today: FIXTURE_TODAY },
  parameters: { msw: { handlers: { lookups: lookupHandlers, report: [] } } },
} satisfies Meta<typeof ReportsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Rate and first-attempt rate per class as grouped bars; per class, instructor, organisation. */
export const PracticalSuccessFull: Story = {
  ...fullStory('PRACTICAL_EXAM_SUCCESS_RATE', async (canvas) => {
    const classes = await canvas.findByRole('table', { name: 'Erfolgsquote je Klasse' });
    const b = rowOf(classes, 'B');
    for (const value of ['48', '42', '6', '2', '87,5 %', '40', '85 %']) {
      await expect(b).toHaveTextContent(value);
    }
    await expect(rowOf(classes, 'Gesamt')).toHaveTextContent('86,9 %');
    const instructors = canvas.getByRole('table', { name: 'Erfolgsquote je Fahrlehrer' });
    await expect(rowOf(instructors, 'Jonas Weber')).toBeInTheDocument();
    const organizations = canvas.getByRole('table', { name: 'Erfolgsquote je Prüforganisation' });
    await expect(rowOf(organizations, 'TÜV SÜD Berlin')).toBeInTheDocument();
    await expect(
      canvas.getByRole('img', { name: /Erfolgsquote und der Quote im Erstversuch/ }),
    ).toBeVisible();
  }),
};

export const PracticalSuccessEmpty: Story = { ...emptyStory('PRACTICAL_EXAM_SUCCESS_RATE') };

export const PracticalSuccessError: Story = {
  ...errorStory('PRACTICAL_EXAM_SUCCESS_RATE', 'Erfolgsquote je Klasse'),
};

/** Every passed practical exam: date, student, class, attempt, instructor; a chart per month. */
export const PassedPracticalFull: Story = {
  ...fullStory('SUCCESSFULLY_PASSED_PRACTICAL_EXAMS', async (canvas) => {
    const table = await canvas.findByRole('table', { name: 'Bestandene Prüfungen' });
    const lea = rowOf(table, '14.01.2026');
    for (const value of ['Lea Schulz', 'B', 'Erstversuch', 'Jonas Weber']) {
      await expect(lea).toHaveTextContent(value);
    }
    await expect(rowOf(table, '21.01.2026')).toHaveTextContent('2. Versuch');
    await expect(canvas.getByRole('img', { name: /bestandenen Prüfungen je Monat/ })).toBeVisible();
    await expect(canvas.queryByText(/Angezeigt werden die ersten/)).toBeNull();
  }),
};

export const PassedPracticalEmpty: Story = {
  ...emptyStory('SUCCESSFULLY_PASSED_PRACTICAL_EXAMS'),
};

export const PassedPracticalError: Story = {
  ...errorStory('SUCCESSFULLY_PASSED_PRACTICAL_EXAMS', 'Bestandene Prüfungen'),
};

/** More passed exams than the list carries: the screen says so and points to the export. */
export const PassedPracticalCut: Story = {
  args: { report: 'SUCCESSFULLY_PASSED_PRACTICAL_EXAMS' },
  parameters: {
    msw: {
      handlers: {
        report: [
          mockHttp.post('/reports/successfully-passed-practical-exams', ({ response }) =>
            response(200).json(passedPracticalCutFixture),
          ),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(
      'Angezeigt werden die ersten 10 von 12.345 bestandenen Prüfungen; Diagramm und Tabelle zählen nur diese. Der Export enthält alle.',
    );
    const total = canvas.getByText('Bestandene Prüfungen', { selector: 'dt' });
    await expect(total.closest('div')).toHaveTextContent('12.345');
  },
};

/** Median days per class with the middle half as error bars; every figure in the table. */
export const DurationFull: Story = {
  ...fullStory('EDUCATION_DURATION', async (canvas) => {
    const table = await canvas.findByRole('table', { name: 'Ausbildungsdauer je Klasse' });
    const b = rowOf(table, 'B');
    for (const value of ['48', '184,3', '171', '62', '412', '131', '228,5', '32,4']) {
      await expect(b).toHaveTextContent(value);
    }
    await expect(canvas.getByRole('img', { name: /mittlere Hälfte/ })).toBeVisible();
  }),
};

export const DurationEmpty: Story = { ...emptyStory('EDUCATION_DURATION') };

export const DurationError: Story = {
  ...errorStory('EDUCATION_DURATION', 'Ausbildungsdauer je Klasse'),
};
