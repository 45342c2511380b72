import { EmptyState, ErrorState, PageHeader, Section, Spinner } from '@fahrwerk/ui';
import { useUserEmailConfigs } from './api/settings-queries';
import { useSettingsTranslation } from './use-settings-translation';

export type MyMailAccountsScreenProps = {
  /** The signed-in user. */
  userId: number;
};

/**
 * `/configuration` (communication area, no permission): the mail accounts the signed-in
 * user sends and receives with (`GET /email-config/user/{id}/email-configs`). Setting the
 * accounts up needs the company module and happens under `/configurations`; here every
 * user sees which addresses the mailbox offers them.
 */
export function MyMailAccountsScreen({ userId }: MyMailAccountsScreenProps) {
  const { t } = useSettingsTranslation();
  const accounts = useUserEmailConfigs(userId);
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('mail.myTitle')} description={t('mail.myDescription')} />
      {accounts.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner size="lg" />
        </div>
      ) : accounts.isError ? (
        <ErrorState
          message={t('common.loadError')}
          onRetry={() => accounts.refetch()}
          isRetrying={accounts.isFetching}
        />
      ) : (accounts.data ?? []).length === 0 ? (
        <EmptyState title={t('mail.myEmpty')} />
      ) : (
        <Section title={t('mail.table')}>
          <ul className="flex flex-col divide-y divide-neutral-200">
            {(accounts.data ?? []).map((account) => (
              <li key={account.id} className="py-2 text-neutral-900">
                {account.email}
              </li>
            ))}
          </ul>
        </Section>
      )}
    </div>
  );
}
