import { type components, fileNameFromResponse, saveBlob, useApi } from '@fahrwerk/api';
import type { FahrwerkMeta } from '@fahrwerk/core';
import { useMutation, useQuery } from '@tanstack/react-query';

export type AccountsConfig = components['schemas']['AccountsConfig'];
export type DatevExportRequest = components['schemas']['DatevExportRequest'];
export type PayrollExportRequest = components['schemas']['PayrollExportRequest'];
export type PayrollFormat = NonNullable<PayrollExportRequest['format']>;
export type PayrollOverviewRequest = components['schemas']['PayrollOverviewRequest'];
export type PayrollOverview = components['schemas']['PayrollOverview'];
export type PayrollInstructor = components['schemas']['PayrollInstructor'];
export type PayrollColumn = components['schemas']['PayrollColumn'];
export type PayrollMinutes = components['schemas']['PayrollMinutes'];
export type User = components['schemas']['User'];

/** The screen shows the failure itself (in place, in the form's alert). */
const silent: FahrwerkMeta = { silentError: true };

/** A saved file: the name it was saved under (the server's, else the fallback). */
export type SavedFile = { fileName: string };

/** Saves a blob answer under the server's file name (Content-Disposition), else `fallback`. */
async function saveDownload(
  call: Promise<{ data?: unknown; response: Response }>,
  fallback: string,
): Promise<SavedFile> {
  const { data, response } = await call;
  const fileName = fileNameFromResponse(response) ?? fallback;
  saveBlob(data as Blob, fileName);
  return { fileName };
}

/**
 * The accounting frame (`GET /accounts-config/current`); `enabled` false when the user may
 * not read the company settings (the call needs MODULE_COMPANY).
 */
export function useAccountsConfig(enabled = true) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions('get', '/accounts-config/current', undefined, { enabled, meta: silent }),
  );
}

/** A key for one intended action (a random UUID), sent again when that action is retried. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** `POST /accounting/datev-export`: the EXTF booking batch of a period, saved as a file. */
export function useDatevExport() {
  const { fetch } = useApi();
  return useMutation({
    meta: silent,
    mutationFn: ({ body, idempotencyKey }: { body: DatevExportRequest; idempotencyKey: string }) =>
      saveDownload(
        fetch.POST('/accounting/datev-export', {
          body,
          params: { header: { 'Idempotency-Key': idempotencyKey } },
          parseAs: 'blob',
        }),
        `EXTF_Buchungsstapel_${body.from.replaceAll('-', '')}_${body.to.replaceAll('-', '')}.csv`,
      ),
  });
}

/** `POST /accounting/payroll-export`: the instructors' figures of a month as CSV or XLSX. */
export function usePayrollExport() {
  const { fetch } = useApi();
  return useMutation({
    meta: silent,
    mutationFn: (body: PayrollExportRequest) =>
      saveDownload(
        fetch.POST('/accounting/payroll-export', { body, parseAs: 'blob' }),
        `Lohnexport_${body.month}.${body.format === 'XLSX' ? 'xlsx' : 'csv'}`,
      ),
  });
}

/**
 * `POST /accounting/payroll-overview`: the payroll figures of a month as the export has them —
 * the minute columns and per instructor the month's total and the days. `enabled` false when
 * the user may not read them (the call needs MODULE_ACCOUNTING).
 */
export function usePayrollOverview(body: PayrollOverviewRequest, enabled = true) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions('post', '/accounting/payroll-overview', { body }, { enabled, meta: silent }),
  );
}

const instructorFilter = (archived: boolean) => ({
  body: {
    page: 0,
    size: 200,
    archived,
    sort: [
      { field: 'lastName' as const, direction: 'asc' as const },
      { field: 'firstName' as const, direction: 'asc' as const },
    ],
  },
});

/**
 * The school's instructors for the payroll export (`POST /instructor/filter`), by last name:
 * the active ones, then those archived since (a past month may still have their hours).
 */
export function usePayrollInstructors() {
  const { query } = useApi();
  const active = useQuery(
    query.queryOptions('post', '/instructor/filter', instructorFilter(false), {
      meta: silent,
      select: (page) => page.data,
    }),
  );
  const archived = useQuery(
    query.queryOptions('post', '/instructor/filter', instructorFilter(true), {
      meta: silent,
      select: (page) => page.data,
    }),
  );
  return {
    isPending: active.isPending || archived.isPending,
    isError: active.isError || archived.isError,
    data: [...(active.data ?? []), ...(archived.data ?? [])],
    refetch: () => {
      void active.refetch();
      void archived.refetch();
    },
  };
}
