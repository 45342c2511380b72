import { Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './language-switch';

/** The frame of pages outside the shell: brand, language switch, the page centred. */
export function GuestLayout() {
  const { t } = useTranslation('backoffice');
  return (
    <div className="flex min-h-screen flex-col bg-neutral-50">
      <header className="flex items-center justify-between px-6 py-4">
        <div>
          <p className="text-xl font-semibold text-brand-700">{t('app.name')}</p>
          <p className="text-sm text-neutral-600">{t('app.tagline')}</p>
        </div>
        <LanguageSwitch />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-8 pb-16 sm:pt-16">
        <Outlet />
      </main>
    </div>
  );
}
