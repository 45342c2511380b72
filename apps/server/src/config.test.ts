import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_RATE_LIMITS, loadConfig } from './config';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'fw-config-'));

describe('loadConfig', () => {
  it('applies the defaults', () => {
    const dataDir = tmp();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir,
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      seedDemo: false,
      fileOrphanSweep: true,
    });
    expect(config.staticDir).toMatch(/apps\/backoffice\/dist$/);
    expect(config.storybookDir).toMatch(/apps\/storybook\/dist$/);
  });

  it('generates a JWT secret once and keeps it in DATA_DIR', () => {
    const dataDir = tmp();
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    const file = path.join(dataDir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('agrees on one JWT secret and mail key when several processes start at once on a fresh DATA_DIR', async () => {
    const dataDir = tmp();
    const script = `import('./src/config.ts').then((m) => { const c = m.loadConfig({ DATA_DIR: ${JSON.stringify(dataDir)} }); console.log(c.jwtSecret + ' ' + c.mailSecretKey.toString('hex')); })`;
    const run = () =>
      new Promise<string>((resolve, reject) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', '-e', script],
          { cwd: path.resolve(import.meta.dirname, '..') },
          (error, stdout) => (error ? reject(error) : resolve(stdout.trim())),
        );
      });
    const answers = await Promise.all(Array.from({ length: 6 }, run));
    expect(new Set(answers).size).toBe(1);
    const [secret] = (answers[0] ?? '').split(' ');
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(secret);
    // Nothing half-written is left behind.
    expect(readdirSync(dataDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  }, 60_000);

  it('uses JWT_SECRET, PUBLIC_URL and SEED_DEMO when set', () => {
    const config = loadConfig({
      DATA_DIR: tmp(),
      PORT: '8080',
      JWT_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://fahrschule.example/',
      SEED_DEMO: 'true',
      FILE_ORPHAN_SWEEP: 'false',
    });
    expect(config).toMatchObject({
      port: 8080,
      jwtSecret: 'x'.repeat(40),
      publicUrl: 'https://fahrschule.example',
      seedDemo: true,
      fileOrphanSweep: false,
    });
  });

  it('refuses invalid values with a readable message', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), PORT: 'abc', JWT_SECRET: 'short' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL/,
    );
  });
  it('rate limits: the defaults in memory, off, or single limits overridden', () => {
    const defaults = loadConfig({ DATA_DIR: tmp() });
    expect(defaults.rateLimits).toEqual(DEFAULT_RATE_LIMITS);
    expect(defaults.redisUrl).toBeUndefined();
    expect(defaults.trustProxy).toBe(false);
    expect(defaults.rateLimits?.signInAddress).toEqual({ max: 10, windowMs: 15 * 60_000 });

    expect(loadConfig({ DATA_DIR: tmp(), RATE_LIMITS: 'off' }).rateLimits).toBeNull();
    const tuned = loadConfig({
      DATA_DIR: tmp(),
      RATE_LIMITS: 'signInIp=100/15m, publicSubmitIp=5/2h,signInAddress=3/30s',
      REDIS_URL: 'redis://127.0.0.1:6379/2',
    });
    expect(tuned.rateLimits).toEqual({
      ...DEFAULT_RATE_LIMITS,
      signInIp: { max: 100, windowMs: 15 * 60_000 },
      publicSubmitIp: { max: 5, windowMs: 2 * 3_600_000 },
      signInAddress: { max: 3, windowMs: 30_000 },
    });
    expect(tuned.redisUrl).toBe('redis://127.0.0.1:6379/2');

    expect(() => loadConfig({ DATA_DIR: tmp(), RATE_LIMITS: 'signIn=10/15m' })).toThrow(
      /RATE_LIMITS/,
    );
    expect(() => loadConfig({ DATA_DIR: tmp(), RATE_LIMITS: 'signInIp=10' })).toThrow(
      /RATE_LIMITS/,
    );
    expect(() => loadConfig({ DATA_DIR: tmp(), RATE_LIMITS: 'signInIp=10/0m' })).toThrow(
      /RATE_LIMITS/,
    );
    expect(() => loadConfig({ DATA_DIR: tmp(), REDIS_URL: 'http://x' })).toThrow(/REDIS_URL/);
  });

  it('file storage: the local folder by default, an S3 bucket with FILE_STORAGE=s3 or S3_BUCKET', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).fileStorage).toEqual({ kind: 'local' });
    const keys = { S3_ACCESS_KEY_ID: 'AKIA', S3_SECRET_ACCESS_KEY: 'geheim' };
    expect(
      loadConfig({ DATA_DIR: tmp(), S3_BUCKET: 'fahrwerk-files', ...keys }).fileStorage,
    ).toEqual({
      kind: 's3',
      endpoint: 'https://s3.us-east-1.amazonaws.com',
      bucket: 'fahrwerk-files',
      region: 'us-east-1',
      accessKeyId: 'AKIA',
      secretAccessKey: 'geheim',
      forcePathStyle: false,
      prefix: '',
    });
    // An endpoint of one's own: path style unless told otherwise; the prefix ends in '/'.
    expect(
      loadConfig({
        DATA_DIR: tmp(),
        FILE_STORAGE: 's3',
        S3_ENDPOINT: 'http://minio.intern:9000/',
        S3_BUCKET: 'fwk',
        S3_REGION: 'eu-central-1',
        S3_PREFIX: '/schulen',
        ...keys,
      }).fileStorage,
    ).toMatchObject({
      endpoint: 'http://minio.intern:9000',
      region: 'eu-central-1',
      forcePathStyle: true,
      prefix: 'schulen/',
    });
    expect(
      loadConfig({
        DATA_DIR: tmp(),
        S3_ENDPOINT: 'https://objects.example',
        S3_BUCKET: 'fwk',
        S3_FORCE_PATH_STYLE: 'false',
        ...keys,
      }).fileStorage,
    ).toMatchObject({ forcePathStyle: false });
    // FILE_STORAGE=local wins over a bucket that is set.
    expect(
      loadConfig({ DATA_DIR: tmp(), FILE_STORAGE: 'local', S3_BUCKET: 'fwk' }).fileStorage,
    ).toEqual({ kind: 'local' });
    expect(() => loadConfig({ DATA_DIR: tmp(), FILE_STORAGE: 's3' })).toThrow(
      /S3_BUCKET: is required with FILE_STORAGE=s3[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ DATA_DIR: tmp(), S3_BUCKET: 'Kein Bucket', ...keys })).toThrow(
      /S3_BUCKET: must be a bucket name/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: tmp(), S3_BUCKET: 'fwk', S3_ENDPOINT: 'ftp://x', ...keys }),
    ).toThrow(/S3_ENDPOINT/);
    expect(() =>
      loadConfig({ DATA_DIR: tmp(), S3_BUCKET: 'fwk', S3_PREFIX: 'a/../b', ...keys }),
    ).toThrow(/S3_PREFIX/);
  });

  it('TRUST_PROXY: a switch or the addresses of the proxies', () => {
    expect(loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(
      loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy,
    ).toEqual(['127.0.0.1', '10.0.0.0/8']);
  });
});
