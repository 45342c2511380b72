import { useCan } from '@fahrwerk/core';
import {
  Badge,
  Button,
  EmptyState,
  ErrorState,
  Form,
  formatDateTime,
  Section,
  Spinner,
  TextField,
  useToast,
} from '@fahrwerk/ui';
import { useMemo, useState } from 'react';
import {
  useCreateNote,
  useEducationEvents,
  useStudentEducations,
  useStudentNotes,
} from './api/student-queries';
import { useStudentsTranslation } from './use-students-translation';

type Entry = {
  key: string;
  date: string;
  kind: string;
  text: string;
  context?: string;
};

/** Education events and notes of a student as one timeline, newest first, with "add a note". */
export function StudentTimeline({ studentId }: { studentId: number }) {
  const toast = useToast();
  const { t } = useStudentsTranslation();
  const canWrite = useCan('MODULE_CUSTOMERS_WRITE');
  const events = useEducationEvents(studentId);
  const notes = useStudentNotes(studentId);
  const educations = useStudentEducations(studentId);
  const createNote = useCreateNote();
  const [text, setText] = useState('');

  const entries = useMemo<Entry[]>(() => {
    const classOf = new Map((educations.data ?? []).map((e) => [e.id, e.licenseClass]));
    const noteIdsInEvents = new Set(
      (events.data ?? []).map((event) => event.refs.noteId).filter((id) => id !== undefined),
    );
    const fromEvents = (events.data ?? []).map((event) => {
      const licenseClass =
        event.studentEducationId === undefined ? undefined : classOf.get(event.studentEducationId);
      return {
        key: `event-${event.id}`,
        date: event.date,
        kind: t(`enum.eventType.${event.type}`),
        text: event.text,
        context: licenseClass ? t('timeline.education', { licenseClass }) : undefined,
      };
    });
    // A note the server also wrote as an event appears once.
    const fromNotes = (notes.data ?? [])
      .filter((note) => !noteIdsInEvents.has(note.id))
      .map((note) => ({
        key: `note-${note.id}`,
        date: note.date,
        kind: t('timeline.note'),
        text: note.text,
        context: t('timeline.noteBy', { name: note.authorName }),
      }));
    return [...fromEvents, ...fromNotes].sort((a, b) => b.date.localeCompare(a.date));
  }, [events.data, notes.data, educations.data, t]);

  const pending = events.isPending || notes.isPending;
  const error = events.error ?? notes.error;

  return (
    <Section title={t('timeline.title')} description={t('timeline.description')}>
      {canWrite && (
        <Form
          aria-label={t('timeline.addNote')}
          onSubmit={(event) => {
            event.preventDefault();
            if (!text.trim()) return;
            createNote.mutate(
              { studentId, text: text.trim() },
              {
                onSuccess: () => {
                  setText('');
                  toast.success(t('timeline.noteSaved'));
                },
              },
            );
          }}
          className="mb-4"
        >
          <TextField
            label={t('timeline.noteText')}
            isMultiline
            rows={3}
            maxLength={5000}
            showRemaining
            value={text}
            onChange={setText}
          />
          <div className="flex justify-end">
            <Button type="submit" isDisabled={!text.trim()} isPending={createNote.isPending}>
              {t('timeline.addNote')}
            </Button>
          </div>
        </Form>
      )}
      {pending ? (
        <Spinner label={t('common.loading')} />
      ) : error ? (
        <ErrorState
          message={t('timeline.loadError')}
          onRetry={() => {
            events.refetch();
            notes.refetch();
          }}
        />
      ) : entries.length === 0 ? (
        <EmptyState title={t('timeline.empty')} />
      ) : (
        <ol className="flex flex-col border-s-2 border-neutral-200 ps-4">
          {entries.map((entry) => (
            <li key={entry.key} className="relative py-2">
              <span
                aria-hidden="true"
                className="absolute -start-[1.4rem] top-3.5 size-2.5 rounded-full bg-brand-600"
              />
              <div className="flex flex-wrap items-center gap-2 text-xs text-neutral-700">
                <time dateTime={entry.date}>{formatDateTime(entry.date)}</time>
                <Badge tone="neutral">{entry.kind}</Badge>
                {entry.context && <span>{entry.context}</span>}
              </div>
              <p className="mt-1 whitespace-pre-line text-sm text-neutral-900">{entry.text}</p>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
