import { registerFeatureTexts } from '@fahrwerk/core';
import type { I18n } from '@fahrwerk/ui';
import de from './de.json';
import en from './en.json';

export const PULSE_NAMESPACE = 'pulse';

/** Adds this package's texts to an i18n instance; the screen calls it itself too. */
export function registerPulseTexts(i18n: I18n): I18n {
  return registerFeatureTexts(i18n, PULSE_NAMESPACE, { de, en });
}
