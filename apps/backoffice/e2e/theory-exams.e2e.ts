import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pdfText } from '../../server/src/test/pdf-text';
import {
  apiAs,
  berlinIso,
  choose,
  DEMO,
  drawSignature,
  type Harness,
  signIn,
  startHarness,
  tick,
  typeDate,
  typeTime,
} from './harness';

/*
 * Theory and exams against the real server (issue 12): the office creates a theory course with
 * a basic and a class-B lesson, assigns a class-B and a class-A student and books both into
 * the class-B lesson (the class-A student is refused with the reason); the instructor records
 * the attendance of a basic lesson with a signature and downloads the attendance list, a PDF
 * naming the signer. The office adds a ready student to a practical exam it creates, books
 * the exam, records "failed", and the screen books the repeat presentation fee, which the
 * student record then lists among the education's booked products.
 */

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.stop();
});

type Api = Awaited<ReturnType<typeof apiAs>>;
type Student = { id: number; firstName: string; lastName: string };
type Education = {
  id: number;
  studentId: number;
  licenseClass: string;
  status: string;
  archived: boolean;
  courseIds: number[];
};
type Requirement = { name: string; status: boolean };
type Lesson = {
  id: number;
  additional: boolean;
  lessonNumber: number;
  participants: { studentId: number; signed: boolean }[];
};

const nameOf = (student: Student) => `${student.firstName} ${student.lastName}`;
const ACTIVE = (e: Education) => !e.archived && !['FINISHED', 'CANCELLED'].includes(e.status);
const MOTORCYCLE = ['A', 'A1', 'A2', 'AM'];
/** The documents a practical exam asks for, by requirement name. */
const DOCUMENTS: Record<string, string> = {
  idCard: 'ID_CARD',
  passportPhoto: 'PASSPORT_PHOTO',
  applicationForm: 'APPLICATION_FORM',
  eyeTest: 'EYE_TEST',
  firstAid: 'FIRST_AID',
};
/** The smallest PDF the upload check recognises as one. */
const TINY_PDF = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';

/** Every page of a filter call (the server allows 100 rows a page). */
async function allPages<T>(api: Api, path: string, body: object): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 0; ; page++) {
    const { data, total } = await api.call<{ data: T[]; total: number }>('POST', path, {
      ...body,
      page,
      size: 100,
    });
    rows.push(...data);
    if (data.length === 0 || rows.length >= total) return rows;
  }
}

/** Whether exactly one student has this name (the pickers choose by name). */
async function uniqueName(api: Api, student: Student): Promise<boolean> {
  const { data } = await api.call<{ data: Student[] }>('POST', '/students-filter/filter', {
    page: 0,
    size: 20,
    archived: false,
    search: student.lastName,
  });
  return data.filter((row) => nameOf(row) === nameOf(student)).length === 1;
}

async function toast(page: Page, text: string) {
  await page.getByText(text).first().waitFor({ timeout: 30_000 });
}

describe('theory and exams in the built back office', () => {
  test('a course with lessons, a refused booking, a signed attendance list, a failed practical exam with its repeat fee', async () => {
    const office = await apiAs(harness, DEMO.office);
    const jonas = await apiAs(harness, DEMO.instructor);
    const owner = await apiAs(harness, DEMO.owner);
    const stamp = Date.now().toString(36);
    const today = berlinIso(0);
    const shown = today.split('-').reverse().join('.');

    // ---- set-up: the students -----------------------------------------------------------
    // A class-B student of Jonas's own (he records the attendance) with a basic and a class-B
    // lesson number not attended yet, so both fit and neither is a repetition.
    const { data: own } = await jonas.call<{ data: Student[] }>('POST', '/students-filter/filter', {
      page: 0,
      size: 100,
      archived: false,
    });
    let learner: { student: Student; basic: number; additional: number } | undefined;
    for (const student of own) {
      const educations = (
        await jonas.call<Education[]>('GET', `/student-educations/student/${student.id}`)
      ).filter(ACTIVE);
      const [education] = educations;
      if (educations.length !== 1 || education?.licenseClass !== 'B') continue;
      if (education.courseIds.length >= 3) continue;
      const attended = await allPages<Lesson>(office, '/theory-lesson/filter', {
        studentId: student.id,
      });
      const done = (additional: boolean) =>
        new Set(attended.filter((l) => l.additional === additional).map((l) => l.lessonNumber));
      const basic = [...Array(12).keys()].map((n) => n + 1).find((n) => !done(false).has(n));
      const additional = [1, 2].find((n) => !done(true).has(n));
      if (basic === undefined || additional === undefined) continue;
      if (!(await uniqueName(office, student))) continue;
      learner = { student, basic, additional };
      break;
    }
    expect(learner, 'a class-B student of Jonas with lessons to attend').toBeDefined();
    const { student: bStudent, basic, additional } = learner as NonNullable<typeof learner>;

    // A motorcycle student (no class-B education): the class-B lesson does not fit them.
    const educations = await allPages<Education>(office, '/student-educations/filter', {
      archived: false,
    });
    const byStudent = new Map<number, Education[]>();
    for (const e of educations.filter(ACTIVE)) {
      byStudent.set(e.studentId, [...(byStudent.get(e.studentId) ?? []), e]);
    }
    let aStudent: Student | undefined;
    for (const [studentId, rows] of byStudent) {
      const [education] = rows;
      if (rows.length !== 1 || !education || !MOTORCYCLE.includes(education.licenseClass)) continue;
      if (education.courseIds.length >= 3) continue;
      const student = await office.call<Student>('GET', `/students/${studentId}`);
      if (await uniqueName(office, student)) {
        aStudent = student;
        break;
      }
    }
    expect(aStudent, 'a student with only a motorcycle education').toBeDefined();
    const motorcyclist = aStudent as Student;

    // A student past the theory exam who lacks only documents for the practical exam, in a
    // class whose price list prices the exam presentation; the documents are uploaded here.
    let examinee: { student: Student; education: Education; fee: string } | undefined;
    const passed = educations.filter(
      (e) =>
        ACTIVE(e) &&
        e.status === 'THEORY_PASSED' &&
        ![bStudent.id, motorcyclist.id].includes(e.studentId),
    );
    search: for (let i = 0; i < passed.length; i += 40) {
      const chunk = passed.slice(i, i + 40);
      const infos = await office.call<
        { studentEducationId: number; requirements: Requirement[] }[]
      >(
        'GET',
        `/practical-exams/education-status-info?${chunk.map((e) => `studentEducationIds=${e.id}`).join('&')}`,
      );
      for (const info of infos) {
        const missing = info.requirements.filter((r) => !r.status).map((r) => r.name);
        if (missing.length === 0 || !missing.every((name) => name in DOCUMENTS)) continue;
        const education = chunk.find((e) => e.id === info.studentEducationId) as Education;
        const prices = await office.call<{ hourType?: string; productName: string }[]>(
          'GET',
          `/prices/by-student-education/${education.id}`,
        );
        const fee = prices.find((p) => p.hourType === 'EXAM_PRESENTATION');
        if (!fee) continue;
        const student = await office.call<Student>('GET', `/students/${education.studentId}`);
        if (!(await uniqueName(office, student))) continue;
        for (const name of missing) {
          const form = new FormData();
          form.append('file', new Blob([TINY_PDF], { type: 'application/pdf' }), `${name}.pdf`);
          form.append('studentId', String(student.id));
          form.append('type', DOCUMENTS[name] as string);
          await office.call('POST', '/student-documents', form);
        }
        examinee = { student, education, fee: fee.productName };
        break search;
      }
    }
    expect(examinee, 'a student who lacks only documents for the practical exam').toBeDefined();
    const {
      student: candidate,
      education: examEducation,
      fee,
    } = examinee as NonNullable<typeof examinee>;

    // The contract's default: recording "failed" books nothing, the exam screen books the
    // repeat fee (the demo school has the automatic booking switched on).
    const master = await owner.call<{ switches: Record<string, boolean> }>(
      'GET',
      '/driving-schools/current/master-data',
    );
    master.switches.automaticExamOrganisationFees = false;
    await owner.call('PUT', '/driving-schools/current/master-data', master);

    const organizations = await office.call<{ name: string }[]>(
      'GET',
      '/testing-organizations?archived=false',
    );
    const organization = organizations[0]?.name as string;
    expect(organization).toBeTruthy();

    const courseName = `E2E-Theorie ${stamp}`;
    let courseId = 0;

    // ---- the office: course, lessons, students, a refused booking --------------------------
    {
      const { context, page } = await harness.newPage();
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/theory');
      await page.waitForURL(/\/login/);
      await signIn(page, DEMO.office);
      await page.waitForURL((url) => url.pathname === '/theory');
      await page.getByRole('heading', { name: 'Theorie', level: 1 }).waitFor();

      await page.getByRole('button', { name: 'Kurs anlegen' }).click();
      const create = page.getByRole('dialog', { name: 'Neuer Theoriekurs' });
      await create.waitFor();
      await create.getByRole('textbox', { name: /^Kurzbeschreibung/ }).fill(courseName);
      await typeDate(page, create.getByRole('group', { name: /^Beginn/ }), today);
      await typeDate(page, create.getByRole('group', { name: /^Ende/ }), berlinIso(28));
      await choose(page, create.getByRole('button', { name: /Filiale/ }), /^Filiale /);
      await choose(page, create.getByRole('button', { name: /Fahrlehrer/ }), 'Jonas Weber');
      await create.getByRole('button', { name: 'Speichern' }).click();
      await create.waitFor({ state: 'hidden', timeout: 30_000 });
      await toast(page, 'Gespeichert.');

      // Open it from the list.
      await page.getByRole('searchbox', { name: 'Suche' }).fill(courseName);
      await page.getByText(courseName, { exact: true }).click({ timeout: 30_000 });
      await page.waitForURL((url) => url.searchParams.has('course'), { timeout: 30_000 });
      courseId = Number(new URL(page.url()).searchParams.get('course'));
      await page.getByRole('heading', { name: courseName, level: 1 }).waitFor();

      // The timetable: a basic lesson today at 18:00 and a class-B lesson at 19:45.
      const addLesson = async (kind: 'basic' | 'additional', number: number) => {
        await page.getByRole('button', { name: 'Lektion anlegen' }).click();
        const dialog = page.getByRole('dialog', { name: 'Neue Lektion' });
        await dialog.waitFor();
        if (kind === 'additional') {
          await choose(
            page,
            dialog.getByRole('button', { name: /Stoff/ }),
            'Zusatzstoff (klassenspezifisch)',
          );
          await tick(dialog.getByRole('checkbox', { name: 'B', exact: true }));
          await typeTime(page, dialog.getByRole('group', { name: /^Beginn/ }), '19:45');
        }
        await choose(
          page,
          dialog.getByRole('button', { name: /Lektion/ }),
          new RegExp(`^${number}\\. `),
        );
        await dialog.getByRole('button', { name: 'Speichern' }).click();
        await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
      };
      await addLesson('basic', basic);
      await addLesson('additional', additional);
      await page.getByRole('button', { name: `Anwesenheit: Z${additional} ${shown}` }).waitFor();
      await page.getByRole('button', { name: `Anwesenheit: G${basic} ${shown}` }).waitFor();

      // Both students join the course.
      for (const student of [bStudent, motorcyclist]) {
        await page.getByRole('button', { name: 'Fahrschüler zuordnen' }).click();
        const dialog = page.getByRole('dialog', { name: 'Fahrschüler zuordnen' });
        await dialog.waitFor();
        await dialog.getByRole('combobox', { name: /Fahrschüler/ }).fill(nameOf(student));
        await page.getByRole('option', { name: nameOf(student) }).click({ timeout: 30_000 });
        await dialog.getByRole('button', { name: /Ausbildung/ }).waitFor({ timeout: 30_000 });
        await dialog.getByRole('button', { name: 'Zuordnen' }).click();
        await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
        await page
          .getByRole('table', { name: 'Fahrschüler des Kurses' })
          .getByText(nameOf(student))
          .waitFor({ timeout: 30_000 });
      }

      // The class-B lesson: the class-B student fits, the motorcyclist is refused.
      await page.getByRole('button', { name: `Anwesenheit: Z${additional} ${shown}` }).click();
      await page.getByRole('button', { name: 'Teilnehmer eintragen' }).click();
      const booking = page.getByRole('dialog', { name: 'Teilnehmer eintragen' });
      await booking.waitFor();
      for (const student of [bStudent, motorcyclist]) {
        await tick(booking.getByRole('checkbox', { name: nameOf(student) }));
      }
      const rowOf = (student: Student) =>
        booking.getByRole('listitem').filter({ hasText: nameOf(student) });
      await rowOf(bStudent).getByText('passt', { exact: true }).waitFor({ timeout: 30_000 });
      await rowOf(motorcyclist).getByText('passt nicht', { exact: true }).waitFor();
      await rowOf(motorcyclist).getByText('die Klasse passt nicht zu dieser Lektion').waitFor();
      await booking.getByRole('button', { name: '1 buchen' }).click();
      await booking.waitFor({ state: 'hidden', timeout: 30_000 });
      await toast(page, 'Die Teilnahme wurde gebucht.');
      const attendees = page.getByRole('table', { name: 'Teilnehmer der Lektion' });
      await attendees.getByText(nameOf(bStudent)).waitFor({ timeout: 30_000 });
      expect(await attendees.getByText(nameOf(motorcyclist)).count()).toBe(0);
      await context.close();
    }

    const lessonsOfCourse = () => office.call<Lesson[]>('GET', `/theory-lesson/course/${courseId}`);
    const lessons = await lessonsOfCourse();
    const basicLesson = lessons.find((l) => !l.additional) as Lesson;
    const classLesson = lessons.find((l) => l.additional) as Lesson;
    expect(lessons).toHaveLength(2);
    expect(basicLesson.lessonNumber).toBe(basic);
    expect(classLesson).toMatchObject({ lessonNumber: additional, licenseClasses: ['B'] });
    expect(classLesson.participants.map((p) => p.studentId)).toEqual([bStudent.id]);

    // ---- the instructor: attendance with a signature, the attendance list -----------------
    {
      const context = await harness.browser.newContext({
        baseURL: harness.baseUrl,
        locale: 'de-DE',
        timezoneId: 'Europe/Berlin',
        viewport: { width: 1280, height: 900 },
        acceptDownloads: true,
      });
      const page = await context.newPage();
      await page.goto('/theory');
      await page.waitForURL(/\/login/);
      await signIn(page, DEMO.instructor);
      await page.waitForURL((url) => url.pathname === '/theory');
      await page.getByRole('searchbox', { name: 'Suche' }).fill(courseName);
      await page.getByText(courseName, { exact: true }).click({ timeout: 30_000 });
      await page.getByRole('heading', { name: courseName, level: 1 }).waitFor();

      await page.getByRole('button', { name: `Anwesenheit: G${basic} ${shown}` }).click();
      await page.getByRole('button', { name: 'Teilnehmer eintragen' }).click();
      const booking = page.getByRole('dialog', { name: 'Teilnehmer eintragen' });
      await booking.waitFor();
      await tick(booking.getByRole('checkbox', { name: nameOf(bStudent) }));
      await booking
        .getByRole('listitem')
        .filter({ hasText: nameOf(bStudent) })
        .getByText('passt', { exact: true })
        .waitFor({ timeout: 30_000 });
      await booking.getByRole('button', { name: '1 buchen' }).click();
      await booking.waitFor({ state: 'hidden', timeout: 30_000 });
      await toast(page, 'Die Teilnahme wurde gebucht.');

      await page
        .getByRole('button', { name: `Unterschreiben: ${nameOf(bStudent)}` })
        .click({ timeout: 30_000 });
      const signing = page.getByRole('dialog', { name: 'Unterschrift des Fahrschülers' });
      await signing.waitFor({ timeout: 30_000 });
      await drawSignature(page, signing.locator('canvas'));
      await signing.getByText('Unterschrift erfasst.').waitFor();
      await signing.getByRole('button', { name: 'Unterschrift speichern' }).click();
      await signing.waitFor({ state: 'hidden', timeout: 30_000 });
      await page.getByText('1 von 1 unterschrieben').waitFor({ timeout: 30_000 });

      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 60_000 }),
        page.getByRole('button', { name: 'Anwesenheitsliste (PDF)' }).click(),
      ]);
      const pdf = await readFile(await download.path());
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = pdfText(pdf);
      expect(text).toContain(bStudent.lastName);
      expect(text).toContain(bStudent.firstName);
      expect(text).toContain('Jonas Weber');
      expect(text).not.toContain(motorcyclist.lastName);
      await context.close();
    }

    const signed = (await lessonsOfCourse()).find((l) => l.id === basicLesson.id) as Lesson;
    expect(signed.participants).toEqual([
      expect.objectContaining({ studentId: bStudent.id, signed: true }),
    ]);

    // ---- the office: a practical exam, a ready student, booked, failed, the repeat fee -----
    {
      const { context, page } = await harness.newPage();
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/practical-exam');
      await page.waitForURL(/\/login/);
      await signIn(page, DEMO.office);
      await page.waitForURL((url) => url.pathname === '/practical-exam');
      await page.getByRole('heading', { name: 'Praktische Prüfungen', level: 1 }).waitFor();

      const listNumber = `E2E-${stamp}`;
      await page.getByRole('button', { name: 'Prüftermin anlegen' }).click();
      const create = page.getByRole('dialog', { name: 'Neuer Prüftermin' });
      await create.waitFor();
      await typeDate(page, create.getByRole('group', { name: /^Datum/ }), today);
      await typeTime(page, create.getByRole('group', { name: /^Uhrzeit/ }), '07:30');
      await choose(page, create.getByRole('button', { name: /Prüforganisation/ }), organization);
      await create.getByRole('textbox', { name: /^Listennummer/ }).fill(listNumber);
      await choose(
        page,
        create.getByRole('button', { name: /Klasse/ }),
        new RegExp(`^${examEducation.licenseClass}$`),
      );
      await create.getByRole('button', { name: 'Speichern' }).click();
      await create.waitFor({ state: 'hidden', timeout: 30_000 });
      await toast(page, 'Gespeichert.');

      await page.getByRole('searchbox', { name: 'Prüftermine suchen' }).fill(listNumber);
      const table = page
        .getByRole('grid', { name: 'Prüftermine' })
        .or(page.getByRole('table', { name: 'Prüftermine' }));
      await table.getByText(listNumber).waitFor({ timeout: 30_000 });
      await table.getByRole('link', { name: `Prüftermin am ${shown} öffnen` }).click();
      await page.waitForURL((url) => url.searchParams.has('exam'), { timeout: 30_000 });
      const examId = Number(new URL(page.url()).searchParams.get('exam'));
      await page
        .getByRole('heading', { name: `Praktische Prüfung am ${shown}`, level: 1 })
        .waitFor();

      // The candidate shows every requirement met.
      await page.getByRole('button', { name: 'Teilnehmer hinzufügen' }).click();
      const adding = page.getByRole('dialog', { name: 'Teilnehmer hinzufügen' });
      await adding.waitFor();
      await adding.getByRole('searchbox', { name: 'Schüler suchen' }).fill(candidate.lastName);
      const choice = adding.getByRole('checkbox', {
        name: `${nameOf(candidate)} (${examEducation.licenseClass}) auswählen`,
      });
      await choice.waitFor({ timeout: 30_000 });
      const entry = adding.getByRole('listitem').filter({ hasText: nameOf(candidate) });
      // Waited for, not read once: the entry may show "Wird geladen …" again while the
      // search's next answer arrives (a busy machine saw that between the wait and the read).
      await entry.getByText('Alle Voraussetzungen erfüllt').waitFor({ timeout: 30_000 });
      const requirements = entry.getByRole('list', {
        name: `Voraussetzungen von ${nameOf(candidate)}`,
      });
      await requirements.getByText('Ausweis vorhanden').waitFor();
      expect(await requirements.getByText(': offen').count()).toBe(0);
      await tick(choice);
      await adding.getByRole('button', { name: '1 hinzufügen' }).click();
      await adding.waitFor({ state: 'hidden', timeout: 30_000 });
      await toast(page, 'Teilnehmer gespeichert.');

      const participants = page.getByRole('table', { name: 'Teilnehmer' });
      const row = participants.getByRole('row').filter({ hasText: nameOf(candidate) });
      await row
        .getByRole('button', { name: `Als bereit markieren (${nameOf(candidate)})` })
        .click();
      await toast(page, `${nameOf(candidate)} ist als bereit markiert.`);
      await row.getByText('Bereit').first().waitFor({ timeout: 30_000 });

      await page.getByRole('button', { name: 'Prüfung buchen' }).click();
      await page.getByText(/^Gebucht am /).waitFor({ timeout: 30_000 });
      await row.getByText('Angemeldet').first().waitFor({ timeout: 30_000 });

      const feeAnswer = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' &&
          response.url().includes('/products/student-booked-product/on-failed-exam/'),
        { timeout: 60_000 },
      );
      await choose(
        page,
        row.getByRole('button', { name: new RegExp(`Status von ${nameOf(candidate)}`) }),
        'Nicht bestanden',
      );
      await toast(page, `Status von ${nameOf(candidate)} gespeichert.`);
      const answer = await feeAnswer;
      expect(answer.status()).toBe(201);
      const booked = (await answer.json()) as {
        id: number;
        name: string;
        studentEducationId: number;
        type: string;
        price: number;
      }[];
      expect(booked).toEqual([
        expect.objectContaining({
          name: fee,
          studentEducationId: examEducation.id,
          type: 'DRIVING_LESSON',
        }),
      ]);
      expect(booked[0]?.price).toBeGreaterThan(0);
      await toast(page, `Die Wiederholungsgebühr für ${nameOf(candidate)} wurde gebucht.`);

      // The fee is on the student's booked products once: a second booking is refused.
      const participant = (
        await office.call<{
          participants: { id: number; studentEducationId: number; status: string }[];
        }>('GET', `/practical-exams/${examId}`)
      ).participants.find((p) => p.studentEducationId === examEducation.id);
      expect(participant?.status).toBe('FAILED');
      const again = await office.send(
        'POST',
        `/products/student-booked-product/on-failed-exam/${examEducation.id}/${participant?.id}`,
      );
      expect(again.status).toBe(422);
      expect(((await again.json()) as { error_message: string }).error_message).toBe(
        'errors.already_booked',
      );

      // The student record's exams tab shows the failed exam …
      await page.goto(`/students/edit/${candidate.id}?tab=exams`);
      await page
        .getByRole('row')
        .filter({ hasText: shown })
        .filter({ hasText: 'Nicht bestanden' })
        .first()
        .waitFor({ timeout: 30_000 });
      // … and the education's booked products the repeat fee, open (not invoiced yet).
      const listed = await office.call<{ id: number; name: string }[]>(
        'GET',
        `/student-educations/${examEducation.id}/booked-products`,
      );
      // Newest first: the fee just booked.
      expect(listed[0]).toMatchObject({ name: fee, id: booked[0]?.id });
      await page.goto(`/students/edit/${candidate.id}?tab=educations`);
      const educationCard = page
        .getByRole('listitem')
        .filter({
          has: page.getByRole('heading', {
            name: `Ausbildung Klasse ${examEducation.licenseClass}`,
          }),
        })
        .first();
      await educationCard
        .getByRole('button', { name: 'Gebuchte Leistungen anzeigen' })
        .click({ timeout: 30_000 });
      const bookedTable = educationCard.getByRole('table', { name: 'Gebuchte Leistungen' });
      await bookedTable
        .getByRole('row')
        .filter({ hasText: fee })
        .filter({ hasText: 'offen' })
        .first()
        .waitFor({ timeout: 30_000 });
      await context.close();
    }
  });
});
