import { registerFeatureTexts } from '@fahrwerk/core';
import type { I18n } from '@fahrwerk/ui';
import bookingDe from '../booking/i18n/de.json';
import bookingEn from '../booking/i18n/en.json';
import calendarDe from './de.json';
import calendarEn from './en.json';

export const SCHEDULER_NAMESPACE = 'scheduler';

/** The package's texts: the calendar's (`./de.json`) and the booking dialogs' (`../booking/i18n`). */
export const SCHEDULER_TEXTS = {
  de: { ...calendarDe, ...bookingDe },
  en: { ...calendarEn, ...bookingEn },
};

/** Adds this package's texts to an i18n instance; the screens call it themselves too. */
export function registerSchedulerTexts(i18n: I18n): I18n {
  return registerFeatureTexts(i18n, SCHEDULER_NAMESPACE, SCHEDULER_TEXTS);
}
