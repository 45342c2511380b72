import type { Db } from '../../db/database';
import type { OperationHandlers } from '../../http/operation-types';

/** The generic resource handlers (and domain handlers) of the money area. */
export function createMoneyHandlers(_db: Db): OperationHandlers {
  return {};
}
