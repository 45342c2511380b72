import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { expect, inject } from 'vitest';
import { freePort, startServer, stopServer } from './server-process';

export const DEMO = {
  owner: { email: 'inhaber@fahrschule-demo.de', password: 'Demo#Inhaber1', firstName: 'Erika' },
  office: { email: 'buero@fahrschule-demo.de', password: 'Demo#Buero1', firstName: 'Max' },
  instructor: {
    email: 'fahrlehrer@fahrschule-demo.de',
    password: 'Demo#Lehrer1',
    firstName: 'Jonas',
  },
} as const;

/** A mail the server sent, as received by the local SMTP server. */
export type ReceivedMail = { to: string[]; raw: string };

/** Decodes the quoted-printable body parts of a raw mail, good enough to read links. */
export function readableMail(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

async function startSmtpSink(): Promise<{
  port: number;
  mails: ReceivedMail[];
  close: () => Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // A school's mail account signs in (without TLS on loopback): any user and password.
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        raw += chunk;
      });
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolveListen) => server.listen(port, '127.0.0.1', resolveListen));
  return { port, mails, close: () => new Promise((r) => server.close(() => r())) };
}

export type Harness = {
  baseUrl: string;
  dataDir: string;
  /** Every mail the server sent over SMTP during the run. */
  mails: ReceivedMail[];
  /** The port of that SMTP server (127.0.0.1), for a school's mail account in a flow. */
  smtpPort: number;
  browser: Browser;
  newPage: () => Promise<{ context: BrowserContext; page: Page }>;
  stop: () => Promise<void>;
};

/**
 * Starts the real server on a copy of the run's seeded data directory (or, outside the
 * e2e config, on a fresh one it seeds itself) and a headless Chromium. `readyPath`: what
 * answers once the server listens (default `/login`, which needs the built back office; a
 * flow that does not open the back office, e.g. the embed example's, waits for an API path).
 */
export async function startHarness(options: { readyPath?: string } = {}): Promise<Harness> {
  // Local iteration on one flow: E2E_BASE_URL points at a server already running (e.g. the
  // demo of `npm start`); nothing is started or stopped, and no mails are caught.
  const external = process.env.E2E_BASE_URL;
  if (external) return attachHarness(external);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'fahrwerk-e2e-'));
  const template = inject('e2eDataTemplate');
  if (template) cpSync(template, dataDir, { recursive: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  const smtp = await startSmtpSink();
  const server = await startServer({
    port,
    dataDir,
    smtpPort: smtp.port,
    ...(options.readyPath ? { readyPath: options.readyPath } : {}),
  });

  const browser = await launchBrowser();

  return {
    baseUrl,
    dataDir,
    mails: smtp.mails,
    smtpPort: smtp.port,
    browser,
    async newPage() {
      const context = await browser.newContext({
        baseURL: baseUrl,
        locale: 'de-DE',
        timezoneId: 'Europe/Berlin',
      });
      const page = await context.newPage();
      return { context, page };
    },
    async stop() {
      await browser.close();
      await stopServer(server);
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

async function attachHarness(baseUrl: string): Promise<Harness> {
  const browser = await launchBrowser();
  return {
    baseUrl,
    dataDir: '',
    mails: [],
    smtpPort: 0,
    browser,
    async newPage() {
      const context = await browser.newContext({
        baseURL: baseUrl,
        locale: 'de-DE',
        timezoneId: 'Europe/Berlin',
      });
      return { context, page: await context.newPage() };
    },
    async stop() {
      await browser.close();
    },
  };
}

export async function signIn(page: Page, user: { email: string; password: string }) {
  await page.getByLabel(/^E-Mail-Adresse/).fill(user.email);
  await page.getByLabel(/^Passwort/).fill(user.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

/**
 * Clicks `trigger` (a select, a menu button) until `popup` shows, 30 s at most. A screen can
 * re-render between finding the trigger and the click landing (a look-up arrives), and the
 * click then opens nothing; it is clicked again only while no listbox or menu is open, so an
 * opening popup is never toggled shut.
 */
export async function openPopup(page: Page, trigger: Locator, popup: Locator): Promise<void> {
  const deadline = Date.now() + 30_000;
  const anyPopup = page.locator('[role="listbox"], [role="menu"], [role="dialog"]');
  for (;;) {
    if (await popup.isVisible()) return;
    if ((await anyPopup.count()) === 0) await trigger.click();
    try {
      await popup.waitFor({ state: 'visible', timeout: 2000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

/**
 * Ticks a checkbox (or switch) of react-aria through its label until it is checked, 30 s at
 * most. A form can reset while its look-ups arrive (a dialog just opened) and swallow a click;
 * it is clicked again only while still unchecked, so a tick is never toggled off.
 */
export async function tick(box: Locator): Promise<void> {
  const deadline = Date.now() + 30_000;
  const label = box.locator('xpath=ancestor::label[1]');
  for (;;) {
    if (await box.isChecked()) return;
    await ((await label.count()) > 0 ? label.click() : box.click({ force: true }));
    try {
      await expect.poll(() => box.isChecked(), { timeout: 2000 }).toBe(true);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

/**
 * A signed-in API caller for a test's own set-up and look-ups (the screens are driven by
 * hand). `call` sends JSON, or a `FormData` body as multipart; it throws on an error status.
 */
export async function apiAs(harness: Harness, user: { email: string; password: string }) {
  const response = await fetch(`${harness.baseUrl}/api/generate-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(response.status).toBe(200);
  const { token, instructor } = (await response.json()) as {
    token: string;
    instructor: { id: number };
  };
  const send = (method: string, path: string, body?: unknown) =>
    fetch(`${harness.baseUrl}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined || body instanceof FormData
          ? {}
          : { 'content-type': 'application/json' }),
      },
      ...(body === undefined
        ? {}
        : { body: body instanceof FormData ? body : JSON.stringify(body) }),
    });
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await send(method, path, body);
    const text = await answer.text();
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return { userId: instructor.id, call, send };
}

/** The calendar day in Berlin `days` from now, ISO. */
export function berlinIso(days: number): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/** Types a date into a date field (`group`: its segments take digits in order). */
export async function typeDate(page: Page, group: Locator, iso: string) {
  const [year, month, day] = iso.split('-');
  await group.getByRole('spinbutton').first().click();
  await page.keyboard.type(`${day}${month}${year}`);
}

/** Types `HH:MM` into a time field. */
export async function typeTime(page: Page, group: Locator, hhmm: string) {
  await group.getByRole('spinbutton').first().click();
  await page.keyboard.type(hhmm.replace(':', ''));
}

/** Opens a select or combo box and picks the option (clicked again when a re-render ate it). */
export async function choose(page: Page, trigger: Locator, option: string | RegExp) {
  const wanted = page.getByRole('option', { name: option });
  for (let attempt = 0; attempt < 5 && !(await wanted.isVisible()); attempt++) {
    await trigger.click();
    try {
      await wanted.waitFor({ state: 'visible', timeout: 3000 });
    } catch {
      // A re-render ate the click; the next attempt clicks again.
    }
  }
  await wanted.click();
}

/** Draws a signature-like stroke on a signature pad's canvas with the mouse. */
export async function drawSignature(page: Page, canvas: Locator) {
  const box = await canvas.boundingBox();
  expect(box).not.toBeNull();
  const { x, y, width, height } = box as NonNullable<typeof box>;
  await page.mouse.move(x + width * 0.1, y + height * 0.6);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++) {
    await page.mouse.move(
      x + width * (0.1 + step * 0.065),
      y + height * (0.6 - 0.25 * Math.sin(step / 2)),
    );
  }
  await page.mouse.up();
}

export { freePort, startServer, stopServer };
