import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { type PEOPLE_CODES, storedFiles, todoAttachments, todos } from '../../db/schema';
import { toFileRef } from '../../files/file-store';
import { type AuthContext, requireAuth } from '../../http/auth';
import { notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { guardWrite } from '../resources/database-errors';
import {
  batchLoader,
  type FileRef,
  groupBy,
  handlers,
  listWithQuery,
  mergeHandlers,
  num,
  replacing,
  type Schemas,
  unknownId,
  withoutNulls,
} from '../resources/kit';
import { createResourceHandlers, type ResourceDefinition } from '../resources/resource-handlers';

/*
 * To-dos (spec 000 §3, §7): status, priority, group, assignee, the student they are about,
 * attachments; the board moves a to-do by status or group.
 */

type TodoRow = typeof todos.$inferSelect;

const TODO_FIELDS = [
  'title',
  'description',
  'status',
  'priority',
  'group',
  'assigneeUserId',
  'dueDate',
  'studentId',
] as const satisfies readonly (keyof Schemas['TodoFields'])[];

const STATUS_LABELS: Record<(typeof PEOPLE_CODES.todoStatuses)[number], string> = {
  OPEN: 'Offen',
  IN_PROGRESS: 'In Bearbeitung',
  WAITING: 'Wartet',
  DONE: 'Erledigt',
  CANCELLED: 'Abgebrochen',
};
const PRIORITY_LABELS: Record<(typeof PEOPLE_CODES.todoPriorities)[number], string> = {
  LOW: 'Niedrig',
  NORMAL: 'Normal',
  HIGH: 'Hoch',
  URGENT: 'Dringend',
};
const GROUP_LABELS: Record<(typeof PEOPLE_CODES.todoGroups)[number], string> = {
  OFFICE: 'Büro',
  INSTRUCTORS: 'Fahrlehrer',
  ACCOUNTING: 'Buchhaltung',
  EXAMS: 'Prüfungen',
  MANAGEMENT: 'Geschäftsführung',
};

const options = (labels: Record<string, string>, prefix: string) =>
  Object.entries(labels).map(([id, label]) => ({ id, label, labelKey: `${prefix}.${id}` }));

/** DONE sets `doneAt`, leaving DONE clears it. */
function stampDone(values: Record<string, unknown>, current?: TodoRow) {
  if (values.status === undefined) return;
  if (values.status !== 'DONE') values.doneAt = null;
  else if (current?.status !== 'DONE') values.doneAt = new Date();
}

export function todoAttachmentsLoader(db: Db) {
  return batchLoader<FileRef[]>(
    async (schoolId, ids) => {
      const rows = await db
        .select({ todoId: todoAttachments.todoId, file: storedFiles })
        .from(todoAttachments)
        .innerJoin(
          storedFiles,
          and(
            eq(storedFiles.drivingSchoolId, todoAttachments.drivingSchoolId),
            eq(storedFiles.id, todoAttachments.fileId),
          ),
        )
        .where(
          and(eq(todoAttachments.drivingSchoolId, schoolId), inArray(todoAttachments.todoId, ids)),
        )
        .orderBy(asc(todoAttachments.position));
      return groupBy(
        rows,
        (row) => row.todoId,
        (row) => toFileRef(row.file),
      );
    },
    () => [],
  );
}

/** Todo rows as the contract's Todo, with their attachments. */
function todoMapper(db: Db) {
  const attachments = todoAttachmentsLoader(db);
  return async (row: TodoRow): Promise<Schemas['Todo']> => ({
    ...withoutNulls(row),
    attachments: await attachments(row.drivingSchoolId, row.id),
  });
}

export function todoDefinition(db: Db): ResourceDefinition<typeof todos> {
  return {
    table: todos,
    operations: {
      get: 'getTodo',
      filter: 'filterTodos',
      page: 'pageTodos',
      create: 'createTodo',
      update: 'updateTodo',
      updateById: 'updateTodoById',
      delete: 'deleteTodo',
    },
    toDto: todoMapper(db),
    fromInput: (input) =>
      replacing(TODO_FIELDS, input, { defaults: { status: 'OPEN', priority: 'NORMAL' } }),
    searchColumns: [todos.title, todos.description],
    sortColumns: {
      id: todos.id,
      title: sql`lower(${todos.title})`,
      status: todos.status,
      priority: sql`array_position(array['LOW','NORMAL','HIGH','URGENT'], ${todos.priority})`,
      dueDate: todos.dueDate,
      createdAt: todos.createdAt,
      updatedAt: todos.updatedAt,
      // Internal: open ones (every status but DONE and CANCELLED) first.
      openFirst: sql`(${todos.status} in ('DONE', 'CANCELLED'))`,
    },
    // Open ones first, then by due date (no due date last).
    defaultSort: [{ field: 'openFirst' }, { field: 'dueDate' }],
    filters: (body, a) => {
      const f = body as Schemas['TodoFilter'];
      const some = <T>(list: T[] | undefined) => (list && list.length > 0 ? list : undefined);
      const statuses = some(f.statuses);
      const priorities = some(f.priorities);
      const groups = some(f.groups) as (typeof PEOPLE_CODES.todoGroups)[number][] | undefined;
      const assignees = some(f.assigneeUserIds);
      return [
        statuses ? inArray(todos.status, statuses) : undefined,
        priorities ? inArray(todos.priority, priorities) : undefined,
        groups ? inArray(todos.group, groups) : undefined,
        assignees ? inArray(todos.assigneeUserId, assignees) : undefined,
        f.assignedToMe ? eq(todos.assigneeUserId, a.userId) : undefined,
        f.studentId ? eq(todos.studentId, f.studentId) : undefined,
        f.dueFrom ? gte(todos.dueDate, f.dueFrom) : undefined,
        f.dueTo ? lte(todos.dueDate, f.dueTo) : undefined,
      ];
    },
    constraints: {
      todos_assignee_fk: unknownId('assigneeUserId'),
      todos_student_fk: unknownId('studentId'),
      todos_group_check: { field: 'group', error: 'validation.enum' },
    },
    rules: {
      beforeCreate: async ({ auth: a, values }) => {
        if (!values) return;
        values.createdByUserId = a.userId;
        stampDone(values);
      },
      beforeUpdate: async ({ values, current }) => {
        if (values) stampDone(values, current);
      },
    },
  };
}

export function createTodoHandlers(db: Db): OperationHandlers {
  const definition = todoDefinition(db);
  const generic = createResourceHandlers(db, definition);
  const toDto = todoMapper(db);

  async function change(a: AuthContext, id: number, values: Partial<TodoRow>) {
    const [current] = await db
      .select()
      .from(todos)
      .where(and(eq(todos.drivingSchoolId, a.drivingSchoolId), eq(todos.id, id)));
    if (!current) throw notFound();
    stampDone(values as Record<string, unknown>, current);
    const [row] = await guardWrite(
      () =>
        db
          .update(todos)
          .set(values)
          .where(and(eq(todos.drivingSchoolId, a.drivingSchoolId), eq(todos.id, id)))
          .returning(),
      definition.constraints,
    );
    if (!row) throw notFound();
    return { status: 200 as const, body: await toDto(row) };
  }

  return mergeHandlers(
    generic,
    handlers({
      listTodos: listWithQuery(db, definition, 'listTodos', (query) => ({
        statuses: query.status ? [query.status] : undefined,
        assigneeUserIds: query.assigneeUserId ? [query.assigneeUserId] : undefined,
        studentId: query.studentId,
      })),
      changeTodoStatus: (request) =>
        change(requireAuth(request), num(request.params.id), {
          status: (request.body as Schemas['TodoStatusChange']).status,
        }),
      changeTodoGroup: (request) =>
        change(requireAuth(request), num(request.params.id), {
          group: ((request.body as Schemas['TodoGroupChange']).group ?? null) as TodoRow['group'],
        }),
      listTaskStatuses: async () => ({ status: 200, body: options(STATUS_LABELS, 'todos.status') }),
      listTaskPriorities: async () => ({
        status: 200,
        body: options(PRIORITY_LABELS, 'todos.priority'),
      }),
      listTaskGroups: async () => ({ status: 200, body: options(GROUP_LABELS, 'todos.group') }),
    }),
  );
}
