import { afterAll, beforeAll, describe, test } from 'vitest';
import { DEMO, type Harness, openPopup, signIn, startHarness } from './harness';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.stop();
});

describe('students in the built back office', () => {
  test('the office creates a student with an education and a document, finds, archives and unarchives them', async () => {
    const { context, page } = await harness.newPage();
    const lastName = `Probefahrer${Date.now() % 1_000_000}`;
    await page.goto('/login?redirect=/students/create');
    await signIn(page, DEMO.office);
    await page.waitForURL((url) => url.pathname === '/students/create');

    // Create: name and branch are required.
    await page.getByRole('textbox', { name: /^Vorname/ }).fill('Paula');
    await page.getByRole('textbox', { name: /^Nachname/ }).fill(lastName);
    await openPopup(
      page,
      page.getByRole('button', { name: /Filiale/ }).first(),
      page.getByRole('option').first(),
    );
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: 'Anlegen', exact: true }).click();
    await page.waitForURL((url) => /^\/students\/edit\/\d+$/.test(url.pathname));
    const studentPath = new URL(page.url()).pathname;

    // An education for class B.
    await page.getByRole('button', { name: 'Ausbildung anlegen' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByRole('button', { name: /Klasse/ })
      .first()
      .click();
    await page.getByRole('option', { name: 'B', exact: true }).click();
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Ausbildung wurde gespeichert.').waitFor();
    await page.getByRole('heading', { name: 'Ausbildung Klasse B' }).waitFor();

    // A document.
    await page.getByRole('tab', { name: 'Dokumente' }).click();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'Sehtest.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    });
    await page.getByRole('button', { name: 'Dokument hochladen' }).click();
    await page.getByText('Das Dokument wurde hochgeladen.').waitFor();
    await page.getByRole('button', { name: 'Sehtest.pdf', exact: true }).waitFor();

    // Found by the list's search.
    await page.goto('/students');
    await page.getByRole('searchbox', { name: 'Suche' }).fill(lastName);
    await page.getByText(`${lastName}, Paula`).click();
    await page.waitForURL((url) => url.pathname === studentPath);

    // Archive.
    await page.getByRole('button', { name: 'Aktionen' }).click();
    await page.getByRole('menuitem', { name: 'Archivieren' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Archivieren' }).click();
    await page.getByText('Archiviert.', { exact: true }).waitFor();
    await page.getByText(/Der Schüler ist archiviert/).waitFor();

    // The active list no longer has them; the archive does.
    await page.goto('/students');
    await page.getByRole('searchbox', { name: 'Suche' }).fill(lastName);
    await page.getByText('Keine Schüler passen zu diesem Filter.').waitFor();
    await page.getByRole('button', { name: /Bestand/ }).click();
    await page.getByRole('option', { name: 'Archivierte Schüler' }).click();
    await page.getByText(`${lastName}, Paula`).click();
    await page.waitForURL((url) => url.pathname === studentPath);

    // Unarchive.
    await page.getByRole('button', { name: 'Aktionen' }).click();
    await page.getByRole('menuitem', { name: 'Aus dem Archiv holen' }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Aus dem Archiv holen' })
      .click();
    await page.getByText('Aus dem Archiv geholt.').waitFor();
    // The page reloads the student after the toast; the archive notice goes away.
    await page.getByText(/Der Schüler ist archiviert/).waitFor({ state: 'detached' });
    await context.close();
  });
});
