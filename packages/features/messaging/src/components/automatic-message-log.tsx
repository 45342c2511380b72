import { useServerList } from '@fahrwerk/core';
import {
  Badge,
  type BadgeTone,
  DataTable,
  type DataTableProps,
  formatDateTime,
  SearchField,
  Section,
  Select,
} from '@fahrwerk/ui';
import { useMemo } from 'react';
import {
  type AutomaticMessageLogEntry,
  type AutomaticMessageLogStatus,
  useAutomaticMessageLogPage,
} from '../api/messaging-queries';
import {
  AUTOMATIC_MESSAGE_EVENTS,
  AUTOMATIC_MESSAGE_LOG_STATUSES,
} from '../automatic-message-events';
import {
  type AutomaticMessageLogListFilter,
  INITIAL_LOG_LIST,
  toLogFilter,
} from '../automatic-message-log-filter';
import { ALL } from '../message-list-filter';
import { useMessagingTranslation } from '../use-messaging-translation';

const STATUS_TONES: Record<AutomaticMessageLogStatus, BadgeTone> = {
  SENT: 'success',
  FAILED: 'danger',
  SKIPPED: 'warning',
};

/** What the automatic messages sent, failed or skipped: filters by event, status and name. */
export function AutomaticMessageLog() {
  const { t } = useMessagingTranslation();
  const list = useServerList({
    initial: INITIAL_LOG_LIST,
    toFilter: toLogFilter,
    usePage: useAutomaticMessageLogPage,
  });
  const { state: filter, update, query: page } = list;

  const columns = useMemo<DataTableProps<AutomaticMessageLogEntry>['columns']>(
    () => [
      {
        id: 'createdAt',
        header: t('log.columnAt'),
        enableSorting: false,
        cell: ({ row }) => formatDateTime(row.original.createdAt),
      },
      {
        id: 'event',
        header: t('log.columnEvent'),
        enableSorting: false,
        cell: ({ row }) => t(`events.${row.original.event}`),
      },
      {
        id: 'recipient',
        header: t('log.columnRecipient'),
        enableSorting: false,
        cell: ({ row }) => row.original.recipient,
      },
      {
        id: 'channel',
        header: t('log.columnChannel'),
        enableSorting: false,
        cell: ({ row }) => t(`channels.${row.original.channel}`),
      },
      {
        id: 'status',
        header: t('log.columnStatus'),
        enableSorting: false,
        cell: ({ row }) => (
          <span className="flex flex-col items-start gap-1">
            <Badge tone={STATUS_TONES[row.original.status]}>
              {t(`logStatus.${row.original.status}`)}
            </Badge>
            {row.original.error && (
              <span className="text-xs text-neutral-700">{row.original.error}</span>
            )}
          </span>
        ),
      },
    ],
    [t],
  );

  const filtered = filter.search.trim() !== '' || filter.event !== ALL || filter.status !== ALL;
  return (
    <Section title={t('log.title')}>
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end gap-4">
          <SearchField
            label={t('log.search')}
            value={filter.search}
            onChange={(search) => update({ search })}
          />
          <Select
            label={t('log.event')}
            items={[
              { id: ALL, label: t('filters.all') },
              ...AUTOMATIC_MESSAGE_EVENTS.map((id) => ({ id, label: t(`events.${id}`) })),
            ]}
            selectedKey={filter.event}
            onSelectionChange={(key) =>
              update({ event: key as AutomaticMessageLogListFilter['event'] })
            }
          />
          <Select
            label={t('log.status')}
            items={[
              { id: ALL, label: t('filters.all') },
              ...AUTOMATIC_MESSAGE_LOG_STATUSES.map((id) => ({ id, label: t(`logStatus.${id}`) })),
            ]}
            selectedKey={filter.status}
            onSelectionChange={(key) =>
              update({ status: key as AutomaticMessageLogListFilter['status'] })
            }
          />
        </div>
        <DataTable
          aria-label={t('log.table')}
          columns={columns}
          {...list.table}
          error={page.isError ? t('log.loadError') : undefined}
          emptyText={t(filtered ? 'log.emptyFiltered' : 'log.empty')}
          getRowId={(row) => String(row.id)}
        />
      </div>
    </Section>
  );
}
