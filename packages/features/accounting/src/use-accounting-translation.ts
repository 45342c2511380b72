import { createFeatureTranslation } from '@fahrwerk/core';
import { ACCOUNTING_NAMESPACE } from './i18n';
import { texts } from './i18n/texts';

/** `t` over this package's texts, then the shared `core` texts (see `createFeatureTranslation`). */
export const useAccountingTranslation = createFeatureTranslation(ACCOUNTING_NAMESPACE, texts);
