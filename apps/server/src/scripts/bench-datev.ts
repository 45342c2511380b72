// npm run bench:datev -- [--students 50000] [--runs 5] [--warmup 1] [--keep]
//
// The DATEV export of a year of a large school: `--students` students, one issued final
// invoice each (lines at 19 % and 7 %) and two payments each (transfer, cash, card), written
// straight with SQL (generate_series). Then `POST /accounting/datev-export` for the whole year
// end to end through the API — each run the school's first export of the year (the marks of
// the run before are deleted, untimed), so it leaves out nothing and marks everything — and
// the raw SQL that reads the same rows, for the ratio. PGlite in a temporary DATA_DIR, or a fresh
// database on DATABASE_URL's server. Goal (issue 14): ≤ 10 s. Prints median and p95.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { accountsConfigs } from '../db/schema';
import { benchArgs, percentile, signedInApp } from './bench-kit';
import { createBillingSchool, freshPostgresDatabase } from './billing-school';

const { values, runs, warmup } = benchArgs({
  students: { type: 'string', default: '50000' },
  keep: { type: 'boolean', default: false },
});
const count = Number(values.students);
const keep = (values as { keep?: boolean }).keep === true;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fw-bench-datev-'));
const serverUrl = process.env.DATABASE_URL;
const target = serverUrl ? await freshPostgresDatabase(serverUrl, 'fw_bench_datev') : null;
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  RATE_LIMITS: 'off',
  ...(target ? { DATABASE_URL: target.url } : {}),
});
const driver = target ? `PostgreSQL (${target.name})` : `PGlite (${dataDir})`;
console.log(`DATEV benchmark on ${driver}: ${count} students, generating …`);
const database = await openDatabase(config);
await database.migrate();
const db = database.db;
const school = await createBillingSchool(db, { students: 0 });
const s = school.schoolId;
await db.insert(accountsConfigs).values({
  drivingSchoolId: s,
  chartOfAccounts: 'SKR03',
  revenue19Account: '8400',
  revenue7Account: '8300',
  revenue0Account: '8100',
  cashAccount: '1000',
  transitAccount: '1360',
  passingItemsAccount: '1590',
  livePayAccount: '1361',
  consultantNumber: 29098,
  clientNumber: 55003,
});
const started = performance.now();
await db.transaction(async (tx) => {
  const [branch] = (
    (await tx.execute(sql`insert into branches (driving_school_id, name, abbreviation,
      work_corridor_from, work_corridor_to) values (${s}, 'Bench', 'BE', '07:00', '20:00')
      returning id::float8 as id`)) as unknown as { rows: { id: number }[] }
  ).rows;
  await tx.execute(sql`insert into students (driving_school_id, first_name, last_name, branch_id)
    select ${s}, 'Schüler' || g, 'Müller', ${branch?.id} from generate_series(1, ${count}) g`);
  // Issued in this transaction: the lines' guard lets them be written (see 0012_invoices.sql).
  await tx.execute(sql`insert into payment_documents (driving_school_id, type, status, number,
      student_id, recipient_name, issue_date, issued_at, total_net, total_vat, total_gross)
    select ${s}, 'FINAL_INVOICE', 'ISSUED', '2025-' || lpad(n::text, 6, '0'), st.id,
      st.first_name || ' ' || st.last_name, date '2025-01-01' + (n % 365)::int, now(),
      50420 + 3729, 9580 + 261, 60000 + 3990
    from (select id, first_name, last_name, row_number() over (order by id) n
      from students where driving_school_id = ${s}) st`);
  await tx.execute(sql`insert into payment_document_lines (driving_school_id, document_id,
      position, description, quantity, unit_price, vat_rate, net, vat, gross)
    select ${s}, d.id, l.position, l.description, 1, l.gross, l.rate, l.net, l.vat, l.gross
    from payment_documents d,
      (values (1, 'Fahrstunden', 19, 50420, 9580, 60000), (2, 'Lehrbuch', 7, 3729, 261, 3990))
        as l(position, description, rate, net, vat, gross)
    where d.driving_school_id = ${s}`);
  await tx.execute(sql`insert into payments (driving_school_id, amount, payment_date, method,
      status, student_id, document_id)
    select ${s}, case when k = 1 then 30000 else 33990 end, d.issue_date + k::int,
      (array['TRANSFER', 'CASH', 'CARD'])[1 + (d.id + k) % 3], 'PAID', d.student_id, d.id
    from payment_documents d, generate_series(1, 2) k
    where d.driving_school_id = ${s} and d.issue_date + k::int <= date '2025-12-31'`);
});
// A year of bookings grows over a year: PostgreSQL's autovacuum, and on PGlite the server's
// maintenance (database.ts), have analyzed the tables long before the export. A bulk load
// of a second ago has not been, so the benchmark analyzes once, untimed.
await db.execute(sql`analyze`);
console.log(`  generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const { app, token } = await signedInApp(config, database, school.email, school.password);
const body = { from: '2025-01-01', to: '2025-12-31' };
const times: number[] = [];
let bytes = 0;
let lines = 0;
for (let index = 0; index < warmup + runs; index += 1) {
  // Untimed: the marks of the run before go (and their space, as autovacuum would).
  await db.execute(sql`delete from datev_export_items where driving_school_id = ${s}`);
  await db.execute(sql`vacuum analyze datev_export_items`);
  const t0 = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: '/api/accounting/datev-export',
    headers: { authorization: `Bearer ${token}` },
    payload: body,
  });
  const ms = performance.now() - t0;
  if (response.statusCode !== 200) {
    console.error(`Export answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
    process.exit(1);
  }
  bytes = response.rawPayload.length;
  lines = response.rawPayload.toString('latin1').split('\r\n').length - 3;
  if (index >= warmup) times.push(ms);
}
// Every run booked the whole year: two rate groups per invoice and every payment.
const expected = (
  (await db.execute(sql`select (select count(*) from payment_document_lines
      where driving_school_id = ${s}) + (select count(*) from payments
      where driving_school_id = ${s}) as n`)) as unknown as { rows: { n: string }[] }
).rows[0]?.n;
if (lines !== Number(expected)) {
  console.error(`The export booked ${lines} lines, not ${expected}.`);
  process.exit(1);
}
const raw: number[] = [];
for (let index = 0; index < runs; index += 1) {
  const t0 = performance.now();
  await db.execute(sql`select d.id, d.number, d.issue_date, d.recipient_name, l.vat_rate,
      sum(l.gross) from payment_documents d join payment_document_lines l
      on l.driving_school_id = d.driving_school_id and l.document_id = d.id
    where d.driving_school_id = ${s} and d.type <> 'PAYMENT_REQUEST' and d.status <> 'DRAFT'
      and d.issue_date between '2025-01-01' and '2025-12-31'
    group by d.id, d.number, d.issue_date, d.recipient_name, l.vat_rate`);
  await db.execute(sql`select p.id, p.amount, p.method, p.payment_date, s.last_name, s.first_name
    from payments p left join students s on s.driving_school_id = p.driving_school_id
      and s.id = p.student_id
    where p.driving_school_id = ${s} and p.status in ('PAID', 'PARTIALLY_PAID')
      and p.payment_date between '2025-01-01' and '2025-12-31'`);
  raw.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
raw.sort((a, b) => a - b);
const median = (sorted: number[]) => percentile(sorted, 50);
console.log(`
DATEV export of a year (${driver}, ${process.arch}, Node ${process.version})
  file                    ${(bytes / 1e6).toFixed(1)} MB, ${lines} bookings
  export end to end       median ${(median(times) / 1000).toFixed(2)} s, p95 ${(percentile(times, 95) / 1000).toFixed(2)} s   (goal ≤ 10 s), ${runs} runs after ${warmup}
  raw SQL of the rows     median ${(median(raw) / 1000).toFixed(2)} s
  ratio                   ${(median(times) / median(raw)).toFixed(1)}×`);
await app.close();
await database.close();
if (target && !keep) await target.drop();
if (!keep) await rm(dataDir, { recursive: true, force: true });
process.exit(0);
