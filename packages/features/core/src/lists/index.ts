export {
  type ArchiveConfirmation,
  type ArchiveFlow,
  type ArchiveMutation,
  useArchiveFlow,
} from './use-archive-flow';
export {
  type ListPage,
  type ListPaging,
  type ServerList,
  type ServerListOptions,
  toSearch,
  toSortOrder,
  useServerList,
} from './use-server-list';
