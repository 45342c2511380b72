import { FormDialog } from '@fahrwerk/core';
import { Badge } from '@fahrwerk/ui';
import { useState } from 'react';
import type {
  EmailConfig,
  MailServerCheckResult,
  MailServerSettings,
} from '../api/settings-queries';
import { mailCheckSchema } from '../schemas/settings-forms';
import { useSettingsTranslation } from '../use-settings-translation';
import { MailServerFields } from './mail-server-fields';

export type MailCheckDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** A saved account: its settings prefilled, its stored password used when left empty. */
  account?: EmailConfig;
  onCheck: (settings: MailServerSettings) => Promise<MailServerCheckResult | undefined>;
};

/** Tries the SMTP and IMAP servers (`PUT /email-config-validator`) and shows per server what failed. */
export function MailCheckDialog({
  account,
  onCheck,
  onOpenChange,
  ...dialog
}: MailCheckDialogProps) {
  const { t } = useSettingsTranslation();
  const { result, setResult, forgetOnClose } = useCheckResult(onOpenChange);
  return (
    <FormDialog
      {...dialog}
      onOpenChange={forgetOnClose}
      size="lg"
      title={account ? t('mail.checkTitle', { email: account.email }) : t('mail.checkNewTitle')}
      schema={
        account
          ? mailCheckSchema
          : mailCheckSchema.refine((values) => values.password.length > 0, {
              path: ['password'],
              message: 'validation.required',
            })
      }
      defaultValues={{
        smtpHost: account?.smtpHost ?? '',
        smtpPort: account?.smtpPort ?? 587,
        smtpSecurity: account?.smtpSecurity ?? 'STARTTLS',
        imapHost: account?.imapHost ?? '',
        imapPort: account?.imapPort ?? 993,
        imapSecurity: account?.imapSecurity ?? 'TLS',
        username: account?.username ?? '',
        password: '',
      }}
      submit={async ({ password, ...rest }) => {
        setResult(null);
        const answer = await onCheck({
          ...rest,
          ...(password ? { password } : {}),
          ...(account ? { id: account.id } : {}),
        });
        if (answer) setResult(answer);
      }}
      keepOpen
      submitLabel={t('mail.run')}
      t={t}
    >
      {({ control }) => (
        <>
          <p className="text-sm text-neutral-700">{t('mail.checkIntro')}</p>
          <MailServerFields
            control={control}
            isPasswordRequired={!account}
            passwordDescription={account ? t('mail.passwordKeep') : undefined}
          />
          {result && <MailCheckResults result={result} />}
        </>
      )}
    </FormDialog>
  );
}

/**
 * The answer of the last connection test, shown under the fields; closing the dialog
 * forgets it, so the next opening starts without it.
 */
export function useCheckResult(onOpenChange: (isOpen: boolean) => void) {
  const [result, setResult] = useState<MailServerCheckResult | null>(null);
  const forgetOnClose = (isOpen: boolean) => {
    if (!isOpen) setResult(null);
    onOpenChange(isOpen);
  };
  return { result, setResult, forgetOnClose };
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
