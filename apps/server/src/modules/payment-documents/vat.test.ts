import { describe, expect, it } from 'vitest';
import {
  exemptionNoteOf,
  priceLine,
  rateInForce,
  splitByShare,
  TAX_EXEMPTION_NOTE,
  totalsOf,
  vatRateOn,
} from './vat';

/* One test per case of DOMAIN.md "Money" and §4 Nr. 21 UStG. */

describe('VAT of a driving school', () => {
  it('taxes class B training at 19 %', () => {
    expect(vatRateOn('2026-05-01', 'B')).toBe(19);
    expect(priceLine(1, 6500, 19)).toEqual({ gross: 6500, net: 5462, vat: 1038 });
  });

  it('taxes the other non-professional classes (BE, B96, B197, A, AM) at 19 % too', () => {
    for (const licenseClass of ['BE', 'B96', 'B197', 'A', 'A1', 'A2', 'AM']) {
      expect(vatRateOn('2026-05-01', licenseClass), licenseClass).toBe(19);
    }
  });

  it('exempts C, CE, C1, C1E, D, DE, D1, D1E, L and T under § 4 Nr. 21 UStG', () => {
    for (const licenseClass of ['C', 'CE', 'C1', 'C1E', 'D', 'DE', 'D1', 'D1E', 'L', 'T']) {
      expect(vatRateOn('2026-05-01', licenseClass), licenseClass).toBe(0);
      // Even when the product itself carries a rate.
      expect(vatRateOn('2026-05-01', licenseClass, 19), licenseClass).toBe(0);
    }
  });

  it('exempts the modules of the professional-driver qualification (BKrFQG)', () => {
    expect(vatRateOn('2026-05-01', null, 19, { professionalDriverModule: true })).toBe(0);
    expect(vatRateOn('2026-05-01', 'B', 19, { professionalDriverModule: true })).toBe(0);
  });

  it("takes a product's own rate otherwise (7 % learning material)", () => {
    expect(vatRateOn('2026-05-01', 'B', 7)).toBe(7);
    expect(vatRateOn('2026-05-01', null, 7)).toBe(7);
    expect(vatRateOn('2026-05-01', null)).toBe(19);
  });

  it('uses 16 % and 5 % for services from 1 July to 31 December 2020, by the service date', () => {
    expect(vatRateOn('2020-06-30', 'B')).toBe(19);
    expect(vatRateOn('2020-07-01', 'B')).toBe(16);
    expect(vatRateOn('2020-12-31', 'B', 7)).toBe(5);
    expect(vatRateOn('2021-01-01', 'B', 7)).toBe(7);
    // A price booked at the lowered rate is taxed at the statutory one outside the period.
    expect(vatRateOn('2021-01-01', 'B', 16)).toBe(19);
    expect(vatRateOn('2021-01-01', 'B', 5)).toBe(7);
    // Exempt stays exempt in 2020.
    expect(vatRateOn('2020-08-01', 'CE')).toBe(0);
    expect(rateInForce('2020-08-01', 0)).toBe(0);
  });

  it('splits a combined course (B with CE) by share: the B share taxed, the CE share exempt', () => {
    const parts = splitByShare(
      300_000,
      [
        { licenseClass: 'B', weight: 1 },
        { licenseClass: 'CE', weight: 2 },
      ],
      '2026-05-01',
    );
    expect(parts).toEqual([
      { vatRate: 19, gross: 100_000, licenseClasses: ['B'] },
      { vatRate: 0, gross: 200_000, licenseClasses: ['CE'] },
    ]);
  });

  it('keeps every cent when a combined share does not divide evenly, also negated', () => {
    const shares = [
      { licenseClass: 'B', weight: 1 },
      { licenseClass: 'CE', weight: 1 },
      { licenseClass: 'C', weight: 1 },
    ];
    const parts = splitByShare(10_001, shares, '2026-05-01');
    // C and CE are both exempt: one part of two thirds.
    expect(parts.map((part) => part.vatRate)).toEqual([19, 0]);
    expect(parts.reduce((sum, part) => sum + part.gross, 0)).toBe(10_001);
    expect(parts[1]?.licenseClasses).toEqual(['CE', 'C']);
    const negated = splitByShare(-10_001, shares, '2026-05-01');
    expect(negated.reduce((sum, part) => sum + part.gross, 0)).toBe(-10_001);
    expect(() => splitByShare(100, [{ licenseClass: 'B', weight: 0 }], '2026-05-01')).toThrow();
  });

  it('splits a combined course of B and BE without an exempt share into one taxed part', () => {
    const parts = splitByShare(
      50_000,
      [
        { licenseClass: 'B', weight: 3 },
        { licenseClass: 'BE', weight: 1 },
      ],
      '2020-09-01',
    );
    expect(parts).toEqual([{ vatRate: 16, gross: 50_000, licenseClasses: ['B', 'BE'] }]);
  });

  it('rounds each line half away from zero, so a cancellation negates exactly', () => {
    expect(priceLine(1, 39_900, 19)).toEqual({ gross: 39_900, net: 33_529, vat: 6371 });
    expect(priceLine(1, -39_900, 19)).toEqual({ gross: -39_900, net: -33_529, vat: -6371 });
    expect(priceLine(0.5, 6500, 0)).toEqual({ gross: 3250, net: 3250, vat: 0 });
  });

  it('sums per rate as § 14 UStG wants, and names the exemption when a line is exempt', () => {
    const lines = [
      { vatRate: 19, ...priceLine(1, 11_900, 19) },
      { vatRate: 7, ...priceLine(2, 1070, 7) },
      { vatRate: 0, ...priceLine(1, 5000, 0) },
      { vatRate: 19, ...priceLine(1, -1190, 19) },
    ];
    const totals = totalsOf(lines);
    expect(totals.vatTotals).toEqual([
      { vatRate: 0, net: 5000, vat: 0, gross: 5000 },
      { vatRate: 7, net: 2000, vat: 140, gross: 2140 },
      { vatRate: 19, net: 9000, vat: 1710, gross: 10_710 },
    ]);
    expect(totals.totalGross).toBe(17_850);
    expect(totals.totalNet + totals.totalVat).toBe(totals.totalGross);
    expect(exemptionNoteOf(lines)).toBe(TAX_EXEMPTION_NOTE);
    expect(exemptionNoteOf(lines.filter((line) => line.vatRate > 0))).toBeNull();
  });
});
