import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO, type Harness, readableMail, signIn, startHarness } from './harness';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.stop();
});

const NEW_USER = {
  email: 'rita.rolle@fahrschule-demo.de',
  password: 'Rita#Rolle2026',
  firstName: 'Rita',
};

/** Waits for the invitation mail the server sent to `to` and answers its link. */
async function invitationLink(to: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mail = harness.mails.find((received) => received.to.includes(to));
    if (mail) {
      const link = /(https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_%-]+)/.exec(
        readableMail(mail.raw),
      )?.[1];
      if (!link) throw new Error(`No link in the invitation:\n${mail.raw}`);
      return link;
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${to}.`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('roles and users in the built back office', () => {
  test('a role without company access keeps its new user out of company screens and calls', async () => {
    // The owner creates the role …
    const owner = await harness.newPage();
    await owner.page.goto('/login');
    await signIn(owner.page, DEMO.owner);
    await owner.page.getByRole('heading', { name: `Guten Tag, ${DEMO.owner.firstName}` }).waitFor();
    await owner.page.goto('/roles');
    await owner.page.getByRole('heading', { name: 'Rollen und Berechtigungen' }).waitFor();
    await owner.page.getByRole('button', { name: 'Neue Rolle' }).click();
    await owner.page.getByRole('textbox', { name: /^Name/ }).fill('Nur Schüler');
    for (const name of ['Schüler: lesen', 'Zeitplaner: lesen', 'Aufgaben: lesen']) {
      const box = owner.page.getByRole('checkbox', { name });
      await box.focus();
      await owner.page.keyboard.press('Space');
      expect(await box.isChecked()).toBe(true);
    }
    await owner.page.getByRole('button', { name: 'Speichern' }).click();
    await owner.page.getByText('Gespeichert.').first().waitFor();
    await owner.page.getByRole('button', { name: /^Nur Schüler/ }).waitFor();

    // … and an instructor holding it, who gets the invitation mail.
    await owner.page.goto('/instructors/create');
    await owner.page.getByLabel(/^Vorname/).fill(NEW_USER.firstName);
    await owner.page.getByLabel(/^Nachname/).fill('Rolle');
    await owner.page.getByLabel(/^E-Mail/).fill(NEW_USER.email);
    const role = owner.page.getByRole('checkbox', { name: 'Nur Schüler' });
    await role.focus();
    await owner.page.keyboard.press('Space');
    await owner.page.getByRole('button', { name: 'Anlegen und einladen' }).click();
    await owner.page.waitForURL((url) => /^\/instructors\/edit\/\d+$/.test(url.pathname));
    await owner.context.close();

    // The instructor sets the password through the mailed link.
    const link = await invitationLink(NEW_USER.email);
    const rita = await harness.newPage();
    await rita.page.goto(link);
    await rita.page.getByRole('heading', { name: 'Neues Passwort festlegen' }).waitFor();
    await rita.page
      .getByLabel(/^Neues Passwort/)
      .and(rita.page.locator('input'))
      .fill(NEW_USER.password);
    await rita.page.getByLabel(/^Passwort wiederholen/).fill(NEW_USER.password);
    await rita.page.getByRole('button', { name: 'Passwort speichern' }).click();
    await rita.page.getByText('Ihr Passwort wurde geändert.').waitFor();

    // Signed in, the sidebar offers no company screen …
    await rita.page.goto('/login');
    await signIn(rita.page, NEW_USER);
    await rita.page.getByRole('heading', { name: `Guten Tag, ${NEW_USER.firstName}` }).waitFor();
    const nav = rita.page.getByRole('navigation', { name: 'Hauptnavigation' });
    await nav.getByRole('link', { name: 'Schüler' }).first().waitFor();
    for (const name of ['Fahrzeuge', 'Benutzer', 'Rollen']) {
      expect(await nav.getByRole('link', { name, exact: true }).count(), name).toBe(0);
    }

    // … /vehicles sends her back to the dashboard …
    await rita.page.goto('/vehicles');
    await rita.page.getByRole('heading', { name: `Guten Tag, ${NEW_USER.firstName}` }).waitFor();
    expect(new URL(rita.page.url()).pathname).toBe('/');

    // … and the server refuses company calls made with her token.
    const statuses = await rita.page.evaluate(async () => {
      const stored = sessionStorage.getItem('token') ?? '';
      const token = stored.startsWith('"') ? (JSON.parse(stored) as string) : stored;
      const call = (path: string, body: unknown) =>
        fetch(`/api${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((response) => response.status);
      return {
        vehicles: await call('/vehicles/filter', { page: 0, size: 10 }),
        users: await call('/users/filter', { page: 0, size: 10 }),
        students: await call('/students/filter', { page: 0, size: 10 }),
      };
    });
    expect(statuses).toEqual({ vehicles: 403, users: 403, students: 200 });
    await rita.context.close();
  });
});
