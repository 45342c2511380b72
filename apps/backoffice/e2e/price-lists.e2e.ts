import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO, type Harness, signIn, startHarness } from './harness';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.stop();
});

describe('price lists in the built back office', () => {
  test('the owner copies the standard list and renames the copy', async () => {
    const { context, page } = await harness.newPage();
    await page.goto('/price-lists');
    await page.waitForURL(/\/login/);
    await signIn(page, DEMO.owner);
    await page.waitForURL((url) => url.pathname === '/price-lists');
    await page.getByRole('heading', { name: 'Preislisten' }).waitFor();

    // Open the demo school's standard list.
    await page.getByRole('button', { name: 'Standard', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('id') !== null);
    await page.getByRole('heading', { name: 'Preise für Haupt- und Kombiausbildung' }).waitFor();
    // Count once the prices are there: while they load the table is busy (one spinner row).
    await page.locator('table[aria-label="Preise"]:not([aria-busy])').waitFor();
    const sourceRows = await page
      .getByRole('table', { name: 'Preise' })
      .locator('tbody tr')
      .count();
    expect(sourceRows).toBeGreaterThan(0);

    // Copy it under a new name.
    await page.getByRole('button', { name: 'Kopieren' }).click();
    const copyDialog = page.getByRole('dialog', { name: 'Preisliste kopieren' });
    const nameField = copyDialog.getByLabel('Name der Kopie');
    expect(await nameField.inputValue()).toBe('Standard (Kopie)');
    await nameField.fill('Preisliste Herbst 2026');
    await copyDialog.getByRole('button', { name: 'Kopieren' }).click();
    await page.getByText('Die Preisliste „Preisliste Herbst 2026“ wurde angelegt.').waitFor();
    await page.getByRole('heading', { name: /Preisliste Herbst 2026/ }).waitFor();
    // The copy has every price of the source.
    await expect
      .poll(() => page.getByRole('table', { name: 'Preise' }).locator('tbody tr').count())
      .toBe(sourceRows);

    // A name in use is refused in German.
    await page.getByRole('button', { name: 'Umbenennen' }).click();
    const renameDialog = page.getByRole('dialog', { name: 'Preisliste umbenennen' });
    await renameDialog.getByLabel('Neuer Name').fill('Sommeraktion');
    await renameDialog.getByRole('button', { name: 'Umbenennen' }).click();
    await renameDialog.getByText('Dieser Name wird bereits verwendet.').waitFor();

    // Rename it.
    await renameDialog.getByLabel('Neuer Name').fill('Preisliste Winter 2026/27');
    await renameDialog.getByRole('button', { name: 'Umbenennen' }).click();
    await page.getByRole('heading', { name: /Preisliste Winter 2026\/27/ }).waitFor();

    // Back in the overview, the renamed copy is listed next to the standard list.
    await page.getByRole('button', { name: 'Zurück zur Übersicht' }).click();
    await page
      .getByRole('button', { name: 'Preisliste Winter 2026/27', exact: true })
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: 'Preisliste Herbst 2026' }).count()).toBe(0);
    await context.close();
  });
});
