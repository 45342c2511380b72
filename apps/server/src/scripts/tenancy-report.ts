// npm run schema:tenancy
//
// How ready the schema is to be distributed by driving_school_id (Citus): migrates a
// throw-away embedded database (PGlite in a temporary folder: the same migrations as
// PostgreSQL) and reads its catalogue for the tables of the `public` schema:
//
// - tables without a driving_school_id column;
// - primary keys, unique constraints and unique indexes that do not include it (Citus
//   refuses them on a distributed table);
// - foreign keys that do not include it on both sides, paired (a row of one school pointing
//   at a row of another school is impossible only then, and only then co-located shards
//   can check it). A key (driving_school_id) → driving_schools (id) counts as the tenant's
//   own key.
//
// Prints the counts and every exception as a Markdown list (docs/operations.md quotes it).
// Exits 0: the exceptions are facts to read, not failures.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/database';

const SCHOOL = 'driving_school_id';

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fw-tenancy-'));
const database = await openDatabase({ dataDir });
try {
  await database.migrate();
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

  const tables = await rows<{ name: string; has_school: boolean }>(sql`
    select c.relname as name, exists (
        select 1 from pg_attribute a
        where a.attrelid = c.oid and a.attname = ${SCHOOL} and not a.attisdropped
      ) as has_school
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    order by c.relname`);

  const constraints = await rows<{
    name: string;
    kind: 'p' | 'u' | 'f';
    table_name: string;
    columns: string;
    ref_table: string | null;
    ref_columns: string | null;
  }>(sql`
    select con.conname as name, con.contype as kind, cl.relname as table_name,
      (select string_agg(a.attname, ',' order by k.ord)
        from unnest(con.conkey) with ordinality k(attnum, ord)
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as columns,
      ft.relname as ref_table,
      (select string_agg(a.attname, ',' order by k.ord)
        from unnest(con.confkey) with ordinality k(attnum, ord)
        join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum) as ref_columns
    from pg_constraint con
    join pg_class cl on cl.oid = con.conrelid
    join pg_namespace n on n.oid = cl.relnamespace
    left join pg_class ft on ft.oid = con.confrelid
    where n.nspname = 'public' and con.contype in ('p', 'u', 'f')
    order by cl.relname, con.conname`);

  const uniqueIndexes = await rows<{ name: string; table_name: string; definition: string }>(sql`
    select i.relname as name, t.relname as table_name,
      pg_get_indexdef(ix.indexrelid) as definition
    from pg_index ix
    join pg_class i on i.oid = ix.indexrelid
    join pg_class t on t.oid = ix.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = 'public' and ix.indisunique
      and not exists (select 1 from pg_constraint c where c.conindid = ix.indexrelid
        and c.contype in ('p', 'u'))
      and not exists (select 1 from unnest(ix.indkey::int2[]) k
        join pg_attribute a on a.attrelid = ix.indrelid and a.attnum = k
        where a.attname = ${SCHOOL})
    order by t.relname, i.relname`);

  const list = (text: string | null) => (text ? text.split(',') : []);
  const withoutSchool = tables.filter((table) => !table.has_school).map((table) => table.name);
  const keys = constraints.filter((c) => c.kind !== 'f');
  const keysWithout = keys.filter((c) => !list(c.columns).includes(SCHOOL));
  const foreign = constraints.filter((c) => c.kind === 'f');
  /** Both sides carry driving_school_id at the same position, or it is the school's own key. */
  const tenantPaired = (c: (typeof foreign)[number]) => {
    const [from, to] = [list(c.columns), list(c.ref_columns)];
    if (c.ref_table === 'driving_schools' && from.join() === SCHOOL && to.join() === 'id') {
      return true;
    }
    const at = from.indexOf(SCHOOL);
    return at >= 0 && to[at] === SCHOOL;
  };
  const foreignWithout = foreign.filter((c) => !tenantPaired(c));

  const key = (c: (typeof constraints)[number]) =>
    `${c.table_name}.${c.name} (${list(c.columns).join(', ')})`;
  const lines = [
    'The public schema after every migration:',
    '',
    `- tables: ${tables.length}; with ${SCHOOL}: ${tables.length - withoutSchool.length}; without: ${withoutSchool.length}`,
    ...withoutSchool.map((name) => `  - ${name}`),
    `- primary keys and unique constraints: ${keys.length}; without ${SCHOOL}: ${keysWithout.length}`,
    ...keysWithout.map((c) => `  - ${c.kind === 'p' ? 'primary key' : 'unique'} ${key(c)}`),
    `- unique indexes (not constraints) without ${SCHOOL}: ${uniqueIndexes.length}`,
    ...uniqueIndexes.map((index) => `  - ${index.table_name}.${index.name}: ${index.definition}`),
    `- foreign keys: ${foreign.length}; through ${SCHOOL} on both sides: ${foreign.length - foreignWithout.length}; other: ${foreignWithout.length}`,
    ...foreignWithout.map(
      (c) => `  - ${key(c)} → ${c.ref_table} (${list(c.ref_columns).join(', ')})`,
    ),
  ];
  // Primary keys of `id` alone are the rule (an identity), so they are summed up, not listed.
  const idOnly = keysWithout.filter((c) => c.kind === 'p' && c.columns === 'id');
  if (idOnly.length > 10) {
    const rest = keysWithout.filter((c) => !idOnly.includes(c));
    lines.splice(
      lines.findIndex((line) => line.startsWith('- primary keys')) + 1,
      keysWithout.length,
      `  - primary key (id) alone: ${idOnly.length} tables (each also has unique (${SCHOOL}, id), the key its children point at)`,
      ...rest.map((c) => `  - ${c.kind === 'p' ? 'primary key' : 'unique'} ${key(c)}`),
    );
  }
  console.log(lines.join('\n'));
} finally {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
