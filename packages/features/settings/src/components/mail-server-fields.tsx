import { MAIL_CONNECTION_SECURITIES } from '@fahrwerk/api';
import {
  type BoundFieldProps,
  FormNumberField,
  type FormNumberFieldProps,
  FormPasswordField,
  type FormPasswordFieldProps,
  FormSelect,
  type FormSelectProps,
  FormTextField,
  type FormTextFieldProps,
} from '@fahrwerk/core';
import { FieldColumns } from '@fahrwerk/ui';
import { Fragment, type ReactNode } from 'react';
import type { FieldPath, FieldPathByValue, FieldValues } from 'react-hook-form';
import { useSettingsTranslation } from '../use-settings-translation';

/** A server of a mail account: `smtp` sends, `imap` receives. */
export type MailServer = 'smtp' | 'imap';

type MailConnectionSecurity = (typeof MAIL_CONNECTION_SECURITIES)[number];

/**
 * Where each value lives in the form (a path of its values). The keys are the contract's
 * names (`MailServerSettings`); a value that is not named here is read from the form value of
 * the same name.
 */
export type MailServerFieldNames<T extends FieldValues> = {
  smtpHost: FieldPathByValue<T, string | null | undefined>;
  smtpPort: FieldPathByValue<T, number | null | undefined>;
  smtpSecurity: FieldPath<T>;
  imapHost: FieldPathByValue<T, string | null | undefined>;
  imapPort: FieldPathByValue<T, number | null | undefined>;
  imapSecurity: FieldPath<T>;
  username: FieldPathByValue<T, string | null | undefined>;
  password: FieldPathByValue<T, string>;
};

/** The props of the form kit's field a kind of field is, less what `MailServerFields` binds. */
type Extra<P> = Partial<Omit<P, 'control' | 'name'>>;

export type MailServerFieldsProps<T extends FieldValues, TOutput = T> = {
  /** The form's `control`. */
  control: BoundFieldProps<T, TOutput, unknown>['control'];
  /**
   * The servers whose host, port and encryption are shown, in this order.
   * @default ['smtp', 'imap']
   */
  servers?: readonly MailServer[];
  /** Form value paths other than the contract's names (`smtpHost`, …, `username`, `password`). */
  names?: Partial<MailServerFieldNames<T>>;
  /**
   * Marks the password as required (the schema decides): `false` where an empty one uses the
   * stored password. @default true
   */
  isPasswordRequired?: boolean;
  /** The hint under the password (e.g. that an empty one keeps the stored password). */
  passwordDescription?: ReactNode;
  /**
   * More props for each kind of field, for every server; they win over the defaults
   * (e.g. `{ port: { isDisabled: true } }`).
   */
  fieldProps?: {
    host?: Extra<FormTextFieldProps<T, TOutput>>;
    port?: Extra<FormNumberFieldProps<T, TOutput>>;
    security?: Extra<FormSelectProps<T, TOutput, MailConnectionSecurity>>;
    username?: Extra<FormTextFieldProps<T, TOutput>>;
    password?: Extra<FormPasswordFieldProps<T, TOutput>>;
  };
};

const CONTRACT_NAMES = {
  smtpHost: 'smtpHost',
  smtpPort: 'smtpPort',
  smtpSecurity: 'smtpSecurity',
  imapHost: 'imapHost',
  imapPort: 'imapPort',
  imapSecurity: 'imapSecurity',
  username: 'username',
  password: 'password',
} as const;

const BOTH_SERVERS: readonly MailServer[] = ['smtp', 'imap'];

/**
 * The server fields of a mail account, bound to a form of the form kit: per server host,
 * port and encryption side by side, then the sign-in's user name and password. Labels are the
 * settings texts (`mail.smtpHost`, …); validation is the form schema's (`mailCheckSchema`).
 *
 * By default every field is marked as required, hosts and user name take at most the
 * contract's length (253, 254), and the port takes whole numbers without clamping them (the
 * schema says when one is out of range).
 *
 * ```tsx
 * <MailServerFields control={control} isPasswordRequired={!account} />
 * ```
 */
export function MailServerFields<T extends FieldValues, TOutput = T>({
  control,
  servers = BOTH_SERVERS,
  names,
  isPasswordRequired = true,
  passwordDescription,
  fieldProps = {},
}: MailServerFieldsProps<T, TOutput>) {
  const { t } = useSettingsTranslation();
  // The contract's names stand for the form's own unless `names` says otherwise.
  const name = { ...CONTRACT_NAMES, ...names } as MailServerFieldNames<T>;
  const securityOptions = MAIL_CONNECTION_SECURITIES.map((id) => ({
    id,
    label: t(`mail.security.${id}`),
  }));

  return (
    <>
      {/* Host, port and security side by side: three columns, which FieldColumns has not. */}
      <div className="grid gap-4 sm:grid-cols-3">
        {servers.map((server) => (
          <Fragment key={server}>
            <FormTextField
              control={control}
              name={name[`${server}Host`]}
              label={t(`mail.${server}Host`)}
              isRequired
              maxLength={253}
              {...fieldProps.host}
            />
            {/* No min/max by default: the field would clamp silently; the form says the range. */}
            <FormNumberField
              control={control}
              name={name[`${server}Port`]}
              label={t(`mail.${server}Port`)}
              isRequired
              formatOptions={{ useGrouping: false, maximumFractionDigits: 0 }}
              {...fieldProps.port}
            />
            <FormSelect
              control={control}
              name={name[`${server}Security`]}
              label={t(`mail.${server}Security`)}
              isRequired
              options={securityOptions}
              {...fieldProps.security}
            />
          </Fragment>
        ))}
      </div>
      <FieldColumns>
        <FormTextField
          control={control}
          name={name.username}
          label={t('mail.username')}
          isRequired
          autoComplete="off"
          maxLength={254}
          {...fieldProps.username}
        />
        <FormPasswordField
          control={control}
          name={name.password}
          label={t('mail.password')}
          description={passwordDescription}
          isRequired={isPasswordRequired}
          autoComplete="new-password"
          {...fieldProps.password}
        />
      </FieldColumns>
    </>
  );
}
