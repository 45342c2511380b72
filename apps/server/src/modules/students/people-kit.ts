import type { components } from '@fahrwerk/api/schema';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { storedFiles, users } from '../../db/schema';
import { toFileRef } from '../../files/file-store';
import { type AuthContext, requireAuth } from '../../http/auth';
import { AppError, fieldError, globalError, notFound } from '../../http/errors';
import type { OperationHandlers, OperationId } from '../../http/operation-types';
import { type ConstraintMeaning, guardWrite } from '../resources/database-errors';
import type { ResourceDefinition, WriteContext } from '../resources/resource-handlers';
import {
  createResourceRepository,
  type SortOrder,
  type TenantTable,
} from '../resources/resource-repository';

/*
 * What the people area's resource definitions share: DTOs without nulls, batched look-ups
 * for the rows of one answer, PUT-replaces-the-row input mapping, create/update of entities
 * whose DTO carries id lists kept in join tables, list calls with query filters, and small
 * typed helpers for the domain calls.
 */

export type Schemas = components['schemas'];

/** A handler as the generic layer builds them: the request is read loosely. */
export type LooseRequest = {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  auth: AuthContext | null;
};
export type LooseHandler = (request: LooseRequest) => Promise<{ status: number; body?: unknown }>;

/** Loose handlers under their operationIds, as the typed map the router takes. */
export const handlers = (map: Partial<Record<OperationId, LooseHandler>>) =>
  map as unknown as OperationHandlers;

export const auth = (request: LooseRequest) => requireAuth(request as never);

/** An empty column is absent from an answer (the contract has no nulls). */
export function withoutNulls(row: object, hidden: readonly string[] = []): Record<string, unknown> {
  const dto: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (value === null || value === undefined || key === 'drivingSchoolId' || hidden.includes(key))
      continue;
    dto[key] = value;
  }
  return dto;
}

/** A column expression for search or sort (a concatenation, a subquery). */
export const expression = (value: SQL) => value as unknown as AnyPgColumn;

/**
 * Collects the look-ups made while one answer's rows are mapped (they all start in the
 * same tick) and runs them as one query per school.
 */
export function batchLoader<V>(
  load: (schoolId: number, keys: number[]) => Promise<Map<number, V>>,
  empty: () => V,
): (schoolId: number, key: number) => Promise<V> {
  const pending = new Map<number, { keys: Set<number>; result: Promise<Map<number, V>> }>();
  return (schoolId, key) => {
    let batch = pending.get(schoolId);
    if (!batch) {
      const keys = new Set<number>();
      const result = new Promise<Map<number, V>>((resolve, reject) => {
        process.nextTick(() => {
          pending.delete(schoolId);
          load(schoolId, [...keys]).then(resolve, reject);
        });
      });
      batch = { keys, result };
      pending.set(schoolId, batch);
    }
    batch.keys.add(key);
    return batch.result.then((found) => found.get(key) ?? empty());
  };
}

/** Groups rows into lists by a key. */
export function groupBy<R, V>(rows: R[], key: (row: R) => number, value: (row: R) => V) {
  const grouped = new Map<number, V[]>();
  for (const row of rows) {
    const list = grouped.get(key(row));
    if (list) list.push(value(row));
    else grouped.set(key(row), [value(row)]);
  }
  return grouped;
}

export type FileRef = Schemas['FileRef'];

/** Stored files as the contract's FileRef, batched. */
export function fileRefLoader(db: Db) {
  return batchLoader<FileRef | null>(
    async (schoolId, ids) => {
      const rows = await db
        .select()
        .from(storedFiles)
        .where(and(eq(storedFiles.drivingSchoolId, schoolId), inArray(storedFiles.id, ids)));
      return new Map(rows.map((row) => [row.id, toFileRef(row)]));
    },
    () => null,
  );
}

export { toFileRef };

/** "First Last" of users, batched (note authors). */
export function userNameLoader(db: Db) {
  return batchLoader<string>(
    async (schoolId, ids) => {
      const rows = await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(and(eq(users.drivingSchoolId, schoolId), inArray(users.id, ids)));
      return new Map(rows.map((row) => [row.id, `${row.firstName} ${row.lastName}`]));
    },
    () => '',
  );
}

/**
 * A PUT replaces the whole row: every field of the input schema is written, an absent
 * optional one as null, or as the contract's default where it declares one (`defaults`;
 * request validation does not fill defaults behind `$ref` or `allOf`). `keep` names
 * fields that keep their value when absent (server-set ones such as the registration date).
 */
export function replacing(
  keys: readonly string[],
  input: Record<string, unknown>,
  options: { defaults?: Record<string, unknown>; keep?: readonly string[] } = {},
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const key of keys) {
    if (input[key] !== undefined) values[key] = input[key];
    else if (options.defaults && key in options.defaults) values[key] = options.defaults[key];
    else if (!options.keep?.includes(key)) values[key] = null;
  }
  return values;
}

/** A 422 for a foreign key that points at nothing of the school. */
export const unknownId = (field: string): ConstraintMeaning => ({
  field,
  error: 'validation.unknown_id',
});

/** `studentId` and the like cannot change on update. */
export function immutable<Row extends Record<string, unknown>>(...fields: (keyof Row & string)[]) {
  return async ({ current, values }: WriteContext<Row>) => {
    for (const field of fields) {
      if (values && field in values && current && values[field] !== current[field]) {
        throw fieldError(field, 'validation.immutable', `${field} cannot change.`);
      }
    }
  };
}

/** Runs several rule hooks in order. */
export function rules<Row>(...hooks: ((context: WriteContext<Row>) => Promise<void>)[]) {
  return async (context: WriteContext<Row>) => {
    for (const hook of hooks) await hook(context);
  };
}

/** Replaces the translation key of a refusal (e.g. a still-referenced row on delete). */
export function renameError(handler: LooseHandler, from: string, to: string, message: string) {
  return async (request: LooseRequest) => {
    try {
      return await handler(request);
    } catch (error) {
      if (error instanceof AppError && error.errorMessage === from) throw globalError(to, message);
      throw error;
    }
  };
}

/** A handler map read loosely (to spread, pick and wrap its handlers). */
export const loose = (all: OperationHandlers) => all as unknown as Record<string, LooseHandler>;

/** The loose handler of one generic operation of a definition's handler map. */
export const pick = (all: OperationHandlers, operationId: OperationId) =>
  loose(all)[operationId] as LooseHandler;

type ChildWrite<T extends TenantTable> = (context: {
  tx: Db;
  auth: AuthContext;
  row: T['$inferSelect'];
  current?: T['$inferSelect'];
  body: Record<string, unknown>;
}) => Promise<void>;

/**
 * Create and update (and update-by-id) for an entity whose answer carries rows of other
 * tables (id lists in join tables, items): the row and its children are written in one
 * transaction, then answered through the definition's toDto.
 */
export function createWithChildren<T extends TenantTable>(
  db: Db,
  definition: ResourceDefinition<T>,
  writeChildren: ChildWrite<T>,
): Record<string, LooseHandler> {
  const repository = (executor: Db) =>
    createResourceRepository(executor, definition.table, { sortColumns: {} });
  const fromInput = definition.fromInput ?? ((input) => input);
  const toDto = async (row: T['$inferSelect']) =>
    definition.toDto ? definition.toDto(row, db) : withoutNulls(row as object);
  const visible = (a: AuthContext) => definition.visibility?.(a);

  async function update(a: AuthContext, id: number, body: Record<string, unknown>) {
    const current = await repository(db).findById(a.drivingSchoolId, id, visible(a));
    if (!current) throw notFound();
    const values = fromInput(body);
    await definition.rules?.beforeUpdate?.({ db, auth: a, current, values });
    const row = await guardWrite(
      () =>
        db.transaction(async (tx) => {
          const updated = await repository(tx as unknown as Db).update(
            a.drivingSchoolId,
            id,
            values as never,
          );
          if (!updated) throw notFound();
          await writeChildren({ tx: tx as unknown as Db, auth: a, row: updated, current, body });
          return updated;
        }),
      definition.constraints,
    );
    return { status: 200, body: await toDto(row) };
  }

  const result: Record<string, LooseHandler> = {};
  const ops = definition.operations;
  if (ops.create) {
    result[ops.create] = async (request) => {
      const a = auth(request);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const values = fromInput(body);
      await definition.rules?.beforeCreate?.({ db, auth: a, values });
      const row = await guardWrite(
        () =>
          db.transaction(async (tx) => {
            const created = await repository(tx as unknown as Db).insert(
              a.drivingSchoolId,
              values as never,
            );
            await writeChildren({ tx: tx as unknown as Db, auth: a, row: created, body });
            return created;
          }),
        definition.constraints,
      );
      return { status: 201, body: await toDto(row) };
    };
  }
  if (ops.update) {
    result[ops.update] = (request) =>
      update(
        auth(request),
        Number(request.params.id),
        (request.body ?? {}) as Record<string, unknown>,
      );
  }
  if (ops.updateById) {
    result[ops.updateById] = (request) => {
      const { id, ...body } = (request.body ?? {}) as Record<string, unknown>;
      return update(auth(request), Number(id), body);
    };
  }
  return result;
}

/**
 * `GET /<r>` with the query filters of the contract (the generic list knows only
 * `search` and `archived`): the query is mapped onto the filter body's fields.
 */
export function listWithQuery<T extends TenantTable>(
  db: Db,
  definition: ResourceDefinition<T>,
  queryToFilter: (query: Record<string, unknown>) => Record<string, unknown>,
  limit = 1000,
): LooseHandler {
  const repository = createResourceRepository(db, definition.table, {
    searchColumns: definition.searchColumns,
    sortColumns: definition.sortColumns,
    defaultSort: definition.defaultSort,
  });
  const archivable = Boolean(definition.table.archived);
  return async (request) => {
    const a = auth(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const filter = queryToFilter(query);
    const { rows } = await repository.page(a.drivingSchoolId, {
      offset: 0,
      limit,
      search: query.search as string | undefined,
      archived: archivable ? ((query.archived as boolean | undefined) ?? false) : undefined,
      where: [definition.visibility?.(a), ...(definition.filters?.(filter, a) ?? [])],
    });
    const toDto = (row: T['$inferSelect']) =>
      definition.toDto ? definition.toDto(row, db) : withoutNulls(row as object);
    return { status: 200, body: await Promise.all(rows.map(toDto)) };
  };
}

/** A page of rows for a filter body, mapped by `map` (the list screens' own rows). */
export function filterWith<T extends TenantTable>(
  db: Db,
  definition: ResourceDefinition<T>,
  map: (row: T['$inferSelect']) => unknown,
  extra?: (request: LooseRequest, auth: AuthContext) => Promise<(SQL | undefined)[]>,
): LooseHandler {
  const repository = createResourceRepository(db, definition.table, {
    searchColumns: definition.searchColumns,
    sortColumns: definition.sortColumns,
    defaultSort: definition.defaultSort,
  });
  const archivable = Boolean(definition.table.archived);
  return async (request) => {
    const a = auth(request);
    const body = (request.body ?? {}) as Record<string, unknown> & {
      page?: number;
      size?: number;
      sort?: SortOrder[];
      search?: string;
      archived?: boolean;
    };
    const size = body.size ?? 25;
    const { rows, total } = await repository.page(a.drivingSchoolId, {
      offset: (body.page ?? 0) * size,
      limit: size,
      sort: body.sort,
      search: body.search,
      archived: archivable ? (body.archived ?? false) : undefined,
      where: [
        definition.visibility?.(a),
        ...(definition.filters?.(body, a) ?? []),
        ...((await extra?.(request, a)) ?? []),
      ],
    });
    return { status: 200, body: { data: await Promise.all(rows.map(map)), total } };
  };
}

/** Text of the query/path as a number (coerced by the contract's validation already). */
export const num = (value: unknown) => Number(value);
