import { VAT_RATES } from '../schemas/product-form';

/** The VAT choices: 19 %, 7 %, 0 %, and the rates of the reduced period 2020 marked as such. */
export const vatOptions = (t: (key: string, options?: Record<string, unknown>) => string) =>
  VAT_RATES.map((rate) => ({
    id: rate,
    label: t(rate === 16 || rate === 5 ? 'vatReducedPeriod' : 'vat', { rate }),
  }));
