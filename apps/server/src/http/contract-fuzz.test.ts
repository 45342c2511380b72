import { appendFileSync, writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateDemoData } from '../db/demo';
import { schoolUploadToken } from '../modules/cost-bearers/cost-bearer-files';
import { studentSchoolUploadToken } from '../modules/documents/student-document-files';
import { registrationToken } from '../modules/registrations/public-registrations';
import {
  ACTOR,
  capturingLogger,
  createActor,
  existingIds,
  type Failure,
  Figures,
  failureReport,
  knownValues,
  refuseNetwork,
  send,
  verdict,
} from '../test/fuzz/harness';
import { type FuzzOperation, fuzzOperations, type Phase } from '../test/fuzz/operations';
import {
  FUZZ_KINDS,
  type FuzzKind,
  type KnownValues,
  requestArbitrary,
} from '../test/fuzz/requests';
import { SchemaSpace } from '../test/fuzz/schema-arbitrary';
import { contract, DRIVERS, TEST_JWT_SECRET, useTestApp } from '../test/test-app';

/*
 * The contract fuzzer (issue 10). For every operation of the contract, requests generated
 * from its request schemas with fast-check — valid ones, and ones broken on purpose: no
 * token, another media type, a body that cannot be read, a value of the wrong type, a
 * required field left out, an unknown field, an integer of 2^63, a NUL in a text — are sent
 * through inject() as an owner of a school filled with demo data. Every answer is checked
 * against the contract by the test app (a status or body off the contract becomes a 500
 * `errors.contract_violation`). A test fails on any 500, any answer off the contract, and
 * any invalid request that is not refused (no token: 401, another media type: 415, the
 * rest: 4xx). A failure is shrunk to the smallest request that still fails.
 *
 * Deterministic: the same seed, contract and code send the same requests. Bounded: a few
 * examples per operation and kind. Deep mode, environment:
 *   FUZZ_DEEP=1           40 valid and 10 of each invalid kind per operation
 *   FUZZ_EXAMPLES=n       n valid and ⌈n/4⌉ of each invalid kind per operation
 *   FUZZ_SEED=n           another seed (default 10)
 *   FUZZ_OPERATIONS=re    only the operations whose operationId matches
 *   FUZZ_REPORT=file      the failures as JSON
 *   FUZZ_TRACE=file       every request and answer as it is sent, to file.<driver>.jsonl
 *
 * No mail leaves the process (the outbox mailer writes files; SMTP transports are refused
 * here), no name is resolved and no connection goes beyond loopback (fuzzed mail accounts
 * name hosts).
 */

vi.mock('nodemailer', async (importOriginal) => {
  const actual = await importOriginal<typeof import('nodemailer')>();
  const real = (actual as unknown as { default?: typeof actual }).default ?? actual;
  const refused = () =>
    Promise.reject(
      Object.assign(new Error('connect ECONNREFUSED (the contract fuzzer sends no mail)'), {
        code: 'ECONNREFUSED',
      }),
    );
  const createTransport = ((options: unknown, defaults: unknown) => {
    // The outbox mailer renders mails with a stream transport: that one is kept.
    if (typeof options === 'object' && options !== null && 'streamTransport' in options) {
      return real.createTransport(options as never, defaults as never);
    }
    return { sendMail: refused, verify: refused, close: () => {} };
  }) as typeof real.createTransport;
  const mocked = { ...real, createTransport };
  return { ...mocked, default: mocked };
});

vi.mock('node:dns/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:dns/promises')>();
  const lookup = (async (host: string, options: never) => {
    if (host === 'localhost') return actual.lookup(host, options);
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  }) as typeof actual.lookup;
  return { ...actual, lookup, default: { ...actual, lookup } };
});

const env = process.env;
const DEEP = env.FUZZ_DEEP === '1' || env.FUZZ_DEEP === 'true';
/** Valid requests per operation. */
const EXAMPLES = Math.max(1, Number(env.FUZZ_EXAMPLES ?? (DEEP ? 40 : 4)));
/** Requests per invalid kind and operation. */
const INVALID_EXAMPLES = Math.max(1, Math.ceil(EXAMPLES / 4));
const SEED = Number(env.FUZZ_SEED ?? 10);
/** Requests spent shrinking one failure to a smaller request. */
const SHRINK_REQUESTS = 20;
const ONLY = env.FUZZ_OPERATIONS ? new RegExp(env.FUZZ_OPERATIONS) : undefined;

const document = contract();
const space = new SchemaSpace(document);
const operations = fuzzOperations(document, space).filter(
  (operation) => !ONLY || ONLY.test(operation.operationId),
);

/** A 32-bit seed per operation and kind (FNV-1a), so each is independent of the others. */
function seedOf(operationId: string, kind: FuzzKind): number {
  let hash = 0x811c9dc5;
  for (const char of `${SEED}:${operationId}:${kind}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

const report: Failure[] = [];

/**
 * One driver: what the fuzzer checks is the request layer and the contract, which both
 * drivers share (their answers were the same request for request). PostgreSQL when
 * DATABASE_URL is set (CI), PGlite otherwise; FUZZ_ALL_DRIVERS=1 runs it on each.
 */
const FUZZ_DRIVERS = process.env.FUZZ_ALL_DRIVERS === '1' ? DRIVERS : DRIVERS.slice(-1);

describe.each(FUZZ_DRIVERS)('contract fuzzer (%s)', (driver) => {
  const log = capturingLogger();
  const t = useTestApp(driver, { app: { logger: log.logger } });
  const figures = new Figures();
  let token = '';
  let network: ReturnType<typeof refuseNetwork> | undefined;
  let known: KnownValues = () => [];
  let phase: Phase | undefined;

  /** Ids (and public tokens) that exist now; read again when a phase begins. */
  async function readKnownValues() {
    const db = t.database.db;
    const schoolId = t.demo.schoolId;
    const ids = await existingIds(db, schoolId);
    const uploadTokens = async (table: 'students' | 'cost_bearers') => {
      const result = await db.execute(sql`
        select upload_token from ${sql.identifier(table)}
        where driving_school_id = ${schoolId} and upload_token is not null
        order by id limit 2`);
      return (result as unknown as { rows: { upload_token: string }[] }).rows.map(
        (row) => row.upload_token,
      );
    };
    const studentTokens = await uploadTokens('students');
    const costBearerTokens = await uploadTokens('cost_bearers');
    known = knownValues(ids, {
      schoolToken: (path) => [
        path.includes('registrations')
          ? registrationToken(TEST_JWT_SECRET, schoolId)
          : path.includes('cost-bearer')
            ? schoolUploadToken(TEST_JWT_SECRET, schoolId)
            : studentSchoolUploadToken(TEST_JWT_SECRET, schoolId),
      ],
      studentToken: () => studentTokens,
      costBearerToken: () => costBearerTokens,
    });
  }

  beforeAll(async () => {
    await generateDemoData(t.database.db, t.demo, {
      scale: {
        branches: 2,
        instructors: 3,
        vehicles: 3,
        students: 20,
        appointments: 150,
        costBearers: 3,
        todos: 5,
      },
      today: '2026-03-02',
    });
    await createActor(t.database.db, t.demo.schoolId);
    token = await t.signIn(ACTOR.email, ACTOR.password);
    const databaseHost = env.DATABASE_URL ? new URL(env.DATABASE_URL).hostname : 'localhost';
    network = refuseNetwork([databaseHost]);
    if (env.FUZZ_TRACE) writeFileSync(`${env.FUZZ_TRACE}.${driver}.jsonl`, '');
    figures.started = performance.now();
  }, 300_000);

  afterAll(() => {
    network?.restore();
    console.log(figures.summary(driver, network?.blocked.length ?? 0));
    if (figures.failures.length > 0) {
      console.log(`failures by cause (${driver}):\n${failureReport(figures.failures)}`);
    }
    report.push(...figures.failures);
    if (env.FUZZ_REPORT) {
      writeFileSync(
        env.FUZZ_REPORT,
        JSON.stringify(
          report.map(({ driver: on, operation, request, outcome, verdict: why }) => ({
            driver: on,
            operationId: operation.operationId,
            method: operation.method,
            path: operation.path,
            kind: request.kind,
            change: request.change,
            request: request.summary,
            status: outcome.status,
            errorMessage: outcome.errorMessage,
            logged: outcome.logged,
            category: why.category,
            problem: why.problem,
          })),
          null,
          2,
        ),
      );
    }
  });

  /** Sends the requests of one kind; the (shrunk) failure, or 'n/a' when the kind does not apply. */
  async function fuzzKind(
    operation: FuzzOperation,
    kind: FuzzKind,
  ): Promise<Failure | 'n/a' | undefined> {
    const arbitrary = requestArbitrary(operation, kind, {
      space,
      known,
      maxArray: 3,
      prefix: '/api',
    });
    if (!arbitrary) return 'n/a';
    const seed = seedOf(operation.operationId, kind);
    // Whether there is anything to break (an integer to make huge, a text for a NUL …).
    if (!fc.sample(arbitrary, { seed, numRuns: 10 }).some(Boolean)) return 'n/a';
    const runs = kind === 'valid' ? EXAMPLES : INVALID_EXAMPLES;
    let failure: Failure | undefined;
    let shrinkRequests = 0;
    const property = fc.asyncProperty(arbitrary, async (request) => {
      fc.pre(request !== undefined);
      if (!request) return true;
      const shrinking = failure !== undefined;
      if (shrinking && shrinkRequests++ >= SHRINK_REQUESTS) return true;
      const outcome = await send(t.app, request, token, log.lines);
      const why = verdict(kind, outcome);
      figures.record(request, outcome, shrinking, shrinking ? undefined : why);
      if (env.FUZZ_TRACE) {
        appendFileSync(
          `${env.FUZZ_TRACE}.${driver}.jsonl`,
          `${JSON.stringify({
            operationId: operation.operationId,
            kind,
            shrinking,
            change: request.change,
            request: request.summary,
            status: outcome.status,
            errorMessage: outcome.errorMessage,
            message: outcome.message,
            ms: Math.round(outcome.ms),
          })}\n`,
        );
      }
      if (why) failure = { driver, operation, request, outcome, verdict: why };
      // A request that hangs is not shrunk (each try would wait as long again).
      if (outcome.timedOut) shrinkRequests = SHRINK_REQUESTS;
      return why === undefined;
    });
    await fc.check(property, { seed, numRuns: runs });
    return failure;
  }

  it.each(
    operations.map(
      (operation) =>
        [`${operation.operationId} ${operation.method} ${operation.path}`, operation] as const,
    ),
  )(
    '%s',
    async (_name, operation) => {
      if (operation.phase !== phase) {
        phase = operation.phase;
        await readKnownValues();
      }
      figures.operations++;
      const failures: Failure[] = [];
      for (const kind of FUZZ_KINDS) {
        const result = await fuzzKind(operation, kind);
        if (result === 'n/a') figures.notApplicable++;
        else if (result) failures.push(result);
      }
      // The acting owner must still be signed in (nothing may have archived or re-roled it).
      const probe = await t.app.inject({
        method: 'GET',
        url: '/api/driving-schools/current',
        headers: { authorization: `Bearer ${token}` },
      });
      if (probe.statusCode !== 200) {
        token = await t.signIn(ACTOR.email, ACTOR.password);
        failures.push({
          driver,
          operation,
          request: {
            kind: 'valid',
            method: 'GET',
            url: '/api/driving-schools/current',
            headers: {},
            withToken: true,
            summary: 'GET /api/driving-schools/current (after the operation)',
          },
          outcome: { status: probe.statusCode, logged: [], ms: 0, timedOut: false },
          verdict: {
            category: 'expectation',
            problem: `the acting owner's token stopped working (${probe.statusCode})`,
          },
        });
      }
      figures.failures.push(...failures);
      expect(
        failures.map(
          (failure) =>
            `${failure.verdict.category}: ${failure.verdict.problem}\n  ${failure.request.kind}${failure.request.change ? ` (${failure.request.change})` : ''}: ${failure.request.summary}`,
        ),
        `seed ${SEED}`,
      ).toEqual([]);
    },
    120_000,
  );
});
