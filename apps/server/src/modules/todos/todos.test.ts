import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rolePermissions } from '../../db/schema';
import { createSchool } from '../../db/seed';
import {
  DEMO_INSTRUCTOR,
  DEMO_OFFICE,
  DEMO_OWNER,
  DRIVERS,
  expectError,
  useTestApp,
} from '../../test/test-app';

type FileRef = { id: number; fileName: string; mimeType: string; size: number };
type Todo = { id: number; title: string; status: string; attachments: FileRef[] };

const pdf = Buffer.from('%PDF-1.4\n% Fahrwerk test\n%%EOF\n');

describe.each(DRIVERS)('to-do attachments (%s)', (driver) => {
  const t = useTestApp(driver);

  async function newTodo(token: string, title = 'Unterlagen prüfen') {
    const response = await t.call<Todo>('POST', '/todos', { token, body: { title } });
    expect(response.status, response.raw).toBe(201);
    return response.body;
  }

  it('uploads, lists, downloads and deletes attachments', async () => {
    const owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    const todo = await newTodo(owner);
    const uploaded = await t.call<FileRef>('POST', `/todos/${todo.id}/attachment`, {
      token: owner,
      multipart: {
        files: [
          { field: 'file', fileName: 'Sehtest.pdf', mimeType: 'application/pdf', bytes: pdf },
        ],
      },
    });
    expect(uploaded.status, uploaded.raw).toBe(201);
    expect(uploaded.body).toMatchObject({
      fileName: 'Sehtest.pdf',
      mimeType: 'application/pdf',
      size: pdf.length,
    });
    // Any type is accepted; undeclared types download as octet-stream.
    const note = await t.call<FileRef>('POST', `/todos/${todo.id}/attachment`, {
      token: owner,
      multipart: {
        files: [
          {
            field: 'file',
            fileName: 'Notiz.txt',
            mimeType: 'text/plain',
            bytes: Buffer.from('Hallo'),
          },
        ],
      },
    });
    expect(note.status, note.raw).toBe(201);

    const read = await t.call<Todo>('GET', `/todos/${todo.id}`, { token: owner });
    expect(read.body.attachments.map((a) => a.fileName)).toEqual(['Sehtest.pdf', 'Notiz.txt']);

    const download = await t.call('GET', `/todos/${todo.id}/attachment/${uploaded.body.id}`, {
      token: owner,
    });
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toContain('application/pdf');
    expect(Buffer.compare(download.bytes, pdf)).toBe(0);
    const text = await t.call('GET', `/todos/${todo.id}/attachment/${note.body.id}`, {
      token: owner,
    });
    expect(text.headers['content-type']).toContain('application/octet-stream');
    expect(text.bytes.toString()).toBe('Hallo');

    // The attachment must belong to the to-do named in the path.
    const otherTodo = await newTodo(owner, 'Anderes');
    expectError(
      await t.call('GET', `/todos/${otherTodo.id}/attachment/${uploaded.body.id}`, {
        token: owner,
      }),
      404,
      'errors.not_found',
    );

    const removed = await t.call('DELETE', `/todos/${todo.id}/attachment/${uploaded.body.id}`, {
      token: owner,
    });
    expect(removed.status).toBe(204);
    const after = await t.call<Todo>('GET', `/todos/${todo.id}`, { token: owner });
    expect(after.body.attachments.map((a) => a.fileName)).toEqual(['Notiz.txt']);
    expectError(
      await t.call('DELETE', `/todos/${todo.id}/attachment/${uploaded.body.id}`, { token: owner }),
      404,
      'errors.not_found',
    );
  });

  it('refuses a missing file, the 21st attachment and unknown to-dos', async () => {
    const owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    const todo = await newTodo(owner, 'Viele Anhänge');
    const missing = expectError(
      await t.call('POST', `/todos/${todo.id}/attachment`, {
        token: owner,
        multipart: { fields: {} },
      }),
      422,
      'errors.validation',
    );
    expect(missing.fieldErrors.map((e) => e.field)).toContain('file');

    const upload = (n: number) =>
      t.call<FileRef>('POST', `/todos/${todo.id}/attachment`, {
        token: owner,
        multipart: {
          files: [
            { field: 'file', fileName: `Anhang ${n}.pdf`, mimeType: 'application/pdf', bytes: pdf },
          ],
        },
      });
    const first = await upload(1);
    for (let n = 2; n <= 20; n++) expect((await upload(n)).status).toBe(201);
    expectError(await upload(21), 422, 'errors.too_many_attachments');
    // After removing one there is room again (positions are renumbered at the end).
    await t.call('DELETE', `/todos/${todo.id}/attachment/${first.body.id}`, { token: owner });
    expect((await upload(22)).status).toBe(201);
    const full = await t.call<Todo>('GET', `/todos/${todo.id}`, { token: owner });
    expect(full.body.attachments).toHaveLength(20);
    expect(full.body.attachments.at(-1)?.fileName).toBe('Anhang 22.pdf');

    expectError(
      await t.call('POST', '/todos/999999/attachment', {
        token: owner,
        multipart: {
          files: [{ field: 'file', fileName: 'x.pdf', mimeType: 'application/pdf', bytes: pdf }],
        },
      }),
      404,
      'errors.not_found',
    );
  });

  it('answers 413 above the upload limit', async () => {
    const owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    const todo = await newTodo(owner, 'Großer Anhang');
    const response = await t.call('POST', `/todos/${todo.id}/attachment`, {
      token: owner,
      multipart: {
        files: [
          {
            field: 'file',
            fileName: 'riesig.pdf',
            mimeType: 'application/pdf',
            bytes: Buffer.alloc(20 * 1024 * 1024 + 1, 1),
          },
        ],
      },
    });
    expectError(response, 413, 'errors.file_too_large');
  });

  it('needs the task permissions and keeps schools apart', async () => {
    const owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    const todo = await newTodo(owner, 'Nur für uns');
    const stored = await t.call<FileRef>('POST', `/todos/${todo.id}/attachment`, {
      token: owner,
      multipart: {
        files: [{ field: 'file', fileName: 'intern.pdf', mimeType: 'application/pdf', bytes: pdf }],
      },
    });
    // The office has MODULE_TASK and MODULE_TASK_WRITE; signed-out callers nothing.
    const office = await t.signIn(DEMO_OFFICE.email, DEMO_OFFICE.password);
    expect(
      (await t.call('GET', `/todos/${todo.id}/attachment/${stored.body.id}`, { token: office }))
        .status,
    ).toBe(200);
    expectError(
      await t.call('GET', `/todos/${todo.id}/attachment/${stored.body.id}`),
      401,
      'errors.unauthorized',
    );
    const instructor = await t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password);
    expect(
      (await t.call('GET', `/todos/${todo.id}/attachment/${stored.body.id}`, { token: instructor }))
        .status,
    ).toBe(200);

    const other = await createSchool(t.database.db, {
      name: 'Fahrschule Nebenan',
      roles: [{ name: 'Inhaber', type: 'OWNER', description: 'Inhaber', allow: [] }],
      users: [
        {
          firstName: 'Nora',
          lastName: 'Nachbar',
          email: 'inhaber@nebenan-aufgaben.de',
          password: 'Nebenan#Schule1',
          roles: ['Inhaber'],
          studentVisibility: 'ALL',
        },
      ],
    });
    await t.database.db
      .update(rolePermissions)
      .set({ allow: true })
      .where(eq(rolePermissions.drivingSchoolId, other.schoolId));
    const stranger = await t.signIn('inhaber@nebenan-aufgaben.de', 'Nebenan#Schule1');
    expectError(
      await t.call('GET', `/todos/${todo.id}/attachment/${stored.body.id}`, { token: stranger }),
      404,
      'errors.not_found',
    );
    expectError(
      await t.call('DELETE', `/todos/${todo.id}/attachment/${stored.body.id}`, { token: stranger }),
      404,
      'errors.not_found',
    );
    expectError(
      await t.call('POST', `/todos/${todo.id}/attachment`, {
        token: stranger,
        multipart: {
          files: [
            { field: 'file', fileName: 'fremd.pdf', mimeType: 'application/pdf', bytes: pdf },
          ],
        },
      }),
      404,
      'errors.not_found',
    );
  });
});
