import type { components } from '@fahrwerk/api/schema';
import { VAT_EXEMPT_CLASSES } from '../licence-data/licence-data';

/*
 * VAT of a driving school's services (DOMAIN.md "Money", §4 Nr. 21 UStG) — the one place that
 * decides the rate of a line, its amounts and the sums per rate:
 *
 * - Training for the classes C, CE, C1, C1E, D, DE, D1, D1E, L and T and the modules of the
 *   professional-driver qualification (BKrFQG) is exempt: 0 % and the note
 *   "Steuerfrei nach § 4 Nr. 21 UStG" on the invoice.
 * - Everything else (class B and the other classes) is taxed at the product's own rate:
 *   19 % by default, 7 % e.g. for learning material.
 * - From 1 July to 31 December 2020 the rates were lowered (19 → 16, 7 → 5); the service
 *   date decides, not the invoice date.
 * - A combined course (e.g. B with CE) that is billed as one amount is split by the share of
 *   each class: the B share stays taxable, the CE share is exempt.
 */

type VatRate = components['schemas']['VatRate'];

/** Printed on every invoice with an exempt line. */
export const TAX_EXEMPTION_NOTE = 'Steuerfrei nach § 4 Nr. 21 UStG';

/**
 * The classes whose training is exempt under §4 Nr. 21 UStG (recognised vocational training:
 * truck, bus, agricultural tractors): the licence data's list, which booking uses too. B, BE,
 * B96, B197 and the motorcycle classes are taxed.
 */
export const TAX_EXEMPT_CLASSES = VAT_EXEMPT_CLASSES;

/** The general rate when a service names no product rate. */
export const STANDARD_RATE = 19;

const REDUCED_PERIOD = { from: '2020-07-01', to: '2020-12-31' } as const;

/** The rate in force on `day` for a statutory rate: 19 → 16 and 7 → 5 in the second half of 2020. */
export function rateInForce(day: string, rate: number): VatRate {
  if (day >= REDUCED_PERIOD.from && day <= REDUCED_PERIOD.to) {
    if (rate === 19) return 16;
    if (rate === 7) return 5;
  }
  return rate as VatRate;
}

/** Whether a service is exempt: training in an exempt class or a BKrFQG module. */
export function isTaxExempt(
  licenseClass: string | null | undefined,
  options: { professionalDriverModule?: boolean | undefined } = {},
): boolean {
  return (
    options.professionalDriverModule === true ||
    (licenseClass !== null && licenseClass !== undefined && TAX_EXEMPT_CLASSES.has(licenseClass))
  );
}

/**
 * The VAT rate of a service on its service date: 0 when exempt (class or BKrFQG module), else
 * the product's rate (19 % without one) as in force on that day.
 */
export function vatRateOn(
  day: string,
  licenseClass: string | null,
  productRate?: number,
  options: { professionalDriverModule?: boolean | undefined } = {},
): VatRate {
  if (isTaxExempt(licenseClass, options)) return 0;
  // A rate already lowered for 2020 (16/5) is taken back to its statutory rate first, so a
  // price booked in 2020 but served in 2021 is taxed at 19/7 again.
  const statutory =
    productRate === 16 ? 19 : productRate === 5 ? 7 : (productRate ?? STANDARD_RATE);
  return rateInForce(day, statutory);
}

/** Rounds half away from zero, so a negated line rounds to the negated amount. */
const roundCents = (value: number) => Math.sign(value) * Math.round(Math.abs(value));

/** A line's amounts from its gross unit price: `net = round(gross × 100 / (100 + rate))`. */
export function priceLine(quantity: number, unitPrice: number, vatRate: number) {
  const gross = roundCents(quantity * unitPrice);
  const net = roundCents((gross * 100) / (100 + vatRate));
  return { gross, net, vat: gross - net };
}

/** The sums per VAT rate and the totals of a document's lines. */
export function totalsOf(lines: { vatRate: number; net: number; vat: number; gross: number }[]) {
  const byRate = new Map<number, { vatRate: VatRate; net: number; vat: number; gross: number }>();
  for (const line of lines) {
    const sum = byRate.get(line.vatRate) ?? {
      vatRate: line.vatRate as VatRate,
      net: 0,
      vat: 0,
      gross: 0,
    };
    sum.net += line.net;
    sum.vat += line.vat;
    sum.gross += line.gross;
    byRate.set(line.vatRate, sum);
  }
  const vatTotals = [...byRate.values()].sort((a, b) => a.vatRate - b.vatRate);
  return {
    vatTotals,
    totalNet: vatTotals.reduce((sum, row) => sum + row.net, 0),
    totalVat: vatTotals.reduce((sum, row) => sum + row.vat, 0),
    totalGross: vatTotals.reduce((sum, row) => sum + row.gross, 0),
  };
}

export type CombinedShare = {
  licenseClass: string;
  /** The weight of the class in the course (e.g. its main-training price or its hours). */
  weight: number;
};

/**
 * Splits one gross amount of a combined course into the shares of its classes, each with the
 * rate of its class on `day`. Shares of the same rate are merged; the cents are distributed
 * by largest remainder, so the parts always add up to `gross` exactly.
 */
export function splitByShare(
  gross: number,
  shares: CombinedShare[],
  day: string,
  productRate?: number,
): { vatRate: VatRate; gross: number; licenseClasses: string[] }[] {
  const weighted = shares.filter((share) => share.weight > 0);
  if (weighted.length === 0) throw new Error('A combined course needs a share with a weight.');
  const byRate = new Map<VatRate, { weight: number; licenseClasses: string[] }>();
  for (const share of weighted) {
    const rate = vatRateOn(day, share.licenseClass, productRate);
    const entry = byRate.get(rate) ?? { weight: 0, licenseClasses: [] };
    entry.weight += share.weight;
    entry.licenseClasses.push(share.licenseClass);
    byRate.set(rate, entry);
  }
  const totalWeight = weighted.reduce((sum, share) => sum + share.weight, 0);
  const sign = gross < 0 ? -1 : 1;
  const cents = Math.abs(gross);
  const parts = [...byRate.entries()].map(([vatRate, entry]) => {
    const exact = (cents * entry.weight) / totalWeight;
    return {
      vatRate,
      licenseClasses: entry.licenseClasses,
      floor: Math.floor(exact),
      rest: exact % 1,
    };
  });
  let missing = cents - parts.reduce((sum, part) => sum + part.floor, 0);
  for (const part of [...parts].sort((a, b) => b.rest - a.rest)) {
    if (missing <= 0) break;
    part.floor += 1;
    missing -= 1;
  }
  return parts
    .sort((a, b) => b.vatRate - a.vatRate)
    .map((part) => ({
      vatRate: part.vatRate,
      gross: sign * part.floor,
      licenseClasses: part.licenseClasses,
    }));
}

/** The exemption note a document prints when any of its lines is exempt. */
export const exemptionNoteOf = (lines: { vatRate: number }[]): string | null =>
  lines.some((line) => line.vatRate === 0) ? TAX_EXEMPTION_NOTE : null;
