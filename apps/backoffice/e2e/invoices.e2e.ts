import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pdfText } from '../../server/src/test/pdf-text';
import { apiAs, DEMO, type Harness, signIn, startHarness } from './harness';

/*
 * Invoices against the real server (issue 13): the office marks a class-B student's education
 * finished in the student record, issues its final invoice through the invoice wizard,
 * downloads the PDF (rendered with pdftoppm to look at: E2E_SHOTS=<dir> keeps the PNGs),
 * cancels it in the record's "Rechnungen" tab, sees the cancellation invoice, finishes the
 * education again and issues the corrected final invoice: three consecutive numbers.
 */

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.stop();
});

type Api = Awaited<ReturnType<typeof apiAs>>;
type Student = { id: number; firstName: string; lastName: string };
type Education = {
  id: number;
  studentId: number;
  licenseClass: string;
  status: string;
  archived: boolean;
  finished: boolean;
  costBearerIds: number[];
};
type PaymentDocument = {
  id: number;
  type: string;
  status: string;
  number?: string;
  totalGross: number;
  cancelsDocumentId?: number;
  studentEducationId?: number;
};

const nameOf = (student: Student) => `${student.firstName} ${student.lastName}`;

/**
 * A class-B student in training with one open education, paid by the student (no cost
 * bearer), with released driving lessons not billed yet, no final invoice so far and a
 * unique name (the pickers choose by name).
 */
async function findStudent(api: Api): Promise<{ student: Student; education: Education }> {
  for (let page = 0; page < 5; page++) {
    const { data } = await api.call<{ data: Education[] }>('POST', '/student-educations/filter', {
      page,
      size: 100,
      archived: false,
      finished: false,
      licenseClasses: ['B'],
      statuses: ['IN_TRAINING', 'THEORY_PASSED'],
    });
    for (const education of data) {
      if (education.costBearerIds.length > 0) continue;
      const lessons = await api.call<{ total: number }>('POST', '/appointments/filter', {
        page: 0,
        size: 1,
        studentEducationId: education.id,
        released: true,
        invoiced: false,
      });
      if (lessons.total === 0) continue;
      const invoices = await api.call<{ data: PaymentDocument[] }>(
        'POST',
        '/payment-documents/filter',
        { page: 0, size: 50, studentId: education.studentId },
      );
      // No earlier final invoice of this student: the record's list shows only this flow's.
      if (invoices.data.some((document) => document.type === 'FINAL_INVOICE')) continue;
      const student = await api.call<Student>('GET', `/students/${education.studentId}`);
      const { data: namesakes } = await api.call<{ data: Student[] }>(
        'POST',
        '/students-filter/filter',
        { page: 0, size: 20, archived: false, search: student.lastName },
      );
      if (namesakes.filter((row) => nameOf(row) === nameOf(student)).length !== 1) continue;
      const educations = await api.call<Education[]>(
        'GET',
        `/student-educations/student/${student.id}`,
      );
      if (educations.filter((row) => !row.archived).length !== 1) continue;
      return { student, education };
    }
  }
  throw new Error('no class-B student with unbilled driving lessons in the demo school');
}

/** Switches "Ausbildung abgeschlossen" on for the (only) education in the record's educations tab. */
async function finishEducation(page: Page, student: Student) {
  await page.goto(`/students/edit/${student.id}?tab=educations`);
  const finished = page.getByRole('switch', { name: 'Ausbildung abgeschlossen' }).first();
  await finished.waitFor({ timeout: 30_000 });
  await finished.locator('xpath=ancestor::label[1]').click();
  await expect.poll(() => finished.isChecked(), { timeout: 20_000 }).toBe(true);
}

/** The invoice wizard for one customer: choose the student, review, issue. */
async function issueFinalInvoice(page: Page, student: Student) {
  await page.goto('/invoice');
  await page.getByRole('button', { name: 'Neue Abrechnung' }).click();
  await page.getByRole('heading', { name: 'Rechnungsassistent' }).waitFor({ timeout: 30_000 });
  await page.getByRole('searchbox', { name: 'Suche' }).fill(student.lastName);
  const pick = page.getByRole('checkbox', { name: `${nameOf(student)} (B) auswählen` });
  await pick.waitFor({ timeout: 30_000 });
  await pick.locator('xpath=ancestor::label[1]').click();
  await expect.poll(() => pick.isChecked(), { timeout: 10_000 }).toBe(true);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('heading', { name: 'Schlussrechnungen prüfen' }).waitFor();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('button', { name: 'Schlussrechnung ausstellen' }).click();
  await page.getByText('1 Schlussrechnung ausgestellt.').first().waitFor({ timeout: 60_000 });
}

/** The student's documents, newest first. */
async function documentsOf(api: Api, student: Student): Promise<PaymentDocument[]> {
  const { data } = await api.call<{ data: PaymentDocument[] }>(
    'POST',
    '/payment-documents/filter',
    {
      page: 0,
      size: 50,
      studentId: student.id,
    },
  );
  return data;
}

describe('invoices in the built back office', () => {
  test('finish an education, issue its final invoice in the wizard, download, cancel and reissue: consecutive numbers', async () => {
    const office = await apiAs(harness, DEMO.office);
    const { student, education } = await findStudent(office);
    const { context, page } = await harness.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/invoice');
    await page.waitForURL(/\/login/);
    await signIn(page, DEMO.office);
    await page.waitForURL((url) => url.pathname === '/invoice');

    // ---- the office finishes the education and issues the final invoice -----------------
    await finishEducation(page, student);
    await issueFinalInvoice(page, student);
    const [first] = (await documentsOf(office, student)).filter((d) => d.type === 'FINAL_INVOICE');
    expect(first?.number, 'the final invoice has a number').toMatch(/^\d{4}-\d{5}$/);
    const number = first?.number as string;
    const issuedList = page.getByRole('list', { name: 'Ausgestellte Schlussrechnungen' });
    await issuedList.getByText(number).waitFor();

    // ---- the PDF: downloaded from the wizard's last step, read and rendered -------------
    await page.getByRole('button', { name: `PDF von ${number}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Herunterladen' }).waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Herunterladen' }).click(),
    ]);
    const shots = process.env.E2E_SHOTS ?? join(tmpdir(), 'fahrwerk-e2e-invoices');
    mkdirSync(shots, { recursive: true });
    const pdfPath = join(shots, `${number}.pdf`);
    await download.saveAs(pdfPath);
    const pdf = readFileSync(pdfPath);
    const text = pdfText(pdf);
    expect(text).toContain('Schlussrechnung');
    expect(text).toContain(number);
    expect(text).toContain(student.lastName);
    // Rendered as a user would see it (look at the PNG; CI keeps it in the temporary folder).
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      pdfPath,
      join(shots, number),
    ]);
    await dialog.getByRole('button', { name: 'Schließen' }).first().click();

    // ---- cancel it in the student's "Rechnungen" tab ------------------------------------
    await page.goto(`/students/edit/${student.id}?tab=invoices`);
    const table = page.getByRole('table').filter({ hasText: number });
    await table.waitFor({ timeout: 30_000 });
    const row = table.getByRole('row').filter({ hasText: number });
    await row.getByRole('button', { name: /Aktionen für/ }).click();
    await page.getByRole('menuitem', { name: 'Stornieren' }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await confirm.getByRole('button', { name: /Stornieren|Stornorechnung ausstellen/ }).click();
    await page
      .getByText(/Stornorechnung \d{4}-\d{5}/)
      .first()
      .waitFor({ timeout: 60_000 });
    const afterCancel = await documentsOf(office, student);
    const cancellation = afterCancel.find((d) => d.cancelsDocumentId === first?.id);
    expect(cancellation?.type).toBe('CANCELLATION_INVOICE');
    expect(cancellation?.totalGross).toBe(-(first?.totalGross ?? 0));
    await page
      .getByRole('table')
      .getByText(cancellation?.number as string)
      .waitFor();
    // Cancelling the final invoice opened the education again (spec 000 §4).
    const reopened = await office.call<Education>('GET', `/student-educations/${education.id}`);
    expect(reopened.finished).toBe(false);

    // ---- the corrected final invoice ----------------------------------------------------
    await finishEducation(page, student);
    await issueFinalInvoice(page, student);
    const finals = (await documentsOf(office, student)).filter((d) => d.type === 'FINAL_INVOICE');
    const corrected = finals.find((d) => d.id !== first?.id);
    expect(corrected?.status).toBe('ISSUED');

    // Three consecutive numbers of one range: invoice, its cancellation, the corrected one.
    const sequence = [first?.number, cancellation?.number, corrected?.number].map((value) =>
      Number(String(value).split('-')[1]),
    );
    expect(sequence[1]).toBe((sequence[0] as number) + 1);
    expect(sequence[2]).toBe((sequence[1] as number) + 1);
    writeFileSync(
      join(shots, 'numbers.txt'),
      `${first?.number} ${cancellation?.number} ${corrected?.number}\n`,
    );
    await context.close();
  });
});
