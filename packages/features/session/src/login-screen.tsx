import { isApiError, type TokenResponse } from '@fahrwerk/api';
import { ApiForm, FormPasswordField, FormTextField, useApiForm } from '@fahrwerk/core';
import { Button, Link } from '@fahrwerk/ui';
import { useSignIn } from './api/session-mutations';
import { AuthCard } from './components/auth-card';
import { signInSchema } from './schemas/session-forms';
import { useSessionTranslation } from './use-session-translation';

export type LoginScreenProps = {
  /** Called with the answer of `POST /generate-token`; the host stores the session. */
  onSignedIn: (response: TokenResponse) => Promise<void> | void;
  /** @default '/forgot-password' */
  forgotPasswordHref?: string;
};

/** Sign-in with e-mail and password. */
export function LoginScreen({
  onSignedIn,
  forgotPasswordHref = '/forgot-password',
}: LoginScreenProps) {
  const { t } = useSessionTranslation();
  const signIn = useSignIn();
  const form = useApiForm({
    schema: signInSchema,
    defaultValues: { email: '', password: '' },
    submit: async (credentials) => onSignedIn(await signIn.mutateAsync(credentials)),
    t,
    describeFailure: (error) => (isApiError(error) ? undefined : 'signIn.failed'),
  });

  return (
    <AuthCard
      title={t('signIn.title')}
      intro={t('signIn.intro')}
      footer={<Link href={forgotPasswordHref}>{t('signIn.forgotPassword')}</Link>}
    >
      <ApiForm form={form} aria-label={t('signIn.title')}>
        <FormTextField
          control={form.control}
          name="email"
          label={t('signIn.email')}
          type="email"
          autoComplete="username"
          isRequired
        />
        <FormPasswordField
          control={form.control}
          name="password"
          label={t('signIn.password')}
          autoComplete="current-password"
          isRequired
        />
        <Button type="submit" size="lg" isPending={form.formState.isSubmitting}>
          {t('signIn.submit')}
        </Button>
      </ApiForm>
    </AuthCard>
  );
}
