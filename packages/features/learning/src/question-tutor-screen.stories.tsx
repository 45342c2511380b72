import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { learningHandlers, recordLearningCalls, studentHandlers } from './mocks/handlers';
import { QuestionTutorScreen } from './question-tutor-screen';

const calls = recordLearningCalls();

const meta = {
  title: 'Features/Learning/QuestionTutorScreen',
  component: QuestionTutorScreen,
  args: { onStudentEducationChange: fn(), onOpenLearningMode: fn() },
  beforeEach: () => calls.reset(),
  parameters: { msw: { handlers: calls.handlers } },
} satisfies Meta<typeof QuestionTutorScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The section of Lena's four weak questions, once it shows. */
async function weakList(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const section = (
    await canvas.findByRole('heading', { name: '4 falsch beantwortete Fragen' })
  ).closest('section') as HTMLElement;
  return within(section);
}

/** Nobody chosen yet: the way to a student (only the picker asks the server). */
export const NoStudentChosen: Story = {
  parameters: { msw: { handlers: studentHandlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Fragentrainer', level: 1 });
    await canvas.findByText('Wählen Sie einen Fahrschüler und eine seiner Ausbildungen.');
  },
};

/**
 * The weak questions, costliest first: each with what Lena ticked last time beside the
 * solution and the explanation; below, the last 14 learning days.
 */
export const WeakQuestions: Story = {
  args: { studentEducationId: 301 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const list = await weakList(canvasElement);
    // 5 points, then 4, then 3 points twice: the one wrong twice first.
    const headings = await list.findAllByRole('heading', { level: 3 });
    await expect(headings.map((h) => h.querySelector('span')?.textContent)).toEqual([
      'Frage 1.2.08-001',
      'Frage 1.2.08-002',
      'Frage 1.2.04-001',
      'Frage 1.2.04-002',
    ]);
    await expect(headings[0]).toHaveTextContent('5 Fehlerpunkte · 1× falsch · 1.2.08 Vorfahrt');
    await expect(headings[2]).toHaveTextContent('3 Fehlerpunkte · 2× falsch · 1.2.04 Abstand');
    const first = within(headings[0]?.closest('li') as HTMLElement);
    await first.findByText(
      'Sie kommen an eine Kreuzung ohne Verkehrszeichen und ohne Ampel. Wer hat Vorfahrt?',
    );
    const ticked = await first.findByRole('list', { name: 'Zuletzt angekreuzt' });
    await within(ticked).findByText('Wer geradeaus fährt');
    await expect(within(ticked).queryByText('Wer von rechts kommt')).toBeNull();
    await within(ticked).findByText('Nicht angekreuzt: Wer von rechts kommt');
    const solution = first.getByRole('list', { name: 'Lösung' });
    await within(solution).findByText('Wer von rechts kommt');
    await first.findByText(/rechts vor links/);
    await first.findByText('Am 20.11.2026 17:40 Uhr');
    const second = within(headings[1]?.closest('li') as HTMLElement);
    await second.findByText('Zu dieser Frage gibt es noch keine Erklärung.');
    // One correct answer ticked, the other missed: both said.
    await second.findByText(
      'Nicht angekreuzt: Ich fahre erst weiter, wenn ich niemanden gefährde oder behindere',
    );

    // The metrics: 14 of the 16 active days, newest first.
    const table = within(await canvas.findByRole('table', { name: 'Die letzten 14 Lerntage' }));
    const rows = await table.findAllByRole('row');
    await expect(rows).toHaveLength(15);
    await expect(within(rows[1] as HTMLElement).getByRole('rowheader')).toHaveTextContent(
      '20.11.2026',
    );
    await expect(within(rows[14] as HTMLElement).getByRole('rowheader')).toHaveTextContent(
      '31.10.2026',
    );
    await expect(table.queryByText('29.10.2026')).toBeNull();
    await canvas.findByText(/an 16 Lerntagen/);

    await userEvent.click(canvas.getByRole('button', { name: 'Zum Lernmodus' }));
    await expect(args.onOpenLearningMode).toHaveBeenCalledWith(301);
  },
};

/** Every last answer right. */
export const NoWeakQuestions: Story = {
  args: { studentEducationId: 301 },
  parameters: { msw: { handlers: [learningHandlers.modeAllRight, ...calls.handlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Keine falsch beantworteten Fragen – gut gemacht!');
    await expect(
      canvas.queryByRole('button', { name: 'Mit dem Fahrschüler durchgehen' }),
    ).toBeNull();
  },
};

/**
 * "Mit dem Fahrschüler durchgehen": the weak questions one by one with the learning mode's
 * card; a question answered right leaves the list but not the walk.
 */
export const Walkthrough: Story = {
  args: { studentEducationId: 301 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await weakList(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Mit dem Fahrschüler durchgehen' }));
    await canvas.findByText(/Frage 1 von 4/);
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Wer von rechts kommt' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Antwort prüfen' }));
    await canvas.findByText('Richtig beantwortet');
    await expect(calls.answers[0]).toMatchObject({
      theoryQuestionId: 1005,
      chosenAnswerIds: [10051],
    });
    await userEvent.click(canvas.getByRole('button', { name: 'Nächste Frage' }));
    await canvas.findByText(/Frage 2 von 4/);
    await canvas.findByText('Wie verhalten Sie sich an „Vorfahrt gewähren!“?');
    await userEvent.click(
      await canvas.findByRole('checkbox', { name: 'Ich muss in jedem Fall anhalten' }),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Antwort prüfen' }));
    await canvas.findByText('Leider falsch');
    await userEvent.click(canvas.getByRole('button', { name: 'Durchgang beenden' }));
    // 1.2.08-001 was answered right: three remain.
    await canvas.findByRole('heading', { name: '3 falsch beantwortete Fragen' });
    await waitFor(() => expect(canvas.queryByText('Frage 1.2.08-001')).toBeNull());
  },
};

/** To the end of the walk and back to the list. */
export const WalkthroughToTheEnd: Story = {
  args: { studentEducationId: 301 },
  parameters: { permissions: ['MODULE_CUSTOMERS'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await weakList(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Mit dem Fahrschüler durchgehen' }));
    for (const position of [1, 2, 3, 4]) {
      await canvas.findByText(new RegExp(`Frage ${position} von 4`));
      await expect(canvas.queryByRole('button', { name: 'Antwort prüfen' })).toBeNull();
      await userEvent.click(await canvas.findByRole('button', { name: 'Lösung anzeigen' }));
      await canvas.findByRole('heading', { name: 'Erklärung' });
      await userEvent.click(
        canvas.getByRole('button', {
          name: position < 4 ? 'Nächste Frage' : 'Durchgang abschließen',
        }),
      );
    }
    await canvas.findByText('Alle Fragen durchgegangen');
    await userEvent.click(canvas.getByRole('button', { name: 'Zurück zur Übersicht' }));
    await weakList(canvasElement);
    await expect(calls.answers).toHaveLength(0);
  },
};

export const Loading: Story = {
  args: { studentEducationId: 301 },
  parameters: { msw: { handlers: [learningHandlers.modeLoading, ...calls.handlers] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Lerndaten werden geladen …');
  },
};

export const LoadError: Story = {
  args: { studentEducationId: 301 },
  parameters: { msw: { handlers: [learningHandlers.modeDown, ...calls.handlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Die Lerndaten konnten nicht geladen werden.');
    await expect(canvas.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
  },
};

export const NoQuestions: Story = {
  args: { studentEducationId: 301 },
  parameters: { msw: { handlers: [learningHandlers.modeEmpty, ...calls.handlers] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(
      'Für diese Klasse und Fragenversion sind keine Fragen vorhanden.',
    );
  },
};

/** The metrics fail alone: the rest stays, the table offers a retry. */
export const MetricsError: Story = {
  args: { studentEducationId: 301 },
  parameters: { msw: { handlers: [learningHandlers.metricsDown, ...calls.handlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Die Lernzeit konnte nicht geladen werden.');
    await weakList(canvasElement);
  },
};

export const Forbidden: Story = {
  args: { studentEducationId: 301 },
  parameters: { permissions: ['MODULE_TASK'], msw: { handlers: [] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(
      /Dafür benötigen Sie die Berechtigung für Fahrschüler\./,
    );
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { studentEducationId: 301 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Question tutor', level: 1 });
    await canvas.findByRole('heading', { name: '4 wrongly answered questions' });
    await canvas.findByRole('button', { name: 'Go through them with the student' });
    await canvas.findByRole('table', { name: 'The last 14 days of learning' });
  },
};
