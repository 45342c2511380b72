import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO, type Harness, signIn, startHarness, tick } from './harness';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.stop();
});

/** The calendar day in Berlin `days` from now, as [DD, MM, YYYY]. */
function berlinDay(days: number): [string, string, string] {
  const parts = new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(new Date(Date.now() + days * 86_400_000));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return [part('day'), part('month'), part('year')];
}

describe('vehicles in the built back office', () => {
  test('the owner creates a vehicle whose main inspection is due and sees the warning', async () => {
    const { context, page } = await harness.newPage();
    await page.goto('/vehicles');
    await page.waitForURL(/\/login/);
    await signIn(page, DEMO.owner);
    await page.waitForURL((url) => url.pathname === '/vehicles');
    await page.getByRole('heading', { name: 'Fahrzeuge' }).waitFor();

    await page.getByRole('button', { name: 'Fahrzeug anlegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neues Fahrzeug' });
    await dialog.waitFor();
    const plate = `HH-QX ${1000 + Math.floor(Math.random() * 8999)}`;
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('E2E Golf HU');
    // Typed in lower case: the field writes plates in capitals.
    await dialog.getByRole('textbox', { name: /^Kennzeichen/ }).fill(plate.toLowerCase());
    await dialog.getByRole('button', { name: /Getriebe/ }).click();
    await page.getByRole('option', { name: 'Schaltgetriebe' }).click();
    await tick(dialog.getByRole('checkbox', { name: 'B', exact: true }));
    const [day, month, year] = berlinDay(10);
    const inspection = dialog.getByRole('group', { name: /Nächste Hauptuntersuchung/ });
    await inspection.getByRole('spinbutton').first().click();
    await page.keyboard.type(`${day}${month}${year}`);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Gespeichert.').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('searchbox', { name: 'Fahrzeuge suchen' }).fill(plate);
    const row = page.getByRole('row').filter({ hasText: plate });
    await row.getByText(`HU fällig am ${day}.${month}.${year}`).waitFor();
    expect(await row.getByText('E2E Golf HU').count()).toBe(1);
    await context.close();
  });

  test('a taken plate gets a German message at the field', async () => {
    const { context, page } = await harness.newPage();
    await page.goto('/login');
    await signIn(page, DEMO.owner);
    await page.getByRole('heading', { name: `Guten Tag, ${DEMO.owner.firstName}` }).waitFor();
    await page.goto('/vehicles');
    const firstPlate = page.getByRole('row').nth(1).getByRole('cell').nth(1);
    const plate = (await firstPlate.textContent())?.trim() ?? '';
    expect(plate).not.toBe('');
    await page.getByRole('button', { name: 'Fahrzeug anlegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neues Fahrzeug' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Doppelt');
    await dialog.getByRole('textbox', { name: /^Kennzeichen/ }).fill(plate);
    await dialog.getByRole('button', { name: /Getriebe/ }).click();
    await page.getByRole('option', { name: 'Automatik' }).click();
    await tick(dialog.getByRole('checkbox', { name: 'B', exact: true }));
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText('Dieses Kennzeichen ist bereits vergeben.').waitFor();
    await context.close();
  });

  test('the office sees vehicles and branches read-only', async () => {
    const { context, page } = await harness.newPage();
    await page.goto('/login');
    await signIn(page, DEMO.office);
    await page.getByRole('heading', { name: `Guten Tag, ${DEMO.office.firstName}` }).waitFor();
    await page.goto('/branches');
    await page.getByRole('heading', { name: 'Filialen' }).waitFor();
    await page.getByText('Sie dürfen diese Daten nur ansehen.').waitFor();
    expect(await page.getByRole('button', { name: 'Filiale anlegen' }).count()).toBe(0);
    await page.goto('/vehicles');
    await page.getByRole('heading', { name: 'Fahrzeuge' }).waitFor();
    await page.getByText('Sie dürfen diese Daten nur ansehen.').waitFor();
    expect(await page.getByRole('button', { name: 'Fahrzeug anlegen' }).count()).toBe(0);
    await context.close();
  });
});
