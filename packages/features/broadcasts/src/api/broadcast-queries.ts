import { type components, useApi } from '@fahrwerk/api';
import { type FahrwerkMeta, useCan, useInvalidate, useResourceMutations } from '@fahrwerk/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

export type Broadcast = components['schemas']['Broadcast'];
export type BroadcastInput = components['schemas']['BroadcastInput'];
export type BroadcastFilter = components['schemas']['BroadcastFilter'];
export type BroadcastState = components['schemas']['BroadcastState'];
export type BroadcastDelivery = components['schemas']['BroadcastDelivery'];
export type BroadcastRecipient = components['schemas']['BroadcastRecipient'];
export type BroadcastRecipientGroup = components['schemas']['BroadcastRecipientGroup'];
export type BroadcastRecipientCountRequest =
  components['schemas']['BroadcastRecipientCountRequest'];
export type BroadcastTemplate = components['schemas']['BroadcastTemplate'];
export type BroadcastTemplateInput = components['schemas']['BroadcastTemplateInput'];
export type RecipientEmailStatus = BroadcastRecipient['emailStatus'];

/** How often a broadcast whose e-mails are still going out is asked again. */
export const DELIVERY_POLL_MS = 3000;

/** Are the e-mails of a published broadcast still going out? Then its screens poll. */
export const isDelivering = (broadcast: Broadcast | undefined): boolean =>
  broadcast?.state === 'PUBLISHED' && (broadcast.delivery?.pending ?? 0) > 0;

export function useBroadcastPage(filter: BroadcastFilter) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/broadcasts/filter',
      { body: filter },
      { placeholderData: keepPreviousData },
    ),
  );
}

/** One broadcast; asked again every few seconds while its e-mails are going out. */
export function useBroadcast(id: number) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/broadcasts/{id}',
      { params: { path: { id } } },
      { refetchInterval: (q) => (isDelivering(q.state.data) ? DELIVERY_POLL_MS : false) },
    ),
  );
}

/** Who a prepared broadcast reaches, with each e-mail's result; polled with the broadcast. */
export function useBroadcastRecipients(id: number, { enabled = true, poll = false } = {}) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/broadcasts/{id}/recipients',
      { params: { path: { id } } },
      { enabled, refetchInterval: poll ? DELIVERY_POLL_MS : false },
    ),
  );
}

/** A value that follows `value` once it has stood still for `ms` (compared as JSON). */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `value`
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}

/**
 * How many students a recipient group reaches today, asked 400 ms after the group last
 * changed. A failure shows no toast: the form simply shows no number.
 */
export function useRecipientCount(request: BroadcastRecipientCountRequest) {
  const { query } = useApi();
  const body = useDebounced(request, 400);
  return useQuery({
    ...query.queryOptions('post', '/broadcasts/count-recipients', { body }),
    placeholderData: keepPreviousData,
    meta: { silentError: true } satisfies FahrwerkMeta,
  });
}

/**
 * The choices of a recipient group: branches, student categories and (with MODULE_THEORY,
 * which their list needs) theory courses, active ones only.
 */
export function useRecipientGroupLookups() {
  const { query } = useApi();
  const canTheory = useCan('MODULE_THEORY');
  const active = { params: { query: { archived: false } } } as const;
  const lookup = { staleTime: 60_000 };
  const branches = useQuery(query.queryOptions('get', '/branches', active, lookup));
  const categories = useQuery(query.queryOptions('get', '/student-categories/', active, lookup));
  const courses = useQuery(
    query.queryOptions('get', '/theory-courses', active, { ...lookup, enabled: canTheory }),
  );
  return {
    branches: (branches.data ?? []).map((b) => ({ id: String(b.id), label: b.name })),
    categories: (categories.data ?? []).map((c) => ({ id: String(c.id), label: c.name })),
    courses: canTheory
      ? (courses.data ?? []).map((c) => ({ id: String(c.id), label: c.shortDescription }))
      : null,
  };
}

/** Save, archive and delete a broadcast. */
export function useBroadcastMutations() {
  return useResourceMutations('/broadcasts');
}

export type BroadcastTransition = 'prepare' | 'publish' | 'stop';

/** Prepare, publish or stop a broadcast; a refusal (no recipients, …) toasts in German. */
export function useBroadcastTransition() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: BroadcastTransition }) => {
      const init = { params: { path: { id } } };
      const { data } =
        action === 'prepare'
          ? await fetch.POST('/broadcasts/{id}/prepare', init)
          : action === 'publish'
            ? await fetch.POST('/broadcasts/{id}/publish', init)
            : await fetch.POST('/broadcasts/{id}/stop', init);
      return data as Broadcast;
    },
    onSuccess: () => invalidate('/broadcasts'),
  });
}

export function useBroadcastTemplates(search = '') {
  const { query } = useApi();
  const trimmed = search.trim();
  return useQuery(
    query.queryOptions(
      'get',
      '/broadcast-templates',
      { params: { query: trimmed ? { search: trimmed } : {} } },
      { placeholderData: keepPreviousData },
    ),
  );
}

/** Save and delete a broadcast template. */
export function useBroadcastTemplateMutations() {
  return useResourceMutations('/broadcast-templates');
}
