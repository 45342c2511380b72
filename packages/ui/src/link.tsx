import { cva } from 'class-variance-authority';
import {
  composeRenderProps,
  Link as RACLink,
  type LinkProps as RACLinkProps,
} from 'react-aria-components';
import { cn, focusRing } from './utils';

const linkStyles = cva('rounded-xs underline-offset-2 transition-colors', {
  variants: {
    variant: {
      primary: 'text-brand-700 underline data-[hovered]:text-brand-800',
      secondary: 'text-neutral-700 underline data-[hovered]:text-neutral-900',
      quiet: 'text-inherit no-underline data-[hovered]:underline',
    },
  },
  defaultVariants: { variant: 'primary' },
});

export type LinkProps = RACLinkProps & {
  /** @default 'primary' */
  variant?: 'primary' | 'secondary' | 'quiet';
};

/**
 * A link. Navigation goes through react-aria's `RouterProvider` when the host sets one
 * (the back office plugs in TanStack Router there), otherwise through the browser.
 */
export function Link({ variant, ...props }: LinkProps) {
  return (
    <RACLink
      {...props}
      className={composeRenderProps(props.className, (className, renderProps) =>
        cn(
          linkStyles({ variant }),
          focusRing({ isFocusVisible: renderProps.isFocusVisible }),
          renderProps.isDisabled && 'cursor-not-allowed opacity-50',
          className,
        ),
      )}
    />
  );
}
