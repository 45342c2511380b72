import type { Config } from '../config';
import type { Db } from '../db/database';
import type { FileStore } from '../files/file-store';
import type { OperationHandlers } from '../http/operation-types';
import type { JobQueue } from '../jobs/job-queue';
import type { Mailer } from '../mail/mailer';
import type { SchoolMailer } from '../mail/school-mailer';
import { createCompanyHandlers } from './areas/company';
import { createMoneyHandlers } from './areas/money';
import { createPeopleHandlers } from './areas/people';
import { createPlanningHandlers } from './areas/planning';
import { mergeHandlers } from './resources/kit';
import { createSessionHandlers } from './session/session.handlers';
import type { SessionService } from './session/session.service';
import { createUsersHandlers } from './users/users.handlers';
import type { UsersService } from './users/users.service';

/** The services the handlers call; built once per app in `buildApp`. */
export type Services = {
  db: Db;
  session: SessionService;
  users: UsersService;
  /** Uploaded and generated files (bytes under DATA_DIR/files). */
  files: FileStore;
  /** System mail (password links): SMTP_URL or the outbox. */
  mailer: Mailer;
  /** A school's own mail: over its mail account, else the system mailer. */
  schoolMailer: SchoolMailer;
  config: Config;
  /** Background jobs (billing runs): pg-boss on PostgreSQL, in-process on PGlite. */
  jobs: JobQueue;
};

/** Every implemented operation, by operationId. The rest of the contract answers 501. */
export function createHandlers(services: Services): OperationHandlers {
  return mergeHandlers(
    createCompanyHandlers(services),
    createPeopleHandlers(services),
    createPlanningHandlers(services),
    createMoneyHandlers(services),
    createSessionHandlers(services.session),
    createUsersHandlers(services.users),
  );
}

/**
 * The operationIds that have a handler, without building services: the factories only
 * close over their service, so placeholders are enough to read the keys.
 */
export function implementedOperationIds(): string[] {
  // Never called while the keys are read, so an empty object stands in for every service.
  const placeholder = {} as never;
  return Object.keys(
    createHandlers({
      db: placeholder,
      session: placeholder,
      users: placeholder,
      files: placeholder,
      mailer: placeholder,
      schoolMailer: placeholder,
      config: placeholder,
      jobs: placeholder,
    }),
  );
}
