import type { components } from '@fahrwerk/api/schema';
import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { type AuthContext, requireAuth } from '../../http/auth';
import { AppError, notFound } from '../../http/errors';
import type { OperationHandlers, OperationId } from '../../http/operation-types';
import { guardWrite } from '../resources/database-errors';
import type { ResourceDefinition } from '../resources/resource-handlers';
import { createResourceRepository, type TenantTable } from '../resources/resource-repository';

/*
 * Helpers the company area's resource definitions share: DTO mapping (absent instead of
 * null), batched look-ups for the rows of one answer, and create/update of entities whose
 * DTO carries id lists kept in join tables.
 */

/** The contract's schemas (DTO types). */
export type Schemas = components['schemas'];

/** An empty column is absent from an answer (the contract allows no nulls). */
export const opt = <T>(value: T | null | undefined): T | undefined => value ?? undefined;
export const iso = (value: Date): string => value.toISOString();
/** `time` columns read as `HH:MM:SS`; the contract's LocalTime is `HH:mm`. */
export const hhmm = (value: string): string => value.slice(0, 5);

/** A column expression for search or sort (a correlated subquery, a jsonb field). */
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

/** Groups rows into lists by a key (for batch loaders of id lists). */
export function groupBy<R, V>(rows: R[], key: (row: R) => number, value: (row: R) => V) {
  const grouped = new Map<number, V[]>();
  for (const row of rows) {
    const list = grouped.get(key(row)) ?? [];
    list.push(value(row));
    grouped.set(key(row), list);
  }
  return grouped;
}

/** Rows of other tables written with an entity (join tables), from the request body. */
export type Link = {
  write: (
    tx: Db,
    schoolId: number,
    ownerId: number,
    body: Record<string, unknown>,
  ) => Promise<void>;
};

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
    })) as never,
  );
}

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
 * Create and update of an entity whose DTO carries id lists kept in join tables, or whose
 * write changes other rows too: the row, its links and `before` run in one transaction,
 * with the definition's mapping, rules and constraint meanings.
 */
export function linkedWriteHandlers<T extends TenantTable>(
  db: Db,
  definition: ResourceDefinition<T> & {
    fromInput: (input: Record<string, unknown>) => Record<string, unknown>;
    toDto: (row: T['$inferSelect']) => Promise<unknown> | unknown;
  },
  options: {
    operations: { create?: OperationId; update?: OperationId };
    links?: Link[];
    /** Runs in the write's transaction before the row is written (`id` on update). */
    before?: (
      tx: Db,
      auth: AuthContext,
      values: Record<string, unknown>,
      id?: number,
    ) => Promise<void>;
    /** Runs in the write's transaction after the row and its links are written. */
    after?: (tx: Db, auth: AuthContext, row: T['$inferSelect'], created: boolean) => Promise<void>;
  },
): OperationHandlers {
  const { operations, links = [], before, after } = options;
  const repository = (tx: Db) =>
    createResourceRepository(tx, definition.table, { sortColumns: {} });
  async function writeLinks(tx: Db, auth: AuthContext, id: number, body: Record<string, unknown>) {
    for (const link of links) await link.write(tx, auth.drivingSchoolId, id, body);
  }

  type Loose = { params: Record<string, unknown>; body: unknown };
  const handlers: Record<string, (request: Loose) => Promise<unknown>> = {};
  if (operations.create) {
    handlers[operations.create] = async (request) => {
      const auth = requireAuth(request as never);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const values = definition.fromInput(body);
      await definition.rules?.beforeCreate?.({ db, auth, values });
      const row = await guardWrite(
        () =>
          db.transaction(async (tx) => {
            await before?.(tx as unknown as Db, auth, values);
            const created = await repository(tx as unknown as Db).insert(
              auth.drivingSchoolId,
              values as never,
            );
            await writeLinks(tx as unknown as Db, auth, Number(created.id), body);
            await after?.(tx as unknown as Db, auth, created, true);
            return created;
          }),
        definition.constraints,
      );
      return { status: 201, body: await definition.toDto(row) };
    };
  }
  if (operations.update) {
    handlers[operations.update] = async (request) => {
      const auth = requireAuth(request as never);
      const id = Number(request.params.id);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const current = await repository(db).findById(auth.drivingSchoolId, id);
      if (!current) throw notFound();
      const values = definition.fromInput(body);
      await definition.rules?.beforeUpdate?.({ db, auth, current, values });
      const row = await guardWrite(
        () =>
          db.transaction(async (tx) => {
            await before?.(tx as unknown as Db, auth, values, id);
            const changed = await repository(tx as unknown as Db).update(
              auth.drivingSchoolId,
              id,
              values as never,
            );
            if (changed) {
              await writeLinks(tx as unknown as Db, auth, id, body);
              await after?.(tx as unknown as Db, auth, changed, false);
            }
            return changed;
          }),
        definition.constraints,
      );
      if (!row) throw notFound();
      return { status: 200, body: await definition.toDto(row) };
    };
  }
  return handlers as unknown as OperationHandlers;
}

/**
 * Refuses malformed week hours (422 naming each offending field): a weekday given twice,
 * a range whose `to` does not follow `from`, overlapping ranges of one day, and — for a
 * branch — a range outside the work corridor.
 */
export function checkWeekWorkHours(
  hours: readonly Schemas['DayWorkHours'][],
  field: string,
  corridor?: { from: string; to: string },
): void {
  const errors: { field: string; error: string }[] = [];
  const seen = new Set<string>();
  hours.forEach((day, i) => {
    if (seen.has(day.weekday))
      errors.push({ field: `${field}.${i}.weekday`, error: 'validation.duplicate' });
    seen.add(day.weekday);
    const ranges = day.ranges.map((range, j) => ({ ...range, j }));
    for (const range of ranges) {
      const at = `${field}.${i}.ranges.${range.j}`;
      if (range.to <= range.from)
        errors.push({ field: `${at}.to`, error: 'validation.time_order' });
      else if (corridor && (range.from < corridor.from || range.to > corridor.to)) {
        errors.push({ field: at, error: 'validation.outside_work_corridor' });
      }
    }
    const sorted = [...ranges].sort((a, b) => a.from.localeCompare(b.from));
    for (let k = 1; k < sorted.length; k++) {
      const previous = sorted[k - 1];
      const range = sorted[k];
      if (previous && range && range.from < previous.to) {
        errors.push({ field: `${field}.${i}.ranges.${range.j}.from`, error: 'validation.overlap' });
      }
    }
  });
  if (errors.length > 0) {
    throw new AppError(422, 'errors.validation', 'The working hours are not valid.', errors);
  }
}
