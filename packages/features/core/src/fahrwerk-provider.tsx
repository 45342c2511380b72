import { type ApiClient, ApiProvider, type PermissionKey } from '@fahrwerk/api';
import { addResources, createToasts, ToastRegion, type Toasts, UiProvider } from '@fahrwerk/ui';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type ReactNode, useState } from 'react';
import { CORE_NAMESPACE } from './errors';
import de from './i18n/de.json';
import en from './i18n/en.json';
import { PermissionsProvider } from './permissions';
import { createFahrwerkQueryClient } from './query-client';

export type FahrwerkProviderProps = {
  /** An API client from `createApiClient`. */
  client: ApiClient;
  /** An i18next instance from `createI18n` of @fahrwerk/ui (or the host's own). */
  i18n: I18n;
  /**
   * The toasts of this app or embed (`createToasts()` of @fahrwerk/ui), when code outside
   * React shows them too; pass the same object to `createFahrwerkQueryClient`.
   * @default a queue of its own: two providers on one page never share toasts
   */
  toasts?: Toasts;
  /** Defaults to `createFahrwerkQueryClient(i18n, { toasts })` (the provider's toasts). */
  queryClient?: QueryClient;
  /** The user's permissions; omitted, features show everything and the server decides. */
  permissions?: Iterable<PermissionKey>;
  /**
   * Renders the provider's toast region; off, the host renders `<ToastRegion />` somewhere
   * inside the provider itself. @default true
   */
  withToasts?: boolean;
  children: ReactNode;
};

/**
 * Everything a feature screen needs: render any exported screen inside it.
 *
 * ```tsx
 * <FahrwerkProvider client={createApiClient({ baseUrl, getToken })} i18n={createI18n()}>
 *   <LoginScreen onSignedIn={…} />
 * </FahrwerkProvider>
 * ```
 */
export function FahrwerkProvider({
  client,
  i18n,
  toasts,
  queryClient,
  permissions,
  withToasts = true,
  children,
}: FahrwerkProviderProps) {
  const [own] = useState(() => {
    registerCoreTexts(i18n);
    const ownToasts = toasts ?? createToasts();
    return {
      toasts: ownToasts,
      queryClient: queryClient ?? createFahrwerkQueryClient(i18n, { toasts: ownToasts }),
    };
  });
  const content = (
    <>
      {children}
      {withToasts ? <ToastRegion /> : null}
    </>
  );
  return (
    <UiProvider i18n={i18n} toasts={toasts ?? own.toasts}>
      <QueryClientProvider client={queryClient ?? own.queryClient}>
        <ApiProvider client={client}>
          {permissions ? (
            <PermissionsProvider permissions={permissions}>{content}</PermissionsProvider>
          ) : (
            content
          )}
        </ApiProvider>
      </QueryClientProvider>
    </UiProvider>
  );
}

/** Registers the shared texts (errors, field names, messages) under the namespace `core`. */
export function registerCoreTexts(i18n: I18n): void {
  addResources(i18n, CORE_NAMESPACE, { de, en });
  // Server answers carry `errors.*` / `validation.*` keys; whatever namespace a feature's
  // `t` starts in, those resolve from the shared core texts.
  const fallback = i18n.options.fallbackNS;
  const list = fallback === false || fallback === undefined ? [] : [fallback].flat();
  if (!list.includes(CORE_NAMESPACE)) i18n.options.fallbackNS = [...list, CORE_NAMESPACE];
}
