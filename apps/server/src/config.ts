import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The folder of the server package (apps/server); defaults for the front-end builds sit beside it. */
export const SERVER_PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

const JWT_SECRET_FILE = 'jwt-secret';
const MIN_SECRET_LENGTH = 32;

const emptyAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Absolute. Holds the PGlite database, the generated JWT secret and the mail outbox. */
  dataDir: string;
  jwtSecret: string;
  /** Without a trailing slash; used for links in e-mails. */
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Absolute path of the built back office. */
  staticDir: string;
  /** Absolute path of the built Storybook. */
  storybookDir: string;
  seedDemo: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
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
  const dataDir = path.resolve(process.cwd(), values.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });

  return {
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    dataDir,
    jwtSecret: values.JWT_SECRET ?? readOrCreateJwtSecret(dataDir),
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
    logLevel: values.LOG_LEVEL,
  };
}

function readOrCreateJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, JWT_SECRET_FILE);
  const secret = randomBytes(48).toString('base64url');
  try {
    // 'wx' fails when the file exists, so two processes starting at once agree on one secret.
    // Mode 0600: whoever reads the secret can sign any token.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const existing = readFileSync(file, 'utf8').trim();
  if (existing.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(
      `${file} holds fewer than ${MIN_SECRET_LENGTH} characters; delete it to generate a new secret.`,
    );
  }
  return existing;
}
