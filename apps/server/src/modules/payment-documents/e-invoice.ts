import {
  FormatFactoryService,
  type Invoice,
  type InvoiceServiceOptions,
  invoiceSchema,
} from '@e-invoice-eu/core';
import { Ajv2019, type ValidateFunction } from 'ajv/dist/2019.js';
import { formatDate } from '../../pdf/pdfmake';
import type { DocumentPrint } from './document-print';
import { renderPaymentDocumentPdf } from './invoice-pdf';

/*
 * The e-invoice of a cost-bearer document (EN 16931 in the UN/CEFACT CII D16B syntax), made
 * with @e-invoice-eu/core from its UBL-shaped JSON:
 *
 * - XRECHNUNG: XRechnung 3.0 CII XML (`application/xml`). BT-10 buyer reference is the
 *   Leitweg-ID (`buyerReference`), which is also the buyer's electronic address (scheme 0204).
 * - ZUGFERD: Factur-X/ZUGFeRD profile EN 16931, the PDF of the document turned PDF/A-3 with
 *   `factur-x.xml` embedded (`application/pdf`).
 *
 * Amounts: EN 16931 prices are net, our lines gross; the line net amount is the stored `net`,
 * the net unit price `net / quantity` (4 decimals). A negative line (a discount, a deducted
 * partial invoice) is a negative quantity at a positive price (BR-27: no negative prices).
 * Exempt lines are VAT category E with the exemption reason (BR-E-10). A cancellation invoice
 * is a credit note (type code 381) with the signs turned positive and the cancelled invoice as
 * preceding invoice reference (BT-25/BT-26).
 */

type Document = DocumentPrint['document'];

export type EInvoiceFile = { fileName: string; mimeType: string; bytes: Buffer };

export class EInvoiceError extends Error {}

/** Cents → `12.34` (the XML's decimal point). */
const amount = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** A decimal with at most `digits` decimals and no trailing zeros. */
const decimal = (value: number, digits = 4) => {
  const fixed = value.toFixed(digits);
  return fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
};

const EXEMPTION_CODE = 'VATEX-EU-132-1I';
const DEFAULT_EXEMPTION = 'Steuerfrei nach § 4 Nr. 21 UStG';

const category = (rate: number) => (rate === 0 ? 'E' : 'S');

const street = (address: Document['recipientAddress']) =>
  [address?.street, address?.houseNumber].filter(Boolean).join(' ') || undefined;

/** The UBL-shaped invoice @e-invoice-eu/core turns into CII. */
export function eInvoiceData(print: DocumentPrint): Invoice {
  const { document, issuer } = print;
  const isXRechnung = document.eInvoiceFormat === 'XRECHNUNG';
  if (!document.number || !document.issueDate) {
    throw new EInvoiceError('An e-invoice needs an issued document (number and date).');
  }
  if (isXRechnung && !document.buyerReference) {
    throw new EInvoiceError('An XRechnung needs the buyer reference (Leitweg-ID).');
  }
  // A cancellation is a credit note: every amount with the sign turned.
  const creditNote = document.type === 'CANCELLATION_INVOICE';
  const sign = creditNote ? -1 : 1;
  const exemptionReason = document.taxExemptionNote ?? DEFAULT_EXEMPTION;

  const lines = document.lines.map((line) => {
    const net = sign * line.net;
    const quantity = net < 0 ? -line.quantity : line.quantity;
    // The net unit price with 2 decimals when it is exact, else the net price of the whole
    // quantity as base quantity (BT-149), so quantity × price / base = line net exactly.
    const unitCents = Math.abs(net) / line.quantity;
    const exact = Number.isInteger(unitCents);
    return {
      'cbc:ID': String(line.position),
      'cbc:InvoicedQuantity': decimal(quantity),
      'cbc:InvoicedQuantity@unitCode': 'C62',
      'cbc:LineExtensionAmount': amount(net),
      'cbc:LineExtensionAmount@currencyID': 'EUR',
      ...(line.serviceDate
        ? {
            'cac:InvoicePeriod': {
              'cbc:StartDate': line.serviceDate,
              'cbc:EndDate': line.serviceDate,
            },
          }
        : {}),
      'cac:Item': {
        'cbc:Name': line.description.slice(0, 200),
        'cac:ClassifiedTaxCategory': {
          'cbc:ID': category(line.vatRate),
          'cbc:Percent': String(line.vatRate),
          'cac:TaxScheme': { 'cbc:ID': 'VAT' },
        },
      },
      'cac:Price': exact
        ? { 'cbc:PriceAmount': amount(unitCents), 'cbc:PriceAmount@currencyID': 'EUR' }
        : {
            'cbc:PriceAmount': amount(Math.abs(net)),
            'cbc:PriceAmount@currencyID': 'EUR',
            'cbc:BaseQuantity': decimal(line.quantity),
            'cbc:BaseQuantity@unitCode': 'C62',
          },
    };
  });
  if (lines.length === 0) throw new EInvoiceError('An e-invoice needs at least one line.');

  const breakdown = document.vatTotals.map((total) => ({
    'cbc:TaxableAmount': amount(sign * total.net),
    'cbc:TaxableAmount@currencyID': 'EUR',
    'cbc:TaxAmount': amount(sign * total.vat),
    'cbc:TaxAmount@currencyID': 'EUR',
    'cac:TaxCategory': {
      'cbc:ID': category(total.vatRate),
      'cbc:Percent': String(total.vatRate),
      ...(total.vatRate === 0
        ? {
            'cbc:TaxExemptionReasonCode': EXEMPTION_CODE,
            'cbc:TaxExemptionReason': exemptionReason,
          }
        : {}),
      'cac:TaxScheme': { 'cbc:ID': 'VAT' },
    },
  }));

  const totalNet = sign * document.totalNet;
  const totalVat = sign * document.totalVat;
  const totalGross = sign * document.totalGross;

  const notes = [
    document.footnote,
    document.taxExemptionNote,
    print.studentName ? `Fahrschüler/in: ${print.studentName}` : undefined,
    creditNote && print.cancels
      ? `Stornorechnung zu Rechnung Nr. ${print.cancels.number} vom ${formatDate(print.cancels.issueDate)}`
      : undefined,
  ].filter((note): note is string => Boolean(note));

  const sellerTax: { 'cbc:CompanyID': string; 'cac:TaxScheme': { 'cbc:ID': string } }[] = [];
  if (issuer.vatId) {
    sellerTax.push({ 'cbc:CompanyID': issuer.vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } });
  }
  if (issuer.taxNumber) {
    sellerTax.push({ 'cbc:CompanyID': issuer.taxNumber, 'cac:TaxScheme': { 'cbc:ID': 'FC' } });
  }
  const recipient = document.recipientAddress;
  const buyerEndpoint = document.buyerReference
    ? { id: document.buyerReference, scheme: '0204' as const }
    : undefined;

  const paymentTerms = creditNote
    ? 'Der Betrag wird erstattet oder mit offenen Forderungen verrechnet.'
    : document.dueDate
      ? `Zahlbar ohne Abzug bis zum ${formatDate(document.dueDate)}.`
      : 'Zahlbar ohne Abzug sofort nach Erhalt der Rechnung.';

  const invoice = {
    'ubl:Invoice': {
      'cbc:CustomizationID': isXRechnung
        ? 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0'
        : 'urn:cen.eu:en16931:2017',
      'cbc:ProfileID': 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
      'cbc:ID': document.number,
      'cbc:IssueDate': document.issueDate,
      ...(document.dueDate && !creditNote ? { 'cbc:DueDate': document.dueDate } : {}),
      'cbc:InvoiceTypeCode': creditNote ? '381' : '380',
      // One note (CII-SR-030: the note's content at most once).
      ...(notes.length > 0 ? { 'cbc:Note': [notes.join('\n')] } : {}),
      'cbc:DocumentCurrencyCode': 'EUR',
      ...(document.buyerReference ? { 'cbc:BuyerReference': document.buyerReference } : {}),
      ...(document.servicePeriodFrom && document.servicePeriodTo
        ? {
            'cac:InvoicePeriod': {
              'cbc:StartDate': document.servicePeriodFrom,
              'cbc:EndDate': document.servicePeriodTo,
            },
          }
        : {}),
      ...(document.voucherNumber
        ? { 'cac:OrderReference': { 'cbc:ID': document.voucherNumber } }
        : {}),
      ...(creditNote && print.cancels
        ? {
            'cac:BillingReference': [
              {
                'cac:InvoiceDocumentReference': {
                  'cbc:ID': print.cancels.number,
                  'cbc:IssueDate': print.cancels.issueDate,
                },
              },
            ],
          }
        : {}),
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          ...(issuer.email
            ? { 'cbc:EndpointID': issuer.email, 'cbc:EndpointID@schemeID': 'EM' }
            : {}),
          'cac:PostalAddress': {
            ...(street(issuer.address) ? { 'cbc:StreetName': street(issuer.address) } : {}),
            ...(issuer.address?.city ? { 'cbc:CityName': issuer.address.city } : {}),
            ...(issuer.address?.postalCode ? { 'cbc:PostalZone': issuer.address.postalCode } : {}),
            'cac:Country': { 'cbc:IdentificationCode': issuer.address?.country ?? 'DE' },
          },
          ...(sellerTax.length > 0 ? { 'cac:PartyTaxScheme': sellerTax.slice(0, 2) } : {}),
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': issuer.name },
          'cac:Contact': {
            'cbc:Name': issuer.responsiblePerson ?? issuer.name,
            ...(issuer.phone ? { 'cbc:Telephone': issuer.phone } : {}),
            ...(issuer.email ? { 'cbc:ElectronicMail': issuer.email } : {}),
          },
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          ...(buyerEndpoint
            ? {
                'cbc:EndpointID': buyerEndpoint.id,
                'cbc:EndpointID@schemeID': buyerEndpoint.scheme,
              }
            : {}),
          'cac:PostalAddress': {
            ...(street(recipient) ? { 'cbc:StreetName': street(recipient) } : {}),
            ...(recipient?.city ? { 'cbc:CityName': recipient.city } : {}),
            ...(recipient?.postalCode ? { 'cbc:PostalZone': recipient.postalCode } : {}),
            'cac:Country': { 'cbc:IdentificationCode': recipient?.country ?? 'DE' },
          },
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': document.recipientName },
        },
      },
      // CII wants the delivery element: the party trained (BT-70, the student a cost bearer
      // pays for) and, for one service day, the date (BT-72).
      'cac:Delivery': {
        ...(document.serviceDate ? { 'cbc:ActualDeliveryDate': document.serviceDate } : {}),
        'cac:DeliveryParty': {
          'cac:PartyName': { 'cbc:Name': print.studentName ?? document.recipientName },
        },
      },
      'cac:PaymentMeans': [
        issuer.iban
          ? {
              'cbc:PaymentMeansCode': '58',
              'cbc:PaymentID': document.number,
              'cac:PayeeFinancialAccount': {
                'cbc:ID': issuer.iban,
                'cbc:Name': issuer.name,
                ...(issuer.bic
                  ? { 'cac:FinancialInstitutionBranch': { 'cbc:ID': issuer.bic } }
                  : {}),
              },
            }
          : { 'cbc:PaymentMeansCode': '1', 'cbc:PaymentID': document.number },
      ],
      'cac:PaymentTerms': { 'cbc:Note': paymentTerms },
      'cac:TaxTotal': [
        {
          'cbc:TaxAmount': amount(totalVat),
          'cbc:TaxAmount@currencyID': 'EUR',
          'cac:TaxSubtotal': breakdown,
        },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': amount(totalNet),
        'cbc:LineExtensionAmount@currencyID': 'EUR',
        'cbc:TaxExclusiveAmount': amount(totalNet),
        'cbc:TaxExclusiveAmount@currencyID': 'EUR',
        'cbc:TaxInclusiveAmount': amount(totalGross),
        'cbc:TaxInclusiveAmount@currencyID': 'EUR',
        'cbc:PayableAmount': amount(totalGross),
        'cbc:PayableAmount@currencyID': 'EUR',
      },
      'cac:InvoiceLine': lines,
    },
  };
  return invoice as unknown as Invoice;
}

const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The date of the preceding invoice of a credit note (BT-26) in the CII XML, where the CII D16B
 * schema wants it (`qdt:DateTimeString`, format 102); the whole reference (BT-25, BT-26)
 * after the monetary summation when the XML has none.
 */
export function withPrecedingInvoice(xml: string, print: DocumentPrint): string {
  if (!print.cancels) return xml;
  const date = [
    '<ram:FormattedIssueDateTime>',
    `<qdt:DateTimeString format="102">${print.cancels.issueDate.replace(/-/g, '')}</qdt:DateTimeString>`,
    '</ram:FormattedIssueDateTime>',
  ].join('');
  const id = `<ram:IssuerAssignedID>${xmlEscape(print.cancels.number)}</ram:IssuerAssignedID>`;
  const existing =
    /(<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>[^<]*<\/ram:IssuerAssignedID>)(\s*<\/ram:InvoiceReferencedDocument>)/;
  if (existing.test(xml)) return xml.replace(existing, `$1${date}$2`);
  const end = '</ram:SpecifiedTradeSettlementHeaderMonetarySummation>';
  if (!xml.includes(end)) throw new EInvoiceError('The CII XML has no monetary summation.');
  return xml.replace(
    end,
    `${end}<ram:InvoiceReferencedDocument>${id}${date}</ram:InvoiceReferencedDocument>`,
  );
}

const silent = {
  log: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

const formats = new FormatFactoryService();
const validators = new Map<string, ValidateFunction>();

/**
 * What `InvoiceService.generate` of @e-invoice-eu/core does — check the data against its JSON
 * schema (patched per format), fill the format's defaults, write the XML or PDF — with the
 * schema compiled once per format instead of on every call (that compile took about 0.3 s).
 */
async function generate(data: Invoice, options: InvoiceServiceOptions) {
  const format = formats.normalizeFormat(options.format);
  const formatter = formats.createFormatService(format, silent);
  let validate = validators.get(format);
  if (!validate) {
    const ajv = new Ajv2019({ strict: true, allErrors: true, useDefaults: true });
    const schema = structuredClone(invoiceSchema);
    formatter.patchSchema(schema);
    validate = ajv.compile(schema);
    validators.set(format, validate);
  }
  const invoice = structuredClone(data);
  if (!validate(invoice)) {
    throw new EInvoiceError(
      `The e-invoice data is invalid: ${(validate.errors ?? [])
        .map((error) => `${error.instancePath} ${error.message ?? ''}`)
        .join('; ')}`,
    );
  }
  formatter.fillInvoiceDefaults(invoice);
  // @e-invoice-eu/core 2.3 reads the preceding invoice number (BT-25) of a billing reference
  // from the reference itself, not from its InvoiceDocumentReference (which its schema asks
  // for): copied there after the check, so the CII (also in a ZUGFeRD PDF) gets its
  // InvoiceReferencedDocument. Not the date (BT-26): the library would write it in the wrong
  // data type and format (udt, YYYY-MM-DD; the schema refuses it) — withPrecedingInvoice adds
  // it to the XRechnung XML.
  for (const reference of invoice['ubl:Invoice']['cac:BillingReference'] ?? []) {
    Object.assign(reference, { 'cbc:ID': reference['cac:InvoiceDocumentReference']['cbc:ID'] });
  }
  return formatter.generate(invoice, { ...options, format });
}

/** The file name of an e-invoice: `XRechnung_2026-00042.xml`, `ZUGFeRD_2026-00042.pdf`. */
const fileNameOf = (document: Document, extension: string) =>
  `${document.eInvoiceFormat === 'XRECHNUNG' ? 'XRechnung' : 'ZUGFeRD'}_${(document.number ?? 'Entwurf').replace(/[^A-Za-z0-9._-]+/g, '_')}.${extension}`;

/**
 * The e-invoice of an issued document in its format: XRECHNUNG → CII XML, ZUGFERD → PDF/A-3
 * with `factur-x.xml`. Throws EInvoiceError for the format PDF, drafts and missing data.
 */
export async function renderEInvoice(print: DocumentPrint): Promise<EInvoiceFile> {
  const { document } = print;
  if (document.eInvoiceFormat !== 'XRECHNUNG' && document.eInvoiceFormat !== 'ZUGFERD') {
    throw new EInvoiceError(`No e-invoice for the format ${document.eInvoiceFormat}.`);
  }
  const data = eInvoiceData(print);
  if (document.eInvoiceFormat === 'XRECHNUNG') {
    const xml = await generate(data, { format: 'XRECHNUNG-CII', lang: 'de-de' });
    return {
      fileName: fileNameOf(document, 'xml'),
      mimeType: 'application/xml',
      bytes: Buffer.from(withPrecedingInvoice(xml as string, print), 'utf8'),
    };
  }
  const pdf = await renderPaymentDocumentPdf({ ...print, mark: undefined });
  const bytes = await generate(data, {
    format: 'Factur-X-EN16931',
    lang: 'de-de',
    pdf: { buffer: pdf, filename: fileNameOf(document, 'pdf'), mimetype: 'application/pdf' },
  });
  return {
    fileName: fileNameOf(document, 'pdf'),
    mimeType: 'application/pdf',
    bytes: Buffer.from(bytes as Uint8Array),
  };
}
