import { EmptyState, Link, PageHeader } from '@fahrwerk/ui';
import { useMatches } from '@tanstack/react-router';
import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The honest page of every route whose screen is not built yet (listed in the README). */
export function NotAvailableScreen() {
  const { t } = useTranslation('backoffice');
  const def = useMatches().at(-1)?.staticData.def;
  const page = def ? t(def.title) : '';
  return (
    <div className="flex flex-col gap-6 p-6">
      <PageHeader title={page} />
      <EmptyState
        icon={<Construction aria-hidden className="size-8" />}
        title={t('notAvailable.title')}
        description={t('notAvailable.text', { page })}
        action={<Link href="/">{t('notAvailable.back')}</Link>}
      />
    </div>
  );
}
