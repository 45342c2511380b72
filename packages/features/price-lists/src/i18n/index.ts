import { addResources, type I18n } from '@fahrwerk/ui';
import de from './de.json';
import en from './en.json';

export const PRICE_LISTS_NAMESPACE = 'priceLists';

/** Adds this package's texts to an i18n instance; the screens call it themselves too. */
export function registerPriceListsTexts(i18n: I18n): I18n {
  if (!i18n.hasResourceBundle('de', PRICE_LISTS_NAMESPACE)) {
    addResources(i18n, PRICE_LISTS_NAMESPACE, { de, en });
  }
  return i18n;
}
