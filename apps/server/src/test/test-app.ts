import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Database, type DatabaseDriver, openDatabase } from '../db/database';
import { type CreatedSchool, createSchool, DEMO_SCHOOL, DEMO_SIGN_INS } from '../db/seed';
import type { ErrorBody } from '../http/contract-types';
import { loadOpenApiDocument, type OpenApiDocument } from '../http/openapi-document';

/**
 * The drivers every server test runs on: PGlite always, PostgreSQL too when DATABASE_URL
 * is set (CI). Use with `describe.each(DRIVERS)`.
 */
export const DRIVERS: DatabaseDriver[] = process.env.DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export const TEST_JWT_SECRET = 'fahrwerk-test-secret-0123456789abcdef';
export const TEST_PUBLIC_URL = 'http://fahrwerk.test';

export const [DEMO_OWNER, DEMO_OFFICE, DEMO_INSTRUCTOR] = DEMO_SIGN_INS;

let document: OpenApiDocument | undefined;
/** The bundled contract (global-setup bundled it), read once per test file. */
export const contract = () => {
  document ??= loadOpenApiDocument();
  return document;
};

export type TestDatabase = {
  database: Database;
  /** A fresh temporary DATA_DIR of this test file. */
  dataDir: string;
  dispose: () => Promise<void>;
};

/**
 * A fresh, migrated database: PGlite in a temporary DATA_DIR, or on PostgreSQL a database
 * of its own (`fw_<random>`) on the DATABASE_URL server, dropped afterwards, because CI
 * offers one server for all test files.
 */
export async function createTestDatabase(driver: DatabaseDriver): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fw-test-'));
  if (driver === 'pglite') {
    // A copy of the template global-setup migrated; migrate() below then finds nothing to do.
    const template = inject('pgliteTemplate');
    if (template) await cp(template, path.join(dataDir, 'pglite'), { recursive: true });
    const database = await openDatabase({ dataDir });
    await database.migrate();
    return {
      database,
      dataDir,
      async dispose() {
        await database.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }

  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL is needed for the postgres driver.');
  const name = `fw_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const template = inject('postgresTemplate');
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir });
  await database.migrate();
  return {
    database,
    dataDir,
    async dispose() {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type ApiResponse<T = unknown> = {
  status: number;
  body: T;
  headers: Record<string, unknown>;
  raw: string;
  /** The answer's bytes (file downloads). */
  bytes: Buffer;
};

type Call = {
  token?: string | undefined;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  /** A raw payload (malformed JSON) sent as is with a JSON content type. */
  rawBody?: string;
  headers?: Record<string, string>;
  /** A multipart/form-data body: text fields plus files. */
  multipart?: MultipartBody;
};

export type MultipartBody = {
  fields?: Record<string, string | number | boolean>;
  files?: { field?: string; fileName: string; mimeType: string; bytes: Buffer | string }[];
};

/** Builds a multipart/form-data payload and its content type (what a browser's FormData sends). */
export function multipartPayload(body: MultipartBody): { payload: Buffer; contentType: string } {
  const boundary = `----fahrwerk${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(body.fields ?? {})) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`,
      ),
    );
  }
  for (const file of body.files ?? []) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.fileName}"\r\nContent-Type: ${file.mimeType}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.bytes) ? file.bytes : Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export type TestApp = {
  app: FastifyInstance;
  config: Config;
  database: Database;
  driver: DatabaseDriver;
  demo: CreatedSchool;
  /** Calls the API (`/api` + path) through inject(). */
  call: <T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    apiPath: string,
    call?: Call,
  ) => Promise<ApiResponse<T>>;
  /** Signs in and answers the token; fails the test when sign-in fails. */
  signIn: (email: string, password: string) => Promise<string>;
};

export type TestAppOptions = {
  env?: Record<string, string> | (() => Record<string, string>);
  app?: Omit<BuildAppOptions, 'database' | 'document'>;
};

/**
 * Builds the app on a fresh database with the demo school, with every response validated
 * against the contract. Call inside `describe`; the returned object is filled in beforeAll.
 */
export function useTestApp(driver: DatabaseDriver, options: TestAppOptions = {}): TestApp {
  const context = { driver } as TestApp;
  let testDatabase: TestDatabase | undefined;

  beforeAll(async () => {
    testDatabase = await createTestDatabase(driver);
    const env = typeof options.env === 'function' ? options.env() : (options.env ?? {});
    const config = loadConfig({
      DATA_DIR: testDatabase.dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      PUBLIC_URL: TEST_PUBLIC_URL,
      STATIC_DIR: path.join(testDatabase.dataDir, 'no-backoffice'),
      STORYBOOK_DIR: path.join(testDatabase.dataDir, 'no-storybook'),
      LOG_LEVEL: 'silent',
      ...env,
    });
    const demo = await createSchool(testDatabase.database.db, DEMO_SCHOOL);
    const app = await buildApp(config, {
      logger: false,
      validateResponses: true,
      ...options.app,
      database: testDatabase.database,
      document: contract(),
    });
    await app.ready();
    Object.assign(context, { app, config, database: testDatabase.database, demo });
  });

  afterAll(async () => {
    await context.app?.close();
    await testDatabase?.dispose();
  });

  context.call = async <T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    apiPath: string,
    call: Call = {},
  ) => {
    const headers: Record<string, string> = { ...call.headers };
    if (call.token) headers.authorization = `Bearer ${call.token}`;
    const request: InjectOptions = {
      method,
      url: `/api${apiPath}`,
      headers,
      ...(call.query
        ? {
            query: Object.fromEntries(
              Object.entries(call.query).map(([key, value]) => [key, String(value)]),
            ),
          }
        : {}),
    };
    if (call.multipart) {
      const { payload, contentType } = multipartPayload(call.multipart);
      request.payload = payload;
      headers['content-type'] = contentType;
    } else if (call.rawBody !== undefined) {
      request.payload = call.rawBody;
      headers['content-type'] ??= 'application/json';
    } else if (call.body !== undefined) {
      request.payload = call.body as InjectOptions['payload'];
    }
    const response = await context.app.inject(request);
    const raw = response.body;
    let body: unknown = raw;
    if (String(response.headers['content-type'] ?? '').includes('json') && raw.length > 0) {
      body = JSON.parse(raw);
    }
    return {
      status: response.statusCode,
      body: body as T,
      headers: response.headers,
      raw,
      bytes: response.rawPayload,
    };
  };

  context.signIn = async (email: string, password: string) => {
    const response = await context.call<{ token: string }>('POST', '/generate-token', {
      body: { email, password },
    });
    expect(response.status, response.raw).toBe(200);
    return response.body.token;
  };

  return context;
}

/** Asserts the contract's error body with this status and `error_message`. */
export function expectError(
  response: ApiResponse,
  status: number,
  errorMessage: string,
): ErrorBody {
  expect(response.status, response.raw).toBe(status);
  const body = response.body as ErrorBody;
  expect(body).toEqual({
    message: expect.any(String),
    error_message: errorMessage,
    fieldErrors: expect.any(Array),
    globalErrors: expect.any(Array),
  });
  return body;
}

/** Counts the statements the app sends to its database driver while `run` runs. */
export async function countQueries(t: TestApp, run: () => Promise<void>): Promise<number> {
  const client = (t.database.db as unknown as { $client: { query: (...args: never[]) => unknown } })
    .$client;
  const query = client.query;
  let count = 0;
  client.query = function counted(this: unknown, ...args: never[]) {
    count += 1;
    return query.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = query;
  }
  return count;
}
