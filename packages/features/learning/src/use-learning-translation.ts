import { createFeatureTranslation } from '@fahrwerk/core';
import { LEARNING_NAMESPACE } from './i18n';
import de from './i18n/de.json';
import en from './i18n/en.json';

/** `t` over this package's texts, then the shared `core` texts (see `createFeatureTranslation`). */
export const useLearningTranslation = createFeatureTranslation(LEARNING_NAMESPACE, { de, en });
