import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO, type Harness, signIn, startHarness } from './harness';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.stop();
});

describe('sign-in and permissions in the built back office', () => {
  test('the owner signs in and lands on the dashboard', async () => {
    const { context, page } = await harness.newPage();
    await page.goto('/');
    await page.waitForURL(/\/login\?redirect=/);
    await signIn(page, DEMO.owner);
    await page.getByRole('heading', { name: `Guten Tag, ${DEMO.owner.firstName}` }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await nav.getByRole('link', { name: 'Fahrzeuge' }).waitFor();
    await context.close();
  });

  test('a wrong password shows a German error and keeps the user on the sign-in page', async () => {
    const { context, page } = await harness.newPage();
    await page.goto('/login');
    await signIn(page, { email: DEMO.owner.email, password: 'Falsch#123' });
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'E-Mail-Adresse oder Passwort ist falsch.' });
    await alert.waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  test('a deep link while signed out returns to it after sign-in', async () => {
    const { context, page } = await harness.newPage();
    await page.goto('/price-lists');
    await page.waitForURL(
      (url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/price-lists',
    );
    await signIn(page, DEMO.office);
    await page.waitForURL((url) => url.pathname === '/price-lists');
    await page.getByRole('heading', { name: 'Preislisten' }).waitFor();
    await context.close();
  });

  test('the instructor cannot open /vehicles and the sidebar does not offer it', async () => {
    const { context, page } = await harness.newPage();
    await page.goto('/login');
    await signIn(page, DEMO.instructor);
    await page.getByRole('heading', { name: `Guten Tag, ${DEMO.instructor.firstName}` }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await nav.getByRole('link', { name: 'Terminplaner' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Fahrzeuge' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Benutzer' }).count()).toBe(0);

    // Opened from the scheduler, /vehicles sends the instructor back to the scheduler.
    await nav.getByRole('link', { name: 'Terminplaner' }).click();
    await page.waitForURL((url) => url.pathname === '/scheduler');
    // The scheduler is a real page now (its chunk and calendar load): the router has settled
    // on it only once it shows, and only then is it the page the denied route returns to.
    await page.getByRole('heading', { name: 'Terminplaner' }).waitFor();
    await page.evaluate(() => {
      window.history.pushState({}, '', '/vehicles');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByText('Für „Fahrzeuge“ fehlt Ihnen die Berechtigung.').waitFor();
    await page.waitForURL((url) => url.pathname === '/scheduler');

    // Typed into the address bar, it ends on the dashboard, never on the vehicles page.
    await page.goto('/vehicles');
    await page.getByRole('heading', { name: `Guten Tag, ${DEMO.instructor.firstName}` }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  test('sign-out clears the session', async () => {
    const { context, page } = await harness.newPage();
    await page.goto('/login');
    await signIn(page, DEMO.owner);
    await page.getByRole('heading', { name: `Guten Tag, ${DEMO.owner.firstName}` }).waitFor();
    await page.evaluate(() => localStorage.setItem('fahrwerk.filter.vehicle', '{"search":"Golf"}'));
    await page.getByRole('link', { name: 'Abmelden' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    const stored = await page.evaluate(() => ({
      token: sessionStorage.getItem('token'),
      session: sessionStorage.getItem('session'),
      filter: localStorage.getItem('fahrwerk.filter.vehicle'),
    }));
    expect(stored).toEqual({ token: null, session: null, filter: null });
    await page.goto('/');
    await page.waitForURL(/\/login\?redirect=/);
    await context.close();
  });

  test('the interface switches to English and keeps the choice under the session key lang', async () => {
    const { context, page } = await harness.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: /Sprache/ }).click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('lang'))).toBe('en');
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await context.close();
  });
});
