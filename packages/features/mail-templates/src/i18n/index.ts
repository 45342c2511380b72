import { registerFeatureTexts } from '@fahrwerk/core';
import type { I18n } from '@fahrwerk/ui';
import de from './de.json';
import en from './en.json';

export const MAIL_TEMPLATES_NAMESPACE = 'mailTemplates';

/** Adds this package's texts to an i18n instance; the components call it themselves too. */
export function registerMailTemplatesTexts(i18n: I18n): I18n {
  return registerFeatureTexts(i18n, MAIL_TEMPLATES_NAMESPACE, { de, en });
}
