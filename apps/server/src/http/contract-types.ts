import type { components } from '@fahrwerk/api/schema';

/*
 * The contract's DTOs, from the types generated out of openapi/ (only types: the server
 * imports nothing else from @fahrwerk/api). `@fahrwerk/api/schema` rather than the package
 * root, which would pull the browser client into the server's type check.
 */
export type Schemas = components['schemas'];

export type User = Schemas['User'];
export type UserSettings = Schemas['UserSettings'];
export type TokenResponse = Schemas['TokenResponse'];
export type FilterRequest = Schemas['FilterRequest'];
export type ErrorBody = Schemas['ErrorBody'];
export type FieldError = Schemas['FieldError'];
export type PermissionKey = Schemas['PermissionKey'];
export type RolePermission = Schemas['RolePermission'];
