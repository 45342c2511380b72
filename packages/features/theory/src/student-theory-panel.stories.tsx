import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { recordTheoryCalls, theoryHandlers } from './mocks/handlers';
import { StudentTheoryPanel } from './student-theory-panel';

const calls = recordTheoryCalls();

const meta = {
  title: 'Features/Theory/StudentTheoryPanel',
  component: StudentTheoryPanel,
  args: { studentId: 11 },
  parameters: { msw: { handlers: calls.handlers } },
} satisfies Meta<typeof StudentTheoryPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Lena: class B half-way (8 of 12 basic, 1 of 2 additional), class BE complete. */
export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const classB = within(await canvas.findByRole('region', { name: 'Klasse B' }));
    await classB.findByText('Grundstoff: 8 von 12');
    await expect(classB.getByText('Zusatzstoff: 1 von 2')).toBeInTheDocument();
    await expect(classB.getByText('Lektion 8: fehlt')).toBeInTheDocument();
    await expect(classB.getByText('Lektion 9: besucht')).toBeInTheDocument();
    await expect(
      classB.getByText('Vor der Theorieprüfung fehlen noch 5 Doppelstunden.'),
    ).toBeInTheDocument();
    const classBE = within(await canvas.findByRole('region', { name: 'Klasse BE' }));
    await classBE.findByText('Theorie vollständig – bereit für die Theorieprüfung.');
    await expect(
      classBE.getByText('Grundstoff: Für diese Klasse nicht vorgeschrieben.'),
    ).toBeInTheDocument();
  },
};

/** Only the education given. */
export const OneEducation: Story = {
  args: { studentEducationId: 112 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('region', { name: 'Klasse BE' });
    await expect(canvas.queryByRole('region', { name: 'Klasse B' })).toBeNull();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [theoryHandlers.educationsEmpty, ...calls.handlers] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Der Fahrschüler hat keine aktive Ausbildung.');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [theoryHandlers.educationsLoading, ...calls.handlers] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByRole('status')).not.toHaveLength(0);
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [theoryHandlers.progressError, ...calls.handlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // One failure per education (B and BE); the second may answer a moment later.
    await waitFor(() =>
      expect(canvas.getAllByText('Der Theoriestand konnte nicht geladen werden.')).toHaveLength(2),
    );
  },
};

/** The panel reads only; a read-only role sees the same. */
export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_THEORY'] },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Grundstoff: 8 von 12');
  },
};

export const InEnglish: Story = {
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Basic syllabus: 8 of 12');
    await expect(
      canvas.getByText('5 double lessons are still missing before the theory exam.'),
    ).toBeInTheDocument();
  },
};

/** A student record seen without the theory module leaves the panel out. */
export const WithoutTheoryModule: Story = {
  parameters: { permissions: ['MODULE_CUSTOMERS'] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.textContent).toBe('');
  },
};
