import type { OperationHandlers } from '../http/operation-types';
import { createSessionHandlers } from './session/session.handlers';
import type { SessionService } from './session/session.service';
import { createUsersHandlers } from './users/users.handlers';
import type { UsersService } from './users/users.service';

/** The services the handlers call; built once per app in `buildApp`. */
export type Services = {
  session: SessionService;
  users: UsersService;
};

/** Every implemented operation, by operationId. The rest of the contract answers 501. */
export function createHandlers(services: Services): OperationHandlers {
  return {
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
  return Object.keys(createHandlers({ session: placeholder, users: placeholder }));
}
