import { Search, X } from 'lucide-react';
import {
  Button as RACButton,
  Input as RACInput,
  SearchField as RACSearchField,
  type SearchFieldProps as RACSearchFieldProps,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Label } from './field';
import { cn, composeTailwindRenderProps, focusRing } from './utils';

export type SearchFieldProps = Omit<RACSearchFieldProps, 'children'> & {
  /** Visible label; without it `aria-label` is required. */
  label?: string;
  placeholder?: string;
};

/** The search box above lists: Escape or the × clears it. */
export function SearchField({ label, placeholder, ...props }: SearchFieldProps) {
  const { t } = useTranslation('ui');
  return (
    <RACSearchField
      {...props}
      className={composeTailwindRenderProps(props.className, 'group flex flex-col gap-1')}
    >
      {label && <Label>{label}</Label>}
      <div className="relative flex items-center">
        <Search
          aria-hidden
          className="pointer-events-none absolute left-2.5 size-4 text-neutral-500"
        />
        <RACInput
          placeholder={placeholder}
          className={({ isFocusVisible }) =>
            cn(
              'h-9 w-full rounded-md border border-neutral-400 bg-white pr-8 pl-8 text-sm text-neutral-900 placeholder:text-neutral-500 [&::-webkit-search-cancel-button]:hidden',
              focusRing({ isFocusVisible }),
            )
          }
        />
        <RACButton
          aria-label={t('search.clear')}
          className="absolute right-1.5 rounded p-1 text-neutral-600 group-data-[empty]:hidden hover:bg-neutral-100"
        >
          <X aria-hidden className="size-3.5" />
        </RACButton>
      </div>
    </RACSearchField>
  );
}
