import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileStore } from '../files/file-store';
import { DEMO_OWNER, DRIVERS, expectError, useTestApp } from '../test/test-app';
import { DOCUMENT_TYPES, uploadedFile } from './uploads';

const PDF = Buffer.from('%PDF-1.4\n% Fahrwerk test\n');
/** 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwAFgwJ/lE4WJgAAAABJRU5ErkJggg==',
  'base64',
);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script>');
const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);

describe.each(DRIVERS)('uploads and file answers (%s)', (driver) => {
  let seen: { studentId: unknown; fileName: string; bytes: Buffer } | undefined;
  let stored: { mimeType: string; bytes: Buffer } | undefined;
  let answer = { bytes: PDF, mimeType: 'application/pdf', disposition: 'attachment' as const } as {
    bytes: Buffer;
    mimeType: string;
    disposition: 'inline' | 'attachment';
  };
  const t = useTestApp(driver, {
    app: {
      validateResponses: false,
      handlerOverrides: {
        async uploadStudentDocument(request) {
          const file = uploadedFile(request, 'file', { types: DOCUMENT_TYPES, maxBytes: 1024 });
          seen = { studentId: request.body.studentId, fileName: file.fileName, bytes: file.bytes };
          return { status: 201, body: {} as never };
        },
        async uploadTodoAttachment(request) {
          const file = uploadedFile(request, 'file');
          stored = { mimeType: file.mimeType, bytes: file.bytes };
          return { status: 201, body: {} as never };
        },
        async downloadStudentDocument() {
          return {
            status: 200,
            file: { ...answer, fileName: 'Ausbildungsvertrag Müller.pdf' },
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
    answer = { bytes: PDF, mimeType: 'application/pdf', disposition: 'attachment' };
    const response = await t.call('GET', '/student-documents/1', {
      token: await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password),
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Ausbildungsvertrag M_ller.pdf"; filename*=UTF-8''Ausbildungsvertrag%20M%C3%BCller.pdf`,
    );
    expect(response.bytes.equals(PDF)).toBe(true);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
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

  describe('malformed multipart bodies', () => {
    const garbage = (boundary: string, payload: string | Buffer) => ({
      'content-type': `multipart/form-data; boundary=${boundary}`,
      payload,
    });
    const send = async (
      url: string,
      body: { 'content-type': string; payload: string | Buffer },
      token?: string,
    ) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api${url}`,
        headers: {
          'content-type': body['content-type'],
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        payload: body.payload,
      });
      return {
        status: response.statusCode,
        raw: response.body,
        body: JSON.parse(response.body) as Record<string, unknown>,
        headers: response.headers,
        bytes: response.rawPayload,
      };
    };
    const CUT_OFF = '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n';
    const BAD_HEADER = '--x\r\nthis is no header at all\r\n\r\nhello\r\n--x--\r\n';
    const cases: [string, { 'content-type': string; payload: string | Buffer }][] = [
      ['garbage', garbage('x', 'garbage garbage garbage')],
      ['a part cut off', garbage('x', CUT_OFF)],
      ['a broken part header', garbage('x', BAD_HEADER)],
      ['no boundary', { 'content-type': 'multipart/form-data', payload: 'x' }],
      ['random bytes', garbage('x', Buffer.from([0, 255, 13, 10, 45, 45, 120, 0, 1, 2]))],
      [
        'a field named __proto__',
        garbage(
          'x',
          '--x\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\n1\r\n--x--\r\n',
        ),
      ],
    ];

    it('answers 4xx in the contract’s error body, never 500, with a token', async () => {
      const token = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
      for (const url of ['/student-documents', '/users/avatar']) {
        for (const [name, body] of cases) {
          const response = await send(url, body, token);
          expect(response.status, `${url} ${name}: ${response.raw}`).toBeGreaterThanOrEqual(400);
          expect(response.status, `${url} ${name}: ${response.raw}`).toBeLessThan(500);
          expect(Object.keys(response.body).sort(), response.raw).toEqual([
            'error_message',
            'fieldErrors',
            'globalErrors',
            'message',
          ]);
        }
        const cutOff = await send(url, garbage('x', CUT_OFF), token);
        expectError({ ...cutOff, body: cutOff.body }, 422, 'errors.malformed_body');
      }
    });

    it('answers 4xx without a token and on an operation that takes no multipart body', async () => {
      for (const [name, body] of cases) {
        for (const url of ['/generate-token', '/student-documents', '/users/avatar']) {
          const response = await send(url, body);
          expect(response.status, `${url} ${name}: ${response.raw}`).toBeGreaterThanOrEqual(400);
          expect(response.status, `${url} ${name}: ${response.raw}`).toBeLessThan(500);
          expect(response.body.error_message, response.raw).toEqual(expect.any(String));
        }
      }
    });

    it('refuses an avatar without a file (only fields, an empty form, a text field "file")', async () => {
      const token = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
      const onlyFields = await t.call('POST', '/users/avatar', {
        token,
        multipart: { fields: { userId: t.demo.userIds[DEMO_OWNER.email] as number } },
      });
      expect(expectError(onlyFields, 422, 'errors.validation').fieldErrors).toEqual([
        { field: 'file', error: 'validation.required' },
      ]);
      const empty = await send('/users/avatar', garbage('x', '--x--\r\n'), token);
      expect(empty.status, empty.raw).toBe(422);
      const textFile = await t.call('POST', '/users/avatar', {
        token,
        multipart: { fields: { file: 'not a file' } },
      });
      expect(expectError(textFile, 422, 'errors.validation').fieldErrors).toEqual([
        { field: 'file', error: 'validation.file_required' },
      ]);
    });
  });

  describe('checked by content, not by the client’s word', () => {
    it('refuses HTML sent as a PDF or as an image, and an image that is no PNG', async () => {
      for (const mimeType of ['application/pdf', 'image/png', 'image/jpeg']) {
        const response = await upload({ fileName: 'vertrag.pdf', mimeType, bytes: HTML });
        expect(expectError(response, 422, 'errors.validation').fieldErrors, mimeType).toEqual([
          { field: 'file', error: 'validation.file_type' },
        ]);
      }
      const svg = await upload({ fileName: 'logo.svg', mimeType: 'image/svg+xml', bytes: SVG });
      expect(expectError(svg, 422, 'errors.validation').fieldErrors).toEqual([
        { field: 'file', error: 'validation.file_type' },
      ]);
      const token = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
      const avatar = await t.call('POST', '/users/avatar', {
        token,
        multipart: { files: [{ fileName: 'ich.png', mimeType: 'image/png', bytes: HTML }] },
      });
      expect(expectError(avatar, 422, 'errors.validation').fieldErrors).toEqual([
        { field: 'file', error: 'validation.file_type' },
      ]);
      const png = await t.call<{ avatar?: { mimeType: string } }>('POST', '/users/avatar', {
        token,
        multipart: { files: [{ fileName: 'ich.png', mimeType: 'image/png', bytes: PNG }] },
      });
      expect(png.status, png.raw).toBe(200);
      const mislabelled = await upload({
        fileName: 'scan.png',
        mimeType: 'image/jpeg',
        bytes: PNG,
      });
      expect(expectError(mislabelled, 422, 'errors.validation').fieldErrors).toEqual([
        { field: 'file', error: 'validation.file_type' },
      ]);
      // The content decides also when the client says nothing specific.
      const unnamed = await upload({
        fileName: 'scan',
        mimeType: 'application/octet-stream',
        bytes: HTML,
      });
      expect(unnamed.status).toBe(422);
      const pdf = await upload({
        fileName: 'scan',
        mimeType: 'application/octet-stream',
        bytes: PDF,
      });
      expect(pdf.status, pdf.raw).toBe(201);
    });

    it('stores an attachment of any type under the type its content shows, HTML as opaque bytes', async () => {
      const token = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
      const attach = (file: { fileName: string; mimeType: string; bytes: Buffer }) =>
        t.call('POST', '/todos/1/attachment', { token, multipart: { files: [file] } });
      const html = await attach({ fileName: 'seite.html', mimeType: 'text/html', bytes: HTML });
      expect(html.status, html.raw).toBe(201);
      expect(stored?.mimeType).toBe('application/octet-stream');
      const text = await attach({
        fileName: 'notiz.txt',
        mimeType: 'text/plain',
        bytes: Buffer.from('Hallo'),
      });
      expect(text.status, text.raw).toBe(201);
      expect(stored?.mimeType).toBe('text/plain');
      const png = await attach({
        fileName: 'foto',
        mimeType: 'application/octet-stream',
        bytes: PNG,
      });
      expect(png.status, png.raw).toBe(201);
      expect(stored?.mimeType).toBe('image/png');
      const fakeImage = await attach({ fileName: 'bild.png', mimeType: 'image/png', bytes: HTML });
      expect(expectError(fakeImage, 422, 'errors.validation').fieldErrors).toEqual([
        { field: 'file', error: 'validation.file_type' },
      ]);
    });

    it('answers files with nosniff, inline only for a safe image or PDF that is what it says', async () => {
      const token = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
      const download = async (next: typeof answer) => {
        answer = next;
        const response = await t.call('GET', '/student-documents/1', { token });
        expect(response.status).toBe(200);
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        return String(response.headers['content-disposition']).split(';')[0];
      };
      expect(await download({ bytes: PNG, mimeType: 'image/png', disposition: 'inline' })).toBe(
        'inline',
      );
      expect(
        await download({ bytes: PDF, mimeType: 'application/pdf', disposition: 'inline' }),
      ).toBe('inline');
      // Stored before uploads were checked: HTML under an image type, or HTML and SVG as such.
      expect(await download({ bytes: HTML, mimeType: 'image/png', disposition: 'inline' })).toBe(
        'attachment',
      );
      expect(await download({ bytes: HTML, mimeType: 'text/html', disposition: 'inline' })).toBe(
        'attachment',
      );
      expect(await download({ bytes: SVG, mimeType: 'image/svg+xml', disposition: 'inline' })).toBe(
        'attachment',
      );
      expect(await download({ bytes: PNG, mimeType: 'image/png', disposition: 'attachment' })).toBe(
        'attachment',
      );
    });
  });
});
