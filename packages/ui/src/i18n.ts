import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from './i18n/de.json';
import en from './i18n/en.json';

export type { I18n };

/** The languages the product ships. German is the default. */
export const SUPPORTED_LANGUAGES = ['de', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';

/** The namespace of this package's own texts. */
export const UI_NAMESPACE = 'ui';

/** Translations of one namespace: a JSON object per language. */
export type NamespaceResources = { de: Record<string, unknown>; en?: Record<string, unknown> };

export type CreateI18nOptions = {
  /** @default 'de' */
  lng?: Language | (string & {});
  /** Further bundles, `{ de: { students: {...} }, en: { students: {...} } }`. */
  resources?: Resource;
};

/**
 * A fresh, synchronously initialised i18next instance with the `ui` namespace bundled.
 * Every host (back office, Storybook, tests, an embedding product) creates its own.
 */
export function createI18n({
  lng = DEFAULT_LANGUAGE,
  resources = {},
}: CreateI18nOptions = {}): I18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    ns: [UI_NAMESPACE],
    defaultNS: UI_NAMESPACE,
    resources: {
      de: { [UI_NAMESPACE]: de },
      en: { [UI_NAMESPACE]: en },
    },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  for (const [language, namespaces] of Object.entries(resources)) {
    for (const [ns, bundle] of Object.entries(namespaces)) {
      instance.addResourceBundle(language, ns, bundle, true, true);
    }
  }
  return instance;
}

/** Adds a feature package's translations (`{ de, en }`) under its namespace. */
export function addResources(i18n: I18n, ns: string, resources: NamespaceResources): I18n {
  for (const [language, bundle] of Object.entries(resources)) {
    if (bundle) i18n.addResourceBundle(language, ns, bundle, true, true);
  }
  return i18n;
}
