import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  like,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';

/** A table of the school's data: an identity `id`, the tenant key, maybe `archived`. */
export type TenantTable = PgTable & {
  id: AnyPgColumn;
  drivingSchoolId: AnyPgColumn;
  archived?: AnyPgColumn;
};

export type SortOrder = { field: string; direction?: 'asc' | 'desc' | undefined };

export type PageQuery = {
  offset: number;
  limit: number;
  sort?: SortOrder[] | undefined;
  search?: string | undefined;
  /** true: only archived rows; false: only active ones; undefined: all (unarchivable tables). */
  archived?: boolean | undefined;
  /** Conditions of the entity's own filter fields, already built. */
  where?: (SQL | undefined)[];
  /**
   * What each row of the page is read as, when not the table's columns: some of them and
   * computed ones (per-row id lists a list row shows), worked out for the page's rows only.
   * The rows then hold these fields only, whatever their type says: their mapper reads no
   * more (the contract's response check in the tests would see a field missing).
   */
  select?: Record<string, AnyPgColumn | SQL>;
};

export type RepositoryOptions = {
  /** Columns the free-text `search` matches (case-insensitive, anywhere in the text). */
  searchColumns?: AnyPgColumn[];
  /** Sort fields the contract allows, by name. */
  sortColumns: Record<string, SQLWrapper>;
  /** Used when the request names no sort; ties are always broken by id (see orderBy). */
  defaultSort?: SortOrder[];
  /**
   * Fields every read and every written row's answer carries besides the table's columns,
   * worked out by the database (e.g. a payment's `exported`: whether a DATEV export booked
   * it, from another table). Lists read them for the page's rows only.
   */
  computed?: Record<string, SQL>;
};

/** `%`, `_` and `\` typed by the user are searched for literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Search columns whose text the database keeps lower-cased (see `lowerCased`). */
const LOWER_CASED = new WeakSet<object>();

/**
 * Marks a search column as holding lower-cased text (a generated column): the search then
 * matches it with LIKE against the lower-cased words, instead of ILIKE lower-casing every
 * row again. The same answers, at a fraction of the cost on many rows.
 */
export function lowerCased<C extends AnyPgColumn>(column: C): C {
  LOWER_CASED.add(column);
  return column;
}

/** The free-text search on one column: `%`, `_` and `\` literal, case-insensitive. */
export function searchCondition(column: AnyPgColumn, text: string): SQL {
  const pattern = likePattern(text);
  return LOWER_CASED.has(column) ? like(column, sql`lower(${pattern})`) : ilike(column, pattern);
}

/**
 * The generic queries of spec 000 §7's resource client over one table. Every statement is
 * scoped by the school it is given; there is no way to reach another school's rows.
 */
export function createResourceRepository<
  T extends TenantTable,
  Computed extends Record<string, unknown> = Record<never, never>,
>(
  db: Db,
  table: T,
  options: RepositoryOptions & { computed?: { [K in keyof Computed]: SQL<Computed[K]> } },
) {
  type Row = T['$inferSelect'] & Computed;
  type Insert = T['$inferInsert'];
  const columns = getTableColumns(table);
  /** What a row is read as: the columns and the computed fields, if any. */
  const rowFields = options.computed ? { ...columns, ...options.computed } : undefined;
  const inSchool = (schoolId: number) => eq(table.drivingSchoolId, schoolId);
  const byId = (schoolId: number, id: number) => and(inSchool(schoolId), eq(table.id, id));

  function conditions(schoolId: number, query: Omit<PageQuery, 'offset' | 'limit' | 'sort'>) {
    const parts: (SQL | undefined)[] = [inSchool(schoolId), ...(query.where ?? [])];
    if (query.archived !== undefined && table.archived) {
      parts.push(eq(table.archived, query.archived));
    }
    const search = query.search?.trim();
    if (search && options.searchColumns?.length) {
      parts.push(or(...options.searchColumns.map((column) => searchCondition(column, search))));
    }
    return and(...parts);
  }

  function orderBy(sort: SortOrder[] | undefined) {
    const requested = (sort?.length ? sort : (options.defaultSort ?? [])).filter(
      (entry) => options.sortColumns[entry.field],
    );
    const order = requested.map((entry) => {
      const column = options.sortColumns[entry.field] as SQLWrapper;
      return entry.direction === 'desc' ? desc(column) : asc(column);
    });
    // A stable order, so paging never shows a row twice or skips one: ties by id, in the
    // direction of the last sort key, so an index on (…, key, id) serves either direction.
    order.push(requested.at(-1)?.direction === 'desc' ? desc(table.id) : asc(table.id));
    return order;
  }

  return {
    table,
    columns,

    /** One row; `extra` narrows further (what the caller may see). */
    async findById(schoolId: number, id: number, extra?: SQL): Promise<Row | null> {
      const rows = await (rowFields ? db.select(rowFields) : db.select())
        .from(table as PgTable)
        .where(and(byId(schoolId, id), extra))
        .limit(1);
      return (rows[0] as Row | undefined) ?? null;
    },

    /**
     * One page and the total, in two statements sent together. The page first finds its
     * rows' ids (from an index alone, when one covers the filter and the order, however deep
     * the page), then reads those rows (as `select` says) and nothing for skipped ones.
     */
    async page(schoolId: number, query: PageQuery): Promise<{ rows: Row[]; total: number }> {
      const where = conditions(schoolId, query);
      const order = orderBy(query.sort);
      const ids = db
        .select({ id: table.id })
        .from(table as PgTable)
        .where(where)
        .orderBy(...order)
        .limit(query.limit)
        .offset(query.offset);
      const [rows, totals] = await Promise.all([
        db
          .select(query.select ?? rowFields ?? columns)
          .from(table as PgTable)
          .where(and(inSchool(schoolId), sql`${table.id} = any(array(${ids}))`))
          .orderBy(...order),
        db
          .select({ total: count() })
          .from(table as PgTable)
          .where(where),
      ]);
      return { rows: rows as Row[], total: Number(totals[0]?.total ?? 0) };
    },

    async insert(schoolId: number, values: Omit<Insert, 'id' | 'drivingSchoolId'>): Promise<Row> {
      const rows = await db
        .insert(table)
        .values({ ...values, drivingSchoolId: schoolId } as Insert)
        .returning(rowFields ?? columns);
      return (rows as Row[])[0] as Row;
    },

    async update(
      schoolId: number,
      id: number,
      values: Partial<Omit<Insert, 'id' | 'drivingSchoolId'>>,
    ): Promise<Row | null> {
      if (Object.keys(values).length === 0) return this.findById(schoolId, id);
      const rows = await db
        .update(table)
        // The table is generic here; the values are its columns (the caller's Insert type).
        .set(values as never)
        .where(byId(schoolId, id))
        .returning(rowFields ?? columns);
      return ((rows as Row[])[0] as Row | undefined) ?? null;
    },

    async setArchived(schoolId: number, id: number, archived: boolean): Promise<Row | null> {
      if (!table.archived) throw new Error('This table has no archived flag');
      const rows = await db
        .update(table)
        // Checked above: the table has the archived flag, which its generic type cannot show.
        .set({ archived } as never)
        .where(byId(schoolId, id))
        .returning(rowFields ?? columns);
      return ((rows as Row[])[0] as Row | undefined) ?? null;
    },

    async remove(schoolId: number, id: number): Promise<boolean> {
      const rows = await db.delete(table).where(byId(schoolId, id)).returning({ id: table.id });
      return rows.length > 0;
    },
  };
}

export type ResourceRepository<T extends TenantTable> = ReturnType<
  typeof createResourceRepository<T>
>;
