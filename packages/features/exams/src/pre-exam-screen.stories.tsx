import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { preExamHandlers } from './mocks/handlers';
import { PreExamScreen } from './pre-exam-screen';

const meta = {
  title: 'Features/Exams/PreExamScreen',
  component: PreExamScreen,
  args: { studentId: 11, licenseClass: 'B' },
  parameters: { msw: { handlers: [preExamHandlers.full, preExamHandlers.detail] } },
} satisfies Meta<typeof PreExamScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Vorprüfungen Klasse B' });
    const table = within(await canvas.findByRole('table', { name: 'Vorprüfungen' }));
    await expect(table.getByText('Bestanden')).toBeInTheDocument();
    await expect(table.getByText('Nicht bestanden')).toBeInTheDocument();
    await expect(table.getByText('Nicht beendet')).toBeInTheDocument();
    // The A2 pre-exam belongs to another class.
    await expect(table.getAllByRole('row')).toHaveLength(4);
  },
};

/** A finished pre-exam's questions with the answers given, right and wrong marked. */
export const Questions: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Fragen ansehen (18.02.2026 17:40)' }),
    );
    await canvas.findByRole('heading', { name: 'Vorprüfung vom 18.02.2026 17:40' });
    await expect(canvas.getByText('15 Fehlerpunkte bei 3 Fragen')).toBeInTheDocument();
    const first = within(canvas.getByRole('listitem', { name: 'Frage 1' }));
    await expect(first.getByText('Richtig beantwortet')).toBeInTheDocument();
    const second = within(canvas.getByRole('listitem', { name: 'Frage 2' }));
    await expect(second.getByText('Falsch beantwortet')).toBeInTheDocument();
    await expect(second.getByText('Der Bus fährt sofort an').nextSibling).toHaveTextContent(
      '(gewählt)',
    );
    await expect(
      second.getByText('Kinder überqueren unachtsam die Fahrbahn').nextSibling,
    ).toHaveTextContent('(nicht gewählt, richtige Antwort)');
    const third = within(canvas.getByRole('listitem', { name: 'Frage 3' }));
    await expect(third.getByText('Eingegeben: 25 · Richtig: 40')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [preExamHandlers.empty] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Noch keine Vorprüfungen in Klasse B.', {});
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [preExamHandlers.loading] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByRole('status', {})).not.toHaveLength(0);
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [preExamHandlers.error] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Daten konnten nicht geladen werden.', {});
  },
};

/** The pre-exams are learning data of the student (MODULE_CUSTOMERS), read-only for everyone. */
export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_CUSTOMERS'] },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('table', { name: 'Vorprüfungen' });
  },
};
