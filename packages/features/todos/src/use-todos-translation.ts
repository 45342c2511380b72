import { CORE_NAMESPACE } from '@fahrwerk/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { registerTodosTexts, TODOS_NAMESPACE } from './i18n';

/**
 * `t` over this package's texts with the shared `core` texts as fallback, and `text`
 * for keys that may come from the server (`errors.*`, `validation.*`): this package's
 * text when it has one, else the core text, never the bare key.
 */
export function useTodosTranslation() {
  const result = useTranslation([TODOS_NAMESPACE, CORE_NAMESPACE]);
  registerTodosTexts(result.i18n);
  const { t, i18n } = result;
  const text = useCallback(
    (key: string) =>
      i18n.exists(key, { ns: TODOS_NAMESPACE }) ? t(key) : t(key, { ns: CORE_NAMESPACE }),
    [t, i18n],
  );
  return { ...result, text };
}
