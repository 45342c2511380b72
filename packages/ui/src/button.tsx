import { cva, type VariantProps } from 'class-variance-authority';
import {
  composeRenderProps,
  Button as RACButton,
  type ButtonProps as RACButtonProps,
} from 'react-aria-components';
import { Spinner } from './spinner';
import { cn, focusRing } from './utils';

export const buttonStyles = cva(
  [
    'relative inline-flex items-center justify-center gap-2 rounded-[var(--radius-control)] border font-medium whitespace-nowrap',
    'transition-colors cursor-default select-none',
    'data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50',
  ],
  {
    variants: {
      variant: {
        primary:
          'border-transparent bg-brand-600 text-white data-[hovered]:bg-brand-700 data-[pressed]:bg-brand-800',
        secondary:
          'border-neutral-300 bg-white text-neutral-800 shadow-xs data-[hovered]:bg-neutral-50 data-[pressed]:bg-neutral-100',
        destructive:
          'border-transparent bg-danger-600 text-white data-[hovered]:bg-danger-700 data-[pressed]:bg-danger-800',
        quiet:
          'border-transparent bg-transparent text-neutral-700 data-[hovered]:bg-neutral-100 data-[pressed]:bg-neutral-200',
      },
      size: {
        sm: 'h-8 px-3 text-sm',
        md: 'h-9 px-4 text-sm',
        lg: 'h-11 px-5 text-base',
        icon: 'size-9 p-0',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export type ButtonVariant = NonNullable<VariantProps<typeof buttonStyles>['variant']>;
export type ButtonSize = NonNullable<VariantProps<typeof buttonStyles>['size']>;

export type ButtonProps = RACButtonProps & {
  /** @default 'primary' */
  variant?: ButtonVariant;
  /** `icon` makes a square button; give it an `aria-label`. @default 'md' */
  size?: ButtonSize;
};

/**
 * A button. `isPending` shows a spinner, keeps the button focusable and announces the
 * pending state; presses are ignored meanwhile.
 */
export function Button({ variant, size, ...props }: ButtonProps) {
  return (
    <RACButton
      {...props}
      className={composeRenderProps(props.className, (className, renderProps) =>
        cn(
          buttonStyles({ variant, size }),
          focusRing({ isFocusVisible: renderProps.isFocusVisible }),
          renderProps.isPending && 'text-transparent',
          className,
        ),
      )}
    >
      {composeRenderProps(props.children, (children, { isPending }) => (
        <>
          {children}
          {isPending && (
            <span
              className={cn(
                'absolute inset-0 flex items-center justify-center',
                variant === 'primary' || variant === 'destructive' || variant === undefined
                  ? 'text-white'
                  : 'text-neutral-700',
              )}
            >
              <Spinner size="sm" isDecorative />
            </span>
          )}
        </>
      ))}
    </RACButton>
  );
}
