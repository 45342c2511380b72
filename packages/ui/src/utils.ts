import { type CxOptions, cva, cx } from 'class-variance-authority';
import { composeRenderProps } from 'react-aria-components';
import { twMerge } from 'tailwind-merge';

/** Joins class names and lets later Tailwind classes win over earlier ones. */
export function cn(...inputs: CxOptions): string {
  return twMerge(cx(inputs));
}

/**
 * Merges a caller's `className` (string or render-prop function) with the component's own
 * Tailwind classes; the caller's classes win.
 */
export function composeTailwindRenderProps<T>(
  className: string | ((state: T) => string) | undefined,
  tailwind: string,
): string | ((state: T) => string) {
  return composeRenderProps(className, (className) => twMerge(tailwind, className));
}

/** The keyboard focus ring shared by every focusable control. */
export const focusRing = cva('outline outline-offset-2 outline-brand-600', {
  variants: {
    isFocusVisible: { false: 'outline-0', true: 'outline-2' },
  },
});

/** Focus ring for elements that style `data-focus-visible` themselves (no render props). */
export const focusRingClasses =
  'outline-0 outline-offset-2 outline-brand-600 data-[focus-visible]:outline-2 focus-visible:outline-2 focus-visible:outline';
