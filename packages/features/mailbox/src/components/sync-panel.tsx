import { Button, formatDateTime, Spinner } from '@fahrwerk/ui';
import type { EmailConfigEntry, EmailSyncResult } from '../api/mail-queries';
import { useMailboxTranslation } from '../use-mailbox-translation';

export type SyncPanelProps = {
  accounts: EmailConfigEntry[];
  /** True while `POST /emails/force-sync-by-email-config-ids` runs (up to a minute per account). */
  isSyncing: boolean;
  /** The last forced sync's answer, per account. */
  results: EmailSyncResult[] | undefined;
  onSync: () => void;
};

/**
 * The user's mail accounts with their sync state — last sync, the failure and the mail
 * server's own words, the next try — and "Synchronisieren", which fetches new mail now.
 */
export function SyncPanel({ accounts, isSyncing, results, onSync }: SyncPanelProps) {
  const { t } = useMailboxTranslation();
  return (
    <section
      aria-labelledby="mailbox-accounts"
      className="flex flex-col gap-2 rounded-[var(--radius-control)] border border-neutral-200 p-3"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="mailbox-accounts" className="text-sm font-semibold text-neutral-800">
          {t('sync.title')}
        </h2>
        <Button size="sm" variant="secondary" onPress={onSync} isPending={isSyncing}>
          {t('sync.button')}
        </Button>
      </div>
      <ul className="flex flex-col gap-2">
        {accounts.map((account) => {
          const result = results?.find((r) => r.emailConfigId === account.id);
          return (
            <li key={account.id} className="flex flex-col text-sm" aria-label={account.email}>
              <span className="font-medium text-neutral-900">{account.email}</span>
              <AccountState account={account} result={result} isSyncing={isSyncing} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function AccountState({
  account,
  result,
  isSyncing,
}: {
  account: EmailConfigEntry;
  result: EmailSyncResult | undefined;
  isSyncing: boolean;
}) {
  const { t } = useMailboxTranslation();
  if (isSyncing) {
    return (
      <span className="flex items-center gap-2 text-neutral-700" role="status">
        <Spinner size="sm" isDecorative />
        {t('sync.running')}
      </span>
    );
  }
  if (result) {
    return result.error ? (
      <span className="text-danger-700">
        {t('sync.failed', { reason: t(result.error) })}
        {result.errorDetail && (
          <span className="block">{t('sync.detail', { detail: result.errorDetail })}</span>
        )}
      </span>
    ) : (
      <span className="text-neutral-700">
        {t('sync.done', { count: result.newEmails, time: formatDateTime(result.syncedAt) })}
      </span>
    );
  }
  return (
    <span className="text-neutral-700">
      {account.syncedAt
        ? t('sync.lastSync', { time: formatDateTime(account.syncedAt) })
        : t('sync.never')}
      {account.syncError && (
        <span className="block text-danger-700">
          {t('sync.failed', { reason: t(account.syncError) })}
          {account.syncErrorDetail && (
            <span className="block">{t('sync.detail', { detail: account.syncErrorDetail })}</span>
          )}
        </span>
      )}
      {account.syncError && account.nextSyncAt && (
        <span className="block">
          {t('sync.nextTry', { time: formatDateTime(account.nextSyncAt) })}
        </span>
      )}
    </span>
  );
}
