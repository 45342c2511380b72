import type { TokenResponse } from '@fahrwerk/api';
import { Button, Link, PasswordField, TextField } from '@fahrwerk/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useSignIn } from './api/session-mutations';
import { AuthCard, FormMessage } from './components/auth-card';
import { errorText } from './error-text';
import { type SignInForm, signInSchema } from './schemas/session-forms';
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
  const [finishing, setFinishing] = useState(false);
  const [finishError, setFinishError] = useState<unknown>(null);
  const { control, handleSubmit } = useForm<SignInForm>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit(async (form) => {
    setFinishError(null);
    const response = await signIn.mutateAsync(form).catch(() => null);
    if (!response) return;
    setFinishing(true);
    try {
      await onSignedIn(response);
    } catch (error) {
      setFinishError(error);
    } finally {
      setFinishing(false);
    }
  });

  const failure = signIn.error ?? finishError;
  return (
    <AuthCard
      title={t('signIn.title')}
      intro={t('signIn.intro')}
      footer={<Link href={forgotPasswordHref}>{t('signIn.forgotPassword')}</Link>}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {failure ? (
          <FormMessage tone="error">{errorText(failure, t, 'signIn.failed')}</FormMessage>
        ) : null}
        <Controller
          control={control}
          name="email"
          render={({ field, fieldState }) => (
            <TextField
              label={t('signIn.email')}
              type="email"
              autoComplete="username"
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
          name="password"
          render={({ field, fieldState }) => (
            <PasswordField
              label={t('signIn.password')}
              autoComplete="current-password"
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
        <Button type="submit" size="lg" isPending={signIn.isPending || finishing}>
          {t('signIn.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
