import { registerFeatureTexts } from '@fahrwerk/core';
import type { I18n } from '@fahrwerk/ui';
import de from './de.json';
import en from './en.json';

export const REPORTS_NAMESPACE = 'reports';

/** Adds this package's texts to an i18n instance; the screens call it themselves too. */
export function registerReportsTexts(i18n: I18n): I18n {
  return registerFeatureTexts(i18n, REPORTS_NAMESPACE, { de, en });
}
