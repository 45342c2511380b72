import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { EducationEventsScreen } from './education-events-screen';
import { studentHandlers } from './mocks/handlers';

/** Data arrives through msw; a busy machine needs more than the default second. */
const LOAD = { timeout: 30_000 };

const meta = {
  title: 'Features/Students/EducationEventsScreen',
  component: EducationEventsScreen,
  args: { studentId: 101, onOpenStudent: fn() },
  parameters: {
    msw: {
      handlers: [
        studentHandlers.get,
        studentHandlers.events,
        studentHandlers.notes,
        studentHandlers.educations,
      ],
    },
  },
} satisfies Meta<typeof EducationEventsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Theorieprüfung bestanden', undefined, LOAD);
    await expect(canvas.getByText('Notiz von Aylin Demir')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [
        studentHandlers.get,
        studentHandlers.eventsEmpty,
        studentHandlers.notesEmpty,
        studentHandlers.educationsEmpty,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Noch keine Einträge.', undefined, LOAD);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [studentHandlers.getLoading] } },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [studentHandlers.getError] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(
      'Der Schüler konnte nicht geladen werden.',
      undefined,
      LOAD,
    );
  },
};

export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_CUSTOMERS'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Theorieprüfung bestanden', undefined, LOAD);
    await expect(
      canvas.queryByRole('button', { name: 'Notiz hinzufügen' }),
    ).not.toBeInTheDocument();
  },
};
