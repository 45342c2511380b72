import { CORE_NAMESPACE } from '@fahrwerk/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PRICE_LISTS_NAMESPACE, registerPriceListsTexts } from './i18n';

const NAMESPACES = [PRICE_LISTS_NAMESPACE, CORE_NAMESPACE];

/**
 * `t` over this package's texts, falling back to the shared `core` texts (`errors.*`,
 * `validation.*`, `messages.*`), so server keys and package keys both translate.
 */
export function usePriceListsTranslation() {
  const result = useTranslation(NAMESPACES);
  registerPriceListsTexts(result.i18n);
  const base = result.t;
  const t = useMemo(
    () =>
      ((key: string, options?: Record<string, unknown>) =>
        base(key, { ns: NAMESPACES, ...options })) as unknown as typeof base,
    [base],
  );
  return { ...result, t };
}
