import type { TokenResponse } from '@fahrwerk/api';
import {
  ForgotPasswordScreen,
  LoginScreen,
  ResetPasswordScreen,
  SupportLoginScreen,
} from '@fahrwerk/session';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import { changeLanguage, LANGUAGE_KEY, loadPermissions, safeRedirect } from '../app-context';
import { useApp } from '../use-app';
import type { Pages, PathParams } from './screens';

/** Stores the session, applies the user's language, and opens the page asked for. */
function useFinishSignIn() {
  const app = useApp();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { redirect?: unknown };
  return useCallback(
    async (response: TokenResponse) => {
      const hadLanguage = sessionStorage.getItem(LANGUAGE_KEY) !== null;
      const session = await app.session.signIn(response, (info) => loadPermissions(app.api, info));
      if (!hadLanguage) changeLanguage(app.i18n, session.settings.language);
      app.queryClient.clear();
      await navigate({ href: safeRedirect(search.redirect), replace: true });
    },
    [app, navigate, search.redirect],
  );
}

function LoginPage() {
  return <LoginScreen onSignedIn={useFinishSignIn()} />;
}

function SupportLoginPage({ params }: { params: PathParams<'/support-user-token-login/{token}'> }) {
  return <SupportLoginScreen token={params.token} onSignedIn={useFinishSignIn()} />;
}

function ForgotPasswordPage() {
  return <ForgotPasswordScreen />;
}

function ResetPasswordPage() {
  const search = useSearch({ strict: false }) as { token?: unknown };
  return <ResetPasswordScreen token={typeof search.token === 'string' ? search.token : null} />;
}

/** Sign-in, forgotten and new password, and the support sign-in: `session.<name>` in the route table. */
export const SESSION_PAGES = {
  login: LoginPage,
  forgotPassword: ForgotPasswordPage,
  resetPassword: ResetPasswordPage,
  supportLogin: SupportLoginPage,
} satisfies Pages;
