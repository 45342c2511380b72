import { MoreHorizontal } from 'lucide-react';
import {
  Menu,
  MenuItem,
  MenuTrigger,
  Button as RACButton,
  Popover as RACPopover,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { cn, focusRing } from './utils';

export type ActionMenuItem = {
  id: string;
  label: string;
  /** Destructive actions (delete, archive) are shown in red. */
  isDanger?: boolean;
  isDisabled?: boolean;
};

export type ActionMenuProps = {
  items: ActionMenuItem[];
  onAction: (id: string) => void;
  /** The trigger's accessible name, e.g. "Aktionen für Max Muster". */
  label?: string;
};

/** The "…" menu of a table row or a detail page: edit, archive, delete … */
export function ActionMenu({ items, onAction, label }: ActionMenuProps) {
  const { t } = useTranslation('ui');
  return (
    <MenuTrigger>
      <RACButton
        aria-label={label ?? t('menu.actions')}
        className={({ isFocusVisible }) =>
          cn(
            'inline-flex size-8 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100 pressed:bg-neutral-200',
            focusRing({ isFocusVisible }),
          )
        }
      >
        <MoreHorizontal aria-hidden className="size-4" />
      </RACButton>
      <RACPopover
        placement="bottom end"
        className="min-w-44 rounded-md border border-neutral-200 bg-white p-1 shadow-lg outline-none"
      >
        <Menu
          className="outline-none"
          onAction={(key) => onAction(String(key))}
          disabledKeys={items.filter((item) => item.isDisabled).map((item) => item.id)}
        >
          {items.map((item) => (
            <MenuItem
              key={item.id}
              id={item.id}
              className={({ isFocused, isDisabled }) =>
                cn(
                  'cursor-default rounded px-3 py-1.5 text-sm outline-none',
                  item.isDanger ? 'text-red-700' : 'text-neutral-900',
                  isFocused && 'bg-neutral-100',
                  isDisabled && 'text-neutral-400',
                )
              }
            >
              {item.label}
            </MenuItem>
          ))}
        </Menu>
      </RACPopover>
    </MenuTrigger>
  );
}
