import { isApiError } from '@fahrwerk/api';
import type { ToastApi } from '@fahrwerk/ui';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type FahrwerkMeta, showErrorToast } from './errors';

/**
 * The query client features run on: failed reads and writes toast once, here, on `toasts`
 * (the app's or embed's, the same object its `FahrwerkProvider` gets), unless the call sets
 * `meta: { silentError: true }` because its screen shows the error itself.
 * Client errors (4xx) are not retried; the server already said no.
 */
export function createFahrwerkQueryClient(
  i18n: I18n,
  options: { toasts: ToastApi; retry?: boolean },
): QueryClient {
  const onError = (error: unknown, meta: Record<string, unknown> | undefined) => {
    if ((meta as FahrwerkMeta | undefined)?.silentError) return;
    showErrorToast(error, i18n, options.toasts);
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => onError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry:
          options.retry === false
            ? false
            : (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
      },
      mutations: { retry: false },
    },
  });
}
