import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { DocumentsInProcessingScreen } from './documents-in-processing-screen';
import { studentHandlers } from './mocks/handlers';

/** Data arrives through msw; a busy machine needs more than the default second. */
const LOAD = { timeout: 30_000 };

const meta = {
  title: 'Features/Students/DocumentsInProcessingScreen',
  component: DocumentsInProcessingScreen,
  parameters: { msw: { handlers: [studentHandlers.inbox, studentHandlers.visibleStudents] } },
} satisfies Meta<typeof DocumentsInProcessingScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole(
      'button',
      { name: 'Erste-Hilfe-Bescheinigung.jpg' },
      LOAD,
    );
  },
};

export const Attaches: Story = {
  parameters: {
    msw: {
      handlers: [studentHandlers.inbox, studentHandlers.visibleStudents, studentHandlers.attach],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [first] = await canvas.findAllByRole('button', { name: 'Zuordnen' }, LOAD);
    if (!first) throw new Error('no attach button');
    await userEvent.click(first);
    const dialog = await within(document.body).findByRole('dialog', undefined, LOAD);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zuordnen' }));
    await within(document.body).findByText(
      'Das Dokument wurde dem Schüler zugeordnet.',
      undefined,
      LOAD,
    );
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [studentHandlers.inboxEmpty] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(
      'Keine Dokumente warten auf Bearbeitung.',
      undefined,
      LOAD,
    );
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [studentHandlers.inboxLoading] } },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [studentHandlers.inboxError] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(
      'Die Dokumente in Bearbeitung konnten nicht geladen werden.',
      undefined,
      LOAD,
    );
  },
};

export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_CUSTOMERS'], msw: { handlers: [studentHandlers.inbox] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: 'Scan_2026-11-22.pdf' }, LOAD);
    await expect(canvas.queryByRole('button', { name: 'Zuordnen' })).not.toBeInTheDocument();
    await expect(canvas.queryByText('Dateien hochladen')).not.toBeInTheDocument();
  },
};
