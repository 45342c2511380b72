import { ChevronDown, X } from 'lucide-react';
import { type ReactNode, useContext } from 'react';
import {
  Button,
  ListBox,
  Select as RACSelect,
  type SelectProps as RACSelectProps,
  SelectStateContext,
  SelectValue,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { DropdownItem, type DropdownOption, renderOption } from './dropdown-item';
import {
  Description,
  FieldError,
  type FieldProps,
  fieldBorderStyles,
  fieldStyles,
  Label,
} from './field';
import { Popover } from './popover';
import { cn, composeTailwindRenderProps, focusRing } from './utils';

export type SelectProps<T extends object = DropdownOption> = Omit<RACSelectProps<T>, 'children'> &
  FieldProps & {
    /** The options. Without `children`, items of shape `{ id, label, description? }` render themselves. */
    items?: Iterable<T>;
    /** Static `<SelectItem>`s, or a function rendering one item. */
    children?: ReactNode | ((item: T) => ReactNode);
    /** Shows a button that clears the selection. @default false */
    isClearable?: boolean;
  };

/** A labelled single-choice dropdown. For long lists use `ComboBox`, which can search. */
export function Select<T extends object = DropdownOption>({
  label,
  description,
  errorMessage,
  items,
  children,
  isClearable,
  placeholder,
  ...props
}: SelectProps<T>) {
  const { t } = useTranslation('ui');
  return (
    <RACSelect
      placeholder={placeholder ?? t('select.placeholder')}
      {...props}
      className={composeTailwindRenderProps(props.className, fieldStyles)}
    >
      {label && <Label isRequired={props.isRequired}>{label}</Label>}
      <div className="relative flex">
        <Button
          className={({ isFocusVisible, isDisabled, isHovered, isPressed }) =>
            cn(
              'flex h-9 w-full min-w-44 cursor-default items-center gap-2 rounded-[var(--radius-control)] border bg-white ps-3 pe-2 text-start text-sm text-neutral-900',
              fieldBorderStyles({ isFocusWithin: isPressed, isDisabled }),
              isHovered && !isDisabled && 'border-neutral-400',
              isDisabled && 'bg-neutral-50 text-neutral-500',
              'group-data-[invalid]:border-danger-600',
              focusRing({ isFocusVisible }),
            )
          }
        >
          <SelectValue
            className={cn(
              'flex-1 truncate data-[placeholder]:text-neutral-500',
              // Room for the clear button, which sits over the trigger.
              isClearable && 'me-7',
            )}
          >
            {({ isPlaceholder, selectedText, defaultChildren }) =>
              // The item's text only: its description and check mark belong to the list.
              isPlaceholder ? defaultChildren : selectedText
            }
          </SelectValue>
          <ChevronDown className="size-4 shrink-0 text-neutral-600" aria-hidden="true" />
        </Button>
        {isClearable && <SelectClearButton label={t('common.clear')} />}
      </div>
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
      <Popover className="min-w-(--trigger-width)">
        <ListBox
          items={items}
          className="max-h-72 overflow-auto p-1 outline-0"
          renderEmptyState={() => (
            <div className="px-2.5 py-1.5 text-sm text-neutral-600">{t('select.noResults')}</div>
          )}
        >
          {children ?? ((item: T) => renderOption(item as unknown as DropdownOption))}
        </ListBox>
      </Popover>
    </RACSelect>
  );
}

function SelectClearButton({ label }: { label: string }) {
  const state = useContext(SelectStateContext);
  if (!state || state.selectedKey == null) return null;
  return (
    <Button
      slot={null}
      aria-label={label}
      onPress={() => state.setSelectedKey(null)}
      className={({ isFocusVisible, isHovered }) =>
        cn(
          'absolute end-8 top-1/2 flex size-6 -translate-y-1/2 items-center justify-center rounded text-neutral-600',
          isHovered && 'bg-neutral-100 text-neutral-800',
          focusRing({ isFocusVisible }),
        )
      }
    >
      <X className="size-3.5" aria-hidden="true" />
    </Button>
  );
}

/** An option of a `Select`. */
export const SelectItem = DropdownItem;
