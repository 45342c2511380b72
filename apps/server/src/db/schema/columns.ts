import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  type PgColumn,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/*
 * Tenancy: every table carries driving_school_id. Child tables reference their parent
 * through a composite key (driving_school_id, id), so the database itself refuses a row
 * that points into another school. It also keeps the schema distributable by
 * driving_school_id (Citus).
 *
 * Every area file under schema/ builds its tables from these helpers.
 */

/** The identity primary key. */
export const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
/** The tenant key, on every table. */
export const schoolId = () => bigint('driving_school_id', { mode: 'number' }).notNull();
/** A reference to another row of the school (pair it with `tenantForeignKey`). */
export const ref = (name: string) => bigint(name, { mode: 'number' });
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const archived = () => boolean('archived').notNull().default(false);

/** `'A', 'B'` for a check constraint over a fixed list of codes. */
export const inList = (values: readonly string[]) =>
  sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '));

/** A check that a text column holds one of the codes of an enum of the contract. */
export const oneOf = (name: string, column: PgColumn, values: readonly string[]) =>
  check(name, sql`${column} in (${inList(values)})`);

/** A check that a money column (cents) is not negative. */
export const notNegative = (name: string, column: PgColumn) => check(name, sql`${column} >= 0`);

/**
 * A foreign key to another table of the school through (driving_school_id, id): the row
 * cannot point into another school.
 */
export const tenantForeignKey = (
  name: string,
  columns: [AnyPgColumn, AnyPgColumn],
  target: { drivingSchoolId: AnyPgColumn; id: AnyPgColumn },
) => foreignKey({ name, columns, foreignColumns: [target.drivingSchoolId, target.id] });

/** The (driving_school_id, id) key other tables point at, and the index every list uses. */
export const tenantKey = (table: string, t: { drivingSchoolId: AnyPgColumn; id: AnyPgColumn }) => [
  unique(`${table}_tenant_key`).on(t.drivingSchoolId, t.id),
];

/** An index for a list filter, always led by the tenant key. */
export const tenantIndex = (
  name: string,
  t: { drivingSchoolId: AnyPgColumn },
  ...columns: (AnyPgColumn | SQL)[]
) => index(name).on(t.drivingSchoolId, ...(columns as AnyPgColumn[]));
