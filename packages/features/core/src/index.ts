export { CORE_NAMESPACE, type FahrwerkMeta, showErrorToast } from './errors';
export {
  FahrwerkProvider,
  type FahrwerkProviderProps,
  registerCoreTexts,
} from './fahrwerk-provider';
export { FormAlert, invalidProps } from './form-helpers';
export * from './forms';
export {
  clearListFilters,
  LIST_FILTER_KEYS,
  type ListFilterKey,
  readListFilter,
  useListFilter,
  writeListFilter,
} from './list-filters';
export {
  hasPermissions,
  type PermissionSet,
  PermissionsProvider,
  useCan,
  usePermissions,
} from './permissions';
export { createFahrwerkQueryClient } from './query-client';
export {
  createFeatureTranslation,
  type FeatureTexts,
  type FeatureTranslation,
  registerFeatureTexts,
  useFeatureTranslation,
} from './translation';
