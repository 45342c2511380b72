import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStorage } from '../config';
import { drivingSchools, storedFiles } from '../db/schema';
import { createStudent, fixtures, PDF_BYTES } from '../modules/students/students.test-kit';
import { type S3TestServer, startS3Server } from '../test/s3-server';
import { DRIVERS, expectError, useTestApp } from '../test/test-app';
import { createFileBackend, s3ObjectUrl } from './file-backend';
import { createFileStore, type FileStore, type FileStoreLog } from './file-store';

/*
 * The FileStore on both of its backends — the local folder and an S3-compatible bucket of a
 * real server (s3rver, started here on a free port) — with one test body: save/read/remove,
 * school isolation, missing bytes, bytes changed or cut short (the SHA-256 check), a failed
 * insert, a 20 MB file. Then a document uploaded and downloaded through the API with the app
 * configured for S3. Per database driver one app and its database serve both.
 */

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.stop();
});

describe('s3ObjectUrl', () => {
  const storage = {
    endpoint: 'https://objects.example:9000/base',
    bucket: 'fahrwerk',
    region: 'eu-central-1',
    accessKeyId: 'a',
    secretAccessKey: 'b',
    prefix: 'prod/',
  };

  it('puts the bucket into the path or into the host name', () => {
    expect(s3ObjectUrl({ ...storage, forcePathStyle: true }, '7/abc')).toBe(
      'https://objects.example:9000/base/fahrwerk/prod/7/abc',
    );
    expect(s3ObjectUrl({ ...storage, forcePathStyle: false }, '7/abc')).toBe(
      'https://fahrwerk.objects.example:9000/base/prod/7/abc',
    );
  });

  it('refuses keys it would have to encode or that climb out', () => {
    expect(() => s3ObjectUrl({ ...storage, forcePathStyle: true }, '7/a b')).toThrow(/not allowed/);
    expect(() => s3ObjectUrl({ ...storage, forcePathStyle: true }, '../7/abc')).toThrow(
      /not allowed/,
    );
  });
});

describe('the storage check at start', () => {
  it('passes for a writable folder and a bucket the keys may list', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'fw-check-'));
    await expect(createFileBackend(dir, { kind: 'local' }).check()).resolves.toBeUndefined();
    await expect(
      createFileBackend(dir, { kind: 's3', ...s3.storage }).check(),
    ).resolves.toBeUndefined();
    await rm(dir, { recursive: true, force: true });
  });

  it('says what to fix: a folder that cannot be made, a missing bucket, wrong keys, no server', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'fw-check-'));
    // DATA_DIR/files is a file: the folder cannot be made.
    await writeFile(path.join(dir, 'files'), 'kein Ordner');
    await expect(createFileBackend(dir, { kind: 'local' }).check()).rejects.toThrow(
      /Dateiordner .* nicht beschreibbar .*DATA_DIR/,
    );
    const bucket = (change: Partial<typeof s3.storage>) =>
      createFileBackend(dir, { kind: 's3', ...s3.storage, ...change }).check();
    await expect(bucket({ bucket: 'gibt-es-nicht' })).rejects.toThrow(
      /gibt-es-nicht .* answered 404: no such bucket: create it first/,
    );
    await expect(bucket({ accessKeyId: 'FALSCH', secretAccessKey: 'FALSCH' })).rejects.toThrow(
      /answered 403: access denied: check S3_ACCESS_KEY_ID/,
    );
    await expect(bucket({ endpoint: 'http://127.0.0.1:9' })).rejects.toThrow(
      /not reachable: .*Check S3_ENDPOINT/,
    );
    await rm(dir, { recursive: true, force: true });
  });
});

describe.each(DRIVERS)('file store (%s)', (driver) => {
  // One app (configured for S3) per driver; the contract tests below use its database.
  const t = useTestApp(driver, { env: () => ({ ...s3.env, S3_PREFIX: `app-${driver}` }) });
  let schoolA: number;
  let schoolB: number;

  beforeAll(async () => {
    schoolA = t.demo.schoolId;
    const [other] = await t.database.db
      .insert(drivingSchools)
      .values({ name: 'Fahrschule B' })
      .returning({ id: drivingSchools.id });
    schoolB = other?.id as number;
  });

  describe.each(['local', 's3'] as const)('on the %s backend', (kind) => {
    let storage: FileStorage;
    let files: FileStore;
    const logged: { details: Record<string, unknown>; message: string }[] = [];
    const log: FileStoreLog = { error: (details, message) => logged.push({ details, message }) };
    const db = () => t.database.db;
    // Not the app's DATA_DIR/files: the API test below checks that stays empty.
    const dataDir = () => path.join(t.config.dataDir, 'contract');

    beforeAll(() => {
      // Both drivers share the one S3 server: a prefix each (and the prefix is tried).
      storage = kind === 's3' ? { kind, ...s3.storage, prefix: `${driver}/` } : { kind };
      files = createFileStore({ dataDir: dataDir(), storage, log });
    });

    /** The storage keys under `<school>/` as the backend has them. */
    const keysOf = async (schoolId: number): Promise<string[]> => {
      if (storage.kind === 's3') {
        const keys = await s3.listKeys(`${storage.prefix}${schoolId}/`);
        return keys.map((key) => key.slice(storage.kind === 's3' ? storage.prefix.length : 0));
      }
      const folder = path.join(dataDir(), 'files', String(schoolId));
      if (!existsSync(folder)) return [];
      return (await readdir(folder)).map((name) => `${schoolId}/${name}`).sort();
    };

    /** Replaces the stored bytes behind the store's back (bit rot, a hand edit, a bad copy). */
    const tamper = async (storageKey: string, bytes: Buffer) => {
      if (storage.kind === 's3') {
        await createFileBackend(dataDir(), storage).put(storageKey, bytes, sha256(bytes));
      } else {
        await writeFile(path.join(dataDir(), 'files', storageKey), bytes);
      }
    };

    it('saves, reads back and removes a file: bytes first, the row with size and SHA-256', async () => {
      const bytes = Buffer.from('%PDF-1.4 Sehtest von Lea Neumann\n');
      const row = await files.save(db(), schoolA, {
        fileName: 'C:\\Scans\\Sehtest\u0007.pdf',
        mimeType: 'application/pdf',
        bytes,
      });
      expect(row).toMatchObject({
        drivingSchoolId: schoolA,
        fileName: 'Sehtest.pdf',
        mimeType: 'application/pdf',
        size: bytes.length,
        sha256: sha256(bytes),
      });
      expect(row.storageKey).toMatch(new RegExp(`^${schoolA}/[0-9a-f-]{36}$`));
      expect(await keysOf(schoolA)).toContain(row.storageKey);

      const read = await files.read(db(), schoolA, row.id);
      expect(read.row).toEqual(row);
      expect(read.bytes.equals(bytes)).toBe(true);

      await files.remove(db(), schoolA, row.id);
      expect(await keysOf(schoolA)).not.toContain(row.storageKey);
      await expect(files.read(db(), schoolA, row.id)).rejects.toMatchObject({
        status: 404,
        message: 'No such file in your school.',
      });
      // Removing again is no error.
      await files.remove(db(), schoolA, row.id);
    });

    it("keeps each school's files to itself", async () => {
      const bytes = Buffer.from('Ausbildungsvertrag A');
      const row = await files.save(db(), schoolA, {
        fileName: 'vertrag.pdf',
        mimeType: 'application/pdf',
        bytes,
      });
      await expect(files.read(db(), schoolB, row.id)).rejects.toMatchObject({ status: 404 });
      await files.remove(db(), schoolB, row.id);
      expect((await files.read(db(), schoolA, row.id)).bytes.equals(bytes)).toBe(true);
      expect(await keysOf(schoolB)).toEqual([]);
    });

    it('answers 404 when the row is there but its bytes are gone', async () => {
      const row = await files.save(db(), schoolA, {
        fileName: 'weg.txt',
        mimeType: 'text/plain',
        bytes: Buffer.from('gleich weg'),
      });
      await createFileBackend(dataDir(), storage).delete(row.storageKey);
      await expect(files.read(db(), schoolA, row.id)).rejects.toMatchObject({
        status: 404,
        message: `The content of file ${row.id} is missing from the file store.`,
      });
    });

    it('checks the SHA-256 on every read: changed, cut short or longer bytes are a logged 500', async () => {
      const bytes = Buffer.from('Rechnung 2026-0042 über 1.234,56 EUR');
      const row = await files.save(db(), schoolA, {
        fileName: 'rechnung.pdf',
        mimeType: 'application/pdf',
        bytes,
      });
      const changed = Buffer.from(bytes);
      changed[9] = '9'.charCodeAt(0);
      const cases = [
        { what: 'changed', bytes: changed },
        { what: 'cut short', bytes: bytes.subarray(0, bytes.length - 3) },
        { what: 'longer', bytes: Buffer.concat([bytes, Buffer.from('!')]) },
        { what: 'empty', bytes: Buffer.alloc(0) },
      ];
      for (const corrupted of cases) {
        logged.length = 0;
        await tamper(row.storageKey, corrupted.bytes);
        const failure = await files.read(db(), schoolA, row.id).then(
          () => undefined,
          (error: unknown) => error,
        );
        expect(failure, corrupted.what).toMatchObject({
          status: 500,
          message: expect.stringContaining(`file ${row.id} does not match its SHA-256`),
        });
        expect(logged, corrupted.what).toEqual([
          {
            message: 'file store: stored bytes do not match their SHA-256',
            details: expect.objectContaining({
              fileId: row.id,
              storageKey: row.storageKey,
              expectedSha256: row.sha256,
            }),
          },
        ]);
      }
      // The right bytes back: read again.
      await tamper(row.storageKey, bytes);
      expect((await files.read(db(), schoolA, row.id)).bytes.equals(bytes)).toBe(true);
      if (storage.kind === 'local') {
        // Cut short on disk in place (the object store has no such thing).
        await truncate(path.join(dataDir(), 'files', row.storageKey), 5);
        await expect(files.read(db(), schoolA, row.id)).rejects.toMatchObject({ status: 500 });
      }
    });

    it('removes the bytes again when the row cannot be inserted', async () => {
      const noSuchSchool = 2_000_000_000;
      await expect(
        files.save(db(), noSuchSchool, {
          fileName: 'waise.txt',
          mimeType: 'text/plain',
          bytes: Buffer.from('ohne Zeile'),
        }),
      ).rejects.toThrow();
      expect(await keysOf(noSuchSchool)).toEqual([]);
      const rows = await db()
        .select()
        .from(storedFiles)
        .where(eq(storedFiles.drivingSchoolId, noSuchSchool));
      expect(rows).toEqual([]);
    });

    it('removes the bytes of a remove inside a transaction only by the sweep, after the commit; a rollback keeps both', async () => {
      const save = (name: string) =>
        files.save(db(), schoolA, {
          fileName: name,
          mimeType: 'text/plain',
          bytes: Buffer.from(`Inhalt von ${name}`),
        });
      const kept = await save('zurückgerollt.txt');
      const gone = await save('gelöscht.txt');

      // Rolled back: the row comes back and finds its bytes.
      await expect(
        db().transaction(async (tx) => {
          await files.remove(tx, schoolA, kept.id);
          throw new Error('Abbruch nach dem Löschen');
        }),
      ).rejects.toThrow('Abbruch nach dem Löschen');
      expect((await files.read(db(), schoolA, kept.id)).bytes.toString()).toBe(
        'Inhalt von zurückgerollt.txt',
      );

      // Committed: the row is gone, the bytes wait for the sweep.
      await db().transaction(async (tx) => {
        await files.remove(tx, schoolA, gone.id);
      });
      await expect(files.read(db(), schoolA, gone.id)).rejects.toMatchObject({ status: 404 });
      expect(await keysOf(schoolA)).toContain(gone.storageKey);

      // Not yet older than the sweep's limit: nothing is listed, nothing removed.
      await files.sweepOrphans(db(), new Date(Date.now() - 60_000));
      expect(await keysOf(schoolA)).toContain(gone.storageKey);

      const later = new Date(Date.now() + 60_000);
      const swept = await files.sweepOrphans(db(), later);
      expect(swept.removed).toBeGreaterThanOrEqual(1);
      expect(swept.checked).toBeGreaterThanOrEqual(2);
      const keys = await keysOf(schoolA);
      expect(keys).not.toContain(gone.storageKey);
      expect(keys).toContain(kept.storageKey);
      expect((await files.read(db(), schoolA, kept.id)).bytes.toString()).toBe(
        'Inhalt von zurückgerollt.txt',
      );
      await files.remove(db(), schoolA, kept.id);
    });

    it('sweeps the bytes of a save whose transaction rolled back, never keys of another shape', async () => {
      let orphanKey = '';
      await expect(
        db().transaction(async (tx) => {
          const row = await files.save(tx, schoolB, {
            fileName: 'nie-gespeichert.pdf',
            mimeType: 'application/pdf',
            bytes: Buffer.from('%PDF-1.4 verworfen'),
          });
          orphanKey = row.storageKey;
          throw new Error('Rechnung verworfen');
        }),
      ).rejects.toThrow('Rechnung verworfen');
      // Something else in the same folder or bucket: not ours to judge.
      const foreignKey = `${schoolB}/notizen.txt`;
      const foreign = Buffer.from('nicht von Fahrwerk');
      await createFileBackend(dataDir(), storage).put(foreignKey, foreign, sha256(foreign));
      expect(await keysOf(schoolB)).toEqual(expect.arrayContaining([orphanKey, foreignKey]));

      await files.sweepOrphans(db(), new Date(Date.now() + 60_000));
      const keys = await keysOf(schoolB);
      expect(keys).not.toContain(orphanKey);
      expect(keys).toContain(foreignKey);
      await createFileBackend(dataDir(), storage).delete(foreignKey);
    });

    it('stores and reads a file of 20 MB', async () => {
      const bytes = randomBytes(20 * 1024 * 1024);
      const row = await files.save(db(), schoolB, {
        fileName: 'scan.pdf',
        mimeType: 'application/pdf',
        bytes,
      });
      expect(row.size).toBe(bytes.length);
      const read = await files.read(db(), schoolB, row.id);
      expect(read.bytes.length).toBe(bytes.length);
      expect(sha256(read.bytes)).toBe(sha256(bytes));
      await files.remove(db(), schoolB, row.id);
      expect(await keysOf(schoolB)).toEqual([]);
    });
  });

  describe('through the API with the app on S3', () => {
    it('uploads a document into the bucket, downloads it, and refuses it once changed there', async () => {
      expect(t.config.fileStorage).toMatchObject({ kind: 's3', prefix: `app-${driver}/` });
      const f = await fixtures(t);
      const studentId = await createStudent(t, f);
      const created = await t.call<{ id: number; size: number }>('POST', '/student-documents', {
        token: f.owner,
        multipart: {
          fields: { studentId, type: 'EYE_TEST' },
          files: [{ fileName: 'Sehtest.pdf', mimeType: 'application/pdf', bytes: PDF_BYTES }],
        },
      });
      expect(created.status, created.raw).toBe(201);
      expect(created.body.size).toBe(PDF_BYTES.length);

      // In the bucket, not in DATA_DIR.
      const keys = await s3.listKeys(`app-${driver}/${f.schoolId}/`);
      expect(keys).toHaveLength(1);
      expect(existsSync(path.join(t.config.dataDir, 'files'))).toBe(false);

      const download = await t.call('GET', `/student-documents/${created.body.id}`, {
        token: f.owner,
      });
      expect(download.status, download.raw).toBe(200);
      expect(download.headers['content-type']).toContain('application/pdf');
      expect(download.bytes.equals(PDF_BYTES)).toBe(true);

      const changed = Buffer.from(PDF_BYTES);
      changed[changed.length - 2] = 'X'.charCodeAt(0);
      await createFileBackend(t.config.dataDir, t.config.fileStorage).put(
        (keys[0] as string).slice(`app-${driver}/`.length),
        changed,
        sha256(changed),
      );
      const refused = await t.call('GET', `/student-documents/${created.body.id}`, {
        token: f.owner,
      });
      const body = expectError(refused, 500, 'errors.unknown');
      expect(body.message).toMatch(/does not match its SHA-256 checksum/);
      expect(refused.bytes.includes(changed)).toBe(false);
    });
  });
});
