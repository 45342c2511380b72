import { Check, Minus } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  composeRenderProps,
  Checkbox as RACCheckbox,
  CheckboxGroup as RACCheckboxGroup,
  type CheckboxGroupProps as RACCheckboxGroupProps,
  type CheckboxProps as RACCheckboxProps,
} from 'react-aria-components';
import { Description, FieldError, type FieldProps, fieldStyles, Label } from './field';
import { cn, composeTailwindRenderProps, focusRing } from './utils';

export type CheckboxProps = RACCheckboxProps & {
  /** A second line under the label. */
  description?: ReactNode;
};

/** A checkbox with its label as children. */
export function Checkbox({ description, ...props }: CheckboxProps) {
  return (
    <RACCheckbox
      {...props}
      className={composeTailwindRenderProps(
        props.className,
        'group flex items-start gap-2 text-sm text-neutral-900 data-[disabled]:text-neutral-400',
      )}
    >
      {composeRenderProps(
        props.children,
        (
          children,
          { isSelected, isIndeterminate, isInvalid, isDisabled, isFocusVisible, isPressed },
        ) => (
          <>
            <span
              aria-hidden="true"
              className={cn(
                'mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-[0.25rem] border transition-colors',
                isSelected || isIndeterminate
                  ? 'border-brand-600 bg-brand-600 text-white'
                  : 'border-neutral-400 bg-white',
                isPressed && !isSelected && 'border-neutral-500',
                isInvalid && 'border-danger-600',
                isInvalid && (isSelected || isIndeterminate) && 'bg-danger-600',
                isDisabled && 'border-neutral-300 bg-neutral-100 text-neutral-400',
                focusRing({ isFocusVisible }),
              )}
            >
              {isIndeterminate ? (
                <Minus className="size-3" strokeWidth={3} />
              ) : isSelected ? (
                <Check className="size-3" strokeWidth={3} />
              ) : null}
            </span>
            <span className="flex flex-col">
              {children}
              {description && <span className="text-neutral-600">{description}</span>}
            </span>
          </>
        ),
      )}
    </RACCheckbox>
  );
}

export type CheckboxGroupProps = Omit<RACCheckboxGroupProps, 'children'> &
  FieldProps & { children?: ReactNode };

/** A labelled group of checkboxes. */
export function CheckboxGroup({
  label,
  description,
  errorMessage,
  children,
  ...props
}: CheckboxGroupProps) {
  return (
    <RACCheckboxGroup
      {...props}
      className={composeTailwindRenderProps(props.className, fieldStyles)}
    >
      {label && <Label isRequired={props.isRequired}>{label}</Label>}
      <div className="flex flex-col gap-2">{children}</div>
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
    </RACCheckboxGroup>
  );
}
