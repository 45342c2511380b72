import { EDUCATION_STATUSES, LICENSE_CLASSES } from '@fahrwerk/api';
import { type ListPaging, type FormOption as Option, useCan, useServerList } from '@fahrwerk/core';
import {
  Badge,
  Button,
  DataTable,
  type DataTableProps,
  formatDate,
  PageHeader,
  SearchField,
  Select,
  SelectItem,
} from '@fahrwerk/ui';
import { useEffect, useMemo, useState } from 'react';
import {
  type StudentFilter,
  type StudentListItem,
  usePickers,
  useStudentList,
} from './api/student-queries';
import { useStudentsTranslation } from './use-students-translation';

/** What the list remembers per browser until sign-out (spec 000 §4, key `student`). */
export type StudentListFilter = ListPaging & {
  search: string;
  licenseClass: string;
  branchId: string;
  instructorId: string;
  educationStatus: string;
  archived: boolean;
};

export const INITIAL_STUDENT_FILTER: StudentListFilter = {
  search: '',
  licenseClass: '',
  branchId: '',
  instructorId: '',
  educationStatus: '',
  archived: false,
  sort: { id: 'lastName', desc: false },
  page: 1,
  pageSize: 25,
};

const SORTABLE = new Set(['lastName', 'mainClass', 'registrationDate']);

export function toStudentFilter(filter: StudentListFilter): StudentFilter {
  const sortField = filter.sort && SORTABLE.has(filter.sort.id) ? filter.sort.id : 'lastName';
  const direction: 'asc' | 'desc' = filter.sort?.desc ? 'desc' : 'asc';
  const body: StudentFilter = {
    page: filter.page - 1,
    size: filter.pageSize,
    archived: filter.archived,
    sort: [
      { field: sortField as 'lastName', direction },
      // Same last names: first names in the same direction, as an office reads a list.
      ...(sortField === 'lastName' ? [{ field: 'firstName' as const, direction }] : []),
    ],
  };
  if (filter.search.trim()) body.search = filter.search.trim();
  if (filter.licenseClass) body.licenseClass = filter.licenseClass as StudentFilter['licenseClass'];
  if (filter.branchId) body.branchIds = [Number(filter.branchId)];
  if (filter.instructorId) body.instructorIds = [Number(filter.instructorId)];
  if (filter.educationStatus) {
    body.educationStatus = filter.educationStatus as StudentFilter['educationStatus'];
  }
  return body;
}

export type StudentListScreenProps = {
  onOpenStudent: (id: number) => void;
  onCreateStudent: () => void;
  /** Shows only the students of this instructor (`/students/by-instructor/{id}`). */
  instructorId?: number;
};

function FilterSelect({
  label,
  value,
  options,
  onChange,
  allLabel,
}: {
  label: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
  allLabel: string;
}) {
  return (
    <Select
      label={label}
      placeholder={allLabel}
      selectedKey={value || null}
      onSelectionChange={(key) => onChange(key === null ? '' : String(key))}
      isClearable
      className="w-44"
    >
      {options.map((option) => (
        <SelectItem key={option.id} id={option.id} textValue={option.label}>
          {option.label}
        </SelectItem>
      ))}
    </Select>
  );
}

/** The student list: server-side search, filters, sorting and paging; the screen staff live in. */
export function StudentListScreen({
  onOpenStudent,
  onCreateStudent,
  instructorId,
}: StudentListScreenProps) {
  const { t } = useStudentsTranslation();
  const canWrite = useCan('MODULE_CUSTOMERS_WRITE');
  const students = useServerList({
    key: 'student',
    initial: INITIAL_STUDENT_FILTER,
    toFilter: (state: StudentListFilter) => ({ body: toStudentFilter(state), instructorId }),
    usePage: useStudentList,
  });
  const { state: filter, update, query: list } = students;
  const [search, setSearch] = useState(filter.search);
  const pickers = usePickers();

  // Typing searches after a short pause, not on every key.
  useEffect(() => {
    if (search === filter.search) return;
    const timer = setTimeout(() => update({ search }), 300);
    return () => clearTimeout(timer);
  }, [search, filter.search, update]);

  const names = useMemo(
    () => ({
      branch: new Map(pickers.branches.map((option) => [option.id, option.label])),
      instructor: new Map(pickers.instructors.map((option) => [option.id, option.label])),
    }),
    [pickers.branches, pickers.instructors],
  );

  const columns = useMemo<DataTableProps<StudentListItem>['columns']>(
    () => [
      {
        id: 'lastName',
        header: t('list.columns.name'),
        cell: ({ row }) => (
          <span className="font-medium">
            {row.original.lastName}, {row.original.firstName}
          </span>
        ),
      },
      {
        id: 'mainClass',
        header: t('list.columns.mainClass'),
        cell: ({ row }) => row.original.mainClass ?? t('common.none'),
      },
      {
        id: 'educations',
        header: t('list.columns.educations'),
        enableSorting: false,
        cell: ({ row }) => row.original.educationLicenseClasses.join(', ') || t('common.none'),
      },
      {
        id: 'branch',
        header: t('list.columns.branch'),
        enableSorting: false,
        cell: ({ row }) => names.branch.get(String(row.original.branchId)) ?? t('common.none'),
      },
      {
        id: 'instructor',
        header: t('list.columns.instructor'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.instructorId === undefined
            ? t('common.none')
            : (names.instructor.get(String(row.original.instructorId)) ?? t('common.none')),
      },
      {
        id: 'registrationDate',
        header: t('list.columns.registrationDate'),
        cell: ({ row }) =>
          row.original.registrationDate
            ? formatDate(row.original.registrationDate)
            : t('common.none'),
      },
      {
        id: 'contact',
        header: t('list.columns.contact'),
        enableSorting: false,
        cell: ({ row }) => (
          <span className="flex flex-col text-xs text-neutral-700">
            {row.original.email && <span>{row.original.email}</span>}
            {row.original.phoneMobile && <span>{row.original.phoneMobile}</span>}
          </span>
        ),
      },
      {
        id: 'state',
        header: t('list.columns.state'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.archived ? (
            <Badge tone="neutral">{t('common.archived')}</Badge>
          ) : row.original.firstLoginDate ? (
            <Badge tone="success">{t('list.appConfirmed')}</Badge>
          ) : (
            <Badge tone="warning">{t('list.appUnconfirmed')}</Badge>
          ),
      },
    ],
    [t, names],
  );

  const filtered =
    filter.search !== '' ||
    filter.licenseClass !== '' ||
    filter.branchId !== '' ||
    filter.instructorId !== '' ||
    filter.educationStatus !== '';

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={canWrite ? <Button onPress={onCreateStudent}>{t('list.new')}</Button> : undefined}
      />
      <div className="flex flex-wrap items-end gap-3">
        <SearchField
          label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          value={search}
          onChange={setSearch}
          className="w-72"
        />
        <FilterSelect
          label={t('list.filterClass')}
          allLabel={t('common.all')}
          value={filter.licenseClass}
          options={LICENSE_CLASSES.map((value) => ({ id: value, label: value }))}
          onChange={(licenseClass) => update({ licenseClass })}
        />
        <FilterSelect
          label={t('list.filterBranch')}
          allLabel={t('common.all')}
          value={filter.branchId}
          options={pickers.branches}
          onChange={(branchId) => update({ branchId })}
        />
        <FilterSelect
          label={t('list.filterInstructor')}
          allLabel={t('common.all')}
          value={filter.instructorId}
          options={pickers.instructors}
          onChange={(id) => update({ instructorId: id })}
        />
        <FilterSelect
          label={t('list.filterStatus')}
          allLabel={t('common.all')}
          value={filter.educationStatus}
          options={EDUCATION_STATUSES.map((value) => ({
            id: value,
            label: t(`enum.educationStatus.${value}`),
          }))}
          onChange={(educationStatus) => update({ educationStatus })}
        />
        <Select
          label={t('list.filterArchived')}
          selectedKey={filter.archived ? 'archived' : 'active'}
          onSelectionChange={(key) => update({ archived: key === 'archived' })}
          className="w-48"
        >
          <SelectItem id="active">{t('list.active')}</SelectItem>
          <SelectItem id="archived">{t('list.archivedOnly')}</SelectItem>
        </Select>
        {(filtered || filter.archived) && (
          <Button
            variant="secondary"
            onPress={() => {
              setSearch('');
              students.reset({ pageSize: filter.pageSize });
            }}
          >
            {t('list.resetFilters')}
          </Button>
        )}
      </div>
      <DataTable
        aria-label={t('list.title')}
        columns={columns}
        {...students.table}
        isLoading={list.isPending}
        error={list.error}
        emptyText={filtered || filter.archived ? t('list.emptyFiltered') : t('list.empty')}
        getRowId={(row) => String(row.id)}
        onRowClick={(row) => onOpenStudent(row.id)}
      />
    </div>
  );
}
