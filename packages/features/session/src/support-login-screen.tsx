import type { TokenResponse } from '@fahrwerk/api';
import { FormAlert } from '@fahrwerk/core';
import { Link, Spinner } from '@fahrwerk/ui';
import { useEffect, useRef, useState } from 'react';
import { useSupportSignIn } from './api/session-mutations';
import { AuthCard } from './components/auth-card';
import { useSessionTranslation } from './use-session-translation';

export type SupportLoginScreenProps = {
  /** The one-time token from `/support-user-token-login/{token}`. */
  token: string;
  onSignedIn: (response: TokenResponse) => Promise<void> | void;
  /** @default '/login' */
  loginHref?: string;
};

/** Signs a support user in with a one-time token, without credentials. */
export function SupportLoginScreen({
  token,
  onSignedIn,
  loginHref = '/login',
}: SupportLoginScreenProps) {
  const { t } = useSessionTranslation();
  const signIn = useSupportSignIn();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    // The token is valid once: never send it twice (React's strict mode runs effects twice).
    if (started.current) return;
    started.current = true;
    signIn
      .mutateAsync(token)
      .then(onSignedIn)
      .catch(() => setFailed(true));
  }, [token, onSignedIn, signIn]);

  return (
    <AuthCard
      title={t('supportLogin.title')}
      footer={failed ? <Link href={loginHref}>{t('supportLogin.toSignIn')}</Link> : undefined}
    >
      {failed ? (
        <FormAlert>{t('supportLogin.failed')}</FormAlert>
      ) : (
        <p role="status" className="flex items-center gap-3 text-sm text-neutral-700">
          <Spinner isDecorative /> {t('supportLogin.pending')}
        </p>
      )}
    </AuthCard>
  );
}
