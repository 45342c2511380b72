import type { MasterData } from './api/settings-queries';

/** The next steps after the online onboarding, in the order the page lists them. */
export const SETUP_STEPS = [
  'masterData',
  'mailAccount',
  'priceList',
  'instructor',
  'vehicle',
  'branch',
] as const;

export type SetupStepId = (typeof SETUP_STEPS)[number];

/** What the master data still lacks for letters, invoices and direct debits. */
export type MasterDataGap =
  | 'email'
  | 'address'
  | 'federalState'
  | 'taxNumber'
  | 'iban'
  | 'creditorId';

const filled = (value: string | undefined) => value !== undefined && value.trim() !== '';

/**
 * The master data is complete when letters and invoices can be printed and direct debits
 * drawn: contact e-mail, full address and federal state, the VAT tax number or VAT id
 * (invoices need one of them), IBAN and SEPA creditor id.
 */
export function missingMasterData(data: MasterData): MasterDataGap[] {
  const address = data.address;
  const checks: [MasterDataGap, boolean][] = [
    ['email', filled(data.email)],
    [
      'address',
      filled(address?.street) &&
        filled(address?.houseNumber) &&
        filled(address?.postalCode) &&
        filled(address?.city),
    ],
    ['federalState', data.federalState !== undefined],
    ['taxNumber', filled(data.vatTaxNumber) || filled(data.vatId)],
    ['iban', filled(data.iban)],
    ['creditorId', filled(data.creditorId)],
  ];
  return checks.filter(([, ok]) => !ok).map(([gap]) => gap);
}
