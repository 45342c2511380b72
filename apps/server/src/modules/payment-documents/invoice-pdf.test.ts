import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { DocumentPrint } from './document-print';
import { giroCodePayload } from './girocode';
import { paymentDocumentDefinition, renderPaymentDocumentPdf } from './invoice-pdf';
import { pdfLines } from './pdf-lines';
import {
  cancellationInvoice,
  classBFinalInvoice,
  classCEFinalInvoice,
  costBearerXRechnung,
} from './print-fixtures';

/*
 * Golden files of the printed text (extracted line by line from the PDF): a changed text
 * fails the test. After an intended change: UPDATE_GOLDEN=1 npx vitest run <this file>, then
 * read the diff of __golden__/ before committing it.
 */

const GOLDEN_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '__golden__');

async function expectGolden(name: string, print: DocumentPrint) {
  const text = `${pdfLines(await renderPaymentDocumentPdf(print))}\n`;
  const file = path.join(GOLDEN_DIR, `${name}.txt`);
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(file)) {
    if (process.env.CI) throw new Error(`Golden file ${name}.txt is missing.`);
    mkdirSync(GOLDEN_DIR, { recursive: true });
    writeFileSync(file, text);
  }
  expect(text).toBe(readFileSync(file, 'utf8'));
  return text;
}

/** Every node of a document definition, for looking at the layout. */
function nodes(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.flatMap(nodes);
  if (value && typeof value === 'object') {
    return [value as Record<string, unknown>, ...Object.values(value).flatMap(nodes)];
  }
  return [];
}

describe('the PDF of a payment document (golden files of its text)', () => {
  it('class B final invoice: 19 % and 7 %, totals per rate, GiroCode, footer', async () => {
    const text = await expectGolden('final-invoice-class-b', classBFinalInvoice);
    expect(text).toContain('Schlussrechnung Nr. 2026-00042');
    expect(text).toContain('Nettobetrag 19 %  1642,02 €');
    expect(text).toContain('Gesamtbetrag  2043,90 €');
    expect(text).not.toContain('Steuerfrei');
  });

  it('class CE final invoice: exempt, the note printed', async () => {
    const text = await expectGolden('final-invoice-class-ce', classCEFinalInvoice);
    expect(text).toContain('Steuerfreie Leistungen (0 %)  2940,00 €');
    expect(text).toContain('Steuerfrei nach § 4 Nr. 21 UStG');
    expect(text).toContain('Ömer Yıldız');
  });

  it('cancellation invoice: refers to the invoice it cancels, negative amounts, no transfer', async () => {
    const text = await expectGolden('cancellation-invoice', cancellationInvoice);
    expect(text).toContain('Stornorechnung Nr. 2026-00044');
    expect(text).toContain('zu Rechnung Nr. 2026-00042 vom 20.11.2026');
    expect(text).toContain('Gesamtbetrag  -2043,90 €');
    expect(text).not.toContain('Bitte überweisen');
  });

  it('cost-bearer invoice in XRechnung format: Leitweg-ID, student, voucher, exempt and taxed share', async () => {
    const text = await expectGolden('cost-bearer-invoice-xrechnung', costBearerXRechnung);
    expect(text).toContain('Leitweg-ID  991-01234-56');
    expect(text).toContain('Fahrschüler  Ömer Yıldız');
    expect(text).toContain('Auftragsnr.  BGS-2026-4711');
  });
});

describe('the PDF layout', () => {
  it('prints a GiroCode (EPC QR, error correction M) with IBAN, amount and number', () => {
    const qr = nodes(paymentDocumentDefinition(classBFinalInvoice)).find((node) => 'qr' in node);
    expect(qr?.eccLevel).toBe('M');
    expect(qr?.qr).toBe(
      giroCodePayload({
        name: 'Fahrschule Müller & Söhne GmbH',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
        amount: 204_390,
        reference: '2026-00042',
      }),
    );
  });

  it('prints no GiroCode on a cancellation, a draft, without IBAN, or for a direct debit', () => {
    const hasQr = (print: DocumentPrint) =>
      nodes(paymentDocumentDefinition(print)).some((node) => 'qr' in node);
    expect(hasQr(cancellationInvoice)).toBe(false);
    expect(hasQr({ ...classBFinalInvoice, mark: 'DRAFT' })).toBe(false);
    const { iban: _iban, ...withoutIban } = classBFinalInvoice.issuer;
    expect(hasQr({ ...classBFinalInvoice, issuer: withoutIban })).toBe(false);
    expect(hasQr({ ...classBFinalInvoice, paymentMethod: 'DIRECT_DEBIT' })).toBe(false);
  });

  it('marks a draft and a preview, and leaves the letterhead out on request', async () => {
    const draft = pdfLines(
      await renderPaymentDocumentPdf({ ...classBFinalInvoice, mark: 'DRAFT' }),
    );
    expect(draft).toContain('Entwurf – keine Rechnung');
    const preview = pdfLines(
      await renderPaymentDocumentPdf({ ...classBFinalInvoice, mark: 'PREVIEW' }),
    );
    expect(preview).toContain('Vorschau – keine Rechnung');
    const plain = pdfLines(
      await renderPaymentDocumentPdf({ ...classBFinalInvoice, removeLetterhead: true }),
    );
    expect(plain).not.toContain('Hauptstraße 12a');
    expect(plain).not.toContain('Steuernr.');
    expect(plain).toContain('Lena Schäfer');
    expect(plain).toContain('Schlussrechnung Nr. 2026-00042');
  });

  it('a payment request is no invoice: no number, says so', async () => {
    const text = pdfLines(
      await renderPaymentDocumentPdf({
        ...classBFinalInvoice,
        document: { ...classBFinalInvoice.document, type: 'PAYMENT_REQUEST', number: undefined },
      }),
    );
    expect(text).toContain('Zahlungsaufforderung');
    expect(text).toContain('Dies ist keine Rechnung.');
    expect(text).not.toContain('Rechnungsnr.');
  });

  it('repeats the table header on every page of a long invoice and numbers the pages', async () => {
    const line = classBFinalInvoice.document.lines[2];
    if (!line) throw new Error('fixture');
    const lines = Array.from({ length: 90 }, (_, index) => ({ ...line, position: index + 1 }));
    const text = pdfLines(
      await renderPaymentDocumentPdf({
        ...classBFinalInvoice,
        document: { ...classBFinalInvoice.document, lines },
      }),
    );
    const pages = text.split(/--- Seite \d+ ---/).filter(Boolean);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const [index, page] of pages.entries()) {
      expect(page).toContain(`Seite ${index + 1} von ${pages.length}`);
      if (index < pages.length - 1) expect(page).toContain('Pos.  Leistung  Datum  Menge');
    }
  });

  it('renders the same bytes again from the same print (archived PDF = re-render)', async () => {
    const first = await renderPaymentDocumentPdf(classBFinalInvoice);
    const again = await renderPaymentDocumentPdf(classBFinalInvoice);
    expect(again.equals(first)).toBe(true);
  });

  it('renders fast enough for billing runs (ms per invoice in the output)', async () => {
    const runs = 20;
    const started = performance.now();
    for (let i = 0; i < runs; i += 1) await renderPaymentDocumentPdf(classBFinalInvoice);
    const perInvoice = (performance.now() - started) / runs;
    console.info(`invoice PDF: ${perInvoice.toFixed(1)} ms per render (${runs} renders)`);
    expect(perInvoice).toBeLessThan(1000);
  });
});
