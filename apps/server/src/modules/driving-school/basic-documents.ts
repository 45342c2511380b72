import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { drivingSchoolDocuments } from '../../db/schema';
import { toFileRef } from '../../files/file-store';
import { requireAuth } from '../../http/auth';
import { notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { uploadedFile } from '../../http/uploads';
import type { Services } from '../handlers';

/*
 * The school's basic documents (spec 000 §3): letterhead, signature and logo. Each is one
 * stored file the school replaces or removes; generated letters, invoices and certificates
 * use them. Upload replaces the file in one transaction (new row linked, old row and bytes
 * removed afterwards), so a failed upload never loses the current document.
 */

/** The contract allows 5 MB per basic document. */
export const BASIC_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;

type Kind = 'letterhead' | 'signature' | 'logo';

const COLUMN = {
  letterhead: 'letterheadFileId',
  signature: 'signatureFileId',
  logo: 'logoFileId',
} as const;

/** The contract's accepted types: letterhead PDF (or an A4 image), signature and logo images. */
const TYPES: Record<Kind, readonly string[]> = {
  letterhead: ['application/pdf', 'image/png', 'image/jpeg'],
  signature: ['image/png', 'image/jpeg'],
  logo: ['image/png', 'image/jpeg'],
};

const NAMES: Record<Kind, string> = {
  letterhead: 'letterhead',
  signature: 'signature',
  logo: 'logo',
};

const OPERATIONS = {
  letterhead: {
    get: 'getDrivingSchoolLetterhead',
    upload: 'uploadDrivingSchoolLetterhead',
    remove: 'deleteDrivingSchoolLetterhead',
  },
  signature: {
    get: 'getDrivingSchoolSignature',
    upload: 'uploadDrivingSchoolSignature',
    remove: 'deleteDrivingSchoolSignature',
  },
  logo: {
    get: 'getDrivingSchoolLogo',
    upload: 'uploadDrivingSchoolLogo',
    remove: 'deleteDrivingSchoolLogo',
  },
} as const;

export function createBasicDocumentHandlers(services: Pick<Services, 'db' | 'files'>) {
  const { db, files } = services;

  async function currentFileId(tx: Db, schoolId: number, kind: Kind) {
    const [row] = await tx
      .select()
      .from(drivingSchoolDocuments)
      .where(eq(drivingSchoolDocuments.drivingSchoolId, schoolId));
    return row?.[COLUMN[kind]] ?? null;
  }

  async function link(tx: Db, schoolId: number, kind: Kind, fileId: number | null) {
    await tx
      .insert(drivingSchoolDocuments)
      .values({ drivingSchoolId: schoolId, [COLUMN[kind]]: fileId })
      .onConflictDoUpdate({
        target: drivingSchoolDocuments.drivingSchoolId,
        set: { [COLUMN[kind]]: fileId, updatedAt: new Date() },
      });
  }

  const handlers: Record<string, unknown> = {};
  for (const kind of Object.keys(OPERATIONS) as Kind[]) {
    const operations = OPERATIONS[kind];

    handlers[operations.get] = async (request: never) => {
      const auth = requireAuth(request);
      const fileId = await currentFileId(db, auth.drivingSchoolId, kind);
      if (!fileId) throw notFound(`No ${NAMES[kind]} is uploaded.`);
      const { row, bytes } = await files.read(db, auth.drivingSchoolId, fileId);
      return {
        status: 200,
        file: { bytes, mimeType: row.mimeType, fileName: row.fileName, disposition: 'inline' },
      };
    };

    handlers[operations.upload] = async (request: never) => {
      const auth = requireAuth(request);
      const upload = uploadedFile(request, 'file', {
        types: TYPES[kind],
        maxBytes: BASIC_DOCUMENT_MAX_BYTES,
      });
      const stored = await db.transaction(async (tx) => {
        const t: Db = tx;
        const previous = await currentFileId(t, auth.drivingSchoolId, kind);
        const row = await files.save(t, auth.drivingSchoolId, upload);
        await link(t, auth.drivingSchoolId, kind, row.id);
        if (previous) await files.remove(t, auth.drivingSchoolId, previous);
        return row;
      });
      return { status: 200, body: toFileRef(stored) };
    };

    handlers[operations.remove] = async (request: never) => {
      const auth = requireAuth(request);
      await db.transaction(async (tx) => {
        const t: Db = tx;
        const fileId = await currentFileId(t, auth.drivingSchoolId, kind);
        if (!fileId) throw notFound(`No ${NAMES[kind]} is uploaded.`);
        await link(t, auth.drivingSchoolId, kind, null);
        await files.remove(t, auth.drivingSchoolId, fileId);
      });
      return { status: 204 };
    };
  }
  return handlers as OperationHandlers;
}
