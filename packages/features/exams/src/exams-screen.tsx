import { useArchiveFlow, useCan, useResourceMutations, useServerList } from '@fahrwerk/core';
import {
  ActionMenu,
  Badge,
  Button,
  DataTable,
  type DataTableProps,
  DateField,
  ErrorState,
  formatDate,
  Link,
  PageHeader,
  SearchField,
  Select,
  Switch,
  Tab,
  TabList,
  TabPanel,
  Tabs,
  toIsoDate,
  useToast,
} from '@fahrwerk/ui';
import { useMemo, useState } from 'react';
import {
  type Exam,
  examPath,
  useExamPage,
  useExamsBetween,
  useTestingOrganizations,
  useUsers,
} from './api/exam-queries';
import { ExamFormDialog } from './components/exam-form-dialog';
import { ExamMonthCalendar } from './components/exam-month-calendar';
import { EXAM_ROUTE, type ExamKind, LIST_FILTER_KEY } from './exam-kind';
import { type ExamListState, type ExamView, INITIAL_EXAM_LIST, toExamFilter } from './list-filters';
import { monthOf, monthRange, shiftMonth } from './month-grid';
import { useExamsTranslation } from './use-exams-translation';

const ALL = 'all';

export type ExamsScreenProps = {
  /** Theory exams (`/theory-exam`) or practical exams (`/practical-exam`). */
  kind: ExamKind;
  /** Where an exam's detail is; `/theory-exam?exam={id}` or `/practical-exam?exam={id}` by default (the back office's links). */
  examHref?: (exam: Exam) => string;
  /** `YYYY-MM-DD` of today (the calendar's month and mark); today in Berlin by default. */
  today?: string;
};

/**
 * The exam slots of one kind as a list or a month calendar, with filters remembered until
 * sign-out (`theoryExam` / `practicalExam`), create, edit and archive. Read-only without
 * MODULE_EXAM_WRITE.
 */
export function ExamsScreen({
  kind,
  examHref: givenHref,
  today = toIsoDate(new Date()),
}: ExamsScreenProps) {
  const toast = useToast();
  const { t } = useExamsTranslation();
  // One function per kind, so the table's columns are not rebuilt on every render.
  const examHref = useMemo(
    () => givenHref ?? ((exam: Exam) => `${EXAM_ROUTE[kind]}?exam=${exam.id}`),
    [givenHref, kind],
  );
  const canWrite = useCan('MODULE_EXAM_WRITE');
  const list = useServerList({
    key: LIST_FILTER_KEY[kind],
    initial: INITIAL_EXAM_LIST,
    toFilter: (state: ExamListState) => ({ kind, filter: toExamFilter(state) }),
    usePage: useExamPage,
  });
  const filter = list.state;
  const { update } = list;
  const month = filter.month ?? monthOf(today);
  const calendar = useExamsBetween(
    kind,
    {
      ...monthRange(month),
      archived: filter.archived,
      ...(filter.testingOrganizationId !== null
        ? { testingOrganizationId: filter.testingOrganizationId }
        : {}),
    },
    filter.view === 'calendar',
  );
  const organizations = useTestingOrganizations();
  const [editing, setEditing] = useState<Exam | 'new' | null>(null);
  const users = useUsers();
  const mutations = useResourceMutations(examPath(kind, '/theory-exams'));
  const { archive, unarchive, dialog } = useArchiveFlow<Exam>(mutations.archive, {
    title: t('screen.archiveTitle'),
    confirmLabel: t('common.archive'),
    cancelLabel: t('common.cancel'),
    text: (exam) => t('screen.archiveText', { date: formatDate(exam.date), time: exam.startTime }),
  });

  const organizationName = useMemo(() => {
    const names = new Map((organizations.data ?? []).map((row) => [row.id, row.name]));
    return (id: number) => names.get(id);
  }, [organizations.data]);
  const userName = useMemo(() => {
    const names = new Map(
      (users.data ?? []).map((user) => [user.id, `${user.firstName} ${user.lastName}`]),
    );
    return (id: number | undefined) => (id === undefined ? undefined : names.get(id));
  }, [users.data]);

  const columns = useMemo<DataTableProps<Exam>['columns']>(
    () => [
      {
        accessorKey: 'date',
        header: t('screen.columns.date'),
        cell: ({ row }) => (
          <span className="font-medium">
            <Link
              href={examHref(row.original)}
              aria-label={t('screen.openExam', { date: formatDate(row.original.date) })}
            >
              {formatDate(row.original.date)}
            </Link>
            {row.original.archived && <Badge className="ms-2">{t('common.archived')}</Badge>}
          </span>
        ),
      },
      {
        id: 'startTime',
        header: t('screen.columns.time'),
        enableSorting: false,
        cell: ({ row }) => t('common.timeValue', { time: row.original.startTime }),
      },
      {
        id: 'minutes',
        header: t('screen.columns.minutes'),
        enableSorting: false,
        cell: ({ row }) => t('common.minutesValue', { minutes: row.original.minutes }),
      },
      {
        id: 'organization',
        header: t('screen.columns.organization'),
        enableSorting: false,
        cell: ({ row }) => organizationName(row.original.testingOrganizationId) ?? '–',
      },
      {
        accessorKey: 'listNumber',
        header: t('screen.columns.listNumber'),
        cell: ({ row }) => row.original.listNumber ?? '–',
      },
      {
        id: 'proctor',
        header: t('screen.columns.proctor'),
        enableSorting: false,
        cell: ({ row }) => userName(row.original.proctorId) ?? '–',
      },
      {
        id: 'examiner',
        header: t('screen.columns.examiner'),
        enableSorting: false,
        cell: ({ row }) => row.original.examiner ?? '–',
      },
      {
        id: 'licenseClass',
        header: t('screen.columns.licenseClass'),
        enableSorting: false,
        cell: ({ row }) => row.original.licenseClass ?? t('form.mixedClasses'),
      },
      {
        id: 'places',
        header: t('screen.columns.places'),
        enableSorting: false,
        meta: { align: 'end' },
        cell: ({ row }) =>
          row.original.places !== undefined
            ? t('screen.placesValue', {
                taken: row.original.participants.length,
                places: row.original.places,
              })
            : row.original.participants.length,
      },
      {
        id: 'booked',
        header: t('screen.columns.booked'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.booked ? (
            <Badge tone="brand">{t('screen.bookedBadge')}</Badge>
          ) : (
            <Badge>{t('screen.notBookedBadge')}</Badge>
          ),
      },
      ...(canWrite
        ? [
            {
              id: 'actions',
              header: () => <span className="sr-only">{t('common.actions')}</span>,
              enableSorting: false,
              cell: ({ row }: { row: { original: Exam } }) => (
                <ActionMenu
                  label={t('common.actionsFor', {
                    name: `${formatDate(row.original.date)} ${row.original.startTime}`,
                  })}
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
    [t, canWrite, archive, unarchive, organizationName, userName, examHref],
  );

  const filtered =
    filter.search.trim() !== '' ||
    filter.testingOrganizationId !== null ||
    filter.booked !== null ||
    filter.from !== null ||
    filter.archived;

  const organizationFilter = (
    <Select
      label={t('screen.organizationFilter')}
      items={[
        { id: ALL, label: t('screen.allOrganizations') },
        ...(organizations.data ?? []).map((row) => ({ id: String(row.id), label: row.name })),
      ]}
      selectedKey={
        filter.testingOrganizationId === null ? ALL : String(filter.testingOrganizationId)
      }
      onSelectionChange={(key) =>
        update({ testingOrganizationId: key === ALL ? null : Number(key) })
      }
    />
  );
  const archivedSwitch = (
    <Switch isSelected={filter.archived} onChange={(archived) => update({ archived })}>
      {t('common.showArchived')}
    </Switch>
  );

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t(kind === 'theory' ? 'screen.theoryTitle' : 'screen.practicalTitle')}
        description={canWrite ? t('screen.description') : t('common.readOnly')}
        actions={
          canWrite ? <Button onPress={() => setEditing('new')}>{t('screen.new')}</Button> : null
        }
      />
      <Tabs
        selectedKey={filter.view}
        onSelectionChange={(view) => update({ view: view as ExamView })}
      >
        <TabList aria-label={t('screen.view')}>
          <Tab id="list">{t('screen.viewList')}</Tab>
          <Tab id="calendar">{t('screen.viewCalendar')}</Tab>
        </TabList>
        <TabPanel id="list" className="flex flex-col gap-4 pt-4">
          <div className="flex flex-wrap items-end gap-4">
            <SearchField
              label={t('screen.search')}
              placeholder={t('screen.searchPlaceholder')}
              value={filter.search}
              onChange={(search) => update({ search })}
            />
            {organizationFilter}
            <Select
              label={t('screen.bookedFilter')}
              items={[
                { id: ALL, label: t('screen.bookedAll') },
                { id: 'yes', label: t('screen.bookedYes') },
                { id: 'no', label: t('screen.bookedNo') },
              ]}
              selectedKey={filter.booked === null ? ALL : filter.booked ? 'yes' : 'no'}
              onSelectionChange={(key) => update({ booked: key === ALL ? null : key === 'yes' })}
            />
            <DateField
              label={t('screen.from')}
              value={filter.from}
              onChange={(from) => update({ from: from ?? null })}
            />
            {archivedSwitch}
          </div>
          <DataTable
            aria-label={t('screen.table')}
            columns={columns}
            {...list.table}
            error={list.query.isError ? t('common.listLoadError') : undefined}
            emptyText={filtered ? t('screen.emptyFiltered') : t('screen.empty')}
            getRowId={(row) => String(row.id)}
          />
        </TabPanel>
        <TabPanel id="calendar" className="flex flex-col gap-4 pt-4">
          <div className="flex flex-wrap items-end gap-4">
            {organizationFilter}
            {archivedSwitch}
          </div>
          {calendar.isError ? (
            <ErrorState
              message={t('common.listLoadError')}
              onRetry={() => void calendar.refetch()}
              isRetrying={calendar.isFetching}
            />
          ) : (
            <ExamMonthCalendar
              month={month}
              exams={calendar.data ?? []}
              organizationName={organizationName}
              today={today}
              examHref={examHref}
              isLoading={calendar.isFetching && !calendar.data}
              onMonthChange={(step) =>
                update({
                  month: step === 'today' ? null : shiftMonth(month, step === 'next' ? 1 : -1),
                })
              }
            />
          )}
        </TabPanel>
      </Tabs>
      {editing !== null && (
        <ExamFormDialog
          isOpen
          onOpenChange={(open) => !open && setEditing(null)}
          kind={kind}
          exam={editing === 'new' ? undefined : editing}
          organizations={organizations.data ?? []}
          users={users.data ?? []}
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
