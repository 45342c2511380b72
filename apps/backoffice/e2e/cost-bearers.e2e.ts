import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO, type Harness, signIn, startHarness } from './harness';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.stop();
});

const PDF = Buffer.from('%PDF-1.4\n% Bewilligungsbescheid Jobcenter (E2E)\n%%EOF\n');
const NAME = 'Jobcenter E2E Köln';

describe('cost bearers in the built back office', () => {
  test('the owner creates a cost bearer, writes a note, uploads and downloads a document, shares the QR link and archives it', async () => {
    const { context, page } = await harness.newPage();
    await page.goto('/login?redirect=/payers');
    await signIn(page, DEMO.owner);
    await page.getByRole('heading', { name: 'Kostenträger', level: 1 }).waitFor();

    // Create.
    await page.getByRole('button', { name: 'Neuer Kostenträger' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(NAME);
    await dialog.getByRole('textbox', { name: 'Kundennummer' }).fill('BGS-E2E-1');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Gespeichert.').first().waitFor();
    await page.getByRole('heading', { name: NAME, level: 2 }).waitFor();
    await page.waitForURL((url) => url.pathname === '/payers' && url.searchParams.has('id'));

    // A note.
    await page.getByRole('tab', { name: 'Notizen' }).click();
    await page.getByRole('textbox', { name: 'Neue Notiz' }).fill('Bildungsgutschein liegt vor.');
    await page.getByRole('button', { name: 'Notiz speichern' }).click();
    await page.getByText('Bildungsgutschein liegt vor.').waitFor();

    // A document: upload, then download it again byte for byte.
    await page.getByRole('tab', { name: 'Dokumente' }).click();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'Bewilligung.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await page.getByRole('button', { name: 'Hochladen' }).click();
    await page.getByText('Das Dokument wurde hochgeladen.').waitFor();
    const row = page.getByRole('button', { name: 'Bewilligung.pdf', exact: true });
    await row.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), row.click()]);
    expect(download.suggestedFilename()).toBe('Bewilligung.pdf');
    const path = await download.path();
    expect(Buffer.compare(readFileSync(path), PDF)).toBe(0);

    // An uploaded file has no letterhead to remove: the spec's German refusal.
    await page.getByRole('button', { name: 'Aktionen für Bewilligung.pdf' }).click();
    await page.getByRole('menuitem', { name: 'Ohne Briefkopf herunterladen' }).click();
    await page
      .getByText('Das Entfernen des Briefkopfes ist für diesen Dokumententyp nicht erlaubt!')
      .first()
      .waitFor();

    // The QR-code link works without signing in.
    await page.getByRole('button', { name: 'Upload-Link anzeigen' }).click();
    const link = await page.getByRole('textbox', { name: 'Upload-Link' }).inputValue();
    expect(new URL(link).pathname).toBe('/payers/upload-qrcode-document');
    const stranger = await harness.newPage();
    await stranger.page.goto(link);
    await stranger.page
      .getByRole('heading', { name: 'Dokumente an die Fahrschule senden' })
      .waitFor();
    await stranger.page.locator('input[type="file"]').setInputFiles({
      name: 'Kostenzusage.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await stranger.page.getByRole('button', { name: 'Senden' }).click();
    await stranger.page
      .getByText(/Die Datei „Kostenzusage.pdf“ wurde an die Fahrschule übermittelt/)
      .waitFor();
    await stranger.context.close();
    await page.reload();
    await page.getByRole('tab', { name: 'Dokumente' }).click();
    await page.getByRole('button', { name: 'Kostenzusage.pdf', exact: true }).waitFor();
    await page.getByText('Über QR-Code').waitFor();

    // Archive it from the list.
    await page.getByRole('searchbox', { name: 'Kostenträger suchen' }).fill('E2E Köln');
    // Wait until the searched list shows only this row (the menu must not open on a stale row).
    await page.waitForFunction(() => {
      const rows = document.querySelectorAll('table[aria-label="Kostenträger"] tbody tr');
      return rows.length === 1 && rows[0]?.textContent?.includes('E2E Köln');
    });
    await page.getByRole('button', { name: `Aktionen für ${NAME}` }).click();
    await page.getByRole('menuitem', { name: 'Archivieren' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Archivieren' }).click();
    await page.getByText('Archiviert.').first().waitFor();
    // The active list no longer shows it; the archived one does.
    await page.getByRole('button', { name: `Aktionen für ${NAME}` }).waitFor({ state: 'detached' });
    await context.close();
  });
});
