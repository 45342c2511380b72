import { describe, expect, it } from 'vitest';
import { defaultEducationId } from './mandate-education';
import { isFailedDebit } from './student-payments-panel';

describe('defaultEducationId', () => {
  const b = { id: 111, licenseClass: 'B' as const, paymentWorkflow: 'LIVE_PAY' as const };
  const be = { id: 112, licenseClass: 'BE' as const, paymentWorkflow: 'CLASSIC_PAY' as const };

  it('takes the given education, else the only one, else the live-pay one', () => {
    expect(defaultEducationId([b, be], 112)).toBe(112);
    expect(defaultEducationId([be], undefined)).toBe(112);
    expect(defaultEducationId([be, b])).toBe(111);
    expect(defaultEducationId([be, { ...b, paymentWorkflow: 'FLASH_PAY' }])).toBeUndefined();
    // An education the student does not have is not chosen.
    expect(defaultEducationId([be, b], 999)).toBe(111);
    expect(defaultEducationId([])).toBeUndefined();
  });
});

describe('isFailedDebit', () => {
  it('is a direct debit that failed or was charged back', () => {
    expect(isFailedDebit({ method: 'DIRECT_DEBIT', status: 'FAILED' })).toBe(true);
    expect(isFailedDebit({ method: 'DIRECT_DEBIT', status: 'CHARGED_BACK' })).toBe(true);
    expect(isFailedDebit({ method: 'DIRECT_DEBIT', status: 'PAID' })).toBe(false);
    expect(isFailedDebit({ method: 'TRANSFER', status: 'FAILED' })).toBe(false);
  });
});
