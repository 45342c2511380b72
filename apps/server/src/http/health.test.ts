import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { registerHealth } from './health';

/** A bare server with the health routes over a database that fails or hangs as told. */
async function serverWith(execute: () => Promise<unknown>) {
  const app = Fastify();
  registerHealth(app, { db: { execute } as unknown as Db, prefix: '/api' });
  await app.ready();
  return app;
}

describe('readiness', () => {
  it('answers 503 with the reason when the database refuses', async () => {
    const app = await serverWith(() =>
      Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')),
    );
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'unavailable',
      database: 'connect ECONNREFUSED 127.0.0.1:5432',
    });
    // The process itself still lives.
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    await app.close();
  });

  it('answers 503 after two seconds when the database does not answer', async () => {
    const app = await serverWith(() => new Promise(() => {}));
    const started = performance.now();
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', database: 'no answer within 2000 ms' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(1900);
    await app.close();
  });
});
