import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import {
  documentsInProcessing,
  type storedFiles,
  studentDocuments,
  studentEducations,
  students,
} from '../../db/schema';
import { type AuthContext, requireAuth } from '../../http/auth';
import { fieldError, globalError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { uploadedFile, uploadedFiles } from '../../http/uploads';
import type { Services } from '../handlers';
import { handlers, num, type Schemas } from '../resources/kit';
import { visibleStudent } from '../students/students.resources';

/*
 * The bytes of student documents and of the documents in processing (spec 000 §2, 001 §3,
 * §5, §7): office uploads, downloads (with the letterhead rule), deletion, the QR-code link
 * of a student and the public QR-code upload. Listing, the visibility switch and attaching
 * an inbox file to a student live in documents.resources.ts.
 */

/** The contract's uploads take PDF, JPEG or PNG (components/documents.yaml). */
export const STUDENT_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

/** The page of the back office a student's QR code opens (a public route of the route table). */
export const STUDENT_QR_UPLOAD_PAGE = '/theory/upload-qrcode-document';

/** At most this many files per `POST /documents-in-processing` (the contract's maxItems). */
const MAX_FILES_PER_UPLOAD = 20;

/**
 * The school's part of a student's QR-code link: an HMAC of the school id under the
 * server's secret (purpose-bound, so it differs from the cost bearers' school token) — it
 * cannot be guessed or forged and needs no stored column. The student's part is a random
 * token stored on the student (`students.upload_token`, unique), made on the first link
 * request. Both must match for an upload to be accepted.
 */
export function studentSchoolUploadToken(secret: string, schoolId: number): string {
  return createHmac('sha256', secret)
    .update(`student-qr-upload:${schoolId}`)
    .digest('base64url')
    .slice(0, 32);
}

const sameToken = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

type StudentDocumentRow = typeof studentDocuments.$inferSelect;
type InboxRow = typeof documentsInProcessing.$inferSelect;
type StoredFile = typeof storedFiles.$inferSelect;

/** Document types whose generated PDF is an invoice-like record: never without letterhead. */
const INVOICE_TYPES = new Set<string>(['INVOICE', 'PAYMENT_REQUEST']);

const studentDocumentDto = (row: StudentDocumentRow, file: StoredFile) => {
  const body: Schemas['StudentDocument'] = {
    id: row.id,
    studentId: row.studentId,
    type: row.type,
    fileName: row.fileName,
    mimeType: file.mimeType,
    size: file.size,
    visible: row.visible,
    generated: row.generated,
    uploadedAt: row.uploadedAt.toISOString(),
  };
  if (row.studentEducationId !== null) body.studentEducationId = row.studentEducationId;
  if (row.uploadedByUserId !== null) body.uploadedByUserId = row.uploadedByUserId;
  return body;
};

const inboxDto = (row: InboxRow, file: StoredFile) => {
  const body: Schemas['DocumentInProcessing'] = {
    id: row.id,
    fileName: row.fileName,
    mimeType: file.mimeType,
    size: file.size,
    uploadedAt: row.uploadedAt.toISOString(),
    fromQrCode: row.fromQrCode,
  };
  if (row.uploadedByUserId !== null) body.uploadedByUserId = row.uploadedByUserId;
  if (row.studentId !== null) body.studentId = row.studentId;
  if (row.type !== null) body.type = row.type;
  return body;
};

const truthy = (value: unknown) => value === true || value === 'true';

export function createStudentDocumentFileHandlers(services: Services): OperationHandlers {
  const { db, files, config } = services;

  async function documentOf(a: AuthContext, id: number): Promise<StudentDocumentRow> {
    const [row] = await db
      .select()
      .from(studentDocuments)
      .where(
        and(eq(studentDocuments.drivingSchoolId, a.drivingSchoolId), eq(studentDocuments.id, id)),
      );
    if (!row) throw notFound();
    // An instructor who sees only own students sees only their documents.
    await visibleStudent(db, a, row.studentId);
    return row;
  }

  async function inboxOf(a: AuthContext, id: number): Promise<InboxRow> {
    const [row] = await db
      .select()
      .from(documentsInProcessing)
      .where(
        and(
          eq(documentsInProcessing.drivingSchoolId, a.drivingSchoolId),
          eq(documentsInProcessing.id, id),
        ),
      );
    if (!row) throw notFound();
    return row;
  }

  /** The education must be one of the student (404 when not of the school at all). */
  async function checkEducation(a: AuthContext, studentId: number, educationId: number) {
    const [education] = await db
      .select({ studentId: studentEducations.studentId })
      .from(studentEducations)
      .where(
        and(
          eq(studentEducations.drivingSchoolId, a.drivingSchoolId),
          eq(studentEducations.id, educationId),
        ),
      );
    if (!education) throw notFound('No such education in your school.');
    if (education.studentId !== studentId) {
      throw fieldError(
        'studentEducationId',
        'validation.invalid',
        'The education is not one of the student.',
      );
    }
  }

  /** The bytes once no other row points at the file (a foreign key refuses otherwise). */
  async function removeFile(schoolId: number, fileId: number) {
    try {
      await files.remove(db, schoolId, fileId);
    } catch {
      // Still referenced elsewhere: the file stays for that row.
    }
  }

  async function saveToInbox(
    tx: Db,
    schoolId: number,
    file: { fileName: string; mimeType: string; bytes: Buffer },
    values: {
      uploadedByUserId: number | null;
      fromQrCode: boolean;
      studentId?: number;
      type?: Schemas['DocumentType'];
    },
  ) {
    const stored = await files.save(tx, schoolId, file);
    const [row] = await tx
      .insert(documentsInProcessing)
      .values({
        drivingSchoolId: schoolId,
        fileId: stored.id,
        fileName: stored.fileName,
        uploadedByUserId: values.uploadedByUserId,
        fromQrCode: values.fromQrCode,
        studentId: values.studentId ?? null,
        type: values.type ?? null,
      })
      .returning();
    if (!row) throw new Error('The inbox row was not written.');
    return inboxDto(row, stored);
  }

  return handlers({
    async uploadStudentDocument(request) {
      const a = requireAuth(request);
      const body = request.body as {
        studentId: number;
        studentEducationId?: number;
        type: Schemas['DocumentType'];
        visible?: boolean | string;
      };
      const file = uploadedFile(request, 'file', {
        types: STUDENT_DOCUMENT_TYPES,
      });
      const student = await visibleStudent(db, a, num(body.studentId));
      if (body.studentEducationId !== undefined) {
        await checkEducation(a, student.id, num(body.studentEducationId));
      }
      const { row, stored } = await db.transaction(async (tx) => {
        const saved = await files.save(tx, a.drivingSchoolId, file);
        const [created] = await tx
          .insert(studentDocuments)
          .values({
            drivingSchoolId: a.drivingSchoolId,
            studentId: student.id,
            studentEducationId:
              body.studentEducationId === undefined ? null : num(body.studentEducationId),
            type: body.type,
            fileId: saved.id,
            fileName: saved.fileName,
            visible: truthy(body.visible),
            uploadedByUserId: a.userId,
          })
          .returning();
        if (!created) throw new Error('The document row was not written.');
        return { row: created, stored: saved };
      });
      return { status: 201, body: studentDocumentDto(row, stored) };
    },

    /*
     * Removing the letterhead: only documents the server generated on the school's
     * letterhead could come without it. Uploaded documents have no letterhead of ours, and
     * invoices/payment requests must stay as issued (spec 001 §5), so both refuse with
     * `errors.letterhead_removal_not_allowed`. The server keeps no letterhead-free
     * rendering of a generated file and no generator renders one yet; until one does,
     * generated documents refuse as well rather than answer the file with the letterhead.
     */
    async downloadStudentDocument(request) {
      const a = requireAuth(request);
      const row = await documentOf(a, num(request.params.id));
      if (truthy(request.query.removeLetterhead)) {
        throw globalError(
          'errors.letterhead_removal_not_allowed',
          !row.generated
            ? 'Uploaded documents carry no letterhead of the school to remove.'
            : INVOICE_TYPES.has(row.type)
              ? 'Invoices are kept as issued, with the letterhead.'
              : 'No letterhead-free rendering of this generated document is available.',
        );
      }
      const { row: stored, bytes } = await files.read(db, a.drivingSchoolId, row.fileId);
      return {
        status: 200,
        file: {
          bytes,
          mimeType: stored.mimeType,
          fileName: row.fileName,
          disposition: 'attachment',
        },
      };
    },

    // Uploaded documents only: generated ones (contracts, certificates, invoices) are records.
    async deleteStudentDocument(request) {
      const a = requireAuth(request);
      const row = await documentOf(a, num(request.params.id));
      if (row.generated) {
        throw globalError(
          'errors.document_in_use',
          'Generated documents (contract, certificate, invoice) are kept; only uploads can be deleted.',
        );
      }
      await db
        .delete(studentDocuments)
        .where(
          and(
            eq(studentDocuments.drivingSchoolId, a.drivingSchoolId),
            eq(studentDocuments.id, row.id),
          ),
        );
      await removeFile(a.drivingSchoolId, row.fileId);
      return { status: 204 };
    },

    // The token is made on the first call and stays the same.
    async getStudentDocumentUploadLink(request) {
      const a = requireAuth(request);
      const student = await visibleStudent(db, a, num(request.params.studentId));
      let token = student.uploadToken;
      if (!token) {
        const fresh = randomBytes(24).toString('base64url');
        // A concurrent first call keeps whichever token was written first.
        await db
          .update(students)
          .set({ uploadToken: fresh })
          .where(
            and(
              eq(students.drivingSchoolId, a.drivingSchoolId),
              eq(students.id, student.id),
              sql`${students.uploadToken} is null`,
            ),
          );
        token = (await visibleStudent(db, a, student.id)).uploadToken ?? fresh;
      }
      const query = new URLSearchParams({
        schoolToken: studentSchoolUploadToken(config.jwtSecret, a.drivingSchoolId),
        studentToken: token,
      });
      return {
        status: 200,
        body: { url: `${config.publicUrl}${STUDENT_QR_UPLOAD_PAGE}?${query}` },
      };
    },

    // No sign-in: the two tokens name the student; anything else (or an archived student) is 404.
    async uploadStudentDocumentByQrCode(request) {
      const schoolToken = String(request.params.schoolToken ?? '');
      const studentToken = String(request.params.studentToken ?? '');
      const [student] = await db
        .select({
          id: students.id,
          drivingSchoolId: students.drivingSchoolId,
          archived: students.archived,
        })
        .from(students)
        .where(eq(students.uploadToken, studentToken));
      if (
        !student ||
        student.archived ||
        !sameToken(schoolToken, studentSchoolUploadToken(config.jwtSecret, student.drivingSchoolId))
      ) {
        throw notFound('The link is not valid (any more).');
      }
      const body = (request.body ?? {}) as { type?: Schemas['DocumentType'] };
      const file = uploadedFile(request, 'file', {
        types: STUDENT_DOCUMENT_TYPES,
      });
      // Into the inbox, marked with the student, so the office checks it first.
      await db.transaction((tx) =>
        saveToInbox(tx, student.drivingSchoolId, file, {
          uploadedByUserId: null,
          fromQrCode: true,
          studentId: student.id,
          type: body.type ?? 'OTHER',
        }),
      );
      return { status: 204 };
    },

    // Each file becomes one row; all or none are stored.
    async uploadDocumentsInProcessing(request) {
      const a = requireAuth(request);
      const fastifyRequest: FastifyRequest = request;
      const uploads = uploadedFiles(fastifyRequest, 'files', { types: STUDENT_DOCUMENT_TYPES });
      if (uploads.length === 0) {
        // Reports the missing file the same way as a single upload.
        uploadedFile(fastifyRequest, 'files', { types: STUDENT_DOCUMENT_TYPES });
      }
      if (uploads.length > MAX_FILES_PER_UPLOAD) {
        throw fieldError(
          'files',
          'validation.max_items',
          `At most ${MAX_FILES_PER_UPLOAD} files per upload.`,
        );
      }
      const rows = await db.transaction(async (tx) => {
        const created: Schemas['DocumentInProcessing'][] = [];
        for (const file of uploads) {
          created.push(
            await saveToInbox(tx, a.drivingSchoolId, file, {
              uploadedByUserId: a.userId,
              fromQrCode: false,
            }),
          );
        }
        return created;
      });
      return { status: 201, body: rows };
    },

    async downloadDocumentInProcessing(request) {
      const a = requireAuth(request);
      const row = await inboxOf(a, num(request.params.id));
      const { row: stored, bytes } = await files.read(db, a.drivingSchoolId, row.fileId);
      return {
        status: 200,
        file: {
          bytes,
          mimeType: stored.mimeType,
          fileName: row.fileName,
          // Looked at in the browser before it is attached.
          disposition: 'inline',
        },
      };
    },

    async deleteDocumentInProcessing(request) {
      const a = requireAuth(request);
      const row = await inboxOf(a, num(request.params.id));
      await db
        .delete(documentsInProcessing)
        .where(
          and(
            eq(documentsInProcessing.drivingSchoolId, a.drivingSchoolId),
            eq(documentsInProcessing.id, row.id),
          ),
        );
      await removeFile(a.drivingSchoolId, row.fileId);
      return { status: 204 };
    },
  });
}
