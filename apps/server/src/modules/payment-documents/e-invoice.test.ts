import { describe, expect, it } from 'vitest';
import type { DocumentPrint } from './document-print';
import { EInvoiceError, renderEInvoice } from './e-invoice';
import { embeddedFacturX, validateEInvoice } from './e-invoice-validation';
import {
  classBFinalInvoice,
  costBearerXRechnung,
  costBearerXRechnungCancellation,
  costBearerZugferd,
} from './print-fixtures';

/*
 * Every kind of e-invoice Fahrwerk writes, checked against the official rule sets copied into
 * apps/server/validators/einvoice: the CII D16B schema, the EN 16931 rules and (XRechnung)
 * the German CIUS rules — no schema error and no failed fatal assert. A tampered total shows
 * that the check can fail.
 */

const ids = (asserts: { id: string }[]) => asserts.map((assert) => assert.id);

async function xmlOf(print: DocumentPrint): Promise<string> {
  const file = await renderEInvoice(print);
  if (file.mimeType === 'application/pdf') {
    const xml = embeddedFacturX(file.bytes);
    if (!xml) throw new Error('no factur-x.xml in the PDF');
    return xml;
  }
  return file.bytes.toString('utf8');
}

describe('e-invoices against the schema, EN 16931 and XRechnung', () => {
  it('XRechnung 3.0 CII of a cost-bearer course invoice (exempt and taxed lines)', async () => {
    const file = await renderEInvoice(costBearerXRechnung);
    expect(file.mimeType).toBe('application/xml');
    expect(file.fileName).toBe('XRechnung_2026-00045.xml');
    const xml = file.bytes.toString('utf8');
    expect(xml).toContain('urn:xeinkauf.de:kosit:xrechnung_3.0');
    expect(xml).toContain('<ram:BuyerReference>991-01234-56</ram:BuyerReference>');
    expect(xml).toContain('<ram:CategoryCode>E</ram:CategoryCode>');
    expect(xml).toContain(
      '<ram:ExemptionReason>Steuerfrei nach § 4 Nr. 21 UStG</ram:ExemptionReason>',
    );
    expect(xml).toContain('<ram:ID schemeID="VA">DE123456789</ram:ID>');
    const result = validateEInvoice(xml, { xrechnung: true });
    expect(result.schemaErrors).toEqual([]);
    expect(ids(result.fatal)).toEqual([]);
    expect(result.valid).toBe(true);
  }, 60_000);

  it('XRechnung of a cancellation: a credit note (381) referring to the invoice', async () => {
    const xml = await xmlOf(costBearerXRechnungCancellation);
    expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(xml).toContain('<ram:IssuerAssignedID>2026-00045</ram:IssuerAssignedID>');
    expect(xml).toContain('<qdt:DateTimeString format="102">20261124</qdt:DateTimeString>');
    expect(xml).toContain('<ram:GrandTotalAmount>4452.50</ram:GrandTotalAmount>');
    const result = validateEInvoice(xml, { xrechnung: true });
    expect(result.schemaErrors).toEqual([]);
    expect(ids(result.fatal)).toEqual([]);
  }, 60_000);

  it('ZUGFeRD/Factur-X EN 16931: a PDF/A-3 with factur-x.xml embedded and valid', async () => {
    const file = await renderEInvoice(costBearerZugferd);
    expect(file.mimeType).toBe('application/pdf');
    const pdf = file.bytes.toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain('/AF');
    expect(pdf).toContain('pdfaid:part');
    expect(pdf).toMatch(/<pdfaid:part>3<\/pdfaid:part>|pdfaid:part="3"/);
    expect(pdf).toContain('factur-x.xml');
    const xml = embeddedFacturX(file.bytes);
    expect(xml).toContain('urn:cen.eu:en16931:2017');
    const result = validateEInvoice(xml ?? '', { xrechnung: false });
    expect(result.schemaErrors).toEqual([]);
    expect(ids(result.fatal)).toEqual([]);
  }, 60_000);

  it('ZUGFeRD of a cancellation: a credit note with the preceding invoice, valid', async () => {
    const xml = await xmlOf({
      ...costBearerXRechnungCancellation,
      document: { ...costBearerXRechnungCancellation.document, eInvoiceFormat: 'ZUGFERD' },
    });
    expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(xml).toMatch(
      /<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>2026-00045<\/ram:IssuerAssignedID>/,
    );
    const result = validateEInvoice(xml, { xrechnung: false });
    expect(result.schemaErrors).toEqual([]);
    expect(ids(result.fatal)).toEqual([]);
  }, 60_000);

  it('fails a tampered total: BR-CO-15', async () => {
    const xml = await xmlOf(costBearerXRechnung);
    const tampered = xml.replace(
      '<ram:GrandTotalAmount>4452.50</ram:GrandTotalAmount>',
      '<ram:GrandTotalAmount>4452.60</ram:GrandTotalAmount>',
    );
    expect(tampered).not.toBe(xml);
    const result = validateEInvoice(tampered, { xrechnung: true });
    expect(result.valid).toBe(false);
    expect(ids(result.fatal)).toContain('BR-CO-15');
  }, 60_000);

  it('fails an XRechnung without buyer reference (BR-DE-15) and a broken schema', async () => {
    const xml = await xmlOf(costBearerXRechnung);
    const withoutReference = xml.replace(/<ram:BuyerReference>[^<]*<\/ram:BuyerReference>/, '');
    expect(ids(validateEInvoice(withoutReference, { xrechnung: true }).fatal)).toContain(
      'BR-DE-15',
    );
    const broken = xml.replace('<ram:TypeCode>380</ram:TypeCode>', '<ram:Kind>380</ram:Kind>');
    expect(validateEInvoice(broken, { xrechnung: true }).schemaErrors.length).toBeGreaterThan(0);
  }, 60_000);

  it('refuses the format PDF, a draft and an XRechnung without Leitweg-ID', async () => {
    await expect(renderEInvoice(classBFinalInvoice)).rejects.toThrow(EInvoiceError);
    await expect(
      renderEInvoice({
        ...costBearerXRechnung,
        document: { ...costBearerXRechnung.document, number: undefined },
      }),
    ).rejects.toThrow(EInvoiceError);
    await expect(
      renderEInvoice({
        ...costBearerXRechnung,
        document: { ...costBearerXRechnung.document, buyerReference: undefined },
      }),
    ).rejects.toThrow(EInvoiceError);
  });
});
