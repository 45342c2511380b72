import {
  DEFAULT_WORK_OPTIONS,
  type HeldLock,
  type JobHandler,
  type JobQueue,
  messageOf,
  type QueueLog,
  type WorkOptions,
} from './job-queue';

type Registered = {
  handler: JobHandler<object>;
  options: Required<WorkOptions>;
  waiting: { payload: object; retryCount: number }[];
  running: number;
};

/**
 * The in-process runner of the embedded database (PGlite serves one process only): jobs in
 * memory, per name at most `concurrency` at once, retried after `retryDelaySeconds`. Locks
 * are this process's own (no other process can open the database).
 */
export function createLocalQueue(log: QueueLog): JobQueue {
  const registered = new Map<string, Registered>();
  const startHooks: ((stopped: AbortSignal) => Promise<void>)[] = [];
  const running = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  const locks = new Set<string>();
  let controller = new AbortController();
  let state: 'idle' | 'starting' | 'started' | 'stopping' | 'stopped' = 'idle';
  let starting: Promise<void> | undefined;

  const pump = (name: string) => {
    const entry = registered.get(name);
    if (!entry || state !== 'started') return;
    while (entry.running < entry.options.concurrency && entry.waiting.length > 0) {
      const job = entry.waiting.shift() as { payload: object; retryCount: number };
      entry.running += 1;
      const lastTry = job.retryCount >= entry.options.retryLimit;
      const signal = controller.signal;
      const done = (async () => {
        try {
          await entry.handler(job.payload, { signal, retryCount: job.retryCount, lastTry });
        } catch (error) {
          log.error(`Job ${name} failed (try ${job.retryCount + 1}): ${messageOf(error)}`);
          if (!lastTry && !signal.aborted) {
            const timer = setTimeout(() => {
              timers.delete(timer);
              entry.waiting.push({ payload: job.payload, retryCount: job.retryCount + 1 });
              pump(name);
            }, entry.options.retryDelaySeconds * 1000);
            timer.unref();
            timers.add(timer);
          }
        } finally {
          entry.running -= 1;
        }
      })();
      running.add(done);
      void done.finally(() => {
        running.delete(done);
        // Later, not inside this job's own stack.
        setImmediate(() => pump(name));
      });
    }
  };

  const queue: JobQueue = {
    kind: 'in-process',

    work(name, handler, options = {}) {
      if (registered.has(name)) throw new Error(`Job ${name} has a handler already.`);
      registered.set(name, {
        handler: handler as JobHandler<object>,
        options: { ...DEFAULT_WORK_OPTIONS, ...options },
        waiting: [],
        running: 0,
      });
      pump(name);
    },

    async send(name, payload, options = {}) {
      // A stopped queue takes nothing more (the app is closing).
      if (state === 'stopping' || state === 'stopped') return;
      await queue.start();
      const entry = registered.get(name);
      if (!entry) throw new Error(`No handler for job ${name} in this process.`);
      const enqueue = () => {
        entry.waiting.push({ payload, retryCount: 0 });
        pump(name);
      };
      if (options.startAfterSeconds) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          enqueue();
        }, options.startAfterSeconds * 1000);
        timer.unref();
        timers.add(timer);
      } else {
        enqueue();
      }
    },

    onStart(hook) {
      startHooks.push(hook);
    },

    async tryLock(key, id) {
      const name = `${key}:${id}`;
      if (locks.has(name)) return null;
      locks.add(name);
      const lost = new AbortController();
      const lock: HeldLock = {
        lost: lost.signal,
        async release() {
          locks.delete(name);
        },
      };
      return lock;
    },

    start() {
      if (state !== 'idle' && state !== 'starting') return Promise.resolve();
      starting ??= (async () => {
        state = 'starting';
        controller = new AbortController();
        state = 'started';
        for (const name of registered.keys()) pump(name);
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
      await starting;
      state = 'stopping';
      controller.abort();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const entry of registered.values()) entry.waiting.length = 0;
      while (running.size > 0) await Promise.allSettled([...running]);
      state = 'stopped';
    },
  };
  return queue;
}
