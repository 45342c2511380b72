import { type components, useApi } from '@fahrwerk/api';
import { type FahrwerkMeta, useInvalidate } from '@fahrwerk/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';

/*
 * Data of the mandate, balance and student-payment panels and the public mandate form,
 * over the injected client. Screens that show a failure themselves (at a field, in an
 * alert, with their own text) call with `silentError`.
 */

export type Mandate = components['schemas']['Mandate'];
export type MandateInput = components['schemas']['MandateInput'];
export type MandateStatus = components['schemas']['MandateStatus'];
export type PublicMandateForm = components['schemas']['PublicMandateForm'];
export type PublicMandateInput = components['schemas']['PublicMandateInput'];
export type Balance = components['schemas']['Balance'];
export type BalanceOfEducation = components['schemas']['BalanceOfEducation'];
export type CostBearerBalance = components['schemas']['CostBearerBalance'];
export type Payment = components['schemas']['Payment'];
export type PaymentFilter = components['schemas']['PaymentFilter'];
export type PaymentInput = components['schemas']['PaymentInput'];
export type PaymentMethod = components['schemas']['PaymentMethod'];
export type PaymentStatus = components['schemas']['PaymentStatus'];
export type StudentEducation = components['schemas']['StudentEducation'];

const silent: FahrwerkMeta = { silentError: true };

/** Every list a mandate change shows in: the mandates, the live-pay lists and their statuses. */
const MANDATE_PATHS = ['/live-pay-mandate', '/payment-workflows', '/live-pay'] as const;

/** Every list a recorded payment shows in: payments, balances, documents' open amounts. */
const PAYMENT_PATHS = [
  '/payments',
  '/balance',
  '/payment-documents',
  '/payment-workflows',
  '/cost-bearers',
] as const;

/** `GET /live-pay-mandate/by-student/{id}`: newest first, revoked and expired ones included. */
export function useStudentMandates(studentId: number) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/live-pay-mandate/by-student/{id}',
      { params: { path: { id: studentId } } },
      { meta: silent },
    ),
  );
}

/** `POST /live-pay-mandate`: with `signedAt` confirmed at once, else unconfirmed. */
export function useCreateMandate() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: silent,
    mutationFn: async (body: MandateInput) =>
      (await fetch.POST('/live-pay-mandate', { body })).data as Mandate,
    onSuccess: () => invalidate(...MANDATE_PATHS),
  });
}

/** `POST /live-pay-mandate/confirm-mandate/{id}?signedAt`: the signed form has arrived. */
export function useConfirmMandate() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: silent,
    mutationFn: async ({ id, signedAt }: { id: number; signedAt: string }) =>
      (
        await fetch.POST('/live-pay-mandate/confirm-mandate/{id}', {
          params: { path: { id }, query: { signedAt } },
        })
      ).data as Mandate,
    onSuccess: () => invalidate(...MANDATE_PATHS),
  });
}

/**
 * `GET /live-pay-mandate/revoke-mandate/{id}`: a GET that changes state, so a mutation and
 * never a query (nothing may prefetch or retry it).
 */
export function useRevokeMandate() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: silent,
    retry: false,
    mutationFn: async (id: number) =>
      (await fetch.GET('/live-pay-mandate/revoke-mandate/{id}', { params: { path: { id } } }))
        .data as Mandate,
    onSuccess: () => invalidate(...MANDATE_PATHS, '/payments', '/balance'),
  });
}

/** `POST /students/send-live-pay-mandate-dispatch-email?email&educationId`. */
export function useSendMandateEmail() {
  const { fetch } = useApi();
  return useMutation({
    meta: silent,
    mutationFn: async ({ email, educationId }: { email: string; educationId: number }) => {
      await fetch.POST('/students/send-live-pay-mandate-dispatch-email', {
        params: { query: { email, educationId } },
      });
    },
  });
}

/** A student's educations (`GET /student-educations/student/{studentId}`), when not given. */
export function useEducationsOf(studentId: number, enabled: boolean) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/student-educations/student/{studentId}',
      { params: { path: { studentId } } },
      { enabled, meta: silent },
    ),
  );
}

/** `GET /balance/{id}`: the student's saldo in total and per education. */
export function useStudentBalance(studentId: number, enabled = true) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/balance/{id}',
      { params: { path: { id: studentId } } },
      { enabled, meta: silent },
    ),
  );
}

/** `GET /cost-bearers/balance/{id}`: the cost bearer's saldo. */
export function useCostBearerBalance(costBearerId: number, enabled = true) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/cost-bearers/balance/{id}',
      { params: { path: { id: costBearerId } } },
      { enabled, meta: silent },
    ),
  );
}

/** `POST /payments/filter`: one page of payments (here: of one student). */
export function usePaymentsPage(filter: PaymentFilter) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/payments/filter',
      { body: filter },
      { placeholderData: keepPreviousData, meta: silent },
    ),
  );
}

/**
 * `POST /payments` with the `Idempotency-Key` the dialog made once: a retry after a lost
 * answer sends the same key, and the server answers with the payment it already recorded.
 */
export function useCreatePayment() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: silent,
    mutationFn: async ({ body, idempotencyKey }: { body: PaymentInput; idempotencyKey: string }) =>
      (
        await fetch.POST('/payments', {
          params: { header: { 'Idempotency-Key': idempotencyKey } },
          body,
        })
      ).data as Payment,
    onSuccess: () => invalidate(...PAYMENT_PATHS),
  });
}

/** `GET /public/mandate-form/{token}` (no sign-in); never retried: a 404 is the answer. */
export function usePublicMandateForm(token: string) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/public/mandate-form/{token}',
      { params: { path: { token } } },
      { meta: silent, retry: false },
    ),
  );
}

/** `POST /public/mandate-form/{token}`: gives the mandate, confirmed and signed today. */
export function useSubmitPublicMandate(token: string) {
  const { fetch } = useApi();
  return useMutation({
    meta: silent,
    mutationFn: async (body: PublicMandateInput) => {
      await fetch.POST('/public/mandate-form/{token}', { params: { path: { token } }, body });
    },
  });
}
