import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  costBearerDocuments,
  documentsInProcessing,
  storedFiles,
  studentDocuments,
  studentEducations,
} from '../../db/schema';
import { type AuthContext, requireAuth } from '../../http/auth';
import { fieldError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { costBearerOfSchool } from '../cost-bearers/cost-bearers.resources';
import { handlers, num, type Schemas, withoutNulls } from '../resources/kit';
import { visibleStudent } from '../students/students.resources';

/*
 * Documents (spec 001 §3, §5, §7): the files of students and cost bearers, and the
 * documents-in-processing inbox. The rows and their metadata; storing and reading the
 * bytes (uploads, downloads, QR-code pages) comes with the file storage.
 */

const fileColumns = { mimeType: storedFiles.mimeType, size: storedFiles.size };

type StudentDocumentRow = typeof studentDocuments.$inferSelect & { mimeType: string; size: number };
type CostBearerDocumentRow = typeof costBearerDocuments.$inferSelect & {
  mimeType: string;
  size: number;
};

const studentDocumentDto = (row: StudentDocumentRow) =>
  withoutNulls({
    id: row.id,
    studentId: row.studentId,
    studentEducationId: row.studentEducationId,
    type: row.type,
    fileName: row.fileName,
    mimeType: row.mimeType,
    size: row.size,
    visible: row.visible,
    generated: row.generated,
    uploadedAt: row.uploadedAt.toISOString(),
    uploadedByUserId: row.uploadedByUserId,
  }) as Schemas['StudentDocument'];

const costBearerDocumentDto = (row: CostBearerDocumentRow) =>
  withoutNulls({
    id: row.id,
    costBearerId: row.costBearerId,
    type: row.type,
    fileName: row.fileName,
    mimeType: row.mimeType,
    size: row.size,
    generated: row.generated,
    uploadedAt: row.uploadedAt.toISOString(),
    uploadedByUserId: row.uploadedByUserId,
    fromQrCode: row.fromQrCode,
  }) as Schemas['CostBearerDocument'];

export function createDocumentHandlers(db: Db): OperationHandlers {
  async function studentDocumentsWhere(condition: SQL | undefined) {
    const rows = await db
      .select({ document: studentDocuments, ...fileColumns })
      .from(studentDocuments)
      .innerJoin(
        storedFiles,
        and(
          eq(storedFiles.drivingSchoolId, studentDocuments.drivingSchoolId),
          eq(storedFiles.id, studentDocuments.fileId),
        ),
      )
      .where(condition)
      .orderBy(desc(studentDocuments.uploadedAt), desc(studentDocuments.id));
    return rows.map((row) =>
      studentDocumentDto({ ...row.document, mimeType: row.mimeType, size: row.size }),
    );
  }

  async function costBearerDocumentsWhere(condition: SQL | undefined) {
    const rows = await db
      .select({ document: costBearerDocuments, ...fileColumns })
      .from(costBearerDocuments)
      .innerJoin(
        storedFiles,
        and(
          eq(storedFiles.drivingSchoolId, costBearerDocuments.drivingSchoolId),
          eq(storedFiles.id, costBearerDocuments.fileId),
        ),
      )
      .where(condition)
      .orderBy(desc(costBearerDocuments.uploadedAt), desc(costBearerDocuments.id));
    return rows.map((row) =>
      costBearerDocumentDto({ ...row.document, mimeType: row.mimeType, size: row.size }),
    );
  }

  async function oneStudentDocument(a: AuthContext, id: number) {
    const [found] = await studentDocumentsWhere(
      and(eq(studentDocuments.drivingSchoolId, a.drivingSchoolId), eq(studentDocuments.id, id)),
    );
    if (!found) throw notFound();
    return found;
  }

  return handlers({
    async listStudentDocumentsByStudent(request) {
      const a = requireAuth(request);
      const studentId = num(request.params.studentId);
      await visibleStudent(db, a, studentId);
      const educationId = request.query.studentEducationId;
      return {
        status: 200,
        body: await studentDocumentsWhere(
          and(
            eq(studentDocuments.drivingSchoolId, a.drivingSchoolId),
            eq(studentDocuments.studentId, studentId),
            educationId === undefined
              ? undefined
              : eq(studentDocuments.studentEducationId, num(educationId)),
          ),
        ),
      };
    },

    async changeStudentDocumentVisibility(request) {
      const a = requireAuth(request);
      const id = num(request.params.id);
      const document = await oneStudentDocument(a, id);
      await visibleStudent(db, a, document.studentId);
      await db
        .update(studentDocuments)
        .set({ visible: Boolean(request.query.visible) })
        .where(
          and(eq(studentDocuments.drivingSchoolId, a.drivingSchoolId), eq(studentDocuments.id, id)),
        );
      return { status: 200, body: await oneStudentDocument(a, id) };
    },

    async listCostBearerDocumentsByCostBearer(request) {
      const a = requireAuth(request);
      const costBearerId = num(request.params.id);
      await costBearerOfSchool(db, a, costBearerId);
      return {
        status: 200,
        body: await costBearerDocumentsWhere(
          and(
            eq(costBearerDocuments.drivingSchoolId, a.drivingSchoolId),
            eq(costBearerDocuments.costBearerId, costBearerId),
          ),
        ),
      };
    },

    // Renaming or retyping; the file itself never changes.
    async updateCostBearerDocument(request) {
      const a = requireAuth(request);
      const id = num(request.params.id);
      const { type, fileName } = request.body as Schemas['CostBearerDocumentUpdate'];
      const updated = await db
        .update(costBearerDocuments)
        .set({ type, fileName })
        .where(
          and(
            eq(costBearerDocuments.drivingSchoolId, a.drivingSchoolId),
            eq(costBearerDocuments.id, id),
          ),
        )
        .returning({ id: costBearerDocuments.id });
      if (updated.length === 0) throw notFound();
      const [found] = await costBearerDocumentsWhere(
        and(
          eq(costBearerDocuments.drivingSchoolId, a.drivingSchoolId),
          eq(costBearerDocuments.id, id),
        ),
      );
      if (!found) throw notFound();
      return { status: 200, body: found };
    },

    // The inbox, oldest first.
    async listDocumentsInProcessing(request) {
      const a = requireAuth(request);
      const rows = await db
        .select({ document: documentsInProcessing, ...fileColumns })
        .from(documentsInProcessing)
        .innerJoin(
          storedFiles,
          and(
            eq(storedFiles.drivingSchoolId, documentsInProcessing.drivingSchoolId),
            eq(storedFiles.id, documentsInProcessing.fileId),
          ),
        )
        .where(eq(documentsInProcessing.drivingSchoolId, a.drivingSchoolId))
        .orderBy(asc(documentsInProcessing.uploadedAt), asc(documentsInProcessing.id));
      return {
        status: 200,
        body: rows.map((row) =>
          withoutNulls({
            id: row.document.id,
            fileName: row.document.fileName,
            mimeType: row.mimeType,
            size: row.size,
            uploadedAt: row.document.uploadedAt.toISOString(),
            uploadedByUserId: row.document.uploadedByUserId,
            fromQrCode: row.document.fromQrCode,
            studentId: row.document.studentId,
            type: row.document.type,
          }),
        ),
      };
    },

    // The file moves into the student's documents; the inbox row goes.
    async attachDocumentInProcessing(request) {
      const a = requireAuth(request);
      const id = num(request.params.id);
      const body = request.body as Schemas['DocumentInProcessingAttach'];
      const [pending] = await db
        .select()
        .from(documentsInProcessing)
        .where(
          and(
            eq(documentsInProcessing.drivingSchoolId, a.drivingSchoolId),
            eq(documentsInProcessing.id, id),
          ),
        );
      if (!pending) throw notFound();
      await visibleStudent(db, a, body.studentId);
      if (body.studentEducationId) {
        const [education] = await db
          .select({ studentId: studentEducations.studentId })
          .from(studentEducations)
          .where(
            and(
              eq(studentEducations.drivingSchoolId, a.drivingSchoolId),
              eq(studentEducations.id, body.studentEducationId),
            ),
          );
        if (!education) throw notFound();
        if (education.studentId !== body.studentId) {
          throw fieldError(
            'studentEducationId',
            'validation.invalid',
            'The education is not one of the student.',
          );
        }
      }
      const documentId = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(studentDocuments)
          .values({
            drivingSchoolId: a.drivingSchoolId,
            studentId: body.studentId,
            studentEducationId: body.studentEducationId ?? null,
            type: body.type,
            fileId: pending.fileId,
            fileName: body.fileName ?? pending.fileName,
            visible: body.visible ?? false,
            uploadedAt: pending.uploadedAt,
            uploadedByUserId: pending.uploadedByUserId ?? a.userId,
          })
          .returning({ id: studentDocuments.id });
        await tx
          .delete(documentsInProcessing)
          .where(
            and(
              eq(documentsInProcessing.drivingSchoolId, a.drivingSchoolId),
              eq(documentsInProcessing.id, id),
            ),
          );
        return created?.id;
      });
      if (!documentId) throw notFound();
      return { status: 200, body: await oneStudentDocument(a, documentId) };
    },
  });
}
