import { errorToastMessage } from '@fahrwerk/api';
import { CORE_NAMESPACE } from '@fahrwerk/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { COST_BEARERS_NAMESPACE, registerCostBearersTexts } from './i18n';

/** `t` over this package's texts, with the shared `core` texts (errors, messages) as fallback. */
export function useCostBearersTranslation() {
  const result = useTranslation([COST_BEARERS_NAMESPACE, CORE_NAMESPACE]);
  registerCostBearersTexts(result.i18n);
  return result;
}

/** The text to show for a failed call, in the user's language (spec 000 §8). */
export function errorText(error: unknown, t: TFunction, fallbackKey: string): string | null {
  return errorToastMessage(error, (key) => t(key, { ns: CORE_NAMESPACE }), fallbackKey);
}

/** A core text (`messages.*`, `errors.*`). */
export const coreText = (t: TFunction, key: string) => t(key, { ns: CORE_NAMESPACE });
