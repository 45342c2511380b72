import { useApi } from '@fahrwerk/api';
import { useQuery } from '@tanstack/react-query';

/**
 * The number of unread e-mails of the signed-in user (the sidebar's badge), kept in its own
 * file so a host's shell loads it without the mailbox screens. Refreshed every minute and
 * whenever the mailbox changes a read state.
 */
export function useUnreadEmailCount(enabled = true) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'get',
      '/emails/count-unread',
      {},
      {
        enabled,
        refetchInterval: 60_000,
        select: (answer) => answer.count,
        meta: { silentError: true },
      },
    ),
  );
}
