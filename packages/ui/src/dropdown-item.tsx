import { Check } from 'lucide-react';
import {
  Collection,
  composeRenderProps,
  Header,
  ListBoxItem,
  type ListBoxItemProps,
  ListBoxSection,
  type ListBoxSectionProps,
  Text,
} from 'react-aria-components';
import { cn } from './utils';

/** One option of a Select or ComboBox list. */
export type DropdownOption = {
  id: string | number;
  label: string;
  description?: string;
  isDisabled?: boolean;
};

export type DropdownItemProps<T extends object = object> = ListBoxItemProps<T> & {
  description?: string;
};

/** An option inside a Select or ComboBox (also exported as `SelectItem` and `ComboBoxItem`). */
export function DropdownItem<T extends object>({ description, ...props }: DropdownItemProps<T>) {
  const textValue =
    props.textValue ?? (typeof props.children === 'string' ? props.children : undefined);
  return (
    <ListBoxItem
      {...props}
      textValue={textValue}
      className={composeRenderProps(
        props.className,
        (className, { isFocused, isSelected, isDisabled }) =>
          cn(
            'group flex cursor-default items-center gap-2 rounded px-2.5 py-1.5 text-sm text-neutral-900 outline-0 select-none',
            isFocused && 'bg-brand-50 text-brand-900',
            isSelected && 'font-medium',
            isDisabled && 'text-neutral-400',
            className,
          ),
      )}
    >
      {composeRenderProps(props.children, (children, { isSelected }) => (
        <>
          <span className="flex min-w-0 flex-1 flex-col">
            <Text slot="label" className="truncate">
              {children}
            </Text>
            {description && (
              <Text slot="description" className="text-xs text-neutral-600">
                {description}
              </Text>
            )}
          </span>
          <Check
            className={cn('size-4 shrink-0 text-brand-700', !isSelected && 'invisible')}
            aria-hidden="true"
          />
        </>
      ))}
    </ListBoxItem>
  );
}

export type DropdownSectionProps<T extends object> = ListBoxSectionProps<T> & { title?: string };

/** A titled group of options. */
export function DropdownSection<T extends object>({
  title,
  items,
  children,
  ...props
}: DropdownSectionProps<T>) {
  return (
    <ListBoxSection {...props} className={cn('pt-1 first:pt-0', props.className)}>
      {title && (
        <Header className="px-2.5 py-1 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
          {title}
        </Header>
      )}
      <Collection items={items}>{children}</Collection>
    </ListBoxSection>
  );
}

/** Renders a `DropdownOption` as an item. */
export function renderOption(option: DropdownOption) {
  return (
    <DropdownItem
      id={option.id}
      textValue={option.label}
      description={option.description}
      isDisabled={option.isDisabled}
    >
      {option.label}
    </DropdownItem>
  );
}
