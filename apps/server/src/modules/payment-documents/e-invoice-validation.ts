import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';
import { XmlDocument, XsdValidator } from 'libxml2-wasm';
import { xmlRegisterFsInputProviders } from 'libxml2-wasm/lib/nodejs.mjs';
import { unescapeXml } from '../../lib/xml';

/*
 * Checks an e-invoice (CII XML) offline against the official rule sets copied into
 * apps/server/validators/einvoice (with their licences; see validators/README.md there):
 *
 * 1. the UN/CEFACT CII D16B XML schema (libxml2-wasm),
 * 2. the EN 16931 business rules for CII (BR-*, BR-CO-*, …),
 * 3. for XRechnung also the German CIUS rules (BR-DE-*),
 *
 * the Schematron rules compiled for SaxonJS (`.sef.json`), whose SVRL report names every
 * failed assert. A file is valid when the schema accepts it and no fatal assert fails.
 */

const require = createRequire(import.meta.url);
type SaxonJs = {
  transform: (options: Record<string, unknown>, mode: 'sync') => { principalResult: string };
};
const SaxonJS = require('saxon-js') as SaxonJs;

export const VALIDATORS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../validators/einvoice',
);

export type FailedAssert = { id: string; flag: string; location: string; text: string };

export type EInvoiceValidation = {
  /** Schema errors (line and message). */
  schemaErrors: string[];
  /** Failed fatal asserts of EN 16931 and, for XRechnung, of the XRechnung rules. */
  fatal: FailedAssert[];
  /** Failed asserts that are warnings only. */
  warnings: FailedAssert[];
  valid: boolean;
};

let xsd: XsdValidator | undefined;
function schemaValidator(): XsdValidator {
  if (!xsd) {
    xmlRegisterFsInputProviders();
    const file = path.join(
      VALIDATORS_DIR,
      'cii-d16b/uncefact/data/standard/CrossIndustryInvoice_100pD16B.xsd',
    );
    const doc = XmlDocument.fromBuffer(readFileSync(file), { url: file });
    xsd = XsdValidator.fromDoc(doc);
  }
  return xsd;
}

const stylesheets = new Map<string, unknown>();
function stylesheet(name: string): unknown {
  let sheet = stylesheets.get(name);
  if (!sheet) {
    sheet = JSON.parse(readFileSync(path.join(VALIDATORS_DIR, name), 'utf8'));
    stylesheets.set(name, sheet);
  }
  return sheet;
}

/** The schema errors of a CII document (empty when it is valid). */
export function schemaErrors(xml: string): string[] {
  const doc = XmlDocument.fromString(xml);
  try {
    schemaValidator().validate(doc);
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

/** The failed asserts of one Schematron rule set over the document. */
export function failedAsserts(xml: string, ruleSet: string): FailedAssert[] {
  const { principalResult } = SaxonJS.transform(
    { stylesheetInternal: stylesheet(ruleSet), sourceText: xml, destination: 'serialized' },
    'sync',
  );
  const failed: FailedAssert[] = [];
  for (const match of principalResult.matchAll(
    /<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g,
  )) {
    const attributes = match[1] ?? '';
    const attribute = (name: string) =>
      unescapeXml(new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1] ?? '');
    const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(match[2] ?? '')?.[1] ?? '';
    failed.push({
      id: attribute('id'),
      flag: attribute('flag') || 'fatal',
      location: attribute('location'),
      text: unescapeXml(text).replace(/\s+/g, ' ').trim(),
    });
  }
  return failed;
}

/** Schema, EN 16931 and (for XRechnung) the XRechnung rules. */
export function validateEInvoice(xml: string, options: { xrechnung: boolean }): EInvoiceValidation {
  const errors = schemaErrors(xml);
  const asserts = [
    ...failedAsserts(xml, 'en16931-cii.sef.json'),
    ...(options.xrechnung ? failedAsserts(xml, 'xrechnung-cii.sef.json') : []),
  ];
  const fatal = asserts.filter((assert) => assert.flag === 'fatal' || assert.flag === 'error');
  const warnings = asserts.filter((assert) => !fatal.includes(assert));
  return {
    schemaErrors: errors,
    fatal,
    warnings,
    valid: errors.length === 0 && fatal.length === 0,
  };
}

/**
 * The `factur-x.xml` embedded in a ZUGFeRD/Factur-X PDF (the stream of the embedded file,
 * inflated), or undefined when the PDF carries none.
 */
export function embeddedFacturX(pdf: Buffer): string | undefined {
  const source = pdf.toString('latin1');
  const match = /\/Type \/EmbeddedFile\b([\s\S]*?)>>\s*stream\r?\n/.exec(source);
  if (!match) return undefined;
  const head = match[1] ?? '';
  const length = Number(/\/Length (\d+)/.exec(head)?.[1] ?? Number.NaN);
  if (!Number.isFinite(length)) return undefined;
  const start = match.index + match[0].length;
  const raw = pdf.subarray(start, start + length);
  const bytes = head.includes('/FlateDecode') ? inflateSync(raw) : raw;
  return bytes.toString('utf8');
}
