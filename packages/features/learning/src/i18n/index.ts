import { registerFeatureTexts } from '@fahrwerk/core';
import type { I18n } from '@fahrwerk/ui';
import de from './de.json';
import en from './en.json';

export const LEARNING_NAMESPACE = 'learning';

/** Adds this package's texts to an i18n instance; the screens call it themselves too. */
export function registerLearningTexts(i18n: I18n): I18n {
  return registerFeatureTexts(i18n, LEARNING_NAMESPACE, { de, en });
}
