import type { Db } from '../../db/database';
import type { OperationHandlers } from '../../http/operation-types';

/** The generic resource handlers (and domain handlers) of the company area. */
export function createCompanyHandlers(_db: Db): OperationHandlers {
  return {};
}
