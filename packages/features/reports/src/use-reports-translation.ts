import { createFeatureTranslation } from '@fahrwerk/core';
import { REPORTS_NAMESPACE } from './i18n';
import de from './i18n/de.json';
import en from './i18n/en.json';

/** `t` over this package's texts, then the shared `core` texts (see `createFeatureTranslation`). */
export const useReportsTranslation = createFeatureTranslation(REPORTS_NAMESPACE, { de, en });
