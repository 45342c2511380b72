import { registerFeatureTexts } from '@fahrwerk/core';
import type { I18n } from '@fahrwerk/ui';
import { texts } from './texts';

export const ACCOUNTING_NAMESPACE = 'accounting';

/** Adds this package's texts to an i18n instance; the screens call it themselves too. */
export function registerAccountingTexts(i18n: I18n): I18n {
  return registerFeatureTexts(i18n, ACCOUNTING_NAMESPACE, texts);
}
