import type { ApiClient, PermissionKey } from '@fahrwerk/api';
import type { I18n, Toasts } from '@fahrwerk/ui';
import type { QueryClient } from '@tanstack/react-query';
import type { SessionStore, TokenInfo } from './session/session-store';
import type { TabStore } from './tabs/tab-store';

/** What the router and every route get: the app's single instances, created in main.tsx. */
export type AppContext = {
  session: SessionStore;
  tabs: TabStore;
  api: ApiClient;
  queryClient: QueryClient;
  i18n: I18n;
  /** The back office's toast queue: `FahrwerkProvider`, the query client and the route guards. */
  toasts: Toasts;
};

/** `GET /roles/permissions` for the token's school and role: the keys the role allows. */
export async function loadPermissions(api: ApiClient, info: TokenInfo): Promise<PermissionKey[]> {
  const { data } = await api.fetch.GET('/roles/permissions', {
    params: { query: { drivingSchoolId: info.drivingSchoolId, roleId: info.roleId } },
  });
  return (data ?? []).filter((entry) => entry.allow).map((entry) => entry.permission);
}

/** Only same-site paths are followed after sign-in (no open redirect). */
export function safeRedirect(target: unknown): string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//')) return '/';
  if (target.startsWith('/login') || target.startsWith('/logout')) return '/';
  return target;
}

export const LANGUAGE_KEY = 'lang';

/** Switches the language and keeps it under the session key `lang` (spec 000 §1). */
export function changeLanguage(i18n: I18n, language: string): void {
  sessionStorage.setItem(LANGUAGE_KEY, language);
  void i18n.changeLanguage(language);
  document.documentElement.lang = language;
}
