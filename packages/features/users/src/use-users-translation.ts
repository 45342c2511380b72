import { CORE_NAMESPACE } from '@fahrwerk/core';
import { useTranslation } from 'react-i18next';
import { registerUsersTexts, USERS_NAMESPACE } from './i18n';

/** `t` over this package's texts, falling back to the shared `core` texts (`validation.*`, `messages.*`, `errors.*`). */
export function useUsersTranslation() {
  const result = useTranslation([USERS_NAMESPACE, CORE_NAMESPACE], { nsMode: 'fallback' });
  registerUsersTexts(result.i18n);
  return result;
}
