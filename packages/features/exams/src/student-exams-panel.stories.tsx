import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { FIXTURE_TODAY, studentHandlers } from './mocks/handlers';
import { StudentExamsPanel } from './student-exams-panel';

const meta = {
  title: 'Features/Exams/StudentExamsPanel',
  component: StudentExamsPanel,
  args: { studentId: 11, today: FIXTURE_TODAY, examHref: (kind, id) => `#${kind}-${id}` },
  parameters: { msw: { handlers: [studentHandlers.full] } },
} satisfies Meta<typeof StudentExamsPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The theory exam passed on 20.03.2025: the practical exam must follow by 20.03.2026 — 19 days
 * from the fixture's today, warned. The class B exam application expired on 15.02.2026 (error);
 * the A2 one is far off (plain).
 */
export const DeadlineWarning: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Praktische Prüfung bis 20.03.2026 – noch 19 Tage', {});
    await expect(canvas.getByText('Prüfauftrag am 15.02.2026 abgelaufen')).toBeInTheDocument();
    await expect(canvas.getByText('Prüfauftrag gültig bis 30.09.2026')).toBeInTheDocument();
  },
};

export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const theory = within(
      (await canvas.findByRole('heading', { name: 'Theorieprüfungen' })).closest(
        'section',
      ) as HTMLElement,
    );
    await expect(theory.getByText('Bestanden')).toBeInTheDocument();
    await expect(theory.getByText('Nicht bestanden')).toBeInTheDocument();
    await expect(theory.getByRole('link', { name: '20.03.2025' })).toHaveAttribute(
      'href',
      '#theory-4',
    );
    const practical = within(
      canvas
        .getByRole('heading', { name: 'Praktische Prüfungen' })
        .closest('section') as HTMLElement,
    );
    await expect(practical.getByText('Geplant')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [studentHandlers.empty] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Noch keine Prüfungen.', {});
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [studentHandlers.loading] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByRole('status', {})).not.toHaveLength(0);
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [studentHandlers.error] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Daten konnten nicht geladen werden.', {});
  },
};

/** Reading needs no write permission: an instructor without MODULE_EXAM_WRITE sees the same. */
export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_CUSTOMERS'] },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Praktische Prüfung bis 20.03.2026 – noch 19 Tage', {});
  },
};
