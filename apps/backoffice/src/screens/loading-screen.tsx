import { Spinner } from '@fahrwerk/ui';
import { useTranslation } from 'react-i18next';

/** "Wird geladen …": while a page's chunk loads, and while signing out. */
export function LoadingScreen() {
  const { t } = useTranslation('backoffice');
  return (
    <p role="status" className="flex items-center gap-2 p-8 text-sm text-neutral-700">
      <Spinner isDecorative /> {t('loading')}
    </p>
  );
}
