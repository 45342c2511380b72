import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../app';
import { DEFAULT_RATE_LIMITS, loadConfig } from '../config';
import { createSchool, DEMO_SCHOOL } from '../db/seed';
import {
  contract,
  createTestDatabase,
  DEMO_OFFICE,
  DEMO_OWNER,
  multipartPayload,
  TEST_JWT_SECRET,
  type TestDatabase,
  useTestApp,
} from '../test/test-app';
import { addressKey, createAttemptQueue, RATE_LIMIT_REDIS_PREFIX } from './rate-limit';

// Every test its own client addresses (loopback, as inject() pretends), so counters of one
// test never reach another; the production limits unless a test says otherwise.
let lastHost = 0;
const newIp = () => `127.0.${Math.floor(++lastHost / 250)}.${(lastHost % 250) + 1}`;
const unknownAddress = () => `niemand-${randomBytes(4).toString('hex')}@example.test`;

type Answer = { status: number; body: Record<string, unknown>; headers: Record<string, unknown> };

async function send(app: FastifyInstance, ip: string, request: InjectOptions): Promise<Answer> {
  const response = await app.inject({ ...request, remoteAddress: ip });
  const json = String(response.headers['content-type'] ?? '').includes('json');
  return {
    status: response.statusCode,
    body: json && response.body ? response.json() : {},
    headers: response.headers,
  };
}

const signIn = (app: FastifyInstance, ip: string, email: string, password: string) =>
  send(app, ip, { method: 'POST', url: '/api/generate-token', payload: { email, password } });

const statuses = (answers: Answer[]) => answers.map((answer) => answer.status);

function expectTooMany(answer: Answer, key: string, maxSeconds: number) {
  expect(answer.status).toBe(429);
  expect(answer.body).toEqual({
    message: expect.stringMatching(/^Too many/),
    error_message: key,
    fieldErrors: [],
    globalErrors: [],
  });
  const retryAfter = Number(answer.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

const FIFTEEN_MINUTES = 15 * 60;
const HOUR = 60 * 60;

describe('rate limits (production numbers, counters in memory)', () => {
  const t = useTestApp('pglite');

  test('the defaults are the README numbers', () => {
    expect(t.config.rateLimits).toEqual(DEFAULT_RATE_LIMITS);
    expect(DEFAULT_RATE_LIMITS.signInAddress).toEqual({ max: 10, windowMs: 15 * 60_000 });
  });

  test('10 failed sign-ins for one address: the 11th attempt is 429, the right password too', async () => {
    for (let attempt = 1; attempt <= 10; attempt++) {
      // From changing addresses: the limit is the e-mail address's (in any case).
      const email = attempt % 2 ? DEMO_OFFICE.email : DEMO_OFFICE.email.toUpperCase();
      const failed = await signIn(t.app, newIp(), email, 'Falsch#123');
      expect(failed.status, `attempt ${attempt}`).toBe(401);
    }
    const locked = await signIn(t.app, newIp(), DEMO_OFFICE.email, DEMO_OFFICE.password);
    expectTooMany(locked, 'errors.too_many_attempts', FIFTEEN_MINUTES);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(FIFTEEN_MINUTES - 60);

    // Another address from the same client signs in.
    const other = await signIn(t.app, newIp(), DEMO_OWNER.email, DEMO_OWNER.password);
    expect(other.status).toBe(200);
  });

  test('successful sign-ins do not count', async () => {
    const ip = newIp();
    const answers = [];
    for (let i = 0; i < 12; i++) {
      answers.push(await signIn(t.app, ip, DEMO_OWNER.email, DEMO_OWNER.password));
    }
    expect(new Set(statuses(answers))).toEqual(new Set([200]));
  });

  test('30 failed sign-ins from one IP address, whatever the address: then 429', async () => {
    const ip = newIp();
    for (let attempt = 1; attempt <= 30; attempt++) {
      const failed = await signIn(t.app, ip, unknownAddress(), 'Falsch#123');
      expect(failed.status, `attempt ${attempt}`).toBe(401);
    }
    expectTooMany(
      await signIn(t.app, ip, DEMO_OWNER.email, DEMO_OWNER.password),
      'errors.too_many_attempts',
      FIFTEEN_MINUTES,
    );
    // A refused support link or password-reset token counts on the same counter.
    expectTooMany(
      await send(t.app, ip, {
        method: 'POST',
        url: '/api/generate-token-for-support-user',
        payload: { token: 'x'.repeat(43) },
      }),
      'errors.too_many_attempts',
      FIFTEEN_MINUTES,
    );
    expect((await signIn(t.app, newIp(), DEMO_OWNER.email, DEMO_OWNER.password)).status).toBe(200);
  });

  test('a burst of parallel guesses gets exactly 10 tries, not one per request', async () => {
    const email = unknownAddress();
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => signIn(t.app, newIp(), email, 'Falsch#123')),
    );
    expect(statuses(answers).filter((status) => status === 401)).toHaveLength(10);
    expect(statuses(answers).filter((status) => status === 429)).toHaveLength(15);
  });

  test('refused password-reset tokens count as failed sign-ins of the IP address', async () => {
    const ip = newIp();
    const reset = () =>
      send(t.app, ip, {
        method: 'POST',
        url: '/api/set-fsc-user-password',
        query: { passwordToken: 'k'.repeat(43), rawPassword: 'Neu#Passwort1' },
      });
    for (let attempt = 1; attempt <= 30; attempt++) {
      const refused = await reset();
      expect(refused.status, `attempt ${attempt}`).toBe(422);
      expect(refused.body.error_message).toBe('errors.invalid_password_token');
    }
    expectTooMany(await reset(), 'errors.too_many_attempts', FIFTEEN_MINUTES);
  });

  test('password-reset mails: 3 an hour per address, 20 requests per IP address', async () => {
    const mail = (ip: string, userEmail: string) =>
      send(t.app, ip, {
        method: 'POST',
        url: '/api/request-fsc-user-password-change',
        query: { userEmail },
      });
    const sent = [];
    for (let i = 0; i < 3; i++) sent.push(await mail(newIp(), DEMO_OWNER.email.toUpperCase()));
    expect(statuses(sent)).toEqual([204, 204, 204]);
    expectTooMany(await mail(newIp(), DEMO_OWNER.email), 'errors.too_many_requests', HOUR);

    const ip = newIp();
    for (let i = 0; i < 20; i++) {
      // Unknown addresses (404) count too: each could have been a mail.
      expect((await mail(ip, unknownAddress())).status).toBe(404);
    }
    expectTooMany(await mail(ip, DEMO_OFFICE.email), 'errors.too_many_requests', HOUR);
    // The learning-app variant shares both counters.
    expectTooMany(
      await send(t.app, ip, {
        method: 'POST',
        url: '/api/request-password-change/from-fsc',
        query: { studentEmail: unknownAddress() },
      }),
      'errors.too_many_requests',
      HOUR,
    );
  });

  test('public registration form: 120 loads per 15 minutes, 20 submissions an hour per IP address', async () => {
    const ip = newIp();
    const form = () =>
      send(t.app, ip, { method: 'GET', url: '/api/public/registrations/zz-unknown-school' });
    for (let i = 0; i < 120; i++) expect((await form()).status).not.toBe(429);
    expectTooMany(await form(), 'errors.too_many_requests', FIFTEEN_MINUTES);

    const submit = () =>
      send(t.app, ip, {
        method: 'POST',
        url: '/api/public/registrations/zz-unknown-school',
        payload: {},
      });
    for (let i = 0; i < 20; i++) expect((await submit()).status).not.toBe(429);
    expectTooMany(await submit(), 'errors.too_many_requests', HOUR);
    // Another client is not affected.
    expect(
      (await send(t.app, newIp(), { method: 'GET', url: '/api/public/registrations/zz-x' })).status,
    ).not.toBe(429);
  });

  test('QR-code uploads: 60 an hour per IP address, before the upload is read', async () => {
    const ip = newIp();
    const { payload, contentType } = multipartPayload({
      files: [{ fileName: 'Sehtest.pdf', mimeType: 'application/pdf', bytes: '%PDF-1.4\n%%EOF\n' }],
    });
    const upload = (url: string) =>
      send(t.app, ip, { method: 'POST', url, payload, headers: { 'content-type': contentType } });
    for (let i = 0; i < 30; i++) {
      expect((await upload('/api/public/student-documents/zz-school/zz-student')).status).not.toBe(
        429,
      );
      expect(
        (await upload('/api/public/cost-bearer-documents/zz-school/zz-payer')).status,
      ).not.toBe(429);
    }
    expectTooMany(
      await upload('/api/public/student-documents/zz-school/zz-student'),
      'errors.too_many_requests',
      HOUR,
    );
  });

  test('signed-in calls have no limit', async () => {
    const token = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    const ip = newIp();
    for (let i = 0; i < 150; i++) {
      const response = await send(t.app, ip, {
        method: 'GET',
        url: '/api/roles/permissions',
        query: { drivingSchoolId: String(t.demo.schoolId), roleId: '1' },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).not.toBe(429);
    }
  });
});

describe('rate limits switched off', () => {
  const t = useTestApp('pglite', { env: { RATE_LIMITS: 'off' } });

  test('RATE_LIMITS=off: no 429 however often', async () => {
    const ip = newIp();
    for (let attempt = 1; attempt <= 12; attempt++) {
      expect((await signIn(t.app, ip, DEMO_OWNER.email, 'Falsch#123')).status).toBe(401);
    }
    expect((await signIn(t.app, ip, DEMO_OWNER.email, DEMO_OWNER.password)).status).toBe(200);
  });
});

describe('rate limits with a Redis that cannot be reached', () => {
  // Nothing listens on port 1: every counter fails, and the calls go through unlimited.
  const t = useTestApp('pglite', { env: { REDIS_URL: 'redis://127.0.0.1:1' } });

  test('sign-in and mails still answer (not limited, never 500)', async () => {
    const ip = newIp();
    for (let attempt = 1; attempt <= 11; attempt++) {
      expect((await signIn(t.app, ip, DEMO_OWNER.email, 'Falsch#123')).status).toBe(401);
    }
    expect((await signIn(t.app, ip, DEMO_OWNER.email, DEMO_OWNER.password)).status).toBe(200);
    const mail = await send(t.app, ip, {
      method: 'POST',
      url: '/api/request-fsc-user-password-change',
      query: { userEmail: unknownAddress() },
    });
    expect(mail.status).toBe(404);
  });
});

describe('the attempt queue', () => {
  test('attempts on a shared key run one after another; every key is freed afterwards', async () => {
    const queue = createAttemptQueue();
    const order: string[] = [];
    const run = async (name: string, keys: string[]) => {
      const release = await queue.acquire(keys);
      order.push(`${name}+`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(`${name}-`);
      release();
      release(); // twice is harmless
    };
    await Promise.all([
      run('a', ['ip:1', 'address:x']),
      run('b', ['address:x', 'ip:2']),
      run('c', ['ip:2']),
    ]);
    // a and c share nothing and run side by side; b shares a key with each and waits.
    expect(order.indexOf('c+')).toBeLessThan(order.indexOf('a-'));
    expect(order.indexOf('b+')).toBeGreaterThan(order.indexOf('a-'));
    expect(order.indexOf('b+')).toBeGreaterThan(order.indexOf('c-'));
    expect(queue.size).toBe(0);
  });
});

// Several server instances share their counters through the Redis of REDIS_URL. Runs only
// when REDIS_URL is set (for example redis://127.0.0.1:6379); the keys it leaves expire.
describe.skipIf(!process.env.REDIS_URL)('rate limits shared through Redis', () => {
  let testDatabase: TestDatabase;
  let first: FastifyInstance;
  let second: FastifyInstance;

  beforeAll(async () => {
    testDatabase = await createTestDatabase('pglite');
    await createSchool(testDatabase.database.db, DEMO_SCHOOL);
    const build = () =>
      buildApp(
        loadConfig({
          DATA_DIR: testDatabase.dataDir,
          JWT_SECRET: TEST_JWT_SECRET,
          REDIS_URL: process.env.REDIS_URL ?? '',
          LOG_LEVEL: 'silent',
        }),
        {
          database: testDatabase.database,
          document: contract(),
          logger: false,
          validateResponses: true,
        },
      );
    first = await build();
    second = await build();
    await Promise.all([first.ready(), second.ready()]);
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await testDatabase?.dispose();
  });

  test('failures on two instances add up: 5 + 5, then the 11th attempt is 429 on either', async () => {
    const email = unknownAddress();
    const ip = `127.${randomInt(1, 250)}.${randomInt(0, 250)}.${randomInt(1, 250)}`;
    for (let attempt = 1; attempt <= 10; attempt++) {
      const app = attempt <= 5 ? first : second;
      expect((await signIn(app, ip, email, 'Falsch#123')).status, `attempt ${attempt}`).toBe(401);
    }
    expectTooMany(await signIn(first, ip, email, 'Falsch#123'), 'errors.too_many_attempts', 900);
    expectTooMany(await signIn(second, ip, email, 'Falsch#123'), 'errors.too_many_attempts', 900);
  });

  test('every-request limits too: 3 mails to one address across both instances', async () => {
    const email = unknownAddress();
    const mail = (app: FastifyInstance) =>
      send(app, `127.${randomInt(1, 250)}.${randomInt(0, 250)}.${randomInt(1, 250)}`, {
        method: 'POST',
        url: '/api/request-fsc-user-password-change',
        query: { userEmail: email },
      });
    expect(statuses([await mail(first), await mail(second), await mail(first)])).toEqual([
      404, 404, 404,
    ]);
    expectTooMany(await mail(second), 'errors.too_many_requests', HOUR);
  });

  test('the counters are stored under fahrwerk:rate-limit:<limit>:<key>, no `undefined` in them', async () => {
    const email = unknownAddress();
    const ip = `127.${randomInt(1, 250)}.${randomInt(0, 250)}.${randomInt(1, 250)}`;
    expect((await signIn(first, ip, email, 'Falsch#123')).status).toBe(401);
    const mail = await send(second, ip, {
      method: 'POST',
      url: '/api/request-fsc-user-password-change',
      query: { userEmail: email },
    });
    expect(mail.status).toBe(404);

    const redis = new Redis(process.env.REDIS_URL ?? '', { lazyConnect: true });
    try {
      await redis.connect();
      const address = addressKey(email) ?? '';
      const keys = new Set<string>();
      for (const pattern of [`*${ip}*`, `*${address}*`]) {
        for await (const batch of redis.scanStream({ match: pattern, count: 1000 })) {
          for (const key of batch as string[]) keys.add(key);
        }
      }
      expect([...keys].sort()).toEqual(
        [
          `signInAddress:${address}`,
          `signInIp:${ip}`,
          `passwordMailAddress:${address}`,
          `passwordMailIp:${ip}`,
        ]
          .map((key) => `${RATE_LIMIT_REDIS_PREFIX}${key}`)
          .sort(),
      );
      for (const key of keys) {
        expect(key.startsWith('fahrwerk:rate-limit:')).toBe(true);
        expect(key).not.toContain('undefined');
        // Each expires with its window.
        expect(await redis.pttl(key)).toBeGreaterThan(0);
      }
    } finally {
      redis.disconnect();
    }
  });
});
