import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import { type Database, openDatabase } from './db/database';
import { createFileStore } from './files/file-store';
import { registerApiDocs } from './http/api-docs';
import { registerAuth } from './http/auth';
import { answerFrameworkError, registerErrorHandler } from './http/errors';
import { registerHealth } from './http/health';
import {
  apiPrefix,
  bundleOpenApi,
  loadOpenApiDocument,
  type OpenApiDocument,
} from './http/openapi-document';
import type { OperationHandlers } from './http/operation-types';
import { registerRateLimits } from './http/rate-limit';
import { registerResponseValidation } from './http/response-validation';
import { registerRoutes } from './http/routes';
import { registerSecurityHeaders } from './http/security-headers';
import { registerStaticFiles } from './http/static-files';
import { registerUploads } from './http/uploads';
import { AJV_OPTIONS, registerRequestValidation } from './http/validation';
import { createJobQueue } from './jobs/job-queue';
import { registerJobWorkers } from './jobs/workers';
import { createMailer, type Mailer } from './mail/mailer';
import { createSchoolMailer } from './mail/school-mailer';
import { createHandlers } from './modules/handlers';
import { createPrincipalCache, subscribePrincipalCache } from './modules/session/principal-cache';
import { createSessionService } from './modules/session/session.service';
import { registerStudentAccess } from './modules/students/student-access';
import { createUsersService } from './modules/users/users.service';

export type BuildAppOptions = {
  /** An open, migrated database; without it one is opened from the config and migrated. */
  database?: Database;
  /** Without it, mail goes over SMTP_URL or into DATA_DIR/mail-outbox. */
  mailer?: Mailer;
  /** Check every API answer against the contract (tests). */
  validateResponses?: boolean;
  /** Fastify's logger option; defaults to pino at the config's LOG_LEVEL. */
  logger?: FastifyServerOptions['logger'];
  /** The contract; read from openapi/dist/openapi.json (bundled first when stale) otherwise. */
  document?: OpenApiDocument;
  /** Replaces handlers by operationId (tests of the HTTP layer itself). */
  handlerOverrides?: OperationHandlers;
  /**
   * Start the job queue when the app is ready (the server: takes up what a stopped server
   * left). Otherwise it starts with the first job sent, so test apps that send none start nothing.
   */
  startJobs?: boolean;
};

/** Query values that must never reach a log line (the contract has them in the URL). */
const SECRET_QUERY_KEYS = ['rawPassword', 'passwordToken', 'token'];

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const key of SECRET_QUERY_KEYS) {
    if (params.has(key)) params.set(key, '[redacted]');
  }
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}

export async function buildApp(
  config: Config,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const document =
    options.document ??
    (() => {
      bundleOpenApi();
      return loadOpenApiDocument();
    })();
  const prefix = apiPrefix(document);

  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      serializers: {
        req: (request) => ({ method: request.method, url: redactUrl(request.url) }),
      },
    },
    // Refuse unknown properties instead of stripping them. Requests are validated by
    // Ajv2020 with these options (see http/validation.ts): the contract is JSON Schema 2020-12.
    ajv: { customOptions: { ...AJV_OPTIONS } },
    // A badly encoded URL or an overlong path segment: the contract's error body too.
    frameworkErrors: answerFrameworkError,
    // Path values the contract allows (an e-mail of 254 characters, percent-encoded) must
    // reach validation; only what no contract value needs is refused (414).
    routerOptions: { maxParamLength: 1024 },
    // Whose X-Forwarded-For names the client (per-IP rate limits behind a reverse proxy).
    trustProxy: config.trustProxy,
  });

  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await (async () => {
      const opened = await openDatabase(config);
      await opened.migrate();
      return opened;
    })());
  try {
    const mailer =
      options.mailer ??
      createMailer({
        from: config.mailFrom,
        smtpUrl: config.smtpUrl,
        outboxDir: path.join(config.dataDir, 'mail-outbox'),
        log: app.log,
      });
    const jobs = createJobQueue(database, app.log);
    app.addHook('onClose', async () => {
      // The running jobs finish their step before the database goes.
      await jobs.stop();
      if (!options.mailer) mailer.close();
      if (ownsDatabase) await database.close();
    });

    const sessionService = createSessionService({
      db: database.db,
      jwtSecret: config.jwtSecret,
      publicUrl: config.publicUrl,
      mailer,
    });
    // The principal of each signed-in request, kept between requests while the database
    // tells this process of every change (migration 0008's notifications).
    const principals = createPrincipalCache({
      load: (claims) => sessionService.loadPrincipal(claims),
    });
    try {
      const unsubscribe = await subscribePrincipalCache(principals, database);
      app.addHook('onClose', async () => {
        await unsubscribe().catch(() => {});
      });
    } catch (error) {
      app.log.warn(`Principals are read on every request: ${(error as Error).message}`);
    }
    const usersService = createUsersService({ db: database.db });
    const services = {
      db: database.db,
      session: sessionService,
      users: usersService,
      files: createFileStore({
        dataDir: config.dataDir,
        storage: config.fileStorage,
        log: app.log,
      }),
      mailer,
      schoolMailer: createSchoolMailer({ fallback: mailer, secretKey: config.mailSecretKey }),
      config,
      jobs,
    };
    registerJobWorkers(services);
    if (options.startJobs) {
      app.addHook('onReady', async () => {
        // Not awaited: the server answers while the queue starts.
        jobs.start().catch((error: unknown) => {
          app.log.error(`The job queue did not start: ${(error as Error).message}`);
        });
      });
    }
    const handlers: OperationHandlers = {
      ...createHandlers(services),
      ...options.handlerOverrides,
    };

    registerErrorHandler(app);
    await registerSecurityHeaders(app, { apiPrefix: prefix, storybookDir: config.storybookDir });
    // Adds onRoute hooks, so it comes before the routes.
    await registerRateLimits(app, { limits: config.rateLimits, redisUrl: config.redisUrl });
    registerRequestValidation(app);
    await registerUploads(app);
    // Both add onRoute hooks, so they come before the routes.
    registerAuth(app, {
      document,
      secret: config.jwtSecret,
      loadPrincipal: principals.load,
    });
    // "Only own students" for every operation taking a student's id (before validation).
    registerStudentAccess(app, { db: database.db, document });
    if (options.validateResponses) registerResponseValidation(app, { document, prefix });
    await registerRoutes(app, { document, prefix, handlers });
    registerApiDocs(app, { document, prefix });
    registerHealth(app, { db: database.db, prefix });
    await registerStaticFiles(app, {
      staticDir: config.staticDir,
      storybookDir: config.storybookDir,
      apiPrefix: prefix,
    });
  } catch (error) {
    // A failed build must not leave an opened database (and its PGlite lock) behind.
    if (ownsDatabase) await database.close();
    throw error;
  }
  return app;
}
