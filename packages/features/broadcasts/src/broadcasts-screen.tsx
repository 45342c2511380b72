import { useCan, useServerList } from '@fahrwerk/core';
import {
  ActionMenu,
  Button,
  DataTable,
  type DataTableProps,
  formatDate,
  PageHeader,
  SearchField,
  Select,
  Switch,
  useToast,
} from '@fahrwerk/ui';
import { useMemo, useState } from 'react';
import { type Broadcast, useBroadcastMutations, useBroadcastPage } from './api/broadcast-queries';
import { BroadcastDetailScreen } from './broadcast-detail-screen';
import { ALL, INITIAL_BROADCAST_LIST, toBroadcastFilter } from './broadcast-list-filter';
import { BROADCAST_STATES, broadcastActions } from './broadcast-rules';
import { BroadcastFormDialog } from './components/broadcast-form-dialog';
import { BroadcastStateBadge } from './components/broadcast-state-badge';
import { useBroadcastActions } from './use-broadcast-actions';
import { useBroadcastsTranslation } from './use-broadcasts-translation';

export type BroadcastsScreenProps = {
  /** The broadcast open in the detail view (controlled, e.g. from the URL); `null`: the list. */
  selectedId?: number | null;
  /** Called when a broadcast is opened, or with `null` when the detail view goes back. */
  onSelect?: (id: number | null) => void;
};

/**
 * The broadcasts (`/broadcast`, spec 001 §4): the list with state badges, filters by state,
 * search and archive (remembered until sign-out), paging; create and edit in a dialog, the
 * state actions per row, and the detail view with recipients and e-mail delivery. Without
 * `selectedId`/`onSelect` the screen keeps the open broadcast itself. Without
 * MODULE_COMMUNICATION_WRITE it is read-only.
 */
export function BroadcastsScreen({ selectedId, onSelect }: BroadcastsScreenProps) {
  const [ownSelection, setOwnSelection] = useState<number | null>(null);
  const open = selectedId !== undefined ? selectedId : ownSelection;
  const select = (id: number | null) => {
    setOwnSelection(id);
    onSelect?.(id);
  };
  if (open !== null) {
    return <BroadcastDetailScreen key={open} broadcastId={open} onBack={() => select(null)} />;
  }
  return <BroadcastList onOpen={select} />;
}

function BroadcastList({ onOpen }: { onOpen: (id: number) => void }) {
  const toast = useToast();
  const { t } = useBroadcastsTranslation();
  const canWrite = useCan('MODULE_COMMUNICATION_WRITE');
  const list = useServerList({
    key: 'broadcast',
    initial: INITIAL_BROADCAST_LIST,
    toFilter: toBroadcastFilter,
    usePage: useBroadcastPage,
  });
  const { state: filter, update, query: page } = list;
  const [creating, setCreating] = useState(false);
  const mutations = useBroadcastMutations();
  const { run, dialogs } = useBroadcastActions();

  const columns = useMemo<DataTableProps<Broadcast>['columns']>(
    () => [
      {
        accessorKey: 'name',
        header: t('columns.name'),
        cell: ({ row }) => (
          <span className="flex flex-col">
            <button
              type="button"
              aria-label={t('columns.open', { name: row.original.name })}
              className="text-start font-medium text-brand-700 underline-offset-2 hover:underline"
              onClick={() => onOpen(row.original.id)}
            >
              {row.original.name}
            </button>
            <span className="text-sm text-neutral-600">{row.original.subject}</span>
          </span>
        ),
      },
      {
        accessorKey: 'state',
        header: t('columns.state'),
        cell: ({ row }) => <BroadcastStateBadge broadcast={row.original} />,
      },
      {
        accessorKey: 'publishFrom',
        header: t('columns.publishFrom'),
        cell: ({ row }) => formatDate(row.original.publishFrom),
      },
      {
        accessorKey: 'publishTo',
        header: t('columns.publishTo'),
        cell: ({ row }) =>
          row.original.publishTo ? formatDate(row.original.publishTo) : t('columns.untilStopped'),
      },
      {
        id: 'recipients',
        header: t('columns.recipients'),
        enableSorting: false,
        meta: { align: 'end' },
        cell: ({ row }) => row.original.recipientCount ?? '–',
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('columns.actions')}</span>,
        enableSorting: false,
        meta: { align: 'end' },
        cell: ({ row }) => {
          const actions = broadcastActions(row.original, canWrite);
          return (
            <ActionMenu
              label={t('columns.actionsFor', { name: row.original.name })}
              items={actions.map((id) => ({
                id,
                label: t(
                  id === 'prepare' && row.original.state === 'PREPARED'
                    ? 'actions.prepareAgain'
                    : `actions.${id}`,
                ),
                isDanger: id === 'delete' || id === 'archive' || id === 'stop',
              }))}
              onAction={(id) => {
                if (id === 'open') onOpen(row.original.id);
                else run(id as Exclude<(typeof actions)[number], 'open'>, row.original);
              }}
            />
          );
        },
      },
    ],
    [t, canWrite, onOpen, run],
  );

  const filtered = filter.search.trim() !== '' || filter.state !== ALL;
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('title')}
        description={canWrite ? t('description') : t('readOnly')}
        actions={canWrite ? <Button onPress={() => setCreating(true)}>{t('new')}</Button> : null}
      />
      <div className="flex flex-wrap items-end gap-4">
        <SearchField
          label={t('filters.search')}
          value={filter.search}
          onChange={(search) => update({ search })}
        />
        <Select
          label={t('filters.state')}
          items={[
            { id: ALL, label: t('filters.all') },
            ...BROADCAST_STATES.map((id) => ({ id, label: t(`states.${id}`) })),
          ]}
          selectedKey={filter.state}
          onSelectionChange={(key) => update({ state: key as typeof filter.state })}
        />
        <Switch isSelected={filter.archived} onChange={(archived) => update({ archived })}>
          {t('filters.archived')}
        </Switch>
      </div>
      <DataTable
        aria-label={t('table')}
        columns={columns}
        {...list.table}
        error={page.isError ? t('loadError') : undefined}
        emptyText={t(filtered ? 'emptyFiltered' : filter.archived ? 'emptyArchived' : 'empty')}
        getRowId={(row) => String(row.id)}
      />
      {creating && (
        <BroadcastFormDialog
          isOpen
          onOpenChange={setCreating}
          onSubmit={(input) => mutations.create.mutateAsync(input)}
          onSaved={() => toast.success(t('messages.save_success'))}
        />
      )}
      {dialogs}
    </div>
  );
}
