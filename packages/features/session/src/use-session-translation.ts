import { CORE_NAMESPACE } from '@fahrwerk/core';
import { useTranslation } from 'react-i18next';
import { registerSessionTexts, SESSION_NAMESPACE } from './i18n';

/** `t` over this package's texts, with the shared `core` texts (errors) as fallback. */
export function useSessionTranslation() {
  const result = useTranslation([SESSION_NAMESPACE, CORE_NAMESPACE]);
  registerSessionTexts(result.i18n);
  return result;
}
