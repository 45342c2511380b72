// npm run crash:billing -- [--count 500] [--kill-at 0.4]
//
// kill -9 of the server in the middle of a billing run on PostgreSQL (DATABASE_URL), then a
// restart; prints what the database holds afterwards (see billing-crash.ts) and exits 1 when
// an invoice is missing, doubled, incomplete, without PDF, or the numbers have a gap.
import { parseArgs } from 'node:util';
import { billingCrashScenario } from './billing-crash';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    count: { type: 'string', default: '500' },
    'kill-at': { type: 'string', default: '0.4' },
  },
});
const count = Number(values.count);
const killAt = Number(values['kill-at']);
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error('Set DATABASE_URL to a PostgreSQL server (a database of its own is created).');
  process.exit(2);
}
if (!Number.isInteger(count) || count < 2 || !(killAt > 0 && killAt < 1)) {
  console.error('--count takes a whole number ≥ 2, --kill-at a share between 0 and 1.');
  process.exit(2);
}

const result = await billingCrashScenario({ serverUrl, count, killAt, log: console.log });
const problems = [
  result.status === 'FINISHED' || result.pendingStudents.join() === result.unbilledStudents.join()
    ? null
    : 'the remaining students named differ from those without an invoice',
  result.billedTwice.length ? `billed twice: ${result.billedTwice.join(', ')}` : null,
  result.gapFree ? null : 'the numbers have a gap or a duplicate',
  result.unreferenced.length ? `invoices no item names: ${result.unreferenced.join(', ')}` : null,
  result.incomplete.length ? `incomplete invoices: ${result.incomplete.join(', ')}` : null,
  result.withoutPdf.length ? `invoices without PDF: ${result.withoutPdf.join(', ')}` : null,
  result.failed ? `failed items: ${[...new Set(result.failures)].join(', ')}` : null,
].filter(Boolean);

console.log(`
kill -9 of the server during a billing run of ${count} final invoices (PostgreSQL)
  killed with               ${result.doneAtKill}/${count} items done (${result.seconds.untilKill.toFixed(1)} s after the start)
  after the restart         ${result.status} in ${result.seconds.restartToSettled.toFixed(1)} s (server start included)
  items                     ${result.issued} issued, ${result.skipped} skipped, ${result.failed} failed, ${result.pendingStudents.length} pending
  invoices                  ${result.invoices}, ${result.numbers.first} … ${result.numbers.last}, gap-free: ${result.gapFree ? 'yes' : 'NO'}
  billed twice              ${result.billedTwice.length}
  without lines / PDF       ${result.incomplete.length} / ${result.withoutPdf.length}
  not named by an item      ${result.unreferenced.length}
  remaining students        ${result.status === 'FINISHED' ? 'none (finished)' : result.pendingStudents.join(', ')}
  school generated in       ${result.seconds.setup.toFixed(1)} s
${problems.length ? `PROBLEMS:\n  ${problems.join('\n  ')}` : 'OK'}`);
process.exit(problems.length ? 1 : 0);
