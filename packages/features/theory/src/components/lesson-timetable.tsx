import { ActionMenu, Badge, Button, formatDate } from '@fahrwerk/ui';
import type { TheoryLesson } from '../api/theory-queries';
import { addMinutes } from '../syllabus';
import { useTheoryTranslation } from '../use-theory-translation';
import { lessonLabel } from './lesson-label';
import { PlainTable } from './plain-table';

export type LessonTimetableProps = {
  lessons: TheoryLesson[];
  /** The instructor's name by id. */
  instructorName: (id: number) => string;
  canWrite: boolean;
  /** The lesson whose attendance is open. */
  selectedId?: number | null;
  onAttendance: (lesson: TheoryLesson) => void;
  onEdit: (lesson: TheoryLesson) => void;
  onDelete: (lesson: TheoryLesson) => void;
};

const byDate = (a: TheoryLesson, b: TheoryLesson) =>
  `${a.date}T${a.startTime}`.localeCompare(`${b.date}T${b.startTime}`) ||
  a.lessonNumber - b.lessonNumber;

/** The lessons of a course as a timetable, basic syllabus first, then the additional one. */
export function LessonTimetable({
  lessons,
  instructorName,
  canWrite,
  selectedId,
  onAttendance,
  onEdit,
  onDelete,
}: LessonTimetableProps) {
  const { t } = useTheoryTranslation();
  const groups = [
    { id: 'basic', title: t('lessons.basic'), rows: lessons.filter((l) => !l.additional) },
    { id: 'additional', title: t('lessons.additional'), rows: lessons.filter((l) => l.additional) },
  ].filter((group) => group.rows.length > 0);

  return (
    <div className="flex flex-col gap-4">
      {groups.map((group) => (
        <div key={group.id} className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-neutral-900">{group.title}</h3>
          <PlainTable
            aria-label={`${t('lessons.table')}: ${group.title}`}
            rows={[...group.rows].sort(byDate)}
            getRowId={(row) => String(row.id)}
            emptyText={t('lessons.empty')}
            isSelected={(row) => row.id === selectedId}
            columns={[
              {
                id: 'number',
                header: t('lessons.columns.number'),
                cell: (row) => (
                  <span className="font-medium tabular-nums">{lessonLabel(row, t)}</span>
                ),
              },
              {
                id: 'topic',
                header: t('lessons.columns.topic'),
                cell: (row) => (
                  <span className="flex flex-col">
                    <span>{row.topic}</span>
                    {row.additional && row.licenseClasses.length > 0 && (
                      <span className="text-xs text-neutral-600">
                        {t('lessons.classes', { classes: row.licenseClasses.join(', ') })}
                      </span>
                    )}
                  </span>
                ),
              },
              {
                // Date and time in one column, each on a line of its own: the timetable
                // keeps its attendance button in view on a laptop.
                id: 'when',
                header: t('lessons.columns.when'),
                cell: (row) => (
                  <span className="flex flex-col whitespace-nowrap tabular-nums">
                    <span>{formatDate(row.date)}</span>
                    <span className="text-neutral-600">
                      {t('common.timeRange', {
                        from: row.startTime,
                        to: addMinutes(row.startTime, row.minutes),
                      })}
                    </span>
                  </span>
                ),
              },
              {
                id: 'instructor',
                header: t('lessons.columns.instructor'),
                cell: (row) => instructorName(row.instructorId),
              },
              {
                id: 'room',
                header: t('lessons.columns.room'),
                cell: (row) => row.room ?? t('common.none'),
              },
              {
                id: 'participants',
                header: t('lessons.columns.participants'),
                cell: (row) => <span className="tabular-nums">{row.participants.length}</span>,
              },
              {
                id: 'status',
                header: t('lessons.columns.status'),
                cell: (row) =>
                  row.booked ? (
                    <Badge tone="success">{t('lessons.booked')}</Badge>
                  ) : (
                    <Badge>{t('lessons.planned')}</Badge>
                  ),
              },
              {
                id: 'actions',
                header: <span className="sr-only">{t('common.actions')}</span>,
                className: 'text-end whitespace-nowrap',
                cell: (row) => (
                  <span className="inline-flex items-center gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`${t('lessons.attendance')}: ${lessonLabel(row, t)} ${formatDate(row.date)}`}
                      onPress={() => onAttendance(row)}
                    >
                      {t('lessons.attendance')}
                    </Button>
                    {canWrite && (
                      <ActionMenu
                        label={t('common.actionsFor', {
                          name: `${lessonLabel(row, t)} ${formatDate(row.date)}`,
                        })}
                        items={[
                          { id: 'edit', label: t('common.edit') },
                          { id: 'delete', label: t('common.delete'), isDanger: true },
                        ]}
                        onAction={(action) => (action === 'edit' ? onEdit(row) : onDelete(row))}
                      />
                    )}
                  </span>
                ),
              },
            ]}
          />
        </div>
      ))}
    </div>
  );
}
