import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import fastifyRateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  normalizeIP,
} from '@fastify/rate-limit';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  RouteOptions,
} from 'fastify';
import { Redis } from 'ioredis';
import type { RateLimitName, RateLimits } from '../config';
import { AppError } from './errors';

/**
 * Rate limits of the public operations (README "Rate limits"), on @fastify/rate-limit:
 * counters in memory, or in the Redis of REDIS_URL so several server instances share them.
 *
 * - `failures`: sign-in calls; only a failed attempt counts (see `failed`), and once the
 *   count reaches the limit every attempt is refused — the right password too — until the
 *   window ends.
 * - `requests`: every request counts (mails sent, public forms, uploads); checked in
 *   onRequest, before a body (an upload) is read.
 *
 * A refusal is 429 with `Retry-After` (seconds) and the contract's error body. A counter
 * store that fails (Redis down) lets the request through and logs it: a lost limit is
 * better than a sign-in that answers 500.
 */

type KeyOf = (request: FastifyRequest) => string | undefined;

type Rule = { limit: RateLimitName; key: KeyOf };

type Guard =
  | {
      counts: 'failures';
      rules: Rule[];
      /** Whether the answer about to be sent is a failed attempt. */
      failed: (statusCode: number, payload: unknown) => boolean;
      errorMessage: string;
    }
  | { counts: 'requests'; rules: Rule[]; errorMessage: string };

const TOO_MANY_ATTEMPTS = 'errors.too_many_attempts';
const TOO_MANY_REQUESTS = 'errors.too_many_requests';

/** An e-mail address as a counter key: case-insensitive, and hashed (no address in Redis). */
export const addressKey = (value: unknown) => {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  return createHash('sha256').update(value.trim().toLowerCase()).digest('base64url').slice(0, 22);
};

const ip = (request: FastifyRequest) => normalizeIP(request.ip);
const bodyEmail: KeyOf = (request) =>
  addressKey((request.body as { email?: unknown } | undefined)?.email);
const queryValue =
  (name: string): KeyOf =>
  (request) =>
    addressKey((request.query as Record<string, unknown> | undefined)?.[name]);

const signInFailed = (statusCode: number) => statusCode === 401;
/** A refused reset token (guessing one); a password breaking the rules is no failed attempt. */
const resetTokenRefused = (statusCode: number, payload: unknown) =>
  statusCode === 422 &&
  typeof payload === 'string' &&
  payload.includes('"errors.invalid_password_token"');

const mailRules = (queryName: string): Rule[] => [
  { limit: 'passwordMailAddress', key: queryValue(queryName) },
  { limit: 'passwordMailIp', key: ip },
];

/** The limited operations, by operationId. */
export const RATE_LIMITED_OPERATIONS: Record<string, Guard> = {
  generateToken: {
    counts: 'failures',
    rules: [
      { limit: 'signInAddress', key: bodyEmail },
      { limit: 'signInIp', key: ip },
    ],
    failed: signInFailed,
    errorMessage: TOO_MANY_ATTEMPTS,
  },
  generateTokenForSupportUser: {
    counts: 'failures',
    rules: [{ limit: 'signInIp', key: ip }],
    failed: signInFailed,
    errorMessage: TOO_MANY_ATTEMPTS,
  },
  setFscUserPassword: {
    counts: 'failures',
    rules: [{ limit: 'signInIp', key: ip }],
    failed: resetTokenRefused,
    errorMessage: TOO_MANY_ATTEMPTS,
  },
  requestFscUserPasswordChange: {
    counts: 'requests',
    rules: mailRules('userEmail'),
    errorMessage: TOO_MANY_REQUESTS,
  },
  requestStudentPasswordChangeFromFsc: {
    counts: 'requests',
    rules: mailRules('studentEmail'),
    errorMessage: TOO_MANY_REQUESTS,
  },
  getPublicRegistrationForm: {
    counts: 'requests',
    rules: [{ limit: 'publicFormIp', key: ip }],
    errorMessage: TOO_MANY_REQUESTS,
  },
  submitPublicRegistration: {
    counts: 'requests',
    rules: [{ limit: 'publicSubmitIp', key: ip }],
    errorMessage: TOO_MANY_REQUESTS,
  },
  getPublicMandateForm: {
    counts: 'requests',
    rules: [{ limit: 'publicFormIp', key: ip }],
    errorMessage: TOO_MANY_REQUESTS,
  },
  submitPublicMandateForm: {
    counts: 'requests',
    rules: [{ limit: 'publicSubmitIp', key: ip }],
    errorMessage: TOO_MANY_REQUESTS,
  },
  uploadStudentDocumentByQrCode: {
    counts: 'requests',
    rules: [{ limit: 'publicUploadIp', key: ip }],
    errorMessage: TOO_MANY_REQUESTS,
  },
  uploadCostBearerDocumentByQrCode: {
    counts: 'requests',
    rules: [{ limit: 'publicUploadIp', key: ip }],
    errorMessage: TOO_MANY_REQUESTS,
  },
};

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/** The state of one counter: refused, and for how many more seconds. */
type Verdict = { refused: boolean; retryAfter: number };

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

export type RateLimitSettings = {
  /** null: no limits at all. */
  limits: RateLimits | null;
  /** Counters in this Redis (shared by every instance using it); in memory otherwise. */
  redisUrl?: string | undefined;
};

/**
 * Start of every counter key in Redis: `fahrwerk:rate-limit:<limit>:<key>`, for example
 * `fahrwerk:rate-limit:signInIp:203.0.113.7`.
 */
export const RATE_LIMIT_REDIS_PREFIX = 'fahrwerk:rate-limit:';

export async function registerRateLimits(
  app: FastifyInstance,
  settings: RateLimitSettings,
): Promise<void> {
  const { limits } = settings;
  if (!limits) {
    app.log.warn('Rate limits are off (RATE_LIMITS=off).');
    return;
  }
  const redis = settings.redisUrl ? await connectRedis(app, settings.redisUrl) : undefined;
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { store: redisStore(redis, RATE_LIMIT_REDIS_PREFIX) } : {}),
  });

  const attempts = createAttemptQueue();
  const limiters = new Map<string, Limiter>();
  const limiterOf = (rule: Rule): Limiter => {
    const id = rule.limit;
    let limiter = limiters.get(id);
    if (!limiter) {
      const { max, windowMs } = limits[rule.limit];
      limiter = app.createRateLimit({
        max,
        timeWindow: windowMs,
        // Each counter's key says its limit; the rule's key was computed before the call.
        keyGenerator: (request) => `${id}:${(request as KeyedRequest)[CURRENT_KEY]}`,
      });
      limiters.set(id, limiter);
    }
    return limiter;
  };

  /** Counts (or only reads) one counter; a failing store lets the request through. */
  const count = async (
    request: FastifyRequest,
    rule: Rule,
    increment: boolean,
  ): Promise<Verdict> => {
    const key = rule.key(request);
    if (key === undefined) return { refused: false, retryAfter: 0 };
    (request as KeyedRequest)[CURRENT_KEY] = key;
    try {
      const state = await limiterOf(rule)(request, { increment });
      if (state.isAllowed) return { refused: false, retryAfter: 0 };
      // Reading: the next attempt would be one too many; counting: this one is.
      const refused = increment ? state.isExceeded : state.remaining <= 0;
      return { refused, retryAfter: Math.max(1, state.ttlInSeconds) };
    } catch (error) {
      request.log.error({ err: error, limit: rule.limit }, 'rate-limit store failed; not limited');
      return { refused: false, retryAfter: 0 };
    }
  };

  const refuse = (reply: FastifyReply, guard: Guard, verdicts: Verdict[]) => {
    const retryAfter = Math.max(...verdicts.filter((v) => v.refused).map((v) => v.retryAfter));
    reply.header('retry-after', String(retryAfter));
    const minutes = Math.ceil(retryAfter / 60);
    return new AppError(
      429,
      guard.errorMessage,
      guard.counts === 'failures'
        ? `Too many failed attempts; try again in ${minutes} minute(s).`
        : `Too many requests; try again in ${minutes} minute(s).`,
    );
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    const operationId = (route.schema as { operationId?: unknown } | undefined)?.operationId;
    const guard =
      typeof operationId === 'string' ? RATE_LIMITED_OPERATIONS[operationId] : undefined;
    if (!guard) return;

    if (guard.counts === 'requests') {
      const check = async (request: FastifyRequest, reply: FastifyReply) => {
        const verdicts = [];
        for (const rule of guard.rules) verdicts.push(await count(request, rule, true));
        if (verdicts.some((v) => v.refused)) throw refuse(reply, guard, verdicts);
      };
      route.onRequest = [...asArray(route.onRequest), check] as RouteOptions['onRequest'];
      return;
    }

    // Failures: one attempt per counter at a time in this process (a burst of parallel
    // guesses would otherwise all read the count before the first failure is counted), the
    // counters read before the handler (the body is parsed and valid by then) …
    const check = async (request: FastifyRequest, reply: FastifyReply) => {
      const keys = guard.rules.flatMap((rule) => {
        const key = rule.key(request);
        return key === undefined ? [] : [`${rule.limit}:${key}`];
      });
      (request as KeyedRequest)[RELEASE] = await attempts.acquire(keys);
      const verdicts = [];
      for (const rule of guard.rules) verdicts.push(await count(request, rule, false));
      if (verdicts.some((v) => v.refused)) throw refuse(reply, guard, verdicts);
    };
    // … and a failed attempt counted before its answer leaves.
    const countFailure: onSendHookHandler = async (request, reply, payload) => {
      try {
        if (guard.failed(reply.statusCode, payload)) {
          for (const rule of guard.rules) await count(request, rule, true);
        }
      } finally {
        release(request);
      }
      return payload;
    };
    const releaseAfterAnswer = async (request: FastifyRequest) => release(request);
    route.preHandler = [...asArray(route.preHandler), check] as RouteOptions['preHandler'];
    route.onSend = [...asArray(route.onSend), countFailure] as RouteOptions['onSend'];
    // Safety nets: an answer that skipped onSend, a client that went away.
    route.onResponse = [
      ...asArray(route.onResponse),
      releaseAfterAnswer,
    ] as RouteOptions['onResponse'];
    route.onRequestAbort = [
      ...asArray(route.onRequestAbort),
      releaseAfterAnswer,
    ] as RouteOptions['onRequestAbort'];
  });
}

const CURRENT_KEY = Symbol('fahrwerk.rateLimitKey');
const RELEASE = Symbol('fahrwerk.rateLimitRelease');
type KeyedRequest = FastifyRequest & { [CURRENT_KEY]?: string; [RELEASE]?: () => void };

function release(request: FastifyRequest): void {
  const keyed = request as KeyedRequest;
  const done = keyed[RELEASE];
  keyed[RELEASE] = undefined;
  done?.();
}

/** Longest an attempt holds its keys (a handler that never answers must not block them). */
const MAX_HOLD_MS = 30_000;

/**
 * Runs the attempts on one key one after another. Keys are taken in one order (sorted), so
 * two attempts sharing two keys cannot wait for each other.
 */
export function createAttemptQueue() {
  const tails = new Map<string, Promise<void>>();
  const acquireOne = async (key: string): Promise<() => void> => {
    const previous = tails.get(key) ?? Promise.resolve();
    let open!: () => void;
    const mine = new Promise<void>((resolve) => {
      open = resolve;
    });
    const tail = previous.then(() => mine);
    tails.set(key, tail);
    await previous;
    return () => {
      open();
      if (tails.get(key) === tail) tails.delete(key);
    };
  };
  return {
    async acquire(keys: string[]): Promise<() => void> {
      const releases: (() => void)[] = [];
      for (const key of [...new Set(keys)].sort()) releases.push(await acquireOne(key));
      let released = false;
      const releaseAll = () => {
        if (released) return;
        released = true;
        clearTimeout(timer);
        for (const done of releases.reverse()) done();
      };
      const timer = setTimeout(releaseAll, MAX_HOLD_MS);
      timer.unref();
      return releaseAll;
    },
    /** Keys with an attempt running or waiting (tests). */
    get size() {
      return tails.size;
    },
  };
}

/** The plugin's Redis store (store/RedisStore.js; it is not exported by the package). */
type PluginRedisStore = FastifyRateLimitStore & {
  read(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
    max: number,
  ): void;
};
const PluginRedisStore = createRequire(import.meta.url)(
  '@fastify/rate-limit/store/RedisStore.js',
) as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => PluginRedisStore;

/**
 * The plugin's Redis store with one key prefix for every counter. Its own `child` (made for
 * each `createRateLimit`) appends the route's method and URL to the prefix, and a limiter
 * made by `createRateLimit` has no route: the keys would read
 * `…undefinedundefined-signInIp:…`. Our keys name their limit themselves (`keyGenerator`).
 */
function redisStore(redis: Redis, prefix: string): FastifyRateLimitStoreCtor {
  type Options = { continueExceeding?: boolean; exponentialBackoff?: boolean };
  return class RedisCounterStore implements FastifyRateLimitStore {
    private readonly store: PluginRedisStore;
    constructor(options: Options) {
      this.store = new PluginRedisStore(
        options.continueExceeding ?? false,
        options.exponentialBackoff ?? false,
        redis,
        prefix,
      );
    }
    incr(...args: Parameters<PluginRedisStore['incr']>) {
      this.store.incr(...args);
    }
    read(...args: Parameters<PluginRedisStore['read']>) {
      this.store.read(...args);
    }
    /** Called with the merged options of each limiter (the route's, per the types). */
    child(options: object) {
      return new RedisCounterStore(options as Options);
    }
  };
}

/**
 * One Redis connection for the counters. While it is down, commands fail at once instead
 * of queueing (no offline queue), so the limits are simply not applied (see `count`) and
 * the outage is logged once; ioredis keeps reconnecting in the background. The start waits
 * up to two seconds for the first connection.
 */
async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  const redis = new Redis(url, {
    connectTimeout: 2000,
    commandTimeout: 1000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  let down = false;
  redis.on('error', (error) => {
    if (down) return;
    down = true;
    app.log.error({ err: error }, `Redis for rate limits unreachable (${redactRedisUrl(url)})`);
  });
  redis.on('ready', () => {
    if (down) app.log.info('Redis for rate limits reachable again');
    down = false;
  });
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 2000);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return redis;
}

/** The URL without its password, for the log. */
function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'REDIS_URL';
  }
}
