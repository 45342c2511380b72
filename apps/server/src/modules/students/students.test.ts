import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailConfigs,
  examParticipants,
  exams,
  paymentDocuments,
  storedFiles,
  students,
  testingOrganizations,
} from '../../db/schema';
import { startSmtpSink } from '../../test/smtp-sink';
import {
  DRIVERS,
  expectError,
  TEST_JWT_SECRET,
  TEST_PUBLIC_URL,
  type TestApp,
  useTestApp,
} from '../../test/test-app';
import { verifyConfirmationToken } from './students.handlers';
import {
  createEducation,
  createStudent,
  fixtures,
  PNG_BYTES,
  type StudentFixtures,
  secondSchool,
  studentBody,
} from './students.test-kit';

/*
 * Students beyond the generic calls: the list filters, sorting and paging, who sees which
 * student (instructor visibility, other schools), input rules, the photo, the learning-app
 * switch and confirmation e-mail, deleting unconfirmed sign-ups, the overview with exams.
 */

type ListItem = { id: number; lastName: string; firstName: string };
type Page = { data: ListItem[]; total: number };

describe.each(DRIVERS)('students (%s)', (driver) => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    smtp = await startSmtpSink();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const t: TestApp = useTestApp(driver);

  const list = (token: string, body: Record<string, unknown>, path = '/students/student-list') =>
    t.call<Page>('POST', path, { token, body });

  describe('the student list', () => {
    let f: StudentFixtures;
    const ids = { anna: 0, bernd: 0, carla: 0, dora: 0, emil: 0 };
    const tag = `Zyx${driver}`;

    beforeAll(async () => {
      f = await fixtures(t);
      // Five students of one family name (`tag`) to filter among.
      ids.anna = await createStudent(t, f, {
        firstName: 'Anna',
        lastName: `${tag}Adler`,
        instructorId: f.instructorId,
      });
      ids.bernd = await createStudent(t, f, {
        firstName: 'Bernd',
        lastName: `${tag}Bauer`,
        branchId: f.otherBranchId,
      });
      ids.carla = await createStudent(t, f, {
        firstName: 'Carla',
        lastName: `${tag}Clausen`,
        instructorId: f.instructorId,
        branchId: f.otherBranchId,
      });
      ids.dora = await createStudent(t, f, { firstName: 'Dora', lastName: `${tag}Dietz` });
      ids.emil = await createStudent(t, f, { firstName: 'Emil', lastName: `${tag}Ebert` });
      await createEducation(t, f, ids.anna, { licenseClass: 'A', status: 'IN_TRAINING' });
      await createEducation(t, f, ids.bernd, { licenseClass: 'B', status: 'REGISTERED' });
      await createEducation(t, f, ids.carla, { licenseClass: 'A', status: 'REGISTERED' });
      const archived = await t.call('POST', '/students/archive', {
        token: f.owner,
        query: { id: ids.emil, archived: true },
      });
      expect(archived.status, archived.raw).toBe(200);
    });

    const names = (page: Page) => page.data.map((row) => row.firstName);

    it('filters by name, class, branch, instructor, status and archive; sorts; pages', async () => {
      const all = await list(f.owner, { search: tag, page: 0, size: 50 });
      expect(all.status, all.raw).toBe(200);
      // Archived students are left out unless asked for; default order is by last name.
      expect(names(all.body)).toEqual(['Anna', 'Bernd', 'Carla', 'Dora']);
      expect(all.body.total).toBe(4);

      const byFullName = await list(f.owner, { search: `Carla ${tag}Clausen` });
      expect(names(byFullName.body)).toEqual(['Carla']);

      const classA = await list(f.owner, { search: tag, licenseClass: 'A' });
      expect(names(classA.body)).toEqual(['Anna', 'Carla']);

      const branch = await list(f.owner, { search: tag, branchIds: [f.otherBranchId] });
      expect(names(branch.body)).toEqual(['Bernd', 'Carla']);

      const instructor = await list(f.owner, { search: tag, instructorIds: [f.instructorId] });
      expect(names(instructor.body)).toEqual(['Anna', 'Carla']);

      const registered = await list(f.owner, { search: tag, educationStatus: 'REGISTERED' });
      expect(names(registered.body)).toEqual(['Bernd', 'Carla']);

      const archived = await list(f.owner, { search: tag, archived: true });
      expect(names(archived.body)).toEqual(['Emil']);

      const sorted = await list(f.owner, {
        search: tag,
        sort: [{ field: 'firstName', direction: 'desc' }],
      });
      expect(names(sorted.body)).toEqual(['Dora', 'Carla', 'Bernd', 'Anna']);

      const second = await list(f.owner, { search: tag, page: 1, size: 3 });
      expect(names(second.body)).toEqual(['Dora']);
      expect(second.body.total).toBe(4);

      const combined = await list(f.owner, {
        search: tag,
        licenseClass: 'A',
        branchIds: [f.otherBranchId],
      });
      expect(names(combined.body)).toEqual(['Carla']);
    });

    it('refuses an unknown sort field with a German-translatable key', async () => {
      const response = await list(f.owner, { sort: [{ field: 'password' }] });
      expectError(response, 422, 'errors.validation');
    });

    it('shows an instructor with visibility "own" only their own students, everywhere', async () => {
      for (const path of [
        '/students/student-list',
        '/students/visible-for-current-user',
        '/students/filter',
        '/students-filter/filter',
      ]) {
        const page = await list(f.instructor, { search: tag }, path);
        expect(page.status, `${path}: ${page.raw}`).toBe(200);
        expect(names(page.body), path).toEqual(['Anna', 'Carla']);
      }
      const byInstructor = await list(
        f.instructor,
        { search: tag },
        `/students/by-instructor/${f.instructorId}`,
      );
      expect(names(byInstructor.body)).toEqual(['Anna', 'Carla']);
      // The office (visibility "all") sees everyone.
      const office = await list(f.office, { search: tag });
      expect(names(office.body)).toEqual(['Anna', 'Bernd', 'Carla', 'Dora']);

      // Another student of the school is not there for the instructor.
      const note = await t.call<{ id: number }>('POST', '/student-note', {
        token: f.owner,
        body: { studentId: ids.bernd, text: 'Hat Sehtest nachgereicht.' },
      });
      expect(note.status, note.raw).toBe(201);
      const hidden = [
        ['GET', `/students/${ids.bernd}`],
        ['GET', `/students/exam-and-education/${ids.bernd}`],
        ['GET', `/student-note/student/${ids.bernd}`],
        ['GET', `/student-note/${note.body.id}`],
        ['GET', `/student-documents/student/${ids.bernd}`],
        ['GET', `/student-educations/student/${ids.bernd}`],
        ['GET', `/education-events/student/${ids.bernd}`],
      ] as const;
      for (const [method, path] of hidden) {
        const response = await t.call(method, path, { token: f.instructor });
        expect(response.status, `${path}: ${response.raw}`).toBe(404);
      }
      const notes = await t.call<{ studentId: number }[]>('GET', '/student-note', {
        token: f.instructor,
      });
      expect(notes.status, notes.raw).toBe(200);
      expect(notes.body.some((row) => row.studentId === ids.bernd)).toBe(false);
      const educations = await t.call<{ data: { studentId: number }[] }>(
        'POST',
        '/student-educations/filter',
        { token: f.instructor, body: { page: 0, size: 200 } },
      );
      expect(educations.status, educations.raw).toBe(200);
      expect(educations.body.data.map((row) => row.studentId)).not.toContain(ids.bernd);
      expect(educations.body.data.map((row) => row.studentId)).toContain(ids.anna);

      // Their own student is there.
      const own = await t.call('GET', `/students/${ids.anna}`, { token: f.instructor });
      expect(own.status, own.raw).toBe(200);
    });

    it('keeps every school to its own students', async () => {
      const other = await secondSchool(t, `list-${driver}`);
      const foreign = await createStudent(t, { ...f, branchId: other.branchId }, {}, other.token);
      const page = await list(other.token, { search: tag });
      expect(page.body.total).toBe(0);
      for (const path of [`/students/${ids.anna}`, `/students/exam-and-education/${ids.anna}`]) {
        const response = await t.call('GET', path, { token: other.token });
        expect(response.status, path).toBe(404);
      }
      const mine = await t.call('GET', `/students/${foreign}`, { token: f.owner });
      expect(mine.status).toBe(404);
      const archive = await t.call('POST', '/students/archive', {
        token: other.token,
        query: { id: ids.anna, archived: true },
      });
      expect(archive.status).toBe(404);
      const avatar = await t.call('POST', '/students/avatar', {
        token: other.token,
        multipart: {
          fields: { studentId: ids.anna },
          files: [{ fileName: 'foto.png', mimeType: 'image/png', bytes: PNG_BYTES }],
        },
      });
      expect(avatar.status).toBe(404);
    });
  });

  describe('input rules', () => {
    let f: StudentFixtures;
    beforeAll(async () => {
      f = await fixtures(t);
    });

    it('keeps an e-mail address to one student of the school, case-insensitively', async () => {
      const email = `Mia.Kraus.${driver}@Example.de`;
      await createStudent(t, f, { email });
      const twice = await t.call('POST', '/students', {
        token: f.owner,
        body: studentBody(f, { email: email.toLowerCase() }),
      });
      const body = expectError(twice, 422, 'errors.validation');
      expect(body.fieldErrors).toEqual([{ field: 'email', error: 'validation.email_in_use' }]);

      // The check call: 302 when used (any case), 404 when not.
      const used = await t.call('GET', `/students/email-check/${email.toUpperCase()}`, {
        token: f.owner,
      });
      expect(used.status).toBe(302);
      const free = await t.call('GET', `/students/email-check/frei.${driver}@example.de`, {
        token: f.owner,
      });
      expect(free.status).toBe(404);

      // Another school may use the same address.
      const other = await secondSchool(t, `mail-${driver}`);
      const elsewhere = await t.call('POST', '/students', {
        token: other.token,
        body: studentBody({ ...f, branchId: other.branchId }, { email }),
      });
      expect(elsewhere.status, elsewhere.raw).toBe(201);
      const notThere = await t.call('GET', `/students/email-check/${email}`, {
        token: other.token,
      });
      expect(notThere.status).toBe(302);
    });

    it('refuses dates that do not exist', async () => {
      const response = await t.call('POST', '/students', {
        token: f.owner,
        body: studentBody(f, { birthDate: '2007-02-30' }),
      });
      const body = expectError(response, 422, 'errors.validation');
      expect(body.fieldErrors.map((e) => e.field)).toContain('birthDate');
      const text = await t.call('POST', '/students', {
        token: f.owner,
        body: studentBody(f, { registrationDate: '12.01.2026' }),
      });
      expect(expectError(text, 422, 'errors.validation').fieldErrors[0]?.field).toBe(
        'registrationDate',
      );
    });

    it('needs a valid IBAN and the holder for direct debit', async () => {
      const missing = await t.call('POST', '/students', {
        token: f.owner,
        body: studentBody(f, { paymentMethod: 'DIRECT_DEBIT' }),
      });
      expect(expectError(missing, 422, 'errors.validation').fieldErrors).toEqual([
        { field: 'iban', error: 'validation.required' },
      ]);
      const noHolder = await t.call('POST', '/students', {
        token: f.owner,
        body: studentBody(f, { paymentMethod: 'DIRECT_DEBIT', iban: 'DE89370400440532013000' }),
      });
      expect(expectError(noHolder, 422, 'errors.validation').fieldErrors).toEqual([
        { field: 'accountHolder', error: 'validation.required' },
      ]);
      const wrongDigits = await t.call('POST', '/students', {
        token: f.owner,
        body: studentBody(f, {
          paymentMethod: 'DIRECT_DEBIT',
          iban: 'DE00370400440532013000',
          accountHolder: 'Lea Neumann',
        }),
      });
      expect(expectError(wrongDigits, 422, 'errors.validation').fieldErrors).toEqual([
        { field: 'iban', error: 'validation.iban' },
      ]);
      const fine = await t.call<{ id: number; iban: string }>('POST', '/students', {
        token: f.owner,
        body: studentBody(f, {
          paymentMethod: 'DIRECT_DEBIT',
          iban: 'DE89370400440532013000',
          accountHolder: 'Lea Neumann',
        }),
      });
      expect(fine.status, fine.raw).toBe(201);
      // Switching an existing cash payer to direct debit needs the account too.
      const cash = studentBody(f);
      const created = await t.call<{ id: number }>('POST', '/students', {
        token: f.owner,
        body: cash,
      });
      const update = await t.call('PUT', `/students/${created.body.id}`, {
        token: f.owner,
        body: { ...cash, paymentMethod: 'DIRECT_DEBIT' },
      });
      expect(expectError(update, 422, 'errors.validation').fieldErrors[0]?.field).toBe('iban');
    });
  });

  describe('photo, learning app, confirmation, deleting sign-ups, overview', () => {
    let f: StudentFixtures;
    beforeAll(async () => {
      f = await fixtures(t);
    });

    const upload = (
      studentId: number,
      file: { fileName: string; mimeType: string; bytes: Buffer },
    ) =>
      t.call<{ avatar?: { id: number; fileName: string } }>('POST', '/students/avatar', {
        token: f.owner,
        multipart: { fields: { studentId }, files: [file] },
      });

    it('stores, answers and replaces the photo (JPEG/PNG up to 5 MB)', async () => {
      const id = await createStudent(t, f);
      const none = await t.call('GET', '/students/avatar', {
        token: f.owner,
        query: { studentId: id },
      });
      expect(none.status).toBe(404);

      const first = await upload(id, {
        fileName: 'foto.png',
        mimeType: 'image/png',
        bytes: PNG_BYTES,
      });
      expect(first.status, first.raw).toBe(200);
      expect(first.body.avatar?.fileName).toBe('foto.png');
      const firstFileId = first.body.avatar?.id as number;

      const read = await t.call('GET', '/students/avatar', {
        token: f.owner,
        query: { studentId: id },
      });
      expect(read.status).toBe(200);
      expect(read.headers['content-type']).toContain('image/png');
      expect(read.bytes.equals(PNG_BYTES)).toBe(true);

      const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
      const second = await upload(id, { fileName: 'neu.jpg', mimeType: 'image/jpeg', bytes: jpeg });
      expect(second.status, second.raw).toBe(200);
      expect(second.body.avatar?.fileName).toBe('neu.jpg');
      // The old file is gone.
      const old = await t.database.db
        .select()
        .from(storedFiles)
        .where(eq(storedFiles.id, firstFileId));
      expect(old).toEqual([]);
      const again = await t.call('GET', '/students/avatar', {
        token: f.owner,
        query: { studentId: id },
      });
      expect(again.bytes.equals(jpeg)).toBe(true);

      const gif = await upload(id, {
        fileName: 'bild.gif',
        mimeType: 'image/gif',
        bytes: Buffer.from('GIF89a'),
      });
      expect(expectError(gif, 422, 'errors.validation').fieldErrors).toEqual([
        { field: 'file', error: 'validation.file_type' },
      ]);
      const big = await upload(id, {
        fileName: 'gross.png',
        mimeType: 'image/png',
        bytes: Buffer.alloc(5 * 1024 * 1024 + 1, 1),
      });
      expectError(big, 413, 'errors.file_too_large');
      const missing = await t.call('POST', '/students/avatar', {
        token: f.owner,
        multipart: { fields: { studentId: id } },
      });
      // The contract requires the file part: the request validation answers first.
      expect(expectError(missing, 422, 'errors.validation').fieldErrors).toEqual([
        { field: 'file', error: 'validation.required' },
      ]);
      // The instructor may read but not upload.
      const instructorUpload = await t.call('POST', '/students/avatar', {
        token: f.instructor,
        multipart: {
          fields: { studentId: id },
          files: [{ fileName: 'foto.png', mimeType: 'image/png', bytes: PNG_BYTES }],
        },
      });
      expect(instructorUpload.status).toBe(403);
    });

    it('switches the learning-app sign-in', async () => {
      const id = await createStudent(t, f);
      const off = await t.call<{ learningAppLoginAllowed: boolean }>(
        'PUT',
        `/students/${id}/change-learning-app-login-allowed`,
        { token: f.owner, query: { allowed: false } },
      );
      expect(off.status, off.raw).toBe(200);
      expect(off.body.learningAppLoginAllowed).toBe(false);
      const on = await t.call<{ learningAppLoginAllowed: boolean }>(
        'PUT',
        `/students/${id}/change-learning-app-login-allowed`,
        { token: f.owner, query: { allowed: true } },
      );
      expect(on.body.learningAppLoginAllowed).toBe(true);
    });

    it('sends the confirmation e-mail over the school mail account', async () => {
      const [sinkHost, sinkPort] = smtp.url.replace('smtp://', '').split(':') as [string, string];
      await t.database.db.insert(emailConfigs).values({
        drivingSchoolId: f.schoolId,
        email: 'buero@fahrschule-sonnenschein.de',
        senderName: 'Fahrschule Sonnenschein',
        smtpHost: sinkHost,
        smtpPort: Number(sinkPort),
        smtpSecurity: 'STARTTLS',
        imapHost: sinkHost,
        imapPort: 993,
        imapSecurity: 'TLS',
        username: '',
        password: '',
      });
      const email = `paul.lernt.${driver}@example.de`;
      const id = await createStudent(t, f, { firstName: 'Paul', lastName: 'Lernt', email });
      const sent = await t.call('GET', '/students/send-confirmation-email', {
        token: f.owner,
        query: { email: email.toUpperCase() },
      });
      expect(sent.status, sent.raw).toBe(204);
      const mail = await smtp.next();
      expect(mail.to).toEqual([email]);
      expect(mail.from).toBe('buero@fahrschule-sonnenschein.de');
      expect(mail.subject).toContain('Fahrschule Sonnenschein');
      expect(mail.text).toContain('Hallo Paul Lernt');
      expect(mail.text).toContain('7 Tage gültig');
      const link = /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '';
      expect(link.startsWith(`${TEST_PUBLIC_URL}/learning-app/confirm?token=`)).toBe(true);
      const token = new URL(link).searchParams.get('token') ?? '';
      expect(verifyConfirmationToken(TEST_JWT_SECRET, token)).toEqual({
        schoolId: f.schoolId,
        studentId: id,
      });
      expect(verifyConfirmationToken('another-secret-0123456789abcdefghij', token)).toBeNull();
      expect(
        verifyConfirmationToken(TEST_JWT_SECRET, token, new Date(Date.now() + 8 * 86_400_000)),
      ).toBeNull();

      const unknown = await t.call('GET', '/students/send-confirmation-email', {
        token: f.owner,
        query: { email: `niemand.${driver}@example.de` },
      });
      expectError(unknown, 404, 'errors.no_student');

      // A mail server that refuses: 422 errors.email_not_sent, nothing claimed as sent.
      await t.database.db
        .update(emailConfigs)
        .set({ smtpHost: '127.0.0.1', smtpPort: 1 })
        .where(eq(emailConfigs.drivingSchoolId, f.schoolId));
      const refused = await t.call('GET', '/students/send-confirmation-email', {
        token: f.owner,
        query: { email },
      });
      expectError(refused, 422, 'errors.email_not_sent');
      await t.database.db.delete(emailConfigs).where(eq(emailConfigs.drivingSchoolId, f.schoolId));
    });

    it('deletes a sign-up only while it was never confirmed', async () => {
      const unconfirmed = await createStudent(t, f);
      const deleted = await t.call('DELETE', `/students/delete-uncomfirmed/${unconfirmed}`, {
        token: f.owner,
      });
      expect(deleted.status, deleted.raw).toBe(204);
      const gone = await t.call('GET', `/students/${unconfirmed}`, { token: f.owner });
      expect(gone.status).toBe(404);

      const confirmed = await createStudent(t, f);
      await t.database.db
        .update(students)
        .set({ firstLoginDate: new Date('2026-02-01T10:00:00Z') })
        .where(eq(students.id, confirmed));
      const refused = await t.call('DELETE', `/students/delete-uncomfirmed/${confirmed}`, {
        token: f.owner,
      });
      expectError(refused, 422, 'errors.student_confirmed');
      const still = await t.call('GET', `/students/${confirmed}`, { token: f.owner });
      expect(still.status).toBe(200);
    });

    it('answers the student with every education and exam', async () => {
      const id = await createStudent(t, f);
      const b = await createEducation(t, f, id, { licenseClass: 'B', status: 'IN_TRAINING' });
      const a = await createEducation(t, f, id, { licenseClass: 'A' });
      await t.call('POST', '/student-educations/archive', {
        token: f.owner,
        query: { id: a, archived: true },
      });
      const db = t.database.db;
      const [organization] = await db
        .insert(testingOrganizations)
        .values({ drivingSchoolId: f.schoolId, name: 'TÜV Nord Berlin', kind: 'TUEV' })
        .returning({ id: testingOrganizations.id });
      const exam = async (
        kind: 'THEORY' | 'PRACTICAL',
        date: string,
        status: 'PASSED' | 'PLANNED',
      ) => {
        const [row] = await db
          .insert(exams)
          .values({
            drivingSchoolId: f.schoolId,
            kind,
            date,
            startTime: '09:30',
            minutes: 45,
            testingOrganizationId: organization?.id as number,
            licenseClass: 'B',
          })
          .returning({ id: exams.id });
        await db.insert(examParticipants).values({
          drivingSchoolId: f.schoolId,
          examId: row?.id as number,
          studentId: id,
          studentEducationId: b,
          status,
        });
        return row?.id as number;
      };
      const theory = await exam('THEORY', '2026-03-10', 'PASSED');
      const practical = await exam('PRACTICAL', '2026-05-20', 'PLANNED');

      const response = await t.call<{
        student: { id: number };
        educations: { id: number; archived: boolean }[];
        exams: {
          examId: number;
          kind: string;
          licenseClass: string;
          date: string;
          time: string;
          status: string;
        }[];
      }>('GET', `/students/exam-and-education/${id}`, { token: f.owner });
      expect(response.status, response.raw).toBe(200);
      expect(response.body.student.id).toBe(id);
      expect(response.body.educations.map((e) => e.id).sort()).toEqual([a, b].sort());
      expect(response.body.educations.find((e) => e.id === a)?.archived).toBe(true);
      expect(response.body.exams).toEqual([
        expect.objectContaining({
          examId: practical,
          kind: 'PRACTICAL',
          studentEducationId: b,
          licenseClass: 'B',
          date: '2026-05-20',
          time: '09:30',
          status: 'PLANNED',
          testingOrganizationId: organization?.id,
        }),
        expect.objectContaining({ examId: theory, kind: 'THEORY', status: 'PASSED' }),
      ]);
      const missing = await t.call('GET', '/students/exam-and-education/999999', {
        token: f.owner,
      });
      expectError(missing, 404, 'errors.not_found');
    });

    it('archives the educations with the student and resets the finished mark of a cancelled final invoice', async () => {
      const id = await createStudent(t, f);
      const finished = await createEducation(t, f, id, { licenseClass: 'B' });
      const billed = await createEducation(t, f, id, { licenseClass: 'A' });
      for (const education of [finished, billed]) {
        const marked = await t.call<{ finished: boolean }>(
          'POST',
          '/student-educations/change-finished-education-state',
          { token: f.owner, query: { id: education, finished: true } },
        );
        expect(marked.body.finished).toBe(true);
      }
      const db = t.database.db;
      let number = 0;
      const issued = async (
        educationId: number,
        type: 'FINAL_INVOICE' | 'CANCELLATION_INVOICE',
        cancelsDocumentId?: number,
      ) => {
        number += 1;
        const [row] = await db
          .insert(paymentDocuments)
          .values({
            drivingSchoolId: f.schoolId,
            type,
            status: 'ISSUED',
            number: `T${driver}-${id}-${number}`,
            studentId: id,
            studentEducationId: educationId,
            recipientName: 'Lea Neumann',
            issueDate: '2026-06-01',
            issuedAt: new Date('2026-06-01T10:00:00Z'),
            cancelsDocumentId: cancelsDocumentId ?? null,
          })
          .returning({ id: paymentDocuments.id });
        return row?.id as number;
      };
      const invoice = async (educationId: number, status: 'CANCELLED' | 'ISSUED') => {
        const invoiceId = await issued(educationId, 'FINAL_INVOICE');
        if (status === 'ISSUED') return;
        const cancellation = await issued(educationId, 'CANCELLATION_INVOICE', invoiceId);
        await db
          .update(paymentDocuments)
          .set({ status: 'CANCELLED', cancelledByDocumentId: cancellation })
          .where(eq(paymentDocuments.id, invoiceId));
      };
      // B: the final invoice was cancelled; A: it stands.
      await invoice(finished, 'CANCELLED');
      await invoice(billed, 'ISSUED');

      const archived = await t.call('POST', '/students/archive', {
        token: f.owner,
        query: { id, archived: true },
      });
      expect(archived.status, archived.raw).toBe(200);
      const educations = await t.call<
        { id: number; archived: boolean; finished: boolean; status: string }[]
      >('GET', `/student-educations/student/${id}`, { token: f.owner });
      const byId = new Map(educations.body.map((e) => [e.id, e]));
      expect(byId.get(finished)).toMatchObject({
        archived: true,
        finished: false,
        status: 'IN_TRAINING',
      });
      expect(byId.get(billed)).toMatchObject({
        archived: true,
        finished: true,
        status: 'FINISHED',
      });
      const events = await t.call<{ type: string; text: string; studentEducationId?: number }[]>(
        'GET',
        `/education-events/student/${id}`,
        { token: f.owner },
      );
      expect(
        events.body.some(
          (e) => e.studentEducationId === finished && e.text.includes('Schlussrechnung storniert'),
        ),
      ).toBe(true);
      const rows = await db
        .select({ id: paymentDocuments.id })
        .from(paymentDocuments)
        .where(
          and(eq(paymentDocuments.studentId, id), eq(paymentDocuments.drivingSchoolId, f.schoolId)),
        );
      expect(rows).toHaveLength(3);
    });
  });
});
