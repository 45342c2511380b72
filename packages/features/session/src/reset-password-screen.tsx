import { ApiForm, FormAlert, FormPasswordField, useApiForm } from '@fahrwerk/core';
import { Button, Link } from '@fahrwerk/ui';
import { useSetPassword } from './api/session-mutations';
import { AuthCard, FormMessage } from './components/auth-card';
import { resetPasswordSchema } from './schemas/session-forms';
import { useSessionTranslation } from './use-session-translation';

export type ResetPasswordScreenProps = {
  /** The token from the e-mail link (`/reset-password?token=…`). */
  token: string | null | undefined;
  /** @default '/login' */
  loginHref?: string;
  /** @default '/forgot-password' */
  forgotPasswordHref?: string;
};

/** Sets a new password with the token from the e-mail (`POST /set-fsc-user-password`). */
export function ResetPasswordScreen({
  token,
  loginHref = '/login',
  forgotPasswordHref = '/forgot-password',
}: ResetPasswordScreenProps) {
  const { t } = useSessionTranslation();
  const setPassword = useSetPassword();
  const form = useApiForm({
    schema: resetPasswordSchema,
    defaultValues: { password: '', confirmation: '' },
    submit: (values) =>
      setPassword.mutateAsync({ passwordToken: token ?? '', rawPassword: values.password }),
    t,
  });

  if (!token) {
    return (
      <AuthCard
        title={t('resetPassword.title')}
        footer={<Link href={forgotPasswordHref}>{t('resetPassword.requestNew')}</Link>}
      >
        <FormAlert>{t('resetPassword.missingToken')}</FormAlert>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('resetPassword.title')}
      intro={t('resetPassword.intro')}
      footer={
        <Link href={setPassword.isSuccess ? loginHref : forgotPasswordHref}>
          {setPassword.isSuccess ? t('resetPassword.toSignIn') : t('resetPassword.requestNew')}
        </Link>
      }
    >
      {setPassword.isSuccess ? (
        <FormMessage>{t('resetPassword.done')}</FormMessage>
      ) : (
        <ApiForm form={form} aria-label={t('resetPassword.title')}>
          <FormPasswordField
            control={form.control}
            name="password"
            label={t('resetPassword.password')}
            autoComplete="new-password"
            showRules
            isRequired
          />
          <FormPasswordField
            control={form.control}
            name="confirmation"
            label={t('resetPassword.confirmation')}
            autoComplete="new-password"
            isRequired
          />
          <Button type="submit" size="lg" isPending={form.formState.isSubmitting}>
            {t('resetPassword.submit')}
          </Button>
        </ApiForm>
      )}
    </AuthCard>
  );
}
