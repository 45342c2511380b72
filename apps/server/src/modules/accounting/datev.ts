import iconv from 'iconv-lite';

/*
 * The DATEV format (EXTF, header version 700), data category 21 "Buchungsstapel", format
 * version 13, as DATEV's developer portal describes it (developer.datev.de, "DATEV-Format",
 * "Buchungsstapel"): a CSV file of Windows-1252 text, fields separated by semicolons, every
 * line ended by CR LF, text fields in double quotes (a quote inside doubled), amounts with a
 * decimal comma and no thousands separator. Line 1 is the header (31 fields), line 2 the
 * column names (125 columns), then one booking per line. No maintained npm writer exists, so
 * the file is written here; nothing in this file reads the database.
 */

/** The 125 column names of line 2, in DATEV's order (Buchungsstapel, format version 13). */
export const DATEV_COLUMNS = [
  'Umsatz (ohne Soll/Haben-Kz)',
  'Soll/Haben-Kennzeichen',
  'WKZ Umsatz',
  'Kurs',
  'Basis-Umsatz',
  'WKZ Basis-Umsatz',
  'Konto',
  'Gegenkonto (ohne BU-Schlüssel)',
  'BU-Schlüssel',
  'Belegdatum',
  'Belegfeld 1',
  'Belegfeld 2',
  'Skonto',
  'Buchungstext',
  'Postensperre',
  'Diverse Adressnummer',
  'Geschäftspartnerbank',
  'Sachverhalt',
  'Zinssperre',
  'Beleglink',
  ...Array.from({ length: 8 }, (_, i) => [
    `Beleginfo - Art ${i + 1}`,
    `Beleginfo - Inhalt ${i + 1}`,
  ]).flat(),
  'KOST1 - Kostenstelle',
  'KOST2 - Kostenstelle',
  'Kost-Menge',
  'EU-Land u. UStID (Bestimmung)',
  'EU-Steuersatz (Bestimmung)',
  'Abw. Versteuerungsart',
  'Sachverhalt L+L',
  'Funktionsergänzung L+L',
  'BU 49 Hauptfunktionstyp',
  'BU 49 Hauptfunktionsnummer',
  'BU 49 Funktionsergänzung',
  // DATEV writes "Zusatzinformation- Inhalt" without the space before the hyphen.
  ...Array.from({ length: 20 }, (_, i) => [
    `Zusatzinformation - Art ${i + 1}`,
    `Zusatzinformation- Inhalt ${i + 1}`,
  ]).flat(),
  'Stück',
  'Gewicht',
  'Zahlweise',
  'Forderungsart',
  'Veranlagungsjahr',
  'Zugeordnete Fälligkeit',
  'Skontotyp',
  'Auftragsnummer',
  'Buchungstyp',
  'USt-Schlüssel (Anzahlungen)',
  'EU-Land (Anzahlungen)',
  'Sachverhalt L+L (Anzahlungen)',
  'EU-Steuersatz (Anzahlungen)',
  'Erlöskonto (Anzahlungen)',
  'Herkunft-Kz',
  'Buchungs GUID',
  'KOST-Datum',
  'SEPA-Mandatsreferenz',
  'Skontosperre',
  'Gesellschaftername',
  'Beteiligtennummer',
  'Identifikationsnummer',
  'Zeichnernummer',
  'Postensperre bis',
  'Bezeichnung SoBil-Sachverhalt',
  'Kennzeichen SoBil-Buchung',
  'Festschreibung',
  'Leistungsdatum',
  'Datum Zuord. Steuerperiode',
  'Fälligkeit',
  'Generalumkehr (GU)',
  'Steuersatz',
  'Land',
  'Abrechnungsreferenz',
  'BVV-Position',
  'EU-Land u. UStID (Ursprung)',
  'EU-Steuersatz (Ursprung)',
  'Abw. Skontokonto',
] as const;

/** The header fields of a booking batch that change from file to file. */
export type DatevHeader = {
  /** When the file was made (written as Berlin local time, YYYYMMDDHHMMSSFFF). */
  createdAt: Date;
  /** Header field 9 "exportiert von": the user's name (DATEV takes 25 characters). */
  exportedBy: string;
  consultantNumber: number;
  clientNumber: number;
  /** The first day of the fiscal year the period lies in, ISO date. */
  fiscalYearStart: string;
  /** The period, ISO dates. */
  from: string;
  to: string;
  /** Header field 17 "Bezeichnung", at most 30 characters. */
  description: string;
  /** Header field 18 "Diktatkürzel", two capital letters. */
  dictationCode: string;
  chartOfAccounts: 'SKR03' | 'SKR04';
};

/**
 * One booking line. `amount` is in cents and positive; `side` says whether `account` is
 * debited (S) or credited (H), `contraAccount` takes the other side.
 */
export type DatevBooking = {
  amount: number;
  side: 'S' | 'H';
  account: string;
  contraAccount: string;
  /** ISO date; written as TTMM (the year comes from the header's period). */
  documentDate: string;
  /** Belegfeld 1: the document number (DATEV: at most 36 of `A-Z a-z 0-9 _ $ % & * + - /`). */
  documentField1: string;
  /** Buchungstext, at most 60 characters. */
  text: string;
};

/** The account length of the general-ledger accounts (SKR03/SKR04 have four digits). */
export const ACCOUNT_LENGTH = 4;

const COLUMN = {
  amount: 0,
  side: 1,
  currency: 2,
  account: 6,
  contraAccount: 7,
  documentDate: 9,
  documentField1: 10,
  text: 13,
} as const;

/**
 * A DATEV text field: quoted, quotes doubled, control characters (line breaks) as spaces,
 * characters outside Windows-1252 replaced (see toWindows1252Text).
 */
export function quoted(value: string): string {
  // Most texts are printable Latin-1 already (then also NFC and without controls).
  if (LATIN_1_PRINTABLE.test(value)) {
    return value.includes('"') ? `"${value.replace(/"/g, '""')}"` : `"${value}"`;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: DATEV forbids them in text fields
  const clean = value.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
  return `"${toWindows1252Text(clean).replace(/"/g, '""')}"`;
}

/** Printable ASCII and Latin-1: the part of Windows-1252 whose bytes are the code points. */
const LATIN_1_PRINTABLE = /^[\u0020-\u007e\u00a0-\u00ff]*$/;

/** Cents as DATEV writes an amount: `1234,56` (decimal comma, no thousands separator). */
export function datevAmount(cents: number): string {
  if (!Number.isInteger(cents) || cents < 0) {
    throw new Error(`A DATEV amount is a whole number of cents ≥ 0, not ${cents}.`);
  }
  const euros = Math.floor(cents / 100);
  return `${euros},${String(cents % 100).padStart(2, '0')}`;
}

/** `2026-03-07` → `0703` (Belegdatum TTMM). */
export const ddmm = (isoDate: string) => `${isoDate.slice(8, 10)}${isoDate.slice(5, 7)}`;

/** `2026-03-07` → `20260307`. */
export const yyyymmdd = (isoDate: string) => isoDate.replaceAll('-', '');

/** The instant as Berlin local time, `YYYYMMDDHHMMSSFFF` (header field 6 "erzeugt am"). */
export function datevTimestamp(instant: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Berlin',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const millis = String(instant.getUTCMilliseconds()).padStart(3, '0');
  return `${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}${parts.second}${millis}`;
}

/** Line 1: the 31 header fields. */
export function headerLine(header: DatevHeader): string {
  return [
    quoted('EXTF'), // 1 DATEV format mark: EXTF for files made by other programs
    '700', // 2 header version
    '21', // 3 data category: Buchungsstapel
    quoted('Buchungsstapel'), // 4 format name
    '13', // 5 format version
    datevTimestamp(header.createdAt), // 6 created at
    '', // 7 reserved
    quoted('RE'), // 8 origin mark ("RE" = Rechnungswesen)
    quoted(header.exportedBy.slice(0, 25)), // 9 exported by
    quoted(''), // 10 imported by (DATEV fills it)
    String(header.consultantNumber), // 11 Beraternummer
    String(header.clientNumber), // 12 Mandantennummer
    yyyymmdd(header.fiscalYearStart), // 13 start of the fiscal year
    String(ACCOUNT_LENGTH), // 14 Sachkontenlänge
    yyyymmdd(header.from), // 15 date from
    yyyymmdd(header.to), // 16 date to
    quoted(header.description.slice(0, 30)), // 17 Bezeichnung
    quoted(header.dictationCode), // 18 Diktatkürzel
    '1', // 19 Buchungstyp: 1 = Finanzbuchführung
    '0', // 20 Rechnungslegungszweck: 0 = independent of the purpose
    '0', // 21 Festschreibung: 0 = not fixed, the tax adviser checks and fixes the batch
    quoted('EUR'), // 22 WKZ
    '', // 23 reserved
    quoted(''), // 24 Derivatskennzeichen
    '', // 25 reserved
    '', // 26 reserved
    quoted(header.chartOfAccounts === 'SKR03' ? '03' : '04'), // 27 Sachkontenrahmen
    '', // 28 ID der Branchenlösung
    '', // 29 reserved
    quoted(''), // 30 reserved
    quoted(''), // 31 Anwendungsinformation
  ].join(';');
}

/** Line 2: the column names, unquoted as in DATEV's own files. */
export const COLUMNS_LINE = DATEV_COLUMNS.join(';');

/** The empty fields after the last one we fill (Buchungstext), up to column 125. */
const EMPTY_TAIL = ';'.repeat(DATEV_COLUMNS.length - 1 - COLUMN.text);

/**
 * One booking as a line of 125 fields; the columns we do not fill stay empty. Written as one
 * template (a year of a large school has 150,000 lines): amount; side; currency; 3 empty;
 * account; contra account; BU key (empty); date; Belegfeld 1; Belegfeld 2 and Skonto (empty);
 * text; then the empty rest — the positions of COLUMN.
 */
export function bookingLine(booking: DatevBooking): string {
  return (
    `${datevAmount(booking.amount)};${booking.side === 'S' ? '"S"' : '"H"'};"EUR";;;;` +
    `${booking.account};${booking.contraAccount};;${ddmm(booking.documentDate)};` +
    `${quoted(booking.documentField1.slice(0, 36))};;;${quoted(booking.text.slice(0, 60))}` +
    EMPTY_TAIL
  );
}

/** Every character Windows-1252 has (printable ASCII, Latin-1 and the 0x80–0x9F extras). */
const WINDOWS_1252 = /^[\u0020-\u007e\u00a0-\u00ff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/;

/**
 * Text Windows-1252 cannot hold: letters with marks the code page lacks lose the mark
 * (ő → o, ș → s: NFD, marks dropped); what is still unencodable (ł, Cyrillic) becomes `?`,
 * visibly, so a name never loses a letter without a trace.
 */
export function toWindows1252Text(text: string): string {
  const composed = text.normalize('NFC');
  if (WINDOWS_1252.test(composed)) return composed;
  let out = '';
  for (const char of composed) {
    if (WINDOWS_1252.test(char)) {
      out += char;
      continue;
    }
    const bare = char.normalize('NFD').replace(/\p{M}/gu, '');
    out += bare.length > 0 && WINDOWS_1252.test(bare) ? bare : '?';
  }
  return out;
}

/** The whole file as text (CR LF after every line, the last one included). */
export function renderDatevText(header: DatevHeader, bookings: readonly DatevBooking[]): string {
  const lines = [headerLine(header), COLUMNS_LINE];
  for (const booking of bookings) lines.push(bookingLine(booking));
  return `${lines.join('\r\n')}\r\n`;
}

/** A character beyond Latin-1 (€, „, …): then iconv encodes; else the bytes are the code points. */
const BEYOND_LATIN_1 = /[\u0100-\uffff]/;

/**
 * The file's bytes: Windows-1252 (code page 1252), as DATEV Rechnungswesen imports it. Text
 * of Latin-1 characters only — the usual case; `quoted` turns the C1 controls 0x80–0x9F into
 * spaces — has the same bytes in both code pages, written directly (a tenth of iconv's time
 * on a year's 40 MB); anything else goes through iconv-lite.
 */
export function renderDatevFile(header: DatevHeader, bookings: readonly DatevBooking[]): Buffer {
  const text = renderDatevText(header, bookings);
  return BEYOND_LATIN_1.test(text) ? iconv.encode(text, 'win1252') : Buffer.from(text, 'latin1');
}
