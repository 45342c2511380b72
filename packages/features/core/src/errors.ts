import { errorToastMessage, isCancelledError } from '@fahrwerk/api';
import type { ToastApi } from '@fahrwerk/ui';
import type { i18n as I18n } from 'i18next';

/** The namespace of the shared texts: `errors.*`, `validation.*`, `fields.*`, `messages.*`. */
export const CORE_NAMESPACE = 'core';

/** Query and mutation meta that turn the global error toast off for one call. */
export type FahrwerkMeta = { silentError?: boolean };

/**
 * Shows the toast for a failed call, in one place, per the spec's error catalogue, on `toast`
 * (`useToast()` in a component, the app's `Toasts` elsewhere). Cancelled requests pass silently.
 */
export function showErrorToast(
  error: unknown,
  i18n: I18n,
  toast: ToastApi,
  clientMessage?: string,
): void {
  if (isCancelledError(error)) return;
  const text = errorToastMessage(
    error,
    (key) => i18n.t(key, { ns: CORE_NAMESPACE }),
    clientMessage,
  );
  if (text) toast.error(text);
}
