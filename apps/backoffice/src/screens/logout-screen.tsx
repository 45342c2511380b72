import { Spinner } from '@fahrwerk/ui';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../use-app';

/** Sign-out: forget the session, the tabs and every list filter, then go to sign-in. */
export function LogoutScreen() {
  const { session, tabs, queryClient } = useApp();
  const navigate = useNavigate();
  const { t } = useTranslation('backoffice');
  useEffect(() => {
    session.signOut();
    tabs.reset();
    queryClient.clear();
    void navigate({ to: '/login', replace: true });
  }, [session, tabs, queryClient, navigate]);
  return (
    <p role="status" className="flex items-center gap-2 p-8 text-sm text-neutral-700">
      <Spinner isDecorative /> {t('loading')}
    </p>
  );
}
