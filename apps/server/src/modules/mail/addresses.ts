import { fullFormats } from 'ajv-formats/dist/formats';

/*
 * An address the contract accepts (`Email`: ajv-formats' `email` format, 3–254 characters).
 * Mail from outside carries what its sender wrote — group syntax, `undisclosed-recipients:;`,
 * addresses without a domain — and an answer with such an address would break the contract:
 * the sync keeps only the addresses that pass.
 */
const EMAIL = fullFormats.email as RegExp;

export const isEmailAddress = (value: string): boolean =>
  value.length >= 3 && value.length <= 254 && EMAIL.test(value);
