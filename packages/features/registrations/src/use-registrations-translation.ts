import { CORE_NAMESPACE } from '@fahrwerk/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { REGISTRATIONS_NAMESPACE, registerRegistrationsTexts } from './i18n';

/**
 * `t` over this package's texts with the shared `core` texts as fallback, and `text`
 * for keys that may come from the server (`errors.*`, `validation.*`): this package's
 * text when it has one, else the core text, never the bare key.
 */
export function useRegistrationsTranslation() {
  const result = useTranslation([REGISTRATIONS_NAMESPACE, CORE_NAMESPACE]);
  registerRegistrationsTexts(result.i18n);
  const { t, i18n } = result;
  const text = useCallback(
    (key: string) =>
      i18n.exists(key, { ns: REGISTRATIONS_NAMESPACE }) ? t(key) : t(key, { ns: CORE_NAMESPACE }),
    [t, i18n],
  );
  return { ...result, text };
}
