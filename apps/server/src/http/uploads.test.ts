import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileStore } from '../files/file-store';
import { DEMO_OWNER, DRIVERS, expectError, useTestApp } from '../test/test-app';
import { DOCUMENT_TYPES, uploadedFile } from './uploads';

const PDF = Buffer.from('%PDF-1.4\n% Fahrwerk test\n');

describe.each(DRIVERS)('uploads and file answers (%s)', (driver) => {
  let seen: { studentId: unknown; fileName: string; bytes: Buffer } | undefined;
  const t = useTestApp(driver, {
    app: {
      validateResponses: false,
      handlerOverrides: {
        async uploadStudentDocument(request) {
          const file = uploadedFile(request, 'file', { types: DOCUMENT_TYPES, maxBytes: 1024 });
          seen = { studentId: request.body.studentId, fileName: file.fileName, bytes: file.bytes };
          return { status: 201, body: {} as never };
        },
        async downloadStudentDocument() {
          return {
            status: 200,
            file: {
              bytes: PDF,
              mimeType: 'application/pdf',
              fileName: 'Ausbildungsvertrag Müller.pdf',
            },
          };
        },
      },
    },
  });

  const upload = async (file: { fileName: string; mimeType: string; bytes: Buffer }) =>
    t.call('POST', '/student-documents', {
      token: await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password),
      multipart: { fields: { studentId: 7, type: 'OTHER' }, files: [file] },
    });

  it('reads the file and coerces the text fields to the contract types', async () => {
    const response = await upload({
      fileName: 'scan.pdf',
      mimeType: 'application/pdf',
      bytes: PDF,
    });
    expect(response.status, response.raw).toBe(201);
    expect(seen).toEqual({ studentId: 7, fileName: 'scan.pdf', bytes: PDF });
  });

  it('refuses a missing file, a refused type and a file above the limit', async () => {
    const token = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    const missing = await t.call('POST', '/student-documents', {
      token,
      multipart: { fields: { studentId: 7, type: 'OTHER' } },
    });
    expect(expectError(missing, 422, 'errors.validation').fieldErrors).toEqual([
      { field: 'file', error: 'validation.required' },
    ]);
    const wrongType = await upload({
      fileName: 'a.exe',
      mimeType: 'application/x-msdownload',
      bytes: PDF,
    });
    expect(expectError(wrongType, 422, 'errors.validation').fieldErrors).toEqual([
      { field: 'file', error: 'validation.file_type' },
    ]);
    const large = await upload({
      fileName: 'big.pdf',
      mimeType: 'application/pdf',
      bytes: Buffer.alloc(2048, 1),
    });
    expectError(large, 413, 'errors.file_too_large');
  });

  it('answers a file with its media type and a UTF-8 file name', async () => {
    const response = await t.call('GET', '/student-documents/1', {
      token: await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password),
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Ausbildungsvertrag M_ller.pdf"; filename*=UTF-8''Ausbildungsvertrag%20M%C3%BCller.pdf`,
    );
    expect(response.bytes.equals(PDF)).toBe(true);
  });

  it('stores bytes per school and never reads another school’s file', async () => {
    const store = createFileStore({ dataDir: t.config.dataDir });
    const db = t.database.db;
    const row = await store.save(db, t.demo.schoolId, {
      fileName: '../../etc/Führerschein.pdf',
      mimeType: 'application/pdf',
      bytes: PDF,
    });
    expect(row.fileName).toBe('Führerschein.pdf');
    expect(row.size).toBe(PDF.length);
    const file = path.join(t.config.dataDir, 'files', row.storageKey);
    expect(existsSync(file)).toBe(true);
    expect((await store.read(db, t.demo.schoolId, row.id)).bytes.equals(PDF)).toBe(true);
    await expect(store.read(db, t.demo.schoolId + 999, row.id)).rejects.toMatchObject({
      status: 404,
    });
    await store.remove(db, t.demo.schoolId, row.id);
    expect(existsSync(file)).toBe(false);
    await expect(store.read(db, t.demo.schoolId, row.id)).rejects.toMatchObject({ status: 404 });
  });
});
