import { createFeatureTranslation } from '@fahrwerk/core';
import { PAYMENTS_NAMESPACE } from './i18n';
import { texts } from './i18n/texts';

/** `t` over this package's texts, then the shared `core` texts (see `createFeatureTranslation`). */
export const usePaymentsTranslation = createFeatureTranslation(PAYMENTS_NAMESPACE, texts);
