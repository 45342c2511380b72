import type { Database } from '../db/database';
import { createLocalQueue } from './local-queue';
import { createPgBossQueue } from './pg-boss-queue';

/*
 * Background jobs (billing runs, the mail sync; broadcasts later). One interface, two
 * runners:
 *
 * - PostgreSQL (`DATABASE_URL`): pg-boss in the database's `pgboss` schema, over the server's
 *   own connection pool. Every server process works on the queues, a job sent by one is done
 *   by any, and a job of a process that died is retried when it expires.
 * - PGlite (embedded, one process): an in-process runner with the same interface. Its jobs
 *   live in memory: a job that must survive a restart keeps its state in its own tables and
 *   is sent again by a start hook (as billing runs do).
 *
 * Nothing runs until the queue is started: `start()` (main.ts, after listening), or the first
 * `send()`. A test app that never sends starts nothing, opens no connection and sets no timer.
 */

export type JobContext = {
  /** Aborted when the queue stops: finish the step at hand, keep the rest for later. */
  signal: AbortSignal;
  /** 0 on the first try, then 1, 2, … */
  retryCount: number;
  /** No retry follows when this try fails. */
  lastTry: boolean;
};

export type JobHandler<Payload> = (payload: Payload, context: JobContext) => Promise<void>;

export type WorkOptions = {
  /** How many jobs of this name one process works on at once (default 1). */
  concurrency?: number;
  /** Tries after the first when the handler throws (default 2). */
  retryLimit?: number;
  /** Seconds before a retry (default 5). */
  retryDelaySeconds?: number;
  /**
   * PostgreSQL: a job still active after this long counts as lost (its process died) and is
   * tried again by any process (default 15 min). Must exceed the longest run of the handler.
   */
  expireInSeconds?: number;
};

export type SendOptions = {
  /** Start no earlier than this many seconds from now. */
  startAfterSeconds?: number;
};

/** A lock held until released or until its holder's process ends (any process). */
export type HeldLock = {
  /** Aborted when the lock was lost (its database connection ended). */
  lost: AbortSignal;
  release: () => Promise<void>;
};

export type JobQueue = {
  readonly kind: 'pg-boss' | 'in-process';
  /**
   * Registers the handler of the jobs named `name` (before start or after). One handler per
   * name and process.
   */
  work: <Payload extends object>(
    name: string,
    handler: JobHandler<Payload>,
    options?: WorkOptions,
  ) => void;
  /** Queues a job (starting the queue when it is not yet). */
  send: <Payload extends object>(
    name: string,
    payload: Payload,
    options?: SendOptions,
  ) => Promise<void>;
  /**
   * Runs `hook` each time the queue starts (after the handlers are working): the place to
   * send again what an earlier process left unfinished, or to start a timer — `stopped` is
   * aborted when the queue stops.
   */
  onStart: (hook: (stopped: AbortSignal) => Promise<void>) => void;
  /**
   * Takes the lock `key` + `id` if no one (no process) holds it, else answers null. Held on
   * a database connection of its own on PostgreSQL, so a process that dies frees it at once.
   */
  tryLock: (key: string, id: number) => Promise<HeldLock | null>;
  /** Starts working (idempotent); `send` calls it. */
  start: () => Promise<void>;
  /**
   * Stops taking jobs, aborts the running handlers' signals and waits for them to return.
   * Queued jobs stay queued (PostgreSQL) or are dropped (in-process).
   */
  stop: () => Promise<void>;
};

export type QueueLog = {
  warn: (message: string) => void;
  error: (message: string) => void;
};

export const DEFAULT_WORK_OPTIONS: Required<WorkOptions> = {
  concurrency: 1,
  retryLimit: 2,
  retryDelaySeconds: 5,
  expireInSeconds: 15 * 60,
};

/** The queue of a database: pg-boss on PostgreSQL, the in-process runner on PGlite. */
export function createJobQueue(database: Database, log: QueueLog): JobQueue {
  return database.driver === 'postgres' ? createPgBossQueue(database, log) : createLocalQueue(log);
}

/** A message of anything thrown. */
export const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : String(error);

/**
 * Runs `tick` now and every `ms` while the queue runs (each process; from its start hook to
 * its stop). What the tick does must be safe to do in several processes at once.
 */
export function everyWhileStarted(
  jobs: JobQueue,
  ms: number,
  tick: () => Promise<unknown>,
  options: { firstAfterMs?: number } = {},
): void {
  const run = () => {
    void tick().catch((error: unknown) =>
      console.warn(`A scheduled tick failed: ${messageOf(error)}`),
    );
  };
  jobs.onStart(async (stopped) => {
    let timer: NodeJS.Timeout | undefined;
    const begin = () => {
      run();
      timer = setInterval(run, ms);
      timer.unref();
    };
    // The first tick now, or (firstAfterMs) once the process has settled after its start.
    const first = options.firstAfterMs ? setTimeout(begin, options.firstAfterMs) : undefined;
    first?.unref();
    stopped.addEventListener(
      'abort',
      () => {
        clearTimeout(first);
        clearInterval(timer);
      },
      { once: true },
    );
    if (!first) begin();
  });
}
