import type { Db } from '../../db/database';
import type { OperationHandlers } from '../../http/operation-types';

/** The generic resource handlers (and domain handlers) of the planning area. */
export function createPlanningHandlers(_db: Db): OperationHandlers {
  return {};
}
