import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DRIVERS, type TestDatabase } from '../test/test-app';
import { createJobQueue, type JobQueue } from './job-queue';
import { advisoryLockKey } from './pg-boss-queue';

const silent = { warn: () => {}, error: () => {} };

/** Resolves when `done()` answers true, checking after each of the queue's turns. */
async function until(done: () => boolean | Promise<boolean>, what: string) {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`Never happened: ${what}`);
}

/** A promise and its resolve function. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe.each(DRIVERS)('job queue (%s)', (driver) => {
  let testDatabase: TestDatabase;
  const queues: JobQueue[] = [];
  const queue = () => {
    const created = createJobQueue(testDatabase.database, silent);
    queues.push(created);
    return created;
  };
  const pgBossInstalled = async () => {
    const result = (await testDatabase.database.db.execute(
      sql`select count(*)::int as n from information_schema.schemata where schema_name = 'pgboss'`,
    )) as unknown as { rows: { n: number }[] };
    return result.rows[0]?.n === 1;
  };

  beforeAll(async () => {
    testDatabase = await createTestDatabase(driver);
  });
  afterAll(async () => {
    for (const created of queues) await created.stop();
    await testDatabase?.dispose();
  });

  it('is the runner of its driver and starts nothing before a job is sent', async () => {
    const jobs = queue();
    expect(jobs.kind).toBe(driver === 'postgres' ? 'pg-boss' : 'in-process');
    jobs.work('nothing', async () => {});
    let hooks = 0;
    jobs.onStart(async () => {
      hooks += 1;
    });
    await jobs.stop();
    expect(hooks).toBe(0);
    if (driver === 'postgres') expect(await pgBossInstalled()).toBe(false);
    // Stopped for good: a send afterwards is dropped, nothing starts.
    await jobs.send('nothing', {});
    expect(hooks).toBe(0);
  });

  it('runs each job sent once, with its payload, and the start hooks once', async () => {
    const jobs = queue();
    const seen: number[] = [];
    let hooks = 0;
    jobs.onStart(async () => {
      hooks += 1;
    });
    jobs.work<{ n: number }>('collect', async ({ n }, context) => {
      expect(context.retryCount).toBe(0);
      seen.push(n);
    });
    await Promise.all([1, 2, 3, 4, 5].map((n) => jobs.send('collect', { n })));
    await until(() => seen.length === 5, 'five jobs done');
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(hooks).toBe(1);
    if (driver === 'postgres') expect(await pgBossInstalled()).toBe(true);
    await jobs.stop();
  });

  it('works on at most `concurrency` jobs of a name at once', async () => {
    const jobs = queue();
    let active = 0;
    let most = 0;
    let done = 0;
    jobs.work(
      'parallel',
      async () => {
        active += 1;
        most = Math.max(most, active);
        await new Promise((resolve) => setTimeout(resolve, 100));
        active -= 1;
        done += 1;
      },
      { concurrency: 2 },
    );
    for (let n = 0; n < 6; n += 1) await jobs.send('parallel', { n });
    await until(() => done === 6, 'six jobs done');
    expect(most).toBeLessThanOrEqual(2);
    await jobs.stop();
  });

  it('tries a failing job again, telling the handler which try is the last', async () => {
    const jobs = queue();
    const tries: { retryCount: number; lastTry: boolean }[] = [];
    jobs.work(
      'flaky',
      async (_payload, { retryCount, lastTry }) => {
        tries.push({ retryCount, lastTry });
        if (retryCount < 1) throw new Error('not yet');
      },
      { retryLimit: 1, retryDelaySeconds: 1 },
    );
    await jobs.send('flaky', {});
    await until(() => tries.length === 2, 'the retry');
    expect(tries).toEqual([
      { retryCount: 0, lastTry: false },
      { retryCount: 1, lastTry: true },
    ]);
    await jobs.stop();
  });

  it('stop aborts the running handler and waits for it to return', async () => {
    const jobs = queue();
    const started = gate();
    let returned = false;
    jobs.work('long', async (_payload, { signal }) => {
      started.open();
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
      await new Promise((resolve) => setTimeout(resolve, 50));
      returned = true;
    });
    await jobs.send('long', {});
    await started.opened;
    await jobs.stop();
    expect(returned).toBe(true);
  });

  it('a lock is held by one holder until released', async () => {
    const first = queue();
    const second = queue();
    const held = await first.tryLock('test-lock', 7);
    expect(held).not.toBeNull();
    // Another queue (on PostgreSQL another connection, as another process would) is refused.
    const other = driver === 'postgres' ? second : first;
    expect(await other.tryLock('test-lock', 7)).toBeNull();
    const different = await other.tryLock('test-lock', 8);
    expect(different).not.toBeNull();
    await different?.release();
    await held?.release();
    const again = await other.tryLock('test-lock', 7);
    expect(again).not.toBeNull();
    expect(again?.lost.aborted).toBe(false);
    await again?.release();
  });
});

describe('advisory lock keys', () => {
  it('differ by key and id, and stay within a signed 64-bit number', () => {
    const keys = new Set<string>();
    for (const key of ['billing-run', 'mail-sync']) {
      for (const id of [0, 1, 2, 2 ** 31, 2 ** 32 - 1]) keys.add(advisoryLockKey(key, id));
    }
    expect(keys.size).toBe(10);
    for (const key of keys) expect(BigInt(key) < 2n ** 63n && BigInt(key) >= 0n).toBe(true);
    expect(() => advisoryLockKey('billing-run', 2 ** 32)).toThrow(/out of range/);
  });
});
