import { createI18n } from '@fahrwerk/ui';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { expect, test } from 'vitest';
import { registerCoreTexts } from './fahrwerk-provider';
import { createFeatureTranslation } from './translation';

const useFeatureTranslation = createFeatureTranslation('feature', {
  de: { title: 'Fahrzeuge', count_one: '{{count}} Fahrzeug', count_other: '{{count}} Fahrzeuge' },
  en: { title: 'Vehicles' },
});

function render(lng: 'de' | 'en') {
  const i18n = createI18n({ lng });
  registerCoreTexts(i18n);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
  );
  return renderHook(() => useFeatureTranslation(), { wrapper }).result.current.t;
}

test('a key resolves in the feature namespace first, then in the shared core texts', () => {
  const t = render('de');
  expect(t('title')).toBe('Fahrzeuge');
  expect(t('count', { count: 2 })).toBe('2 Fahrzeuge');
  expect(t('validation.email_in_use')).toBe('Diese E-Mail-Adresse wird bereits verwendet.');
});

test('English falls back to the German feature text, core texts translate', () => {
  const t = render('en');
  expect(t('title')).toBe('Vehicles');
  expect(t('count', { count: 1 })).toBe('1 Fahrzeug');
  expect(t('validation.email_in_use')).not.toBe('Diese E-Mail-Adresse wird bereits verwendet.');
  expect(t('validation.email_in_use')).not.toBe('validation.email_in_use');
});
