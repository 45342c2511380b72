import { Link } from '@fahrwerk/ui';
import { useTranslation } from 'react-i18next';

declare const __APP_VERSION__: string;

export function AboutScreen() {
  const { t } = useTranslation('backoffice');
  return (
    <section className="w-full max-w-xl rounded-xl border border-neutral-200 bg-white p-8 shadow-sm">
      <h1 className="text-2xl font-semibold text-neutral-900">{t('about.title')}</h1>
      <p className="mt-3 text-neutral-700">{t('about.text')}</p>
      <p className="mt-3 text-sm text-neutral-600">
        {t('about.version', { version: __APP_VERSION__ })}
      </p>
      <ul className="mt-6 flex flex-col gap-2 text-sm">
        <li>
          <a className="text-brand-700 underline" href="/storybook/">
            {t('about.storybook')}
          </a>
        </li>
        <li>
          <Link href="/">{t('about.back')}</Link>
        </li>
      </ul>
    </section>
  );
}
