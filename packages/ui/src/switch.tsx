import type { ReactNode } from 'react';
import {
  composeRenderProps,
  Switch as RACSwitch,
  type SwitchProps as RACSwitchProps,
} from 'react-aria-components';
import { cn, composeTailwindRenderProps, focusRing } from './utils';

export type SwitchProps = Omit<RACSwitchProps, 'children'> & {
  children?: ReactNode;
  /** A second line under the label. */
  description?: ReactNode;
};

/** An on/off switch for settings that take effect at once (e.g. learning-app login allowed). */
export function Switch({ children, description, ...props }: SwitchProps) {
  return (
    <RACSwitch
      {...props}
      className={composeTailwindRenderProps(
        props.className,
        'group flex items-start gap-3 text-sm text-neutral-900 data-[disabled]:text-neutral-400',
      )}
    >
      {composeRenderProps(children, (label, { isSelected, isDisabled, isFocusVisible }) => (
        <>
          <span
            aria-hidden="true"
            className={cn(
              'mt-0.5 flex h-5 w-9 shrink-0 items-center rounded-full border px-0.5 transition-colors',
              isSelected ? 'border-brand-600 bg-brand-600' : 'border-neutral-400 bg-neutral-200',
              isDisabled && 'opacity-50',
              focusRing({ isFocusVisible }),
            )}
          >
            <span
              className={cn(
                'size-3.5 rounded-full bg-white shadow transition-transform',
                isSelected && 'translate-x-4',
              )}
            />
          </span>
          <span className="flex flex-col">
            {label}
            {description && <span className="text-neutral-600">{description}</span>}
          </span>
        </>
      ))}
    </RACSwitch>
  );
}
