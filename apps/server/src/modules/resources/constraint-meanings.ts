import { Column, getTableColumns, is, SQL } from 'drizzle-orm';
import { getTableConfig, IndexedColumn, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema';

/** What a violated constraint means to the user: a field error or a global one. */
export type ConstraintMeaning = { field?: string; error: string };

/** Columns that never name a field: the tenant key and the row's own id. */
const NOT_A_FIELD = new Set(['driving_school_id', 'id']);

const camelCase = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The database column names an expression (a check, an index over `lower(x)`) uses. */
function columnNames(chunk: unknown, into: string[] = []): string[] {
  if (Array.isArray(chunk)) {
    for (const item of chunk) columnNames(item, into);
  } else if (is(chunk, Column) || is(chunk, IndexedColumn)) {
    const name = (chunk as { name: string }).name;
    if (!into.includes(name)) into.push(name);
  } else if (is(chunk, SQL)) {
    columnNames(chunk.queryChunks, into);
  }
  return into;
}

type Catalogue = {
  /** constraint or unique index name → meaning */
  constraints: Map<string, ConstraintMeaning>;
  /** `table.column` (database names) → the field name of the contract */
  fields: Map<string, string>;
};

/**
 * Every constraint of the drizzle schema with the meaning a refused write has, so no
 * refusal has to name a table, a column or a constraint:
 *
 * - a foreign key: the chosen entry does not exist (`validation.unknown_id` on its field);
 *   when a delete trips it, `errors.still_referenced` (see database-errors.ts);
 * - a unique key or unique index: `validation.duplicate` on its field, `errors.duplicate`
 *   when it names none (a primary key, a link row given twice);
 * - a check over one field: `validation.invalid` on it; over several: `errors.rule_violated`.
 *
 * A resource's own `constraints` map comes first (a more precise field or key); this is
 * what every other write falls back on. The field of a column is its property name in the
 * schema, which is the contract's field name nearly everywhere.
 */
function buildCatalogue(): Catalogue {
  const constraints = new Map<string, ConstraintMeaning>();
  const fields = new Map<string, string>();
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const config = getTableConfig(table);
    const fieldOf = new Map<string, string>();
    for (const [key, column] of Object.entries(getTableColumns(table))) {
      fieldOf.set(column.name, key);
      fields.set(`${config.name}.${column.name}`, key);
    }
    const firstField = (names: string[]) => {
      const name = names.find((n) => !NOT_A_FIELD.has(n));
      return name === undefined ? undefined : (fieldOf.get(name) ?? camelCase(name));
    };
    const meaning = (field: string | undefined, fieldKey: string, globalKey: string) =>
      field ? { field, error: fieldKey } : { error: globalKey };

    for (const key of config.foreignKeys) {
      const names = key.reference().columns.map((column) => column.name);
      constraints.set(
        key.getName(),
        meaning(firstField(names), 'validation.unknown_id', 'errors.reference_not_found'),
      );
    }
    for (const unique of config.uniqueConstraints) {
      const names = unique.columns.map((column) => column.name);
      constraints.set(
        unique.getName() ?? `${config.name}_${names.join('_')}_unique`,
        meaning(firstField(names), 'validation.duplicate', 'errors.duplicate'),
      );
    }
    for (const index of config.indexes) {
      if (!index.config.unique) continue;
      const names = columnNames(index.config.columns);
      constraints.set(
        index.config.name as string,
        meaning(firstField(names), 'validation.duplicate', 'errors.duplicate'),
      );
    }
    for (const column of config.columns) {
      if (!column.isUnique) continue;
      constraints.set(
        column.uniqueName ?? `${config.name}_${column.name}_unique`,
        meaning(firstField([column.name]), 'validation.duplicate', 'errors.duplicate'),
      );
    }
    for (const key of config.primaryKeys) {
      constraints.set(key.getName(), { error: 'errors.duplicate' });
    }
    if (config.columns.some((column) => column.primary)) {
      // PostgreSQL's name for a single-column primary key.
      constraints.set(`${config.name}_pkey`, { error: 'errors.duplicate' });
    }
    for (const check of config.checks) {
      const names = columnNames(check.value).filter((name) => !NOT_A_FIELD.has(name));
      constraints.set(
        check.name,
        names.length === 1
          ? meaning(firstField(names), 'validation.invalid', 'errors.rule_violated')
          : { error: 'errors.rule_violated' },
      );
    }
  }
  return { constraints, fields };
}

let catalogue: Catalogue | undefined;
const built = () => {
  catalogue ??= buildCatalogue();
  return catalogue;
};

/** The meaning of a constraint of the schema; undefined for a name the schema lacks. */
export function constraintMeaning(name: string): ConstraintMeaning | undefined {
  return built().constraints.get(name);
}

/** Every constraint name the schema declares (for the test that compares it with the database). */
export function knownConstraintNames(): string[] {
  return [...built().constraints.keys()];
}

/** The contract's field for a database column (`students`, `first_name` → `firstName`). */
export function fieldOfColumn(table: string | undefined, column: string): string {
  return (table && built().fields.get(`${table}.${column}`)) || camelCase(column);
}
