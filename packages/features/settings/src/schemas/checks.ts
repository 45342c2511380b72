/*
 * Check digits of bank and SEPA identifiers, as the server checks them (so the office learns
 * about a typo before saving).
 */

/** Removes spaces and makes upper case: "de89 3704 …" → "DE893704…". */
export const compact = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** ISO 7064 mod 97 over the value moved by four characters, letters as numbers (10–35). */
function mod97(value: string): number {
  const moved = `${value.slice(4)}${value.slice(0, 4)}`;
  let rest = 0;
  for (const character of moved) {
    const digits = /[A-Z]/.test(character) ? String(character.charCodeAt(0) - 55) : character;
    for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest;
}

/** Any SEPA IBAN (German ones are DE + 20 digits): format and ISO 13616 check digits. */
export function isValidIban(value: string): boolean {
  const iban = compact(value);
  return /^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban) && mod97(iban) === 1;
}

/** A BIC of 8 or 11 characters: bank (4 letters), country (2 letters), location, branch. */
export function isValidBic(value: string): boolean {
  return /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(compact(value));
}

/**
 * The SEPA creditor identifier (Gläubiger-ID), e.g. DE98ZZZ09999999999: country, two check
 * digits, a three-character business code that is not part of the check, national part.
 */
export function isValidCreditorId(value: string): boolean {
  const id = compact(value);
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/.test(id)) return false;
  return mod97(`${id.slice(0, 4)}${id.slice(7)}`) === 1;
}

/** The German VAT identification number (USt-IdNr.): DE and nine digits. */
export function isValidVatId(value: string): boolean {
  return /^DE[0-9]{9}$/.test(compact(value));
}

/** A German tax number as the tax office writes it (12/345/67890) or in the 13-digit form. */
export function isValidTaxNumber(value: string): boolean {
  return /^([0-9]{2,3}\/[0-9]{3,4}\/[0-9]{4,5}|[0-9]{10,13})$/.test(value.trim());
}

/** An http(s) address a browser can open. */
export function isValidUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value.trim())) return false;
  try {
    const url = new URL(value.trim());
    return url.hostname.includes('.') || url.hostname === 'localhost';
  } catch {
    return false;
  }
}
