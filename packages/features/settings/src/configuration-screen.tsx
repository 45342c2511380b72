import { isApiError } from '@fahrwerk/api';
import { CORE_NAMESPACE, useArchiveFlow, useCan, useServerList } from '@fahrwerk/core';
import {
  ActionMenu,
  Badge,
  Button,
  ConfirmDialog,
  DataTable,
  type DataTableProps,
  ErrorState,
  PageHeader,
  Spinner,
  Switch,
  Tab,
  TabList,
  TabPanel,
  Tabs,
  useToast,
} from '@fahrwerk/ui';
import { type ReactNode, useMemo, useState } from 'react';
import {
  type BasicDocumentKind,
  type EmailConfig,
  type StudentCategory,
  type TestingOrganization,
  useAccountsConfig,
  useCheckMailServers,
  useDeleteDocument,
  useDocumentFile,
  useDocumentsAvailability,
  useEmailConfigMutations,
  useEmailConfigs,
  useFinancialConfig,
  useMailboxUsers,
  useSaveAccountsConfig,
  useSaveFinancialConfig,
  useStudentCategories,
  useStudentCategoryMutations,
  useTestingOrganizationMutations,
  useTestingOrganizations,
  useUploadDocument,
} from './api/settings-queries';
import { INITIAL_CATALOG_LIST, toCatalogFilter, toMailAccountFilter } from './catalog-list-filter';
import { BasicDocumentsPanel } from './components/basic-documents-panel';
import {
  CategoryBadge,
  StudentCategoryDialog,
  TestingOrganizationDialog,
} from './components/catalog-dialogs';
import { AccountsConfigForm, FinancialConfigForm } from './components/finance-forms';
import { MailAccountDialog } from './components/mail-account-dialog';
import { MailCheckDialog } from './components/mail-check-dialog';
import { useSettingsTranslation } from './use-settings-translation';

export type ConfigurationTab =
  | 'financial'
  | 'accounts'
  | 'documents'
  | 'mail'
  | 'testingOrganizations'
  | 'studentCategories';

export type ConfigurationScreenProps = {
  /** The tab shown first. @default 'financial' */
  initialTab?: ConfigurationTab;
};

/**
 * The configuration of the school (`/configurations`), in tabs: financial configuration
 * (footnotes, privacy and terms links), accounting frame, basic documents, mail accounts
 * (create, edit, delete, with the server check), testing organizations and student
 * categories. Without
 * MODULE_COMPANY_WRITE everything is read-only.
 */
export function ConfigurationScreen({ initialTab = 'financial' }: ConfigurationScreenProps) {
  const { t } = useSettingsTranslation();
  const canWrite = useCan('MODULE_COMPANY_WRITE');
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('configuration.title')}
        description={canWrite ? t('configuration.description') : t('common.readOnly')}
      />
      <Tabs defaultSelectedKey={initialTab}>
        <TabList aria-label={t('configuration.tabs')}>
          <Tab id="financial">{t('configuration.tabFinancial')}</Tab>
          <Tab id="accounts">{t('configuration.tabAccounts')}</Tab>
          <Tab id="documents">{t('configuration.tabDocuments')}</Tab>
          <Tab id="mail">{t('configuration.tabMail')}</Tab>
          <Tab id="testingOrganizations">{t('configuration.tabTestingOrganizations')}</Tab>
          <Tab id="studentCategories">{t('configuration.tabStudentCategories')}</Tab>
        </TabList>
        <TabPanel id="financial">
          <FinancialTab canWrite={canWrite} />
        </TabPanel>
        <TabPanel id="accounts">
          <AccountsTab canWrite={canWrite} />
        </TabPanel>
        <TabPanel id="documents">
          <DocumentsTab canWrite={canWrite} />
        </TabPanel>
        <TabPanel id="mail">
          <MailTab canWrite={canWrite} />
        </TabPanel>
        <TabPanel id="testingOrganizations">
          <TestingOrganizationsTab canWrite={canWrite} />
        </TabPanel>
        <TabPanel id="studentCategories">
          <StudentCategoriesTab canWrite={canWrite} />
        </TabPanel>
      </Tabs>
    </div>
  );
}

/** Loading spinner, error with retry, or the content. */
function Loaded<T>({
  query,
  children,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    data: T | undefined;
    isFetching: boolean;
    refetch: () => unknown;
  };
  children: (data: T) => ReactNode;
}) {
  const { t } = useSettingsTranslation();
  if (query.isPending)
    return (
      <div className="flex justify-center py-12">
        <Spinner size="lg" />
      </div>
    );
  if (query.isError || query.data === undefined)
    return (
      <ErrorState
        message={t('common.loadError')}
        onRetry={() => query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  return <>{children(query.data)}</>;
}

function FinancialTab({ canWrite }: { canWrite: boolean }) {
  const config = useFinancialConfig();
  const save = useSaveFinancialConfig();
  return (
    <Loaded query={config}>
      {(data) => (
        <FinancialConfigForm
          config={data}
          isReadOnly={!canWrite}
          onSubmit={(input) => save.mutateAsync(input)}
        />
      )}
    </Loaded>
  );
}

function AccountsTab({ canWrite }: { canWrite: boolean }) {
  const config = useAccountsConfig();
  const save = useSaveAccountsConfig();
  return (
    <Loaded query={config}>
      {(data) => (
        <AccountsConfigForm
          config={data}
          isReadOnly={!canWrite}
          onSubmit={(input) => save.mutateAsync(input)}
        />
      )}
    </Loaded>
  );
}

function DocumentsTab({ canWrite }: { canWrite: boolean }) {
  const toast = useToast();
  const { t } = useSettingsTranslation();
  const availability = useDocumentsAvailability();
  const letterhead = useDocumentFile('letterhead', availability.data?.letterhead === true);
  const signature = useDocumentFile('signature', availability.data?.signature === true);
  const logo = useDocumentFile('logo', availability.data?.logo === true);
  const upload = useUploadDocument();
  const remove = useDeleteDocument();
  const [uploadErrors, setUploadErrors] = useState<Partial<Record<BasicDocumentKind, string>>>({});
  const errorOf = (error: unknown) => {
    if (!isApiError(error)) return t('errors.unknown', { ns: CORE_NAMESPACE });
    const key = error.fieldErrors[0]?.error ?? error.body.error_message;
    return t(key, { ns: CORE_NAMESPACE });
  };
  return (
    <Loaded query={availability}>
      {(data) => (
        <BasicDocumentsPanel
          availability={data}
          files={{ letterhead: letterhead.data, signature: signature.data, logo: logo.data }}
          isReadOnly={!canWrite}
          uploadErrors={uploadErrors}
          onUpload={async (kind, file) => {
            setUploadErrors((current) => ({ ...current, [kind]: undefined }));
            try {
              await upload.mutateAsync({ kind, file });
              toast.success(t('documents.uploadSuccess', { name: t(`documents.${kind}`) }));
            } catch (error) {
              setUploadErrors((current) => ({ ...current, [kind]: errorOf(error) }));
              throw error;
            }
          }}
          onRemove={async (kind) => {
            await remove.mutateAsync(kind);
            toast.success(t('messages.delete_success'));
          }}
        />
      )}
    </Loaded>
  );
}

function MailTab({ canWrite }: { canWrite: boolean }) {
  const toast = useToast();
  const { t } = useSettingsTranslation();
  const accounts = useServerList({
    initial: { page: 1, pageSize: 25, sort: null },
    toFilter: toMailAccountFilter,
    usePage: useEmailConfigs,
  });
  const check = useCheckMailServers();
  const mutations = useEmailConfigMutations();
  const [checking, setChecking] = useState<EmailConfig | 'new' | null>(null);
  const [editing, setEditing] = useState<EmailConfig | 'new' | null>(null);
  const [deleting, setDeleting] = useState<EmailConfig | null>(null);
  const users = useMailboxUsers(editing !== null);
  const columns = useMemo<DataTableProps<EmailConfig>['columns']>(
    () => [
      { accessorKey: 'email', header: t('mail.email'), enableSorting: false },
      {
        id: 'smtp',
        header: t('mail.smtp'),
        enableSorting: false,
        cell: ({ row }) =>
          `${row.original.smtpHost}:${row.original.smtpPort} (${row.original.smtpSecurity})`,
      },
      {
        id: 'imap',
        header: t('mail.imap'),
        enableSorting: false,
        cell: ({ row }) =>
          `${row.original.imapHost}:${row.original.imapPort} (${row.original.imapSecurity})`,
      },
      {
        id: 'users',
        header: t('mail.users'),
        enableSorting: false,
        cell: ({ row }) => row.original.userIds.length,
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('common.actions')}</span>,
        enableSorting: false,
        cell: ({ row }) =>
          canWrite ? (
            <div className="flex items-center justify-end gap-2">
              <Button variant="secondary" size="sm" onPress={() => setChecking(row.original)}>
                {t('mail.check')}
              </Button>
              <ActionMenu
                label={t('common.actionsFor', { name: row.original.email })}
                items={[
                  { id: 'edit', label: t('common.edit') },
                  { id: 'delete', label: t('mail.delete'), isDanger: true },
                ]}
                onAction={(action) => {
                  if (action === 'edit') setEditing(row.original);
                  else setDeleting(row.original);
                }}
              />
            </div>
          ) : null,
      },
    ],
    [t, canWrite],
  );
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-neutral-900">{t('mail.title')}</h2>
        {canWrite && (
          <div className="flex items-center gap-2">
            <Button variant="secondary" onPress={() => setChecking('new')}>
              {t('mail.newCheck')}
            </Button>
            <Button onPress={() => setEditing('new')}>{t('mail.newAccount')}</Button>
          </div>
        )}
      </div>
      <DataTable
        aria-label={t('mail.table')}
        columns={columns}
        {...accounts.table}
        error={accounts.query.isError ? t('common.loadError') : undefined}
        emptyText={t('mail.empty')}
        getRowId={(row) => String(row.id)}
      />
      {checking !== null && (
        <MailCheckDialog
          isOpen
          onOpenChange={(open) => !open && setChecking(null)}
          account={checking === 'new' ? undefined : checking}
          onCheck={(settings) => check.mutateAsync(settings)}
        />
      )}
      {editing !== null && (
        <MailAccountDialog
          isOpen
          onOpenChange={(open) => !open && setEditing(null)}
          account={editing === 'new' ? undefined : editing}
          users={users.data}
          usersError={users.isError}
          onCheck={(settings) => check.mutateAsync(settings)}
          onSubmit={async (input) => {
            await mutations.save.mutateAsync({
              id: editing === 'new' ? undefined : editing.id,
              input,
            });
            toast.success(t('messages.save_success'));
          }}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('mail.deleteTitle')}
        confirmLabel={t('mail.delete')}
        cancelLabel={t('common.cancel')}
        variant="destructive"
        onConfirm={async () => {
          if (!deleting) return;
          await mutations.delete.mutateAsync(deleting.id);
          toast.success(t('messages.delete_success'));
          setDeleting(null);
        }}
      >
        {deleting ? t('mail.deleteText', { email: deleting.email }) : null}
      </ConfirmDialog>
    </div>
  );
}

function TestingOrganizationsTab({ canWrite }: { canWrite: boolean }) {
  const toast = useToast();
  const { t } = useSettingsTranslation();
  const list = useServerList({
    initial: INITIAL_CATALOG_LIST,
    toFilter: toCatalogFilter,
    usePage: useTestingOrganizations,
  });
  const filter = list.state;
  const mutations = useTestingOrganizationMutations();
  const { archive, unarchive, dialog } = useArchiveFlow<TestingOrganization>(mutations.archive, {
    title: t('testingOrganizations.archiveTitle'),
    confirmLabel: t('common.archive'),
    cancelLabel: t('common.cancel'),
    text: (row) => t('testingOrganizations.archiveText', { name: row.name }),
  });
  const [editing, setEditing] = useState<TestingOrganization | 'new' | null>(null);
  const columns = useMemo<DataTableProps<TestingOrganization>['columns']>(
    () => [
      {
        accessorKey: 'name',
        header: t('testingOrganizations.name'),
        enableSorting: false,
        cell: ({ row }) => (
          <span className="font-medium text-neutral-900">
            {row.original.name}
            {row.original.archived && <Badge className="ms-2">{t('common.archived')}</Badge>}
          </span>
        ),
      },
      {
        id: 'kind',
        header: t('testingOrganizations.kind'),
        enableSorting: false,
        cell: ({ row }) => t(`testingOrganizations.kinds.${row.original.kind}`),
      },
      {
        id: 'city',
        header: t('testingOrganizations.city'),
        enableSorting: false,
        cell: ({ row }) => row.original.address?.city ?? '–',
      },
      {
        id: 'phone',
        header: t('testingOrganizations.phone'),
        enableSorting: false,
        cell: ({ row }) => row.original.phone ?? '–',
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('common.actions')}</span>,
        enableSorting: false,
        cell: ({ row }) =>
          canWrite ? (
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
          ) : null,
      },
    ],
    [t, canWrite, archive, unarchive],
  );
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-neutral-900">
          {t('testingOrganizations.title')}
        </h2>
        <div className="flex items-center gap-4">
          <Switch isSelected={filter.archived} onChange={(archived) => list.update({ archived })}>
            {t('common.showArchived')}
          </Switch>
          {canWrite && (
            <Button onPress={() => setEditing('new')}>{t('testingOrganizations.new')}</Button>
          )}
        </div>
      </div>
      <DataTable
        aria-label={t('testingOrganizations.table')}
        columns={columns}
        {...list.table}
        error={list.query.isError ? t('common.loadError') : undefined}
        emptyText={
          filter.archived
            ? t('testingOrganizations.emptyArchived')
            : t('testingOrganizations.empty')
        }
        getRowId={(row) => String(row.id)}
      />
      {editing !== null && (
        <TestingOrganizationDialog
          isOpen
          onOpenChange={(open) => !open && setEditing(null)}
          organization={editing === 'new' ? undefined : editing}
          onSubmit={async (input) => {
            await mutations.save.mutateAsync({
              id: editing === 'new' ? undefined : editing.id,
              input,
            });
            toast.success(t('messages.save_success'));
          }}
        />
      )}
      {dialog}
    </div>
  );
}

function StudentCategoriesTab({ canWrite }: { canWrite: boolean }) {
  const toast = useToast();
  const { t } = useSettingsTranslation();
  const list = useServerList({
    initial: INITIAL_CATALOG_LIST,
    toFilter: toCatalogFilter,
    usePage: useStudentCategories,
  });
  const filter = list.state;
  const mutations = useStudentCategoryMutations();
  const { archive, unarchive, dialog } = useArchiveFlow<StudentCategory>(mutations.archive, {
    title: t('studentCategories.archiveTitle'),
    confirmLabel: t('common.archive'),
    cancelLabel: t('common.cancel'),
    text: (row) => t('studentCategories.archiveText', { name: row.name }),
  });
  const [editing, setEditing] = useState<StudentCategory | 'new' | null>(null);
  const columns = useMemo<DataTableProps<StudentCategory>['columns']>(
    () => [
      {
        accessorKey: 'name',
        header: t('studentCategories.name'),
        enableSorting: false,
        cell: ({ row }) => (
          <span className="font-medium text-neutral-900">
            {row.original.name}
            {row.original.archived && <Badge className="ms-2">{t('common.archived')}</Badge>}
          </span>
        ),
      },
      {
        id: 'abbreviation',
        header: t('studentCategories.abbreviation'),
        enableSorting: false,
        cell: ({ row }) => (
          <CategoryBadge
            abbreviation={row.original.abbreviation}
            appearance={row.original.appearance}
          />
        ),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('common.actions')}</span>,
        enableSorting: false,
        cell: ({ row }) =>
          canWrite ? (
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
          ) : null,
      },
    ],
    [t, canWrite, archive, unarchive],
  );
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-neutral-900">{t('studentCategories.title')}</h2>
        <div className="flex items-center gap-4">
          <Switch isSelected={filter.archived} onChange={(archived) => list.update({ archived })}>
            {t('common.showArchived')}
          </Switch>
          {canWrite && (
            <Button onPress={() => setEditing('new')}>{t('studentCategories.new')}</Button>
          )}
        </div>
      </div>
      <DataTable
        aria-label={t('studentCategories.table')}
        columns={columns}
        {...list.table}
        error={list.query.isError ? t('common.loadError') : undefined}
        emptyText={
          filter.archived ? t('studentCategories.emptyArchived') : t('studentCategories.empty')
        }
        getRowId={(row) => String(row.id)}
      />
      {editing !== null && (
        <StudentCategoryDialog
          isOpen
          onOpenChange={(open) => !open && setEditing(null)}
          category={editing === 'new' ? undefined : editing}
          onSubmit={async (input) => {
            await mutations.save.mutateAsync({
              id: editing === 'new' ? undefined : editing.id,
              input,
            });
            toast.success(t('messages.save_success'));
          }}
        />
      )}
      {dialog}
    </div>
  );
}
