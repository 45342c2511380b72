import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The folder of the server package (apps/server); defaults for the front-end builds sit beside it. */
export const SERVER_PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

const JWT_SECRET_FILE = 'jwt-secret';
const MAIL_SECRET_KEY_FILE = 'mail-secret-key';
const MIN_SECRET_LENGTH = 32;

const emptyAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** At most `max` counted requests per `windowMs` (see http/rate-limit.ts for what counts). */
export type RateLimit = { max: number; windowMs: number };

const MINUTE = 60_000;

/**
 * The production limits (README "Rate limits"). Failed sign-ins count only failures (401;
 * a refused password-reset token); the others count every request.
 */
export const DEFAULT_RATE_LIMITS = {
  /** Failed sign-ins per e-mail address. */
  signInAddress: { max: 10, windowMs: 15 * MINUTE },
  /** Failed sign-ins (password, support link, password-reset token) per IP address. */
  signInIp: { max: 30, windowMs: 15 * MINUTE },
  /** Password-reset mails per e-mail address. */
  passwordMailAddress: { max: 3, windowMs: 60 * MINUTE },
  /** Password-reset mail requests per IP address. */
  passwordMailIp: { max: 20, windowMs: 60 * MINUTE },
  /** Loads of a school's public registration form per IP address. */
  publicFormIp: { max: 120, windowMs: 15 * MINUTE },
  /** Public registrations submitted per IP address. */
  publicSubmitIp: { max: 20, windowMs: 60 * MINUTE },
  /** Documents uploaded through a QR-code page per IP address. */
  publicUploadIp: { max: 60, windowMs: 60 * MINUTE },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof DEFAULT_RATE_LIMITS;
export type RateLimits = Record<RateLimitName, RateLimit>;

const WINDOW_UNITS = { s: 1000, m: MINUTE, h: 60 * MINUTE } as const;

/**
 * `RATE_LIMITS`: `on` (the defaults), `off`, or overrides of single limits on top of the
 * defaults, `name=max/window` separated by commas (`signInIp=100/15m,publicSubmitIp=50/1h`).
 */
function parseRateLimits(value: string, ctx: z.RefinementCtx): RateLimits | null {
  const text = value.trim();
  if (text === 'off') return null;
  const limits: RateLimits = { ...DEFAULT_RATE_LIMITS };
  if (text === 'on') return limits;
  for (const part of text.split(',')) {
    const match = /^\s*(\w+)\s*=\s*(\d+)\s*\/\s*(\d+)\s*([smh])\s*$/.exec(part);
    const name = match?.[1];
    if (!match || !name || !(name in DEFAULT_RATE_LIMITS)) {
      ctx.addIssue({
        code: 'custom',
        message: `"${part.trim()}": expected on, off or name=max/window (e.g. signInIp=30/15m) with a name of ${Object.keys(DEFAULT_RATE_LIMITS).join(', ')}`,
      });
      return null;
    }
    const windowMs = Number(match[3]) * WINDOW_UNITS[match[4] as keyof typeof WINDOW_UNITS];
    if (windowMs <= 0) {
      ctx.addIssue({
        code: 'custom',
        message: `"${part.trim()}": the window must be longer than 0`,
      });
      return null;
    }
    limits[name as RateLimitName] = { max: Number(match[2]), windowMs };
  }
  return limits;
}

/**
 * `TRUST_PROXY` as Fastify's trustProxy: true/false, or the proxies' addresses/CIDRs (whose
 * X-Forwarded-For is believed). Fastify ignores a hop count, so none is offered.
 */
function parseTrustProxy(value: string): boolean | string[] {
  const text = value.trim();
  if (text === 'true' || text === 'false') return text === 'true';
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** The S3-compatible bucket that holds the files (`FILE_STORAGE=s3`). */
export type S3Storage = {
  /** Base URL of the S3 API, e.g. `https://s3.eu-central-1.amazonaws.com` or `http://minio:9000`. */
  endpoint: string;
  bucket: string;
  /** The signing region (`us-east-1` for most self-hosted servers). */
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint host>/<key>`. */
  forcePathStyle: boolean;
  /** Put before every key: '' or ending in '/'. */
  prefix: string;
};

/** Where the bytes of uploaded and generated files live (the rows are in `stored_files`). */
export type FileStorage = { kind: 'local' } | ({ kind: 's3' } & S3Storage);

/** AWS's naming rule for buckets, with the underscore some self-hosted servers allow. */
const S3_BUCKET_NAME = /^[a-z0-9][a-z0-9._-]{1,61}[a-z0-9]$/;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  DATA_DIR: z.string().min(1).default('./data'),
  JWT_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .min(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters`)
      .optional(),
  ),
  MAIL_SECRET_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine(
        (value) => parseMailSecretKey(value) !== null,
        'must be 32 bytes as 64 hex digits or base64 (openssl rand -base64 32)',
      )
      .optional(),
  ),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Fahrwerk <no-reply@fahrwerk.local>'),
  STATIC_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
  STORYBOOK_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
  SEED_DEMO: z.preprocess(emptyAsUndefined, z.stringbool().default(false)),
  FILE_ORPHAN_SWEEP: z.preprocess(emptyAsUndefined, z.stringbool().default(true)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REDIS_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  RATE_LIMITS: z.preprocess(emptyAsUndefined, z.string().default('on').transform(parseRateLimits)),
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z.string().default('false').transform(parseTrustProxy),
  ),
  JOB_RETRY_DELAY_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(3600).default(5),
  ),
  /** `local` (DATA_DIR/files) or `s3`; without it `s3` when S3_BUCKET is set. */
  FILE_STORAGE: z.preprocess(emptyAsUndefined, z.enum(['local', 's3']).optional()),
  /** Base URL of the S3 API; without it AWS's `https://s3.<S3_REGION>.amazonaws.com`. */
  S3_ENDPOINT: z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .refine((value) => !new URL(value).search, 'must not have a query')
      .optional(),
  ),
  /** The bucket of the files (it must exist); setting it alone chooses `s3`. */
  S3_BUCKET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(S3_BUCKET_NAME, 'must be a bucket name (3–63 of a-z, 0-9, ".", "-", "_")')
      .optional(),
  ),
  /** The region requests are signed for; `us-east-1` suits most self-hosted servers. */
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().min(1).default('us-east-1')),
  /** The access key pair (required with `s3`). */
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** `true`: `<endpoint>/<bucket>/<key>`; `false`: `<bucket>.<host>/<key>`. Default: true with S3_ENDPOINT. */
  S3_FORCE_PATH_STYLE: z.preprocess(emptyAsUndefined, z.stringbool().optional()),
  /** Put before every object key (`fahrwerk/`), to share a bucket. */
  S3_PREFIX: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9._/-]+$/, 'may hold only A-Z, a-z, 0-9, ".", "-", "_" and "/"')
      .refine((value) => !value.split('/').includes('..'), 'must not contain ".."')
      .optional(),
  ),
});

type Env = z.infer<typeof envSchema>;

/**
 * `FILE_STORAGE` and the `S3_*` variables as a FileStorage; the problems (a missing bucket
 * or key) as lines of the ConfigError.
 */
function fileStorageOf(values: Env, problems: string[]): FileStorage {
  const kind = values.FILE_STORAGE ?? (values.S3_BUCKET ? 's3' : 'local');
  if (kind === 'local') return { kind };
  const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
    (name) => !values[name],
  );
  for (const name of missing) problems.push(`  ${name}: is required with FILE_STORAGE=s3`);
  const prefix = (values.S3_PREFIX ?? '').replace(/^\/+/, '').replace(/\/*$/, '/');
  return {
    kind,
    endpoint: (values.S3_ENDPOINT ?? `https://s3.${values.S3_REGION}.amazonaws.com`).replace(
      /\/+$/,
      '',
    ),
    bucket: values.S3_BUCKET ?? '',
    region: values.S3_REGION,
    accessKeyId: values.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: values.S3_SECRET_ACCESS_KEY ?? '',
    // Self-hosted servers (the usual reason for S3_ENDPOINT) mostly want path style.
    forcePathStyle: values.S3_FORCE_PATH_STYLE ?? values.S3_ENDPOINT !== undefined,
    prefix: prefix === '/' ? '' : prefix,
  };
}

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Absolute. Holds the PGlite database, the generated JWT secret and the mail outbox. */
  dataDir: string;
  jwtSecret: string;
  /**
   * The AES-256 key that seals the mail accounts' passwords in the database
   * (`MAIL_SECRET_KEY`, else generated into DATA_DIR/mail-secret-key). Several server
   * instances must share it: set `MAIL_SECRET_KEY` for them.
   */
  mailSecretKey: Buffer;
  /** Without a trailing slash; used for links in e-mails. */
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Absolute path of the built back office. */
  staticDir: string;
  /** Absolute path of the built Storybook. */
  storybookDir: string;
  seedDemo: boolean;
  logLevel: Env['LOG_LEVEL'];
  /** Shared rate-limit counters (several server instances); in memory without it. */
  redisUrl: string | undefined;
  /** null: no rate limits (`RATE_LIMITS=off`). */
  rateLimits: RateLimits | null;
  /** Fastify's trustProxy: whose X-Forwarded-For gives the client's address (per-IP limits). */
  trustProxy: boolean | string[];
  /** Seconds before a failed background job is tried again (`JOB_RETRY_DELAY_SECONDS`). */
  jobRetryDelaySeconds: number;
  /**
   * Where the files' bytes live: `DATA_DIR/files` (the default) or an S3-compatible bucket
   * (`FILE_STORAGE=s3` or `S3_BUCKET` set; `S3_ENDPOINT`, `S3_REGION`, `S3_ACCESS_KEY_ID`,
   * `S3_SECRET_ACCESS_KEY`, `S3_FORCE_PATH_STYLE`, `S3_PREFIX`). Several server instances
   * need the bucket (or one shared folder).
   */
  fileStorage: FileStorage;
  /**
   * Whether this process removes the bytes no `stored_files` row names any more, a day after
   * they were written (`FILE_ORPHAN_SWEEP`, default true; files/file-sweep.ts). Off while a
   * database restored to an earlier moment may still be replaced by a later one.
   */
  fileOrphanSweep: boolean;
};

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Reads and validates the environment once. Creates DATA_DIR, and when JWT_SECRET is not
 * set, generates a secret into DATA_DIR/jwt-secret so tokens survive restarts.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
      .join('\n');
    throw new ConfigError(`Invalid environment:\n${problems}`);
  }
  const values = parsed.data;
  const problems: string[] = [];
  const fileStorage = fileStorageOf(values, problems);
  if (problems.length > 0) throw new ConfigError(`Invalid environment:\n${problems.join('\n')}`);
  const dataDir = path.resolve(process.cwd(), values.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });

  return {
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    dataDir,
    jwtSecret: values.JWT_SECRET ?? readOrCreateJwtSecret(dataDir),
    mailSecretKey: values.MAIL_SECRET_KEY
      ? (parseMailSecretKey(values.MAIL_SECRET_KEY) as Buffer)
      : readOrCreateMailSecretKey(dataDir),
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    staticDir: values.STATIC_DIR
      ? path.resolve(process.cwd(), values.STATIC_DIR)
      : path.resolve(SERVER_PACKAGE_DIR, '../backoffice/dist'),
    storybookDir: values.STORYBOOK_DIR
      ? path.resolve(process.cwd(), values.STORYBOOK_DIR)
      : path.resolve(SERVER_PACKAGE_DIR, '../storybook/dist'),
    seedDemo: values.SEED_DEMO,
    fileOrphanSweep: values.FILE_ORPHAN_SWEEP,
    logLevel: values.LOG_LEVEL,
    redisUrl: values.REDIS_URL,
    rateLimits: values.RATE_LIMITS,
    trustProxy: values.TRUST_PROXY,
    jobRetryDelaySeconds: values.JOB_RETRY_DELAY_SECONDS,
    fileStorage,
  };
}

/** 32 bytes written as 64 hex digits or as base64; null when it is neither. */
export function parseMailSecretKey(value: string): Buffer | null {
  const text = value.trim();
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) {
    const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === 32) return bytes;
  }
  return null;
}

/**
 * Creates `file` with `content` unless it exists; true when this process created it. The
 * content is written to a file of its own first and then linked into place, which fails when
 * the file exists: several processes starting at once on one DATA_DIR agree on one content,
 * and none reads a half-written file. Mode 0600: the owner only.
 */
function createOnce(file: string, content: string): boolean {
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, content, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  } finally {
    rmSync(temporary, { force: true });
  }
}

function readOrCreateMailSecretKey(dataDir: string): Buffer {
  const file = path.join(dataDir, MAIL_SECRET_KEY_FILE);
  // As the JWT secret: created once, whoever starts first.
  createOnce(file, `${randomBytes(32).toString('base64')}\n`);
  const key = parseMailSecretKey(readFileSync(file, 'utf8'));
  if (!key) {
    throw new ConfigError(
      `${file} is not a 32-byte key; restore it from a backup (the mail passwords sealed with it cannot be read without it).`,
    );
  }
  return key;
}

function readOrCreateJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, JWT_SECRET_FILE);
  const secret = randomBytes(48).toString('base64url');
  // Whoever reads the secret can sign any token: 0600, and one secret however many start.
  if (createOnce(file, `${secret}\n`)) return secret;
  const existing = readFileSync(file, 'utf8').trim();
  if (existing.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(
      `${file} holds fewer than ${MIN_SECRET_LENGTH} characters; delete it to generate a new secret.`,
    );
  }
  return existing;
}
