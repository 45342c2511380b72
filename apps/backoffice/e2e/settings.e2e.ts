import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO, type Harness, signIn, startHarness } from './harness';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.stop();
});

/** A 2 × 2 red PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEUlEQVR4nGP4z8DAwMDAAAAHBgEBFrFpzwAAAABJRU5ErkJggg==',
  'base64',
);

describe('master data and configuration', () => {
  test('the owner edits the master data: an invalid IBAN is refused in German, a valid one saved', async () => {
    const { context, page } = await harness.newPage();
    await page.goto('/login?redirect=/master-data');
    await signIn(page, DEMO.owner);
    await page.waitForURL((url) => url.pathname === '/master-data');
    const form = page.getByRole('form', { name: 'Stammdaten' });
    await form.waitFor();

    // A school that never saved has no federal state yet.
    const state = form.getByRole('button', { name: /Bundesland/ });
    if (!(await state.textContent())?.includes('Berlin')) {
      await state.click();
      await page.getByRole('option', { name: 'Berlin' }).click();
    }
    const email = form.getByRole('textbox', { name: /^E-Mail/ });
    if ((await email.inputValue()) === '') await email.fill('info@fahrschule-sonnenschein.de');

    const iban = form.getByRole('textbox', { name: /^IBAN/ });
    await iban.fill('DE89 3704 0044 0532 0130 01');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await form.getByText('Bitte geben Sie eine gültige IBAN ein.').waitFor();

    await iban.fill('DE89 3704 0044 0532 0130 00');
    await form.getByRole('textbox', { name: /^Gläubiger-ID/ }).fill('DE98ZZZ09999999999');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Gespeichert.').first().waitFor();
    expect(await form.getByText('Bitte geben Sie eine gültige IBAN ein.').count()).toBe(0);

    // Stored: a fresh load shows the IBAN as saved (compact, upper case).
    await page.reload();
    await page.getByRole('form', { name: 'Stammdaten' }).waitFor();
    const stored = page.getByRole('textbox', { name: /^IBAN/ });
    await expect.poll(() => stored.inputValue()).toBe('DE89370400440532013000');
    await context.close();
  });

  test('the owner uploads a logo and sees it', async () => {
    const { context, page } = await harness.newPage();
    await page.goto('/login?redirect=/configurations');
    await signIn(page, DEMO.owner);
    await page.waitForURL((url) => url.pathname === '/configurations');
    await page.getByRole('tab', { name: 'Dokumente' }).click();
    const upload = page.getByRole('form', { name: 'Logo: Hochladen' });
    await upload.waitFor();
    await upload.locator('input[type=file]').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await upload.getByRole('button', { name: 'Hochladen' }).click();
    await page.getByText('Logo wurde gespeichert.').waitFor();
    const preview = page.getByRole('img', { name: 'Vorschau: Logo' });
    await preview.waitFor();
    await expect
      .poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(2);
    await context.close();
  });
});
