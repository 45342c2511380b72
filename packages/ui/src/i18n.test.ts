import { describe, expect, it } from 'vitest';
import { addResources, createI18n } from './i18n';

describe('createI18n', () => {
  it('speaks German by default with the ui namespace bundled', () => {
    const i18n = createI18n();
    expect(i18n.language).toBe('de');
    expect(i18n.t('ui:common.cancel')).toBe('Abbrechen');
    expect(i18n.t('fileUpload.tooLarge', { ns: 'ui', size: '5' })).toBe(
      'Die Datei überschreitet die zulässige Größe von 5 MB.',
    );
  });

  it('switches to English', () => {
    const i18n = createI18n({ lng: 'en' });
    expect(i18n.t('ui:common.cancel')).toBe('Cancel');
  });

  it('gives independent instances', async () => {
    const de = createI18n();
    const en = createI18n({ lng: 'en' });
    await en.changeLanguage('en');
    expect(de.t('ui:common.close')).toBe('Schließen');
    expect(en.t('ui:common.close')).toBe('Close');
  });

  it('takes further bundles at creation', () => {
    const i18n = createI18n({ resources: { de: { students: { title: 'Schüler' } } } });
    expect(i18n.t('students:title')).toBe('Schüler');
  });
});

describe('addResources', () => {
  it('adds a feature namespace and falls back to German for missing English texts', () => {
    const i18n = createI18n({ lng: 'en' });
    addResources(i18n, 'vehicles', {
      de: { title: 'Fahrzeuge', plate: 'Kennzeichen' },
      en: { title: 'Vehicles' },
    });
    expect(i18n.t('vehicles:title')).toBe('Vehicles');
    expect(i18n.t('vehicles:plate')).toBe('Kennzeichen');
  });
});

describe('translations', () => {
  it('have the same keys in German and English', async () => {
    const de = (await import('./i18n/de.json')).default;
    const en = (await import('./i18n/en.json')).default;
    const keys = (value: object, prefix = ''): string[] =>
      Object.entries(value).flatMap(([key, child]) =>
        typeof child === 'object' && child ? keys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
      );
    expect(keys(en).sort()).toEqual(keys(de).sort());
  });
});
