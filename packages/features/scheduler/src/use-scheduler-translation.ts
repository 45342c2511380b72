import { createFeatureTranslation } from '@fahrwerk/core';
import { SCHEDULER_NAMESPACE, SCHEDULER_TEXTS } from './i18n';

/** `t` over this package's texts, then the shared `core` texts (see `createFeatureTranslation`). */
export const useSchedulerTranslation = createFeatureTranslation(
  SCHEDULER_NAMESPACE,
  SCHEDULER_TEXTS,
);
