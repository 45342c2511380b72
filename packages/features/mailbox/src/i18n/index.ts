import { registerFeatureTexts } from '@fahrwerk/core';
import type { I18n } from '@fahrwerk/ui';
import de from './de.json';
import en from './en.json';

export const MAILBOX_NAMESPACE = 'mailbox';

/** Adds this package's texts to an i18n instance; the screens call it themselves too. */
export function registerMailboxTexts(i18n: I18n): I18n {
  return registerFeatureTexts(i18n, MAILBOX_NAMESPACE, { de, en });
}
