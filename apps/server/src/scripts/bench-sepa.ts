// npm run bench:sepa -- [--debits 5000] [--runs 5] [--warmup 1] [--keep]
//
// The SEPA export of `--debits` due live-pay debits, each under its own confirmed mandate
// (students, educations, mandates and debits written straight with SQL). Each run puts the
// debits back to OPEN and calls `POST /live-pay/sepa-export` end to end through the API (the
// query, the pain.008 XML, the XSD check, the archive, the status changes); beside it, the
// `sepa` library's own XML generation of the same debits alone (`buildPain008`) and the XSD
// validation alone, for the ratio. PGlite in a temporary DATA_DIR, or a fresh database on
// DATABASE_URL's server. Goal (issue 14): ≤ 10 s. Prints median and p95.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { masterData } from '../db/schema';
import { CREDITOR } from '../modules/mandates/mandate-test-fixtures';
import { buildPain008, type SepaDebit } from '../modules/payments/sepa-export';
import { isTarget2BusinessDay, validatePain008 } from '../modules/payments/sepa-validation';
import { addDays, berlinToday } from '../modules/resources/kit';
import { benchArgs, percentile, signedInApp } from './bench-kit';
import { createBillingSchool, freshPostgresDatabase } from './billing-school';

const { values, runs, warmup } = benchArgs({
  debits: { type: 'string', default: '5000' },
  keep: { type: 'boolean', default: false },
});
const count = Number(values.debits);
const keep = (values as { keep?: boolean }).keep === true;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fw-bench-sepa-'));
const serverUrl = process.env.DATABASE_URL;
const target = serverUrl ? await freshPostgresDatabase(serverUrl, 'fw_bench_sepa') : null;
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  RATE_LIMITS: 'off',
  ...(target ? { DATABASE_URL: target.url } : {}),
});
const driver = target ? `PostgreSQL (${target.name})` : `PGlite (${dataDir})`;
console.log(`SEPA benchmark on ${driver}: ${count} debits, generating …`);
const database = await openDatabase(config);
await database.migrate();
const db = database.db;
const school = await createBillingSchool(db, { students: 0 });
const s = school.schoolId;
await db
  .insert(masterData)
  .values({ drivingSchoolId: s, ...CREDITOR, preNotificationDays: 5 })
  .onConflictDoUpdate({
    target: masterData.drivingSchoolId,
    set: { ...CREDITOR, preNotificationDays: 5 },
  });

// A collection date: the first TARGET2 business day at least a week ahead.
let collectionDate = addDays(berlinToday(), 7);
while (!isTarget2BusinessDay(collectionDate)) collectionDate = addDays(collectionDate, 1);

const started = performance.now();
await db.transaction(async (tx) => {
  const [branch] = (
    (await tx.execute(sql`insert into branches (driving_school_id, name, abbreviation,
      work_corridor_from, work_corridor_to) values (${s}, 'Bench', 'BE', '07:00', '20:00')
      returning id::float8 as id`)) as unknown as { rows: { id: number }[] }
  ).rows;
  await tx.execute(sql`insert into students (driving_school_id, first_name, last_name, branch_id)
    select ${s}, 'Jörg' || g, 'Müßig', ${branch?.id} from generate_series(1, ${count}) g`);
  await tx.execute(sql`insert into student_educations (driving_school_id, student_id,
      license_class, branch_id, theory_questions_version, payment_workflow, automatic_payment)
    select ${s}, id, 'B', ${branch?.id}, '2025-04', 'LIVE_PAY', true
    from students where driving_school_id = ${s}`);
  // Valid German IBANs: bank code 37040044, account n, check digits computed by mod 97.
  await tx.execute(sql`insert into live_pay_mandates (driving_school_id, reference, student_id,
      student_education_id, holder_name, iban, signed_at, status, sequence_type)
    select ${s}, 'BENCH-' || e.id, e.student_id, e.id, 'Jörg Müßig ' || e.id,
      'DE' || lpad((98 - ((('37040044' || lpad(e.id::text, 10, '0') || '131400')::numeric) % 97))::text, 2, '0')
        || '37040044' || lpad(e.id::text, 10, '0'),
      current_date - 30, 'CONFIRMED', case when e.id % 2 = 0 then 'RCUR' else 'FRST' end
    from student_educations e where e.driving_school_id = ${s}`);
  await tx.execute(sql`insert into payments (driving_school_id, amount, payment_date, method,
      status, reference, student_id, student_education_id, mandate_id, created_at)
    select ${s}, 5490 + (m.id % 7) * 100, current_date, 'DIRECT_DEBIT', 'OPEN',
      'Fahrstunde 12.11.2026 Kl. B', m.student_id, m.student_education_id, m.id,
      now() - interval '20 days'
    from live_pay_mandates m where m.driving_school_id = ${s}`);
});
console.log(`  generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const reset = async () => {
  await db.execute(sql`update payments set status = 'OPEN', end_to_end_id = null,
      sepa_export_id = null where driving_school_id = ${s}`);
  await db.execute(sql`update live_pay_mandates set last_debit_at = null,
      sequence_type = case when id % 2 = 0 then 'RCUR' else 'FRST' end
    where driving_school_id = ${s}`);
};

const { app, token } = await signedInApp(config, database, school.email, school.password);
const times: number[] = [];
let bytes = 0;
let xml = '';
for (let index = 0; index < warmup + runs; index += 1) {
  await reset();
  const t0 = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: '/api/live-pay/sepa-export',
    headers: { authorization: `Bearer ${token}` },
    payload: { collectionDate },
  });
  const ms = performance.now() - t0;
  if (response.statusCode !== 200) {
    console.error(`Export answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
    process.exit(1);
  }
  bytes = response.rawPayload.length;
  xml = response.body;
  if (index >= warmup) times.push(ms);
}
const included = (xml.match(/<DrctDbtTxInf>/g) ?? []).length;

// The same debits through the library alone, and the XSD check alone.
const debits: SepaDebit[] = Array.from({ length: count }, (_, index) => ({
  paymentId: index + 1,
  amount: 5490 + (index % 7) * 100,
  endToEndId: `FW-${index + 1}`,
  sequenceType: index % 2 === 0 ? 'RCUR' : 'FRST',
  mandateReference: `BENCH-${index + 1}`,
  mandateSignedAt: addDays(berlinToday(), -30),
  debtorName: `Joerg Muessig ${index + 1}`,
  debtorIban: CREDITOR.iban,
  remittance: 'Fahrstunde 12.11.2026 Kl. B',
}));
const library: number[] = [];
const validation: number[] = [];
for (let index = 0; index < runs; index += 1) {
  const t0 = performance.now();
  const built = buildPain008({
    messageId: `BENCH${index}`,
    createdAt: new Date(),
    collectionDate,
    batchBooking: true,
    creditor: { name: 'Fahrschule Bench', iban: CREDITOR.iban, creditorId: CREDITOR.creditorId },
    debits,
  });
  library.push(performance.now() - t0);
  const t1 = performance.now();
  const errors = validatePain008(built);
  validation.push(performance.now() - t1);
  if (errors.length > 0) {
    console.error(`The library's file fails validation: ${errors.slice(0, 3).join('; ')}`);
    process.exit(1);
  }
}
for (const list of [times, library, validation]) list.sort((a, b) => a - b);
const median = (sorted: number[]) => percentile(sorted, 50);
const seconds = (ms: number) => (ms / 1000).toFixed(2);
console.log(`
SEPA export of ${included} debits (${driver}, ${process.arch}, Node ${process.version})
  file                    ${(bytes / 1e6).toFixed(1)} MB, errors under the XSD: ${validatePain008(xml).length}
  export end to end       median ${seconds(median(times))} s, p95 ${seconds(percentile(times, 95))} s   (goal ≤ 10 s), ${runs} runs after ${warmup}
  sepa library alone      median ${seconds(median(library))} s
  XSD validation alone    median ${seconds(median(validation))} s
  ratio to the library    ${(median(times) / median(library)).toFixed(1)}×`);
await app.close();
await database.close();
if (target && !keep) await target.drop();
if (!keep) await rm(dataDir, { recursive: true, force: true });
process.exit(0);
