import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';

/** How long the readiness check waits for the database before it answers 503. */
const DATABASE_TIMEOUT_MS = 2000;

/**
 * For load balancers and orchestrators (docs/operations.md), outside the contract like the API
 * docs, public, no body to send:
 *
 * - `GET <prefix>/health/live`: 200 while the process answers (restart it when not).
 * - `GET <prefix>/health/ready`: 200 when the database answers `select 1` within two seconds,
 *   else 503 with the reason — take the instance out of rotation until it answers again.
 *
 * A server stopping (SIGTERM) answers every new request, these included, with 503 (Fastify's
 * `return503OnClosing`), so the balancer drains it while it finishes what it is doing.
 */
export function registerHealth(app: FastifyInstance, options: { db: Db; prefix: string }): void {
  const noStore = { 'cache-control': 'no-store' };
  app.get(`${options.prefix}/health/live`, async (_request, reply) =>
    reply.headers(noStore).send({ status: 'ok' }),
  );
  app.get(`${options.prefix}/health/ready`, async (_request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${DATABASE_TIMEOUT_MS} ms`)),
        DATABASE_TIMEOUT_MS,
      );
    });
    try {
      await Promise.race([options.db.execute(sql`select 1`), timeout]);
      return reply.headers(noStore).send({ status: 'ok', database: 'ok' });
    } catch (error) {
      return reply
        .code(503)
        .headers(noStore)
        .send({ status: 'unavailable', database: (error as Error).message });
    } finally {
      clearTimeout(timer);
    }
  });
}
