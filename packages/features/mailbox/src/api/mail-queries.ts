import { asBinary, type components, saveBlob, toFormData, useApi } from '@fahrwerk/api';
import { type FahrwerkMeta, matchesPaths, useCan, useInvalidate } from '@fahrwerk/core';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

export type MailboxEmail = components['schemas']['MailboxEmail'];
export type MailboxEmailFilter = components['schemas']['MailboxEmailFilter'];
export type EmailConfigEntry = components['schemas']['EmailConfigEntry'];
export type EmailSyncResult = components['schemas']['EmailSyncResult'];
export type SendEmailInput = components['schemas']['SendEmailInput'];
export type EmailTemplate = components['schemas']['EmailTemplate'];
export type EmailPlaceholder = components['schemas']['EmailPlaceholder'];
export type FileRef = components['schemas']['FileRef'];

type EmailPage = { data: MailboxEmail[]; total: number };

/** The mail accounts of the signed-in user with their sync state (spec 001 §6). */
export function useEmailConfigs(userId: number) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions('get', '/email-config/user/{userId}/email-configs', {
      params: { path: { userId } },
    }),
  );
}

/** A page of mail; asked again every minute, as the server's background sync brings new mail. */
export function useEmailPage(filter: MailboxEmailFilter) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/emails/filter',
      { body: filter },
      { placeholderData: keepPreviousData, refetchInterval: 60_000 },
    ),
  );
}

/**
 * The spec wants the local list to change only after the server's 200 (001 §4): the answer
 * replaces (or, deleted, removes) the e-mail in every cached page, without refetching the
 * page (a refetch could bring back an e-mail the server has not yet moved in its index).
 */
function patchPages(
  queryClient: QueryClient,
  change: (rows: MailboxEmail[]) => MailboxEmail[],
  totalDelta = 0,
) {
  queryClient.setQueriesData<EmailPage>(
    { predicate: (query) => matchesPaths(query.queryKey, ['/emails/filter']) },
    (page) => (page ? { data: change(page.data), total: page.total + totalDelta } : page),
  );
}

function useEmailFlag(flag: 'read' | 'marked') {
  const { fetch } = useApi();
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, value }: { id: number; value: boolean }) => {
      const { data } =
        flag === 'read'
          ? await fetch.POST('/emails/change-read-state', {
              params: { query: { emailId: id, read: value } },
            })
          : await fetch.POST('/emails/change-marked-state', {
              params: { query: { emailId: id, marked: value } },
            });
      return data as MailboxEmail;
    },
    onSuccess: (email) => {
      patchPages(queryClient, (rows) => rows.map((row) => (row.id === email.id ? email : row)));
      if (flag === 'read') void invalidate('/emails/count-unread');
    },
  });
}

/** Read/unread toggle; the list changes with the server's answer only. */
export const useChangeReadState = () => useEmailFlag('read');
/** Marked/not-marked toggle; the list changes with the server's answer only. */
export const useChangeMarkedState = () => useEmailFlag('marked');

export function useDeleteEmail() {
  const { fetch } = useApi();
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: number) => {
      const { data } = await fetch.DELETE('/emails/{id}', { params: { path: { id } } });
      return data?.id ?? id;
    },
    onSuccess: (id) => {
      patchPages(queryClient, (rows) => rows.filter((row) => row.id !== id), -1);
      void invalidate('/emails/count-unread');
    },
  });
}

export type SendEmail = { input: SendEmailInput; files: File[] };

/**
 * Sends through the JSON call, or the multipart call when files are attached (the `email`
 * part as JSON, one `file` part each). A refusal (422 `errors.email_not_sent`) reaches the
 * global toast; the form stays open with what was written.
 */
export function useSendEmail() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ input, files }: SendEmail) => {
      if (files.length === 0) {
        return (await fetch.POST('/emails/send-user-email', { body: input })).data as MailboxEmail;
      }
      const email = new Blob([JSON.stringify(input)], { type: 'application/json' });
      const { data } = await fetch.POST('/emails/send-user-email-with-attachments', {
        body: { email: asBinary(email) as never, file: files.map(asBinary) },
        bodySerializer: toFormData,
      });
      return data as MailboxEmail;
    },
    onSuccess: () => invalidate('/emails'),
  });
}

async function readAttachment(
  fetch: ReturnType<typeof useApi>['fetch'],
  file: FileRef,
): Promise<Blob> {
  const { data } = await fetch.GET('/email-attachments/read/{id}', {
    params: { path: { id: file.id } },
    parseAs: 'blob',
  });
  return data as Blob;
}

export function useDownloadAttachment() {
  const { fetch } = useApi();
  return useMutation({
    mutationFn: async (file: FileRef) => saveBlob(await readAttachment(fetch, file), file.fileName),
  });
}

/** The attachments of a forwarded e-mail as files to send again. */
export function useAttachmentFiles() {
  const { fetch } = useApi();
  return useMutation({
    mutationFn: (files: FileRef[]) =>
      Promise.all(
        files.map(
          async (file) =>
            new File([await readAttachment(fetch, file)], file.fileName, { type: file.mimeType }),
        ),
      ),
  });
}

/** Fetches new mail now; the answer says per account how many came or why it failed. */
export function useForceSync() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (emailConfigIds: number[]) =>
      (await fetch.POST('/emails/force-sync-by-email-config-ids', { body: { emailConfigIds } }))
        .data as EmailSyncResult[],
    onSuccess: () => invalidate('/emails', '/email-config'),
  });
}

export function useEmailTemplates(enabled: boolean) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions('get', '/email-templates/', {}, { enabled, staleTime: 60_000 }),
  );
}

/** Fills a template's placeholders for a student on the server. */
export function useRenderTemplate() {
  const { fetch } = useApi();
  return useMutation({
    mutationFn: async (body: components['schemas']['EmailTemplateRenderRequest']) =>
      (await fetch.POST('/email-templates/render', { body }))
        .data as components['schemas']['EmailTemplateRendered'],
  });
}

export type Recipient = {
  key: string;
  label: string;
  email: string;
  studentId?: number;
};

/** A failed recipient search leaves the list empty; typed addresses still work. */
const quiet: FahrwerkMeta = { silentError: true };

/**
 * Students and cost bearers with an e-mail address, by name (20 each at most), each only
 * for users who may list them (MODULE_CUSTOMERS, MODULE_COST_BEARERS).
 */
export function useRecipientSearch(search: string) {
  const { query } = useApi();
  const canStudents = useCan('MODULE_CUSTOMERS');
  const canCostBearers = useCan('MODULE_COST_BEARERS');
  const text = search.trim();
  const body = { page: 0, size: 20, archived: false, ...(text ? { search: text } : {}) };
  const options = { placeholderData: keepPreviousData, staleTime: 30_000, meta: quiet };
  const students = useQuery(
    query.queryOptions(
      'post',
      '/students/filter',
      { body },
      {
        ...options,
        enabled: canStudents,
        select: (page) =>
          page.data.flatMap((s): Recipient[] =>
            s.email
              ? [
                  {
                    key: `student-${s.id}`,
                    label: `${s.firstName} ${s.lastName} <${s.email}>`,
                    email: s.email,
                    studentId: s.id,
                  },
                ]
              : [],
          ),
      },
    ),
  );
  const costBearers = useQuery(
    query.queryOptions(
      'post',
      '/cost-bearers/filter',
      { body },
      {
        ...options,
        enabled: canCostBearers,
        select: (page) =>
          page.data.flatMap((c): Recipient[] =>
            c.email
              ? [{ key: `cost-bearer-${c.id}`, label: `${c.name} <${c.email}>`, email: c.email }]
              : [],
          ),
      },
    ),
  );
  return [...(students.data ?? []), ...(costBearers.data ?? [])];
}
