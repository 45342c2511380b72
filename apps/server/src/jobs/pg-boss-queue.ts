import { setImmediate as nextTurn } from 'node:timers/promises';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Database } from '../db/database';
import {
  DEFAULT_WORK_OPTIONS,
  type HeldLock,
  type JobHandler,
  type JobQueue,
  messageOf,
  type QueueLog,
  type WorkOptions,
} from './job-queue';

/** pg-boss's tables live in a schema of their own, beside the application's. */
const PG_BOSS_SCHEMA = 'pgboss';
/** How often an idle worker asks for jobs sent by other processes (own sends wake it at once). */
const POLLING_INTERVAL_SECONDS = 2;

type Registered = {
  handler: JobHandler<object>;
  options: Required<WorkOptions>;
  workerIds: string[];
};

/** A 64-bit advisory lock key: a 31-bit hash of `key` above the 32-bit `id`. */
export function advisoryLockKey(key: string, id: number): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    hash = Math.imul(hash ^ key.charCodeAt(index), 0x01000193) >>> 0;
  }
  if (!Number.isInteger(id) || id < 0 || id > 0xffffffff) {
    throw new Error(`Lock id out of range: ${id}`);
  }
  return ((BigInt(hash & 0x7fffffff) << 32n) | BigInt(id)).toString();
}

/**
 * The job queue on PostgreSQL: pg-boss 10 over the server's own pool (no connections of its
 * own), started on the first `send` or by `start()`. Stopping waits for the running handlers
 * (their signal is aborted) and for pg-boss's last statements, so the pool can close after.
 */
export function createPgBossQueue(database: Database, log: QueueLog): JobQueue {
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const registered = new Map<string, Registered>();
  const startHooks: ((stopped: AbortSignal) => Promise<void>)[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const running = new Set<Promise<unknown>>();
  const controller = new AbortController();
  let boss: PgBoss | undefined;
  let starting: Promise<void> | undefined;
  let state: 'idle' | 'started' | 'stopping' | 'stopped' = 'idle';

  const track = <T>(promise: Promise<T>): Promise<T> => {
    inFlight.add(promise);
    void promise.then(
      () => inFlight.delete(promise),
      () => inFlight.delete(promise),
    );
    return promise;
  };

  // pg-boss's statements go through the application's pool; after stop they answer nothing.
  const adapter: PgBoss.Db = {
    executeSql(text, values) {
      if (state === 'stopped') return Promise.resolve({ rows: [] });
      return track(pool.query(text, values));
    },
  };

  async function startWorkers(instance: PgBoss, name: string, entry: Registered) {
    const { retryLimit, retryDelaySeconds, expireInSeconds, concurrency } = entry.options;
    await instance.createQueue(name, {
      name,
      retryLimit,
      retryDelay: retryDelaySeconds,
      expireInSeconds,
    });
    for (let worker = 0; worker < concurrency; worker += 1) {
      const id = await instance.work<object>(
        name,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: POLLING_INTERVAL_SECONDS },
        async (jobs) => {
          // Fetched while stopping: refuse it, so it is retried (by this or another process).
          if (state !== 'started') throw new Error('The job queue is stopping.');
          for (const job of jobs) {
            const done = entry.handler(job.data, {
              signal: controller.signal,
              retryCount: job.retryCount,
              lastTry: job.retryCount >= job.retryLimit,
            });
            running.add(done);
            try {
              await done;
            } catch (error) {
              log.error(`Job ${name} failed (try ${job.retryCount + 1}): ${messageOf(error)}`);
              throw error;
            } finally {
              running.delete(done);
            }
          }
        },
      );
      entry.workerIds.push(id);
    }
  }

  const queue: JobQueue = {
    kind: 'pg-boss',

    work(name, handler, options = {}) {
      if (registered.has(name)) throw new Error(`Job ${name} has a handler already.`);
      const entry: Registered = {
        handler: handler as JobHandler<object>,
        options: { ...DEFAULT_WORK_OPTIONS, ...options },
        workerIds: [],
      };
      registered.set(name, entry);
      if (boss && state === 'started') {
        void startWorkers(boss, name, entry).catch((error: unknown) => {
          log.error(`Workers of ${name} did not start: ${messageOf(error)}`);
        });
      }
    },

    async send(name, payload, options = {}) {
      if (state === 'stopping' || state === 'stopped') return;
      await queue.start();
      const instance = boss;
      if (!instance || state !== 'started') return;
      const entry = registered.get(name);
      const defaults = entry?.options ?? DEFAULT_WORK_OPTIONS;
      await instance.send(name, payload, {
        retryLimit: defaults.retryLimit,
        retryDelay: defaults.retryDelaySeconds,
        expireInSeconds: defaults.expireInSeconds,
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      });
      // This process's workers need not wait for their next poll.
      if (!options.startAfterSeconds) {
        for (const id of entry?.workerIds ?? []) instance.notifyWorker(id);
      }
    },

    onStart(hook) {
      startHooks.push(hook);
    },

    async tryLock(key, id) {
      const lockKey = advisoryLockKey(key, id);
      const client = await pool.connect();
      const lost = new AbortController();
      const onError = (error: Error) => {
        log.warn(`Lock ${key} ${id} lost: ${error.message}`);
        lost.abort();
      };
      client.on('error', onError);
      let held = false;
      try {
        const { rows } = await client.query<{ ok: boolean }>(
          'select pg_try_advisory_lock($1::bigint) as ok',
          [lockKey],
        );
        held = rows[0]?.ok === true;
      } catch (error) {
        client.off('error', onError);
        client.release(error as Error);
        throw error;
      }
      if (!held) {
        client.off('error', onError);
        client.release();
        return null;
      }
      let released = false;
      const lock: HeldLock = {
        lost: lost.signal,
        async release() {
          if (released) return;
          released = true;
          try {
            if (!lost.signal.aborted) {
              await client.query('select pg_advisory_unlock($1::bigint)', [lockKey]);
            }
            client.off('error', onError);
            client.release();
          } catch (error) {
            client.off('error', onError);
            // A broken connection is closed, which frees the lock on the server.
            client.release(error as Error);
          }
        },
      };
      return lock;
    },

    start() {
      if (state !== 'idle') return Promise.resolve();
      starting ??= (async () => {
        const instance = new PgBoss({
          db: adapter,
          schema: PG_BOSS_SCHEMA,
          // No cron schedules yet: saves the clock-skew check and its timers.
          schedule: false,
          supervise: true,
          migrate: true,
        });
        instance.on('error', (error) => {
          if (state === 'started') log.error(`Job queue: ${messageOf(error)}`);
        });
        await instance.start();
        boss = instance;
        state = 'started';
        for (const [name, entry] of registered) await startWorkers(instance, name, entry);
        for (const hook of startHooks) {
          await hook(controller.signal).catch((error: unknown) => {
            log.error(`A job queue start hook failed: ${messageOf(error)}`);
          });
        }
      })().finally(() => {
        starting = undefined;
      });
      return starting;
    },

    async stop() {
      if (state === 'stopping' || state === 'stopped') return;
      await starting?.catch(() => {});
      const wasStarted = state === 'started';
      state = 'stopping';
      controller.abort();
      if (wasStarted && boss) {
        // The handlers return once they see the aborted signal.
        while (running.size > 0) await Promise.allSettled([...running]);
        await boss.stop({ graceful: true, wait: true, timeout: 5000, close: false });
      }
      // pg-boss's last fetches and completions (it does not wait for them all).
      for (let turn = 0; turn < 3; turn += 1) {
        while (inFlight.size > 0 || running.size > 0) {
          await Promise.allSettled([...inFlight, ...running]);
        }
        await nextTurn();
      }
      state = 'stopped';
    },
  };
  return queue;
}
