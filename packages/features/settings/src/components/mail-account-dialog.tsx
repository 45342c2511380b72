import { invalidProps } from '@fahrwerk/core';
import {
  Button,
  Checkbox,
  CheckboxGroup,
  Dialog,
  Modal,
  NumberField,
  PasswordField,
  Select,
  Spinner,
} from '@fahrwerk/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type {
  EmailConfig,
  EmailConfigInput,
  MailServerCheckResult,
  MailServerSettings,
} from '../api/settings-queries';
import {
  formToMailAccount,
  formToMailServerSettings,
  MAIL_ACCOUNT_SERVER_FIELDS,
  MAIL_CHECK_FIELDS,
  type MailAccountForm,
  mailAccountSchema,
  mailAccountToForm,
} from '../schemas/settings-forms';
import { applyServerErrors } from '../server-errors';
import { useSettingsTranslation } from '../use-settings-translation';
import { FormTextField } from './form-fields';
import { FormAlert } from './form-message';
import { MailCheckResults } from './mail-check-dialog';

/** A user the mailbox can be shown to. */
export type MailboxUser = { id: number; name: string };

export type MailAccountDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The account to edit; without it a new one is created. */
  account?: EmailConfig;
  /** The school's active users; `undefined` while loading. */
  users: MailboxUser[] | undefined;
  /** The users could not be loaded. */
  usersError?: boolean;
  onSubmit: (input: EmailConfigInput) => Promise<unknown>;
  /** "Verbindung testen": `PUT /email-config-validator` with the entered values. */
  onCheck: (settings: MailServerSettings) => Promise<MailServerCheckResult | undefined>;
};

/**
 * Creates or edits a mail account of the school (`POST /email-config`,
 * `PUT /email-config/{id}`): address, sender name, SMTP and IMAP servers, sign-in and the
 * users whose mailbox shows it. When editing, an empty password keeps the stored one. The
 * connection can be tried with the entered values before saving.
 */
export function MailAccountDialog({
  isOpen,
  onOpenChange,
  account,
  ...rest
}: MailAccountDialogProps) {
  const { t } = useSettingsTranslation();
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} size="lg">
      <Dialog title={account ? t('mail.editTitle', { email: account.email }) : t('mail.newTitle')}>
        {({ close }) => <MailAccountBody account={account} {...rest} onDone={close} />}
      </Dialog>
    </Modal>
  );
}

const SECURITY = ['TLS', 'STARTTLS'] as const;

function MailAccountBody({
  account,
  users,
  usersError,
  onSubmit,
  onCheck,
  onDone,
}: Omit<MailAccountDialogProps, 'isOpen' | 'onOpenChange'> & { onDone: () => void }) {
  const { t } = useSettingsTranslation();
  const [problems, setProblems] = useState<string[]>([]);
  const [result, setResult] = useState<MailServerCheckResult | null>(null);
  const [isChecking, setChecking] = useState(false);
  const { control, handleSubmit, setError, formState, trigger, getValues } =
    useForm<MailAccountForm>({
      resolver: zodResolver(mailAccountSchema(!account)),
      defaultValues: mailAccountToForm(account),
    });

  const submit = handleSubmit(async (form) => {
    setProblems([]);
    try {
      await onSubmit(formToMailAccount(form));
      onDone();
    } catch (error) {
      setProblems(applyServerErrors(error, setError, MAIL_ACCOUNT_SERVER_FIELDS));
    }
  });

  const testConnection = async () => {
    setProblems([]);
    setResult(null);
    if (!(await trigger([...MAIL_CHECK_FIELDS]))) return;
    setChecking(true);
    try {
      const answer = await onCheck(formToMailServerSettings(getValues(), account?.id));
      if (answer) setResult(answer);
    } catch (error) {
      setProblems(applyServerErrors(error, setError, MAIL_ACCOUNT_SERVER_FIELDS));
    } finally {
      setChecking(false);
    }
  };

  const security = (name: 'smtpSecurity' | 'imapSecurity') => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          label={t(`mail.${name}`)}
          isRequired
          items={SECURITY.map((id) => ({ id, label: t(`mail.security.${id}`) }))}
          selectedKey={field.value}
          onSelectionChange={(key) => field.onChange(key)}
          {...invalidProps(fieldState.error, t)}
        />
      )}
    />
  );
  // No min/max on the field: it would silently clamp; the form says what is allowed instead.
  const port = (name: 'smtpPort' | 'imapPort') => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberField
          label={t(`mail.${name}`)}
          isRequired
          formatOptions={{ useGrouping: false, maximumFractionDigits: 0 }}
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
      {problems.length > 0 && (
        <FormAlert>
          {problems.map((problem) => (
            <p key={problem}>{t(problem)}</p>
          ))}
        </FormAlert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField
          control={control}
          name="email"
          type="email"
          label={t('mail.accountEmail')}
          isRequired
          maxLength={254}
        />
        <FormTextField
          control={control}
          name="senderName"
          label={t('mail.senderName')}
          description={t('mail.senderNameHint')}
          maxLength={100}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormTextField
          control={control}
          name="smtpHost"
          label={t('mail.smtpHost')}
          isRequired
          maxLength={253}
        />
        {port('smtpPort')}
        {security('smtpSecurity')}
        <FormTextField
          control={control}
          name="imapHost"
          label={t('mail.imapHost')}
          isRequired
          maxLength={253}
        />
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
          maxLength={254}
        />
        <Controller
          control={control}
          name="password"
          render={({ field, fieldState }) => (
            <PasswordField
              label={t('mail.password')}
              description={
                account
                  ? t(account.passwordSet ? 'mail.passwordKeepSaved' : 'mail.passwordNotSet')
                  : undefined
              }
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
      <Controller
        control={control}
        name="userIds"
        render={({ field, fieldState }) => (
          <CheckboxGroup
            label={t('mail.userIds')}
            description={t('mail.userIdsHint')}
            isRequired
            value={field.value.map(String)}
            onChange={(values) => field.onChange(values.map(Number))}
            {...invalidProps(fieldState.error, t)}
          >
            {users === undefined ? (
              usersError ? (
                <span className="text-sm text-danger-700">{t('mail.usersError')}</span>
              ) : (
                <Spinner size="sm" />
              )
            ) : (
              <div className="grid gap-2 sm:grid-cols-2">
                {users.map((user) => (
                  <Checkbox key={user.id} value={String(user.id)}>
                    {user.name}
                  </Checkbox>
                ))}
              </div>
            )}
          </CheckboxGroup>
        )}
      />
      {result && <MailCheckResults result={result} />}
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="secondary" onPress={testConnection} isPending={isChecking}>
          {t('mail.testConnection')}
        </Button>
        <div className="flex gap-2">
          <Button variant="secondary" onPress={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" isPending={formState.isSubmitting}>
            {t('common.save')}
          </Button>
        </div>
      </div>
    </form>
  );
}
