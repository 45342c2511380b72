import { CORE_NAMESPACE } from '@fahrwerk/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { FLEET_NAMESPACE, registerFleetTexts } from './i18n';

const NAMESPACES = [FLEET_NAMESPACE, CORE_NAMESPACE];

/**
 * `t` over this package's texts, falling back to the shared `core` texts (the server's
 * `errors.*` / `validation.*` keys and `messages.*`).
 */
export function useFleetTranslation() {
  const result = useTranslation(NAMESPACES);
  registerFleetTexts(result.i18n);
  const translate = result.t;
  const t = useCallback(
    (key: string, options?: Record<string, unknown>): string =>
      translate(key, { ...options, ns: NAMESPACES }) as string,
    [translate],
  );
  return { i18n: result.i18n, t };
}
