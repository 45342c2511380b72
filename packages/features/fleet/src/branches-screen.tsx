import { useArchiveFlow, useCan, useServerList } from '@fahrwerk/core';
import {
  ActionMenu,
  Badge,
  Button,
  DataTable,
  type DataTableProps,
  PageHeader,
  SearchField,
  Switch,
  useToast,
} from '@fahrwerk/ui';
import { useMemo, useState } from 'react';
import {
  type Branch,
  useBranchMutations,
  useBranchPage,
  useBranchWorkHours,
  useBranchWorkHoursMutations,
  usePriceLists,
} from './api/fleet-queries';
import { BranchFormDialog } from './components/branch-form-dialog';
import { WorkHoursDialog } from './components/work-hours-dialog';
import { INITIAL_BRANCH_LIST, toBranchFilter } from './list-filters';
import { useFleetTranslation } from './use-fleet-translation';

/**
 * The branch list of the company module (`/branches`): search and archive switch
 * (remembered per user session), create/edit in a dialog, opening hours in their own
 * dialog, archive. Users without MODULE_COMPANY_WRITE see everything read-only.
 */
export function BranchesScreen() {
  const toast = useToast();
  const { t } = useFleetTranslation();
  const canWrite = useCan('MODULE_COMPANY_WRITE');
  const list = useServerList({
    key: 'branch',
    initial: INITIAL_BRANCH_LIST,
    toFilter: toBranchFilter,
    usePage: useBranchPage,
  });
  const filter = list.state;
  const [editing, setEditing] = useState<Branch | 'new' | null>(null);
  const [hoursOf, setHoursOf] = useState<Branch | null>(null);

  const priceLists = usePriceLists();
  const workHours = useBranchWorkHours(hoursOf?.id ?? null);
  const mutations = useBranchMutations();
  const workHoursMutations = useBranchWorkHoursMutations();
  const { archive, unarchive, dialog } = useArchiveFlow<Branch>(mutations.archive, {
    title: t('branches.archiveTitle'),
    confirmLabel: t('common.archive'),
    cancelLabel: t('common.cancel'),
    text: (branch) => t('branches.archiveText', { name: branch.name }),
  });

  const priceListName = useMemo(() => {
    const names = new Map((priceLists.data ?? []).map((list) => [list.id, list.name]));
    return (id?: number) => (id === undefined ? '–' : (names.get(id) ?? `#${id}`));
  }, [priceLists.data]);

  const columns = useMemo<DataTableProps<Branch>['columns']>(
    () => [
      {
        accessorKey: 'name',
        header: t('branches.columns.name'),
        cell: ({ row }) => (
          <span className="font-medium text-neutral-900">
            {row.original.name}
            {row.original.archived && <Badge className="ms-2">{t('common.archived')}</Badge>}
          </span>
        ),
      },
      { accessorKey: 'abbreviation', header: t('branches.columns.abbreviation') },
      {
        id: 'priceList',
        header: t('branches.columns.priceList'),
        enableSorting: false,
        cell: ({ row }) => priceListName(row.original.priceListId),
      },
      {
        id: 'corridor',
        header: t('branches.columns.corridor'),
        enableSorting: false,
        cell: ({ row }) => t('branches.corridorValue', row.original.workCorridor),
      },
      {
        id: 'duration',
        header: t('branches.columns.duration'),
        enableSorting: false,
        cell: ({ row }) =>
          t('branches.durationValue', { minutes: row.original.defaultDrivingLessonDuration }),
      },
      {
        id: 'website',
        header: t('branches.columns.website'),
        enableSorting: false,
        cell: ({ row }) => (row.original.showOnWebsite ? t('common.yes') : t('common.no')),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('common.actions')}</span>,
        enableSorting: false,
        cell: ({ row }) => (
          <ActionMenu
            label={t('common.actionsFor', { name: row.original.name })}
            items={
              !canWrite
                ? [{ id: 'hours', label: t('branches.hours') }]
                : row.original.archived
                  ? [{ id: 'unarchive', label: t('common.unarchive') }]
                  : [
                      { id: 'edit', label: t('common.edit') },
                      { id: 'hours', label: t('branches.hours') },
                      { id: 'archive', label: t('common.archive'), isDanger: true },
                    ]
            }
            onAction={(action) => {
              if (action === 'edit') setEditing(row.original);
              else if (action === 'hours') setHoursOf(row.original);
              else if (action === 'archive') archive(row.original);
              else unarchive(row.original);
            }}
          />
        ),
      },
    ],
    [t, canWrite, archive, unarchive, priceListName],
  );

  const filtered = filter.search.trim() !== '' || filter.archived;

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('branches.title')}
        description={canWrite ? t('branches.description') : t('common.readOnly')}
        actions={
          canWrite ? <Button onPress={() => setEditing('new')}>{t('branches.new')}</Button> : null
        }
      />
      <div className="flex flex-wrap items-end gap-4">
        <SearchField
          label={t('branches.search')}
          placeholder={t('branches.searchPlaceholder')}
          value={filter.search}
          onChange={(search) => list.update({ search })}
        />
        <Switch isSelected={filter.archived} onChange={(archived) => list.update({ archived })}>
          {t('common.showArchived')}
        </Switch>
      </div>
      <DataTable
        aria-label={t('branches.table')}
        columns={columns}
        {...list.table}
        error={list.query.isError ? t('common.loadError') : undefined}
        emptyText={filtered ? t('branches.emptyFiltered') : t('branches.empty')}
        getRowId={(row) => String(row.id)}
      />
      {editing !== null && (
        <BranchFormDialog
          isOpen
          onOpenChange={(open) => !open && setEditing(null)}
          branch={editing === 'new' ? undefined : editing}
          priceLists={priceLists.data ?? []}
          onSubmit={async (input) => {
            await mutations.save.mutateAsync({
              id: editing === 'new' ? undefined : editing.id,
              input,
            });
          }}
          onSaved={() => toast.success(t('messages.save_success'))}
        />
      )}
      {hoursOf !== null && (
        <WorkHoursDialog
          isOpen
          onOpenChange={(open) => !open && setHoursOf(null)}
          branchName={hoursOf.name}
          hours={workHours.data}
          isLoading={workHours.isLoading}
          loadError={workHours.isError}
          isReadOnly={!canWrite}
          onSubmit={async (hours) => {
            await workHoursMutations.update.mutateAsync({ id: hoursOf.id, input: hours });
          }}
          onSaved={() => toast.success(t('messages.save_success'))}
        />
      )}
      {dialog}
    </div>
  );
}
