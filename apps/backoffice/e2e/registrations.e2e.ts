import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO, type Harness, openPopup, signIn, startHarness } from './harness';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.stop();
});

/** The school's public registration URL, as the office gets it for its QR code. */
async function registrationUrl(): Promise<string> {
  const signInResponse = await fetch(`${harness.baseUrl}/api/generate-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO.owner.email, password: DEMO.owner.password }),
  });
  const { token } = (await signInResponse.json()) as { token: string };
  const response = await fetch(
    `${harness.baseUrl}/api/driving-schools/current/drive-buzz-registration-url`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  expect(url.startsWith(`${harness.baseUrl}/register/`)).toBe(true);
  return url;
}

describe('registrations in the built back office', () => {
  test('a registration sent on the public page appears in the inbox and becomes a student', async () => {
    const url = await registrationUrl();
    const lastName = `Sommerfeld${Math.floor(Math.random() * 9000) + 1000}`;

    // The public page: no sign-in, the school's name at the top.
    const visitor = await harness.newPage();
    await visitor.page.goto(new URL(url).pathname);
    await visitor.page.getByRole('heading', { name: 'Zu Ihrer Person' }).waitFor();
    expect(new URL(visitor.page.url()).pathname).toBe(new URL(url).pathname);
    const form = visitor.page;
    // Sending the empty form gets German messages.
    await form.getByRole('button', { name: 'Anmeldung absenden' }).click();
    await form.getByText('Bitte geben Sie Ihren Vornamen ein.').waitFor();
    await form.getByRole('textbox', { name: /^Vorname/ }).fill('Emma');
    await form.getByRole('textbox', { name: /^Nachname/ }).fill(lastName);
    const birth = form.getByRole('group', { name: /Geburtsdatum/ });
    await birth.getByRole('spinbutton').first().click();
    await form.keyboard.type('14032008');
    await form.getByRole('textbox', { name: /^E-Mail-Adresse/ }).fill('emma.e2e@example.de');
    await form.getByRole('textbox', { name: /^Telefonnummer/ }).fill('0171 7654321');
    await form.getByRole('checkbox', { name: 'Klasse B', exact: true }).check({ force: true });
    await form.getByRole('checkbox', { name: /Datenschutzerklärung/ }).check({ force: true });
    await form.getByRole('button', { name: 'Anmeldung absenden' }).click();
    await form.getByRole('heading', { name: 'Vielen Dank für Ihre Anmeldung!' }).waitFor();
    await visitor.context.close();

    // The office: the registration is unread in the inbox and becomes a student.
    const { context, page } = await harness.newPage();
    await page.goto('/registration');
    await page.waitForURL(/\/login/);
    await signIn(page, DEMO.owner);
    await page.waitForURL((u) => u.pathname === '/registration');
    await page.getByRole('heading', { name: 'Anmeldungen' }).waitFor();
    await page.getByRole('searchbox', { name: /Suche nach Name/ }).fill(lastName);
    const row = page.getByText(`${lastName}, Emma`);
    await row.waitFor();
    expect(await row.getAttribute('class')).toContain('font-bold');
    await row.click();
    const detail = page.getByRole('complementary', { name: 'Details der Anmeldung' });
    await detail.getByText('emma.e2e@example.de').waitFor();
    await detail.getByText('Online-Anmeldung').waitFor();
    await detail
      .getByText(/Kein vorhandener Fahrschüler passt|Passende Fahrschüler/)
      .first()
      .waitFor();
    // A registration without a branch asks for the student's branch.
    const branch = detail.getByRole('button', { name: /Filiale des Fahrschülers/ });
    if ((await branch.count()) > 0) {
      await openPopup(page, branch, page.getByRole('option').first());
      await page.getByRole('option').first().click();
    }
    await detail.getByRole('button', { name: 'Als Fahrschüler übernehmen' }).click();
    await page.waitForURL((u) => /^\/students\/edit\/\d+$/.test(u.pathname));
    const studentId = Number(new URL(page.url()).pathname.split('/').pop());

    // The student exists with an education for class B; the registration is converted.
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    const headers = { authorization: `Bearer ${token}` };
    const student = await fetch(`${harness.baseUrl}/api/students/${studentId}`, { headers });
    expect(student.status).toBe(200);
    expect(await student.json()).toMatchObject({ firstName: 'Emma', lastName });
    const educations = await fetch(
      `${harness.baseUrl}/api/student-educations/student/${studentId}`,
      { headers },
    );
    expect(
      ((await educations.json()) as { licenseClass: string }[]).map((e) => e.licenseClass),
    ).toEqual(['B']);
    const registrations = await fetch(
      `${harness.baseUrl}/api/registrations?search=${encodeURIComponent(lastName)}`,
      { headers },
    );
    expect(await registrations.json()).toMatchObject([
      { processStatus: 'CONVERTED', matchedStudentId: studentId, read: true },
    ]);
    await context.close();
  });

  test('an unknown registration link says so in German', async () => {
    const { context, page } = await harness.newPage();
    await page.goto('/register/zz-0123456789abcdef0123456789abcdef');
    await page.getByText(/Dieser Anmeldelink ist ungültig/).waitFor();
    await context.close();
  });
});
