import {
  type ApiFormOf,
  type EditDialogProps,
  FormCheckboxGroup,
  FormDialog,
  FormTextField,
  readServerErrors,
} from '@fahrwerk/core';
import { Button, FieldColumns, Spinner } from '@fahrwerk/ui';
import { useState } from 'react';
import type { FieldPath } from 'react-hook-form';
import type {
  EmailConfig,
  EmailConfigInput,
  MailServerCheckResult,
  MailServerSettings,
} from '../api/settings-queries';
import {
  formToMailAccount,
  formToMailServerSettings,
  MAIL_CHECK_FIELDS,
  type MailAccountForm,
  mailAccountSchema,
  mailAccountToForm,
} from '../schemas/settings-forms';
import { useSettingsTranslation } from '../use-settings-translation';
import { MailCheckResults, useCheckResult } from './mail-check-dialog';
import { MailServerFields } from './mail-server-fields';

type MailAccountApi = ApiFormOf<ReturnType<typeof mailAccountSchema>>;

/** A user the mailbox can be shown to. */
export type MailboxUser = { id: number; name: string };

export type MailAccountDialogProps = EditDialogProps<EmailConfigInput> & {
  /** The account to edit; without it a new one is created. */
  account?: EmailConfig;
  /** The school's active users; `undefined` while loading. */
  users: MailboxUser[] | undefined;
  /** The users could not be loaded. */
  usersError?: boolean;
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
  account,
  users,
  usersError,
  onSubmit,
  onCheck,
  onOpenChange,
  ...dialog
}: MailAccountDialogProps) {
  const { t } = useSettingsTranslation();
  const { result, setResult, forgetOnClose } = useCheckResult(onOpenChange);
  const [isChecking, setChecking] = useState(false);

  // Not the form's submit: checks the server fields, then places a refusal like a save does.
  const testConnection = async ({ trigger, getValues, setError, setProblems }: MailAccountApi) => {
    setProblems([]);
    setResult(null);
    if (!(await trigger([...MAIL_CHECK_FIELDS]))) return;
    setChecking(true);
    try {
      const answer = await onCheck(formToMailServerSettings(getValues(), account?.id));
      if (answer) setResult(answer);
    } catch (error) {
      const placement = readServerErrors(error, {
        fieldFor: (name) => (name in getValues() ? (name as FieldPath<MailAccountForm>) : null),
        alertOn: 'every-failure',
      });
      for (const field of placement.fields) {
        setError(field.name, { type: 'server', message: field.message });
      }
      setProblems(placement.alert);
    } finally {
      setChecking(false);
    }
  };

  return (
    <FormDialog
      {...dialog}
      onOpenChange={forgetOnClose}
      size="lg"
      title={account ? t('mail.editTitle', { email: account.email }) : t('mail.newTitle')}
      schema={mailAccountSchema(!account)}
      defaultValues={mailAccountToForm(account)}
      submit={(values) => onSubmit(formToMailAccount(values))}
      t={t}
      actions={(form) => (
        <Button variant="secondary" onPress={() => testConnection(form)} isPending={isChecking}>
          {t('mail.testConnection')}
        </Button>
      )}
    >
      {({ control }) => (
        <>
          <FieldColumns>
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
          </FieldColumns>
          <MailServerFields
            control={control}
            isPasswordRequired={!account}
            passwordDescription={
              account
                ? t(account.passwordSet ? 'mail.passwordKeepSaved' : 'mail.passwordNotSet')
                : undefined
            }
          />
          <FormCheckboxGroup
            control={control}
            name="userIds"
            label={t('mail.userIds')}
            description={t('mail.userIdsHint')}
            isRequired
            options={(users ?? []).map((user) => ({ id: String(user.id), label: user.name }))}
          />
          {users === undefined &&
            (usersError ? (
              <span className="text-sm text-danger-700">{t('mail.usersError')}</span>
            ) : (
              <Spinner size="sm" />
            ))}
          {result && <MailCheckResults result={result} />}
        </>
      )}
    </FormDialog>
  );
}
