import type { components } from '@fahrwerk/api/schema';
import type { DocumentPrint, IssuerSnapshot } from './document-print';
import { priceLine, totalsOf } from './payment-documents.resources';

/*
 * Fixed DocumentPrint inputs for the golden-file tests of the PDFs and the e-invoice
 * validation: a class B final invoice, a class CE one (exempt), its cancellation, and
 * cost-bearer invoices as XRechnung and ZUGFeRD. No clock, no database.
 */

type Document = components['schemas']['PaymentDocument'];
type LineSpec = {
  description: string;
  quantity: number;
  unitPrice: number;
  vatRate: 0 | 19 | 7;
  serviceDate?: string;
};

export const FIXTURE_ISSUER: IssuerSnapshot = {
  name: 'Fahrschule Müller & Söhne GmbH',
  address: {
    street: 'Hauptstraße',
    houseNumber: '12a',
    postalCode: '80331',
    city: 'München',
    country: 'DE',
  },
  email: 'buero@fahrschule-mueller.de',
  phone: '089 1234567',
  website: 'www.fahrschule-mueller.de',
  taxNumber: '143/123/45678',
  vatId: 'DE123456789',
  taxOffice: 'München',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  responsiblePerson: 'Jürgen Müller',
};

function document(
  fields: Partial<Document> & Pick<Document, 'id' | 'type' | 'recipientName'>,
  specs: LineSpec[],
): Document {
  const lines = specs.map((spec, index) => ({
    position: index + 1,
    description: spec.description,
    quantity: spec.quantity,
    unitPrice: spec.unitPrice,
    vatRate: spec.vatRate,
    ...priceLine(spec.quantity, spec.unitPrice, spec.vatRate),
    ...(spec.serviceDate ? { serviceDate: spec.serviceDate } : {}),
  }));
  const totals = totalsOf(lines);
  return {
    status: 'ISSUED',
    paidAmount: 0,
    openAmount: totals.totalGross,
    visible: true,
    eInvoiceFormat: 'PDF',
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    ...fields,
    lines,
    vatTotals: totals.vatTotals,
    totalNet: totals.totalNet,
    totalVat: totals.totalVat,
    totalGross: totals.totalGross,
  } as Document;
}

const STUDENT_ADDRESS = {
  street: 'Lindenweg',
  houseNumber: '3',
  postalCode: '80469',
  city: 'München',
  country: 'DE',
};

/** Class B: basic fee, learning material at 7 %, lessons, exam presentations — 19 %. */
export const classBFinalInvoice: DocumentPrint = {
  document: document(
    {
      id: 101,
      type: 'FINAL_INVOICE',
      number: '2026-00042',
      studentId: 7,
      recipientName: 'Lena Schäfer',
      recipientAddress: STUDENT_ADDRESS,
      issueDate: '2026-11-20',
      servicePeriodFrom: '2026-03-02',
      servicePeriodTo: '2026-11-12',
      dueDate: '2026-12-04',
      footnote: 'Vielen Dank für Ihr Vertrauen und allzeit gute Fahrt!',
    },
    [
      {
        description: 'Grundbetrag Klasse B',
        quantity: 1,
        unitPrice: 39_000,
        vatRate: 19,
        serviceDate: '2026-03-02',
      },
      {
        description: 'Lernmaterial (Lehrbuch und App)',
        quantity: 1,
        unitPrice: 8_990,
        vatRate: 7,
        serviceDate: '2026-03-02',
      },
      { description: 'Übungsfahrt (45 Min.)', quantity: 14, unitPrice: 6_500, vatRate: 19 },
      { description: 'Überlandfahrt (45 Min.)', quantity: 5, unitPrice: 7_200, vatRate: 19 },
      { description: 'Autobahnfahrt (45 Min.)', quantity: 4, unitPrice: 7_200, vatRate: 19 },
      { description: 'Nachtfahrt (45 Min.)', quantity: 3, unitPrice: 7_200, vatRate: 19 },
      {
        description: 'Vorstellung zur theoretischen Prüfung',
        quantity: 1,
        unitPrice: 9_500,
        vatRate: 19,
        serviceDate: '2026-08-14',
      },
      {
        description: 'Vorstellung zur praktischen Prüfung',
        quantity: 1,
        unitPrice: 19_500,
        vatRate: 19,
        serviceDate: '2026-11-12',
      },
      {
        description: 'Abzüglich Abschlagsrechnung 2026-00017',
        quantity: 1,
        unitPrice: -50_000,
        vatRate: 19,
      },
    ],
  ),
  issuer: FIXTURE_ISSUER,
  customerNumber: '7',
};

/** Class CE: exempt under §4 Nr. 21 UStG, the note printed. */
export const classCEFinalInvoice: DocumentPrint = {
  document: document(
    {
      id: 102,
      type: 'FINAL_INVOICE',
      number: '2026-00043',
      studentId: 8,
      recipientName: 'Ömer Yıldız',
      recipientAddress: {
        street: 'Gärtnerplatz',
        houseNumber: '1',
        postalCode: '80469',
        city: 'München',
        country: 'DE',
      },
      issueDate: '2026-11-20',
      servicePeriodFrom: '2026-05-04',
      servicePeriodTo: '2026-11-16',
      dueDate: '2026-12-04',
      taxExemptionNote: 'Steuerfrei nach § 4 Nr. 21 UStG',
    },
    [
      { description: 'Grundbetrag Klasse CE', quantity: 1, unitPrice: 45_000, vatRate: 0 },
      {
        description: 'Fahrstunde Klasse CE (45 Min.)',
        quantity: 20,
        unitPrice: 11_000,
        vatRate: 0,
      },
      {
        description: 'Vorstellung zur praktischen Prüfung Klasse CE',
        quantity: 1,
        unitPrice: 29_000,
        vatRate: 0,
        serviceDate: '2026-11-16',
      },
    ],
  ),
  issuer: FIXTURE_ISSUER,
  customerNumber: '8',
};

/** The cancellation of the class B invoice: every amount negated. */
export const cancellationInvoice: DocumentPrint = {
  document: {
    ...classBFinalInvoice.document,
    id: 103,
    type: 'CANCELLATION_INVOICE',
    number: '2026-00044',
    issueDate: '2026-11-23',
    cancelsDocumentId: 101,
    footnote: undefined,
    dueDate: undefined,
    lines: classBFinalInvoice.document.lines.map((line) => ({
      ...line,
      unitPrice: -line.unitPrice,
      net: -line.net,
      vat: -line.vat,
      gross: -line.gross,
    })),
    vatTotals: classBFinalInvoice.document.vatTotals.map((total) => ({
      ...total,
      net: -total.net,
      vat: -total.vat,
      gross: -total.gross,
    })),
    totalNet: -classBFinalInvoice.document.totalNet,
    totalVat: -classBFinalInvoice.document.totalVat,
    totalGross: -classBFinalInvoice.document.totalGross,
    openAmount: 0,
  } as Document,
  issuer: FIXTURE_ISSUER,
  customerNumber: '7',
  cancels: { number: '2026-00042', issueDate: '2026-11-20' },
};

const AGENCY_ADDRESS = {
  street: 'Kapuzinerstraße',
  houseNumber: '26',
  postalCode: '80337',
  city: 'München',
  country: 'DE',
};

/** A course invoice to the employment agency (an authority) as XRechnung, CE exempt + B taxed. */
export const costBearerXRechnung: DocumentPrint = {
  document: document(
    {
      id: 104,
      type: 'COST_BEARER_INVOICE',
      number: '2026-00045',
      costBearerId: 3,
      studentEducationId: 12,
      recipientName: 'Agentur für Arbeit München',
      recipientAddress: AGENCY_ADDRESS,
      issueDate: '2026-11-24',
      servicePeriodFrom: '2026-06-01',
      servicePeriodTo: '2026-11-20',
      dueDate: '2026-12-24',
      eInvoiceFormat: 'XRECHNUNG',
      buyerReference: '991-01234-56',
      voucherNumber: 'BGS-2026-4711',
      taxExemptionNote: 'Steuerfrei nach § 4 Nr. 21 UStG',
      footnote: 'Bitte geben Sie bei Zahlung die Rechnungsnummer und den Bildungsgutschein an.',
    },
    [
      {
        description: 'Grundbetrag Klasse CE (Bildungsgutschein)',
        quantity: 1,
        unitPrice: 45_000,
        vatRate: 0,
      },
      {
        description: 'Fahrstunde Klasse CE (45 Min.)',
        quantity: 24,
        unitPrice: 11_000,
        vatRate: 0,
      },
      {
        description: 'Module Berufskraftfahrer-Grundqualifikation (BKrFQG)',
        quantity: 1,
        unitPrice: 120_000,
        vatRate: 0,
      },
      {
        description: 'Übungsfahrt Klasse B (45 Min.), Anteil des Kombikurses',
        quantity: 2.5,
        unitPrice: 6_500,
        vatRate: 19,
      },
    ],
  ),
  issuer: FIXTURE_ISSUER,
  studentName: 'Ömer Yıldız',
  customerNumber: 'KT-0003',
};

/** A service invoice to a company as ZUGFeRD (EN 16931). */
export const costBearerZugferd: DocumentPrint = {
  document: document(
    {
      id: 105,
      type: 'COST_BEARER_SERVICE_INVOICE',
      number: '2026-00046',
      costBearerId: 4,
      recipientName: 'Spedition Kühne & Partner KG',
      recipientAddress: {
        street: 'Industriestraße',
        houseNumber: '40',
        postalCode: '85748',
        city: 'Garching',
        country: 'DE',
      },
      issueDate: '2026-11-24',
      serviceDate: '2026-11-18',
      dueDate: '2026-12-08',
      eInvoiceFormat: 'ZUGFERD',
      buyerReference: 'PO-88123',
    },
    [
      {
        description: 'Fahrstunde Klasse B (45 Min.)',
        quantity: 3,
        unitPrice: 6_500,
        vatRate: 19,
        serviceDate: '2026-11-18',
      },
      {
        description: 'Lernmaterial',
        quantity: 1,
        unitPrice: 2_995,
        vatRate: 7,
        serviceDate: '2026-11-18',
      },
    ],
  ),
  issuer: FIXTURE_ISSUER,
  studentName: 'Paul Kühne',
};

/** The cancellation of the XRechnung: a credit note in the e-invoice. */
export const costBearerXRechnungCancellation: DocumentPrint = {
  document: {
    ...costBearerXRechnung.document,
    id: 106,
    type: 'CANCELLATION_INVOICE',
    number: '2026-00047',
    issueDate: '2026-11-25',
    cancelsDocumentId: 104,
    dueDate: undefined,
    lines: costBearerXRechnung.document.lines.map((line) => ({
      ...line,
      unitPrice: -line.unitPrice,
      net: -line.net,
      vat: -line.vat,
      gross: -line.gross,
    })),
    vatTotals: costBearerXRechnung.document.vatTotals.map((total) => ({
      ...total,
      net: -total.net,
      vat: -total.vat,
      gross: -total.gross,
    })),
    totalNet: -costBearerXRechnung.document.totalNet,
    totalVat: -costBearerXRechnung.document.totalVat,
    totalGross: -costBearerXRechnung.document.totalGross,
    openAmount: 0,
  } as Document,
  issuer: FIXTURE_ISSUER,
  studentName: 'Ömer Yıldız',
  cancels: { number: '2026-00045', issueDate: '2026-11-24' },
};
