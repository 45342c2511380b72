import { FormAlert } from '@fahrwerk/core';
import { Badge, Button, Checkbox, Dialog, Modal, useToast } from '@fahrwerk/ui';
import { useMemo, useState } from 'react';
import {
  LESSON_ID_MISSING,
  type TheoryLesson,
  useBookTheoryLesson,
  useStudentMatches,
} from '../api/theory-queries';
import { type BookingVerdict, bookingVerdict } from '../booking-verdict';
import { useTheoryTranslation } from '../use-theory-translation';
import { lessonLabel } from './lesson-label';
import { StudentSearch } from './student-search';

/** A student who can be ticked: the course's students and any found by name. */
export type BookingCandidate = { studentId: number; firstName: string; lastName: string };

export type LessonBookingDialogProps = {
  /** The lesson to book into; without one the booking is refused before any call (spec 000 §5). */
  lesson: TheoryLesson | undefined;
  /** The students offered first (the course's). */
  candidates: BookingCandidate[];
  /** Free places of the lesson's course, for the "no places" reason. */
  freePlaces?: number;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
};

/**
 * The instructor ticks who attended. Each ticked student is checked first (`GET
 * /theory-lesson/{id}/check-student-match/{studentId}`) and the answer shown (fits, repetition,
 * or why not: class, places, course limit); "buchen" sends the students who fit (`POST
 * /theory-lesson/{id}/book`) and toasts `messages.course_booked` or `messages.course_not_booked`.
 */
export function LessonBookingDialog({ isOpen, onOpenChange, ...body }: LessonBookingDialogProps) {
  const { t } = useTheoryTranslation();
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} size="lg">
      <Dialog title={t('booking.title')}>
        {({ close }) => <BookingBody {...body} close={close} />}
      </Dialog>
    </Modal>
  );
}

function BookingBody({
  lesson,
  candidates,
  freePlaces,
  close,
}: Omit<LessonBookingDialogProps, 'isOpen' | 'onOpenChange'> & { close: () => void }) {
  const toast = useToast();
  const { t } = useTheoryTranslation();
  const [found, setFound] = useState<BookingCandidate[]>([]);
  const [ticked, setTicked] = useState<number[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const book = useBookTheoryLesson();
  const participants = new Set(lesson?.participants.map((row) => row.studentId));
  const offered = useMemo(() => {
    const byId = new Map<number, BookingCandidate>();
    for (const row of [...candidates, ...found]) byId.set(row.studentId, row);
    return [...byId.values()];
  }, [candidates, found]);
  const matches = useStudentMatches(lesson?.id, ticked);
  // Without a lesson nothing can be checked (the booking is refused on submit).
  const verdicts = new Map<number, BookingVerdict | 'checking' | 'failed'>(
    (lesson ? ticked : []).map((studentId, index) => {
      const match = matches[index];
      if (!match || match.isPending) return [studentId, 'checking'];
      if (match.isError || !match.data) return [studentId, 'failed'];
      return [studentId, bookingVerdict(match.data, freePlaces)];
    }),
  );
  const fitting = ticked.filter((id) => {
    const verdict = verdicts.get(id);
    return typeof verdict === 'object' && verdict.status === 'fits';
  });
  const checking = [...verdicts.values()].some((verdict) => verdict === 'checking');

  const toggle = (studentId: number, on: boolean) => {
    setRefusal(null);
    setTicked((current) =>
      on
        ? [...current.filter((id) => id !== studentId), studentId]
        : current.filter((id) => id !== studentId),
    );
  };

  const submit = async () => {
    if (lesson === undefined) {
      // The spec's client check: nothing is sent without a lesson.
      setRefusal(t(LESSON_ID_MISSING));
      toast.error(t(LESSON_ID_MISSING));
      return;
    }
    if (fitting.length === 0) {
      setRefusal(t('booking.nothingFits'));
      return;
    }
    try {
      await book.mutateAsync({ lessonId: lesson.id, studentIds: fitting });
      toast.success(t('messages.course_booked'));
      close();
    } catch {
      toast.error(t('messages.course_not_booked'));
    }
  };

  return (
    <div className="flex flex-col gap-4">
      {refusal && <FormAlert>{refusal}</FormAlert>}
      {lesson && (
        <p className="font-medium text-neutral-900">{`${lessonLabel(lesson, t)} ${lesson.topic}`}</p>
      )}
      <p className="text-sm text-neutral-700">{t('booking.intro')}</p>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-neutral-900">
          {t('booking.courseStudents')}
        </legend>
        {offered.length === 0 && (
          <p className="text-sm text-neutral-600">{t('booking.noCandidates')}</p>
        )}
        <ul className="flex flex-col gap-2">
          {offered.map((student) => {
            const name = `${student.firstName} ${student.lastName}`;
            const already = participants.has(student.studentId);
            const verdict = verdicts.get(student.studentId);
            return (
              <li key={student.studentId} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Checkbox
                  isSelected={already || ticked.includes(student.studentId)}
                  isDisabled={already}
                  onChange={(on) => toggle(student.studentId, on)}
                >
                  {name}
                </Checkbox>
                {already && <Badge>{t('booking.alreadyBooked')}</Badge>}
                {!already && verdict !== undefined && <VerdictText verdict={verdict} />}
              </li>
            );
          })}
        </ul>
      </fieldset>
      <StudentSearch
        label={t('booking.otherStudent')}
        placeholder={t('booking.otherStudentPlaceholder')}
        onChange={(student) => {
          if (!student) return;
          setFound((current) => [
            ...current,
            { studentId: student.id, firstName: student.firstName, lastName: student.lastName },
          ]);
          toggle(student.id, true);
        }}
      />
      <div className="flex justify-end gap-2 border-t border-neutral-100 pt-4">
        <Button variant="secondary" onPress={close}>
          {t('common.cancel')}
        </Button>
        <Button onPress={submit} isPending={book.isPending || (checking && ticked.length > 0)}>
          {fitting.length > 0
            ? t('booking.submit', { count: fitting.length })
            : t('booking.submitNone')}
        </Button>
      </div>
    </div>
  );
}

function VerdictText({ verdict }: { verdict: BookingVerdict | 'checking' | 'failed' }) {
  const { t } = useTheoryTranslation();
  if (verdict === 'checking')
    return <span className="text-sm text-neutral-600">{t('booking.checking')}</span>;
  if (verdict === 'failed') return <Badge tone="danger">{t('booking.checkFailed')}</Badge>;
  const tone =
    verdict.status === 'fits' ? 'success' : verdict.status === 'repeat' ? 'warning' : 'danger';
  return (
    <span className="flex flex-wrap items-center gap-2 text-sm text-neutral-700">
      <Badge tone={tone}>{t(`booking.${verdict.status}`)}</Badge>
      {verdict.reasons.map((reason) => t(reason)).join(', ')}
    </span>
  );
}
