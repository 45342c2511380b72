// Regenerates migration 0001 (the domain tables of issue 3) from the schema files, while the
// domain model is being built in one piece. Once 0001 has landed (shipped to a database
// that keeps its data), never rewrite it: add a new migration with `pnpm db:generate`.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../db/database';

const journalFile = path.join(MIGRATIONS_DIR, 'meta/_journal.json');
const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
  entries: { idx: number; tag: string }[];
};
for (const entry of journal.entries.filter((e) => e.idx >= 1)) {
  rmSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), { force: true });
}
for (const file of readdirSync(path.join(MIGRATIONS_DIR, 'meta'))) {
  if (/^\d{4}_snapshot\.json$/.test(file) && file !== '0000_snapshot.json') {
    rmSync(path.join(MIGRATIONS_DIR, 'meta', file));
  }
}
journal.entries = journal.entries.filter((e) => e.idx < 1);
writeFileSync(journalFile, `${JSON.stringify(journal, null, 2)}\n`);
execFileSync('npx', ['drizzle-kit', 'generate', '--name', 'domain'], { stdio: 'inherit' });
