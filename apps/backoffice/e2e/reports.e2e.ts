import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pdfText } from '../../server/src/test/pdf-text';
import { choose, DEMO, type Harness, signIn, startHarness } from './harness';

/*
 * The reports in the built back office (issue 17): the owner opens every report of the four
 * report routes, switches the period, exports one report as CSV and as Excel (both files are
 * read back), downloads the school report and the inspection pack (text read back, pages
 * rendered with pdftoppm — E2E_SHOTS=<dir> keeps the PNGs to look at) and sees the start
 * page's tiles.
 */

let harness: Harness;
const shots = process.env.E2E_SHOTS ?? join(tmpdir(), `fw-e2e-reports-${process.pid}`);

beforeAll(async () => {
  harness = await startHarness();
  mkdirSync(shots, { recursive: true });
});
afterAll(async () => {
  await harness?.stop();
});

const AREAS: { path: string; heading: string; tabs: string[] }[] = [
  {
    path: '/finances',
    heading: 'Finanzen',
    tabs: ['Zahlungseingänge', 'Saldo', 'Umsatz je Fahrlehrer'],
  },
  {
    path: '/training',
    heading: 'Ausbildung',
    tabs: [
      'Erfolgsquote praktische Prüfung',
      'Bestandene praktische Prüfungen',
      'Ausbildungsdauer',
    ],
  },
  {
    path: '/learn',
    heading: 'Lernen',
    tabs: ['Erfolgsquote Theorieprüfung', 'Bestandene Theorieprüfungen'],
  },
  { path: '/planning', heading: 'Planung', tabs: ['Kilometer je Fahrstunde'] },
];

/** The selected report's panel shows a table or the empty text, never an error. */
async function reportShown(page: Page) {
  const panel = page.getByRole('tabpanel');
  await panel
    .locator('table')
    .first()
    .or(panel.getByText('Keine Daten im gewählten Zeitraum'))
    .first()
    .waitFor({ timeout: 30_000 });
  expect(await panel.getByText('Der Bericht konnte nicht geladen werden.').count()).toBe(0);
}

describe('reports in the built back office', () => {
  test('the owner opens every report, switches the period and exports CSV and Excel', async () => {
    const { context, page } = await harness.newPage();
    await page.goto('/finances');
    await page.waitForURL(/\/login/);
    await signIn(page, DEMO.owner);
    await page.waitForURL((url) => url.pathname === '/finances');

    for (const area of AREAS) {
      if (!page.url().includes(area.path)) await page.goto(area.path);
      await page.getByRole('heading', { name: area.heading, level: 1 }).waitFor();
      for (const tab of area.tabs) {
        await page.getByRole('tab', { name: tab }).click();
        await reportShown(page);
      }
    }

    // Last year's payments: the period is in the URL and the report asks for it.
    await page.goto('/finances');
    await page.getByRole('tab', { name: 'Zahlungseingänge' }).click();
    await reportShown(page);
    const asked = page.waitForRequest(
      (request) =>
        request.url().endsWith('/api/reports/payments-per-driving-school') &&
        (request.postDataJSON() as { from: string }).from.endsWith('-01-01'),
    );
    await choose(page, page.getByRole('button', { name: /Zeitraum$/ }), 'Letztes Jahr');
    const body = (await asked).postDataJSON() as { from: string; to: string };
    const lastYear = Number(new Date().getFullYear()) - 1;
    expect(body).toMatchObject({ from: `${lastYear}-01-01`, to: `${lastYear}-12-31` });
    await page.waitForURL(/period=lastYear/);
    await reportShown(page);
    // Back to this year, where the demo school has payments.
    await choose(page, page.getByRole('button', { name: /Zeitraum$/ }), 'Dieses Jahr');
    await page.getByRole('tabpanel').locator('table').first().waitFor({ timeout: 30_000 });

    // CSV: UTF-8 with BOM, semicolons, German amounts.
    const [csvDownload] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'CSV' }).click(),
    ]);
    expect(csvDownload.suggestedFilename()).toMatch(/^zahlungseingaenge_\d{4}-01-01_.*\.csv$/);
    const csv = readFileSync((await csvDownload.path()) as string);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Monat;Zahlungsart;Anzahl;Betrag €');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines[1]).toMatch(/^\d{2}\.\d{4};(Überweisung|Lastschrift|Bar|Karte);\d+;-?\d+,\d{2}$/);
    await page.getByText(/Export fertig: zahlungseingaenge_/).waitFor();

    // Excel: read back, the same lines as numbers.
    const [xlsxDownload] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Excel' }).click(),
    ]);
    expect(xlsxDownload.suggestedFilename()).toMatch(/\.xlsx$/);
    const rows = await readSheet(readFileSync((await xlsxDownload.path()) as string));
    expect(rows[0]).toEqual(['Monat', 'Zahlungsart', 'Anzahl', 'Betrag €']);
    expect(rows.length).toBe(lines.length);
    expect(typeof rows[1]?.[3]).toBe('number');

    // The school report of the period.
    const [reportDownload] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Schulbericht (PDF)' }).click(),
    ]);
    const schoolReport = readFileSync((await reportDownload.path()) as string);
    expect(pdfText(schoolReport)).toContain('Fahrschulbericht');
    await context.close();
  });

  test('the owner downloads the inspection pack of an instructor and it renders', async () => {
    const { context, page } = await harness.newPage();
    await page.goto('/login');
    await signIn(page, DEMO.owner);
    await page.getByRole('heading', { name: `Guten Tag, ${DEMO.owner.firstName}` }).waitFor();
    await page.goto('/planning');
    await page
      .getByRole('heading', { name: 'Prüfungsmappe für die Fahrschulüberwachung' })
      .waitFor();
    const form = page.getByRole('region', { name: 'Prüfungsmappe für die Fahrschulüberwachung' });
    const scope = (await form.count()) > 0 ? form : page;
    await choose(
      page,
      scope.getByRole('button', { name: /Fahrlehrer$/ }).last(),
      new RegExp(`^${DEMO.instructor.firstName} `),
    );
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 90_000 }),
      page.getByRole('button', { name: 'Prüfungsmappe erstellen (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^pruefungsmappe_.*\.pdf$/);
    const pdfPath = join(shots, 'pruefungsmappe.pdf');
    await download.saveAs(pdfPath);
    const pdf = readFileSync(pdfPath);
    const text = pdfText(pdf);
    expect(text).toContain('Prüfungsmappe für die Fahrschulüberwachung');
    expect(text).toContain('Tagesnachweise der praktischen Ausbildung');
    expect(text).toContain(DEMO.instructor.firstName);
    // Rendered: the first pages as PNGs (look at them with E2E_SHOTS=<dir>).
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '3',
      pdfPath,
      join(shots, 'pack'),
    ]);
    // pdftoppm pads the page number to the page count's digits (pack-1.png, pack-01.png, …).
    const pages = readdirSync(shots)
      .filter((name) => /^pack-\d+\.png$/.test(name))
      .sort();
    expect(pages.length).toBe(3);
    const cover = readFileSync(join(shots, pages[0] as string));
    expect(cover.subarray(1, 4).toString()).toBe('PNG');
    expect(cover.length).toBeGreaterThan(5_000);
    await context.close();
  });

  test('the start page shows the owner what needs them today', async () => {
    const { context, page } = await harness.newPage();
    await page.goto('/login');
    await signIn(page, DEMO.owner);
    await page.getByRole('heading', { name: `Guten Tag, ${DEMO.owner.firstName}` }).waitFor();
    await page.getByRole('heading', { name: 'Offene Aufgaben' }).waitFor({ timeout: 30_000 });
    await page
      .getByRole('heading', { name: /Umsatz/ })
      .first()
      .waitFor();
    await page
      .getByRole('heading', { name: /Theoriekurse/ })
      .first()
      .waitFor();
    await context.close();
  });
});
