export {
  ADDRESS_PARTS,
  AddressFields,
  type AddressFieldsProps,
  type AddressPart,
  type AddressValues,
} from './address-fields';
export { ApiForm, type ApiFormProps } from './api-form';
export { FormCodeField, type FormCodeFieldProps } from './form-code-field';
export { type EditDialogProps, FormDialog, type FormDialogProps } from './form-dialog';
export { FormFieldError, type FormFieldErrorProps } from './form-field-error';
export {
  type BoundFieldProps,
  FormCheckbox,
  FormCheckboxGroup,
  type FormCheckboxGroupProps,
  type FormCheckboxProps,
  FormComboBox,
  type FormComboBoxProps,
  FormDateField,
  type FormDateFieldProps,
  FormMoneyField,
  type FormMoneyFieldProps,
  FormNumberField,
  type FormNumberFieldProps,
  type FormOption,
  FormPasswordField,
  type FormPasswordFieldProps,
  FormSelect,
  type FormSelectProps,
  FormSwitch,
  type FormSwitchProps,
  FormTextField,
  type FormTextFieldProps,
  FormTimeField,
  type FormTimeFieldProps,
} from './form-fields';
export { type Translate, useFormTexts } from './form-texts';
export {
  type AlertMessage,
  type ReadServerErrorsOptions,
  readServerErrors,
  type ServerErrorPlacement,
} from './server-errors';
export {
  type ApiFormApi,
  type ApiFormOf,
  type UseApiFormOptions,
  useApiForm,
} from './use-api-form';
