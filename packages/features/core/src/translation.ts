import { addResources, type I18n } from '@fahrwerk/ui';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CORE_NAMESPACE } from './errors';

/** A feature package's texts, one bundle per language (`src/i18n/de.json`, `en.json`). */
export type FeatureTexts = { de: Record<string, unknown>; en?: Record<string, unknown> };

/** Adds a feature's texts under its namespace once; hosts may call it before rendering. */
export function registerFeatureTexts(i18n: I18n, namespace: string, texts: FeatureTexts): I18n {
  if (!i18n.hasResourceBundle('de', namespace)) addResources(i18n, namespace, texts);
  return i18n;
}

export type FeatureTranslation = {
  /**
   * One rule for every feature: a key resolves in the feature's namespace, else in the
   * shared `core` texts (`errors.*`, `validation.*`, `fields.*`, `messages.*`), so package
   * keys and the server's keys translate through the same `t` (plural forms included).
   */
  t: TFunction;
  i18n: I18n;
};

/** The hook `createFeatureTranslation` makes; a package exports its own. */
export function useFeatureTranslation(namespace: string, texts: FeatureTexts): FeatureTranslation {
  const { t, i18n } = useTranslation([namespace, CORE_NAMESPACE], { nsMode: 'fallback' });
  registerFeatureTexts(i18n, namespace, texts);
  return { t, i18n };
}

/**
 * The translation hook of a feature package, made once at module level:
 * `export const useFleetTranslation = createFeatureTranslation(FLEET_NAMESPACE, { de, en })`.
 * The hook registers the texts itself, so a screen renders inside any `FahrwerkProvider`.
 */
export function createFeatureTranslation(
  namespace: string,
  texts: FeatureTexts,
): () => FeatureTranslation {
  return () => useFeatureTranslation(namespace, texts);
}
