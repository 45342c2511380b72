import { ROLE_TYPES } from '@fahrwerk/api';
import { z } from 'zod';
import type { PermissionKey, Role, RoleInput } from '../api/users-queries';

/** The modules of the permission matrix, in the sidebar's order; each has read and write. */
export const PERMISSION_MODULES = [
  'COMMUNICATION',
  'TASK',
  'CUSTOMERS',
  'COST_BEARERS',
  'TIME_PLANNER',
  'THEORY',
  'EXAM',
  'REPORTS',
  'AUTOMATIC_PAYMENTS',
  'ACCOUNTING',
  'COMPANY',
] as const;
export type PermissionModule = (typeof PERMISSION_MODULES)[number];

/** Payments have a write key only (creating and booking payments). */
export const PAYMENT_WRITE: PermissionKey = 'MODULE_PAYMENT_WRITE';

export const readKey = (module: PermissionModule) => `MODULE_${module}` as PermissionKey;
export const writeKey = (module: PermissionModule) => `MODULE_${module}_WRITE` as PermissionKey;

export const ALL_KEYS: PermissionKey[] = [
  ...PERMISSION_MODULES.flatMap((module) => [readKey(module), writeKey(module)]),
  PAYMENT_WRITE,
];

export const roleFormSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(100, 'validation.max_length'),
  type: z.enum(ROLE_TYPES),
  description: z.string().max(1000, 'validation.max_length'),
  generalAccess: z.boolean(),
  sidebarAccess: z.boolean(),
  allowed: z.array(z.string()),
});
export type RoleForm = z.input<typeof roleFormSchema>;

export const emptyRoleForm = (): RoleForm => ({
  name: '',
  type: 'STAFF',
  description: '',
  generalAccess: true,
  sidebarAccess: true,
  allowed: [],
});

export const roleToForm = (role: Role): RoleForm => ({
  name: role.name,
  type: role.type,
  description: role.description,
  generalAccess: role.generalAccess,
  sidebarAccess: role.sidebarAccess,
  allowed: role.permissions.filter((entry) => entry.allow).map((entry) => entry.permission),
});

/** Write implies read: allowing write adds read, taking read away takes write too. */
export function toggleKey(allowed: readonly string[], key: PermissionKey, on: boolean): string[] {
  const set = new Set(allowed);
  const module = PERMISSION_MODULES.find((m) => readKey(m) === key || writeKey(m) === key);
  if (on) {
    set.add(key);
    if (module && key === writeKey(module)) set.add(readKey(module));
  } else {
    set.delete(key);
    if (module && key === readKey(module)) set.delete(writeKey(module));
  }
  return ALL_KEYS.filter((k) => set.has(k));
}

export function formToRole(form: RoleForm): {
  input: RoleInput;
  permissions: { permission: PermissionKey; allow: boolean }[];
} {
  return {
    input: {
      name: form.name.trim(),
      type: form.type,
      description: form.description,
      generalAccess: form.generalAccess,
      sidebarAccess: form.sidebarAccess,
    },
    permissions: ALL_KEYS.map((permission) => ({
      permission,
      allow: form.type === 'OWNER' || form.allowed.includes(permission),
    })),
  };
}
