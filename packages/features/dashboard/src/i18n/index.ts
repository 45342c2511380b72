import { registerFeatureTexts } from '@fahrwerk/core';
import type { I18n } from '@fahrwerk/ui';
import de from './de.json';
import en from './en.json';

export const DASHBOARD_NAMESPACE = 'dashboard';

/** Adds this package's texts to an i18n instance; the tiles call it themselves too. */
export function registerDashboardTexts(i18n: I18n): I18n {
  return registerFeatureTexts(i18n, DASHBOARD_NAMESPACE, { de, en });
}
