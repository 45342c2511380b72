import { createFeatureTranslation } from '@fahrwerk/core';
import { MESSAGING_NAMESPACE } from './i18n';
import de from './i18n/de.json';
import en from './i18n/en.json';

/** `t` over this package's texts, then the shared `core` texts (see `createFeatureTranslation`). */
export const useMessagingTranslation = createFeatureTranslation(MESSAGING_NAMESPACE, { de, en });
