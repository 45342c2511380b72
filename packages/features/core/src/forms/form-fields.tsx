import {
  Checkbox,
  CheckboxGroup,
  type CheckboxGroupProps,
  type CheckboxProps,
  ComboBox,
  type ComboBoxProps,
  DateField,
  type DateFieldProps,
  MoneyField,
  type MoneyFieldProps,
  NumberField,
  type NumberFieldProps,
  PasswordField,
  type PasswordFieldProps,
  Select,
  type SelectProps,
  Switch,
  type SwitchProps,
  TextField,
  type TextFieldProps,
  TimeField,
  type TimeFieldProps,
} from '@fahrwerk/ui';
import { type ReactNode, useId } from 'react';
import {
  type FieldPath,
  type FieldPathByValue,
  type FieldValues,
  type UseControllerProps,
  useController,
} from 'react-hook-form';
import { useFormTexts } from './form-texts';

/*
 * Form-bound fields: each wraps the `@fahrwerk/ui` field of the same name, binds it to one
 * value of a react-hook-form form by `control` and `name` (typed against the form's values),
 * and shows that value's error, translated once with the form's `t`.
 */

/** The form's `control` (`form.control` of `useApiForm`). */
type FormControl<T extends FieldValues, TOutput> = NonNullable<
  UseControllerProps<T, FieldPath<T>, TOutput>['control']
>;

/** What every form-bound field takes: the form and a path to a value of type `TValue`. */
export type BoundFieldProps<T extends FieldValues, TOutput, TValue> = {
  control: FormControl<T, TOutput>;
  name: FieldPathByValue<T, TValue>;
};

/** A choice of `FormSelect`, `FormComboBox` and `FormCheckboxGroup`: the value and its text. */
export type FormOption<TId extends string | number = string> = {
  id: TId;
  label: string;
  description?: string;
};

/** Props a bound field sets itself. */
type Bound = 'name' | 'value' | 'defaultValue' | 'onChange' | 'isInvalid' | 'errorMessage';

function useBoundField<T extends FieldValues, TOutput>(
  control: FormControl<T, TOutput>,
  name: FieldPath<T>,
  interpolation?: Record<string, unknown>,
) {
  const t = useFormTexts();
  const { field, fieldState } = useController<T, FieldPath<T>, TOutput>({ control, name });
  const message = fieldState.error?.message;
  return {
    field,
    isInvalid: fieldState.invalid,
    errorMessage: message ? t(message, interpolation) : undefined,
  };
}

export type FormTextFieldProps<T extends FieldValues, TOutput> = BoundFieldProps<
  T,
  TOutput,
  string | null | undefined
> &
  Omit<TextFieldProps, Bound | 'onBlur'> & {
    /** Called after the field lost focus, with its value (e.g. to check an e-mail address). */
    onBlur?: (value: string) => void;
  };

/** A text, e-mail, phone or (`isMultiline`) multi-line text value. */
export function FormTextField<T extends FieldValues, TOutput = T>({
  control,
  name,
  onBlur,
  ...props
}: FormTextFieldProps<T, TOutput>) {
  const { field, ...state } = useBoundField(control, name, { max: props.maxLength });
  return (
    <TextField
      {...props}
      {...state}
      validationBehavior="aria"
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={() => {
        field.onBlur();
        onBlur?.(field.value ?? '');
      }}
    />
  );
}

export type FormPasswordFieldProps<T extends FieldValues, TOutput> = BoundFieldProps<
  T,
  TOutput,
  string
> &
  Omit<PasswordFieldProps, Bound>;

/** A password with the show/hide toggle (and with `showRules` the live rule list). */
export function FormPasswordField<T extends FieldValues, TOutput = T>({
  control,
  name,
  ...props
}: FormPasswordFieldProps<T, TOutput>) {
  const { field, ...state } = useBoundField(control, name);
  return (
    <PasswordField
      {...props}
      {...state}
      validationBehavior="aria"
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
    />
  );
}

export type FormNumberFieldProps<T extends FieldValues, TOutput> = BoundFieldProps<
  T,
  TOutput,
  number | null | undefined
> &
  Omit<NumberFieldProps, Bound>;

/** A number; an emptied field holds `null`. */
export function FormNumberField<T extends FieldValues, TOutput = T>({
  control,
  name,
  ...props
}: FormNumberFieldProps<T, TOutput>) {
  const { field, ...state } = useBoundField(control, name, {
    min: props.minValue,
    max: props.maxValue,
  });
  return (
    <NumberField
      {...props}
      {...state}
      validationBehavior="aria"
      name={field.name}
      value={field.value ?? Number.NaN}
      onChange={(value) => field.onChange(Number.isNaN(value) ? null : value)}
      onBlur={field.onBlur}
    />
  );
}

export type FormMoneyFieldProps<T extends FieldValues, TOutput> = BoundFieldProps<
  T,
  TOutput,
  number | null | undefined
> &
  Omit<MoneyFieldProps, Bound>;

/** An amount in integer cents, shown as `1234,50 €`; an emptied field holds `null`. */
export function FormMoneyField<T extends FieldValues, TOutput = T>({
  control,
  name,
  ...props
}: FormMoneyFieldProps<T, TOutput>) {
  const { field, ...state } = useBoundField(control, name);
  return (
    <MoneyField
      {...props}
      {...state}
      validationBehavior="aria"
      name={field.name}
      value={field.value ?? null}
      onChange={field.onChange}
      onBlur={field.onBlur}
    />
  );
}

export type FormDateFieldProps<T extends FieldValues, TOutput> = BoundFieldProps<
  T,
  TOutput,
  string | null | undefined
> &
  Omit<DateFieldProps, Bound>;

/** An ISO date (`2025-03-14`), shown as DD.MM.YYYY; an emptied field holds `null`. */
export function FormDateField<T extends FieldValues, TOutput = T>({
  control,
  name,
  ...props
}: FormDateFieldProps<T, TOutput>) {
  const { field, ...state } = useBoundField(control, name);
  return (
    <DateField
      {...props}
      {...state}
      validationBehavior="aria"
      name={field.name}
      value={field.value ?? null}
      onChange={(value) => field.onChange(value ?? null)}
      onBlur={field.onBlur}
    />
  );
}

export type FormTimeFieldProps<T extends FieldValues, TOutput> = BoundFieldProps<
  T,
  TOutput,
  string | null | undefined
> &
  Omit<TimeFieldProps, Bound>;

/** A time of day as `HH:mm`; an emptied field holds `null`. */
export function FormTimeField<T extends FieldValues, TOutput = T>({
  control,
  name,
  ...props
}: FormTimeFieldProps<T, TOutput>) {
  const { field, ...state } = useBoundField(control, name);
  return (
    <TimeField
      {...props}
      {...state}
      validationBehavior="aria"
      name={field.name}
      value={field.value ?? null}
      onChange={(value) => field.onChange(value ?? null)}
      onBlur={field.onBlur}
    />
  );
}

/** The key of the "none" option (`noneLabel`); never a value of the contract. */
const NONE = '\u0000none';

type ChoiceProps<TId extends string | number> = {
  options: readonly FormOption<TId>[];
  /**
   * An extra first option for "no choice" ("Keine Anrede", "Beliebige Filiale"); choosing
   * it sets `emptyValue`.
   */
  noneLabel?: string;
  /** The value of "no choice" (cleared or `noneLabel`). @default '' */
  emptyValue?: '' | null;
  /** Shows the value, not changeable (a select cannot be read-only, so it is disabled). */
  isReadOnly?: boolean;
};

function useChoice<T extends FieldValues, TOutput, TId extends string | number>(
  control: FormControl<T, TOutput>,
  name: FieldPath<T>,
  { options, noneLabel, emptyValue = '' }: ChoiceProps<TId>,
) {
  const { field, ...state } = useBoundField(control, name);
  const isEmpty = field.value === null || field.value === undefined || field.value === '';
  const items: FormOption<string | number>[] =
    noneLabel === undefined ? [...options] : [{ id: NONE, label: noneLabel }, ...options];
  return {
    ...state,
    items,
    name: field.name,
    selectedKey: isEmpty ? (noneLabel === undefined ? null : NONE) : (field.value as TId),
    onSelectionChange: (key: string | number | null) =>
      field.onChange(key === null || key === NONE ? emptyValue : key),
    onBlur: field.onBlur,
  };
}

type ChoiceOwn = Bound | 'items' | 'children' | 'selectedKey' | 'onSelectionChange';

export type FormSelectProps<T extends FieldValues, TOutput, TId extends string | number> = {
  control: FormControl<T, TOutput>;
  name: FieldPath<T>;
} & ChoiceProps<TId> &
  Omit<SelectProps<FormOption<string | number>>, ChoiceOwn>;

/**
 * One choice from a short list; the value is the chosen option's `id` (string or number).
 * An optional choice can be cleared unless it has a `noneLabel`.
 */
export function FormSelect<
  T extends FieldValues,
  TOutput = T,
  TId extends string | number = string,
>({
  control,
  name,
  options,
  noneLabel,
  emptyValue,
  isReadOnly,
  ...props
}: FormSelectProps<T, TOutput, TId>) {
  const choice = useChoice(control, name, { options, noneLabel, emptyValue });
  return (
    <Select
      isClearable={!props.isRequired && !isReadOnly && noneLabel === undefined}
      {...props}
      {...choice}
      isDisabled={props.isDisabled || isReadOnly}
      validationBehavior="aria"
    />
  );
}

export type FormComboBoxProps<T extends FieldValues, TOutput, TId extends string | number> = {
  control: FormControl<T, TOutput>;
  name: FieldPath<T>;
} & ChoiceProps<TId> &
  Omit<ComboBoxProps<FormOption<string | number>>, ChoiceOwn>;

/** One choice from a long list, searchable; the value is the chosen option's `id`. */
export function FormComboBox<
  T extends FieldValues,
  TOutput = T,
  TId extends string | number = string,
>({
  control,
  name,
  options,
  noneLabel,
  emptyValue,
  isReadOnly,
  ...props
}: FormComboBoxProps<T, TOutput, TId>) {
  const choice = useChoice(control, name, { options, noneLabel, emptyValue });
  return <ComboBox {...props} {...choice} isReadOnly={isReadOnly} validationBehavior="aria" />;
}

export type FormCheckboxGroupProps<T extends FieldValues, TOutput> = BoundFieldProps<
  T,
  TOutput,
  readonly string[]
> &
  Omit<CheckboxGroupProps, Bound | 'children'> & {
    options: readonly FormOption[];
    /** `row`: the boxes side by side, wrapping (licence classes). @default 'column' */
    layout?: 'column' | 'row';
  };

/** Several choices as checkboxes; the value is the list of chosen `id`s. */
export function FormCheckboxGroup<T extends FieldValues, TOutput = T>({
  control,
  name,
  options,
  layout = 'column',
  ...props
}: FormCheckboxGroupProps<T, TOutput>) {
  const { field, ...state } = useBoundField(control, name);
  const boxes = options.map((option) => (
    <Checkbox key={option.id} value={option.id} description={option.description}>
      {option.label}
    </Checkbox>
  ));
  return (
    <CheckboxGroup
      {...props}
      {...state}
      validationBehavior="aria"
      name={field.name}
      value={field.value ?? []}
      onChange={field.onChange}
      onBlur={field.onBlur}
    >
      {layout === 'row' ? <div className="flex flex-wrap gap-x-5 gap-y-2">{boxes}</div> : boxes}
    </CheckboxGroup>
  );
}

export type FormCheckboxProps<T extends FieldValues, TOutput> = BoundFieldProps<
  T,
  TOutput,
  boolean | null | undefined
> &
  Omit<CheckboxProps, Bound | 'isSelected' | 'defaultSelected'> & {
    /** Content under the checkbox, outside its label (a link to the terms). */
    details?: ReactNode;
  };

/** A yes/no value as one checkbox (a consent); its error shows under it. */
export function FormCheckbox<T extends FieldValues, TOutput = T>({
  control,
  name,
  details,
  ...props
}: FormCheckboxProps<T, TOutput>) {
  const { field, isInvalid, errorMessage } = useBoundField(control, name);
  const errorId = useId();
  return (
    <div className="flex flex-col gap-1">
      <Checkbox
        {...props}
        validationBehavior="aria"
        name={field.name}
        isSelected={Boolean(field.value)}
        onChange={field.onChange}
        onBlur={field.onBlur}
        isInvalid={isInvalid}
        aria-describedby={errorMessage ? errorId : undefined}
      />
      {details && <div className="ms-7">{details}</div>}
      {errorMessage && (
        <p id={errorId} className="ms-7 text-sm text-danger-700">
          {errorMessage}
        </p>
      )}
    </div>
  );
}

export type FormSwitchProps<T extends FieldValues, TOutput> = BoundFieldProps<
  T,
  TOutput,
  boolean | null | undefined
> &
  Omit<SwitchProps, Bound | 'isSelected' | 'defaultSelected'>;

/** A yes/no value as a switch; `children` is its label. */
export function FormSwitch<T extends FieldValues, TOutput = T>({
  control,
  name,
  ...props
}: FormSwitchProps<T, TOutput>) {
  const { field } = useBoundField(control, name);
  return (
    <Switch
      {...props}
      name={field.name}
      isSelected={Boolean(field.value)}
      onChange={field.onChange}
      onBlur={field.onBlur}
    />
  );
}
