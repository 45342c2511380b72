import { useApi } from '@fahrwerk/api';
import { ChecklistsPanel, useCan } from '@fahrwerk/core';
import {
  Badge,
  Button,
  DescriptionList,
  ErrorState,
  Spinner,
  Tab,
  TabList,
  TabPanel,
  Tabs,
  useToast,
} from '@fahrwerk/ui';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import {
  type CostBearer,
  costBearerAppointmentsQuery,
  costBearerBalanceQuery,
  costBearerDocumentsQuery,
  costBearerEducationsQuery,
  costBearerNotesQuery,
  costBearerQuery,
  costBearerUploadLinkQuery,
  useCostBearerDocumentMutations,
  useCostBearerNoteMutations,
  useDownloadCostBearerDocument,
  useUploadCostBearerDocument,
} from './api/cost-bearer-queries';
import { CostBearerAppointments } from './components/cost-bearer-appointments';
import { CostBearerBalanceView } from './components/cost-bearer-balance';
import { CostBearerDocuments } from './components/cost-bearer-documents';
import { CostBearerEducations } from './components/cost-bearer-educations';
import { CostBearerNotes } from './components/cost-bearer-notes';
import { coreText, errorText, useCostBearersTranslation } from './use-cost-bearers-translation';

export type CostBearerTab =
  | 'educations'
  | 'appointments'
  | 'balance'
  | 'notes'
  | 'documents'
  | 'checklists';

/** A tab another feature adds to the cost bearer (e.g. the invoices of the money area). */
export type CostBearerRecordTab = {
  id: string;
  label: string;
  render: (costBearer: CostBearer) => ReactNode;
};

export type CostBearerDetailProps = {
  costBearerId: number;
  onEdit?: (costBearer: CostBearer) => void;
  onClose?: () => void;
  onOpenStudent?: (studentId: number) => void;
  /** A built-in tab or the id of one of `extraTabs`. @default 'educations' */
  initialTab?: CostBearerTab | (string & {});
  /** Tabs of other features, shown after the built-in ones (this package does not depend on them). */
  extraTabs?: CostBearerRecordTab[];
};

function Loading() {
  return (
    <div className="flex justify-center py-8">
      <Spinner />
    </div>
  );
}

function QueryFailed({
  error,
  fallback,
  onRetry,
}: {
  error: unknown;
  fallback: string;
  onRetry: () => void;
}) {
  const { t } = useCostBearersTranslation();
  return <ErrorState message={errorText(error, t, fallback) ?? t(fallback)} onRetry={onRetry} />;
}

function EducationsTab({
  id,
  onOpenStudent,
}: {
  id: number;
  onOpenStudent?: (studentId: number) => void;
}) {
  const api = useApi();
  const query = useQuery({ ...costBearerEducationsQuery(api, id), meta: { silentError: true } });
  if (query.isPending) return <Loading />;
  if (query.isError)
    return (
      <QueryFailed
        error={query.error}
        fallback="educations.loadFailed"
        onRetry={() => query.refetch()}
      />
    );
  return <CostBearerEducations educations={query.data} onOpenStudent={onOpenStudent} />;
}

function AppointmentsTab({
  id,
  onOpenStudent,
}: {
  id: number;
  onOpenStudent?: (studentId: number) => void;
}) {
  const api = useApi();
  const query = useQuery({ ...costBearerAppointmentsQuery(api, id), meta: { silentError: true } });
  // The students' names come with the educations the cost bearer pays (the educations tab's call).
  const educations = useQuery({
    ...costBearerEducationsQuery(api, id),
    meta: { silentError: true },
  });
  const studentNames = useMemo(
    () =>
      new Map(
        (educations.data ?? []).map((education) => [
          education.studentId,
          `${education.lastName}, ${education.firstName}`,
        ]),
      ),
    [educations.data],
  );
  if (query.isPending) return <Loading />;
  if (query.isError)
    return (
      <QueryFailed
        error={query.error}
        fallback="appointments.loadFailed"
        onRetry={() => query.refetch()}
      />
    );
  return (
    <CostBearerAppointments
      appointments={query.data}
      studentNames={studentNames}
      onOpenStudent={onOpenStudent}
    />
  );
}

function BalanceTab({ id }: { id: number }) {
  const api = useApi();
  const query = useQuery({ ...costBearerBalanceQuery(api, id), meta: { silentError: true } });
  if (query.isPending) return <Loading />;
  if (query.isError)
    return (
      <QueryFailed
        error={query.error}
        fallback="balance.loadFailed"
        onRetry={() => query.refetch()}
      />
    );
  return <CostBearerBalanceView balance={query.data} />;
}

function NotesTab({ id, canWrite }: { id: number; canWrite: boolean }) {
  const toast = useToast();
  const { t } = useCostBearersTranslation();
  const api = useApi();
  const query = useQuery({ ...costBearerNotesQuery(api, id), meta: { silentError: true } });
  const { save, delete: remove } = useCostBearerNoteMutations();
  if (query.isPending) return <Loading />;
  if (query.isError)
    return (
      <QueryFailed
        error={query.error}
        fallback="notes.loadFailed"
        onRetry={() => query.refetch()}
      />
    );
  return (
    <CostBearerNotes
      notes={query.data}
      canWrite={canWrite}
      isSaving={save.isPending}
      onAdd={async (text) => {
        await save.mutateAsync({ input: { costBearerId: id, text } });
        toast.success(coreText(t, 'messages.save_success'));
      }}
      onEdit={async (note, text) => {
        await save.mutateAsync({ id: note.id, input: { costBearerId: id, text } });
        toast.success(coreText(t, 'messages.save_success'));
      }}
      onDelete={async (note) => {
        await remove.mutateAsync(note.id);
        toast.success(coreText(t, 'messages.delete_success'));
      }}
    />
  );
}

function DocumentsTab({ id, canWrite }: { id: number; canWrite: boolean }) {
  const toast = useToast();
  const { t } = useCostBearersTranslation();
  const api = useApi();
  const query = useQuery({ ...costBearerDocumentsQuery(api, id), meta: { silentError: true } });
  const [linkWanted, setLinkWanted] = useState(false);
  const link = useQuery({ ...costBearerUploadLinkQuery(api, id), enabled: linkWanted });
  const upload = useUploadCostBearerDocument();
  const remove = useCostBearerDocumentMutations().delete;
  const download = useDownloadCostBearerDocument();
  if (query.isPending) return <Loading />;
  if (query.isError)
    return (
      <QueryFailed
        error={query.error}
        fallback="documents.loadFailed"
        onRetry={() => query.refetch()}
      />
    );
  return (
    <CostBearerDocuments
      documents={query.data}
      canWrite={canWrite}
      isUploading={upload.isPending}
      onUpload={async (file, type) => {
        await upload.mutateAsync({ costBearerId: id, file, type });
        toast.success(t('documents.uploaded'));
      }}
      // Failures (e.g. the refused letterhead removal) toast through the global handler.
      onDownload={(document, removeLetterhead) => download.mutate({ document, removeLetterhead })}
      onDelete={async (document) => {
        await remove.mutateAsync(document.id);
        toast.success(coreText(t, 'messages.delete_success'));
      }}
      uploadLink={link.data ?? null}
      isLoadingUploadLink={linkWanted && link.isFetching}
      onShowUploadLink={() => setLinkWanted(true)}
      onCopyUploadLink={async (url) => {
        try {
          await navigator.clipboard.writeText(url);
          toast.success(t('documents.qrCopied'));
        } catch {
          toast.error(t('documents.qrCopyFailed'));
        }
      }}
    />
  );
}

function addressLine(costBearer: CostBearer): string | null {
  const address = costBearer.address;
  if (!address) return null;
  const street = [address.street, address.houseNumber].filter(Boolean).join(' ');
  const city = [address.postalCode, address.city].filter(Boolean).join(' ');
  return [street, city].filter(Boolean).join(', ') || null;
}

/** One cost bearer: master data and its tabs (educations … documents, checklists). */
export function CostBearerDetail({
  costBearerId,
  onEdit,
  onClose,
  onOpenStudent,
  initialTab = 'educations',
  extraTabs = [],
}: CostBearerDetailProps) {
  const { t } = useCostBearersTranslation();
  const api = useApi();
  const canWrite = useCan('MODULE_COST_BEARERS_WRITE');
  const query = useQuery({ ...costBearerQuery(api, costBearerId), meta: { silentError: true } });
  const [tab, setTab] = useState<string>(initialTab);

  if (query.isPending) return <Loading />;
  if (query.isError)
    return (
      <QueryFailed
        error={query.error}
        fallback="detail.loadFailed"
        onRetry={() => query.refetch()}
      />
    );
  const costBearer = query.data;
  const none = t('detail.none');

  return (
    <section
      aria-labelledby="cost-bearer-detail-title"
      className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-neutral-200 bg-white p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="cost-bearer-detail-title" className="text-lg font-semibold text-neutral-900">
            {costBearer.name}
          </h2>
          <p className="flex items-center gap-2 text-sm text-neutral-600">
            {t(`kind.${costBearer.kind}`)}
            {costBearer.archived ? <Badge tone="warning">{t('list.archivedBadge')}</Badge> : null}
          </p>
        </div>
        <div className="flex gap-2">
          {canWrite && onEdit ? (
            <Button variant="secondary" onPress={() => onEdit(costBearer)}>
              {t('detail.edit')}
            </Button>
          ) : null}
          {onClose ? (
            <Button variant="quiet" onPress={onClose}>
              {t('detail.close')}
            </Button>
          ) : null}
        </div>
      </div>
      <DescriptionList
        items={[
          { label: t('form.contactPerson'), value: costBearer.contactPerson ?? none },
          { label: t('detail.address'), value: addressLine(costBearer) ?? none },
          { label: t('detail.email'), value: costBearer.email ?? none },
          { label: t('detail.phone'), value: costBearer.phone ?? none },
          { label: t('form.customerNumber'), value: costBearer.customerNumber ?? none },
          { label: t('detail.iban'), value: costBearer.iban ?? none },
          {
            label: t('detail.eInvoice'),
            value: costBearer.leitwegId
              ? `${t(`eInvoiceFormat.${costBearer.eInvoiceFormat}`)} (${costBearer.leitwegId})`
              : t(`eInvoiceFormat.${costBearer.eInvoiceFormat}`),
          },
        ]}
      />
      <Tabs selectedKey={tab} onSelectionChange={(key) => setTab(String(key))}>
        <TabList aria-label={t('detail.tabsLabel')}>
          <Tab id="educations">{t('detail.tabEducations')}</Tab>
          <Tab id="appointments">{t('detail.tabAppointments')}</Tab>
          <Tab id="balance">{t('detail.tabBalance')}</Tab>
          <Tab id="notes">{t('detail.tabNotes')}</Tab>
          <Tab id="documents">{t('detail.tabDocuments')}</Tab>
          <Tab id="checklists">{t('checklists.tab')}</Tab>
          {extraTabs.map((extra) => (
            <Tab key={extra.id} id={extra.id}>
              {extra.label}
            </Tab>
          ))}
        </TabList>
        <TabPanel id="educations">
          <EducationsTab id={costBearer.id} onOpenStudent={onOpenStudent} />
        </TabPanel>
        <TabPanel id="appointments">
          <AppointmentsTab id={costBearer.id} onOpenStudent={onOpenStudent} />
        </TabPanel>
        <TabPanel id="balance">
          <BalanceTab id={costBearer.id} />
        </TabPanel>
        <TabPanel id="notes">
          <NotesTab id={costBearer.id} canWrite={canWrite} />
        </TabPanel>
        <TabPanel id="documents">
          <DocumentsTab id={costBearer.id} canWrite={canWrite} />
        </TabPanel>
        <TabPanel id="checklists">
          <ChecklistsPanel owner={{ kind: 'costBearer', costBearerId: costBearer.id }} />
        </TabPanel>
        {extraTabs.map((extra) => (
          <TabPanel key={extra.id} id={extra.id}>
            {extra.render(costBearer)}
          </TabPanel>
        ))}
      </Tabs>
    </section>
  );
}
