import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { recordTheoryCalls, theoryHandlers } from './mocks/handlers';
import { UpcomingTheoryCoursesWidget } from './upcoming-theory-courses-widget';

const calls = recordTheoryCalls();

const meta = {
  title: 'Features/Theory/UpcomingTheoryCoursesWidget',
  component: UpcomingTheoryCoursesWidget,
  args: { onOpenCourse: fn() },
  parameters: { msw: { handlers: calls.handlers } },
} satisfies Meta<typeof UpcomingTheoryCoursesWidget>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Intensivkurs März' }));
    await waitFor(() => expect(args.onOpenCourse).toHaveBeenCalledWith(1));
    await expect(canvas.getByText('20 Plätze, 3 belegt')).toBeInTheDocument();
    // The evening course has all its places taken.
    await expect(canvas.getByText('Ausgebucht')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [theoryHandlers.upcomingEmpty, ...calls.handlers] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Keine Theoriekurse geplant.');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [theoryHandlers.upcomingLoading, ...calls.handlers] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByRole('status')).not.toHaveLength(0);
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [theoryHandlers.upcomingError, ...calls.handlers] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Kurse konnten nicht geladen werden.');
  },
};

/** Without a way to open a course (a read-only dashboard), the names are plain text. */
export const ReadOnly: Story = {
  args: { onOpenCourse: undefined },
  parameters: { permissions: ['MODULE_THEORY'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Intensivkurs März');
    await expect(canvas.queryByRole('button', { name: 'Intensivkurs März' })).toBeNull();
  },
};

/** A user without the theory module: nothing is shown and nothing is asked. */
export const WithoutTheoryModule: Story = {
  parameters: { permissions: ['MODULE_CUSTOMERS'] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.textContent).toBe('');
  },
};
