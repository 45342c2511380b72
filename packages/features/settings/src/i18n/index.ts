import { addResources, type I18n } from '@fahrwerk/ui';
import de from './de.json';
import en from './en.json';

export const SETTINGS_NAMESPACE = 'settings';

/** Adds this package's texts to an i18n instance; the screens call it themselves too. */
export function registerSettingsTexts(i18n: I18n): I18n {
  if (!i18n.hasResourceBundle('de', SETTINGS_NAMESPACE)) {
    addResources(i18n, SETTINGS_NAMESPACE, { de, en });
  }
  return i18n;
}
