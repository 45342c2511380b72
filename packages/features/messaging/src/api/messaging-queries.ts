import { type components, useApi } from '@fahrwerk/api';
import { type FahrwerkMeta, useInvalidate, useResourceMutations } from '@fahrwerk/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';

export type Message = components['schemas']['Message'];
export type MessageInput = components['schemas']['MessageInput'];
export type MessageFilter = components['schemas']['MessageFilter'];
export type MessageTemplate = components['schemas']['MessageTemplate'];
export type MessageTemplateInput = components['schemas']['MessageTemplateInput'];
export type AutomaticMessageEvent = components['schemas']['AutomaticMessageEvent'];
export type AutomaticMessageChannel = components['schemas']['AutomaticMessageChannel'];
export type AutomaticMessageRule = components['schemas']['AutomaticMessageRule'];
export type AutomaticMessageRuleInput = components['schemas']['AutomaticMessageRuleInput'];
export type AutomaticMessageLogEntry = components['schemas']['AutomaticMessageLogEntry'];
export type AutomaticMessageLogFilter = components['schemas']['AutomaticMessageLogFilter'];
export type AutomaticMessageLogStatus = AutomaticMessageLogEntry['status'];
export type EmailPlaceholder = components['schemas']['EmailPlaceholder'];

/** One page of the messages sent, newest first. */
export function useMessagePage(filter: MessageFilter) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/messages/filter',
      { body: filter },
      { placeholderData: keepPreviousData },
    ),
  );
}

/**
 * Sends one message per student (`POST /messages`); the form shows a refusal itself. A
 * success refreshes the message lists, wherever they show.
 */
export function useSendMessages() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: MessageInput) => {
      const { data } = await fetch.POST('/messages', { body: input });
      return data ?? [];
    },
    meta: { silentError: true } satisfies FahrwerkMeta,
    onSuccess: () => invalidate('/messages'),
  });
}

/** The school's message templates, sorted by name (the list is short: filtered here). */
export function useMessageTemplates() {
  const { query } = useApi();
  return useQuery(query.queryOptions('get', '/message-templates'));
}

/**
 * Save and delete a message template; the dialogs show a refusal themselves (a template an
 * automatic message uses cannot be deleted). The rules refresh too: they name templates.
 */
export function useMessageTemplateMutations() {
  return useResourceMutations('/message-templates', {
    inline: ['save', 'delete'],
    alsoRefresh: ['/automatic-messages'],
  });
}

/** The placeholders the server fills per student (shared with the e-mail templates). */
export function usePlaceholders() {
  const { query } = useApi();
  return useQuery(
    query.queryOptions('get', '/email-templates/placeholders', {}, { staleTime: Infinity }),
  );
}

/** One rule per event. */
export function useAutomaticMessageRules() {
  const { query } = useApi();
  return useQuery(query.queryOptions('get', '/automatic-messages'));
}

/** Changes the rule of one event; the row shows a refusal (switched on without template). */
export function useUpdateAutomaticMessage() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({
      event,
      input,
    }: {
      event: AutomaticMessageEvent;
      input: AutomaticMessageRuleInput;
    }) => {
      const { data } = await fetch.PUT('/automatic-messages/{event}', {
        params: { path: { event } },
        body: input,
      });
      return data as AutomaticMessageRule;
    },
    meta: { silentError: true } satisfies FahrwerkMeta,
    onSuccess: () => invalidate('/automatic-messages'),
  });
}

/** One page of what the automatic messages sent, failed or skipped, newest first. */
export function useAutomaticMessageLogPage(filter: AutomaticMessageLogFilter) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/automatic-messages/log/filter',
      { body: filter },
      { placeholderData: keepPreviousData },
    ),
  );
}
