import { EmptyState, Link } from '@fahrwerk/ui';
import { useTranslation } from 'react-i18next';

export function NotFoundScreen() {
  const { t } = useTranslation('backoffice');
  return (
    <main className="p-6">
      <EmptyState
        title={t('notFound.title')}
        description={t('notFound.text')}
        action={<Link href="/">{t('notFound.back')}</Link>}
      />
    </main>
  );
}
