import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  apiAs,
  berlinIso,
  choose,
  DEMO,
  drawSignature,
  type Harness,
  signIn,
  startHarness,
  typeDate,
  typeTime,
} from './harness';

/*
 * The scheduler against the real server (issue 11): the office books a double lesson on a
 * free slot, tries a second one on the same car and cancels at the vehicle conflict; the
 * instructor opens the lesson on a tablet, the student signs, the lesson is booked, released
 * and then read-only.
 */

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.stop();
});

type Check = { ok: boolean };

describe('the scheduler in the built back office', () => {
  test('office books a double lesson, is stopped by the car in use, the student signs on a tablet, release locks it', async () => {
    const office = await apiAs(harness, DEMO.office);
    const jonas = await apiAs(harness, DEMO.instructor);

    // Two of Jonas's own students with exactly one education (so the dialog chooses it).
    const { data: own } = await jonas.call<{
      data: { id: number; firstName: string; lastName: string }[];
    }>('POST', '/students-filter/filter', { page: 0, size: 100, archived: false });
    const students: { id: number; name: string }[] = [];
    for (const student of own) {
      const educations = await jonas.call<{ licenseClass: string; archived: boolean }[]>(
        'GET',
        `/student-educations/student/${student.id}`,
      );
      const active = educations.filter((e) => !e.archived);
      if (active.length === 1 && active[0]?.licenseClass === 'B') {
        students.push({ id: student.id, name: `${student.firstName} ${student.lastName}` });
      }
      if (students.length === 2) break;
    }
    expect(students).toHaveLength(2);
    const [first, second] = students as [(typeof students)[0], (typeof students)[0]];
    const educationOf = async (studentId: number) =>
      (
        await jonas.call<{ id: number; archived: boolean }[]>(
          'GET',
          `/student-educations/student/${studentId}`,
        )
      ).find((e) => !e.archived)?.id as number;

    // A free 90 minutes for Jonas and a class-B car within his hours. The demo books the next
    // two weeks fully (a day of his holds up to 495 minutes, the legal limit) and the weeks after
    // less and less, so the first free slot may lie three or four weeks ahead.
    const vehicles = await office.call<
      { id: number; name: string; plate: string; kind: string; licenseClasses: string[] }[]
    >('GET', '/vehicles');
    const cars = vehicles.filter((v) => v.kind === 'CAR' && v.licenseClasses.includes('B'));
    const education = await educationOf(first.id);
    let slot: { date: string; startTime: string; car: (typeof cars)[0] } | undefined;
    search: for (let days = 1; days <= 60; days++) {
      const date = berlinIso(days);
      const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
      if (weekday === 0 || weekday === 6) continue;
      for (const startTime of ['08:00', '09:30', '11:00', '12:30', '14:00', '15:30']) {
        const body = {
          type: 'DRIVING',
          date,
          startTime,
          minutes: 90,
          studentEducationId: education,
        };
        const [overlap, hours] = await Promise.all([
          office.call<Check>(
            'POST',
            `/calendar/instructor/${jonas.userId}/check-overlapping-appointments`,
            body,
          ),
          office.call<Check>(
            'POST',
            `/calendar/instructor/${jonas.userId}/check-working-hours`,
            body,
          ),
        ]);
        if (!overlap.ok || !hours.ok) continue;
        for (const car of cars) {
          const free = await office.call<Check>(
            'POST',
            '/calendar/vehicle/check-overlapping-appointments',
            { ...body, vehicleId: car.id, instructorId: jonas.userId },
          );
          if (free.ok) {
            slot = { date, startTime, car };
            break search;
          }
        }
      }
    }
    expect(slot, 'a free slot in the next 60 days').toBeDefined();
    const { date, startTime, car } = slot as NonNullable<typeof slot>;
    const carLabel = `${car.name} (${car.plate})`;

    // ---- the office books the double lesson --------------------------------------------
    {
      const { context, page } = await harness.newPage();
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/scheduler');
      await page.waitForURL(/\/login/);
      await signIn(page, DEMO.office);
      await page.waitForURL((url) => url.pathname === '/scheduler');
      await page.getByRole('heading', { name: 'Terminplaner' }).waitFor();

      const book = async (student: { name: string }, time: string) => {
        await page.getByRole('button', { name: 'Termin anlegen' }).click();
        const dialog = page.getByRole('dialog', { name: 'Neuer Termin' });
        await dialog.waitFor();
        await choose(page, dialog.getByRole('button', { name: /Fahrlehrer/ }), 'Jonas Weber');
        await typeDate(page, dialog.getByRole('group', { name: /Datum/ }), date);
        await typeTime(page, dialog.getByRole('group', { name: /Beginn/ }), time);
        await dialog.getByRole('button', { name: 'Doppelstunde' }).click();
        const picker = dialog.getByRole('combobox', { name: /Fahrschüler/ });
        await picker.fill(student.name);
        await page.getByRole('option', { name: student.name }).click();
        await dialog
          .getByRole('button', { name: /Klasse B.*Ausbildung|Ausbildung.*Klasse B/ })
          .waitFor();
        await choose(page, dialog.getByRole('button', { name: /Fahrzeug/ }).first(), carLabel);
        await dialog.getByRole('button', { name: 'Speichern' }).click();
        return dialog;
      };

      const dialog = await book(first, startTime);
      await page.getByText('Gespeichert.').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      const [hour, minute] = startTime.split(':').map(Number) as [number, number];
      const overlapping = `${String(hour + (minute + 45 >= 60 ? 1 : 0)).padStart(2, '0')}:${String((minute + 45) % 60).padStart(2, '0')}`;

      // ---- a second lesson on the same car 45 minutes later: the conflict, cancelled -----
      // (the car may have a later booking too, so 'Fahrzeug belegt' can be listed twice)
      const again = await book(second, overlapping);
      const conflict = page.getByRole('alertdialog', { name: 'Trotzdem buchen?' });
      await conflict.waitFor();
      await conflict.getByText('Fahrzeug belegt').first().waitFor();
      await conflict.getByText(first.name).first().waitFor();
      await conflict.getByRole('button', { name: 'Abbrechen' }).click();
      await conflict.waitFor({ state: 'hidden' });
      await again
        .getByRole('button', { name: /Abbrechen|Schließen/ })
        .first()
        .click();
      await again.waitFor({ state: 'hidden' });
      await context.close();
    }

    const lessonsOf = (studentId: number) =>
      office.call<{ data: { id: number; minutes: number; vehicleId?: number }[] }>(
        'POST',
        `/appointments/${studentId}`,
        { from: date, to: date },
      );
    const booked = (await lessonsOf(first.id)).data;
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({ minutes: 90, vehicleId: car.id });
    expect((await lessonsOf(second.id)).data).toHaveLength(0);
    const lessonId = booked[0]?.id as number;

    // ---- the instructor on a tablet: the student signs, the lesson is booked, released ----
    {
      const context = await harness.browser.newContext({
        baseURL: harness.baseUrl,
        locale: 'de-DE',
        timezoneId: 'Europe/Berlin',
        viewport: { width: 1024, height: 768 },
        hasTouch: true,
      });
      const page = await context.newPage();
      await page.goto('/scheduler');
      await page.waitForURL(/\/login/);
      await signIn(page, DEMO.instructor);
      await page.waitForURL((url) => url.pathname === '/scheduler');
      const entry = page.locator(`button[data-entry-id="${lessonId}"]`);
      // The instructors' day view, chosen (the default view changes once the first answer
      // says how many calendars the instructor sees), then as many "Weiter" as days lie
      // between — not a few seconds' wait per step, which a busy machine outlasts.
      await page
        .getByRole('group', { name: 'Ansicht' })
        .getByRole('button', { name: 'Fahrlehrer' })
        .click();
      await page
        .getByRole('group', { name: 'Zeitraum' })
        .getByRole('button', { name: 'Tag' })
        .click();
      for (let day = 0; day < daysUntil(date); day++) {
        await page.getByRole('button', { name: 'Weiter' }).click();
      }
      await entry.waitFor({ state: 'visible', timeout: 60_000 });
      await entry.click();
      const dialog = page.getByRole('dialog', { name: 'Termin bearbeiten' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Unterschreiben und buchen' }).click();
      const signing = page.getByRole('dialog', { name: 'Unterschrift des Fahrschülers' });
      await signing.waitFor();
      await drawSignature(page, signing.locator('canvas'));
      await signing.getByRole('button', { name: 'Unterschreiben und buchen' }).click();
      await signing.waitFor({ state: 'hidden' });
      await page.getByText('Gespeichert.').first().waitFor();
      const signed = await office.call<{ booked: boolean; signed: boolean; bookedPrice?: number }>(
        'GET',
        `/appointments/${lessonId}`,
      );
      expect(signed).toMatchObject({ booked: true, signed: true });
      expect(signed.bookedPrice).toBeGreaterThan(0);

      // Released: read-only from now on.
      const opened = page.getByRole('dialog', { name: /^Termin (bearbeiten|ansehen)$/ });
      if (!(await opened.isVisible())) await entry.click();
      await opened.getByRole('button', { name: 'Freigeben' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Termin freigeben?' });
      await confirm.getByRole('button', { name: 'Endgültig freigeben' }).click();
      await page.getByText('Der Termin ist freigegeben.').first().waitFor();
      await opened.waitFor({ state: 'hidden' });
      await entry.getByText('freigegeben').waitFor();
      await entry.click();
      const view = page.getByRole('dialog', { name: 'Termin ansehen' });
      await view
        .getByText('Der Termin ist freigegeben und kann nicht mehr geändert werden.')
        .waitFor();
      expect(await view.getByRole('button', { name: 'Speichern' }).count()).toBe(0);
      await context.close();
    }

    const released = await office.call<{ released: boolean }>('GET', `/appointments/${lessonId}`);
    expect(released.released).toBe(true);
  });
});

/** How many days lie between today in Berlin and `iso`. */
function daysUntil(iso: string): number {
  const day = (value: string) => new Date(`${value}T12:00:00Z`).getTime();
  return Math.round((day(iso) - day(berlinIso(0))) / 86_400_000);
}
