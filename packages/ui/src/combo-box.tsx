import { ChevronDown, X } from 'lucide-react';
import { type ReactNode, useContext } from 'react';
import {
  Button,
  ComboBoxStateContext,
  ListBox,
  ComboBox as RACComboBox,
  type ComboBoxProps as RACComboBoxProps,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { DropdownItem, type DropdownOption, renderOption } from './dropdown-item';
import {
  Description,
  FieldError,
  FieldGroup,
  type FieldProps,
  fieldStyles,
  Input,
  Label,
} from './field';
import { Popover } from './popover';
import { cn, composeTailwindRenderProps, focusRing } from './utils';

export type ComboBoxProps<T extends object = DropdownOption> = Omit<
  RACComboBoxProps<T>,
  'children'
> &
  FieldProps & {
    placeholder?: string;
    /** The options. Without `children`, items of shape `{ id, label, description? }` render themselves. */
    items?: Iterable<T>;
    /** Static `<ComboBoxItem>`s, or a function rendering one item. */
    children?: ReactNode | ((item: T) => ReactNode);
    /** Shows a button that clears the selection and the search text. @default true */
    isClearable?: boolean;
  };

/**
 * A searchable dropdown with the product's dropdown defaults: search on, clear on, close on
 * select. Typing filters the list; the trigger button opens the full list.
 */
export function ComboBox<T extends object = DropdownOption>({
  label,
  description,
  errorMessage,
  placeholder,
  items,
  children,
  isClearable = true,
  ...props
}: ComboBoxProps<T>) {
  const { t } = useTranslation('ui');
  return (
    <RACComboBox
      allowsEmptyCollection
      {...props}
      className={composeTailwindRenderProps(props.className, fieldStyles)}
    >
      {label && <Label isRequired={props.isRequired}>{label}</Label>}
      <FieldGroup>
        <Input placeholder={placeholder} />
        {isClearable && <ComboBoxClearButton label={t('common.clear')} />}
        <Button
          aria-label={t('common.showOptions')}
          className={({ isFocusVisible, isHovered }) =>
            cn(
              'me-1 flex size-7 items-center justify-center rounded text-neutral-600',
              isHovered && 'bg-neutral-100 text-neutral-800',
              focusRing({ isFocusVisible }),
            )
          }
        >
          <ChevronDown className="size-4" aria-hidden="true" />
        </Button>
      </FieldGroup>
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
    </RACComboBox>
  );
}

function ComboBoxClearButton({ label }: { label: string }) {
  const state = useContext(ComboBoxStateContext);
  if (!state || (state.selectedKey == null && state.inputValue === '')) return null;
  return (
    <Button
      slot={null}
      aria-label={label}
      // Like the trigger, out of the tab order: keyboard users clear the text in the input.
      excludeFromTabOrder
      onPress={() => {
        state.setSelectedKey(null);
        state.setInputValue('');
        state.close();
      }}
      className={({ isFocusVisible, isHovered }) =>
        cn(
          'flex size-7 items-center justify-center rounded text-neutral-600',
          isHovered && 'bg-neutral-100 text-neutral-800',
          focusRing({ isFocusVisible }),
        )
      }
    >
      <X className="size-3.5" aria-hidden="true" />
    </Button>
  );
}

/** An option of a `ComboBox`. */
export const ComboBoxItem = DropdownItem;
