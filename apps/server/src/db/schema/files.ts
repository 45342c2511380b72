import { bigint, foreignKey, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, notNegative, schoolId, tenantKey } from './columns';
import { drivingSchools } from './core';

/**
 * Every uploaded or generated file (documents, signatures, avatars, protocols, invoices as
 * PDF). The bytes live in the storage behind `storage_key` (by default under DATA_DIR);
 * rows of other tables point here through (driving_school_id, file id).
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: id(),
    drivingSchoolId: schoolId(),
    storageKey: text('storage_key').notNull().unique(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'stored_files_driving_school_fk',
      columns: [t.drivingSchoolId],
      foreignColumns: [drivingSchools.id],
    }).onDelete('cascade'),
    ...tenantKey('stored_files', t),
    notNegative('stored_files_size_check', t.size),
  ],
);
