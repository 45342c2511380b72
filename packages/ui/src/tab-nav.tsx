import type { ReactNode } from 'react';
import { Link as RACLink } from 'react-aria-components';
import { cn } from './utils';

export type TabNavItem = { id: string; label: string; href: string };

/** What a custom link renderer receives; spread it onto the router's link component. */
export type TabNavLinkProps = {
  item: TabNavItem;
  href: string;
  className: string;
  isActive: boolean;
  'aria-current'?: 'page';
  children: ReactNode;
};

export type TabNavProps = {
  items: TabNavItem[];
  activeId?: string;
  /** Names the navigation, e.g. "Bereich". */
  'aria-label': string;
  /** Renders one link; defaults to react-aria `Link` (works with `RouterProvider`). */
  renderLink?: (props: TabNavLinkProps) => ReactNode;
  className?: string;
};

const defaultRenderLink = ({ item: _item, isActive: _isActive, ...props }: TabNavLinkProps) => (
  <RACLink {...props} />
);

/**
 * Links that look like tabs, for switching between pages or contexts (fsc, lms, unterricht).
 * Unlike `Tabs`, it has no panels: each item is a page, and the active one is `aria-current`.
 */
export function TabNav({
  items,
  activeId,
  renderLink = defaultRenderLink,
  className,
  ...props
}: TabNavProps) {
  return (
    <nav aria-label={props['aria-label']} className={className}>
      <ul className="flex gap-1">
        {items.map((item) => {
          const isActive = item.id === activeId;
          return (
            <li key={item.id} className="flex">
              {renderLink({
                item,
                href: item.href,
                isActive,
                'aria-current': isActive ? 'page' : undefined,
                className: cn(
                  '-mb-px flex items-center border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors rounded-t',
                  'outline-0 outline-offset-2 outline-brand-600 focus-visible:outline-2',
                  isActive
                    ? 'border-brand-600 text-brand-700'
                    : 'border-transparent text-neutral-600 hover:border-neutral-300 hover:text-neutral-900',
                ),
                children: item.label,
              })}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
