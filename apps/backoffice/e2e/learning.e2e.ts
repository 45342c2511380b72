import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pdfText } from '../../server/src/test/pdf-text';
import { apiAs, DEMO, drawSignature, type Harness, signIn, startHarness } from './harness';

/*
 * The learning area against the real server and the demo school with the shipped question
 * set (issue 16): a class B education answers ten questions in the learning mode, three of
 * them wrong; the question tutor then shows exactly those three; a pre-exam handed in
 * unanswered fails by its error points. A minor's training contract is signed by the student
 * and a parent on screen, and the signed PDF downloads (rendered with pdftoppm to look at:
 * E2E_SHOTS=<dir> keeps the PNG).
 */

let harness: Harness;

type Api = Awaited<ReturnType<typeof apiAs>>;
type Question = {
  id: number;
  officialNumber: string;
  numeric: boolean;
  answers: { id: number; text: string; correct: boolean; value?: string }[];
};

describe('the learning area in the built back office', () => {
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => {
    await harness?.stop();
  });

  /** A class B education of the demo that has not learned yet (none of its questions answered). */
  async function freshEducation(owner: Api) {
    const { data } = await owner.call<{
      data: { id: number; firstName: string; lastName: string }[];
    }>('POST', '/students-filter/filter', { page: 0, size: 50, archived: false });
    for (const student of data) {
      const educations = await owner.call<
        { id: number; licenseClass: string; archived: boolean }[]
      >('GET', `/student-educations/student/${student.id}`);
      for (const education of educations.filter((e) => e.licenseClass === 'B' && !e.archived)) {
        const stats = await owner.call<{ answeredCount: number; questionCount: number }>(
          'GET',
          `/student-question-answers/stats-for-fsc?studentEducationId=${education.id}`,
        );
        if (stats.answeredCount === 0 && stats.questionCount >= 150) {
          return { educationId: education.id, studentId: student.id };
        }
      }
    }
    throw new Error('The demo has no class B education with the shipped questions and no answers.');
  }

  /** Answers the question on the card: right, or wrong by ticking a wrong answer (or a wrong number). */
  async function answer(page: Page, question: Question, right: boolean) {
    if (question.numeric) {
      const value = question.answers.find((a) => a.correct)?.value ?? '0';
      const wrongValue = String(Number(value.replace(',', '.')) + 1).replace('.', ',');
      // The field is labelled with the unit (km/h, m …) or "Ihre Antwort".
      await page
        .getByRole('article')
        .getByRole('textbox')
        .fill(right ? value : wrongValue);
    } else {
      const ticks = right
        ? question.answers.filter((a) => a.correct)
        : // A wrong answer ticked, or (all three correct) one correct answer left out.
          question.answers.some((a) => !a.correct)
          ? [
              ...question.answers.filter((a) => a.correct),
              ...question.answers.filter((a) => !a.correct).slice(0, 1),
            ]
          : question.answers.slice(0, 2);
      for (const choice of ticks) {
        // Ticked through its label (the input itself is visually hidden).
        const box = page.getByRole('checkbox', { name: choice.text, exact: true });
        await box.locator('xpath=ancestor::label[1]').click();
        await expect.poll(() => box.isChecked()).toBe(true);
      }
    }
    await page.getByRole('button', { name: 'Antwort prüfen' }).click();
    await page
      .getByText(right ? 'Richtig beantwortet' : 'Leider falsch')
      .first()
      .waitFor();
  }

  test('ten questions answered in the learning mode, three wrong; the tutor shows those three; a pre-exam fails by points', async () => {
    const owner = await apiAs(harness, DEMO.owner);
    const { educationId, studentId } = await freshEducation(owner);
    const mode = await owner.call<{
      chapters: {
        officialNumber: string;
        name: string;
        questions: { theoryQuestionId: number; officialNumber: string }[];
      }[];
    }>('GET', `/theory-questions/learning-mode-for-fsc?studentEducationId=${educationId}`);
    const byNumber = new Map(
      mode.chapters.flatMap((chapter) =>
        chapter.questions.map((q) => [q.officialNumber, q.theoryQuestionId] as const),
      ),
    );

    const { context, page } = await harness.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/lms?studentEducationId=${educationId}`);
    await page.waitForURL(/\/login/);
    await signIn(page, DEMO.office);
    await page.waitForURL((url) => url.pathname === '/lms');
    await page.getByRole('heading', { name: 'Kapitel' }).waitFor({ timeout: 30_000 });

    const wrongNumbers: string[] = [];
    let answered = 0;
    for (const chapter of mode.chapters) {
      if (answered >= 10) break;
      await page.getByRole('button', { name: `${chapter.name} durchgehen` }).click();
      for (let index = 0; index < chapter.questions.length && answered < 10; index++) {
        // "Frage 2 von 4 · Frage 1.1.01-002" above the question.
        const label = page.getByText(/Frage \d\.\d{1,2}\.\d{2}-\d{3}/).first();
        await label.waitFor();
        const officialNumber =
          /\d\.\d{1,2}\.\d{2}-\d{3}/.exec((await label.textContent()) ?? '')?.[0] ?? '';
        const id = byNumber.get(officialNumber);
        const question = await owner.call<Question>(
          'GET',
          `/theory-questions/${id}?studentEducationId=${educationId}`,
        );
        // The 2nd, 5th and 9th answers are wrong.
        const right = ![1, 4, 8].includes(answered);
        await answer(page, question, right);
        if (!right) wrongNumbers.push(officialNumber);
        answered++;
        const last = index + 1 === chapter.questions.length;
        await page
          .getByRole('button', { name: last ? 'Kapitel abschließen' : 'Nächste Frage' })
          .click();
      }
      await page.getByRole('button', { name: 'Zur Kapitelübersicht' }).first().click();
    }
    expect(answered).toBe(10);

    const stats = await owner.call<{ answeredCount: number; wrongCount: number }>(
      'GET',
      `/student-question-answers/stats-for-fsc?studentEducationId=${educationId}`,
    );
    expect(stats).toMatchObject({ answeredCount: 10, wrongCount: 3 });

    await page.getByRole('button', { name: 'Zum Fragentrainer' }).click();
    await page.waitForURL((url) => url.pathname === '/lms-question-tutor');
    await page.getByText('3 falsch beantwortete Fragen').waitFor({ timeout: 30_000 });
    for (const officialNumber of wrongNumbers) {
      await page.getByText(`Frage ${officialNumber}`).first().waitFor();
    }
    // A pre-exam of the same student, handed in unanswered: every question wrong, failed by points.
    await page.goto(`/pre-exam/${studentId}/B`);
    await page.getByRole('button', { name: 'Vorprüfung starten' }).click();
    await page.getByText('Frage 1 von 30').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Abgeben' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Vorprüfung abgeben?' });
    await confirm.getByText('30 Fragen sind unbeantwortet und zählen als falsch.').waitFor();
    await confirm.getByRole('button', { name: 'Trotzdem abgeben' }).click();
    await page
      .getByRole('heading', { name: 'Ergebnis der Vorprüfung' })
      .waitFor({ timeout: 30_000 });
    await page.getByText('Nicht bestanden').first().waitFor();
    const preExams = await owner.call<
      { finished: boolean; passed?: boolean; errorPoints?: number }[]
    >('GET', `/theory-pre-exams/student/${studentId}`);
    expect(preExams[0]).toMatchObject({ finished: true, passed: false });
    expect(preExams[0]?.errorPoints).toBeGreaterThan(10);
    await page.getByText(`${preExams[0]?.errorPoints} von höchstens 10 Fehlerpunkten`).waitFor();
    await context.close();
  });
  test("a minor's training contract: signed by the student and a parent, the signed PDF downloads", async () => {
    const owner = await apiAs(harness, DEMO.owner);
    // A student under 18 whose class education has no signature yet.
    const { data } = await owner.call<{
      data: { id: number; firstName: string; lastName: string; birthDate?: string }[];
    }>('POST', '/students-filter/filter', { page: 0, size: 200, archived: false });
    const adultFrom = new Date();
    adultFrom.setFullYear(adultFrom.getFullYear() - 18);
    let found:
      | { student: (typeof data)[number]; educationId: number; licenseClass: string }
      | undefined;
    for (const student of data.filter((s) => s.birthDate && new Date(s.birthDate) > adultFrom)) {
      const educations = await owner.call<
        { id: number; licenseClass: string; archived: boolean }[]
      >('GET', `/student-educations/student/${student.id}`);
      for (const education of educations.filter((e) => !e.archived)) {
        const state = await owner.call<{
          studentSignedAt?: string;
          parentSignatureRequired: boolean;
        }>('GET', `/training-contract/${education.id}`);
        if (!state.studentSignedAt && state.parentSignatureRequired) {
          found = { student, educationId: education.id, licenseClass: education.licenseClass };
          break;
        }
      }
      if (found) break;
    }
    expect(found, 'the demo has a minor with an unsigned contract').toBeDefined();
    const { student, educationId, licenseClass } = found as NonNullable<typeof found>;

    const { context, page } = await harness.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/students/edit/${student.id}?tab=educations`);
    await page.waitForURL(/\/login/);
    await signIn(page, DEMO.office);
    await page.waitForURL((url) => url.pathname.startsWith('/students/edit/'));
    const section = page.getByRole('region', { name: `Ausbildungsvertrag Klasse ${licenseClass}` });
    await section
      .getByRole('button', { name: 'Vertrag unterschreiben' })
      .click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', {
      name: `Ausbildungsvertrag Klasse ${licenseClass} unterschreiben`,
    });
    await dialog.waitFor();
    // Both declarations, ticked through their labels, then the student's signature.
    const boxes = dialog.getByRole('checkbox');
    await expect.poll(() => boxes.count(), { timeout: 30_000 }).toBe(2);
    for (const box of await boxes.all()) {
      await box.locator('xpath=ancestor::label[1]').click();
      await expect.poll(() => box.isChecked()).toBe(true);
    }
    await drawSignature(page, dialog.locator('canvas'));
    await dialog.getByRole('button', { name: 'Unterschreiben', exact: true }).click();
    // The parent's step.
    await dialog
      .getByText('Unterschrift Erziehungsberechtigte/r')
      .first()
      .waitFor({ timeout: 30_000 });
    await drawSignature(page, dialog.locator('canvas'));
    await dialog.getByRole('button', { name: 'Unterschreiben', exact: true }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
    await section.getByText('vollständig unterschrieben').waitFor({ timeout: 30_000 });
    const state = await owner.call<{
      signed: boolean;
      studentSignedAt?: string;
      parentSignedAt?: string;
    }>('GET', `/training-contract/${educationId}`);
    expect(state).toMatchObject({ signed: true });
    expect(state.parentSignedAt).toBeDefined();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Vertrag herunterladen (PDF)' }).click(),
    ]);
    const shots = process.env.E2E_SHOTS ?? join(tmpdir(), 'fahrwerk-e2e-learning');
    mkdirSync(shots, { recursive: true });
    const pdfPath = join(shots, `Ausbildungsvertrag-${educationId}.pdf`);
    await download.saveAs(pdfPath);
    const text = pdfText(readFileSync(pdfPath));
    expect(text).toContain('Ausbildungsvertrag');
    expect(text).toContain(student.lastName);
    expect(text).toContain('Unterschrift Erziehungsberechtigte/r');
    // Rendered as a user would see it (look at the PNGs; CI keeps them in the temporary folder).
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      pdfPath,
      join(shots, `Ausbildungsvertrag-${educationId}`),
    ]);
    await context.close();
  });

  test("the lesson dashboard gets a tile with an image, the mirror book follows the knowledge book, the learning-app page opens only for the school's platform", async () => {
    const owner = await apiAs(harness, DEMO.owner);
    const { context, page } = await harness.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/unterricht');
    await page.waitForURL(/\/login/);
    await signIn(page, DEMO.owner);
    await page.waitForURL((url) => url.pathname === '/unterricht');

    // A tile with a button, saved; then its image.
    await page.getByRole('button', { name: 'Bearbeiten' }).first().click({ timeout: 30_000 });
    const form = page.getByRole('form', { name: 'Unterrichts-Dashboard bearbeiten' });
    await form.getByRole('button', { name: 'Kachel hinzufügen' }).click();
    const tiles = form.getByRole('listitem', { name: /^Kachel \d+$/ });
    const n = await tiles.count();
    const tile = form.getByRole('listitem', { name: `Kachel ${n}`, exact: true });
    await tile.getByRole('textbox', { name: /^Titel/ }).fill('Heute: Vorfahrt an Kreuzungen');
    await tile.getByRole('textbox', { name: 'Beschriftung des Buttons' }).fill('Lernmodus');
    await tile
      .getByRole('textbox', { name: 'Adresse des Buttons (https://…)' })
      .fill('https://fahrschule-demo.de/lernen');
    await form.getByRole('button', { name: 'Speichern' }).click();
    const board = page.getByRole('region', { name: 'Kacheln für den Unterricht' });
    await board
      .getByRole('heading', { name: 'Heute: Vorfahrt an Kreuzungen' })
      .waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Bearbeiten' }).first().click();
    const saved = page.getByRole('listitem', { name: `Kachel ${n}`, exact: true });
    await saved.locator('input[type="file"]').setInputFiles({
      name: 'vorfahrt.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await saved.getByRole('button', { name: 'Bild hochladen' }).click();
    await page.getByText('Das Bild wurde gespeichert.').first().waitFor({ timeout: 30_000 });
    await saved.getByRole('img', { name: 'Aktuelles Bild der Kachel' }).waitFor();
    await page.getByRole('button', { name: 'Abbrechen' }).click();
    const dashboard = await owner.call<{
      widgets: { title: string; image?: string; buttonUrl?: string }[];
    }>('GET', '/unterricht-dashboard');
    const stored = dashboard.widgets.find((w) => w.title === 'Heute: Vorfahrt an Kreuzungen');
    expect(stored?.buttonUrl).toBe('https://fahrschule-demo.de/lernen');
    expect(stored?.image).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    await board.locator('img').first().waitFor();

    // The mirror book: opened from the knowledge book, it follows the page turned there.
    await page.goto('/base-knowledge');
    const [mirror] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Auf Beamer zeigen' }).click({ timeout: 30_000 }),
    ]);
    await mirror.waitForURL(/\/book-mirror\?book=59&page=\d+/);
    const firstTitle = await page
      .getByRole('navigation', { name: 'Inhalt' })
      .locator('[aria-current="page"]')
      .textContent();
    await mirror
      .getByRole('heading', { level: 2, name: firstTitle ?? '' })
      .waitFor({ timeout: 30_000 });
    const next = page.getByRole('button', { name: /^Nächste Seite: / });
    const nextTitle = ((await next.getAttribute('aria-label')) ?? '').replace(
      'Nächste Seite: ',
      '',
    );
    await next.click();
    await mirror.getByRole('heading', { level: 2, name: nextTitle }).waitFor({ timeout: 30_000 });
    await mirror.getByText('Folgt dem Wissensbuch, das in Fahrwerk geöffnet ist.').waitFor();
    await mirror.close();

    // The learning-app page: the school's platform opens, another one keeps the user where they were.
    const { data } = await owner.call<{ data: { id: number }[] }>(
      'POST',
      '/students-filter/filter',
      {
        page: 0,
        size: 1,
        archived: false,
      },
    );
    const studentId = data[0]?.id;
    await page.goto(`/students/edit/${studentId}?tab=learning`);
    await page
      .getByRole('button', { name: 'Registrierung in der Lern-App' })
      .click({ timeout: 30_000 });
    await page.waitForURL((url) => url.pathname === `/students/drive-buzz/${studentId}`);
    await page
      .getByRole('heading', { level: 1 })
      .filter({ hasNotText: 'Lern-App' })
      .first()
      .waitFor();
    await page
      .getByRole('switch', { name: 'Lern-App für diese Ausbildung' })
      .first()
      .waitFor({ timeout: 30_000 });
    await page.goto(`/students/edit/${studentId}`);
    // The record shown means the router has settled on it: "the current path" the guard keeps.
    await page.getByRole('tab', { name: 'Lernstand' }).waitFor({ timeout: 30_000 });
    await page.evaluate((href) => {
      window.history.pushState({}, '', href);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/students/moodle/${studentId}`);
    await page
      .getByText(
        'Die Fahrschule ist auf dieser Lernplattform nicht registriert; die Seite ist deshalb nicht verfügbar.',
      )
      .first()
      .waitFor({ timeout: 30_000 });
    await expect
      .poll(() => new URL(page.url()).pathname, { timeout: 30_000 })
      .toBe(`/students/edit/${studentId}`);
    await context.close();
  });
});

/** A 1 × 1 PNG (a tile's image). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
