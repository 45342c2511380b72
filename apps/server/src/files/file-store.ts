import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { storedFiles } from '../db/schema';
import type { Schemas } from '../http/contract-types';
import { notFound } from '../http/errors';

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
 * Uploaded and generated files. The bytes sit under `<DATA_DIR>/files/<school>/<uuid>`, the
 * row in `stored_files` (name, type, size, sha256); other tables point at the row.
 *
 * Order matters so nothing is lost or left half-written: bytes are written first, then the
 * row is inserted (in the caller's transaction when one is passed); when the insert fails the
 * bytes are removed again. Deleting removes the row first, then the bytes.
 */
export type FileStore = {
  save: (db: Db, schoolId: number, file: NewFile) => Promise<StoredFileRow>;
  /** Throws 404 when the file is not the school's. */
  read: (db: Db, schoolId: number, fileId: number) => Promise<FileContent>;
  remove: (db: Db, schoolId: number, fileId: number) => Promise<void>;
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

export function createFileStore(options: { dataDir: string }): FileStore {
  const root = path.join(options.dataDir, 'files');
  const pathOf = (storageKey: string) => {
    const resolved = path.resolve(root, storageKey);
    if (!resolved.startsWith(path.resolve(root) + path.sep)) {
      throw new Error(`Storage key outside the file store: ${storageKey}`);
    }
    return resolved;
  };

  return {
    async save(db, schoolId, file) {
      const storageKey = `${schoolId}/${randomUUID()}`;
      const target = pathOf(storageKey);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, file.bytes, { flag: 'wx' });
      try {
        const [row] = await db
          .insert(storedFiles)
          .values({
            drivingSchoolId: schoolId,
            storageKey,
            fileName: cleanFileName(file.fileName),
            mimeType: file.mimeType.slice(0, 100) || 'application/octet-stream',
            size: file.bytes.length,
            sha256: createHash('sha256').update(file.bytes).digest('hex'),
          })
          .returning();
        if (!row) throw new Error('stored_files insert returned no row');
        return row;
      } catch (error) {
        await rm(target, { force: true });
        throw error;
      }
    },

    async read(db, schoolId, fileId) {
      const [row] = await db
        .select()
        .from(storedFiles)
        .where(and(eq(storedFiles.drivingSchoolId, schoolId), eq(storedFiles.id, fileId)));
      if (!row) throw notFound('No such file in your school.');
      let bytes: Buffer;
      try {
        bytes = await readFile(pathOf(row.storageKey));
      } catch {
        // The row exists but the bytes are gone (demo rows have no bytes; a restored
        // database without its files folder): say so instead of answering an empty file.
        throw notFound(`The content of file ${row.id} is missing from the file store.`);
      }
      return { row, bytes };
    },

    async remove(db, schoolId, fileId) {
      const [row] = await db
        .delete(storedFiles)
        .where(and(eq(storedFiles.drivingSchoolId, schoolId), eq(storedFiles.id, fileId)))
        .returning();
      if (row) await rm(pathOf(row.storageKey), { force: true });
    },
  };
}
