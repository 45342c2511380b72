import { pageBody } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  type PoolQuestion,
  preExamHandlers,
  preExamPool,
  preExamRunHandlers,
  preExamStartHandlers,
  studentEducationHandlers,
} from './mocks/handlers';
import { PreExamScreen } from './pre-exam-screen';

const meta = {
  title: 'Features/Exams/PreExamScreen',
  component: PreExamScreen,
  args: { studentId: 11, licenseClass: 'B' },
  parameters: {
    msw: {
      handlers: [preExamHandlers.full, preExamHandlers.detail, studentEducationHandlers.full],
    },
  },
} satisfies Meta<typeof PreExamScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

/** A story that takes a pre-exam: the server remembers what the story did, until replayed. */
function taking(run = preExamRunHandlers()): Pick<Story, 'parameters' | 'beforeEach'> {
  return {
    parameters: { msw: { handlers: [...run.handlers, studentEducationHandlers.full] } },
    beforeEach: () => run.reset(),
  };
}

/** Starts a pre-exam and waits for its first question. */
async function startPreExam(canvasElement: HTMLElement): Promise<Canvas> {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: 'Vorprüfung starten' }));
  await canvas.findByText('Frage 1 von 30');
  return canvas;
}

/** Answers the question shown: rightly, or by ticking exactly the wrong answers (a wrong number). */
async function answer(canvas: Canvas, question: PoolQuestion, rightly = true) {
  if (question.numeric) {
    await userEvent.click(canvas.getByRole('textbox', { name: 'Antwort (Zahl)' }));
    await userEvent.paste(rightly ? (question.answers[0]?.value ?? '') : '999');
    return;
  }
  for (const choice of question.answers.filter((row) => row.correct === rightly)) {
    await userEvent.click(canvas.getByRole('checkbox', { name: choice.text }));
  }
}

/** Answers all 30 with "Weiter", those of the `wrong` official numbers wrongly. */
async function answerAll(canvas: Canvas, wrong: string[] = []) {
  for (const [index, question] of preExamPool.entries()) {
    await canvas.findByText(`Frage ${index + 1} von 30`);
    await answer(canvas, question, !wrong.includes(question.officialNumber));
    if (index < preExamPool.length - 1) {
      await userEvent.click(canvas.getByRole('button', { name: 'Weiter' }));
    }
  }
}

const overview = (canvas: Canvas) =>
  within(canvas.getByRole('navigation', { name: 'Fragenübersicht' }));

/** The result shown after the hand-in, and the refreshed list with the new pre-exam. */
async function expectResult(canvas: Canvas, result: string, points: string) {
  const outcome = within(await canvas.findByRole('region', { name: 'Ergebnis der Vorprüfung' }));
  await expect(outcome.getByText(result)).toBeInTheDocument();
  await expect(outcome.getByText(points)).toBeInTheDocument();
  // The list shows the new pre-exam with its result; its questions are opened below.
  const table = within(await canvas.findByRole('table', { name: 'Vorprüfungen' }));
  await waitFor(() => expect(table.getAllByRole('row')).toHaveLength(5));
  const row = table
    .getByRole('button', { name: 'Fragen ansehen (01.03.2026 11:00)' })
    .closest('tr') as HTMLElement;
  await expect(within(row).getByText(result)).toBeInTheDocument();
  await canvas.findByRole('heading', { name: 'Vorprüfung vom 01.03.2026 11:00' });
  return outcome;
}

export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Vorprüfungen Klasse B' });
    const table = within(await canvas.findByRole('table', { name: 'Vorprüfungen' }));
    await expect(table.getByText('Bestanden')).toBeInTheDocument();
    await expect(table.getByText('Nicht bestanden')).toBeInTheDocument();
    await expect(table.getByText('Nicht abgegeben')).toBeInTheDocument();
    // The A2 pre-exam belongs to another class.
    await expect(table.getAllByRole('row')).toHaveLength(4);
    // What "not handed in" means, under the list.
    await expect(
      canvas.getByText(/„Nicht abgegeben“ heißt: begonnen, aber \(noch\) nicht abgegeben/),
    ).toBeInTheDocument();
    await canvas.findByRole('button', { name: 'Vorprüfung starten' });
  },
};

/** A finished pre-exam's questions with the answers given, right and wrong marked. */
export const Questions: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Fragen ansehen (18.02.2026 17:40)' }),
    );
    await canvas.findByRole('heading', { name: 'Vorprüfung vom 18.02.2026 17:40' });
    await expect(canvas.getByText('15 Fehlerpunkte bei 3 Fragen')).toBeInTheDocument();
    const first = within(canvas.getByRole('listitem', { name: 'Frage 1' }));
    await expect(first.getByText('Richtig beantwortet')).toBeInTheDocument();
    const second = within(canvas.getByRole('listitem', { name: 'Frage 2' }));
    await expect(second.getByText('Falsch beantwortet')).toBeInTheDocument();
    await expect(second.getByText('Der Bus fährt sofort an').nextSibling).toHaveTextContent(
      '(gewählt)',
    );
    await expect(
      second.getByText('Kinder überqueren unachtsam die Fahrbahn').nextSibling,
    ).toHaveTextContent('(nicht gewählt, richtige Antwort)');
    const third = within(canvas.getByRole('listitem', { name: 'Frage 3' }));
    await expect(third.getByText('Eingegeben: 25 · Richtig: 40')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [preExamHandlers.empty, studentEducationHandlers.full] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Noch keine Vorprüfungen in Klasse B.');
    // The first one can be started here.
    await canvas.findByRole('button', { name: 'Vorprüfung starten' });
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [preExamHandlers.loading, studentEducationHandlers.full] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByRole('status', {})).not.toHaveLength(0);
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: [preExamHandlers.error, studentEducationHandlers.full] } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Daten konnten nicht geladen werden.', {});
  },
};

/**
 * The pre-exams are learning data of the student (MODULE_CUSTOMERS): without
 * MODULE_CUSTOMERS_WRITE none is started (and the educations are not asked for).
 */
export const ReadOnly: Story = {
  parameters: {
    permissions: ['MODULE_CUSTOMERS'],
    msw: { handlers: [preExamHandlers.full, preExamHandlers.detail] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: 'Vorprüfungen' });
    await expect(canvas.queryByRole('button', { name: 'Vorprüfung starten' })).toBeNull();
    await expect(canvas.queryByText(/keine aktive Ausbildung/)).toBeNull();
  },
};

/**
 * Started and answered: one question at a time, its error points, checkboxes with the hint, a
 * number field taking a comma; back and forth keeps the answers; no solutions; the list is put
 * away and the line under the exam says leaving loses the answers.
 */
export const StartAndAnswer: Story = {
  ...taking(),
  play: async ({ canvasElement }) => {
    const canvas = await startPreExam(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Vorprüfung läuft' })).toBeInTheDocument();
    await expect(
      canvas.getByText('Klasse B, begonnen 01.03.2026 11:00 · 0 von 30 Fragen beantwortet'),
    ).toBeInTheDocument();
    await expect(canvas.queryByRole('table', { name: 'Vorprüfungen' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Vorprüfung starten' })).toBeNull();
    await expect(
      canvas.getByText(
        'Wer diese Seite verlässt, verliert die Antworten: Die Vorprüfung bleibt dann ohne Ergebnis als „Nicht abgegeben“ in der Liste.',
      ),
    ).toBeInTheDocument();

    // Question 1: the text takes the focus; 4 error points, several answers may be right.
    const first = preExamPool[0] as PoolQuestion;
    await waitFor(() => expect(canvas.getByRole('heading', { name: first.text })).toHaveFocus());
    await expect(canvas.getByText('4 Fehlerpunkte')).toBeInTheDocument();
    await expect(canvas.getByText('Mehrere Antworten können richtig sein.')).toBeInTheDocument();
    await expect(canvas.queryByText(/richtig beantwortet|richtige Antwort/i)).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Zurück' })).toBeDisabled();
    await answer(canvas, first);
    await expect(
      overview(canvas).getByRole('button', { name: 'Frage 1, beantwortet' }),
    ).toHaveAttribute('aria-current', 'step');
    await expect(
      canvas.getByText('Klasse B, begonnen 01.03.2026 11:00 · 1 von 30 Fragen beantwortet'),
    ).toBeInTheDocument();

    // Question 3 asks for a number: a comma is fine, "0," is not yet a number.
    await userEvent.click(canvas.getByRole('button', { name: 'Weiter' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Weiter' }));
    await canvas.findByText('Frage 3 von 30');
    await expect(canvas.getByText('5 Fehlerpunkte')).toBeInTheDocument();
    const number = canvas.getByRole('textbox', { name: 'Antwort (Zahl)' });
    await userEvent.type(number, '0,');
    await userEvent.tab();
    await canvas.findByText(/Keine gültige Zahl/);
    await expect(
      overview(canvas).getByRole('button', { name: 'Frage 3, unbeantwortet' }),
    ).toBeInTheDocument();
    await userEvent.type(number, '5');
    await expect(
      overview(canvas).getByRole('button', { name: 'Frage 3, beantwortet' }),
    ).toBeInTheDocument();
    await expect(canvas.queryByText(/Keine gültige Zahl/)).toBeNull();

    // Back to the first: its answers are still ticked.
    await userEvent.click(canvas.getByRole('button', { name: 'Zurück' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Zurück' }));
    await canvas.findByText('Frage 1 von 30');
    for (const choice of first.answers) {
      await expect(canvas.getByRole('checkbox', { name: choice.text })).toHaveProperty(
        'checked',
        choice.correct,
      );
    }
  },
};

/** The overview jumps to a question and shows it answered by a mark and its name. */
export const NavigateWithOverview: Story = {
  ...taking(),
  play: async ({ canvasElement }) => {
    const canvas = await startPreExam(canvasElement);
    await expect(overview(canvas).getAllByRole('button')).toHaveLength(30);
    await userEvent.click(
      overview(canvas).getByRole('button', { name: 'Frage 12, unbeantwortet' }),
    );
    await canvas.findByText('Frage 12 von 30');
    const twelfth = preExamPool[11] as PoolQuestion;
    await waitFor(() => expect(canvas.getByRole('heading', { name: twelfth.text })).toHaveFocus());
    await answer(canvas, twelfth);
    const cell = overview(canvas).getByRole('button', { name: 'Frage 12, beantwortet' });
    await expect(cell).toHaveAttribute('aria-current', 'step');
    await expect(cell).toHaveTextContent('✓12');
    await expect(
      overview(canvas).getByRole('button', { name: 'Frage 1, unbeantwortet' }),
    ).not.toHaveAttribute('aria-current');
    // "Zurück" goes to the question before the one jumped to; the last has no "Weiter".
    await userEvent.click(canvas.getByRole('button', { name: 'Zurück' }));
    await canvas.findByText('Frage 11 von 30');
    await userEvent.click(
      overview(canvas).getByRole('button', { name: 'Frage 30, unbeantwortet' }),
    );
    await canvas.findByText('Frage 30 von 30');
    await expect(canvas.getByRole('button', { name: 'Weiter' })).toBeDisabled();
  },
};

/**
 * "Abgeben" with questions unanswered asks first; going on answering keeps the exam, handing
 * in anyway scores them as wrong: failed by far, and two 5-pointers among them.
 */
export const HandInWithUnanswered: Story = {
  ...taking(),
  play: async ({ canvasElement }) => {
    const canvas = await startPreExam(canvasElement);
    const [first, second] = preExamPool as [PoolQuestion, PoolQuestion];
    await answer(canvas, first);
    await userEvent.click(canvas.getByRole('button', { name: 'Weiter' }));
    await answer(canvas, second);

    await userEvent.click(canvas.getByRole('button', { name: 'Abgeben' }));
    let dialog = within(
      await pageBody().findByRole('alertdialog', { name: 'Vorprüfung abgeben?' }),
    );
    await expect(
      dialog.getByText('28 Fragen sind unbeantwortet und zählen als falsch.'),
    ).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Weiter beantworten' }));
    await waitFor(() => expect(pageBody().queryByRole('alertdialog')).toBeNull());
    await expect(canvas.getByText('Frage 2 von 30')).toBeInTheDocument();

    await userEvent.click(canvas.getByRole('button', { name: 'Abgeben' }));
    dialog = within(await pageBody().findByRole('alertdialog', { name: 'Vorprüfung abgeben?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Trotzdem abgeben' }));

    // Every question but the two answered costs its points.
    const points = preExamPool.slice(2).reduce((sum, question) => sum + question.points, 0);
    const outcome = await expectResult(
      canvas,
      'Nicht bestanden',
      `${points} von höchstens 10 Fehlerpunkten`,
    );
    await waitFor(() =>
      expect(canvas.getByRole('heading', { name: 'Ergebnis der Vorprüfung' })).toHaveFocus(),
    );
    await outcome.findByText(/Zwei Fragen mit 5 Fehlerpunkten wurden falsch beantwortet/);
    await expect(canvas.getByRole('listitem', { name: 'Frage 1' })).toHaveTextContent(
      'Richtig beantwortet',
    );
    await expect(canvas.getByRole('listitem', { name: 'Frage 3' })).toHaveTextContent(
      'Falsch beantwortet',
    );
  },
};

/** All answered, one 3-point question wrong: handed in without asking, passed. */
export const Passed: Story = {
  ...taking(),
  play: async ({ canvasElement }) => {
    const canvas = await startPreExam(canvasElement);
    await answerAll(canvas, ['1.2.04-001']);
    await expect(
      canvas.getByText('Klasse B, begonnen 01.03.2026 11:00 · 30 von 30 Fragen beantwortet'),
    ).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Abgeben' }));
    const outcome = await expectResult(canvas, 'Bestanden', '3 von höchstens 10 Fehlerpunkten');
    await expect(outcome.queryByText(/Zwei Fragen mit 5 Fehlerpunkten/)).toBeNull();
    await expect(pageBody().queryByRole('alertdialog')).toBeNull();
    // A new one can be started again.
    await expect(canvas.getByRole('button', { name: 'Vorprüfung starten' })).toBeInTheDocument();
  },
};

/** Three 4-point questions wrong: 12 error points, failed by the points alone. */
export const FailedByPoints: Story = {
  ...taking(),
  play: async ({ canvasElement }) => {
    const canvas = await startPreExam(canvasElement);
    await answerAll(canvas, ['1.1.01-001', '1.2.02-004', '1.2.08-002']);
    await userEvent.click(canvas.getByRole('button', { name: 'Abgeben' }));
    const outcome = await expectResult(
      canvas,
      'Nicht bestanden',
      '12 von höchstens 10 Fehlerpunkten',
    );
    await expect(outcome.queryByText(/Zwei Fragen mit 5 Fehlerpunkten/)).toBeNull();
  },
};

/** Two 5-point questions wrong: within 10 error points and still failed, and why. */
export const FailedByTwoFivePointers: Story = {
  ...taking(),
  play: async ({ canvasElement }) => {
    const canvas = await startPreExam(canvasElement);
    await answerAll(canvas, ['1.2.08-001', '2.2.09-001']);
    await userEvent.click(canvas.getByRole('button', { name: 'Abgeben' }));
    const outcome = await expectResult(
      canvas,
      'Nicht bestanden',
      '10 von höchstens 10 Fehlerpunkten',
    );
    await expect(
      outcome.getByText(
        'Zwei Fragen mit 5 Fehlerpunkten wurden falsch beantwortet – damit ist die Vorprüfung nicht bestanden, auch bei höchstens 10 Fehlerpunkten.',
      ),
    ).toBeInTheDocument();
  },
};

/** The education's class and catalogue version have no questions: the server's 422 in German. */
export const NoQuestions: Story = {
  parameters: {
    msw: {
      handlers: [
        preExamHandlers.full,
        preExamStartHandlers.noQuestions,
        studentEducationHandlers.full,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Vorprüfung starten' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Die Vorprüfung konnte nicht gestartet werden: Für die Klasse und Fragenversion dieser Ausbildung sind keine Fragen vorhanden.',
    );
    await expect(canvas.getByRole('table', { name: 'Vorprüfungen' })).toBeInTheDocument();
  },
};

/** The student has no active education of the class: nothing to start, and why. */
export const NoEducationOfClass: Story = {
  parameters: {
    msw: {
      handlers: [preExamHandlers.full, preExamHandlers.detail, studentEducationHandlers.withoutB],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(
      'Eine Vorprüfung wird für eine Ausbildung gestartet – dieser Schüler hat keine aktive Ausbildung der Klasse B.',
    );
    await expect(canvas.queryByRole('button', { name: 'Vorprüfung starten' })).toBeNull();
    await expect(canvas.getByRole('table', { name: 'Vorprüfungen' })).toBeInTheDocument();
  },
};

/** The educations could not be loaded: no start, a way to try again. */
export const EducationsLoadError: Story = {
  parameters: {
    msw: {
      handlers: [preExamHandlers.full, preExamHandlers.detail, studentEducationHandlers.error],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(
      'Die Ausbildungen des Schülers konnten nicht geladen werden, daher kann keine Vorprüfung gestartet werden.',
    );
    await expect(canvas.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Vorprüfung starten' })).toBeNull();
  },
};

/** The server fails the start: said, and the start offered again. */
export const StartFailure: Story = {
  parameters: {
    msw: {
      handlers: [preExamHandlers.full, preExamStartHandlers.error, studentEducationHandlers.full],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Vorprüfung starten' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Die Vorprüfung konnte nicht gestartet werden: Auf dem Server ist ein Fehler aufgetreten.',
    );
    await expect(canvas.getByRole('button', { name: 'Vorprüfung starten' })).toBeInTheDocument();
    await expect(canvas.queryByText('Frage 1 von 30')).toBeNull();
  },
};

/** The hand-in fails: said, the answers kept, and the second hand-in scores them. */
export const HandInFailure: Story = {
  ...taking(preExamRunHandlers({ finishFailures: 1 })),
  play: async ({ canvasElement }) => {
    const canvas = await startPreExam(canvasElement);
    await answer(canvas, preExamPool[0] as PoolQuestion);
    await userEvent.click(canvas.getByRole('button', { name: 'Abgeben' }));
    await userEvent.click(
      await within(await pageBody().findByRole('alertdialog')).findByRole('button', {
        name: 'Trotzdem abgeben',
      }),
    );
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Die Vorprüfung konnte nicht abgegeben werden: Auf dem Server ist ein Fehler aufgetreten.',
    );
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Die Antworten sind erhalten – bitte erneut abgeben.',
    );
    await expect(
      overview(canvas).getByRole('button', { name: 'Frage 1, beantwortet' }),
    ).toBeInTheDocument();

    await userEvent.click(canvas.getByRole('button', { name: 'Abgeben' }));
    await userEvent.click(
      await within(await pageBody().findByRole('alertdialog')).findByRole('button', {
        name: 'Trotzdem abgeben',
      }),
    );
    const points = preExamPool.slice(1).reduce((sum, question) => sum + question.points, 0);
    await expectResult(canvas, 'Nicht bestanden', `${points} von höchstens 10 Fehlerpunkten`);
  },
};

/** The running exam in English. */
export const English: Story = {
  ...taking(),
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Start pre-exam' }));
    await canvas.findByText('Question 1 of 30');
    await expect(canvas.getByText('4 error points')).toBeInTheDocument();
    await expect(canvas.getByText('More than one answer may be correct.')).toBeInTheDocument();
    await expect(
      within(canvas.getByRole('navigation', { name: 'Question overview' })).getByRole('button', {
        name: 'Question 7, unanswered',
      }),
    ).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Hand in' }));
    await expect(
      await pageBody().findByText('30 questions are unanswered and count as wrong.'),
    ).toBeInTheDocument();
    await userEvent.click(pageBody().getByRole('button', { name: 'Keep answering' }));
  },
};
