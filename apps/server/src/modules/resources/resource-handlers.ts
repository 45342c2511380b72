import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { type AuthContext, requireAuth } from '../../http/auth';
import { notFound } from '../../http/errors';
import type { OperationHandlers, OperationId } from '../../http/operation-types';
import { type ConstraintMeaning, guardWrite } from './database-errors';
import { asOperationHandlers, type GenericHandler, type GenericResult } from './kit';
import {
  createResourceRepository,
  type ResourceRepository,
  type SortOrder,
  type TenantTable,
} from './resource-repository';

/** The generic calls of spec 000 §7, by the operationId each has in the contract. */
export type ResourceOperations = Partial<
  Record<
    'get' | 'filter' | 'list' | 'page' | 'create' | 'update' | 'updateById' | 'delete' | 'archive',
    OperationId
  >
>;

/** What a rule hook is told about the write it may refuse (by throwing an AppError). */
export type WriteContext<Row> = {
  db: Db;
  auth: AuthContext;
  /** The row before the change (update, archive, delete). */
  current?: Row;
  /** The columns about to be written (create, update). */
  values?: Record<string, unknown>;
  /** The requested archived flag (archive). */
  archived?: boolean;
};

export type ResourceDefinition<T extends TenantTable> = {
  table: T;
  operations: ResourceOperations;
  /** Row → contract DTO. Default: the row without the tenant key and `hiddenColumns`. */
  toDto?: (row: T['$inferSelect'], db: Db) => unknown;
  /** Request body → columns. Default: the body's keys that are columns of the table. */
  fromInput?: (input: Record<string, unknown>) => Record<string, unknown>;
  /** Columns never answered (password hashes, tokens). */
  hiddenColumns?: string[];
  searchColumns?: AnyPgColumn[];
  sortColumns: Record<string, SQLWrapper>;
  defaultSort?: SortOrder[];
  /** Conditions from the entity's own filter fields (body of `POST /<r>/filter`). */
  filters?: (body: Record<string, unknown>, auth: AuthContext) => (SQL | undefined)[];
  /**
   * Conditions every read applies (e.g. an instructor sees only own students); undefined
   * when the caller sees every row, so lists and counts carry no clause all rows pass.
   */
  visibility?: (auth: AuthContext) => SQL | undefined;
  /**
   * What a row of a list screen's filter call (`filterWith`) is read as, when its mapper
   * needs less of the row or more: the columns it reads and computed columns (a list row's
   * id lists), worked out in the page's query for its rows only, so no look-up query
   * follows. The generic filter call answers full DTOs from whole rows.
   */
  listSelection?: {
    columns: readonly (keyof T['$inferSelect'] & string)[];
    computed?: Record<string, SQL>;
  };
  /** Fields every read answers besides the columns (see RepositoryOptions.computed). */
  computed?: Record<string, SQL>;
  /** Meaning of the table's constraints, for the 422 answer. */
  constraints?: Record<string, ConstraintMeaning>;
  rules?: {
    beforeCreate?: (context: WriteContext<T['$inferSelect']>) => Promise<void>;
    beforeUpdate?: (context: WriteContext<T['$inferSelect']>) => Promise<void>;
    beforeArchive?: (context: WriteContext<T['$inferSelect']>) => Promise<void>;
    beforeDelete?: (context: WriteContext<T['$inferSelect']>) => Promise<void>;
  };
};

const NEVER_WRITTEN = new Set(['id', 'drivingSchoolId', 'archived', 'createdAt', 'updatedAt']);
const LIST_LIMIT = 1000;

/**
 * Handlers for the generic resource calls of one entity: find one, filter with paging and
 * sorting, list, page, create, update, delete, archive — tenant-scoped, with the entity's
 * rules as hooks. Answers are checked against the contract in tests, so the mapping
 * cannot drift from it silently.
 */
export function createResourceHandlers<T extends TenantTable>(
  db: Db,
  definition: ResourceDefinition<T>,
): OperationHandlers {
  const repository: ResourceRepository<T> = createResourceRepository(db, definition.table, {
    searchColumns: definition.searchColumns,
    sortColumns: definition.sortColumns,
    defaultSort: definition.defaultSort,
    computed: definition.computed,
  });
  const columnKeys = new Set(Object.keys(repository.columns));
  const hidden = new Set(['drivingSchoolId', ...(definition.hiddenColumns ?? [])]);
  const archivable = Boolean(definition.table.archived);

  const toDto = (row: T['$inferSelect']) =>
    definition.toDto
      ? definition.toDto(row, db)
      : Object.fromEntries(Object.entries(row as object).filter(([key]) => !hidden.has(key)));
  const fromInput = (input: Record<string, unknown>) =>
    definition.fromInput
      ? definition.fromInput(input)
      : Object.fromEntries(
          Object.entries(input).filter(([key]) => columnKeys.has(key) && !NEVER_WRITTEN.has(key)),
        );
  const visible = (auth: AuthContext) => definition.visibility?.(auth);

  async function load(auth: AuthContext, id: number) {
    const row = await repository.findById(auth.drivingSchoolId, id, visible(auth));
    if (!row) throw notFound();
    return row;
  }

  async function update(
    auth: AuthContext,
    id: number,
    body: Record<string, unknown>,
  ): Promise<GenericResult> {
    const current = await load(auth, id);
    const values = fromInput(body);
    await definition.rules?.beforeUpdate?.({ db, auth, current, values });
    const row = await guardWrite(
      // The columns are the table's, checked by the database; the type is the table's generic.
      () => repository.update(auth.drivingSchoolId, id, values as never),
      definition.constraints,
    );
    if (!row) throw notFound();
    return { status: 200, body: await toDto(row) };
  }

  const handlers: Record<string, GenericHandler> = {};
  const ops = definition.operations;

  if (ops.get) {
    handlers[ops.get] = async (request) => {
      const auth = requireAuth(request);
      return {
        status: 200,
        body: await toDto(await load(auth, Number(request.params.id))),
      };
    };
  }
  if (ops.filter) {
    handlers[ops.filter] = async (request) => {
      const auth = requireAuth(request);
      const { rows, total } = await pageForFilter(repository, definition, auth, request.body, [], {
        wholeRows: true,
      });
      return { status: 200, body: { data: await Promise.all(rows.map(toDto)), total } };
    };
  }
  if (ops.list) {
    handlers[ops.list] = async (request) => {
      const auth = requireAuth(request);
      const query = request.query as { search?: string; archived?: boolean };
      const { rows } = await repository.page(auth.drivingSchoolId, {
        offset: 0,
        limit: LIST_LIMIT,
        search: query.search,
        archived: archivable ? (query.archived ?? false) : undefined,
        where: [visible(auth)],
      });
      return { status: 200, body: await Promise.all(rows.map(toDto)) };
    };
  }
  if (ops.page) {
    handlers[ops.page] = async (request) => {
      const auth = requireAuth(request);
      const { rows, total } = await repository.page(auth.drivingSchoolId, {
        offset: Number(request.params.offset),
        limit: Number(request.params.limit),
        archived: archivable ? false : undefined,
        where: [visible(auth)],
      });
      return { status: 200, body: { data: await Promise.all(rows.map(toDto)), total } };
    };
  }
  if (ops.create) {
    handlers[ops.create] = async (request) => {
      const auth = requireAuth(request);
      const values = fromInput((request.body ?? {}) as Record<string, unknown>);
      await definition.rules?.beforeCreate?.({ db, auth, values });
      const row = await guardWrite(
        // The columns are the table's, checked by the database; the type is the table's generic.
        () => repository.insert(auth.drivingSchoolId, values as never),
        definition.constraints,
      );
      return { status: 201, body: await toDto(row) };
    };
  }
  if (ops.update) {
    handlers[ops.update] = async (request) =>
      update(
        requireAuth(request),
        Number(request.params.id),
        (request.body ?? {}) as Record<string, unknown>,
      );
  }
  if (ops.updateById) {
    handlers[ops.updateById] = async (request) => {
      const { id, ...body } = (request.body ?? {}) as Record<string, unknown> & { id: number };
      return update(requireAuth(request), Number(id), body);
    };
  }
  if (ops.delete) {
    handlers[ops.delete] = async (request) => {
      const auth = requireAuth(request);
      const id = Number(request.params.id);
      const current = await load(auth, id);
      await definition.rules?.beforeDelete?.({ db, auth, current });
      const removed = await guardWrite(
        () => repository.remove(auth.drivingSchoolId, id),
        definition.constraints,
        'delete',
      );
      if (!removed) throw notFound();
      return { status: 204 };
    };
  }
  if (ops.archive) {
    if (!archivable) throw new Error(`${ops.archive}: the table has no archived flag`);
    handlers[ops.archive] = async (request) => {
      const auth = requireAuth(request);
      const { id, archived } = request.query as { id: number; archived: boolean };
      const current = await load(auth, Number(id));
      await definition.rules?.beforeArchive?.({ db, auth, current, archived });
      const row = await guardWrite(
        () => repository.setArchived(auth.drivingSchoolId, Number(id), archived),
        definition.constraints,
      );
      if (!row) throw notFound();
      return { status: 200, body: await toDto(row) };
    };
  }
  return asOperationHandlers(handlers);
}

/** The body of a generic filter call (spec 000 §7). */
type FilterBody = Record<string, unknown> & {
  page?: number;
  size?: number;
  sort?: SortOrder[];
  search?: string;
  archived?: boolean;
};

/**
 * One page of a definition's rows for a filter body: paging (25 by default), sort, search,
 * the archive switch, the definition's visibility and filters, and `where` on top; the rows
 * are read as the definition's `listSelection` says unless whole rows are asked for. The generic filter call and
 * `filterWith` (rows mapped by a list screen's own mapper) share it.
 */
export function pageForFilter<T extends TenantTable>(
  repository: ResourceRepository<T>,
  definition: ResourceDefinition<T>,
  auth: AuthContext,
  requestBody: unknown,
  where: (SQL | undefined)[] = [],
  options: { wholeRows?: boolean } = {},
) {
  const body = (requestBody ?? {}) as FilterBody;
  const selection = options.wholeRows ? undefined : definition.listSelection;
  const columns: Record<string, AnyPgColumn> = repository.columns;
  const size = body.size ?? 25;
  return repository.page(auth.drivingSchoolId, {
    offset: (body.page ?? 0) * size,
    limit: size,
    sort: body.sort,
    search: body.search,
    archived: definition.table.archived ? (body.archived ?? false) : undefined,
    where: [definition.visibility?.(auth), ...(definition.filters?.(body, auth) ?? []), ...where],
    select: selection && {
      ...Object.fromEntries(selection.columns.map((key) => [key, columns[key] as AnyPgColumn])),
      ...selection.computed,
    },
  });
}
