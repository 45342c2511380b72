import type { PermissionKey } from '@fahrwerk/api';
import { createContext, type ReactNode, useContext, useMemo } from 'react';

/** What a permission check needs: a `Set<PermissionKey>` is one. */
export type PermissionSet = { has(key: PermissionKey): boolean };

/**
 * True when every key is allowed. A check with no permission given is true (spec 000 §6).
 */
export function hasPermissions(
  granted: PermissionSet,
  required: readonly PermissionKey[] | undefined,
): boolean {
  if (!required || required.length === 0) return true;
  return required.every((key) => granted.has(key));
}

const PermissionsContext = createContext<PermissionSet | null>(null);

/** Provides the signed-in user's permission set to features. */
export function PermissionsProvider({
  permissions,
  children,
}: {
  permissions: Iterable<PermissionKey>;
  children: ReactNode;
}) {
  const value = useMemo(() => new Set(permissions), [permissions]);
  return <PermissionsContext.Provider value={value}>{children}</PermissionsContext.Provider>;
}

/**
 * The current permission set. Without a provider (a host product that does its own
 * permission checks) everything is allowed; the server still refuses what the role lacks.
 */
export function usePermissions(): PermissionSet {
  return useContext(PermissionsContext) ?? ALL_ALLOWED;
}

/** Whether the user may do something that needs all of `required`. */
export function useCan(...required: PermissionKey[]): boolean {
  return hasPermissions(usePermissions(), required);
}

const ALL_ALLOWED: PermissionSet = { has: () => true };
