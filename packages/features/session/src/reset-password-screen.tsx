import { Button, Link, PasswordField } from '@fahrwerk/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useSetPassword } from './api/session-mutations';
import { AuthCard, FormMessage } from './components/auth-card';
import { errorText } from './error-text';
import { type ResetPasswordForm, resetPasswordSchema } from './schemas/session-forms';
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
  const { control, handleSubmit } = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmation: '' },
  });

  if (!token) {
    return (
      <AuthCard
        title={t('resetPassword.title')}
        footer={<Link href={forgotPasswordHref}>{t('resetPassword.requestNew')}</Link>}
      >
        <FormMessage tone="error">{t('resetPassword.missingToken')}</FormMessage>
      </AuthCard>
    );
  }

  const submit = handleSubmit((form) =>
    setPassword.mutate({ passwordToken: token, rawPassword: form.password }),
  );

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
        <FormMessage tone="success">{t('resetPassword.done')}</FormMessage>
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          {setPassword.error ? (
            <FormMessage tone="error">
              {errorText(setPassword.error, t, 'errors.unknown')}
            </FormMessage>
          ) : null}
          <Controller
            control={control}
            name="password"
            render={({ field, fieldState }) => (
              <PasswordField
                label={t('resetPassword.password')}
                autoComplete="new-password"
                showRules
                isRequired
                validationBehavior="aria"
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                isInvalid={fieldState.invalid}
                errorMessage={fieldState.error?.message && t(fieldState.error.message)}
              />
            )}
          />
          <Controller
            control={control}
            name="confirmation"
            render={({ field, fieldState }) => (
              <PasswordField
                label={t('resetPassword.confirmation')}
                autoComplete="new-password"
                isRequired
                validationBehavior="aria"
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                isInvalid={fieldState.invalid}
                errorMessage={fieldState.error?.message && t(fieldState.error.message)}
              />
            )}
          />
          <Button type="submit" size="lg" isPending={setPassword.isPending}>
            {t('resetPassword.submit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
