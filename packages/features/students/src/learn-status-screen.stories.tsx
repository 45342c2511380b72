import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LearnStatusScreen } from './learn-status-screen';
import { studentHandlers } from './mocks/handlers';

/** Data arrives through msw; a busy machine needs more than the default second. */
const LOAD = { timeout: 30_000 };

const meta = {
  title: 'Features/Students/LearnStatusScreen',
  component: LearnStatusScreen,
  args: { studentId: 101, onOpenStudent: fn(), onOpenLearningMode: fn(), onOpenTutor: fn() },
  parameters: {
    msw: { handlers: [studentHandlers.get, studentHandlers.educations, studentHandlers.driveBuzz] },
  },
} satisfies Meta<typeof LearnStatusScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('2025-04', undefined, LOAD);
    await userEvent.click(canvas.getByRole('switch', { name: 'Lern-App für diese Ausbildung' }));
    await within(document.body).findByText('Gespeichert.', undefined, LOAD);
  },
};

/** Each education leads into the learning mode and the question tutor. */
export const IntoTheLearningArea: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('2025-04', undefined, LOAD);
    const [mode] = canvas.getAllByRole('button', { name: /^Lernmodus der Ausbildung Klasse / });
    await userEvent.click(mode as HTMLElement);
    await expect(args.onOpenLearningMode).toHaveBeenCalledWith(expect.any(Number));
    const [tutor] = canvas.getAllByRole('button', {
      name: /^Fragentrainer der Ausbildung Klasse /,
    });
    await userEvent.click(tutor as HTMLElement);
    await expect(args.onOpenTutor).toHaveBeenCalledWith(expect.any(Number));
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [studentHandlers.get, studentHandlers.educationsEmpty] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Der Schüler hat keine Ausbildung.', undefined, LOAD);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [studentHandlers.getLoading, studentHandlers.educations] } },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [studentHandlers.getError, studentHandlers.educations] } },
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
    const toggle = await within(canvasElement).findByRole(
      'switch',
      {
        name: 'Lern-App für diese Ausbildung',
      },
      LOAD,
    );
    await expect(toggle).toBeDisabled();
  },
};
