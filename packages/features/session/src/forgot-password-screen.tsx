import { isApiError } from '@fahrwerk/api';
import { ApiForm, FormTextField, useApiForm } from '@fahrwerk/core';
import { Button, Link } from '@fahrwerk/ui';
import { useRequestPasswordChange } from './api/session-mutations';
import { AuthCard, FormMessage } from './components/auth-card';
import { forgotPasswordSchema } from './schemas/session-forms';
import { useSessionTranslation } from './use-session-translation';

export type ForgotPasswordScreenProps = {
  /** @default '/login' */
  loginHref?: string;
};

/** Asks for a link to set a new password (`POST /request-fsc-user-password-change`). */
export function ForgotPasswordScreen({ loginHref = '/login' }: ForgotPasswordScreenProps) {
  const { t } = useSessionTranslation();
  const request = useRequestPasswordChange();
  const form = useApiForm({
    schema: forgotPasswordSchema,
    defaultValues: { email: '' },
    submit: (values) => request.mutateAsync(values.email),
    t,
    // 404 means no user has this address: the spec's password.no_user.
    describeFailure: (error) =>
      isApiError(error) && error.status === 404 ? 'errors.no_user' : undefined,
  });

  return (
    <AuthCard
      title={t('forgotPassword.title')}
      intro={t('forgotPassword.intro')}
      footer={<Link href={loginHref}>{t('forgotPassword.backToSignIn')}</Link>}
    >
      {request.isSuccess ? (
        <FormMessage>{t('forgotPassword.sent')}</FormMessage>
      ) : (
        <ApiForm form={form} aria-label={t('forgotPassword.title')}>
          <FormTextField
            control={form.control}
            name="email"
            label={t('forgotPassword.email')}
            type="email"
            autoComplete="email"
            isRequired
          />
          <Button type="submit" size="lg" isPending={form.formState.isSubmitting}>
            {t('forgotPassword.submit')}
          </Button>
        </ApiForm>
      )}
    </AuthCard>
  );
}
