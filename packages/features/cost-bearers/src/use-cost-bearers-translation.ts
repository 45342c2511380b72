import { errorToastMessage } from '@fahrwerk/api';
import { CORE_NAMESPACE, createFeatureTranslation } from '@fahrwerk/core';
import type { TFunction } from 'i18next';
import { COST_BEARERS_NAMESPACE } from './i18n';
import de from './i18n/de.json';
import en from './i18n/en.json';

/** `t` over this package's texts, then the shared `core` texts (see `createFeatureTranslation`). */
export const useCostBearersTranslation = createFeatureTranslation(COST_BEARERS_NAMESPACE, {
  de,
  en,
});

/** The text to show for a failed call, in the user's language (spec 000 §8). */
export function errorText(error: unknown, t: TFunction, fallbackKey: string): string | null {
  return errorToastMessage(error, (key) => t(key, { ns: CORE_NAMESPACE }), fallbackKey);
}

/** A core text (`messages.*`, `errors.*`). */
export const coreText = (t: TFunction, key: string) => t(key, { ns: CORE_NAMESPACE });
