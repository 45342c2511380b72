import { Button, ConfirmDialog, EmptyState, formatDateTime, TextField } from '@fahrwerk/ui';
import { useState } from 'react';
import type { CostBearerNote } from '../api/cost-bearer-queries';
import { errorText, useCostBearersTranslation } from '../use-cost-bearers-translation';

const NOTE_MAX = 5000;

export type CostBearerNotesProps = {
  notes: CostBearerNote[];
  /** Without write permission the notes are read-only. */
  canWrite: boolean;
  onAdd: (text: string) => Promise<unknown>;
  onEdit: (note: CostBearerNote, text: string) => Promise<unknown>;
  onDelete: (note: CostBearerNote) => Promise<unknown>;
  isSaving?: boolean;
};

/** Checks a note text the way the contract does (1–5000 characters), as an i18n key. */
function noteProblem(text: string): string | null {
  if (text.trim() === '') return 'notes.required';
  if (text.length > NOTE_MAX) return 'notes.tooLong';
  return null;
}

function NoteEditor({
  label,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  isSaving,
}: {
  label: string;
  initial: string;
  submitLabel: string;
  onSubmit: (text: string) => Promise<unknown>;
  onCancel?: () => void;
  isSaving?: boolean;
}) {
  const { t } = useCostBearersTranslation();
  const [text, setText] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      noValidate
      className="flex flex-col gap-2"
      onSubmit={async (event) => {
        event.preventDefault();
        const found = noteProblem(text);
        if (found) {
          setProblem(t(found));
          return;
        }
        setProblem(null);
        try {
          await onSubmit(text.trim());
          setText('');
        } catch (error) {
          // Kept as typed, so nothing is lost; the reason shows under the field.
          setProblem(errorText(error, t, 'messages.operation_error'));
        }
      }}
    >
      <TextField
        label={label}
        isMultiline
        rows={3}
        maxLength={NOTE_MAX}
        showRemaining
        value={text}
        onChange={setText}
        isInvalid={problem !== null}
        errorMessage={problem ?? undefined}
        validationBehavior="aria"
      />
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button variant="secondary" onPress={onCancel}>
            {t('notes.cancel')}
          </Button>
        ) : null}
        <Button type="submit" isPending={isSaving}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** The notes of a cost bearer, newest first: write, change, delete. */
export function CostBearerNotes({
  notes,
  canWrite,
  onAdd,
  onEdit,
  onDelete,
  isSaving,
}: CostBearerNotesProps) {
  const { t } = useCostBearersTranslation();
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<CostBearerNote | null>(null);
  return (
    <div className="flex flex-col gap-4">
      {canWrite ? (
        <NoteEditor
          label={t('notes.new')}
          initial=""
          submitLabel={t('notes.add')}
          onSubmit={onAdd}
          isSaving={isSaving && editing === null}
        />
      ) : null}
      {notes.length === 0 ? (
        <EmptyState title={t('notes.empty')} />
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('notes.title')}>
          {notes.map((note) => (
            <li key={note.id} className="rounded-md border border-neutral-200 bg-white p-3">
              {editing === note.id ? (
                <NoteEditor
                  label={t('notes.editLabel')}
                  initial={note.text}
                  submitLabel={t('notes.save')}
                  onSubmit={async (text) => {
                    await onEdit(note, text);
                    setEditing(null);
                  }}
                  onCancel={() => setEditing(null)}
                  isSaving={isSaving}
                />
              ) : (
                <>
                  <p className="text-sm whitespace-pre-wrap text-neutral-900">{note.text}</p>
                  <div className="mt-2 flex items-center justify-between gap-2">
                    <p className="text-xs text-neutral-600">
                      {t('notes.by', { author: note.authorName, date: formatDateTime(note.date) })}
                    </p>
                    {canWrite ? (
                      <div className="flex gap-1">
                        <Button size="sm" variant="quiet" onPress={() => setEditing(note.id)}>
                          {t('notes.edit')}
                        </Button>
                        <Button size="sm" variant="quiet" onPress={() => setDeleting(note)}>
                          {t('notes.delete')}
                        </Button>
                      </div>
                    ) : null}
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('notes.deleteTitle')}
        confirmLabel={t('notes.delete')}
        variant="destructive"
        onConfirm={() => (deleting ? onDelete(deleting) : undefined)}
      >
        {t('notes.deleteText')}
      </ConfirmDialog>
    </div>
  );
}
