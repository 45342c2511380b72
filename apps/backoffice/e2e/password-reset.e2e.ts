import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEMO, type Harness, readableMail, signIn, startHarness } from './harness';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.stop();
});

test('forgot password: the mail arrives over SMTP, its link sets a new password, sign-in works with it', async () => {
  const { context, page } = await harness.newPage();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await page.waitForURL((url) => url.pathname === '/forgot-password');

  // An unknown address gets the spec's "no user" answer.
  await page.getByLabel(/^E-Mail-Adresse/).fill('niemand@example.de');
  await page.getByRole('button', { name: 'Link senden' }).click();
  await page
    .getByRole('alert')
    .filter({ hasText: 'Es gibt keinen Benutzer mit dieser E-Mail-Adresse.' })
    .waitFor();

  await page.getByLabel(/^E-Mail-Adresse/).fill(DEMO.office.email);
  await page.getByRole('button', { name: 'Link senden' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: 'Wir haben Ihnen eine Anleitung per E-Mail gesendet.' })
    .waitFor();

  const mail = harness.mails.find((m) => m.to.includes(DEMO.office.email));
  expect(mail, 'the reset mail reached the SMTP server').toBeDefined();
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(
    readableMail(mail?.raw ?? ''),
  )?.[0];
  expect(link).toBeDefined();

  await page.goto(new URL(link as string).pathname + new URL(link as string).search);
  await page.getByRole('heading', { name: 'Neues Passwort festlegen' }).waitFor();
  // The rule list ticks as the user types; a weak password is refused before sending.
  await page
    .getByLabel(/^Neues Passwort/)
    .and(page.locator('input'))
    .fill('schwach');
  await page.getByLabel(/^Passwort wiederholen/).fill('schwach');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await page.getByText('Das Passwort erfüllt noch nicht alle Regeln.').waitFor();

  await page
    .getByLabel(/^Neues Passwort/)
    .and(page.locator('input'))
    .fill('Neu#Passwort2026');
  await page.getByLabel(/^Passwort wiederholen/).fill('Neu#Passwort2026');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await page.getByRole('status').filter({ hasText: 'Ihr Passwort wurde geändert.' }).waitFor();

  await page.getByRole('link', { name: 'Zur Anmeldung' }).click();
  await signIn(page, { email: DEMO.office.email, password: DEMO.office.password });
  await page
    .getByRole('alert')
    .filter({ hasText: 'E-Mail-Adresse oder Passwort ist falsch.' })
    .waitFor();
  await signIn(page, { email: DEMO.office.email, password: 'Neu#Passwort2026' });
  await page.getByRole('heading', { name: `Guten Tag, ${DEMO.office.firstName}` }).waitFor();
  await context.close();
});
