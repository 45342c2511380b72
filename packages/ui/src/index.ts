// The public API of @fahrwerk/ui. Import styles separately: `@import "@fahrwerk/ui/styles.css"`.

export { ActionMenu, type ActionMenuItem, type ActionMenuProps } from './action-menu';
export { AppShell, type AppShellProps } from './app-shell';
export { Badge, type BadgeProps, type BadgeTone } from './badge';
export {
  Button,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
  buttonStyles,
} from './button';
export { Checkbox, CheckboxGroup, type CheckboxGroupProps, type CheckboxProps } from './checkbox';
export { ComboBox, ComboBoxItem, type ComboBoxProps } from './combo-box';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export {
  DataTable,
  type DataTableProps,
  type DataTableSort,
  DEFAULT_PAGE_SIZE_OPTIONS,
} from './data-table';
export { DateField, type DateFieldProps, type IsoDate } from './date-field';
export { Dialog, type DialogProps, DialogTrigger, Modal, type ModalProps } from './dialog';
export {
  DropdownItem,
  type DropdownItemProps,
  type DropdownOption,
  DropdownSection,
  type DropdownSectionProps,
} from './dropdown-item';
export { EmptyState, type EmptyStateProps } from './empty-state';
export { ErrorState, type ErrorStateProps } from './error-state';
export {
  BorderedInput,
  Description,
  FieldError,
  type FieldErrorMessage,
  FieldGroup,
  type FieldProps,
  Input,
  Label,
  type LabelProps,
  TextArea,
} from './field';
export {
  FieldColumns,
  type FieldColumnsLayout,
  type FieldColumnsProps,
  FieldSet,
  type FieldSetProps,
  FieldSpacer,
  FieldSpan,
} from './field-layout';
export {
  type FileRejectionReason,
  FileUpload,
  type FileUploadProps,
} from './file-upload';
export { Form, type FormProps } from './form';
export {
  type DateInput,
  formatDate,
  formatDateTime,
  formatMoney,
  formatTime,
  parseMoney,
  startOfWeek,
  TIME_ZONE,
  toIsoDate,
  WEEK_STARTS_ON,
} from './format';
export {
  addResources,
  type CreateI18nOptions,
  createI18n,
  DEFAULT_LANGUAGE,
  type I18n,
  type Language,
  type NamespaceResources,
  SUPPORTED_LANGUAGES,
  UI_NAMESPACE,
} from './i18n';
export { Link, type LinkProps } from './link';
export { MoneyField, type MoneyFieldProps } from './money-field';
export { NumberField, type NumberFieldProps } from './number-field';
export { PageHeader, type PageHeaderProps } from './page-header';
export {
  checkPasswordRules,
  isPasswordValid,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULES,
  PasswordField,
  type PasswordFieldProps,
  type PasswordRule,
  type PasswordRuleId,
} from './password-field';
export { Popover, type PopoverProps } from './popover';
export { QrCode, type QrCodeProps, qrCodePath, qrCodeSvg } from './qr-code';
export { FAHRWERK_SCOPE_CLASS, FahrwerkScope, type FahrwerkScopeProps } from './scope';
export { SearchField, type SearchFieldProps } from './search-field';
export {
  DescriptionList,
  type DescriptionListProps,
  Section,
  type SectionProps,
} from './section';
export { Select, SelectItem, type SelectProps } from './select';
export {
  findActiveSidebarItem,
  Sidebar,
  type SidebarIcon,
  type SidebarItem,
  type SidebarLinkProps,
  type SidebarProps,
  type SidebarSection,
} from './sidebar';
export { SignatureField, type SignatureFieldProps } from './signature-field';
export { SignaturePad, type SignaturePadHandle, type SignaturePadProps } from './signature-pad';
export { Spinner, type SpinnerProps } from './spinner';
export { Switch, type SwitchProps } from './switch';
export {
  TabNav,
  type TabNavItem,
  type TabNavLinkProps,
  type TabNavProps,
} from './tab-nav';
export {
  Tab,
  TabList,
  type TabListProps,
  TabPanel,
  type TabPanelProps,
  type TabProps,
  Tabs,
  type TabsProps,
} from './tabs';
export { TextField, type TextFieldProps } from './text-field';
export { type IsoTime, TimeField, type TimeFieldProps } from './time-field';
export {
  createToastQueue,
  createToasts,
  TOAST_DURATION_MS,
  type ToastApi,
  type ToastContent,
  type ToastOptions,
  ToastProvider,
  type ToastProviderProps,
  type ToastQueue,
  ToastRegion,
  type ToastRegionProps,
  type Toasts,
  type ToastType,
  useToast,
} from './toast';
export { UiProvider, type UiProviderProps } from './ui-provider';
export { cn, composeTailwindRenderProps, focusRing } from './utils';
