import { LICENSE_CLASSES } from '@fahrwerk/api';
import { useArchiveFlow, useCan, useServerList } from '@fahrwerk/core';
import {
  ActionMenu,
  Badge,
  Button,
  DataTable,
  type DataTableProps,
  DateField,
  formatDate,
  PageHeader,
  SearchField,
  Select,
  Switch,
  useToast,
} from '@fahrwerk/ui';
import { useMemo, useState } from 'react';
import {
  type LicenseClass,
  type TheoryCourse,
  type TheoryListEntry,
  useTheoryCourseMutations,
  useTheoryListPage,
  useTheoryPickers,
} from './api/theory-queries';
import { CourseFormDialog } from './components/course-form-dialog';
import { INITIAL_THEORY_LIST, isFiltered, toTheoryListFilter } from './list-filters';
import { useTheoryTranslation } from './use-theory-translation';

const ALL = 'all';

export type TheoryCoursesScreenProps = {
  /** Opens a course (the host routes to `TheoryCourseScreen`); rows are not clickable without. */
  onOpenCourse?: (courseId: number) => void;
};

/**
 * The theory screen's course list (`/theory`): server-paged, filtered by branch, date range,
 * class and archive (remembered per browser under the spec's "theory lesson" filter), free
 * places and held lessons per course, create/edit in a dialog, archive/unarchive. Without
 * MODULE_THEORY_WRITE it is read-only.
 */
export function TheoryCoursesScreen({ onOpenCourse }: TheoryCoursesScreenProps) {
  const toast = useToast();
  const { t } = useTheoryTranslation();
  const canWrite = useCan('MODULE_THEORY_WRITE');
  const list = useServerList({
    key: 'theoryLesson',
    initial: INITIAL_THEORY_LIST,
    toFilter: toTheoryListFilter,
    usePage: useTheoryListPage,
  });
  const filter = list.state;
  const { update } = list;
  const [editing, setEditing] = useState<TheoryCourse | 'new' | null>(null);
  const pickers = useTheoryPickers();
  const mutations = useTheoryCourseMutations();
  const { archive, unarchive, dialog } = useArchiveFlow<TheoryCourse>(mutations.archive, {
    title: t('courses.archiveTitle'),
    confirmLabel: t('common.archive'),
    cancelLabel: t('common.cancel'),
    text: (course) => t('courses.archiveText', { name: course.shortDescription }),
  });

  const columns = useMemo<DataTableProps<TheoryListEntry>['columns']>(
    () => [
      {
        id: 'shortDescription',
        accessorFn: (row) => row.course.shortDescription,
        header: t('courses.columns.name'),
        cell: ({ row }) => (
          <span className="font-medium text-neutral-900">
            {row.original.course.shortDescription}
            {row.original.course.archived && <Badge className="ms-2">{t('common.archived')}</Badge>}
          </span>
        ),
      },
      {
        id: 'start',
        accessorFn: (row) => row.course.start,
        header: t('courses.columns.period'),
        cell: ({ row }) =>
          t('common.period', {
            start: formatDate(row.original.course.start),
            end: formatDate(row.original.course.end),
          }),
      },
      {
        id: 'classes',
        header: t('courses.columns.classes'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.course.licenseClasses.length > 0
            ? row.original.course.licenseClasses.join(', ')
            : t('common.everyClass'),
      },
      {
        id: 'quantity',
        accessorFn: (row) => row.course.quantity,
        header: t('courses.columns.places'),
        cell: ({ row }) =>
          row.original.freePlaces === 0 ? (
            <Badge tone="warning">{t('courses.full')}</Badge>
          ) : (
            t('courses.placesValue', {
              free: row.original.freePlaces,
              quantity: row.original.course.quantity,
            })
          ),
      },
      {
        id: 'lessons',
        header: t('courses.columns.lessons'),
        enableSorting: false,
        cell: ({ row }) =>
          t('courses.lessonsValue', {
            held: row.original.heldLessonCount,
            count: row.original.lessonCount,
          }),
      },
      {
        id: 'nextLesson',
        header: t('courses.columns.nextLesson'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.nextLessonDate ? formatDate(row.original.nextLessonDate) : t('common.none'),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('common.actions')}</span>,
        enableSorting: false,
        cell: ({ row }) => {
          const course = row.original.course;
          const items = [
            ...(onOpenCourse ? [{ id: 'open', label: t('courses.open') }] : []),
            ...(canWrite
              ? course.archived
                ? [{ id: 'unarchive', label: t('common.unarchive') }]
                : [
                    { id: 'edit', label: t('common.edit') },
                    { id: 'archive', label: t('common.archive'), isDanger: true },
                  ]
              : []),
          ];
          if (items.length === 0) return null;
          return (
            <ActionMenu
              label={t('common.actionsFor', { name: course.shortDescription })}
              items={items}
              onAction={(action) => {
                if (action === 'open') onOpenCourse?.(course.id);
                else if (action === 'edit') setEditing(course);
                else if (action === 'archive') archive(course);
                else unarchive(course);
              }}
            />
          );
        },
      },
    ],
    [t, canWrite, archive, unarchive, onOpenCourse],
  );

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('courses.title')}
        description={canWrite ? t('courses.description') : t('common.readOnly')}
        actions={
          canWrite ? <Button onPress={() => setEditing('new')}>{t('courses.new')}</Button> : null
        }
      />
      <div className="flex flex-wrap items-end gap-4">
        <SearchField
          label={t('courses.search')}
          placeholder={t('courses.searchPlaceholder')}
          value={filter.search}
          onChange={(search) => update({ search })}
        />
        <Select
          label={t('courses.branch')}
          items={[{ id: ALL, label: t('common.allBranches') }, ...pickers.branches]}
          selectedKey={filter.branchId ?? ALL}
          onSelectionChange={(key) => update({ branchId: key === ALL ? null : Number(key) })}
        />
        <Select
          label={t('courses.class')}
          items={[
            { id: ALL, label: t('common.allClasses') },
            ...LICENSE_CLASSES.map((id) => ({ id, label: id })),
          ]}
          selectedKey={filter.licenseClass ?? ALL}
          onSelectionChange={(key) =>
            update({ licenseClass: key === ALL ? null : (key as LicenseClass) })
          }
        />
        <DateField
          label={t('courses.from')}
          value={filter.from}
          onChange={(from) => update({ from })}
        />
        <DateField label={t('courses.to')} value={filter.to} onChange={(to) => update({ to })} />
        <Switch isSelected={filter.archived} onChange={(archived) => update({ archived })}>
          {t('courses.showArchived')}
        </Switch>
      </div>
      <DataTable
        aria-label={t('courses.table')}
        columns={columns}
        {...list.table}
        error={list.query.isError ? t('common.listLoadError') : undefined}
        emptyText={isFiltered(filter) ? t('courses.emptyFiltered') : t('courses.empty')}
        getRowId={(row) => String(row.course.id)}
        onRowClick={onOpenCourse ? (row) => onOpenCourse(row.course.id) : undefined}
      />
      {editing !== null && (
        <CourseFormDialog
          isOpen
          onOpenChange={(open) => !open && setEditing(null)}
          course={editing === 'new' ? undefined : editing}
          {...pickers}
          onSubmit={(input) =>
            mutations.save.mutateAsync({ id: editing === 'new' ? undefined : editing.id, input })
          }
          onSaved={() => toast.success(t('messages.save_success'))}
        />
      )}
      {dialog}
    </div>
  );
}
