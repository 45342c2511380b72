import { CORE_NAMESPACE } from '@fahrwerk/core';
import { useTranslation } from 'react-i18next';
import { registerSettingsTexts, SETTINGS_NAMESPACE } from './i18n';

/** `t` over this package's texts, with the shared `core` texts (errors, validation) as fallback. */
export function useSettingsTranslation() {
  const result = useTranslation([SETTINGS_NAMESPACE, CORE_NAMESPACE], { nsMode: 'fallback' });
  registerSettingsTexts(result.i18n);
  return result;
}
