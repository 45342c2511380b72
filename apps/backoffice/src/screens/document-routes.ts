/** The form of a hand-written payment document, by its type (a draft opens there again). */
export const DOCUMENT_FORM_ROUTES = {
  PAYMENT_REQUEST: '/payment-request',
  PARTIAL_INVOICE: '/partial-invoice',
  DEPOSIT_INVOICE: '/payers/deposit-invoice',
} as const;

/** The form route of a draft, or null for the types that have no form. */
export function documentFormRoute(type: string, payer: 'student' | 'costBearer'): string | null {
  if (type === 'PAYMENT_REQUEST' && payer === 'costBearer') return '/payers/payment-request';
  return DOCUMENT_FORM_ROUTES[type as keyof typeof DOCUMENT_FORM_ROUTES] ?? null;
}
