import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { StudentEducation } from './api/student-queries';
import { LearningAppScreen } from './learning-app-screen';
import { educations, studentHandlers } from './mocks/handlers';

/** Data arrives through msw; a busy machine needs more than the default second. */
const LOAD = { timeout: 30_000 };

/** Class B learns (120 of 1,100 answered), class AM has no access yet. */
const stats = mockHttp.get('/student-question-answers/stats-for-fsc', ({ query, response }) => {
  const id = Number(query.get('studentEducationId'));
  return response(200).json({
    studentEducationId: id,
    questionCount: 1100,
    answeredCount: id === 201 ? 120 : 0,
    correctCount: id === 201 ? 96 : 0,
    wrongCount: id === 201 ? 24 : 0,
    progress: id === 201 ? 8.7 : 0,
    preExamCount: id === 201 ? 3 : 0,
    preExamsPassed: id === 201 ? 1 : 0,
    ...(id === 201 ? { lastActivityAt: '2026-11-24T18:30:00Z' } : {}),
  });
});

const meta = {
  title: 'Features/Students/LearningAppScreen',
  component: LearningAppScreen,
  args: { studentId: 101, onOpenStudent: fn(), onOpenLearningMode: fn() },
  parameters: {
    msw: {
      handlers: [studentHandlers.get, studentHandlers.educations, studentHandlers.driveBuzz, stats],
    },
  },
} satisfies Meta<typeof LearningAppScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Per education: status, progress, pre-exams, last activity; the access switch saves. */
export const Full: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Lernt', undefined, LOAD);
    await canvas.findByText('120 von 1100 Fragen bearbeitet, 96 richtig (9 %)');
    await expect(canvas.getByText('1 von 3 bestanden')).toBeVisible();
    await expect(canvas.getByText('24.11.2026')).toBeVisible();
    await userEvent.click(canvas.getByRole('switch', { name: 'Lern-App für diese Ausbildung' }));
    await within(document.body).findByText('Vorgang erfolgreich.', undefined, LOAD);
    const [mode] = canvas.getAllByRole('button', { name: 'Lernmodus' });
    await userEvent.click(mode as HTMLElement);
    await expect(args.onOpenLearningMode).toHaveBeenCalledWith(201);
  },
};

/** Without MODULE_CUSTOMERS_WRITE the access cannot be switched. */
export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_CUSTOMERS'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Lernt', undefined, LOAD);
    for (const toggle of canvas.getAllByRole('switch')) await expect(toggle).toBeDisabled();
  },
};

/** The progress fails on its own; the rest stays usable. */
export const StatsFail: Story = {
  parameters: {
    msw: {
      handlers: [
        studentHandlers.get,
        studentHandlers.educations,
        mockHttp.get('/student-question-answers/stats-for-fsc', ({ response }) =>
          response(500).json(errorBody('errors.internal')),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Der Lernfortschritt konnte nicht geladen werden.', undefined, LOAD);
    await expect(canvas.getByText('Freigeschaltet – noch nicht begonnen')).toBeVisible();
    await expect(canvas.getByRole('switch')).toBeEnabled();
  },
};

/** An education without access, and one finished (its switch is off limits). */
export const NotEnabledAndFinished: Story = {
  parameters: {
    msw: {
      handlers: [
        studentHandlers.get,
        mockHttp.get('/student-educations/student/{studentId}', ({ response }) =>
          response(200).json([
            { ...educations[0], driveBuzzEnabled: false } as StudentEducation,
            { ...educations[0], id: 203, licenseClass: 'A', finished: true } as StudentEducation,
          ]),
        ),
        stats,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Nicht freigeschaltet', undefined, LOAD);
    await expect(canvas.getByText('Ausbildung abgeschlossen')).toBeVisible();
    const [first, second] = canvas.getAllByRole('switch');
    await expect(first).toBeEnabled();
    await expect(second).toBeDisabled();
  },
};

export const NoEducation: Story = {
  parameters: { msw: { handlers: [studentHandlers.get, studentHandlers.educationsEmpty, stats] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Der Schüler hat keine Ausbildung.', undefined, LOAD);
  },
};
