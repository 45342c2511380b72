import { isApiError } from '@fahrwerk/api';
import { useCan } from '@fahrwerk/core';
import { Button, EmptyState, ErrorState, PageHeader, Section, Spinner } from '@fahrwerk/ui';
import type { ReactNode } from 'react';
import { useAccountsConfig } from './api/accounting-queries';
import { useAccountingTranslation } from './use-accounting-translation';

export type FibuFixScreenProps = {
  /** Opens the accounts configuration, where the portal's address is kept; no button without. */
  onEditAccounts?: () => void;
};

/**
 * `/fibu-fix`: the school's external bookkeeping portal (`bookkeepingPortalUrl` of the
 * accounts configuration). It opens in a new window on a button press, not on load: browsers
 * block windows that no user action opened.
 */
export function FibuFixScreen({ onEditAccounts }: FibuFixScreenProps) {
  const { t } = useAccountingTranslation();
  const canRead = useCan('MODULE_COMPANY');
  const config = useAccountsConfig(canRead);
  const forbidden = !canRead || (isApiError(config.error) && config.error.status === 403);
  const edit = (label: string) =>
    onEditAccounts && (
      <Button variant="secondary" onPress={onEditAccounts}>
        {label}
      </Button>
    );

  let content: ReactNode;
  if (forbidden) {
    content = <EmptyState title={t('fibu.forbiddenTitle')} description={t('fibu.forbidden')} />;
  } else if (config.isPending) {
    content = (
      <div className="flex justify-center py-6 text-brand-600">
        <Spinner label={t('fibu.loading')} />
      </div>
    );
  } else if (config.isError) {
    content = (
      <ErrorState
        message={t('fibu.loadError')}
        onRetry={() => void config.refetch()}
        isRetrying={config.isFetching}
      />
    );
  } else if (!config.data.bookkeepingPortalUrl) {
    content = (
      <EmptyState
        title={t('fibu.missingTitle')}
        description={t('fibu.missing')}
        action={edit(t('fibu.add'))}
      />
    );
  } else {
    const url = config.data.bookkeepingPortalUrl;
    content = (
      <div className="flex flex-col items-start gap-3">
        <p className="text-sm text-neutral-700">{t('fibu.text')}</p>
        <p className="text-sm">
          <span className="text-neutral-600">{t('fibu.address')} </span>
          <span className="font-mono break-all text-neutral-900">{url}</span>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button onPress={() => window.open(url, '_blank', 'noopener')}>{t('fibu.open')}</Button>
          {edit(t('fibu.edit'))}
        </div>
        <p className="text-xs text-neutral-600">{t('fibu.popupHint')}</p>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('fibu.title')} description={t('fibu.description')} />
      <Section title={t('fibu.portal')}>{content}</Section>
    </div>
  );
}
