import type { components } from './generated/schema';

export type PermissionKey = components['schemas']['PermissionKey'];

/** Every permission key of the spec (000 §6), in the order of the contract. */
export const PERMISSION_KEYS = [
  'MODULE_COMMUNICATION',
  'MODULE_COMMUNICATION_WRITE',
  'MODULE_TASK',
  'MODULE_TASK_WRITE',
  'MODULE_CUSTOMERS',
  'MODULE_CUSTOMERS_WRITE',
  'MODULE_COST_BEARERS',
  'MODULE_COST_BEARERS_WRITE',
  'MODULE_TIME_PLANNER',
  'MODULE_TIME_PLANNER_WRITE',
  'MODULE_THEORY',
  'MODULE_THEORY_WRITE',
  'MODULE_EXAM',
  'MODULE_EXAM_WRITE',
  'MODULE_REPORTS',
  'MODULE_REPORTS_WRITE',
  'MODULE_AUTOMATIC_PAYMENTS',
  'MODULE_AUTOMATIC_PAYMENTS_WRITE',
  'MODULE_ACCOUNTING',
  'MODULE_ACCOUNTING_WRITE',
  'MODULE_COMPANY',
  'MODULE_COMPANY_WRITE',
  'MODULE_PAYMENT_WRITE',
] as const satisfies readonly PermissionKey[];

// Fails to compile when the contract gains a key this list lacks.
type Missing = Exclude<PermissionKey, (typeof PERMISSION_KEYS)[number]>;
const _complete: [Missing] extends [never] ? true : Missing = true;
void _complete;
