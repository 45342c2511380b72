import { Select } from '@fahrwerk/ui';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../app-context';

/** German first, English switchable; kept under the session key `lang`. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('backoffice');
  return (
    <Select
      aria-label={t('shell.language')}
      selectedKey={i18n.language.startsWith('en') ? 'en' : 'de'}
      onSelectionChange={(key) => changeLanguage(i18n, String(key))}
      items={[
        { id: 'de', label: t('shell.languages.de') },
        { id: 'en', label: t('shell.languages.en') },
      ]}
    />
  );
}
