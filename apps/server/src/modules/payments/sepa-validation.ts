import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { XmlDocument, XsdValidator } from 'libxml2-wasm';

/*
 * The rules a SEPA direct-debit file (pain.008.001.08) must keep before it leaves the
 * server: the ISO 20022 XML schema (apps/server/validators/sepa, see validators/README.md),
 * the SEPA character set and the EPC lengths, and the TARGET2 calendar of collection dates.
 */

export const SEPA_XSD = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../validators/sepa/pain.008.001.08.xsd',
);

/** The Latin character set of the EPC implementation guidelines (and the German DK rules). */
export const SEPA_CHARACTERS = /^[A-Za-z0-9/?:().,'+ -]*$/;

const UMLAUTS: Record<string, string> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ß: 'ss',
  ẞ: 'SS',
  '&': '+',
};

/**
 * A text in the SEPA character set: umlauts and ß transliterated (ä → ae, ß → ss), other
 * accents dropped (é → e), every other character outside the set a space; spaces collapsed,
 * at most `maxLength` characters (cut at the end, never invalid). An empty result takes
 * `fallback`.
 */
export function sepaText(
  value: string | null | undefined,
  maxLength: number,
  fallback = '',
): string {
  const transliterated = (value ?? '')
    .replace(/[äöüÄÖÜßẞ&]/g, (char) => UMLAUTS[char] ?? char)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9/?:().,'+ -]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const text = transliterated.slice(0, maxLength).trim();
  return text || sepaText(fallback, maxLength);
}

let validator: XsdValidator | undefined;
function schema(): XsdValidator {
  if (!validator) {
    const doc = XmlDocument.fromBuffer(readFileSync(SEPA_XSD), { url: SEPA_XSD });
    validator = XsdValidator.fromDoc(doc);
  }
  return validator;
}

/** The XML schema's complaints about a pain.008.001.08 file (empty when it is valid). */
export function pain008SchemaErrors(xml: string): string[] {
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromString(xml);
  } catch (error) {
    return [`not well-formed XML: ${(error as Error).message}`];
  }
  try {
    schema().validate(doc);
    return [];
  } catch (error) {
    const details = (error as { details?: { line?: number; message: string }[] }).details;
    if (details?.length) {
      return details.map((detail) => `line ${detail.line ?? '?'}: ${detail.message.trim()}`);
    }
    return [String((error as Error).message)];
  } finally {
    doc.dispose();
  }
}

/** Elements whose text the EPC limits below the ISO length (names 70, ids 35). */
const EPC_LENGTHS: Record<string, number> = { Nm: 70, MndtId: 35, EndToEndId: 35, Ustrd: 140 };

/**
 * What the ISO schema does not check but SEPA banks refuse: characters outside the SEPA set
 * in any text, names over 70 characters.
 */
export function sepaRuleErrors(xml: string): string[] {
  const errors: string[] = [];
  const body = xml.replace(/^<\?xml[^>]*\?>/, '');
  for (const match of body.matchAll(/<([A-Za-z]+)(?: [^>]*)?>([^<]+)<\//g)) {
    const [, element = '', text = ''] = match;
    if (!SEPA_CHARACTERS.test(text)) {
      errors.push(`${element}: "${text}" has characters outside the SEPA character set`);
    }
    const limit = EPC_LENGTHS[element];
    if (limit !== undefined && text.length > limit) {
      errors.push(`${element}: "${text}" is longer than ${limit} characters`);
    }
    if (errors.length >= 50) break;
  }
  // SEPA core debits need the mandate's reference and date of signature (optional in ISO).
  const debits = body.split('<DrctDbtTxInf>').length - 1;
  for (const element of ['MndtId', 'DtOfSgntr', 'EndToEndId']) {
    const count = body.split(`<${element}>`).length - 1;
    if (count !== debits) errors.push(`${debits} debits but ${count} ${element}`);
  }
  return errors;
}

/** Every complaint about a pain.008 file: the schema's and the SEPA rules'. */
export function validatePain008(xml: string): string[] {
  return [...pain008SchemaErrors(xml), ...sepaRuleErrors(xml)];
}

/* TARGET2 calendar: closed on weekends, 1 January, Good Friday, Easter Monday, 1 May,
   25 and 26 December. */

/** Easter Sunday of a year (anonymous Gregorian algorithm), as YYYY-MM-DD. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const shift = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Whether TARGET2 settles on this day (YYYY-MM-DD). */
export function isTarget2BusinessDay(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const monthDay = date.slice(5);
  if (['01-01', '05-01', '12-25', '12-26'].includes(monthDay)) return false;
  const easter = easterSunday(Number(date.slice(0, 4)));
  return date !== shift(easter, -2) && date !== shift(easter, 1);
}
