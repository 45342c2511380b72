import { clearListFilters } from '@fahrwerk/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { pickerHandlers, studentHandlers } from './mocks/handlers';
import { StudentListScreen } from './student-list-screen';

/** Data arrives through msw; a busy machine needs more than the default second. */
const LOAD = { timeout: 30_000 };

const meta = {
  title: 'Features/Students/StudentListScreen',
  component: StudentListScreen,
  args: { onOpenStudent: fn(), onCreateStudent: fn() },
  // The list remembers its filter in the browser; every story starts without one.
  beforeEach: () => clearListFilters(),
  parameters: { msw: { handlers: [...pickerHandlers, studentHandlers.listFull] } },
} satisfies Meta<typeof StudentListScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByText('Schneider, Lena', {}, LOAD));
    await expect(args.onOpenStudent).toHaveBeenCalledWith(101);
    await userEvent.click(canvas.getByRole('button', { name: 'Neuer Schüler' }));
    await expect(args.onCreateStudent).toHaveBeenCalled();
  },
};

export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Becker, Marie', {}, LOAD);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Suche' }), 'Öztürk');
    await waitFor(() => expect(canvas.queryByText('Becker, Marie')).not.toBeInTheDocument());
    await expect(canvas.getByText('Öztürk, Jonas')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [...pickerHandlers, studentHandlers.listEmpty] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Noch keine Schüler angelegt.', undefined, LOAD);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [...pickerHandlers, studentHandlers.listLoading] } },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [...pickerHandlers, studentHandlers.listError] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('button', { name: /erneut/i }, LOAD);
  },
};

export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_CUSTOMERS'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Schneider, Lena', {}, LOAD);
    await expect(canvas.queryByRole('button', { name: 'Neuer Schüler' })).not.toBeInTheDocument();
  },
};
