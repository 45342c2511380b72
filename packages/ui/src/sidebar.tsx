import { ChevronDown, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import {
  type ComponentType,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useId,
  useState,
} from 'react';
import { Button as RACButton, Link as RACLink } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { cn, focusRing } from './utils';

export type SidebarIcon = ComponentType<{ className?: string }> | ReactElement;

export type SidebarItem = {
  id: string;
  label: string;
  /** Where the item leads. A group with `children` may leave it out. */
  href?: string;
  /** A component (e.g. a lucide icon) or an element. */
  icon?: SidebarIcon;
  /** Nested items; the item becomes an expandable group. */
  children?: SidebarItem[];
};

export type SidebarSection = {
  id: string;
  /** A small heading above the section's items. */
  title?: string;
  items: SidebarItem[];
};

/** What a custom link renderer receives; spread it onto the router's link component. */
export type SidebarLinkProps = {
  item: SidebarItem;
  href: string;
  className: string;
  isActive: boolean;
  'aria-current'?: 'page';
  'aria-label'?: string;
  title?: string;
  children: ReactNode;
};

export type SidebarProps = {
  sections: SidebarSection[];
  /** The active item's id. Without it, `currentPath` decides. */
  activeId?: string;
  /** The current location; the item whose `href` is the longest prefix of it is active. */
  currentPath?: string;
  /** Logo or school name at the top. */
  header?: ReactNode;
  /** Content at the bottom, e.g. the version or a help link. */
  footer?: ReactNode;
  /** Collapsed shows icons only. */
  isCollapsed?: boolean;
  defaultCollapsed?: boolean;
  onCollapsedChange?: (isCollapsed: boolean) => void;
  /**
   * Renders one link. Without it, links are react-aria `Link`s, which navigate through a
   * surrounding `RouterProvider` (TanStack Router) or the browser.
   */
  renderLink?: (props: SidebarLinkProps) => ReactNode;
  /** @default 'Hauptnavigation' */
  'aria-label'?: string;
  className?: string;
};

function matches(href: string, path: string): boolean {
  if (href === path) return true;
  if (href === '/' || href === '') return false;
  return path.startsWith(href.endsWith('/') ? href : `${href}/`);
}

/** The id of the item whose `href` best matches `path`. */
export function findActiveSidebarItem(
  sections: SidebarSection[],
  path: string,
): string | undefined {
  let best: { id: string; length: number } | undefined;
  const visit = (items: SidebarItem[]) => {
    for (const item of items) {
      if (item.href && matches(item.href, path) && item.href.length > (best?.length ?? -1)) {
        best = { id: item.id, length: item.href.length };
      }
      if (item.children) visit(item.children);
    }
  };
  for (const section of sections) visit(section.items);
  return best?.id;
}

function contains(item: SidebarItem, id: string | undefined): boolean {
  if (!id) return false;
  return item.children?.some((child) => child.id === id || contains(child, id)) ?? false;
}

function renderIcon(icon: SidebarIcon | undefined) {
  if (!icon) return null;
  if (isValidElement(icon))
    return (
      <span className="flex size-5 shrink-0 items-center justify-center" aria-hidden="true">
        {icon}
      </span>
    );
  const Icon = icon as ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  return <Icon className="size-5 shrink-0" aria-hidden />;
}

const defaultRenderLink = ({ item: _item, isActive: _isActive, ...props }: SidebarLinkProps) => (
  <RACLink {...props} />
);

/** The main navigation: titled sections of links, expandable groups, a collapse toggle. */
export function Sidebar({
  sections,
  activeId,
  currentPath,
  header,
  footer,
  isCollapsed: isCollapsedProp,
  defaultCollapsed = false,
  onCollapsedChange,
  renderLink = defaultRenderLink,
  className,
  ...props
}: SidebarProps) {
  const { t } = useTranslation('ui');
  const [innerCollapsed, setInnerCollapsed] = useState(defaultCollapsed);
  const isCollapsed = isCollapsedProp ?? innerCollapsed;
  const active =
    activeId ?? (currentPath ? findActiveSidebarItem(sections, currentPath) : undefined);
  const [openGroups, setOpenGroups] = useState<Record<string, boolean>>({});
  const baseId = useId();

  const toggleCollapsed = () => {
    setInnerCollapsed(!isCollapsed);
    onCollapsedChange?.(!isCollapsed);
  };

  const linkClass = (isActive: boolean, depth: number) =>
    cn(
      'flex items-center gap-3 rounded-[var(--radius-control)] px-3 py-2 text-sm font-medium transition-colors outline-0',
      'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-300',
      isActive ? 'bg-brand-700 text-white' : 'text-brand-100 hover:bg-brand-800 hover:text-white',
      depth > 0 && !isCollapsed && 'ps-11 py-1.5 font-normal',
      isCollapsed && 'justify-center px-2',
    );

  const renderItem = (item: SidebarItem, depth: number): ReactNode => {
    const isActive = item.id === active;
    if (item.children?.length && !isCollapsed) {
      const isOpen = openGroups[item.id] ?? contains(item, active);
      const listId = `${baseId}-${item.id}`;
      return (
        <li key={item.id}>
          <RACButton
            aria-expanded={isOpen}
            aria-controls={listId}
            onPress={() => setOpenGroups((groups) => ({ ...groups, [item.id]: !isOpen }))}
            className={({ isFocusVisible, isHovered }) =>
              cn(
                'flex w-full items-center gap-3 rounded-[var(--radius-control)] px-3 py-2 text-start text-sm font-medium',
                contains(item, active) ? 'text-white' : 'text-brand-100',
                isHovered && 'bg-brand-800 text-white',
                focusRing({ isFocusVisible }),
                'outline-brand-300 outline-offset-0',
              )
            }
          >
            {renderIcon(item.icon)}
            <span className="flex-1 truncate">{item.label}</span>
            <ChevronDown
              className={cn('size-4 shrink-0 transition-transform', isOpen && 'rotate-180')}
              aria-hidden="true"
            />
          </RACButton>
          <ul id={listId} hidden={!isOpen} className="mt-0.5 flex flex-col gap-0.5">
            {item.children.map((child) => renderItem(child, depth + 1))}
          </ul>
        </li>
      );
    }
    const href = item.href ?? item.children?.find((child) => child.href)?.href;
    if (!href) return null;
    const isCurrent = isActive || contains(item, active);
    return (
      <li key={item.id}>
        {renderLink({
          item,
          href,
          isActive: isCurrent,
          className: linkClass(isCurrent, depth),
          'aria-current': isActive ? 'page' : undefined,
          'aria-label': isCollapsed ? item.label : undefined,
          title: isCollapsed ? item.label : undefined,
          children: (
            <>
              {renderIcon(item.icon)}
              {!isCollapsed && <span className="truncate">{item.label}</span>}
            </>
          ),
        })}
      </li>
    );
  };

  return (
    <nav
      aria-label={props['aria-label'] ?? t('sidebar.label')}
      data-collapsed={isCollapsed || undefined}
      className={cn(
        'flex h-full flex-col bg-brand-900 text-white transition-[width]',
        isCollapsed ? 'w-16' : 'w-64',
        className,
      )}
    >
      {header && (
        <div
          className={cn(
            'flex h-14 shrink-0 items-center px-4',
            isCollapsed && 'justify-center px-2',
          )}
        >
          {header}
        </div>
      )}
      <div className="flex-1 overflow-y-auto px-2 py-2">
        {sections.map((section) => {
          const headingId = `${baseId}-section-${section.id}`;
          return (
            <div key={section.id} className="mb-4 last:mb-0">
              {section.title && !isCollapsed && (
                <h2
                  id={headingId}
                  className="px-3 pb-1 text-xs font-semibold tracking-wider text-brand-200 uppercase"
                >
                  {section.title}
                </h2>
              )}
              <ul
                aria-labelledby={section.title && !isCollapsed ? headingId : undefined}
                className="flex flex-col gap-0.5"
              >
                {section.items.map((item) => renderItem(item, 0))}
              </ul>
            </div>
          );
        })}
      </div>
      {footer && !isCollapsed && (
        <div className="shrink-0 px-4 py-3 text-xs text-brand-200">{footer}</div>
      )}
      <div
        className={cn(
          'shrink-0 border-t border-brand-800 p-2',
          isCollapsed && 'flex justify-center',
        )}
      >
        <RACButton
          aria-label={isCollapsed ? t('sidebar.expand') : t('sidebar.collapse')}
          aria-expanded={!isCollapsed}
          onPress={toggleCollapsed}
          className={({ isFocusVisible, isHovered }) =>
            cn(
              'flex size-9 items-center justify-center rounded-[var(--radius-control)] text-brand-100',
              isHovered && 'bg-brand-800 text-white',
              focusRing({ isFocusVisible }),
              'outline-brand-300',
            )
          }
        >
          {isCollapsed ? (
            <PanelLeftOpen className="size-5" aria-hidden="true" />
          ) : (
            <PanelLeftClose className="size-5" aria-hidden="true" />
          )}
        </RACButton>
      </div>
    </nav>
  );
}
