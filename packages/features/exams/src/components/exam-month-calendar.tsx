import { Button, cn, Link } from '@fahrwerk/ui';
import { useMemo } from 'react';
import type { Exam } from '../api/exam-queries';
import { monthGrid } from '../month-grid';
import { useExamsTranslation } from '../use-exams-translation';

export type ExamMonthCalendarProps = {
  /** `YYYY-MM`. */
  month: string;
  exams: Exam[];
  /** The name of a testing organization by id. */
  organizationName: (id: number) => string | undefined;
  /** `YYYY-MM-DD`, marked in the grid. */
  today: string;
  onMonthChange: (month: 'previous' | 'next' | 'today') => void;
  /** Where a slot leads (the exam's detail). */
  examHref: (exam: Exam) => string;
  isLoading?: boolean;
};

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

/** A simple month view of the exam slots, Monday first; each slot opens the exam. */
export function ExamMonthCalendar({
  month,
  exams,
  organizationName,
  today,
  onMonthChange,
  examHref,
  isLoading,
}: ExamMonthCalendarProps) {
  const { t } = useExamsTranslation();
  const weeks = useMemo(() => monthGrid(month, exams, (exam) => exam.startTime), [month, exams]);
  const [year, monthNumber] = month.split('-');
  const title = `${t(`calendar.months.${Number(monthNumber)}`)} ${year}`;
  return (
    <section aria-label={t('calendar.label', { month: title })} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" onPress={() => onMonthChange('previous')}>
          <span aria-hidden="true">‹</span>
          <span className="sr-only">{t('calendar.previous')}</span>
        </Button>
        <Button variant="secondary" size="sm" onPress={() => onMonthChange('today')}>
          {t('calendar.today')}
        </Button>
        <Button variant="secondary" size="sm" onPress={() => onMonthChange('next')}>
          <span aria-hidden="true">›</span>
          <span className="sr-only">{t('calendar.next')}</span>
        </Button>
        <h2 className="ms-2 text-lg font-semibold text-neutral-900" aria-live="polite">
          {title}
        </h2>
      </div>
      <table
        className={cn('w-full table-fixed border-collapse text-sm', isLoading && 'opacity-60')}
        aria-busy={isLoading || undefined}
      >
        <thead>
          <tr>
            {WEEKDAYS.map((day) => (
              <th
                key={day}
                scope="col"
                className="border border-neutral-200 bg-neutral-50 px-2 py-1 text-start font-medium text-neutral-700"
              >
                {t(`calendar.weekdays.${day}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.date}>
              {week.map((day) => (
                <td
                  key={day.date}
                  className={cn(
                    'h-24 border border-neutral-200 p-1 align-top',
                    !day.inMonth && 'bg-neutral-50 text-neutral-700',
                  )}
                >
                  <div
                    className={cn(
                      'mb-1 text-xs',
                      day.date === today && 'font-bold text-brand-800 underline',
                    )}
                  >
                    {Number(day.date.slice(8))}
                  </div>
                  <ul className="flex flex-col gap-1">
                    {day.items.map((exam) => (
                      <li key={exam.id}>
                        <Link
                          variant="quiet"
                          href={examHref(exam)}
                          className={cn(
                            'block w-full rounded border px-1.5 py-1 text-start text-xs leading-tight',
                            exam.booked
                              ? 'border-brand-300 bg-brand-50 text-brand-900'
                              : 'border-neutral-300 bg-white text-neutral-900',
                            exam.archived && 'line-through',
                          )}
                        >
                          <span className="block font-medium">
                            {t('calendar.entry', {
                              time: exam.startTime,
                              organization: organizationName(exam.testingOrganizationId) ?? '',
                            })}
                          </span>
                          <span className="block">
                            {[
                              exam.licenseClass,
                              exam.places !== undefined
                                ? t('calendar.entryPlaces', {
                                    taken: exam.participants.length,
                                    places: exam.places,
                                  })
                                : null,
                              exam.booked ? t('screen.bookedBadge') : null,
                            ]
                              .filter(Boolean)
                              .join(' · ')}
                          </span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {!isLoading && exams.length === 0 && (
        <p className="text-sm text-neutral-700">{t('calendar.noExams')}</p>
      )}
    </section>
  );
}
