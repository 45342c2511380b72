import type { Column, Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { IssuerSnapshot } from '../../db/schema/money';
import { formatDate, formatMoney, imageDataUrl, renderPdf } from '../../pdf/pdfmake';
import type { Schemas } from '../resources/kit';

/*
 * The signed training contract (Ausbildungsvertrag) of one education as PDF: the school
 * (name, address, responsible person), the student (name, birth date, address), the class,
 * the price list's prices for that class, the booked add-ons, the two texts the student
 * confirmed, and the signatures with the time of signing (Europe/Berlin), numbered pages.
 * Everything printed comes from the TrainingContractPrint, so the same print renders the
 * same document (no clock).
 */

// pdfmake and its embedded fonts (Roboto, umlauts and ß) are set up once in src/pdf.

type Address = Schemas['Address'];

export type ContractPriceRow = {
  /** Grundbetrag, Lehrmaterial, Fahrstunde, Vorstellung zur Prüfung. */
  group: 'BASIC_FEE' | 'LEARNING_MATERIAL' | 'DRIVING_LESSON' | 'EXAM_PRESENTATION';
  name: string;
  /** `je 45 Min.` for a driving lesson, else empty. */
  unit?: string | undefined;
  /** Gross cents. */
  price: number;
};

export type ContractAddOn = { name: string; quantity: number; price: number };

export type ContractSignature = {
  /** The PNG drawn on the tablet. */
  image: Buffer;
  signedAt: Date;
};

export type TrainingContractPrint = {
  school: IssuerSnapshot;
  branchName?: string | undefined;
  student: {
    firstName: string;
    lastName: string;
    /** `YYYY-MM-DD`. */
    birthDate?: string | undefined;
    address?: Address | undefined;
  };
  licenseClass: string;
  baseLicenseClass?: string | undefined;
  /** `YYYY-MM-DD`. */
  startDate?: string | undefined;
  priceListName?: string | undefined;
  /** The price list's prices for the class (no list: empty). */
  prices: ContractPriceRow[];
  /** The add-ons booked for the education. */
  addOns: ContractAddOn[];
  addonsText: string;
  gdprText: string;
  studentSignature: ContractSignature;
  parentSignature?: ContractSignature | undefined;
};

export type TrainingContractPdfOptions = {
  /** false writes plain streams (tests read the text); the default compresses. */
  compress?: boolean;
};

const GREY = '#555555';
const RULE = '#9a9a9a';
const FILL = '#f1f1f1';

const dateTimeFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as Berlin wall-clock time, `26.11.2026 18:05`. */
export function berlinDateTime(instant: Date): string {
  const parts = Object.fromEntries(
    dateTimeFormat.formatToParts(instant).map((part) => [part.type, part.value]),
  );
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`;
}

export function addressLines(address: Address | undefined): string[] {
  if (!address) return [];
  const street = [address.street, address.houseNumber].filter(Boolean).join(' ');
  const city = [address.postalCode, address.city].filter(Boolean).join(' ');
  const country = address.country && address.country !== 'DE' ? address.country : undefined;
  return [street, city, country].filter((line): line is string => Boolean(line));
}

const GROUP_TEXTS: Record<ContractPriceRow['group'], string> = {
  BASIC_FEE: 'Grundbetrag',
  LEARNING_MATERIAL: 'Lehrmaterial',
  DRIVING_LESSON: 'Fahrstunden',
  EXAM_PRESENTATION: 'Vorstellung zur Prüfung',
};
const GROUP_ORDER: ContractPriceRow['group'][] = [
  'BASIC_FEE',
  'LEARNING_MATERIAL',
  'DRIVING_LESSON',
  'EXAM_PRESENTATION',
];

const heading = (text: string): Content => ({
  text,
  fontSize: 12,
  bold: true,
  margin: [0, 14, 0, 6],
});

const tableLayout = {
  hLineColor: () => RULE,
  vLineColor: () => RULE,
  hLineWidth: () => 0.5,
  vLineWidth: () => 0.5,
  paddingTop: () => 3,
  paddingBottom: () => 3,
};

/** A label/value block without borders. */
function facts(rows: [string, string][]): Content {
  return {
    layout: 'noBorders',
    table: {
      widths: [78, '*'],
      body: rows.map(([label, value]) => [{ text: label, color: GREY }, { text: value }]),
    },
  };
}

function parties(print: TrainingContractPrint): Content {
  const { school, student } = print;
  const schoolRows: [string, string][] = [['Name', school.name]];
  const schoolAddress = addressLines(school.address);
  if (schoolAddress.length > 0) schoolRows.push(['Anschrift', schoolAddress.join('\n')]);
  if (print.branchName) schoolRows.push(['Filiale', print.branchName]);
  schoolRows.push(['Verantwortlich', school.responsiblePerson ?? '–']);
  const contact = [school.phone ? `Tel. ${school.phone}` : '', school.email ?? '']
    .filter(Boolean)
    .join('\n');
  if (contact) schoolRows.push(['Kontakt', contact]);

  const studentAddress = addressLines(student.address);
  const studentRows: [string, string][] = [
    ['Name', `${student.firstName} ${student.lastName}`],
    ['Geburtsdatum', student.birthDate ? formatDate(student.birthDate) : '–'],
    ['Anschrift', studentAddress.length > 0 ? studentAddress.join('\n') : '–'],
  ];
  return {
    columns: [
      { width: '*', stack: [heading('Fahrschule'), facts(schoolRows)] },
      { width: 20, text: '' },
      { width: '*', stack: [heading('Fahrschüler/in'), facts(studentRows)] },
    ],
  };
}

function education(print: TrainingContractPrint): Content[] {
  const rows: [string, string][] = [
    [
      'Klasse',
      print.baseLicenseClass
        ? `${print.licenseClass} (Erweiterung der Klasse ${print.baseLicenseClass})`
        : print.licenseClass,
    ],
  ];
  if (print.startDate) rows.push(['Beginn', formatDate(print.startDate)]);
  rows.push(['Preisliste', print.priceListName ?? '–']);
  return [heading('Ausbildung'), facts(rows)];
}

function priceTable(print: TrainingContractPrint): Content[] {
  const title = heading(`Preise der Klasse ${print.licenseClass}`);
  if (print.prices.length === 0) {
    return [
      title,
      { text: 'Für diese Ausbildung ist keine Preisliste hinterlegt.', italics: true },
    ];
  }
  const body: TableCell[][] = [
    [
      { text: 'Leistung', bold: true, fillColor: FILL },
      { text: 'Einheit', bold: true, fillColor: FILL },
      { text: 'Preis', bold: true, fillColor: FILL, alignment: 'right' },
    ],
  ];
  for (const group of GROUP_ORDER) {
    const rows = print.prices.filter((row) => row.group === group);
    if (rows.length === 0) continue;
    body.push([{ text: GROUP_TEXTS[group], bold: true, colSpan: 3, margin: [0, 2, 0, 0] }, {}, {}]);
    for (const row of rows) {
      body.push([
        { text: row.name, margin: [8, 0, 0, 0] },
        { text: row.unit ?? '', color: GREY },
        { text: formatMoney(row.price), alignment: 'right', noWrap: true },
      ]);
    }
  }
  return [
    title,
    {
      table: { headerRows: 1, dontBreakRows: true, widths: ['*', 80, 80], body },
      layout: tableLayout,
    },
    {
      text: 'Alle Preise sind Endpreise einschließlich der gesetzlichen Umsatzsteuer.',
      fontSize: 8,
      color: GREY,
      margin: [0, 3, 0, 0],
    },
  ];
}

function addOnTable(print: TrainingContractPrint): Content[] {
  const title = heading('Gebuchte Zusatzleistungen');
  if (print.addOns.length === 0) {
    return [title, { text: 'Es sind keine Zusatzleistungen gebucht.', italics: true }];
  }
  const body: TableCell[][] = [
    [
      { text: 'Zusatzleistung', bold: true, fillColor: FILL },
      { text: 'Menge', bold: true, fillColor: FILL, alignment: 'right' },
      { text: 'Einzelpreis', bold: true, fillColor: FILL, alignment: 'right' },
      { text: 'Summe', bold: true, fillColor: FILL, alignment: 'right' },
    ],
    ...print.addOns.map((addOn): TableCell[] => [
      { text: addOn.name },
      { text: String(addOn.quantity), alignment: 'right' },
      { text: formatMoney(addOn.price), alignment: 'right', noWrap: true },
      { text: formatMoney(addOn.price * addOn.quantity), alignment: 'right', noWrap: true },
    ]),
  ];
  return [
    title,
    {
      table: { headerRows: 1, dontBreakRows: true, widths: ['*', 40, 80, 80], body },
      layout: tableLayout,
    },
  ];
}

/**
 * A ticked box, drawn (the embedded font has no ballot-box glyph). A fresh object each time:
 * pdfmake writes its layout into the nodes it is given.
 */
const tickedBox = (): Content => ({
  canvas: [
    { type: 'rect', x: 0, y: 1, w: 9, h: 9, lineWidth: 0.8, lineColor: '#222222' },
    {
      type: 'polyline',
      points: [
        { x: 1.8, y: 5.6 },
        { x: 3.8, y: 7.8 },
        { x: 7.4, y: 2.6 },
      ],
      lineWidth: 1.2,
      lineColor: '#222222',
    },
  ],
});

function confirmations(print: TrainingContractPrint): Content {
  return {
    // The heading stays with the texts it names.
    unbreakable: true,
    stack: [
      heading('Bestätigungen der Fahrschülerin / des Fahrschülers'),
      ...[print.addonsText, print.gdprText].map(
        (text): Content => ({
          columns: [
            { width: 16, stack: [tickedBox()] },
            { width: '*', text },
          ],
          margin: [0, 0, 0, 6],
        }),
      ),
    ],
  };
}

function signatureBlock(label: string, name: string, signature: ContractSignature): Column {
  const image = imageDataUrl(signature.image);
  return {
    width: 230,
    stack: [
      image ? { image, fit: [230, 70], alignment: 'left' } : { text: '', margin: [0, 70, 0, 0] },
      {
        canvas: [{ type: 'line', x1: 0, y1: 2, x2: 230, y2: 2, lineWidth: 0.5 }],
      },
      { text: label, fontSize: 8, color: GREY, margin: [0, 3, 0, 0] },
      { text: name, margin: [0, 1, 0, 0] },
      {
        text: `Unterschrieben am ${berlinDateTime(signature.signedAt)} Uhr`,
        fontSize: 8.5,
        color: GREY,
      },
    ],
  };
}

function signatures(print: TrainingContractPrint): Content {
  const studentName = `${print.student.firstName} ${print.student.lastName}`;
  const blocks: Column[] = [
    signatureBlock('Unterschrift Fahrschüler/in', studentName, print.studentSignature),
  ];
  if (print.parentSignature) {
    blocks.push({ width: '*', text: '' });
    blocks.push(
      signatureBlock(
        'Unterschrift Erziehungsberechtigte/r',
        `für ${studentName}`,
        print.parentSignature,
      ),
    );
  }
  return {
    unbreakable: true,
    stack: [heading('Unterschriften'), { columns: blocks }],
  };
}

/** The document definition (apart for tests that look at the layout). */
export function trainingContractDocument(print: TrainingContractPrint): TDocumentDefinitions {
  const studentName = `${print.student.firstName} ${print.student.lastName}`;
  const title = `Ausbildungsvertrag Klasse ${print.licenseClass}`;
  return {
    pageSize: 'A4',
    pageMargins: [50, 50, 50, 56],
    info: { title, author: print.school.name, subject: studentName, creator: 'Fahrwerk' },
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.15 },
    content: [
      { text: 'Ausbildungsvertrag', fontSize: 20, bold: true },
      {
        text: `über die Ausbildung zur Fahrerlaubnis der Klasse ${print.licenseClass} zwischen der Fahrschule und der Fahrschülerin / dem Fahrschüler`,
        color: GREY,
        margin: [0, 2, 0, 4],
      },
      parties(print),
      ...education(print),
      ...priceTable(print),
      ...addOnTable(print),
      confirmations(print),
      signatures(print),
    ],
    footer: (currentPage, pageCount) => ({
      margin: [50, 20, 50, 0],
      fontSize: 8,
      color: GREY,
      columns: [
        { text: `${print.school.name} · ${title} · ${studentName}` },
        { text: `Seite ${currentPage} von ${pageCount}`, alignment: 'right', width: 80 },
      ],
    }),
  };
}

/** The signed training contract as PDF bytes. */
export async function trainingContractPdf(
  print: TrainingContractPrint,
  options: TrainingContractPdfOptions = {},
): Promise<Buffer> {
  const definition = trainingContractDocument(print);
  definition.compress = options.compress ?? true;
  return renderPdf(definition);
}

/**
 * Whether the image can be embedded into a PDF (pdfkit decodes a PNG with transparency
 * when it writes it): a file whose magic bytes say PNG but whose data is broken would
 * otherwise fail the contract's PDF at the last signature.
 */
export async function embeddable(image: Buffer): Promise<boolean> {
  const url = imageDataUrl(image);
  if (!url) return false;
  try {
    await renderPdf({ content: [{ image: url, width: 20 }], compress: false });
    return true;
  } catch {
    return false;
  }
}
