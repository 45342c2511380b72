import { pageBody } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { LearningModeScreen } from './learning-mode-screen';
import { learningHandlers, recordLearningCalls, studentHandlers } from './mocks/handlers';
import { chooseOption } from './testing/choose-option';

const calls = recordLearningCalls();

const meta = {
  title: 'Features/Learning/LearningModeScreen',
  component: LearningModeScreen,
  args: { onStudentEducationChange: fn(), onOpenTutor: fn() },
  beforeEach: () => calls.reset(),
  parameters: { msw: { handlers: calls.handlers } },
} satisfies Meta<typeof LearningModeScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens a chapter of Lena's class B education by its official number and name. */
async function openChapter(canvasElement: HTMLElement, name: string) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: `${name} durchgehen` }));
  return canvas;
}

/** Nobody chosen yet: the way to a student (only the picker asks the server). */
export const NoStudentChosen: Story = {
  parameters: { msw: { handlers: studentHandlers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Lernmodus', level: 1 });
    await canvas.findByText('Wählen Sie einen Fahrschüler und eine seiner Ausbildungen.');
    await expect(canvas.getByRole('combobox', { name: 'Fahrschüler' })).toBeInTheDocument();
  },
};

/** A student by name, then one of the two educations: the host hears of it. */
export const ChooseStudentAndEducation: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('combobox', { name: 'Fahrschüler' }));
    await userEvent.paste('Lena');
    await userEvent.click(await pageBody().findByRole('option', { name: 'Lena Neumann' }));
    await chooseOption(() => canvas.findByRole('button', { name: /Ausbildung/ }), 'Klasse B');
    await waitFor(() => expect(args.onStudentEducationChange).toHaveBeenLastCalledWith(301));
    await canvas.findByRole('button', { name: '1.2.08 Vorfahrt durchgehen' });
  },
};

/** A student with one education gets it at once. */
export const OneEducationChosenAtOnce: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('combobox', { name: 'Fahrschüler' }));
    await userEvent.paste('Jonas');
    await userEvent.click(await pageBody().findByRole('option', { name: 'Jonas Becker' }));
    await waitFor(() => expect(args.onStudentEducationChange).toHaveBeenLastCalledWith(303));
    await canvas.findByRole('button', { name: '1.1.09 Alkohol, Drogen, Medikamente durchgehen' });
  },
};

/** Opened from the student record (`?studentEducationId=301`): status and chapters. */
export const Overview: Story = {
  args: { studentEducationId: 301 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await waitFor(() =>
      expect(canvas.getByRole('combobox', { name: 'Fahrschüler' })).toHaveValue('Lena Neumann'),
    );
    await canvas.findByText('2025-10');
    await canvas.findByText('16,7 %');
    await canvas.findByText('2 (1 bestanden)');
    const progress = await canvas.findByRole('progressbar', { name: 'Lernfortschritt' });
    await expect(progress).toHaveAttribute('aria-valuenow', '1');
    await canvas.findByRole('progressbar', { name: 'Fortschritt in 1.2.08 Vorfahrt' });
    await expect(await canvas.findAllByText('0 von 2 richtig · 2 falsch')).toHaveLength(2);
    await canvas.findByText('1 von 2 richtig');
    await userEvent.click(canvas.getByRole('button', { name: 'Zum Fragentrainer' }));
    await expect(args.onOpenTutor).toHaveBeenCalledWith(301);
  },
};

/** The right answer: judged right, recorded, and the chapter's count goes up. */
export const AnswerRight: Story = {
  args: { studentEducationId: 301 },
  play: async ({ canvasElement }) => {
    const canvas = await openChapter(canvasElement, '1.2.08 Vorfahrt');
    await canvas.findByText(
      'Sie kommen an eine Kreuzung ohne Verkehrszeichen und ohne Ampel. Wer hat Vorfahrt?',
    );
    await canvas.findByText('5 Fehlerpunkte');
    await canvas.findByText(/Frage 1 von 2/);
    await expect(canvas.getByRole('group', { name: 'Antworten' })).toHaveAccessibleDescription(
      'Mehrere Antworten können richtig sein.',
    );
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Wer von rechts kommt' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Antwort prüfen' }));
    await canvas.findByText('Richtig beantwortet');
    await expect(calls.answers).toHaveLength(1);
    await expect(calls.answers[0]).toMatchObject({
      theoryQuestionId: 1005,
      studentEducationId: 301,
      chosenAnswerIds: [10051],
    });
    await canvas.findByText(/rechts vor links/);
    // The learning status follows: one more correct.
    await waitFor(() =>
      expect(canvas.getByRole('progressbar', { name: 'Lernfortschritt' })).toHaveAttribute(
        'aria-valuenow',
        '2',
      ),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Nächste Frage' }));
    await canvas.findByText('Wie verhalten Sie sich an „Vorfahrt gewähren!“?');
    await canvas.findByText(/Frage 2 von 2/);
    await userEvent.click(canvas.getByRole('button', { name: 'Zur Kapitelübersicht' }));
    await canvas.findByText('1 von 2 richtig · 1 falsch');
  },
};

/** A wrong answer: said so with icon and text, the correct answers marked, the explanation. */
export const AnswerWrong: Story = {
  args: { studentEducationId: 301 },
  play: async ({ canvasElement }) => {
    const canvas = await openChapter(canvasElement, '1.2.08 Vorfahrt');
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Wer geradeaus fährt' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Antwort prüfen' }));
    await canvas.findByText('Leider falsch');
    await canvas.findByRole('checkbox', { name: /Wer geradeaus fährt.*falsch angekreuzt/ });
    await canvas.findByRole('checkbox', {
      name: /Wer von rechts kommt.*richtige Antwort, nicht angekreuzt/,
    });
    await expect(
      canvas.getByRole('checkbox', { name: 'Das größere Fahrzeug' }),
    ).toBeInTheDocument();
    await canvas.findByRole('heading', { name: 'Erklärung' });
    await canvas.findByText(/Wer von rechts kommt, hat Vorfahrt – auch gegenüber größeren/);
    await expect(calls.answers[0]).toMatchObject({ chosenAnswerIds: [10052] });
  },
};

/**
 * "Frage suchen": by (part of) the official number; the question opens with its explanation,
 * which MODULE_THEORY_WRITE writes, changes and deletes. The last searches stay at hand, the
 * same term twice in a row once.
 */
export const SearchAndExplain: Story = {
  args: { studentEducationId: 301 },
  beforeEach: () => sessionStorage.removeItem('fahrwerk.learning.explanationSearch'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const search = within(
      (await canvas.findByRole('searchbox', { name: 'Amtliche Nummer' })).closest(
        'search',
      ) as HTMLElement,
    );
    await expect(search.getByRole('button', { name: 'Suchen' })).toBeVisible();
    await userEvent.type(
      search.getByRole('searchbox', { name: 'Amtliche Nummer' }),
      '1.2.0{Enter}',
    );
    await canvas.findByText('4 Fragen gefunden');
    await userEvent.clear(search.getByRole('searchbox', { name: 'Amtliche Nummer' }));
    await userEvent.type(search.getByRole('searchbox', { name: 'Amtliche Nummer' }), '-002{Enter}');
    await userEvent.click(search.getByRole('button', { name: 'Suchen' }));
    await canvas.findByText('2 Fragen gefunden');
    const recent = within(canvas.getByRole('list', { name: 'Zuletzt gesucht:' }));
    await expect(recent.getAllByRole('button').map((b) => b.textContent)).toEqual([
      '-002',
      '1.2.0',
    ]);
    await userEvent.click(
      within(canvas.getByRole('list', { name: 'Gefundene Fragen' })).getByRole('button', {
        name: /^1\.2\.08-002/,
      }),
    );
    await canvas.findByText('Wie verhalten Sie sich an „Vorfahrt gewähren!“?');
    await canvas.findByText('Zu dieser Frage gibt es noch keine Erklärung.');
    await userEvent.click(canvas.getByRole('button', { name: 'Erklärung schreiben' }));
    const editor = within(
      await canvas.findByRole('form', { name: 'Erklärung zu Frage 1.2.08-002' }),
    );
    await userEvent.click(editor.getByRole('button', { name: 'Erklärung speichern' }));
    await editor.findByText('Bitte geben Sie eine Erklärung ein.');
    await userEvent.type(
      editor.getByRole('textbox', { name: 'Erklärung' }),
      'Wartepflicht: durchfahren lassen.{Enter}Anhalten nur, wenn nötig.',
    );
    await userEvent.click(editor.getByRole('button', { name: 'Erklärung speichern' }));
    await canvas.findByRole('button', { name: 'Erklärung bearbeiten' });
    await expect(
      canvas.getByText(/Wartepflicht: durchfahren lassen\.\s+Anhalten nur, wenn nötig\./),
    ).toHaveClass('whitespace-pre-line');
    await expect(calls.explanations).toEqual([
      {
        officialNumber: '1.2.08-002',
        text: 'Wartepflicht: durchfahren lassen.\nAnhalten nur, wenn nötig.',
      },
    ]);
    await userEvent.click(canvas.getByRole('button', { name: 'Erklärung bearbeiten' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Erklärung löschen' }));
    await userEvent.click(
      within(await pageBody().findByRole('alertdialog')).getByRole('button', {
        name: 'Erklärung löschen',
      }),
    );
    await canvas.findByText('Zu dieser Frage gibt es noch keine Erklärung.');
    await expect(calls.explanations.at(-1)).toEqual({ officialNumber: '1.2.08-002', text: null });
  },
};

/** Without MODULE_THEORY_WRITE the explanation is only read. */
export const ExplanationReadOnly: Story = {
  args: { studentEducationId: 301 },
  parameters: { permissions: ['MODULE_CUSTOMERS', 'MODULE_CUSTOMERS_WRITE'] },
  play: async ({ canvasElement }) => {
    const canvas = await openChapter(canvasElement, '1.2.08 Vorfahrt');
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Wer von rechts kommt' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Antwort prüfen' }));
    await canvas.findByText(/Wer von rechts kommt, hat Vorfahrt/);
    await expect(canvas.queryByRole('button', { name: 'Erklärung bearbeiten' })).toBeNull();
  },
};

/** A question the school has not explained yet. */
export const NoExplanationYet: Story = {
  args: { studentEducationId: 301 },
  play: async ({ canvasElement }) => {
    const canvas = await openChapter(canvasElement, '1.2.08 Vorfahrt');
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Wer von rechts kommt' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Antwort prüfen' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Nächste Frage' }));
    await userEvent.click(
      await canvas.findByRole('checkbox', {
        name: 'Ich lasse den Verkehr auf der Vorfahrtstraße zuerst fahren',
      }),
    );
    await userEvent.click(
      canvas.getByRole('checkbox', {
        name: 'Ich fahre erst weiter, wenn ich niemanden gefährde oder behindere',
      }),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Antwort prüfen' }));
    await canvas.findByText('Richtig beantwortet');
    await canvas.findByText('Zu dieser Frage gibt es noch keine Erklärung.');
    await userEvent.click(canvas.getByRole('button', { name: 'Kapitel abschließen' }));
    await canvas.findByText('Kapitel durchgearbeitet');
    await canvas.findByText('2 von 2 richtig');
  },
};

/** The number question: "0,5" with a comma is right; a unit is refused before sending. */
export const NumberQuestion: Story = {
  args: { studentEducationId: 301 },
  play: async ({ canvasElement }) => {
    const canvas = await openChapter(canvasElement, '1.1.09 Alkohol, Drogen, Medikamente');
    const field = await canvas.findByRole('textbox', { name: 'Promille' });
    await userEvent.type(field, '0,5 ‰');
    await userEvent.click(canvas.getByRole('button', { name: 'Antwort prüfen' }));
    await canvas.findByText(/Bitte geben Sie eine Zahl ein, z\. B\. 0,5/);
    await expect(calls.answers).toHaveLength(0);
    await userEvent.clear(field);
    await userEvent.type(field, '0,5');
    await userEvent.click(canvas.getByRole('button', { name: 'Antwort prüfen' }));
    await canvas.findByText('Richtig beantwortet');
    await canvas.findByText('Richtige Antwort: 0,5');
    await expect(calls.answers[0]).toMatchObject({ theoryQuestionId: 1001, numericValue: '0,5' });
    await expect(calls.answers[0]).not.toHaveProperty('chosenAnswerIds');
    await canvas.findByText(/In der Probezeit und vor dem 21\. Geburtstag gilt 0,0 Promille\./);
  },
};

/** A wrong number: what was entered beside the expected one. */
export const NumberQuestionWrong: Story = {
  args: { studentEducationId: 301 },
  play: async ({ canvasElement }) => {
    const canvas = await openChapter(canvasElement, '1.1.09 Alkohol, Drogen, Medikamente');
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Promille' }), '0.8');
    await userEvent.click(canvas.getByRole('button', { name: 'Antwort prüfen' }));
    await canvas.findByText('Leider falsch');
    await canvas.findByText('Eingegeben: 0.8 · Richtige Antwort: 0,5');
  },
};

/** The server refuses the answer: its German message in the question. */
export const AnswerRefused: Story = {
  args: { studentEducationId: 301 },
  parameters: { msw: { handlers: [learningHandlers.answerRefused, ...calls.handlers] } },
  play: async ({ canvasElement }) => {
    const canvas = await openChapter(canvasElement, '1.2.08 Vorfahrt');
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Wer von rechts kommt' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Antwort prüfen' }));
    await canvas.findByText('Antworten: Der gewählte Eintrag existiert nicht.');
    await expect(canvas.queryByText('Richtig beantwortet')).toBeNull();
  },
};

/** MODULE_CUSTOMERS without _WRITE: questions and solutions, nothing recorded, no reset. */
export const ReadOnly: Story = {
  args: { studentEducationId: 301 },
  parameters: { permissions: ['MODULE_CUSTOMERS'] },
  play: async ({ canvasElement }) => {
    const canvas = await openChapter(canvasElement, '1.2.08 Vorfahrt');
    await canvas.findByText(
      'Sie können Fragen und Lösungen ansehen, aber keine Antworten speichern.',
    );
    await expect(canvas.queryByRole('button', { name: 'Antworten zurücksetzen' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Antwort prüfen' })).toBeNull();
    await userEvent.click(await canvas.findByRole('button', { name: 'Lösung anzeigen' }));
    await canvas.findByText('Die richtigen Antworten sind markiert.');
    await canvas.findByRole('checkbox', { name: /Wer von rechts kommt.*richtige Antwort/ });
    await canvas.findByText(/rechts vor links/);
    await expect(calls.answers).toHaveLength(0);
  },
};

/** Reset: a confirmation that says it cannot be undone, then the spec's message. */
export const ResetAnswers: Story = {
  args: { studentEducationId: 301 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByText('0 von 2 richtig · 2 falsch');
    await userEvent.click(canvas.getByRole('button', { name: 'Antworten zurücksetzen' }));
    let dialog = within(await pageBody().findByRole('alertdialog'));
    await dialog.findByText(/Das kann nicht rückgängig gemacht werden\./);
    await userEvent.click(dialog.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(pageBody().queryByRole('alertdialog')).toBeNull());
    await expect(calls.resets).toEqual([]);
    await userEvent.click(canvas.getByRole('button', { name: 'Antworten zurücksetzen' }));
    dialog = within(await pageBody().findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Zurücksetzen' }));
    await pageBody().findByText(
      'Die Antworten wurden zurückgesetzt; die Ausbildung lernt mit der aktuellen Fragenversion.',
    );
    await expect(calls.resets).toEqual([301]);
    await waitFor(() => expect(canvas.getAllByText('0 von 2 richtig')).toHaveLength(3));
  },
};

/** The status and an explanation fail on their own: each says so with a retry. */
export const PartsFail: Story = {
  args: { studentEducationId: 301 },
  parameters: {
    msw: {
      handlers: [learningHandlers.statsDown, learningHandlers.explanationDown, ...calls.handlers],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Der Lernstand konnte nicht geladen werden.');
    await userEvent.click(
      await canvas.findByRole('button', { name: '1.2.08 Vorfahrt durchgehen' }),
    );
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Wer von rechts kommt' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Antwort prüfen' }));
    await canvas.findByText('Richtig beantwortet');
    await canvas.findByText('Die Erklärung konnte nicht geladen werden.');
    await expect(canvas.getAllByRole('button', { name: 'Erneut versuchen' })).toHaveLength(2);
  },
};

export const Loading: Story = {
  args: { studentEducationId: 301 },
  parameters: { msw: { handlers: [learningHandlers.modeLoading, ...calls.handlers] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Lerndaten werden geladen …');
  },
};

let failing = true;

/** The learning data fail to load; the retry brings them. */
export const LoadError: Story = {
  args: { studentEducationId: 301 },
  beforeEach: () => {
    failing = true;
  },
  parameters: {
    msw: {
      handlers: [learningHandlers.modeDownWhile(() => failing), ...calls.handlers],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Die Lerndaten konnten nicht geladen werden.');
    failing = false;
    await userEvent.click(canvas.getByRole('button', { name: 'Erneut versuchen' }));
    await canvas.findByRole('button', { name: '1.2.08 Vorfahrt durchgehen' });
  },
};

export const NoQuestions: Story = {
  args: { studentEducationId: 301 },
  parameters: { msw: { handlers: [learningHandlers.modeEmpty, ...calls.handlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Für diese Klasse und Fragenversion sind keine Fragen vorhanden.');
    await canvas.findByText('Klasse B, Fragenversion 2025-10');
  },
};

/** An education that is not the school's (a stale link). */
export const EducationNotFound: Story = {
  args: { studentEducationId: 999 },
  parameters: {
    msw: { handlers: [learningHandlers.modeNotFound, ...calls.handlers] },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Diese Ausbildung wurde nicht gefunden.');
  },
};

/** Without MODULE_CUSTOMERS: said so, nothing asked for. */
export const Forbidden: Story = {
  args: { studentEducationId: 301 },
  parameters: { permissions: ['MODULE_TASK'], msw: { handlers: [] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Keine Berechtigung');
    await canvas.findByText(/Dafür benötigen Sie die Berechtigung für Fahrschüler\./);
    await expect(canvas.queryByRole('combobox', { name: 'Fahrschüler' })).toBeNull();
  },
};

/** The English texts. */
export const English: Story = {
  globals: { locale: 'en' },
  args: { studentEducationId: 301 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Learning mode', level: 1 });
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Go through 1.2.08 Vorfahrt' }),
    );
    await canvas.findByText('5 error points');
    await canvas.findByText('More than one answer may be correct.');
    await expect(canvas.getByRole('button', { name: 'Check answer' })).toBeInTheDocument();
  },
};
