import {
  composeRenderProps,
  Tab as RACTab,
  TabList as RACTabList,
  TabPanel as RACTabPanel,
  Tabs as RACTabs,
  type TabListProps,
  type TabPanelProps,
  type TabProps,
  type TabsProps,
} from 'react-aria-components';
import { cn, composeTailwindRenderProps, focusRing } from './utils';

export type { TabListProps, TabPanelProps, TabProps, TabsProps };

/** Tabs. A `Tab` with `href` navigates (router tabs); otherwise it shows its `TabPanel`. */
export function Tabs(props: TabsProps) {
  return (
    <RACTabs
      {...props}
      className={composeTailwindRenderProps(
        props.className,
        'flex gap-4 data-[orientation=horizontal]:flex-col data-[orientation=vertical]:flex-row',
      )}
    />
  );
}

export function TabList<T extends object>(props: TabListProps<T>) {
  return (
    <RACTabList
      {...props}
      className={composeRenderProps(props.className, (className, { orientation }) =>
        cn(
          'flex',
          orientation === 'horizontal'
            ? 'gap-1 border-b border-neutral-200'
            : 'flex-col gap-0.5 border-e border-neutral-200',
          className,
        ),
      )}
    />
  );
}

export function Tab(props: TabProps) {
  return (
    <RACTab
      {...props}
      className={composeRenderProps(
        props.className,
        (className, { isSelected, isHovered, isDisabled, isFocusVisible }) =>
          cn(
            '-mb-px flex cursor-default items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
            isSelected ? 'border-brand-600 text-brand-700' : 'border-transparent text-neutral-600',
            !isSelected && isHovered && 'border-neutral-300 text-neutral-900',
            isDisabled && 'cursor-not-allowed text-neutral-400',
            focusRing({ isFocusVisible }),
            'rounded-t',
            className,
          ),
      )}
    />
  );
}

export function TabPanel(props: TabPanelProps) {
  return (
    <RACTabPanel
      {...props}
      className={composeRenderProps(props.className, (className, { isFocusVisible }) =>
        cn('flex-1 rounded outline-0', focusRing({ isFocusVisible }), className),
      )}
    />
  );
}
