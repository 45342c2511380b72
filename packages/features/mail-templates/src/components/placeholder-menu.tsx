import { cn } from '@fahrwerk/ui';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type { EmailPlaceholder } from '../lib/placeholder-html';
import { useMailTemplatesTranslation } from '../use-mail-templates-translation';

export type PlaceholderMenuProps = {
  placeholders: readonly EmailPlaceholder[];
  onInsert: (key: string) => void;
  disabled?: boolean;
  /** The trigger's text. @default "Platzhalter einfügen" */
  label?: string;
  /** Opens the menu from outside (typing `{{` in the editor); `onOpenChange` reports back. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};

/**
 * The "Platzhalter einfügen" menu: a button and a list of the placeholders (description and
 * key). A small own menu instead of a react-aria one: it must not move the editor's focus
 * on pointer down (the editor keeps its selection; the insert puts focus back there).
 */
export function PlaceholderMenu({
  placeholders,
  onInsert,
  disabled,
  label,
  open: openProp,
  onOpenChange,
}: PlaceholderMenuProps) {
  const { t } = useMailTemplatesTranslation();
  const [openState, setOpenState] = useState(false);
  const open = openProp ?? openState;
  const setOpen = (next: boolean) => {
    setOpenState(next);
    onOpenChange?.(next);
  };
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

  // Focus the first entry when the menu opens, so arrow keys work at once.
  useEffect(() => {
    if (open) itemRefs.current[0]?.focus();
  }, [open]);

  // A press outside closes the menu.
  useEffect(() => {
    if (!open) return;
    const handlePointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) {
        setOpenState(false);
        onOpenChange?.(false);
      }
    };
    document.addEventListener('pointerdown', handlePointerDown);
    return () => document.removeEventListener('pointerdown', handlePointerDown);
  }, [open, onOpenChange]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  const handleMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = itemRefs.current.filter((item): item is HTMLButtonElement => item !== null);
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    const focusAt = (next: number) => items[(next + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(items.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  return (
    <div ref={rootRef} className="relative inline-block">
      <button
        ref={triggerRef}
        type="button"
        disabled={disabled}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className={cn(
          'inline-flex h-8 items-center gap-1.5 rounded px-2 text-sm text-neutral-800 hover:bg-neutral-100 disabled:cursor-not-allowed disabled:opacity-50',
          'focus-visible:outline-2 focus-visible:outline-brand-600',
          open && 'bg-neutral-100',
        )}
      >
        <span aria-hidden className="font-mono text-xs text-neutral-600">
          {'{ }'}
        </span>
        {label ?? t('editor.insertPlaceholder')}
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={label ?? t('editor.insertPlaceholder')}
          tabIndex={-1}
          onKeyDown={handleMenuKeyDown}
          className="absolute start-0 top-full z-20 mt-1 max-h-72 w-80 overflow-y-auto rounded-md border border-neutral-200 bg-white p-1 shadow-lg"
        >
          {placeholders.length === 0 && (
            <p className="px-3 py-1.5 text-sm text-neutral-600">{t('editor.noPlaceholders')}</p>
          )}
          {placeholders.map((placeholder, index) => (
            <button
              key={placeholder.key}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                close(false);
                onInsert(placeholder.key);
              }}
              className="flex w-full flex-col items-start rounded px-3 py-1.5 text-start text-sm outline-none hover:bg-neutral-100 focus:bg-brand-50 focus:ring-2 focus:ring-brand-600 focus:ring-inset"
            >
              <span className="text-neutral-900">{placeholder.description}</span>
              <span className="font-mono text-xs text-neutral-600">{`{{ ${placeholder.key} }}`}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
