import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { validatePain008 } from '../../server/src/modules/payments/sepa-validation';
import { buildCamt054 } from '../../server/src/test/camt054';
import {
  apiAs,
  berlinIso,
  DEMO,
  type Harness,
  readableMail,
  signIn,
  startHarness,
  typeDate,
} from './harness';

/*
 * Live pay against the real server (issue 14): the office asks a live-pay student for a SEPA
 * mandate by e-mail from the record's "Zahlungen" tab; the account holder opens the link of
 * the mail (caught by the local SMTP server) without signing in and gives the mandate. A
 * signed driving lesson is released (through the API: the scheduler's own flow covers the
 * tablet) and becomes a debit; the office makes the SEPA file on the live-pay list (it must
 * pass the pain.008.001.08 schema), imports the bank's camt.054 return for that debit, and the
 * education turns red with the direct-debit failure text. Last, the DATEV booking batch of
 * the month downloads from /accounting.
 */

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.stop();
});

type Api = Awaited<ReturnType<typeof apiAs>>;
type WorkflowRow = {
  studentId: number;
  studentEducationId: number;
  firstName: string;
  lastName: string;
  licenseClass: string;
  automaticPayment: boolean;
  failed: boolean;
};
type Payment = {
  id: number;
  amount: number;
  method: string;
  status: string;
  paymentDate: string;
  appointmentId?: number;
  endToEndId?: string;
};
type Mandate = { id: number; status: string; reference: string; createdAt: string };

/** A 1×1 PNG: the student's "signature" on the lesson. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const nameOf = (row: { firstName: string; lastName: string }) => `${row.firstName} ${row.lastName}`;

/** A class-B live-pay education running automatically, of a student with a unique name and one education. */
async function findLivePayStudent(api: Api): Promise<WorkflowRow> {
  const { data } = await api.call<{ data: WorkflowRow[] }>(
    'POST',
    '/payment-workflows/paged-students-list/filter',
    {
      page: 0,
      size: 100,
      paymentWorkflow: 'LIVE_PAY',
      licenseClasses: ['B'],
      automaticPayment: true,
      finishedEducation: false,
      onlyFailed: false,
    },
  );
  for (const row of data) {
    if (row.failed) continue;
    const { data: namesakes } = await api.call<{ data: { firstName: string; lastName: string }[] }>(
      'POST',
      '/students-filter/filter',
      { page: 0, size: 20, archived: false, search: row.lastName },
    );
    if (namesakes.filter((other) => nameOf(other) === nameOf(row)).length !== 1) continue;
    const educations = await api.call<{ archived: boolean }[]>(
      'GET',
      `/student-educations/student/${row.studentId}`,
    );
    if (educations.filter((education) => !education.archived).length !== 1) continue;
    return row;
  }
  throw new Error('no class-B live-pay student with automatic payment in the demo school');
}

/** A free 45 minutes of the instructor in the next two weeks (no vehicle: none is needed here). */
async function freeSlot(api: Api, instructorId: number, studentEducationId: number) {
  type Check = { ok: boolean };
  for (let days = 1; days <= 14; days++) {
    const date = berlinIso(days);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (const startTime of ['08:00', '09:30', '11:00', '12:30', '14:00', '15:30']) {
      const body = { type: 'DRIVING', date, startTime, minutes: 45, studentEducationId };
      const [overlap, hours] = await Promise.all([
        api.call<Check>(
          'POST',
          `/calendar/instructor/${instructorId}/check-overlapping-appointments`,
          body,
        ),
        api.call<Check>('POST', `/calendar/instructor/${instructorId}/check-working-hours`, body),
      ]);
      if (overlap.ok && hours.ok) return { date, startTime };
    }
  }
  throw new Error('no free slot of the instructor in the next two weeks');
}

/** Waits for the browser download `action` starts and answers its file name and bytes. */
async function download(page: Page, action: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), action()]);
  const path = join(tmpdir(), `fahrwerk-e2e-${Date.now()}-${file.suggestedFilename()}`);
  await file.saveAs(path);
  return { name: file.suggestedFilename(), bytes: readFileSync(path) };
}

describe('live pay', () => {
  test('a mandate given online, a released lesson debited, the SEPA file, the bank return, the DATEV export', async () => {
    const office = await apiAs(harness, DEMO.owner);
    const instructor = await apiAs(harness, DEMO.instructor);
    // The demo school's mail account names a real provider this machine cannot reach: without
    // it, the school's mail goes through the server's SMTP (the local sink of the harness).
    for (const account of await office.call<{ id: number }[]>('GET', '/email-config')) {
      await office.call('DELETE', `/email-config/${account.id}`);
    }
    const row = await findLivePayStudent(office);
    const holderEmail = `konto.${row.studentId}@beispiel.de`;

    // ---- the office asks for the mandate by e-mail ----------------------------------------
    const { context, page } = await harness.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/students/edit/${row.studentId}?tab=payments`);
    await page.waitForURL(/\/login/);
    await signIn(page, DEMO.owner);
    await page.waitForURL((url) => url.pathname === `/students/edit/${row.studentId}`);
    await page.getByRole('button', { name: 'Mandat per E-Mail anfordern' }).click();
    const ask = page.getByRole('dialog', { name: 'Mandat per E-Mail anfordern' });
    await ask.waitFor();
    await ask.getByLabel(/^E-Mail-Adresse/).fill(holderEmail);
    await ask.getByRole('button', { name: 'E-Mail senden' }).click();
    await expect
      .poll(() => harness.mails.some((mail) => mail.to.includes(holderEmail)), { timeout: 30_000 })
      .toBe(true);
    const mail = readableMail(
      harness.mails.find((received) => received.to.includes(holderEmail))?.raw ?? '',
    );
    const link = /https?:\/\/[^\s"<>]*\/set-up-mandate\?token=[A-Za-z0-9_-]+/.exec(mail)?.[0];
    expect(link, 'the mail links to the mandate form').toBeDefined();

    // ---- the account holder gives it, without signing in ----------------------------------
    {
      const holder = await harness.newPage();
      const url = new URL(link as string);
      await holder.page.goto(`${url.pathname}${url.search}`);
      await holder.page.getByRole('form', { name: 'Lastschriftmandat erteilen' }).waitFor();
      await holder.page.getByLabel(/^Kontoinhaber/).fill(nameOf(row));
      await holder.page.getByLabel(/^IBAN/).fill('DE89370400440532013000');
      const consent = holder.page.getByRole('checkbox', {
        name: /Ich erteile das SEPA-Lastschriftmandat/,
      });
      await consent.locator('xpath=ancestor::label[1]').click();
      await holder.page.getByRole('button', { name: 'Mandat erteilen' }).click();
      await holder.page.waitForURL((next) => next.pathname === '/set-up-mandate/success');
      await holder.page.getByText('Vielen Dank!').waitFor();
      // The link is used up.
      await holder.page.goto(`${url.pathname}${url.search}`);
      await holder.page.waitForURL((next) => next.pathname === '/set-up-mandate/failure');
      await holder.context.close();
    }
    const mandates = await office.call<Mandate[]>(
      'GET',
      `/live-pay-mandate/by-student/${row.studentId}`,
    );
    expect(mandates[0]?.status).toBe('CONFIRMED');

    // ---- a signed lesson is released and becomes a debit ----------------------------------
    const slot = await freeSlot(office, instructor.userId, row.studentEducationId);
    const lessonBody = {
      type: 'DRIVING',
      date: slot.date,
      startTime: slot.startTime,
      minutes: 45,
      hourType: 'NORMAL',
      instructorId: instructor.userId,
      studentId: row.studentId,
      studentEducationId: row.studentEducationId,
    };
    const lesson = await office.call<{ id: number }>('POST', '/appointments', {
      ...lessonBody,
      confirmedFindings: ['LOW_BALANCE'],
    });
    const signature = new FormData();
    signature.append('file', new Blob([PNG], { type: 'image/png' }), 'unterschrift.png');
    await office.call(
      'POST',
      `/driving-lessons/${lesson.id}/upload-student-signature-and-book`,
      signature,
    );
    await office.call('PUT', `/appointments/${lesson.id}`, { ...lessonBody, released: true });
    const { data: debits } = await office.call<{ data: Payment[] }>('POST', '/payments/filter', {
      page: 0,
      size: 50,
      studentId: row.studentId,
    });
    const debit = debits.find((payment) => payment.appointmentId === lesson.id);
    expect(debit).toMatchObject({ method: 'DIRECT_DEBIT', status: 'OPEN' });
    expect(debit?.amount).toBeGreaterThan(0);

    // ---- the SEPA file of the live-pay list -----------------------------------------------
    await page.goto('/automatic-payments-live-pay');
    await page.getByRole('button', { name: 'SEPA-Datei erstellen' }).click();
    const sepa = page.getByRole('dialog', { name: 'SEPA-Datei erstellen' });
    await sepa.waitFor();
    const file = await download(page, () =>
      sepa.getByRole('button', { name: 'Datei erstellen' }).click(),
    );
    expect(file.name).toMatch(/^pain008-\d{4}-\d{2}-\d{2}\.xml$/);
    const xml = file.bytes.toString('utf8');
    expect(validatePain008(xml)).toEqual([]);
    const sent = await office.call<Payment>('GET', `/payments/${debit?.id}`);
    expect(sent.status).toBe('PENDING');
    expect(sent.endToEndId).toBeDefined();
    expect(xml).toContain(`<EndToEndId>${sent.endToEndId}</EndToEndId>`);
    await page.keyboard.press('Escape');

    // ---- the bank returns it ---------------------------------------------------------------
    const camt = join(tmpdir(), `fahrwerk-e2e-camt054-${Date.now()}.xml`);
    writeFileSync(
      camt,
      buildCamt054([
        { endToEndId: sent.endToEndId as string, amount: sent.amount, reasonCode: 'AM04' },
      ]),
    );
    await page.getByRole('button', { name: 'Rücklastschriften importieren' }).click();
    const returns = page.getByRole('dialog', { name: 'Rücklastschriften importieren' });
    await returns.waitFor();
    await returns.locator('input[type="file"]').setInputFiles(camt);
    await returns.getByRole('button', { name: 'Importieren' }).click();
    await returns.getByText('1 Lastschrift neu fehlgeschlagen').waitFor({ timeout: 30_000 });
    await returns.getByRole('button', { name: 'Fertig' }).click();

    // The education is red now, with the direct-debit failure text.
    await page.getByRole('searchbox', { name: 'Suche' }).fill(row.lastName);
    const red = page.locator('tr:has([data-failed])', { hasText: nameOf(row) });
    await red.waitFor({ timeout: 30_000 });
    await red.getByText(/Lastschrift fehlgeschlagen/).waitFor();
    const failed = await office.call<Payment>('GET', `/payments/${debit?.id}`);
    expect(['FAILED', 'CHARGED_BACK']).toContain(failed.status);

    // ---- the DATEV booking batch of this month -------------------------------------------
    await page.goto('/accounting');
    const today = berlinIso(0);
    await typeDate(page, page.getByRole('group', { name: 'Von' }), `${today.slice(0, 8)}01`);
    await typeDate(page, page.getByRole('group', { name: 'Bis' }), today);
    const datev = await download(page, () =>
      page.getByRole('button', { name: 'DATEV-Export herunterladen' }).click(),
    );
    expect(datev.name).toBe(
      `EXTF_Buchungsstapel_${today.slice(0, 8).replaceAll('-', '')}01_${today.replaceAll('-', '')}.csv`,
    );
    expect(datev.bytes.subarray(0, 20).toString('latin1')).toMatch(/^"EXTF";700;21;/);
    await context.close();
  });
});
