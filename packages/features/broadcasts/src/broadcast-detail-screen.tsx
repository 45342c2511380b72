import { useCan } from '@fahrwerk/core';
import {
  Button,
  DataTable,
  type DataTableProps,
  DescriptionList,
  ErrorState,
  formatDate,
  formatDateTime,
  PageHeader,
  Section,
  Select,
  Spinner,
} from '@fahrwerk/ui';
import { useMemo, useState } from 'react';
import {
  type Broadcast,
  type BroadcastRecipient,
  isDelivering,
  type RecipientEmailStatus,
  useBroadcast,
  useBroadcastRecipients,
  useRecipientGroupLookups,
} from './api/broadcast-queries';
import { ALL } from './broadcast-list-filter';
import { broadcastActions } from './broadcast-rules';
import { BroadcastStateBadge } from './components/broadcast-state-badge';
import { DeliveryProgress } from './components/delivery-progress';
import { useBroadcastActions } from './use-broadcast-actions';
import { useBroadcastsTranslation } from './use-broadcasts-translation';

export type BroadcastDetailScreenProps = {
  broadcastId: number;
  /** Back to the list (also after the broadcast was deleted). */
  onBack: () => void;
};

const EMAIL_STATUSES: RecipientEmailStatus[] = [
  'PENDING',
  'SENT',
  'FAILED',
  'NO_EMAIL',
  'NOT_SENT',
];

/**
 * One broadcast: its data, text, the actions its state allows, the progress of its e-mails
 * and its recipients with each e-mail's result. While e-mails are pending on a published
 * broadcast, the view asks the server again every few seconds.
 */
export function BroadcastDetailScreen({ broadcastId, onBack }: BroadcastDetailScreenProps) {
  const { t } = useBroadcastsTranslation();
  const canWrite = useCan('MODULE_COMMUNICATION_WRITE');
  const query = useBroadcast(broadcastId);
  const { run, dialogs } = useBroadcastActions({ onDeleted: onBack });
  const broadcast = query.data;
  const back = (
    <Button variant="secondary" onPress={onBack}>
      {t('actions.back')}
    </Button>
  );

  if (!broadcast) {
    return (
      <div className="flex flex-col gap-4">
        <PageHeader title={t('title')} eyebrow={back} />
        {query.isError ? (
          <ErrorState title={t('detail.loadError')} onRetry={() => void query.refetch()} />
        ) : (
          <Spinner />
        )}
      </div>
    );
  }

  const actions = broadcastActions(broadcast, canWrite).filter((id) => id !== 'open');
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={broadcast.name}
        description={<BroadcastStateBadge broadcast={broadcast} />}
        eyebrow={back}
        actions={actions.map((id) => (
          <Button
            key={id}
            variant={
              id === 'publish'
                ? 'primary'
                : id === 'delete' || id === 'stop' || id === 'archive'
                  ? 'destructive'
                  : 'secondary'
            }
            onPress={() => run(id, broadcast)}
          >
            {t(
              id === 'prepare' && broadcast.state === 'PREPARED'
                ? 'actions.prepareAgain'
                : `actions.${id}`,
            )}
          </Button>
        ))}
      />
      <BroadcastData broadcast={broadcast} />
      {broadcast.sendEmail && broadcast.delivery && broadcast.state !== 'CREATED' && (
        <Section title={t('detail.delivery')}>
          <DeliveryProgress broadcast={broadcast} delivery={broadcast.delivery} />
        </Section>
      )}
      <Recipients broadcast={broadcast} />
      {dialogs}
    </div>
  );
}

function BroadcastData({ broadcast }: { broadcast: Broadcast }) {
  const { t } = useBroadcastsTranslation();
  const lookups = useRecipientGroupLookups();
  const group = broadcast.recipientGroup;
  const named = (ids: number[] | undefined, list: { id: string; label: string }[] | null) =>
    (ids ?? []).map((id) => list?.find((o) => o.id === String(id))?.label ?? `#${id}`);
  const parts = [
    ...named(group.branchIds, lookups.branches),
    ...(group.licenseClasses ?? []),
    ...named(group.studentCategoryIds, lookups.categories),
    ...named(group.theoryCourseIds, lookups.courses),
    ...(group.educationStatuses ?? []).map((s) => t(`educationStatuses.${s}`)),
  ];
  const groupText = [
    parts.length ? parts.join(', ') : t('detail.groupAll'),
    ...(broadcast.fastlane ? [t('detail.fastlane')] : []),
  ].join(' · ');
  const from = formatDate(broadcast.publishFrom);
  return (
    <Section title={t('detail.data')}>
      <DescriptionList
        items={[
          { label: t('detail.subject'), value: broadcast.subject },
          {
            label: t('detail.period'),
            value: broadcast.publishTo
              ? t('detail.periodFromTo', { from, to: formatDate(broadcast.publishTo) })
              : t('detail.periodFrom', { from }),
          },
          { label: t('detail.group'), value: groupText },
          {
            label: t('detail.recipientCount'),
            value: broadcast.recipientCount ?? t('detail.notPrepared'),
          },
          {
            label: t('detail.email'),
            value: t(broadcast.sendEmail ? 'detail.emailYes' : 'detail.emailNo'),
          },
          ...(broadcast.publishedAt
            ? [{ label: t('detail.publishedAt'), value: formatDateTime(broadcast.publishedAt) }]
            : []),
          ...(broadcast.stoppedAt
            ? [{ label: t('detail.stoppedAt'), value: formatDateTime(broadcast.stoppedAt) }]
            : []),
        ]}
      />
      <div className="flex flex-col gap-1">
        <h3 className="text-sm font-medium text-neutral-700">{t('detail.text')}</h3>
        {/* Sandboxed without scripts: the server sanitises the HTML, the frame keeps its styles apart. */}
        <iframe
          title={t('detail.textFrame')}
          sandbox=""
          srcDoc={broadcast.body}
          className="h-48 w-full rounded-md border border-neutral-200 bg-white"
        />
      </div>
    </Section>
  );
}

const PAGE_SIZE = 25;

/** The recipients of a prepared broadcast, filtered by e-mail status, paged in the browser. */
function Recipients({ broadcast }: { broadcast: Broadcast }) {
  const { t } = useBroadcastsTranslation();
  const prepared = broadcast.state !== 'CREATED';
  const query = useBroadcastRecipients(broadcast.id, {
    enabled: prepared,
    poll: isDelivering(broadcast),
  });
  const [status, setStatus] = useState<RecipientEmailStatus | typeof ALL>(ALL);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const rows = (query.data ?? []).filter((r) => status === ALL || r.emailStatus === status);
  const columns = useMemo<DataTableProps<BroadcastRecipient>['columns']>(
    () => [
      {
        id: 'name',
        header: t('detail.columnName'),
        cell: ({ row }) => `${row.original.lastName}, ${row.original.firstName}`,
      },
      {
        id: 'email',
        header: t('detail.columnEmail'),
        cell: ({ row }) => row.original.email ?? '–',
      },
      {
        id: 'status',
        header: t('detail.columnStatus'),
        cell: ({ row }) => t(`emailStatus.${row.original.emailStatus}`),
      },
      {
        id: 'sentAt',
        header: t('detail.columnSentAt'),
        cell: ({ row }) => (row.original.sentAt ? formatDateTime(row.original.sentAt) : '–'),
      },
      {
        id: 'error',
        header: t('detail.columnError'),
        cell: ({ row }) =>
          row.original.error ? <span className="text-danger-700">{row.original.error}</span> : '–',
      },
    ],
    [t],
  );
  return (
    <Section
      title={t('detail.recipients')}
      actions={
        prepared && broadcast.sendEmail ? (
          <Select
            label={t('detail.statusFilter')}
            items={[
              { id: ALL, label: t('filters.all') },
              ...EMAIL_STATUSES.map((id) => ({ id, label: t(`emailStatus.${id}`) })),
            ]}
            selectedKey={status}
            onSelectionChange={(key) => {
              setStatus(key as typeof status);
              setPage(1);
            }}
          />
        ) : undefined
      }
    >
      {prepared ? (
        <DataTable
          aria-label={t('detail.recipientsTable')}
          columns={columns}
          data={rows.slice((page - 1) * pageSize, page * pageSize)}
          total={rows.length}
          page={page}
          pageSize={pageSize}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
          isLoading={query.isLoading}
          error={query.isError ? t('detail.recipientsError') : undefined}
          onRetry={() => void query.refetch()}
          emptyText={t('detail.recipientsEmpty')}
          getRowId={(row) => String(row.studentId)}
        />
      ) : (
        <p className="text-sm text-neutral-600">{t('detail.recipientsNone')}</p>
      )}
    </Section>
  );
}
