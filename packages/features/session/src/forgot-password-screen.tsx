import { isApiError } from '@fahrwerk/api';
import { Button, Link, TextField } from '@fahrwerk/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useRequestPasswordChange } from './api/session-mutations';
import { AuthCard, FormMessage } from './components/auth-card';
import { errorText } from './error-text';
import { type ForgotPasswordForm, forgotPasswordSchema } from './schemas/session-forms';
import { useSessionTranslation } from './use-session-translation';

export type ForgotPasswordScreenProps = {
  /** @default '/login' */
  loginHref?: string;
};

/** Asks for a link to set a new password (`POST /request-fsc-user-password-change`). */
export function ForgotPasswordScreen({ loginHref = '/login' }: ForgotPasswordScreenProps) {
  const { t } = useSessionTranslation();
  const request = useRequestPasswordChange();
  const { control, handleSubmit } = useForm<ForgotPasswordForm>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const submit = handleSubmit((form) => request.mutate(form.email));
  // 404 means no user has this address: the spec's password.no_user.
  const failure =
    request.error && isApiError(request.error) && request.error.status === 404
      ? t('errors.no_user', { ns: 'core' })
      : request.error && errorText(request.error, t, 'errors.unknown');

  return (
    <AuthCard
      title={t('forgotPassword.title')}
      intro={t('forgotPassword.intro')}
      footer={<Link href={loginHref}>{t('forgotPassword.backToSignIn')}</Link>}
    >
      {request.isSuccess ? (
        <FormMessage tone="success">{t('forgotPassword.sent')}</FormMessage>
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
          <Controller
            control={control}
            name="email"
            render={({ field, fieldState }) => (
              <TextField
                label={t('forgotPassword.email')}
                type="email"
                autoComplete="email"
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
          <Button type="submit" size="lg" isPending={request.isPending}>
            {t('forgotPassword.submit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
