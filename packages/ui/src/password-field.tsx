import { Check, Eye, EyeOff, X } from 'lucide-react';
import { useState } from 'react';
import {
  Button as RACButton,
  TextField as RACTextField,
  type TextFieldProps as RACTextFieldProps,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import {
  Description,
  FieldError,
  FieldGroup,
  type FieldProps,
  fieldStyles,
  Input,
  Label,
} from './field';
import { cn, composeTailwindRenderProps, focusRing } from './utils';

export const PASSWORD_MIN_LENGTH = 8;

export type PasswordRuleId = 'minLength' | 'upperCase' | 'lowerCase' | 'digit' | 'special';

export type PasswordRule = { id: PasswordRuleId; test: (password: string) => boolean };

/** The product's password rule: at least 8 characters, upper-case, lower-case, digit, special character. */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  { id: 'minLength', test: (pw) => [...pw].length >= PASSWORD_MIN_LENGTH },
  { id: 'upperCase', test: (pw) => /\p{Lu}/u.test(pw) },
  { id: 'lowerCase', test: (pw) => /\p{Ll}/u.test(pw) },
  { id: 'digit', test: (pw) => /\p{Nd}/u.test(pw) },
  { id: 'special', test: (pw) => /[^\p{L}\p{N}\s]/u.test(pw) },
];

/** Which password rules a password meets. */
export function checkPasswordRules(password: string): Record<PasswordRuleId, boolean> {
  const result = {} as Record<PasswordRuleId, boolean>;
  for (const rule of PASSWORD_RULES) result[rule.id] = rule.test(password);
  return result;
}

/** Whether a password meets every rule. */
export function isPasswordValid(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password));
}

export type PasswordFieldProps = Omit<RACTextFieldProps, 'children' | 'type'> &
  FieldProps & {
    placeholder?: string;
    /** Lists the password rules below the field and ticks each one as it is met. */
    showRules?: boolean;
  };

/** A password input with a show/hide toggle and, optionally, the live rule list. */
export function PasswordField({
  label,
  description,
  errorMessage,
  placeholder,
  showRules,
  ...props
}: PasswordFieldProps) {
  const { t } = useTranslation('ui');
  const [isVisible, setVisible] = useState(false);
  const [innerValue, setInnerValue] = useState(props.defaultValue ?? '');
  const value = props.value ?? innerValue;
  const results = checkPasswordRules(value);
  return (
    <RACTextField
      autoComplete="current-password"
      {...props}
      type={isVisible ? 'text' : 'password'}
      onChange={(next) => {
        setInnerValue(next);
        props.onChange?.(next);
      }}
      className={composeTailwindRenderProps(props.className, fieldStyles)}
    >
      {label && <Label isRequired={props.isRequired}>{label}</Label>}
      <FieldGroup isDisabled={props.isDisabled} isInvalid={props.isInvalid}>
        <Input placeholder={placeholder} />
        <RACButton
          slot={null}
          aria-label={isVisible ? t('password.hide') : t('password.show')}
          aria-pressed={isVisible}
          excludeFromTabOrder={false}
          onPress={() => setVisible((v) => !v)}
          className={({ isFocusVisible, isHovered }) =>
            cn(
              'me-1 flex size-7 items-center justify-center rounded text-neutral-600',
              isHovered && 'bg-neutral-100 text-neutral-800',
              focusRing({ isFocusVisible }),
            )
          }
        >
          {isVisible ? (
            <EyeOff className="size-4" aria-hidden="true" />
          ) : (
            <Eye className="size-4" aria-hidden="true" />
          )}
        </RACButton>
      </FieldGroup>
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
      {showRules && (
        <ul aria-label={t('password.rulesLabel')} className="mt-1 flex flex-col gap-1 text-sm">
          {PASSWORD_RULES.map((rule) => {
            const isMet = results[rule.id];
            return (
              <li
                key={rule.id}
                data-rule={rule.id}
                data-met={isMet || undefined}
                className={cn(
                  'flex items-center gap-1.5',
                  isMet ? 'text-success-700' : 'text-neutral-600',
                )}
              >
                {isMet ? (
                  <Check className="size-4" aria-hidden="true" />
                ) : (
                  <X className="size-4" aria-hidden="true" />
                )}
                <span>{t(`password.rules.${rule.id}`, { count: PASSWORD_MIN_LENGTH })}</span>
                <span className="sr-only">
                  {' – '}
                  {isMet ? t('password.ruleMet') : t('password.ruleNotMet')}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </RACTextField>
  );
}
