import { type ApiClient, ApiProvider, type PermissionKey } from '@fahrwerk/api';
import { addResources, ToastRegion, UiProvider } from '@fahrwerk/ui';
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
  /** Defaults to `createFahrwerkQueryClient(i18n)`. */
  queryClient?: QueryClient;
  /** The user's permissions; omitted, features show everything and the server decides. */
  permissions?: Iterable<PermissionKey>;
  /** Renders the toast region; a host with its own may turn it off. @default true */
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
  queryClient,
  permissions,
  withToasts = true,
  children,
}: FahrwerkProviderProps) {
  const [ownQueryClient] = useState(() => {
    registerCoreTexts(i18n);
    return queryClient ?? createFahrwerkQueryClient(i18n);
  });
  const content = (
    <>
      {children}
      {withToasts ? <ToastRegion /> : null}
    </>
  );
  return (
    <UiProvider i18n={i18n}>
      <QueryClientProvider client={queryClient ?? ownQueryClient}>
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
