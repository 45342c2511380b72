import type { Db } from '../db/database';
import type { OperationHandlers } from '../http/operation-types';
import { createCompanyHandlers } from './areas/company';
import { createMoneyHandlers } from './areas/money';
import { createPeopleHandlers } from './areas/people';
import { createPlanningHandlers } from './areas/planning';
import { createSessionHandlers } from './session/session.handlers';
import type { SessionService } from './session/session.service';
import { createUsersHandlers } from './users/users.handlers';
import type { UsersService } from './users/users.service';

/** The services the handlers call; built once per app in `buildApp`. */
export type Services = {
  db: Db;
  session: SessionService;
  users: UsersService;
};

/** Every implemented operation, by operationId. The rest of the contract answers 501. */
export function createHandlers(services: Services): OperationHandlers {
  return {
    ...createCompanyHandlers(services.db),
    ...createPeopleHandlers(services.db),
    ...createPlanningHandlers(services.db),
    ...createMoneyHandlers(services.db),
    // Hand-written domain handlers win over generic ones of the same operation.
    ...createSessionHandlers(services.session),
    ...createUsersHandlers(services.users),
  };
}

/**
 * The operationIds that have a handler, without building services: the factories only
 * close over their service, so placeholders are enough to read the keys.
 */
export function implementedOperationIds(): string[] {
  const placeholder = {} as never;
  return Object.keys(createHandlers({ db: placeholder, session: placeholder, users: placeholder }));
}
