/*
 * The GiroCode (EPC QR code, EPC069-12 version 002): what a banking app scans to fill in a
 * SEPA credit transfer. Lines, separated by LF:
 *
 *   BCD · 002 · 1 (UTF-8) · SCT · BIC (optional in the EEA) · beneficiary name (≤ 70) ·
 *   IBAN · EUR<amount> · purpose code (empty) · structured reference (empty) ·
 *   unstructured remittance text (≤ 140, here the invoice number)
 *
 * The whole payload is at most 331 bytes. Amounts from 0,01 € to 999 999 999,99 €.
 */

export type GiroCodeInput = {
  /** The beneficiary (the school); cut to 70 characters. */
  name: string;
  iban: string;
  bic?: string | undefined;
  /** Euro cents, > 0. */
  amount: number;
  /** The remittance text, e.g. the invoice number; cut to 140 characters. */
  reference?: string | undefined;
};

export class GiroCodeError extends Error {}

const MAX_PAYLOAD_BYTES = 331;

/** Letters to digits (A=10 … Z=35), then mod 97 = 1 (ISO 13616). */
export function isValidIban(iban: string): boolean {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(compact)) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** Single line, no control characters, at most `max` characters (not bytes: umlauts count once). */
function clean(text: string, max: number): string {
  const single = text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return [...single].slice(0, max).join('');
}

/** `12345` cents → `EUR123.45`; the EPC format has a decimal point and no thousands separator. */
export function epcAmount(cents: number): string {
  const euros = Math.floor(cents / 100);
  const rest = cents % 100;
  return `EUR${euros}.${String(rest).padStart(2, '0')}`;
}

/** The EPC QR payload; throws GiroCodeError when the transfer cannot be encoded. */
export function giroCodePayload(input: GiroCodeInput): string {
  const iban = input.iban.replace(/\s+/g, '').toUpperCase();
  if (!isValidIban(iban)) throw new GiroCodeError(`Invalid IBAN: ${input.iban}`);
  const bic = (input.bic ?? '').replace(/\s+/g, '').toUpperCase();
  if (bic && !/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic)) {
    throw new GiroCodeError(`Invalid BIC: ${input.bic}`);
  }
  if (!Number.isInteger(input.amount) || input.amount < 1 || input.amount > 99_999_999_999) {
    throw new GiroCodeError(`Amount out of range: ${input.amount}`);
  }
  const name = clean(input.name, 70);
  if (!name) throw new GiroCodeError('The beneficiary name is empty.');
  let reference = clean(input.reference ?? '', 140);
  const build = () =>
    ['BCD', '002', '1', 'SCT', bic, name, iban, epcAmount(input.amount), '', '', reference].join(
      '\n',
    );
  // Umlauts take two bytes: the reference gives way until the payload fits.
  let payload = build();
  while (Buffer.byteLength(payload, 'utf8') > MAX_PAYLOAD_BYTES && reference.length > 0) {
    reference = [...reference].slice(0, -1).join('');
    payload = build();
  }
  return payload;
}

/** The payload when the transfer can be encoded, else undefined (no QR code printed). */
export function giroCodeOrNothing(input: Partial<GiroCodeInput>): string | undefined {
  if (!input.iban || !input.name || !input.amount || input.amount <= 0) return undefined;
  try {
    return giroCodePayload(input as GiroCodeInput);
  } catch {
    return undefined;
  }
}
