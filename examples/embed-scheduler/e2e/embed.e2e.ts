import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Locator } from 'playwright-core';
import { type PreviewServer, preview } from 'vite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  apiAs,
  berlinIso,
  choose,
  DEMO,
  freePort,
  type Harness,
  startHarness,
  typeDate,
  typeTime,
} from '../../../apps/backoffice/e2e/harness';

/*
 * The embed example against the real server (issue 18): its production build on an origin of
 * its own (Vite's preview server, /api proxied to the server like a host's reverse proxy),
 * the demo school's owner signs in through the host's form, the scheduler renders, an
 * appointment booked in the embedded dialog (the checks' findings confirmed) round-trips, the
 * invoice wizard mounts — and the host's own header, heading and button keep the styles of
 * host.css while the design system styles everything inside the embed root, its dialogs and
 * toasts (rendered into the scope's portal container) included. E2E_SHOTS=<dir> keeps two
 * screenshots to look at: the booking dialog open, and the week after the reload.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), 'fw-embed-dist-'));

let harness: Harness;
let host: PreviewServer;
let hostUrl: string;

/** `vite build` of the example in a process of its own (a production build: NODE_ENV). */
function buildExample(): Promise<void> {
  return new Promise((resolveBuild, reject) => {
    const child = spawn(
      join(root, 'node_modules/.bin/vite'),
      ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      { cwd: root, env: { ...process.env, NODE_ENV: 'production' }, stdio: 'inherit' },
    );
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolveBuild() : reject(new Error(`vite build exited with ${code}`)),
    );
  });
}

/** The built files' sizes, raw and gzip, printed with the test. */
function describeSizes(): string {
  const assets = join(outDir, 'assets');
  const total = { js: { raw: 0, gzip: 0 }, css: { raw: 0, gzip: 0 } };
  for (const file of readdirSync(assets)) {
    const kind = file.endsWith('.js') ? 'js' : file.endsWith('.css') ? 'css' : null;
    if (!kind) continue;
    const content = readFileSync(join(assets, file));
    total[kind].raw += content.length;
    total[kind].gzip += gzipSync(content).length;
  }
  const kb = ({ raw, gzip }: { raw: number; gzip: number }) =>
    `${(raw / 1000).toFixed(1)} kB (${(gzip / 1000).toFixed(1)} kB gzip)`;
  return `embed example: JS ${kb(total.js)}, CSS ${kb(total.css)}`;
}

beforeAll(async () => {
  // The build and the server start side by side; the server needs no back office build.
  [harness] = await Promise.all([
    startHarness({ readyPath: '/api/generate-token' }),
    buildExample(),
  ]);
  console.log(describeSizes());
  const port = await freePort();
  host = await preview({
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir },
    preview: {
      host: '127.0.0.1',
      port,
      strictPort: true,
      proxy: { '/api': harness.baseUrl },
    },
  });
  hostUrl = `http://127.0.0.1:${port}/`;
});

afterAll(async () => {
  await host?.close();
  await harness?.stop();
  rmSync(outDir, { recursive: true, force: true });
});

const STYLE_PROPERTIES = [
  'font-family',
  'font-size',
  'font-weight',
  'color',
  'background-color',
  'margin-top',
  'margin-bottom',
  'padding-left',
  'border-top-left-radius',
] as const;

type Styles = Record<(typeof STYLE_PROPERTIES)[number], string>;

async function stylesOf(locator: Locator): Promise<Styles> {
  return locator.evaluate(
    (element, properties) =>
      Object.fromEntries(
        properties.map((name) => [name, getComputedStyle(element).getPropertyValue(name)]),
      ),
    [...STYLE_PROPERTIES],
  ) as Promise<Styles>;
}

// What host.css gives the host's own heading and button (its layer `host`).
const HOST_FONT = 'Georgia, "DejaVu Serif", serif';
const HOST_H1: Partial<Styles> = {
  'font-family': HOST_FONT,
  'font-size': '30px',
  'font-weight': '700',
  color: 'rgb(20, 83, 45)',
  'margin-top': '0px',
  'margin-bottom': '4px',
};
const HOST_BUTTON: Partial<Styles> = {
  'font-family': HOST_FONT,
  'font-size': '16px',
  color: 'rgb(255, 255, 255)',
  'background-color': 'rgb(194, 65, 12)',
  'padding-left': '20px',
  'border-top-left-radius': '999px',
};

describe('the scheduler and the invoice wizard embedded in a foreign host', () => {
  test('sign in through the host, calendar renders, a booking round-trips, host styles untouched', async () => {
    const { context, page } = await harness.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(hostUrl);

    // ---- the host's own sign-in form, the server's sign-in operation ------------------
    const header = page.locator('.host-header');
    const hostHeading = header.getByRole('heading', { name: 'Fahrschule Sonnenschein' });
    await hostHeading.waitFor();
    await page.getByLabel('E-Mail-Adresse').fill(DEMO.owner.email);
    await page.getByLabel('Passwort').fill(DEMO.owner.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();

    // ---- the scheduler renders inside the embed root ----------------------------------
    const embed = page.getByTestId('embed');
    const heading = embed.getByRole('heading', { name: 'Terminplaner' });
    await heading.waitFor();
    // The calendar: the library's views, or the instructors' grid the office opens on.
    await embed.locator('.ec, .fw-ig').first().waitFor();
    await embed.getByRole('button', { name: 'Termin anlegen' }).waitFor();

    // ---- the host keeps its styles; the embed has the design system's -----------------
    expect(await stylesOf(hostHeading)).toMatchObject(HOST_H1);
    expect(await stylesOf(header.getByRole('button', { name: 'Abmelden' }))).toMatchObject(
      HOST_BUTTON,
    );
    const tokens = await page.evaluate(() => ({
      root: getComputedStyle(document.documentElement).getPropertyValue('--color-brand-600'),
      rootFont: getComputedStyle(document.documentElement).fontFamily,
      body: getComputedStyle(document.body).fontFamily,
      embed: getComputedStyle(document.querySelector('.fahrwerk') as Element).getPropertyValue(
        '--color-brand-600',
      ),
    }));
    // No token and no font of Fahrwerk on the host's document; the tokens on the embed root.
    expect(tokens).toMatchObject({ root: '', body: HOST_FONT, embed: '#1f5f8b' });
    expect(tokens.rootFont).not.toContain('Inter');
    const embedHeading = await stylesOf(heading);
    expect(embedHeading).toMatchObject({
      'font-size': '24px',
      'font-weight': '600',
      color: 'rgb(26, 30, 36)',
      'margin-top': '0px',
      'margin-bottom': '0px',
    });
    expect(embedHeading['font-family']).toMatch(/^"?Inter/);
    const createButton = await stylesOf(embed.getByRole('button', { name: 'Termin anlegen' }));
    expect(createButton['font-family']).toMatch(/^"?Inter/);
    expect(createButton['border-top-left-radius']).toBe('6px');
    expect(createButton['background-color']).not.toBe(HOST_BUTTON['background-color']);

    // ---- book a private appointment of Jonas's today, in the agenda of the day --------
    await embed.getByRole('button', { name: 'Liste' }).click();
    await embed.getByRole('button', { name: 'Tag' }).click();
    const title = `Einbettung ${Date.now().toString(36)}`;
    const date = berlinIso(0);
    await embed.getByRole('button', { name: 'Termin anlegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neuer Termin' });
    await dialog.waitFor();
    // The dialog is rendered into the scope's portal container and styled there.
    expect(
      await dialog.evaluate((element) => {
        const box = element.parentElement as Element;
        return {
          inScope: element.closest('.fahrwerk [data-fahrwerk-portals]') !== null,
          radius: getComputedStyle(box).borderTopLeftRadius,
          background: getComputedStyle(box).backgroundColor,
          font: getComputedStyle(element).fontFamily.split(',')[0]?.replaceAll('"', ''),
        };
      }),
    ).toEqual({ inScope: true, radius: '10px', background: 'rgb(255, 255, 255)', font: 'Inter' });
    const shots = process.env.E2E_SHOTS;
    if (shots) await page.screenshot({ path: join(shots, 'embed-dialog.png') });
    await choose(page, dialog.getByRole('button', { name: /Terminart/ }), 'Privater Termin');
    await choose(page, dialog.getByRole('button', { name: /Fahrlehrer/ }), 'Jonas Weber');
    await typeDate(page, dialog.getByRole('group', { name: /Datum/ }), date);
    await typeTime(page, dialog.getByRole('group', { name: /Beginn/ }), '21:15');
    await dialog.getByLabel(/Dauer in Minuten/).fill('30');
    await dialog.getByLabel(/^Titel/).fill(title);
    await dialog.getByRole('button', { name: 'Speichern' }).click();

    // The booking checks may find something (e.g. outside Jonas's hours): confirm it.
    const findings = page.getByRole('alertdialog', { name: 'Trotzdem buchen?' });
    const saved = page.getByText('Gespeichert.');
    await findings.or(saved).first().waitFor({ timeout: 30_000 });
    if (await findings.isVisible()) {
      await findings.getByRole('button', { name: 'Trotzdem buchen' }).click();
    }
    await saved.waitFor();
    expect(await saved.evaluate((el) => el.closest('[data-fahrwerk-portals]') !== null)).toBe(true);
    await dialog.waitFor({ state: 'hidden' });
    await embed.getByText(title).waitFor();

    // ---- round trip: the server has it, and a reload shows it again --------------------
    const owner = await apiAs(harness, DEMO.owner);
    const { data } = await owner.call<{
      data: {
        appointment: { title?: string; date: string; startTime: string; minutes: number };
        instructorName: string;
      }[];
    }>('POST', '/calendar/filter', { from: date, to: date, types: ['PRIVATE'] });
    expect(data.filter((entry) => entry.appointment.title === title)).toEqual([
      expect.objectContaining({
        appointment: expect.objectContaining({ date, startTime: '21:15', minutes: 30 }),
        instructorName: 'Jonas Weber',
      }),
    ]);
    await page.reload();
    await embed.getByText(title).waitFor();

    if (shots) {
      await embed.getByRole('button', { name: 'Kalender' }).click();
      await embed.getByRole('button', { name: 'Woche' }).click();
      await embed.locator('.ec-time-grid').waitFor();
      // Only for the picture: the week's entries loaded.
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: join(shots, 'embed-week.png') });
    }

    // ---- a second package in the same embed: the invoice wizard -------------------------
    await page.getByRole('button', { name: 'Schlussrechnungen' }).click();
    await embed.getByRole('heading', { name: 'Rechnungsassistent' }).waitFor();
    expect(await stylesOf(hostHeading)).toMatchObject(HOST_H1);

    await context.close();
  });
});
