import { LICENSE_CLASSES } from '@fahrwerk/api';
import { useArchiveFlow, useCan, useServerList } from '@fahrwerk/core';
import {
  ActionMenu,
  Badge,
  Button,
  DataTable,
  type DataTableProps,
  PageHeader,
  SearchField,
  Select,
  Switch,
  useToast,
} from '@fahrwerk/ui';
import { useMemo, useState } from 'react';
import {
  type LicenseClass,
  useActiveBranches,
  useVehicleMutations,
  useVehiclePage,
  useVehicleUsageRequirements,
  type Vehicle,
} from './api/fleet-queries';
import { InspectionBadge } from './components/inspection-badge';
import { VehicleFormDialog } from './components/vehicle-form-dialog';
import { berlinToday } from './inspection-status';
import { INITIAL_VEHICLE_LIST, toVehicleFilter } from './list-filters';

import { useFleetTranslation } from './use-fleet-translation';

const ALL = 'all';

export type VehiclesScreenProps = {
  /** `YYYY-MM-DD` the inspection warnings count from; today in Berlin by default. */
  today?: string;
};

/**
 * The vehicle list of the company module (`/vehicles`): search, class filter, archive
 * switch (remembered per user session), inspection warnings, create/edit in a dialog. Users
 * without MODULE_COMPANY_WRITE see the list read-only.
 */
export function VehiclesScreen({ today = berlinToday() }: VehiclesScreenProps) {
  const toast = useToast();
  const { t } = useFleetTranslation();
  const canWrite = useCan('MODULE_COMPANY_WRITE');
  const list = useServerList({
    key: 'vehicle',
    initial: INITIAL_VEHICLE_LIST,
    toFilter: toVehicleFilter,
    usePage: useVehiclePage,
  });
  const filter = list.state;
  const [editing, setEditing] = useState<Vehicle | 'new' | null>(null);

  const branches = useActiveBranches(editing !== null);
  const requirements = useVehicleUsageRequirements(filter.licenseClass);
  const mutations = useVehicleMutations();
  const { archive, unarchive, dialog } = useArchiveFlow<Vehicle>(mutations.archive, {
    title: t('vehicles.archiveTitle'),
    confirmLabel: t('common.archive'),
    cancelLabel: t('common.cancel'),
    text: (vehicle) => t('vehicles.archiveText', { name: vehicle.name }),
  });

  const { update } = list;

  const columns = useMemo<DataTableProps<Vehicle>['columns']>(
    () => [
      {
        accessorKey: 'name',
        header: t('vehicles.columns.name'),
        cell: ({ row }) => (
          <span className="font-medium text-neutral-900">
            {row.original.name}
            {row.original.archived && <Badge className="ms-2">{t('common.archived')}</Badge>}
          </span>
        ),
      },
      { accessorKey: 'plate', header: t('vehicles.columns.plate') },
      {
        accessorKey: 'kind',
        header: t('vehicles.columns.kind'),
        cell: ({ row }) => t(`kinds.${row.original.kind}`),
      },
      {
        id: 'transmission',
        header: t('vehicles.columns.transmission'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.transmission ? t(`transmissions.${row.original.transmission}`) : '–',
      },
      {
        id: 'licenseClasses',
        header: t('vehicles.columns.classes'),
        enableSorting: false,
        cell: ({ row }) => row.original.licenseClasses.join(', '),
      },
      {
        accessorKey: 'mainInspectionDate',
        header: t('vehicles.columns.mainInspection'),
        cell: ({ row }) => (
          <InspectionBadge kind="main" date={row.original.mainInspectionDate} today={today} />
        ),
      },
      {
        accessorKey: 'safetyCheckDate',
        header: t('vehicles.columns.safetyCheck'),
        cell: ({ row }) => (
          <InspectionBadge kind="safety" date={row.original.safetyCheckDate} today={today} />
        ),
      },
      ...(canWrite
        ? [
            {
              id: 'actions',
              header: () => <span className="sr-only">{t('common.actions')}</span>,
              enableSorting: false,
              cell: ({ row }: { row: { original: Vehicle } }) => (
                <ActionMenu
                  label={t('common.actionsFor', { name: row.original.name })}
                  items={
                    row.original.archived
                      ? [{ id: 'unarchive', label: t('common.unarchive') }]
                      : [
                          { id: 'edit', label: t('common.edit') },
                          { id: 'archive', label: t('common.archive'), isDanger: true },
                        ]
                  }
                  onAction={(action) => {
                    if (action === 'edit') setEditing(row.original);
                    else if (action === 'archive') archive(row.original);
                    else unarchive(row.original);
                  }}
                />
              ),
            },
          ]
        : []),
    ],
    [t, today, canWrite, archive, unarchive],
  );

  const filtered = filter.search.trim() !== '' || filter.licenseClass !== null || filter.archived;

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('vehicles.title')}
        description={canWrite ? t('vehicles.description') : t('common.readOnly')}
        actions={
          canWrite ? <Button onPress={() => setEditing('new')}>{t('vehicles.new')}</Button> : null
        }
      />
      <div className="flex flex-wrap items-end gap-4">
        <SearchField
          label={t('vehicles.search')}
          placeholder={t('vehicles.searchPlaceholder')}
          value={filter.search}
          onChange={(search) => update({ search })}
        />
        <Select
          label={t('vehicles.classFilter')}
          items={[
            { id: ALL, label: t('vehicles.allClasses') },
            ...LICENSE_CLASSES.map((id) => ({ id, label: id })),
          ]}
          selectedKey={filter.licenseClass ?? ALL}
          onSelectionChange={(key) =>
            update({ licenseClass: key === ALL ? null : (key as LicenseClass) })
          }
        />
        <Switch isSelected={filter.archived} onChange={(archived) => update({ archived })}>
          {t('common.showArchived')}
        </Switch>
      </div>
      {filter.licenseClass && requirements.data && (
        <section
          aria-label={t('usage.title', { licenseClass: filter.licenseClass })}
          className="rounded-md border border-neutral-200 bg-neutral-50 px-4 py-3 text-sm text-neutral-700"
        >
          <h2 className="font-semibold text-neutral-900">
            {t('usage.title', { licenseClass: filter.licenseClass })}
          </h2>
          <ul className="mt-1 list-disc ps-5">
            {requirements.data.requirements.map((requirement) => (
              <li key={requirement.usage}>
                {t('usage.of', {
                  usage: t(`usage.${requirement.usage}`),
                  kinds: requirement.vehicleKinds.map((kind) => t(`kinds.${kind}`)).join(' / '),
                })}
                {requirement.required ? '' : ` (${t('usage.optional')})`}
              </li>
            ))}
          </ul>
        </section>
      )}
      <DataTable
        aria-label={t('vehicles.table')}
        columns={columns}
        {...list.table}
        error={list.query.isError ? t('common.loadError') : undefined}
        emptyText={filtered ? t('vehicles.emptyFiltered') : t('vehicles.empty')}
        getRowId={(row) => String(row.id)}
      />
      {editing !== null && (
        <VehicleFormDialog
          isOpen
          onOpenChange={(open) => !open && setEditing(null)}
          vehicle={editing === 'new' ? undefined : editing}
          branches={branches.data ?? []}
          onSubmit={async (input) => {
            await mutations.save.mutateAsync({
              id: editing === 'new' ? undefined : editing.id,
              input,
            });
          }}
          onSaved={() => toast.success(t('messages.save_success'))}
        />
      )}
      {dialog}
    </div>
  );
}
