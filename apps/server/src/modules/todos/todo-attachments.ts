import { and, count, eq, max } from 'drizzle-orm';
import { todoAttachments, todos } from '../../db/schema';
import { toFileRef } from '../../files/file-store';
import { type AuthContext, requireAuth } from '../../http/auth';
import { globalError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { uploadedFile } from '../../http/uploads';
import type { Services } from '../handlers';
import { handlers, num } from '../resources/kit';

/** The contract's limit of attachments per to-do (the table's position check agrees). */
export const MAX_TODO_ATTACHMENTS = 20;

/** The media types the download declares; any other stored type is sent as octet-stream. */
const DECLARED_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png']);

/*
 * Attachments of to-dos (spec 000 §7): any file type up to the upload limit (20 MB), at
 * most 20 per to-do, downloaded as stored, removed with their file.
 */
export function createTodoAttachmentHandlers(services: Services): OperationHandlers {
  const { db, files } = services;

  async function loadTodo(a: AuthContext, todoId: number) {
    const [row] = await db
      .select({ id: todos.id })
      .from(todos)
      .where(and(eq(todos.drivingSchoolId, a.drivingSchoolId), eq(todos.id, todoId)));
    if (!row) throw notFound();
    return row;
  }

  async function loadAttachment(a: AuthContext, todoId: number, fileId: number) {
    await loadTodo(a, todoId);
    const [row] = await db
      .select()
      .from(todoAttachments)
      .where(
        and(
          eq(todoAttachments.drivingSchoolId, a.drivingSchoolId),
          eq(todoAttachments.todoId, todoId),
          eq(todoAttachments.fileId, fileId),
        ),
      );
    if (!row) throw notFound();
    return row;
  }

  return handlers({
    async uploadTodoAttachment(request) {
      const a = requireAuth(request);
      const todoId = num(request.params.todoId);
      await loadTodo(a, todoId);
      const file = uploadedFile(request, 'file');
      const [used] = await db
        .select({ count: count(), last: max(todoAttachments.position) })
        .from(todoAttachments)
        .where(
          and(
            eq(todoAttachments.drivingSchoolId, a.drivingSchoolId),
            eq(todoAttachments.todoId, todoId),
          ),
        );
      const attached = Number(used?.count ?? 0);
      if (attached >= MAX_TODO_ATTACHMENTS) {
        throw globalError(
          'errors.too_many_attachments',
          `A to-do holds at most ${MAX_TODO_ATTACHMENTS} attachments.`,
        );
      }
      const stored = await files.save(db, a.drivingSchoolId, file);
      try {
        // Positions stay dense enough: after deletions the next free number above the last
        // one is used, and numbers are compacted when the end (20) is reached.
        let position = Number(used?.last ?? 0) + 1;
        if (position > MAX_TODO_ATTACHMENTS) {
          await compact(a.drivingSchoolId, todoId);
          position = attached + 1;
        }
        await db.insert(todoAttachments).values({
          drivingSchoolId: a.drivingSchoolId,
          todoId,
          fileId: stored.id,
          position,
        });
      } catch (error) {
        await files.remove(db, a.drivingSchoolId, stored.id);
        throw error;
      }
      return { status: 201, body: toFileRef(stored) };
    },

    async downloadTodoAttachment(request) {
      const a = requireAuth(request);
      const attachment = await loadAttachment(
        a,
        num(request.params.todoId),
        num(request.params.attachmentId),
      );
      const { row, bytes } = await files.read(db, a.drivingSchoolId, attachment.fileId);
      return {
        status: 200,
        file: {
          bytes,
          mimeType: DECLARED_TYPES.has(row.mimeType) ? row.mimeType : 'application/octet-stream',
          fileName: row.fileName,
          disposition: 'attachment',
        },
      };
    },

    async deleteTodoAttachment(request) {
      const a = requireAuth(request);
      const attachment = await loadAttachment(
        a,
        num(request.params.todoId),
        num(request.params.attachmentId),
      );
      // Removing the stored file cascades to the attachment row.
      await files.remove(db, a.drivingSchoolId, attachment.fileId);
      return { status: 204 };
    },
  });

  /** Renumbers a to-do's attachments 1..n in their order. */
  async function compact(schoolId: number, todoId: number) {
    await db.transaction(async (tx) => {
      const rows = await tx
        .select({ fileId: todoAttachments.fileId, position: todoAttachments.position })
        .from(todoAttachments)
        .where(
          and(eq(todoAttachments.drivingSchoolId, schoolId), eq(todoAttachments.todoId, todoId)),
        )
        .orderBy(todoAttachments.position);
      // Ascending, each row moves down to a number no other row holds any more.
      for (const [index, row] of rows.entries()) {
        if (row.position === index + 1) continue;
        await tx
          .update(todoAttachments)
          .set({ position: index + 1 })
          .where(and(eq(todoAttachments.todoId, todoId), eq(todoAttachments.fileId, row.fileId)));
      }
    });
  }
}
