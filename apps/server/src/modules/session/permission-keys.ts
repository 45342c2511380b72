import type { PermissionKey } from '../../http/contract-types';

export type { PermissionKey };

/**
 * Every permission key of the contract (spec 000 §6). A record rather than a list, so the
 * compiler refuses it when the contract gains or loses a key; a test compares it with the
 * bundled contract at run time too.
 */
const KEYS: Record<PermissionKey, true> = {
  MODULE_COMMUNICATION: true,
  MODULE_COMMUNICATION_WRITE: true,
  MODULE_TASK: true,
  MODULE_TASK_WRITE: true,
  MODULE_CUSTOMERS: true,
  MODULE_CUSTOMERS_WRITE: true,
  MODULE_COST_BEARERS: true,
  MODULE_COST_BEARERS_WRITE: true,
  MODULE_TIME_PLANNER: true,
  MODULE_TIME_PLANNER_WRITE: true,
  MODULE_THEORY: true,
  MODULE_THEORY_WRITE: true,
  MODULE_EXAM: true,
  MODULE_EXAM_WRITE: true,
  MODULE_REPORTS: true,
  MODULE_REPORTS_WRITE: true,
  MODULE_AUTOMATIC_PAYMENTS: true,
  MODULE_AUTOMATIC_PAYMENTS_WRITE: true,
  MODULE_ACCOUNTING: true,
  MODULE_ACCOUNTING_WRITE: true,
  MODULE_COMPANY: true,
  MODULE_COMPANY_WRITE: true,
  MODULE_PAYMENT_WRITE: true,
};

export const PERMISSION_KEYS = Object.keys(KEYS) as PermissionKey[];

export const isPermissionKey = (value: string): value is PermissionKey => value in KEYS;
