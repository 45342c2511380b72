import {
  composeRenderProps,
  Popover as RACPopover,
  type PopoverProps as RACPopoverProps,
} from 'react-aria-components';
import { cn } from './utils';

export type PopoverProps = RACPopoverProps;

/** A floating surface anchored to a trigger (select and combo box lists, menus). */
export function Popover({ offset = 4, ...props }: PopoverProps) {
  return (
    <RACPopover
      offset={offset}
      {...props}
      className={composeRenderProps(props.className, (className, { isEntering, isExiting }) =>
        cn(
          'rounded-[var(--radius-control)] border border-neutral-200 bg-white shadow-[var(--shadow-overlay)] outline-0',
          isEntering && 'animate-in fade-in duration-100',
          isExiting && 'animate-out fade-out duration-75',
          className,
        ),
      )}
    />
  );
}
