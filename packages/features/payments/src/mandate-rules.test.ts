import { describe, expect, it } from 'vitest';
import {
  addMonths,
  compactIban,
  effectiveMandateStatus,
  formatIban,
  isOnlyUsableMandate,
  isValidIban,
  mandateExpiresAt,
  maskIban,
  SEPA_REFERENCE,
} from './mandate-rules';

describe('isValidIban (ISO 13616 check digits)', () => {
  it('accepts correct IBANs, with spaces and in lower case', () => {
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('de89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('AT611904300234573201')).toBe(true);
    expect(isValidIban('NL91ABNA0417164300')).toBe(true);
    expect(isValidIban('GB82WEST12345698765432')).toBe(true);
  });

  it('refuses a wrong check digit and a swapped digit', () => {
    expect(isValidIban('DE88370400440532013000')).toBe(false);
    expect(isValidIban('DE89370400440532013001')).toBe(false);
    expect(isValidIban('DE89370400440523013000')).toBe(false);
  });

  it('refuses a wrong format and a German IBAN of the wrong length', () => {
    expect(isValidIban('')).toBe(false);
    expect(isValidIban('DE8937040044053201300')).toBe(false);
    expect(isValidIban('1289370400440532013000')).toBe(false);
    expect(isValidIban('DE89-3704-0044-0532-0130-00')).toBe(false);
  });
});

describe('showing an IBAN', () => {
  it('groups in fours and masks all but the start and the last four', () => {
    expect(compactIban(' de89 3704 0044 0532 0130 00 ')).toBe('DE89370400440532013000');
    expect(formatIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(maskIban('DE89370400440532013000')).toBe('DE89 •••• •••• •••• ••30 00');
    expect(maskIban('NL91ABNA0417164300')).toBe('NL91 •••• •••• ••43 00');
  });
});

describe('SEPA_REFERENCE', () => {
  it('allows 35 characters of the SEPA set and nothing else', () => {
    expect(SEPA_REFERENCE.test('FS-2026/0042 (B)')).toBe(true);
    expect(SEPA_REFERENCE.test('A'.repeat(35))).toBe(true);
    expect(SEPA_REFERENCE.test('A'.repeat(36))).toBe(false);
    expect(SEPA_REFERENCE.test('Müller-01')).toBe(false);
    expect(SEPA_REFERENCE.test('A_1')).toBe(false);
    expect(SEPA_REFERENCE.test('')).toBe(false);
  });
});

describe('mandateExpiresAt (unused for 36 months)', () => {
  it('counts from the newest debit, else from the signature', () => {
    expect(
      mandateExpiresAt({ status: 'CONFIRMED', signedAt: '2024-03-01', lastDebitAt: '2025-06-15' }),
    ).toBe('2028-06-15');
    expect(mandateExpiresAt({ status: 'CONFIRMED', signedAt: '2024-03-01' })).toBe('2027-03-01');
  });

  it('has no date without either, and none once revoked', () => {
    expect(mandateExpiresAt({ status: 'UNCONFIRMED' })).toBeNull();
    expect(mandateExpiresAt({ status: 'REVOKED', signedAt: '2024-03-01' })).toBeNull();
  });

  it('falls back to the last day of a shorter month', () => {
    expect(addMonths('2024-02-29', 36)).toBe('2027-02-28');
    expect(addMonths('2023-10-31', 4)).toBe('2024-02-29');
    expect(addMonths('2025-12-15', 1)).toBe('2026-01-15');
  });
});

describe('effectiveMandateStatus and the only usable mandate', () => {
  const today = '2026-11-26';
  const confirmed = { id: 1, status: 'CONFIRMED' as const, signedAt: '2025-01-10' };
  const lapsed = { id: 2, status: 'CONFIRMED' as const, signedAt: '2023-11-26' };
  const unconfirmed = { id: 3, status: 'UNCONFIRMED' as const };
  const revoked = { id: 4, status: 'REVOKED' as const, signedAt: '2025-01-10' };

  it('shows a confirmed mandate past its lapse day as expired', () => {
    expect(effectiveMandateStatus(confirmed, today)).toBe('CONFIRMED');
    expect(effectiveMandateStatus(lapsed, today)).toBe('EXPIRED');
    expect(effectiveMandateStatus({ ...lapsed, lastDebitAt: '2026-01-05' }, today)).toBe(
      'CONFIRMED',
    );
    expect(effectiveMandateStatus(revoked, today)).toBe('REVOKED');
  });

  it('asks twice only when no other mandate can still serve', () => {
    expect(isOnlyUsableMandate(confirmed, [confirmed, revoked, lapsed], today)).toBe(true);
    expect(isOnlyUsableMandate(confirmed, [confirmed, unconfirmed], today)).toBe(false);
    expect(isOnlyUsableMandate(unconfirmed, [confirmed, unconfirmed], today)).toBe(false);
    expect(isOnlyUsableMandate(confirmed, [confirmed], today)).toBe(true);
  });
});
