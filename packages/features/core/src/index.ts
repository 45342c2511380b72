export * from './appointments';
export * from './checklists';
export { CORE_NAMESPACE, type FahrwerkMeta, showErrorToast } from './errors';
export {
  FahrwerkProvider,
  type FahrwerkProviderProps,
  registerCoreTexts,
} from './fahrwerk-provider';
export { FormAlert } from './form-helpers';
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
  type ArchiveConfirmation,
  type ArchiveFlow,
  type ArchiveMutation,
  type ListPage,
  type ListPaging,
  type ServerList,
  type ServerListOptions,
  toSearch,
  toSortOrder,
  useArchiveFlow,
  useServerList,
} from './lists';
export {
  hasPermissions,
  type PermissionSet,
  PermissionsProvider,
  useCan,
  usePermissions,
} from './permissions';
export { createFahrwerkQueryClient } from './query-client';
export {
  type ApiPath,
  type ApiResource,
  apiKey,
  invalidatePaths,
  matchesPaths,
  useInvalidate,
} from './query-keys';
export {
  type ResourceCall,
  type ResourceMutationOptions,
  type ResourceMutations,
  type ResourcePath,
  useResourceMutations,
} from './resource-mutations';
export * from './students';
export {
  createFeatureTranslation,
  type FeatureTexts,
  type FeatureTranslation,
  registerFeatureTexts,
  useFeatureTranslation,
} from './translation';
