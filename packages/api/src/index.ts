export type { ApiClient, ApiClientOptions, FetchClient, QueryClientHelpers } from './client';
export { createApiClient } from './client';
export type { DownloadKind } from './download';
export {
  downloadKind,
  EXPORT_FILE_NAMES,
  fileNameFromResponse,
  saveBlob,
  saveExport,
} from './download';
export {
  APPOINTMENT_TYPES,
  CHARTS_OF_ACCOUNTS,
  COST_BEARER_KINDS,
  DOCUMENT_TYPES,
  E_INVOICE_FORMATS,
  EDUCATION_STATUSES,
  FEDERAL_STATES,
  GRANT_TYPES,
  HOUR_TYPES,
  LANGUAGES,
  LICENSE_CLASSES,
  MAIL_CONNECTION_SECURITIES,
  PAYMENT_METHODS,
  PAYMENT_WORKFLOWS,
  PRODUCT_TYPES,
  REGISTRATION_STATUSES,
  ROLE_TYPES,
  SALUTATIONS,
  STUDENT_VISIBILITIES,
  TESTING_ORGANIZATION_KINDS,
  TODO_PRIORITIES,
  TODO_STATUSES,
  TRANSMISSIONS,
  VEHICLE_KINDS,
  WEEKDAYS,
} from './enums';
export type { ErrorBody, FieldError, Translate } from './errors';
export {
  ApiError,
  downloadErrorMessage,
  errorToastMessage,
  isApiError,
  isCancelledError,
  toErrorBody,
} from './errors';
export type { components, operations, paths } from './generated/schema';
export { PERMISSION_KEYS, type PermissionKey } from './permissions';
export { ApiProvider, useApi } from './provider';
export { asBinary, type FormValue, MAX_UPLOAD_BYTES, toFormData } from './upload';

import type { components } from './generated/schema';

export type User = components['schemas']['User'];
export type UserSettings = components['schemas']['UserSettings'];
export type TokenResponse = components['schemas']['TokenResponse'];
export type RolePermission = components['schemas']['RolePermission'];
export type FilterRequest = components['schemas']['FilterRequest'];
export type SortOrder = components['schemas']['SortOrder'];
/** The `data`/`total` answer of every filter call. */
export type Page<T> = { data: T[]; total: number };
