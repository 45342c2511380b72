import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatDate, formatMoney, imageDataUrl, renderPdf } from '../../pdf/pdfmake';
import type { DocumentPrint } from './document-print';
import { giroCodeOrNothing } from './girocode';

/*
 * The PDF of a payment document (spec 001 §3–§5, §14 UStG), laid out after DIN 5008 form B on
 * A4: the letterhead (logo, school name and address) unless `removeLetterhead`, the return
 * line and the recipient in the address window (20 mm from the left, 45 mm from the top),
 * the information block beside it (number, dates, references), the title per type, the lines
 * in a table whose header repeats on every page, the totals per VAT rate and net/VAT/gross,
 * the exemption note, the footnote, the payment text with a GiroCode, the signature, and a
 * footer with the school's tax and bank details and "Seite x von y".
 *
 * Everything printed comes from the DocumentPrint, so an issued document renders the same
 * every time (no "today", no clock).
 */

type Document = DocumentPrint['document'];
type DocumentType = Document['type'];

const MM = 72 / 25.4;
const GREY = '#555555';
const RULE = '#9a9a9a';
const LEFT = 25 * MM;
const RIGHT = 20 * MM;
const PAGE_WIDTH = 210 * MM;
const CONTENT_WIDTH = PAGE_WIDTH - LEFT - RIGHT;
/** The information block beside the address window. */
const INFO_X = 115 * MM;

/** The title printed per type; a payment request is no invoice and has no number. */
export const DOCUMENT_TITLES: Record<DocumentType, string> = {
  PAYMENT_REQUEST: 'Zahlungsaufforderung',
  PARTIAL_INVOICE: 'Abschlagsrechnung',
  FINAL_INVOICE: 'Schlussrechnung',
  CANCELLATION_INVOICE: 'Stornorechnung',
  COST_BEARER_INVOICE: 'Rechnung',
  COST_BEARER_SERVICE_INVOICE: 'Leistungsrechnung',
  DEPOSIT_INVOICE: 'Anzahlungsrechnung',
};

const MARKS = {
  PREVIEW: 'Vorschau – keine Rechnung',
  DRAFT: 'Entwurf – keine Rechnung',
} as const;

/** `1.5` → `1,5`; quantities in quarter steps. */
const formatQuantity = (quantity: number) =>
  String(Math.round(quantity * 100) / 100).replace('.', ',');

const addressLines = (address: Document['recipientAddress']): string[] => {
  if (!address) return [];
  const street = [address.street, address.houseNumber].filter(Boolean).join(' ');
  const city = [address.postalCode, address.city].filter(Boolean).join(' ');
  const country = address.country && address.country !== 'DE' ? address.country : undefined;
  return [street, city, country].filter((line): line is string => Boolean(line));
};

/** The service date or period (§14 Abs. 4 Nr. 6 UStG): the document's, else its lines'. */
export function servicePeriodText(document: Document): string {
  if (document.serviceDate) return `Leistungsdatum: ${formatDate(document.serviceDate)}`;
  if (document.servicePeriodFrom && document.servicePeriodTo) {
    return `Leistungszeitraum: ${formatDate(document.servicePeriodFrom)} – ${formatDate(document.servicePeriodTo)}`;
  }
  const days = document.lines
    .flatMap((line) => (line.serviceDate ? [line.serviceDate] : []))
    .sort();
  const first = days[0];
  const last = days[days.length - 1];
  if (first && last) {
    return first === last
      ? `Leistungsdatum: ${formatDate(first)}`
      : `Leistungszeitraum: ${formatDate(first)} – ${formatDate(last)}`;
  }
  return 'Leistungsdatum: entspricht dem Rechnungsdatum';
}

function letterhead(print: DocumentPrint): Content[] {
  if (print.removeLetterhead) return [];
  const { issuer } = print;
  const logo = print.letterhead?.logo ? imageDataUrl(print.letterhead.logo) : undefined;
  const contact = [issuer.phone ? `Tel. ${issuer.phone}` : '', issuer.email ?? '']
    .filter(Boolean)
    .join(' · ');
  const head: Content[] = [
    {
      absolutePosition: { x: LEFT, y: 12 * MM },
      columns: [
        {
          width: CONTENT_WIDTH - 55 * MM,
          stack: [
            { text: issuer.name, fontSize: 14, bold: true },
            ...[addressLines(issuer.address).join(' · '), contact, issuer.website ?? '']
              .filter(Boolean)
              .map((text) => ({ text, color: GREY, fontSize: 8.5 })),
          ],
        },
      ],
    },
  ];
  if (logo) {
    head.push({
      absolutePosition: { x: PAGE_WIDTH - RIGHT - 50 * MM, y: 10 * MM },
      image: logo,
      fit: [50 * MM, 25 * MM],
    });
  }
  return head;
}

function addressWindow(print: DocumentPrint): Content {
  const { document, issuer } = print;
  const returnLine = print.removeLetterhead
    ? ''
    : [issuer.name, ...addressLines(issuer.address)].join(' · ');
  return {
    absolutePosition: { x: LEFT, y: 50 * MM },
    columns: [
      {
        width: 80 * MM,
        stack: [
          { text: returnLine, fontSize: 7, color: GREY, margin: [0, 0, 0, 3 * MM] },
          { text: document.recipientName },
          ...addressLines(document.recipientAddress).map((line) => ({ text: line })),
        ],
      },
    ],
  };
}

function infoBlock(print: DocumentPrint): Content {
  const { document } = print;
  const isInvoice = document.type !== 'PAYMENT_REQUEST';
  const rows: [string, string][] = [];
  if (isInvoice) {
    rows.push(['Rechnungsnr.', document.number ?? (print.mark ? '(wird vergeben)' : '–')]);
  }
  if (document.issueDate) {
    rows.push([isInvoice ? 'Rechnungsdatum' : 'Datum', formatDate(document.issueDate)]);
  }
  const service = servicePeriodText(document).split(': ');
  rows.push([service[0] ?? '', service[1] ?? '']);
  if (print.customerNumber) rows.push(['Kundennr.', print.customerNumber]);
  if (print.studentName) rows.push(['Fahrschüler', print.studentName]);
  if (document.voucherNumber) rows.push(['Auftragsnr.', document.voucherNumber]);
  if (document.buyerReference) {
    rows.push([
      document.eInvoiceFormat === 'XRECHNUNG' ? 'Leitweg-ID' : 'Ihre Referenz',
      document.buyerReference,
    ]);
  }
  if (document.dueDate && document.totalGross > 0) {
    rows.push(['Fällig am', formatDate(document.dueDate)]);
  }
  return {
    absolutePosition: { x: INFO_X, y: 50 * MM },
    layout: 'noBorders',
    table: {
      widths: [27 * MM, PAGE_WIDTH - INFO_X - RIGHT - 27 * MM - 12],
      body: rows.map(([label, value]) => [
        { text: label, color: GREY, fontSize: 8.5 },
        { text: value, fontSize: 8.5 },
      ]),
    },
  };
}

function title(print: DocumentPrint): Content[] {
  const { document } = print;
  const name = DOCUMENT_TITLES[document.type];
  const number = document.type !== 'PAYMENT_REQUEST' && document.number;
  const out: Content[] = [
    {
      text: number ? `${name} Nr. ${number}` : name,
      fontSize: 15,
      bold: true,
      margin: [0, 0, 0, 2],
    },
  ];
  if (print.mark) {
    out.push({ text: MARKS[print.mark], bold: true, color: '#b00020', margin: [0, 0, 0, 2] });
  }
  if (document.type === 'CANCELLATION_INVOICE' && print.cancels) {
    out.push({
      text: `zu Rechnung Nr. ${print.cancels.number} vom ${formatDate(print.cancels.issueDate)}`,
      margin: [0, 0, 0, 2],
    });
  }
  if (document.type === 'PAYMENT_REQUEST') {
    out.push({
      text: 'Dies ist keine Rechnung. Die Rechnung erhalten Sie nach Erbringung der Leistung.',
      color: GREY,
      fontSize: 8.5,
    });
  }
  return [{ stack: out, margin: [0, 0, 0, 5 * MM] }];
}

function linesTable(document: Document): Content {
  const header = ['Pos.', 'Leistung', 'Datum', 'Menge', 'Einzelpreis', 'USt.', 'Betrag'].map(
    (text, index): TableCell => ({
      text,
      bold: true,
      fillColor: '#eeeeee',
      alignment: index >= 3 ? 'right' : 'left',
    }),
  );
  const body: TableCell[][] = document.lines.map((line) => [
    { text: String(line.position) },
    { text: line.description },
    { text: line.serviceDate ? formatDate(line.serviceDate) : '', noWrap: true },
    { text: formatQuantity(line.quantity), alignment: 'right' },
    { text: formatMoney(line.unitPrice), alignment: 'right', noWrap: true },
    { text: `${line.vatRate} %`, alignment: 'right', noWrap: true },
    { text: formatMoney(line.gross), alignment: 'right', noWrap: true },
  ]);
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: [22, '*', 50, 34, 58, 30, 62],
      body: [header, ...body],
    },
    fontSize: 8.5,
    layout: {
      hLineColor: () => RULE,
      vLineWidth: () => 0,
      hLineWidth: (i: number) => (i <= 1 ? 0.8 : 0.3),
      paddingTop: () => 2,
      paddingBottom: () => 2,
    },
  };
}

function totals(document: Document): Content {
  const rows: [string, string, boolean?][] = [];
  for (const total of document.vatTotals) {
    if (total.vatRate === 0) {
      rows.push(['Steuerfreie Leistungen (0 %)', formatMoney(total.net)]);
    } else {
      rows.push([`Nettobetrag ${total.vatRate} %`, formatMoney(total.net)]);
      rows.push([`zzgl. ${total.vatRate} % USt.`, formatMoney(total.vat)]);
    }
  }
  rows.push(['Summe netto', formatMoney(document.totalNet)]);
  rows.push(['Summe USt.', formatMoney(document.totalVat)]);
  rows.push(['Gesamtbetrag', formatMoney(document.totalGross), true]);
  return {
    unbreakable: true,
    margin: [0, 3 * MM, 0, 3 * MM],
    columns: [
      { width: '*', text: '' },
      {
        width: 80 * MM,
        layout: 'noBorders',
        table: {
          widths: ['*', 'auto'],
          body: rows.map(([label, value, strong]) => [
            { text: label, bold: strong === true },
            { text: value, alignment: 'right', bold: strong === true, noWrap: true },
          ]),
        },
      },
    ],
  };
}

function paymentText(print: DocumentPrint): Content[] {
  const { document, issuer } = print;
  const total = document.totalGross;
  if (total === 0) return [];
  if (total < 0) {
    return [
      {
        text: `Der Betrag von ${formatMoney(-total)} wird Ihnen erstattet oder mit offenen Forderungen verrechnet.`,
        margin: [0, 0, 0, 3 * MM],
      },
    ];
  }
  if (print.paymentMethod === 'DIRECT_DEBIT') {
    return [
      {
        text: `Der Betrag von ${formatMoney(total)} wird per SEPA-Lastschrift von Ihrem Konto eingezogen.`,
        margin: [0, 0, 0, 3 * MM],
      },
    ];
  }
  const reference = document.number ?? '';
  const due = document.dueDate ? ` bis zum ${formatDate(document.dueDate)}` : '';
  const account = issuer.iban
    ? ` auf das Konto IBAN ${groupIban(issuer.iban)}${issuer.bic ? `, BIC ${issuer.bic}` : ''}`
    : '';
  const text = `Bitte überweisen Sie den Betrag von ${formatMoney(total)}${due}${account}${
    reference ? ` unter Angabe der Rechnungsnummer ${reference}` : ''
  }.`;
  const qr = print.mark
    ? undefined
    : giroCodeOrNothing({
        name: issuer.name,
        iban: issuer.iban,
        bic: issuer.bic,
        amount: total,
        reference: reference || document.recipientName,
      });
  if (!qr) return [{ text, margin: [0, 0, 0, 3 * MM] }];
  return [
    {
      unbreakable: true,
      margin: [0, 0, 0, 3 * MM],
      columns: [
        { width: '*', text },
        {
          width: 26 * MM,
          stack: [
            { qr, eccLevel: 'M', fit: 26 * MM, alignment: 'right' },
            { text: 'GiroCode', fontSize: 7, color: GREY, alignment: 'right' },
          ],
        },
      ],
      columnGap: 5 * MM,
    },
  ];
}

/** `DE89370400440532013000` → `DE89 3704 0044 0532 0130 00`. */
const groupIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

function closing(print: DocumentPrint): Content[] {
  const signature = print.letterhead?.signature
    ? imageDataUrl(print.letterhead.signature)
    : undefined;
  const out: Content[] = [{ text: 'Mit freundlichen Grüßen', margin: [0, 2 * MM, 0, 1 * MM] }];
  if (signature) out.push({ image: signature, fit: [45 * MM, 15 * MM] });
  out.push({ text: print.issuer.responsiblePerson ?? print.issuer.name, color: GREY });
  return [{ stack: out, unbreakable: true }];
}

function footer(print: DocumentPrint) {
  const { issuer, document } = print;
  const tax = [
    issuer.taxNumber ? `Steuernr. ${issuer.taxNumber}` : '',
    issuer.vatId ? `USt-IdNr. ${issuer.vatId}` : '',
    // The master data may hold "Finanzamt Friedrichshain-Kreuzberg" or only the place.
    issuer.taxOffice
      ? /^finanzamt\b/i.test(issuer.taxOffice)
        ? issuer.taxOffice
        : `Finanzamt ${issuer.taxOffice}`
      : '',
  ]
    .filter(Boolean)
    .join(' · ');
  const bank = issuer.iban
    ? `IBAN ${groupIban(issuer.iban)}${issuer.bic ? ` · BIC ${issuer.bic}` : ''}`
    : '';
  const reference = [DOCUMENT_TITLES[document.type], document.number].filter(Boolean).join(' ');
  const lines = print.removeLetterhead ? [reference] : [issuer.name, tax, bank].filter(Boolean);
  return (currentPage: number, pageCount: number): Content => ({
    margin: [LEFT, 5 * MM, RIGHT, 0],
    fontSize: 7,
    color: GREY,
    columns: [
      { width: '*', stack: lines.map((text) => ({ text, noWrap: true })) },
      { width: 70, text: `Seite ${currentPage} von ${pageCount}`, alignment: 'right' },
    ],
  });
}

/** The document definition (apart for tests that look at the layout). */
export function paymentDocumentDefinition(print: DocumentPrint): TDocumentDefinitions {
  const { document, issuer } = print;
  const name = DOCUMENT_TITLES[document.type];
  const content: Content[] = [
    ...letterhead(print),
    addressWindow(print),
    infoBlock(print),
    // The flow starts below the address window and the information block (95 mm).
    { text: '', margin: [0, 95 * MM - 20 * MM, 0, 0] },
    ...title(print),
    linesTable(document),
    totals(document),
  ];
  if (document.taxExemptionNote) {
    content.push({ text: document.taxExemptionNote, bold: true, margin: [0, 0, 0, 3 * MM] });
  }
  if (document.footnote) content.push({ text: document.footnote, margin: [0, 0, 0, 3 * MM] });
  content.push(...paymentText(print), ...closing(print));
  return {
    pageSize: 'A4',
    pageMargins: [LEFT, 20 * MM, RIGHT, 22 * MM],
    info: {
      title: [name, document.number].filter(Boolean).join(' '),
      author: issuer.name,
      subject: `${name} an ${document.recipientName}`,
      creator: 'Fahrwerk',
      producer: 'Fahrwerk',
      // Fixed, so an issued document renders the same bytes again.
      creationDate: new Date(`${document.issueDate ?? '2000-01-01'}T00:00:00Z`),
    },
    defaultStyle: { font: 'Roboto', fontSize: 9.5, lineHeight: 1.15 },
    ...(print.mark
      ? { watermark: { text: MARKS[print.mark], color: '#b00020', opacity: 0.12, bold: true } }
      : {}),
    content,
    footer: footer(print),
  };
}

export type PaymentPdfOptions = {
  /** false writes plain streams (tests read the text); the default compresses. */
  compress?: boolean;
};

/** The PDF of a payment document. */
export async function renderPaymentDocumentPdf(
  print: DocumentPrint,
  options: PaymentPdfOptions = {},
): Promise<Buffer> {
  const definition = paymentDocumentDefinition(print);
  definition.compress = options.compress ?? true;
  return renderPdf(definition);
}
