import type { components } from '@fahrwerk/api';

/*
 * Pure rules of SEPA mandates as the office sees them: the IBAN check (the server checks the
 * same, so a typo shows before saving), how an IBAN is shown, the SEPA reference's
 * characters, and the date a mandate lapses (DOMAIN.md "Money": unused for 36 months).
 */

type Mandate = components['schemas']['Mandate'];
type MandateStatus = components['schemas']['MandateStatus'];

/** The months after the last debit (or the signature) in which a mandate lapses. */
export const MANDATE_LAPSE_MONTHS = 36;

/** At most 35 characters of the SEPA character set (the contract's `MandateReference`). */
export const SEPA_REFERENCE = /^[A-Za-z0-9+?/:().,' -]{1,35}$/;

/** Only characters of the SEPA set (letters without umlauts, digits, `+?/:().,'-` and space). */
export const SEPA_CHARACTERS = /^[A-Za-z0-9+?/:().,' -]*$/;

/** A BIC of 8 or 11 characters (the contract's `Bic`). */
export const BIC = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/** Removes spaces and makes upper case: "de89 3704 …" → "DE893704…". */
export function compactIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** ISO 7064 mod 97-10 of the IBAN moved by four characters, letters counted as 10–35. */
function mod97(iban: string): number {
  const moved = `${iban.slice(4)}${iban.slice(0, 4)}`;
  let rest = 0;
  for (const character of moved) {
    const digits = /[A-Z]/.test(character) ? String(character.charCodeAt(0) - 55) : character;
    for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest;
}

/**
 * Any IBAN (spaces and lower case allowed): the contract's format and the ISO 13616 check
 * digits. German IBANs are DE + 20 digits.
 */
export function isValidIban(value: string): boolean {
  const iban = compactIban(value);
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  if (iban.startsWith('DE') && iban.length !== 22) return false;
  return mod97(iban) === 1;
}

/** In groups of four as printed on a bank card: "DE89 3704 0044 0532 0130 00". */
export function formatIban(iban: string): string {
  return compactIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Only the country, check digits and the last four characters readable, in groups of four:
 * "DE89 •••• •••• •••• ••30 00" (enough to tell accounts apart on screen).
 */
export function maskIban(iban: string): string {
  const compact = compactIban(iban);
  if (compact.length <= 8) return formatIban(compact);
  const masked = `${compact.slice(0, 4)}${'•'.repeat(compact.length - 8)}${compact.slice(-4)}`;
  return masked.replace(/(.{4})(?=.)/g, '$1 ');
}

/** `YYYY-MM-DD` plus whole months; the 29th–31st fall back to the month's last day. */
export function addMonths(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number) as [
    number,
    number,
    number,
  ];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  const pad = (value: number, length = 2) => String(value).padStart(length, '0');
  return `${pad(targetYear, 4)}-${pad(targetMonth)}-${pad(Math.min(day, lastDay))}`;
}

/**
 * The day a mandate lapses: 36 months after its newest debit, else after its signature.
 * `null` for a mandate without either (unconfirmed: it is not used yet) and for one that
 * is revoked (it ended otherwise).
 */
export function mandateExpiresAt(
  mandate: Pick<Mandate, 'lastDebitAt' | 'signedAt' | 'status'>,
): string | null {
  if (mandate.status === 'REVOKED') return null;
  const from = mandate.lastDebitAt ?? mandate.signedAt;
  return from ? addMonths(from, MANDATE_LAPSE_MONTHS) : null;
}

/**
 * The status to show on `today` (`YYYY-MM-DD`): the server's, and EXPIRED already when the
 * lapse day has come before the server marked it.
 */
export function effectiveMandateStatus(
  mandate: Pick<Mandate, 'lastDebitAt' | 'signedAt' | 'status'>,
  today: string,
): MandateStatus {
  if (mandate.status !== 'CONFIRMED') return mandate.status;
  const expiresAt = mandateExpiresAt(mandate);
  return expiresAt !== null && expiresAt <= today ? 'EXPIRED' : 'CONFIRMED';
}

/** Confirmed or waiting for its signed form, and not lapsed: a mandate that can still serve. */
export function isMandateUsable(
  mandate: Pick<Mandate, 'lastDebitAt' | 'signedAt' | 'status'>,
  today: string,
): boolean {
  const status = effectiveMandateStatus(mandate, today);
  return status === 'CONFIRMED' || status === 'UNCONFIRMED';
}

/**
 * Revoking the student's only usable mandate is confirmed twice (spec 001 §4): afterwards
 * no mandate is left to debit the live-pay lessons.
 */
export function isOnlyUsableMandate(
  mandate: Pick<Mandate, 'id'>,
  all: readonly Pick<Mandate, 'id' | 'lastDebitAt' | 'signedAt' | 'status'>[],
  today: string,
): boolean {
  return !all.some((other) => other.id !== mandate.id && isMandateUsable(other, today));
}
