import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { FileStorage } from '../config';
import type { Db } from '../db/database';
import { storedFiles } from '../db/schema';
import type { Schemas } from '../http/contract-types';
import { AppError, notFound } from '../http/errors';
import { createFileBackend, type FileBackend } from './file-backend';

export type StoredFileRow = typeof storedFiles.$inferSelect;

export type NewFile = {
  fileName: string;
  mimeType: string;
  bytes: Buffer;
};

export type FileContent = {
  row: StoredFileRow;
  bytes: Buffer;
};

/**
 * Uploaded and generated files. The bytes sit in a FileBackend under the storage key
 * `<school>/<uuid>` — the folder `<DATA_DIR>/files` or an S3-compatible bucket — and the row in
 * `stored_files` (name, type, size, sha256); other tables point at the row.
 *
 * Order matters so nothing is lost or left half-written: bytes are written first, then the
 * row is inserted (in the caller's transaction when one is passed); when the insert fails the
 * bytes are removed again. Deleting removes the row first, then the bytes — at once when the
 * delete is committed by itself, and by the orphan sweep (`sweepOrphans`, file-sweep.ts) when
 * it is part of the caller's transaction: that transaction may still roll back and bring the
 * row back, which must find its bytes. The sweep also removes the bytes of a save whose
 * transaction rolled back or whose process died between writing and inserting.
 *
 * Every read is checked against the row's size and SHA-256: bytes changed or cut short in the
 * folder or the bucket are logged and answered with a 500, never handed out.
 */
export type FileStore = {
  save: (db: Db, schoolId: number, file: NewFile) => Promise<StoredFileRow>;
  /**
   * Throws 404 when the file is not the school's or its bytes are missing, 500 when they do not
   * match the row's size and SHA-256.
   */
  read: (db: Db, schoolId: number, fileId: number) => Promise<FileContent>;
  /**
   * Deletes the row; the bytes at once outside a transaction, else by the next orphan sweep
   * once the transaction committed (a rollback keeps row and bytes).
   */
  remove: (db: Db, schoolId: number, fileId: number) => Promise<void>;
  /**
   * Removes the bytes under every key written before `before` that no row names any more (in
   * any school); answers how many keys it looked at and removed. Safe in several processes at
   * once; `before` must lie far enough back that no save still writing its row is listed.
   */
  sweepOrphans: (db: Db, before: Date) => Promise<{ checked: number; removed: number }>;
};

/** A file as the contract's FileRef. */
export const toFileRef = (row: StoredFileRow): Schemas['FileRef'] => ({
  id: row.id,
  fileName: row.fileName,
  mimeType: row.mimeType,
  size: row.size,
  uploadedAt: row.createdAt.toISOString(),
});

/** Keeps only the last path segment and drops control characters (names come from browsers). */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (cleaned || 'datei').slice(0, 255);
}

/** Where a file whose bytes do not match its row is reported (pino's `log.error(details, message)`). */
export type FileStoreLog = {
  error: (details: Record<string, unknown>, message: string) => void;
};

const consoleLog: FileStoreLog = {
  error: (details, message) => console.error(message, details),
};

/** 500: the stored bytes are not what was saved. The message names the file, not its key. */
export const fileCorrupted = (fileId: number) =>
  new AppError(
    500,
    'errors.unknown',
    `The stored content of file ${fileId} does not match its SHA-256 checksum: it was changed or cut short in the file store.`,
  );

export type FileStoreOptions = {
  /** The files folder is `<dataDir>/files` when the storage is local. */
  dataDir: string;
  /** The configured storage (`Config.fileStorage`); the local folder without it. */
  storage?: FileStorage;
  /** Integrity failures; the console without it. */
  log?: FileStoreLog;
};

export function createFileStore(options: FileStoreOptions): FileStore {
  const backend: FileBackend = createFileBackend(
    options.dataDir,
    options.storage ?? { kind: 'local' },
  );
  const log = options.log ?? consoleLog;

  return {
    async save(db, schoolId, file) {
      const storageKey = `${schoolId}/${randomUUID()}`;
      const sha256 = createHash('sha256').update(file.bytes).digest('hex');
      await backend.put(storageKey, file.bytes, sha256);
      try {
        const [row] = await db
          .insert(storedFiles)
          .values({
            drivingSchoolId: schoolId,
            storageKey,
            fileName: cleanFileName(file.fileName),
            mimeType: file.mimeType.slice(0, 100) || 'application/octet-stream',
            size: file.bytes.length,
            sha256,
          })
          .returning();
        if (!row) throw new Error('stored_files insert returned no row');
        return row;
      } catch (error) {
        await backend.delete(storageKey).catch((cleanup: unknown) => {
          // The insert's failure is the one to report; the leftover bytes belong to no row.
          log.error(
            { storageKey, backend: backend.description, err: cleanup },
            'file store: could not remove the bytes of a file whose row was not inserted',
          );
        });
        throw error;
      }
    },

    async read(db, schoolId, fileId) {
      const [row] = await db
        .select()
        .from(storedFiles)
        .where(and(eq(storedFiles.drivingSchoolId, schoolId), eq(storedFiles.id, fileId)));
      if (!row) throw notFound('No such file in your school.');
      const content = await backend.get(row.storageKey);
      // The row exists but the bytes are gone (demo rows have no bytes; a restored
      // database without its files): say so instead of answering an empty file.
      if (!content) throw notFound(`The content of file ${row.id} is missing from the file store.`);
      const hash = createHash('sha256');
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of content) {
        size += chunk.length;
        // Longer than saved: corrupted whatever follows (leaving the loop ends the stream).
        if (size > row.size) break;
        hash.update(chunk);
        chunks.push(chunk);
      }
      const sha256 = size === row.size ? hash.digest('hex') : null;
      if (sha256 !== row.sha256) {
        log.error(
          {
            fileId: row.id,
            schoolId,
            storageKey: row.storageKey,
            backend: backend.description,
            expectedSize: row.size,
            size: size > row.size ? `more than ${row.size}` : size,
            expectedSha256: row.sha256,
            sha256,
          },
          'file store: stored bytes do not match their SHA-256',
        );
        throw fileCorrupted(row.id);
      }
      return { row, bytes: Buffer.concat(chunks, size) };
    },

    async remove(db, schoolId, fileId) {
      const [row] = await db
        .delete(storedFiles)
        .where(and(eq(storedFiles.drivingSchoolId, schoolId), eq(storedFiles.id, fileId)))
        .returning();
      if (row && !(db instanceof PgTransaction)) await backend.delete(row.storageKey);
    },

    async sweepOrphans(db, before) {
      let checked = 0;
      let removed = 0;
      const sweep = async (keys: string[]) => {
        checked += keys.length;
        const rows = await db
          .select({ storageKey: storedFiles.storageKey })
          .from(storedFiles)
          .where(inArray(storedFiles.storageKey, keys));
        const named = new Set(rows.map((row) => row.storageKey));
        for (const key of keys) {
          if (named.has(key)) continue;
          await backend.delete(key);
          removed += 1;
        }
      };
      let batch: string[] = [];
      for await (const key of backend.list(before)) {
        batch.push(key);
        if (batch.length === 500) {
          await sweep(batch);
          batch = [];
        }
      }
      if (batch.length > 0) await sweep(batch);
      return { checked, removed };
    },
  };
}
