// What the benchmark scripts (`bench-*.ts`) share: the common options, the database, the
// newest benchmark school's owner, the app signed in as that user, and percentiles.
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { desc, eq, like, sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/database';
import { drivingSchools, users } from '../db/schema';
import { bundleOpenApi, loadOpenApiDocument } from '../http/openapi-document';

/** demo:generate's password for the users of a benchmark school. */
const BENCH_PASSWORD = 'Bench#Mark2026';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * The command line: `--email`, `--password`, `--runs` (≥ 1, default 200) and `--warmup`
 * (default 20), plus the script's own `extra` options. Exits with 2 on bad numbers.
 */
export function benchArgs<Extra extends Options>(extra: Extra) {
  const parsed = parseArgs({
    // pnpm and npm pass a lone `--` on: not an argument.
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: {
      email: { type: 'string' },
      password: { type: 'string', default: BENCH_PASSWORD },
      runs: { type: 'string', default: '200' },
      warmup: { type: 'string', default: '20' },
      ...extra,
    },
  });
  // The extra options are strings (`type: 'string'`), as all of the scripts' options are.
  const values = parsed.values as unknown as {
    email?: string;
    password: string;
    runs: string;
    warmup: string;
  } & { [Name in keyof Extra]?: string };
  const runs = Number(values.runs);
  const warmup = Number(values.warmup);
  if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(warmup) || warmup < 0) {
    console.error('--runs and --warmup take whole numbers (runs ≥ 1).');
    process.exit(2);
  }
  return { values, runs, warmup };
}

/** The configured database (PGlite in DATA_DIR without DATABASE_URL), migrated. */
export async function openBenchDatabase() {
  const config = { ...loadConfig(), logLevel: 'warn' as const };
  if (!config.databaseUrl) {
    console.warn('DATABASE_URL is not set: measuring the PGlite database in DATA_DIR.');
  }
  const database = await openDatabase(config);
  await database.migrate();
  return { config, database, db: database.db };
}

export type BenchUser = {
  email: string;
  schoolId: number;
  userId: number;
  studentVisibility: string;
};

/**
 * The user measured as: `email`, or the owner of the newest "Fahrschule Benchmark …" school
 * (`npm run demo:generate`). Exits with 1 when there is none.
 */
export async function benchUser(db: Database['db'], email?: string): Promise<BenchUser> {
  let address = email;
  if (!address) {
    const [owner] = await db
      .select({ email: users.email })
      .from(users)
      .innerJoin(drivingSchools, eq(drivingSchools.id, users.drivingSchoolId))
      .where(like(drivingSchools.name, 'Fahrschule Benchmark %'))
      .orderBy(desc(drivingSchools.id), users.id)
      .limit(1);
    if (!owner) {
      console.error('No "Fahrschule Benchmark" school found: run npm run demo:generate first.');
      process.exit(1);
    }
    address = owner.email;
  }
  const [user] = await db
    .select({
      schoolId: users.drivingSchoolId,
      userId: users.id,
      studentVisibility: users.studentVisibility,
    })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${address})`);
  if (!user) {
    console.error(`No user ${address}.`);
    process.exit(1);
  }
  return { email: address, ...user };
}

/** The app on `database`, and a token of `email` signed in with `password`. */
export async function signedInApp(
  config: ReturnType<typeof loadConfig>,
  database: Database,
  email: string,
  password: string,
) {
  bundleOpenApi();
  const app = await buildApp(config, {
    database,
    document: loadOpenApiDocument(),
    logger: false,
  });
  await app.ready();
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/generate-token',
    payload: { email, password },
  });
  if (signIn.statusCode !== 200) {
    console.error(`Sign-in as ${email} failed (${signIn.statusCode}): ${signIn.body}`);
    process.exit(1);
  }
  const token = (JSON.parse(signIn.body) as { token: string }).token;
  return { app, token };
}

/** The p-th percentile (0–100) of ascending `sorted` times, nearest rank. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
