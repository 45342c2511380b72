import { PAYMENT_METHODS } from '@fahrwerk/api';
import { expect, test } from 'vitest';
import { REPORT_PATHS } from '../api/report-queries';
import { PERIOD_PRESETS } from '../period';
import { REPORT_AREAS } from '../report-kinds';
import de from './de.json';
import en from './en.json';

function keys(texts: object, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keys(value, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

const lookup = (texts: object, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], texts);

test('German and English have the same texts', () => {
  expect(keys(en).sort()).toEqual(keys(de).sort());
});

test('every report, area, preset and payment method has its texts', () => {
  const needed = [
    ...Object.keys(REPORT_PATHS).flatMap((kind) => [
      `report.${kind}.title`,
      `report.${kind}.description`,
    ]),
    ...REPORT_AREAS.flatMap((area) => [`area.${area}.title`, `area.${area}.description`]),
    ...PERIOD_PRESETS.map((preset) => `preset.${preset}`),
    ...PAYMENT_METHODS.map((method) => `paymentMethod.${method}`),
  ];
  for (const key of needed) {
    expect(typeof lookup(de, key), key).toBe('string');
    expect(typeof lookup(en, key), key).toBe('string');
  }
});

test('the German names the screens are known by', () => {
  expect(lookup(de, 'report.PAYMENTS_PER_DRIVING_SCHOOL.title')).toBe('Zahlungseingänge');
  expect(lookup(de, 'report.SALES_PER_INSTRUCTOR.title')).toBe('Umsatz je Fahrlehrer');
  expect(lookup(de, 'report.KM_PER_DRIVING_LESSON.title')).toBe('Kilometer je Fahrstunde');
  expect(lookup(de, 'inspectionPack.title')).toBe('Prüfungsmappe für die Fahrschulüberwachung');
  expect(lookup(de, 'state.empty')).toBe('Keine Daten im gewählten Zeitraum');
});
