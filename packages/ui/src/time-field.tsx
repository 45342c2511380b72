import { parseTime, type Time } from '@internationalized/date';
import {
  DateInput,
  DateSegment,
  TimeField as RACTimeField,
  type TimeFieldProps as RACTimeFieldProps,
} from 'react-aria-components';
import {
  Description,
  FieldError,
  type FieldProps,
  fieldBorderStyles,
  fieldGroupStyles,
  fieldStyles,
  Label,
} from './field';
import { cn, composeTailwindRenderProps } from './utils';

/** A time of day as the API carries it: `HH:mm`. */
export type IsoTime = string;

export type TimeFieldProps = Omit<
  RACTimeFieldProps<Time>,
  'value' | 'defaultValue' | 'onChange' | 'minValue' | 'maxValue' | 'hourCycle' | 'children'
> &
  FieldProps & {
    value?: IsoTime | null;
    defaultValue?: IsoTime | null;
    onChange?: (value: IsoTime | null) => void;
  };

function toTime(value: IsoTime | null | undefined): Time | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  return parseTime(value);
}

/** A 24-hour time input (HH:mm); values are `HH:mm` strings. */
export function TimeField({
  label,
  description,
  errorMessage,
  value,
  defaultValue,
  onChange,
  ...props
}: TimeFieldProps) {
  return (
    <RACTimeField<Time>
      {...props}
      value={toTime(value)}
      defaultValue={toTime(defaultValue)}
      onChange={(next) => onChange?.(next ? next.toString().slice(0, 5) : null)}
      hourCycle={24}
      shouldForceLeadingZeros
      className={composeTailwindRenderProps(props.className, fieldStyles)}
    >
      {label && <Label isRequired={props.isRequired}>{label}</Label>}
      <DateInput
        className={({ isFocusWithin, isInvalid, isDisabled, isHovered }) =>
          cn(
            fieldGroupStyles({ isDisabled }),
            fieldBorderStyles({ isFocusWithin, isInvalid, isDisabled }),
            isHovered && !isFocusWithin && !isInvalid && 'border-neutral-400',
            isFocusWithin && 'outline-2 outline-offset-0 outline-brand-600/20',
            'w-fit min-w-24 px-3 text-sm tabular-nums',
          )
        }
      >
        {(segment) => (
          <DateSegment
            segment={segment}
            className={({ isFocused, isPlaceholder, type }) =>
              cn(
                'rounded px-0.5 outline-0 caret-transparent',
                isPlaceholder && 'text-neutral-500',
                type === 'literal' && 'px-0 text-neutral-500',
                isFocused && 'bg-brand-600 text-white',
              )
            }
          />
        )}
      </DateInput>
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
    </RACTimeField>
  );
}
