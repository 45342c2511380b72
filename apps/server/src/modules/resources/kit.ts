import type { components } from '@fahrwerk/api/schema';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { storedFiles, users } from '../../db/schema';
import { toFileRef } from '../../files/file-store';
import { type AuthContext, requireAuth } from '../../http/auth';
import { AppError, fieldError, globalError, notFound } from '../../http/errors';
import type {
  OperationHandler,
  OperationHandlers,
  OperationId,
  OperationRequest,
} from '../../http/operation-types';
import { type ConstraintMeaning, guardWrite } from './database-errors';
import { pageForFilter, type ResourceDefinition, type WriteContext } from './resource-handlers';
import { createResourceRepository, type TenantTable } from './resource-repository';

/*
 * The one kit the domain modules share: typed handler maps, DTO helpers, batched look-ups
 * and the write helpers on top of the generic resource layer (`resource-handlers.ts`).
 */

/** The contract's schemas (DTO types). */
export type Schemas = components['schemas'];
export type FileRef = Schemas['FileRef'];

/* ------------------------------------------------------------------ handler maps */

/** The handlers of some operations, each typed by its operation in the contract. */
export type HandlerMap<K extends OperationId> = { [P in K]: OperationHandler<P> };

/**
 * A domain's hand-written handlers, typed per operation (request, answer) like
 * `Pick<OperationHandlers, …>`, with the operation names read from the map itself.
 */
export const handlers = <K extends OperationId>(map: HandlerMap<K>): HandlerMap<K> => map;

/**
 * Handler maps joined into one. An operationId that two maps answer is a programming error
 * (one of them would be shadowed silently), so it fails at start, naming the operation.
 */
export function mergeHandlers(...maps: OperationHandlers[]): OperationHandlers {
  const merged: OperationHandlers = {};
  for (const map of maps) {
    for (const [operationId, handler] of Object.entries(map)) {
      if (handler === undefined) continue;
      if (operationId in merged) {
        throw new Error(`Two handlers are registered for the operation ${operationId}.`);
      }
      Object.assign(merged, { [operationId]: handler });
    }
  }
  return merged;
}

/** A handler the generic layer must have built for a definition (fails at start otherwise). */
export function required<K extends OperationId>(
  handler: OperationHandler<K> | undefined,
  operationId: K,
): OperationHandler<K> {
  if (!handler) throw new Error(`No generic handler for the operation ${operationId}.`);
  return handler;
}

/** Replaces the translation key of a refusal (e.g. a still-referenced row on delete). */
export function renameError<K extends OperationId>(
  handler: OperationHandler<K>,
  from: string,
  to: string,
  message: string,
): OperationHandler<K> {
  return async (request, reply) => {
    try {
      return await handler(request, reply);
    } catch (error) {
      if (error instanceof AppError && error.errorMessage === from) throw globalError(to, message);
      throw error;
    }
  };
}

/* ------------------------------------------------------------------ DTOs */

type NullableKey<T> = {
  [K in keyof T]-?: null extends T[K] ? K : undefined extends T[K] ? K : never;
}[keyof T];
type AsAnswered<V> = V extends Date ? string : V;

/** A row as the contract answers it: no tenant key, empty fields absent, instants as ISO text. */
export type Dto<T> = {
  [K in Exclude<keyof T, NullableKey<T> | 'drivingSchoolId'>]: AsAnswered<T[K]>;
} & { [K in Exclude<NullableKey<T>, 'drivingSchoolId'>]?: AsAnswered<NonNullable<T[K]>> };

/**
 * A row (or a mapped object) as the contract answers it: the contract has no nulls, so an
 * empty field is left out; the tenant key and `hidden` columns are never answered; instants
 * become ISO text (what JSON would send).
 */
export function withoutNulls<T extends object, H extends keyof T = never>(
  row: T,
  hidden: readonly H[] = [],
): Dto<Omit<T, H>> {
  const dto: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (value === null || value === undefined || key === 'drivingSchoolId') continue;
    if ((hidden as readonly string[]).includes(key)) continue;
    dto[key] = value instanceof Date ? value.toISOString() : value;
  }
  // The loop above builds exactly the type `Dto` describes.
  return dto as Dto<Omit<T, H>>;
}

/** An empty column is absent from an answer (the contract allows no nulls). */
export const opt = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

/** An instant as the contract's IsoDateTime; an empty one stays absent. */
export function iso(value: Date | string): string;
export function iso(value: Date | string | null | undefined): string | undefined;
export function iso(value: Date | string | null | undefined): string | undefined {
  return value === null || value === undefined ? undefined : new Date(value).toISOString();
}

/** `time` columns read as `HH:MM:SS`; the contract's LocalTime is `HH:mm`. */
export const hhmm = (time: string): string => time.slice(0, 5);

/** Minutes since midnight of `HH:mm[:ss]`. */
export const minuteOfDay = (time: string) =>
  Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** `HH:mm` of minutes since midnight. */
export const timeOfMinute = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** ISO date arithmetic in UTC (dates carry no time zone). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 0 = Monday … 6 = Sunday. */
export const weekdayIndex = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

/** Today in Europe/Berlin, as an ISO date. */
export function berlinToday(now = new Date()): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(now);
}

/** Text of the query/path as a number (coerced by the contract's validation already). */
export const num = (value: unknown) => Number(value);

/** A column expression for search or sort (a concatenation, a correlated subquery). */
export const expression = (value: SQL) =>
  // Drizzle's search and sort take columns; an SQL expression renders the same way.
  value as unknown as AnyPgColumn;

/* ------------------------------------------------------------------ 422 meanings */

/** A foreign key that names a field: its 422 says the chosen entry does not exist. */
export const unknownId = (field: string): ConstraintMeaning => ({
  field,
  error: 'validation.unknown_id',
});

/** A check constraint that names a field: its 422 says the value is invalid. */
export const invalid = (field: string): ConstraintMeaning => ({
  field,
  error: 'validation.invalid',
});

/** A 422 naming several fields at once (`validation.*` keys). */
export function fieldErrors(errors: { field: string; error: string }[], message: string) {
  return new AppError(422, 'errors.validation', message, errors, []);
}

/* ------------------------------------------------------------------ batched look-ups */

/**
 * Collects the look-ups made while one answer's rows are mapped (they all start in the
 * same tick) and runs them as one query per school, so a page of 200 rows costs one extra
 * query, not 200. A key the query does not find gives `empty()` (or undefined).
 */
export function batchLoader<V>(
  load: (schoolId: number, keys: number[]) => Promise<Map<number, V>>,
  empty: () => V,
): (schoolId: number, key: number) => Promise<V>;
export function batchLoader<V>(
  load: (schoolId: number, keys: number[]) => Promise<Map<number, V>>,
): (schoolId: number, key: number) => Promise<V | undefined>;
export function batchLoader<V>(
  load: (schoolId: number, keys: number[]) => Promise<Map<number, V>>,
  empty: () => V | undefined = () => undefined,
): (schoolId: number, key: number) => Promise<V | undefined> {
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
    return batch.result.then((found) => (found.has(key) ? found.get(key) : empty()));
  };
}

/** Groups rows into lists by a key (for batch loaders of id lists). */
export function groupBy<R>(rows: R[], key: (row: R) => number): Map<number, R[]>;
export function groupBy<R, V>(
  rows: R[],
  key: (row: R) => number,
  value: (row: R) => V,
): Map<number, V[]>;
export function groupBy<R, V>(
  rows: R[],
  key: (row: R) => number,
  value?: (row: R) => V,
): Map<number, (R | V)[]> {
  const grouped = new Map<number, (R | V)[]>();
  for (const row of rows) {
    const entry = value ? value(row) : row;
    const list = grouped.get(key(row));
    if (list) list.push(entry);
    else grouped.set(key(row), [entry]);
  }
  return grouped;
}

/** Stored files as the contract's FileRef, batched. */
export function fileRefLoader(db: Db) {
  return batchLoader<FileRef>(async (schoolId, ids) => {
    const rows = await db
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.drivingSchoolId, schoolId), inArray(storedFiles.id, ids)));
    return new Map(rows.map((row) => [row.id, toFileRef(row)]));
  });
}

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

/* ------------------------------------------------------------------ writes */

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

/** Replaces the rows of a join table `(driving_school_id, <owner>, <target>)` of one owner. */
export async function replaceJoinRows(
  tx: Db,
  table: PgTable & { drivingSchoolId: AnyPgColumn },
  owner: { key: string; column: AnyPgColumn },
  target: { key: string },
  schoolId: number,
  ownerId: number,
  ids: readonly number[],
  extra: (id: number) => Record<string, unknown> = () => ({}),
): Promise<void> {
  await tx.delete(table).where(and(eq(table.drivingSchoolId, schoolId), eq(owner.column, ownerId)));
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  await tx.insert(table).values(
    unique.map((id) => ({
      drivingSchoolId: schoolId,
      [owner.key]: ownerId,
      [target.key]: id,
      ...extra(id),
    })) as never, // the join table's columns are named by `owner` and `target` at run time
  );
}

/** What a write with children is told about the row just written. */
export type ChildWrite<T extends TenantTable> = (context: {
  tx: Db;
  auth: AuthContext;
  row: T['$inferSelect'];
  /** The row before an update; absent on create. */
  current?: T['$inferSelect'];
  body: Record<string, unknown>;
}) => Promise<void>;

/** Rows of other tables written with an entity (join tables), from the request body. */
export type Link = {
  write: (
    tx: Db,
    schoolId: number,
    ownerId: number,
    body: Record<string, unknown>,
  ) => Promise<void>;
};

/** A link through a join table: the body's `field` holds the target ids. */
export function joinTableLink(
  field: string,
  table: PgTable & { drivingSchoolId: AnyPgColumn },
  owner: { key: string; column: AnyPgColumn },
  target: { key: string },
): Link {
  return {
    write: (tx, schoolId, ownerId, body) =>
      replaceJoinRows(
        tx,
        table,
        owner,
        target,
        schoolId,
        ownerId,
        (body[field] as number[] | undefined) ?? [],
      ),
  };
}

/**
 * Create and update (and update-by-id) of an entity whose answer carries rows of other
 * tables (id lists in join tables, items), or whose write changes other rows too: `before`,
 * the row, its `links` and `children` are written in one transaction, with the definition's mapping,
 * rules and constraint meanings, then answered through its toDto.
 */
export function writeWithChildren<T extends TenantTable>(
  db: Db,
  definition: ResourceDefinition<T>,
  options: {
    operations: { create?: OperationId; update?: OperationId; updateById?: OperationId };
    /** Runs in the write's transaction before the row is written (`id` on update). */
    before?: (
      tx: Db,
      auth: AuthContext,
      values: Record<string, unknown>,
      id?: number,
    ) => Promise<void>;
    /** Join-table rows from the body, written after the row. */
    links?: Link[];
    /** Other rows written after the row and its links (`current` is absent on create). */
    children?: ChildWrite<T>;
  },
): OperationHandlers {
  const { operations, before, links = [], children } = options;
  const repository = (executor: Db) =>
    createResourceRepository(executor, definition.table, { sortColumns: {} });
  const fromInput = definition.fromInput ?? ((input) => input);
  const toDto = async (row: T['$inferSelect']) =>
    definition.toDto ? definition.toDto(row, db) : withoutNulls(row as object);

  async function write(
    auth: AuthContext,
    body: Record<string, unknown>,
    id: number | undefined,
  ): Promise<GenericResult> {
    const current =
      id === undefined
        ? undefined
        : ((await repository(db).findById(
            auth.drivingSchoolId,
            id,
            definition.visibility?.(auth),
          )) ?? undefined);
    if (id !== undefined && !current) throw notFound();
    const values = fromInput(body);
    if (current) await definition.rules?.beforeUpdate?.({ db, auth, current, values });
    else await definition.rules?.beforeCreate?.({ db, auth, values });
    const row = await guardWrite(
      () =>
        db.transaction(async (transaction) => {
          const tx: Db = transaction;
          await before?.(tx, auth, values, id);
          // The columns are the table's, checked by the database; the type is the table's generic.
          const written =
            id === undefined
              ? await repository(tx).insert(auth.drivingSchoolId, values as never)
              : await repository(tx).update(auth.drivingSchoolId, id, values as never);
          if (!written) throw notFound();
          for (const link of links)
            await link.write(tx, auth.drivingSchoolId, Number(written.id), body);
          await children?.({ tx, auth, row: written, current, body });
          return written;
        }),
      definition.constraints,
    );
    return { status: id === undefined ? 201 : 200, body: await toDto(row) };
  }

  const map: Record<string, GenericHandler> = {};
  if (operations.create) {
    map[operations.create] = (request) =>
      write(requireAuth(request), (request.body ?? {}) as Record<string, unknown>, undefined);
  }
  if (operations.update) {
    map[operations.update] = (request) =>
      write(
        requireAuth(request),
        (request.body ?? {}) as Record<string, unknown>,
        Number(request.params.id),
      );
  }
  if (operations.updateById) {
    map[operations.updateById] = (request) => {
      const { id, ...body } = (request.body ?? {}) as Record<string, unknown>;
      return write(requireAuth(request), body, Number(id));
    };
  }
  return asOperationHandlers(map);
}

/**
 * The definition without create and update, for an entity whose writes `writeWithChildren`
 * answers: the generic layer then builds no handler that a hand-written one would replace.
 */
export function withoutWrites<T extends TenantTable>(
  definition: ResourceDefinition<T>,
): ResourceDefinition<T> {
  const {
    create: _create,
    update: _update,
    updateById: _updateById,
    ...rest
  } = definition.operations;
  return { ...definition, operations: rest };
}

/* ------------------------------------------------------------------ reads */

/**
 * `GET /<r>` with the query filters of the contract (the generic list knows only
 * `search` and `archived`): the query is mapped onto the filter body's fields.
 */
export function listWithQuery<T extends TenantTable, K extends OperationId>(
  db: Db,
  definition: ResourceDefinition<T>,
  _operationId: K,
  queryToFilter: (query: Record<string, unknown>) => Record<string, unknown>,
  limit = 1000,
): OperationHandler<K> {
  const repository = createResourceRepository(db, definition.table, {
    searchColumns: definition.searchColumns,
    sortColumns: definition.sortColumns,
    defaultSort: definition.defaultSort,
  });
  const archivable = Boolean(definition.table.archived);
  const toDto = (row: T['$inferSelect']) =>
    definition.toDto ? definition.toDto(row, db) : withoutNulls(row as object);
  return asOperationHandler<K>(async (request) => {
    const auth = requireAuth(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const filter = queryToFilter(query);
    const { rows } = await repository.page(auth.drivingSchoolId, {
      offset: 0,
      limit,
      search: query.search as string | undefined,
      archived: archivable ? ((query.archived as boolean | undefined) ?? false) : undefined,
      where: [definition.visibility?.(auth), ...(definition.filters?.(filter, auth) ?? [])],
    });
    return { status: 200, body: await Promise.all(rows.map(toDto)) };
  });
}

/**
 * A page of rows for a filter body, mapped by `map` (the list screens' own rows); the
 * operation is the one whose handler it is assigned to.
 */
export function filterWith<T extends TenantTable, K extends OperationId>(
  db: Db,
  definition: ResourceDefinition<T>,
  map: (row: T['$inferSelect']) => unknown,
  extra?: (request: OperationRequest<K>, auth: AuthContext) => Promise<(SQL | undefined)[]>,
): OperationHandler<K> {
  const repository = createResourceRepository(db, definition.table, {
    searchColumns: definition.searchColumns,
    sortColumns: definition.sortColumns,
    defaultSort: definition.defaultSort,
  });
  return asOperationHandler<K>(async (request) => {
    const auth = requireAuth(request);
    const { rows, total } = await pageForFilter(
      repository,
      definition,
      auth,
      request.body,
      (await extra?.(request as OperationRequest<K>, auth)) ?? [],
    );
    return { status: 200, body: { data: await Promise.all(rows.map(map)), total } };
  });
}

/* ------------------------------------------------------------------ the generic bridge */

/** An answer of the generic layer, before it is known as one operation's answer. */
export type GenericResult = { status: number; body?: unknown };
/** A request as the generic layer reads it: validated by the contract, not typed by one operation. */
export type GenericRequest = FastifyRequest<{
  Params: Record<string, unknown>;
  Querystring: Record<string, unknown>;
  Body: unknown;
}>;
/** A handler of the generic layer, for whichever operation its definition names. */
export type GenericHandler = (request: GenericRequest) => Promise<GenericResult>;

/**
 * The one bridge from the generic layer to the per-operation types: a generic handler
 * answers what its definition's toDto maps, which the contract's response validation
 * checks in every resource test, so the types cannot prove it but the tests do.
 */
export function asOperationHandlers(map: Record<string, GenericHandler>): OperationHandlers {
  return map as unknown as OperationHandlers;
}

/** One generic handler as the handler of `operationId` (see `asOperationHandlers`). */
export function asOperationHandler<K extends OperationId>(
  handler: GenericHandler,
): OperationHandler<K> {
  return handler as unknown as OperationHandler<K>;
}
