import { createFeatureTranslation } from '@fahrwerk/core';
import { DASHBOARD_NAMESPACE } from './i18n';
import de from './i18n/de.json';
import en from './i18n/en.json';

/** `t` over this package's texts, then the shared `core` texts (see `createFeatureTranslation`). */
export const useDashboardTranslation = createFeatureTranslation(DASHBOARD_NAMESPACE, { de, en });
