import { createFeatureTranslation } from '@fahrwerk/core';
import { INVOICES_NAMESPACE } from './i18n';
import { texts } from './i18n/texts';

/** `t` over this package's texts, then the shared `core` texts (see `createFeatureTranslation`). */
export const useInvoicesTranslation = createFeatureTranslation(INVOICES_NAMESPACE, texts);
