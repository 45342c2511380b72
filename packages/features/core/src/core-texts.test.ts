import { addResources, createI18n } from '@fahrwerk/ui';
import { expect, test } from 'vitest';
import { registerCoreTexts } from './fahrwerk-provider';

test('a feature namespace falls back to the shared core texts for server keys', () => {
  const i18n = createI18n({ lng: 'de' });
  addResources(i18n, 'feature', { de: { title: 'Schüler' }, en: { title: 'Students' } });
  registerCoreTexts(i18n);
  const t = i18n.getFixedT('de', ['feature']);
  expect(t('title')).toBe('Schüler');
  expect(t('validation.email_in_use')).toBe('Diese E-Mail-Adresse wird bereits verwendet.');
  registerCoreTexts(i18n);
  expect(i18n.options.fallbackNS).toEqual(['core']);
});
