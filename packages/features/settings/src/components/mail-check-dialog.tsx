import { invalidProps } from '@fahrwerk/core';
import { Badge, Button, Dialog, Modal, NumberField, PasswordField, Select } from '@fahrwerk/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type {
  EmailConfig,
  MailServerCheckResult,
  MailServerSettings,
} from '../api/settings-queries';
import { type MailCheckForm, mailCheckSchema } from '../schemas/settings-forms';
import { applyServerErrors } from '../server-errors';
import { useSettingsTranslation } from '../use-settings-translation';
import { FormTextField } from './form-fields';
import { FormAlert } from './form-message';

export type MailCheckDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** A saved account: its settings prefilled, its stored password used when left empty. */
  account?: EmailConfig;
  onCheck: (settings: MailServerSettings) => Promise<MailServerCheckResult | undefined>;
};

/** Tries the SMTP and IMAP servers (`PUT /email-config-validator`) and shows per server what failed. */
export function MailCheckDialog({ isOpen, onOpenChange, account, onCheck }: MailCheckDialogProps) {
  const { t } = useSettingsTranslation();
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} size="lg">
      <Dialog
        title={account ? t('mail.checkTitle', { email: account.email }) : t('mail.checkNewTitle')}
      >
        {({ close }) => <MailCheckBody account={account} onCheck={onCheck} onDone={close} />}
      </Dialog>
    </Modal>
  );
}

const SECURITY = ['TLS', 'STARTTLS'] as const;

function MailCheckBody({
  account,
  onCheck,
  onDone,
}: Pick<MailCheckDialogProps, 'account' | 'onCheck'> & { onDone: () => void }) {
  const { t } = useSettingsTranslation();
  const [problems, setProblems] = useState<string[]>([]);
  const [result, setResult] = useState<MailServerCheckResult | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<MailCheckForm>({
    resolver: zodResolver(
      account
        ? mailCheckSchema
        : mailCheckSchema.refine((form) => form.password.length > 0, {
            path: ['password'],
            message: 'validation.required',
          }),
    ),
    defaultValues: {
      smtpHost: account?.smtpHost ?? '',
      smtpPort: account?.smtpPort ?? 587,
      smtpSecurity: account?.smtpSecurity ?? 'STARTTLS',
      imapHost: account?.imapHost ?? '',
      imapPort: account?.imapPort ?? 993,
      imapSecurity: account?.imapSecurity ?? 'TLS',
      username: account?.username ?? '',
      password: '',
    },
  });
  const submit = handleSubmit(async (form) => {
    setProblems([]);
    setResult(null);
    const { password, ...rest } = form;
    try {
      const answer = await onCheck({
        ...rest,
        ...(password ? { password } : {}),
        ...(account ? { id: account.id } : {}),
      });
      if (answer) setResult(answer);
    } catch (error) {
      setProblems(
        applyServerErrors(
          error,
          setError,
          Object.fromEntries(Object.keys(form).map((k) => [k, k])) as never,
        ),
      );
    }
  });

  const security = (name: 'smtpSecurity' | 'imapSecurity') => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          label={t(`mail.${name}`)}
          items={SECURITY.map((id) => ({ id, label: t(`mail.security.${id}`) }))}
          selectedKey={field.value}
          onSelectionChange={(key) => field.onChange(key)}
        />
      )}
    />
  );
  const port = (name: 'smtpPort' | 'imapPort') => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberField
          label={t(`mail.${name}`)}
          minValue={1}
          maxValue={65535}
          formatOptions={{ useGrouping: false }}
          value={field.value ?? Number.NaN}
          onChange={(value) => field.onChange(Number.isNaN(value) ? undefined : value)}
          onBlur={field.onBlur}
          {...invalidProps(fieldState.error, t)}
        />
      )}
    />
  );

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-sm text-neutral-700">{t('mail.checkIntro')}</p>
      {problems.length > 0 && (
        <FormAlert>
          {problems.map((problem) => (
            <p key={problem}>{t(problem)}</p>
          ))}
        </FormAlert>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <FormTextField control={control} name="smtpHost" label={t('mail.smtpHost')} isRequired />
        {port('smtpPort')}
        {security('smtpSecurity')}
        <FormTextField control={control} name="imapHost" label={t('mail.imapHost')} isRequired />
        {port('imapPort')}
        {security('imapSecurity')}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField
          control={control}
          name="username"
          label={t('mail.username')}
          isRequired
          autoComplete="off"
        />
        <Controller
          control={control}
          name="password"
          render={({ field, fieldState }) => (
            <PasswordField
              label={t('mail.password')}
              description={account ? t('mail.passwordKeep') : undefined}
              isRequired={!account}
              autoComplete="new-password"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              {...invalidProps(fieldState.error, t)}
            />
          )}
        />
      </div>
      {result && <MailCheckResults result={result} />}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onPress={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" isPending={formState.isSubmitting}>
          {t('mail.run')}
        </Button>
      </div>
    </form>
  );
}

/** Per server (SMTP, IMAP): worked or why not, with the server's own reply. */
export function MailCheckResults({ result }: { result: MailServerCheckResult }) {
  const { t } = useSettingsTranslation();
  return (
    <ul className="flex flex-col gap-2" aria-live="polite">
      {(['smtp', 'imap'] as const).map((server) => {
        const check = result[server];
        return (
          <li key={server} className="flex flex-col gap-1 rounded-md border border-neutral-200 p-3">
            <span className="flex items-center gap-2 font-medium text-neutral-900">
              {t(`mail.${server}`)}
              <Badge tone={check.ok ? 'success' : 'danger'}>
                {check.ok ? 'OK' : t('mail.failed')}
              </Badge>
            </span>
            <span className="text-sm text-neutral-800">
              {check.ok ? t('mail.ok') : t(check.reason ?? 'errors.mail_unknown')}
            </span>
            {check.detail && (
              <span className="text-xs text-neutral-600">
                {t('mail.serverSaid', { detail: check.detail })}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
