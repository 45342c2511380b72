import { describe, expect, it } from 'vitest';
import {
  epcAmount,
  GiroCodeError,
  giroCodeOrNothing,
  giroCodePayload,
  isValidIban,
} from './girocode';

const base = {
  name: 'Fahrschule Müller & Söhne GmbH',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  amount: 204_390,
  reference: '2026-00042',
};

describe('GiroCode (EPC QR 002)', () => {
  it('writes the eleven lines of the EPC format, umlauts as UTF-8', () => {
    expect(giroCodePayload(base)).toBe(
      [
        'BCD',
        '002',
        '1',
        'SCT',
        'COBADEFFXXX',
        'Fahrschule Müller & Söhne GmbH',
        'DE89370400440532013000',
        'EUR2043.90',
        '',
        '',
        '2026-00042',
      ].join('\n'),
    );
  });

  it('formats amounts with a decimal point and two decimals', () => {
    expect(epcAmount(1)).toBe('EUR0.01');
    expect(epcAmount(100)).toBe('EUR1.00');
    expect(epcAmount(123_456_789)).toBe('EUR1234567.89');
  });

  it('cuts the name to 70 and the reference to 140 characters, counting an umlaut once', () => {
    const name = 'Ä'.repeat(80);
    const payload = giroCodePayload({ ...base, name, reference: 'ü'.repeat(150) });
    const lines = payload.split('\n');
    expect(lines[5]).toBe('Ä'.repeat(70));
    expect([...(lines[10] ?? '')].length).toBeLessThanOrEqual(140);
    expect(Buffer.byteLength(payload, 'utf8')).toBeLessThanOrEqual(331);
  });

  it('keeps the payload within 331 bytes by shortening the reference', () => {
    const payload = giroCodePayload({ ...base, name: 'Ö'.repeat(70), reference: 'ß'.repeat(140) });
    expect(Buffer.byteLength(payload, 'utf8')).toBeLessThanOrEqual(331);
    expect(payload.split('\n')[10]?.startsWith('ßßß')).toBe(true);
  });

  it('puts no control characters or line breaks of the input into a line', () => {
    const lines = giroCodePayload({ ...base, name: 'Fahrschule\nMüller\t GmbH' }).split('\n');
    expect(lines).toHaveLength(11);
    expect(lines[5]).toBe('Fahrschule Müller GmbH');
  });

  it('leaves the BIC out when none is given (optional in version 002)', () => {
    expect(giroCodePayload({ ...base, bic: undefined }).split('\n')[4]).toBe('');
  });

  it('refuses a wrong IBAN, BIC, an amount of 0 or too large, and an empty name', () => {
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('DE89370400440532013001')).toBe(false);
    expect(() => giroCodePayload({ ...base, iban: 'DE00370400440532013000' })).toThrow(
      GiroCodeError,
    );
    expect(() => giroCodePayload({ ...base, bic: 'NOBIC' })).toThrow(GiroCodeError);
    expect(() => giroCodePayload({ ...base, amount: 0 })).toThrow(GiroCodeError);
    expect(() => giroCodePayload({ ...base, amount: 100_000_000_000 })).toThrow(GiroCodeError);
    expect(() => giroCodePayload({ ...base, amount: 12.5 })).toThrow(GiroCodeError);
    expect(() => giroCodePayload({ ...base, name: ' \n ' })).toThrow(GiroCodeError);
  });

  it('answers nothing instead of a wrong code (no IBAN, nothing to pay, a credit)', () => {
    expect(giroCodeOrNothing({ ...base, iban: undefined })).toBeUndefined();
    expect(giroCodeOrNothing({ ...base, amount: -500 })).toBeUndefined();
    expect(giroCodeOrNothing({ ...base, iban: 'DE00370400440532013000' })).toBeUndefined();
    expect(giroCodeOrNothing(base)).toContain('EUR2043.90');
  });
});
