import { cva } from 'class-variance-authority';
import type { ReactNode } from 'react';
import {
  composeRenderProps,
  type FieldErrorProps,
  Group,
  type GroupProps,
  type InputProps,
  FieldError as RACFieldError,
  Input as RACInput,
  Label as RACLabel,
  type LabelProps as RACLabelProps,
  TextArea as RACTextArea,
  Text,
  type TextAreaProps,
  type TextProps,
  type ValidationResult,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { cn, composeTailwindRenderProps, focusRing } from './utils';

/** An error message as fields accept it: a text, or a function of the validation result. */
export type FieldErrorMessage = string | ((validation: ValidationResult) => string);

/** The props every labelled field shares. */
export type FieldProps = {
  label?: ReactNode;
  description?: ReactNode;
  /** Shown when the field is invalid (`isInvalid` or failed native validation). */
  errorMessage?: FieldErrorMessage;
};

export type LabelProps = RACLabelProps & {
  /** Shows a required marker after the label. */
  isRequired?: boolean;
};

export function Label({ isRequired, children, ...props }: LabelProps) {
  const { t } = useTranslation('ui');
  return (
    <RACLabel
      {...props}
      className={cn('w-fit cursor-default text-sm font-medium text-neutral-800', props.className)}
    >
      {children}
      {isRequired && (
        <span className="ms-0.5 text-danger-600" title={t('common.required')} aria-hidden="true">
          *
        </span>
      )}
    </RACLabel>
  );
}

export function Description(props: TextProps) {
  return (
    <Text
      {...props}
      slot="description"
      className={cn('text-sm text-neutral-600', props.className)}
    />
  );
}

export function FieldError(props: FieldErrorProps) {
  return (
    <RACFieldError
      {...props}
      className={composeTailwindRenderProps(props.className, 'text-sm text-danger-700')}
    />
  );
}

export const fieldBorderStyles = cva('transition-colors', {
  variants: {
    isFocusWithin: {
      false: 'border-neutral-300 data-[hovered]:border-neutral-400',
      true: 'border-brand-600',
    },
    isInvalid: { true: 'border-danger-600' },
    isDisabled: { true: 'border-neutral-200' },
  },
});

export const fieldGroupStyles = cva(
  'group flex h-9 items-center overflow-hidden rounded-[var(--radius-control)] border bg-white',
  {
    variants: {
      isDisabled: { true: 'bg-neutral-50' },
    },
  },
);

/** A bordered box holding an input and its buttons (clear, toggle, trigger). */
export function FieldGroup(props: GroupProps) {
  return (
    <Group
      {...props}
      className={composeRenderProps(props.className, (className, renderProps) =>
        cn(
          fieldGroupStyles({ isDisabled: renderProps.isDisabled }),
          fieldBorderStyles({
            isFocusWithin: renderProps.isFocusWithin,
            isInvalid: renderProps.isInvalid,
            isDisabled: renderProps.isDisabled,
          }),
          focusRing({ isFocusVisible: renderProps.isFocusVisible }),
          renderProps.isFocusWithin && 'outline-2 outline-brand-600/20 outline-offset-0',
          className,
        ),
      )}
    />
  );
}

/** A bare input for use inside `FieldGroup`. */
export function Input(props: InputProps) {
  return (
    <RACInput
      {...props}
      className={composeTailwindRenderProps(
        props.className,
        'min-w-0 flex-1 bg-transparent px-3 py-1.5 text-sm text-neutral-900 outline-0 placeholder:text-neutral-500 data-[disabled]:text-neutral-500',
      )}
    />
  );
}

export const inputStyles = cva(
  'w-full rounded-[var(--radius-control)] border bg-white px-3 text-sm text-neutral-900 outline-0 placeholder:text-neutral-500',
  {
    variants: {
      isFocused: { true: 'border-brand-600 ring-2 ring-brand-600/20', false: 'border-neutral-300' },
      isInvalid: { true: 'border-danger-600 ring-danger-600/20' },
      isDisabled: { true: 'bg-neutral-50 text-neutral-500 border-neutral-200' },
      isMultiline: { true: 'min-h-20 py-2', false: 'h-9 py-1.5' },
    },
    defaultVariants: { isMultiline: false },
  },
);

/** A standalone bordered input. */
export function BorderedInput(props: InputProps) {
  return (
    <RACInput
      {...props}
      className={composeRenderProps(props.className, (className, renderProps) =>
        cn(
          inputStyles({
            isFocused: renderProps.isFocused,
            isInvalid: renderProps.isInvalid,
            isDisabled: renderProps.isDisabled,
          }),
          renderProps.isHovered &&
            !renderProps.isFocused &&
            !renderProps.isInvalid &&
            'border-neutral-400',
          className,
        ),
      )}
    />
  );
}

/** A standalone bordered multi-line input. */
export function TextArea(props: TextAreaProps) {
  return (
    <RACTextArea
      {...props}
      className={composeRenderProps(props.className, (className, renderProps) =>
        cn(
          inputStyles({
            isFocused: renderProps.isFocused,
            isInvalid: renderProps.isInvalid,
            isDisabled: renderProps.isDisabled,
            isMultiline: true,
          }),
          className,
        ),
      )}
    />
  );
}

/** The common column layout of a field: label, control, description, error. */
export const fieldStyles = 'group flex flex-col gap-1.5';
