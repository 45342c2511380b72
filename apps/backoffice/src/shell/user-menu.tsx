import { Link } from '@fahrwerk/ui';
import { useTranslation } from 'react-i18next';
import { useSession } from '../use-app';
import { LanguageSwitch } from './language-switch';

/** Who is signed in, in which role; language switch and sign-out. */
export function UserMenu() {
  const { t } = useTranslation('backoffice');
  const session = useSession();
  if (!session) return null;
  const role = session.user.roleNames[0];
  return (
    <div className="flex shrink-0 items-center gap-4">
      <div className="text-end text-sm leading-tight">
        <p className="font-medium text-neutral-900" data-testid="current-user">
          {session.user.firstName} {session.user.lastName}
        </p>
        {role ? (
          <p className="text-neutral-600">
            {t('shell.role')}: {role}
          </p>
        ) : null}
      </div>
      <LanguageSwitch />
      <Link href="/logout" variant="secondary">
        {t('shell.signOut')}
      </Link>
    </div>
  );
}
