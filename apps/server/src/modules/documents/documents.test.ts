import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { storedFiles, studentDocuments } from '../../db/schema';
import { DRIVERS, expectError, type TestApp, useTestApp } from '../../test/test-app';
import {
  createEducation,
  createStudent,
  fixtures,
  PDF_BYTES,
  PNG_BYTES,
  type StudentFixtures,
  secondSchool,
} from '../students/students.test-kit';

/*
 * Student documents and the documents in processing: uploads, listing, downloads, the
 * letterhead rule, the visibility switch, deletion, attaching inbox files, and the public
 * QR-code upload with its tokens.
 */

type StudentDocument = {
  id: number;
  studentId: number;
  studentEducationId?: number;
  type: string;
  fileName: string;
  mimeType: string;
  size: number;
  visible: boolean;
  generated: boolean;
  uploadedByUserId?: number;
};
type InboxDocument = {
  id: number;
  fileName: string;
  mimeType: string;
  size: number;
  fromQrCode: boolean;
  studentId?: number;
  type?: string;
  uploadedByUserId?: number;
};

const pdf = (fileName = 'Sehtest.pdf') => ({
  fileName,
  mimeType: 'application/pdf',
  bytes: PDF_BYTES,
});

describe.each(DRIVERS)('documents (%s)', (driver) => {
  const t: TestApp = useTestApp(driver);
  let f: StudentFixtures;
  beforeAll(async () => {
    f = await fixtures(t);
  });

  const upload = (
    fields: Record<string, string | number | boolean>,
    file = pdf(),
    token = f.owner,
  ) =>
    t.call<StudentDocument>('POST', '/student-documents', {
      token,
      multipart: { fields, files: [file] },
    });

  it('uploads, lists, downloads, shows, and deletes a student document', async () => {
    const studentId = await createStudent(t, f);
    const educationId = await createEducation(t, f, studentId);
    const created = await upload({ studentId, studentEducationId: educationId, type: 'EYE_TEST' });
    expect(created.status, created.raw).toBe(201);
    expect(created.body).toMatchObject({
      studentId,
      studentEducationId: educationId,
      type: 'EYE_TEST',
      fileName: 'Sehtest.pdf',
      mimeType: 'application/pdf',
      size: PDF_BYTES.length,
      visible: false,
      generated: false,
      uploadedByUserId: f.ownerId,
    });
    const photo = await upload(
      { studentId, type: 'PASSPORT_PHOTO', visible: true },
      { fileName: 'Passbild.png', mimeType: 'image/png', bytes: PNG_BYTES },
    );
    expect(photo.status, photo.raw).toBe(201);
    expect(photo.body.visible).toBe(true);

    const listed = await t.call<StudentDocument[]>(
      'GET',
      `/student-documents/student/${studentId}`,
      {
        token: f.owner,
      },
    );
    expect(listed.body.map((d) => d.fileName).sort()).toEqual(['Passbild.png', 'Sehtest.pdf']);
    const ofEducation = await t.call<StudentDocument[]>(
      'GET',
      `/student-documents/student/${studentId}`,
      { token: f.owner, query: { studentEducationId: educationId } },
    );
    expect(ofEducation.body.map((d) => d.id)).toEqual([created.body.id]);

    const download = await t.call('GET', `/student-documents/${created.body.id}`, {
      token: f.owner,
    });
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toContain('application/pdf');
    expect(String(download.headers['content-disposition'])).toContain('Sehtest.pdf');
    expect(download.bytes.equals(PDF_BYTES)).toBe(true);

    // Uploaded documents carry no letterhead of the school to remove.
    const letterhead = await t.call('GET', `/student-documents/${created.body.id}`, {
      token: f.owner,
      query: { removeLetterhead: true },
    });
    const refusal = expectError(letterhead, 422, 'errors.letterhead_removal_not_allowed');
    expect(refusal.globalErrors).toEqual(['errors.letterhead_removal_not_allowed']);

    const shown = await t.call<StudentDocument>(
      'PUT',
      `/student-documents/visible/${created.body.id}`,
      { token: f.owner, query: { visible: true } },
    );
    expect(shown.body.visible).toBe(true);

    const fileId = (
      await t.database.db
        .select({ fileId: studentDocuments.fileId })
        .from(studentDocuments)
        .where(eq(studentDocuments.id, created.body.id))
    )[0]?.fileId as number;
    const deleted = await t.call('DELETE', `/student-documents/${created.body.id}`, {
      token: f.owner,
    });
    expect(deleted.status, deleted.raw).toBe(204);
    const gone = await t.call('GET', `/student-documents/${created.body.id}`, { token: f.owner });
    expect(gone.status).toBe(404);
    expect(
      await t.database.db.select().from(storedFiles).where(eq(storedFiles.id, fileId)),
    ).toEqual([]);
  });

  it('refuses wrong files, foreign educations, and generated documents', async () => {
    const studentId = await createStudent(t, f);
    const gif = await upload(
      { studentId, type: 'OTHER' },
      { fileName: 'bild.gif', mimeType: 'image/gif', bytes: Buffer.from('GIF89a') },
    );
    expect(expectError(gif, 422, 'errors.validation').fieldErrors).toEqual([
      { field: 'file', error: 'validation.file_type' },
    ]);
    const otherStudent = await createStudent(t, f);
    const foreignEducation = await createEducation(t, f, otherStudent);
    const wrongEducation = await upload({
      studentId,
      studentEducationId: foreignEducation,
      type: 'OTHER',
    });
    expect(expectError(wrongEducation, 422, 'errors.validation').fieldErrors[0]?.field).toBe(
      'studentEducationId',
    );
    expectError(await upload({ studentId: 999_999, type: 'OTHER' }), 404, 'errors.not_found');
    // The instructor may read documents but not upload.
    expect((await upload({ studentId, type: 'OTHER' }, pdf(), f.instructor)).status).toBe(403);

    // A generated document (a training contract) is a record: not deleted, no letterhead-free copy.
    const uploaded = await upload({ studentId, type: 'TRAINING_CONTRACT' });
    await t.database.db
      .update(studentDocuments)
      .set({ generated: true, uploadedByUserId: null })
      .where(eq(studentDocuments.id, uploaded.body.id));
    expectError(
      await t.call('DELETE', `/student-documents/${uploaded.body.id}`, { token: f.owner }),
      422,
      'errors.document_in_use',
    );
    expectError(
      await t.call('GET', `/student-documents/${uploaded.body.id}`, {
        token: f.owner,
        query: { removeLetterhead: true },
      }),
      422,
      'errors.letterhead_removal_not_allowed',
    );
    const plain = await t.call('GET', `/student-documents/${uploaded.body.id}`, {
      token: f.owner,
    });
    expect(plain.status).toBe(200);
  });

  it('keeps documents to the school and to the students an instructor sees', async () => {
    const foreign = await createStudent(t, f);
    const own = await createStudent(t, f, { instructorId: f.instructorId });
    const foreignDocument = await upload({ studentId: foreign, type: 'OTHER' });
    const ownDocument = await upload({ studentId: own, type: 'OTHER' });
    for (const path of [
      `/student-documents/${foreignDocument.body.id}`,
      `/student-documents/student/${foreign}`,
      `/student-documents/upload-url/${foreign}`,
    ]) {
      const response = await t.call('GET', path, { token: f.instructor });
      expect(response.status, path).toBe(404);
    }
    const mine = await t.call('GET', `/student-documents/${ownDocument.body.id}`, {
      token: f.instructor,
    });
    expect(mine.status).toBe(200);

    const other = await secondSchool(t, `docs-${driver}`);
    for (const [method, path] of [
      ['GET', `/student-documents/${ownDocument.body.id}`],
      ['DELETE', `/student-documents/${ownDocument.body.id}`],
      ['GET', `/student-documents/student/${own}`],
      ['GET', `/student-documents/upload-url/${own}`],
    ] as const) {
      const response = await t.call(method, path, { token: other.token });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const crossUpload = await upload({ studentId: own, type: 'OTHER' }, pdf(), other.token);
    expect(crossUpload.status).toBe(404);
  });

  it('runs the documents in processing: upload several, list, look, attach, delete', async () => {
    const uploaded = await t.call<InboxDocument[]>('POST', '/documents-in-processing', {
      token: f.owner,
      multipart: {
        files: [
          { field: 'files', ...pdf('Scan 1.pdf') },
          { field: 'files', ...pdf('Scan 2.pdf') },
          { field: 'files', fileName: 'Scan 3.png', mimeType: 'image/png', bytes: PNG_BYTES },
        ],
      },
    });
    expect(uploaded.status, uploaded.raw).toBe(201);
    expect(uploaded.body.map((d) => d.fileName)).toEqual([
      'Scan 1.pdf',
      'Scan 2.pdf',
      'Scan 3.png',
    ]);
    expect(uploaded.body[0]).toMatchObject({ fromQrCode: false, uploadedByUserId: f.ownerId });

    const single = await t.call<InboxDocument[]>('POST', '/documents-in-processing', {
      token: f.owner,
      multipart: { files: [{ field: 'files', ...pdf('Einzeln.pdf') }] },
    });
    expect(single.status, single.raw).toBe(201);
    expect(single.body).toHaveLength(1);

    const wrong = await t.call('POST', '/documents-in-processing', {
      token: f.owner,
      multipart: {
        files: [
          { field: 'files', ...pdf('Gut.pdf') },
          { field: 'files', fileName: 'x.exe', mimeType: 'application/x-msdownload', bytes: 'MZ' },
        ],
      },
    });
    expect(expectError(wrong, 422, 'errors.validation').fieldErrors).toEqual([
      { field: 'files', error: 'validation.file_type' },
    ]);

    const listed = await t.call<InboxDocument[]>('GET', '/documents-in-processing', {
      token: f.owner,
    });
    const ids = listed.body.map((d) => d.id);
    for (const d of [...uploaded.body, ...single.body]) expect(ids).toContain(d.id);
    expect(listed.body.map((d) => d.fileName)).not.toContain('Gut.pdf');

    const [first, second, third] = uploaded.body as [InboxDocument, InboxDocument, InboxDocument];
    const look = await t.call('GET', `/documents-in-processing/${third.id}`, { token: f.owner });
    expect(look.status).toBe(200);
    expect(look.headers['content-type']).toContain('image/png');
    expect(String(look.headers['content-disposition'])).toContain('inline');
    expect(look.bytes.equals(PNG_BYTES)).toBe(true);

    const studentId = await createStudent(t, f);
    const attached = await t.call<StudentDocument>(
      'POST',
      `/documents-in-processing/${first.id}/attach`,
      { token: f.owner, body: { studentId, type: 'FIRST_AID', fileName: 'Erste Hilfe.pdf' } },
    );
    expect(attached.status, attached.raw).toBe(200);
    expect(attached.body).toMatchObject({
      studentId,
      type: 'FIRST_AID',
      fileName: 'Erste Hilfe.pdf',
    });
    const file = await t.call('GET', `/student-documents/${attached.body.id}`, { token: f.owner });
    expect(file.bytes.equals(PDF_BYTES)).toBe(true);
    expect(
      (await t.call('GET', `/documents-in-processing/${first.id}`, { token: f.owner })).status,
    ).toBe(404);

    const other = await secondSchool(t, `inbox-${driver}`);
    expect(
      (await t.call('GET', `/documents-in-processing/${second.id}`, { token: other.token })).status,
    ).toBe(404);
    expect(
      (await t.call('DELETE', `/documents-in-processing/${second.id}`, { token: other.token }))
        .status,
    ).toBe(404);

    const deleted = await t.call('DELETE', `/documents-in-processing/${second.id}`, {
      token: f.owner,
    });
    expect(deleted.status, deleted.raw).toBe(204);
    const after = await t.call<InboxDocument[]>('GET', '/documents-in-processing', {
      token: f.owner,
    });
    expect(after.body.map((d) => d.id)).not.toContain(second.id);
  });

  it('accepts QR-code uploads only with the school and student tokens', async () => {
    const studentId = await createStudent(t, f);
    const link = await t.call<{ url: string }>(
      'GET',
      `/student-documents/upload-url/${studentId}`,
      {
        token: f.owner,
      },
    );
    expect(link.status, link.raw).toBe(200);
    const url = new URL(link.body.url);
    expect(url.pathname).toBe('/theory/upload-qrcode-document');
    const schoolToken = url.searchParams.get('schoolToken') ?? '';
    const studentToken = url.searchParams.get('studentToken') ?? '';
    expect(schoolToken).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(studentToken).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    // The token stays the same.
    const again = await t.call<{ url: string }>(
      'GET',
      `/student-documents/upload-url/${studentId}`,
      {
        token: f.owner,
      },
    );
    expect(again.body.url).toBe(link.body.url);

    const send = (school: string, student: string, type?: string, file = pdf('Sehtest.pdf')) =>
      t.call('POST', `/public/student-documents/${school}/${student}`, {
        multipart: { fields: type ? { type } : {}, files: [file] },
      });

    const sent = await send(schoolToken, studentToken, 'EYE_TEST');
    expect(sent.status, sent.raw).toBe(204);
    const inbox = await t.call<InboxDocument[]>('GET', '/documents-in-processing', {
      token: f.owner,
    });
    const received = inbox.body.find((d) => d.studentId === studentId);
    expect(received).toMatchObject({
      fileName: 'Sehtest.pdf',
      fromQrCode: true,
      studentId,
      type: 'EYE_TEST',
    });
    expect(received?.uploadedByUserId).toBeUndefined();
    // Not in the student's file until the office attaches it.
    const documents = await t.call<StudentDocument[]>(
      'GET',
      `/student-documents/student/${studentId}`,
      { token: f.owner },
    );
    expect(documents.body).toEqual([]);

    const fake = 'AAAAAAAAAAAAAAAAAAAAAAAA';
    expectError(await send(fake, studentToken), 404, 'errors.not_found');
    expectError(await send(schoolToken, fake), 404, 'errors.not_found');
    // The other school's token with this student's token does not pass.
    const other = await secondSchool(t, `qr-${driver}`);
    const foreignStudent = await createStudent(
      t,
      { ...f, branchId: other.branchId },
      {},
      other.token,
    );
    const foreignLink = await t.call<{ url: string }>(
      'GET',
      `/student-documents/upload-url/${foreignStudent}`,
      { token: other.token },
    );
    const foreignSchoolToken = new URL(foreignLink.body.url).searchParams.get('schoolToken') ?? '';
    expect(foreignSchoolToken).not.toBe(schoolToken);
    expectError(await send(foreignSchoolToken, studentToken), 404, 'errors.not_found');

    const wrongType = await send(schoolToken, studentToken, undefined, {
      fileName: 'virus.exe',
      mimeType: 'application/x-msdownload',
      bytes: PDF_BYTES,
    });
    expect(expectError(wrongType, 422, 'errors.validation').fieldErrors[0]?.error).toBe(
      'validation.file_type',
    );
    const noType = await send(schoolToken, studentToken);
    expect(noType.status).toBe(204);

    // An archived student's link no longer takes files.
    await t.call('POST', '/students/archive', {
      token: f.owner,
      query: { id: studentId, archived: true },
    });
    expectError(await send(schoolToken, studentToken), 404, 'errors.not_found');
  });
});
