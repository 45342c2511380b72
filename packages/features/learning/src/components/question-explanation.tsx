import { errorToastMessage } from '@fahrwerk/api';
import { CORE_NAMESPACE, useCan } from '@fahrwerk/core';
import { Button, ConfirmDialog, Spinner, TextField, useToast } from '@fahrwerk/ui';
import { useState } from 'react';
import { useExplanationMutations, useQuestionExplanation } from '../api/learning-queries';
import { useLearningTranslation } from '../use-learning-translation';

/** The contract's limit of an explanation. */
const MAX_LENGTH = 20000;

/**
 * The school's explanation of a question (line breaks kept), or that there is none yet. With
 * MODULE_THEORY_WRITE it can be written, changed and deleted here (one explanation per
 * official number, for every student of the school).
 */
export function QuestionExplanation({ officialNumber }: { officialNumber: string }) {
  const { t } = useLearningTranslation();
  const canEdit = useCan('MODULE_THEORY_WRITE');
  const explanation = useQuestionExplanation(officialNumber);
  const [editing, setEditing] = useState(false);
  let body: React.ReactNode;
  if (explanation.isPending) {
    body = <Spinner size="sm" label={t('explanation.loading')} />;
  } else if (explanation.isError) {
    body = (
      <p className="flex flex-wrap items-center gap-2 text-sm text-neutral-700">
        {t('explanation.error')}
        <Button
          size="sm"
          variant="secondary"
          onPress={() => void explanation.refetch()}
          isPending={explanation.isFetching}
        >
          {t('explanation.retry')}
        </Button>
      </p>
    );
  } else if (editing) {
    body = (
      <ExplanationEditor
        officialNumber={officialNumber}
        text={explanation.data ?? ''}
        onDone={() => setEditing(false)}
      />
    );
  } else if (explanation.data === null) {
    body = <p className="text-sm text-neutral-700">{t('explanation.none')}</p>;
  } else {
    body = <p className="whitespace-pre-line text-sm text-neutral-900">{explanation.data}</p>;
  }
  const canStartEditing = canEdit && !editing && explanation.isSuccess;
  return (
    <div className="rounded-md border border-neutral-200 bg-neutral-50 p-3">
      <div className="mb-1 flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold text-neutral-900">{t('explanation.title')}</h4>
        {canStartEditing && (
          <Button size="sm" variant="secondary" onPress={() => setEditing(true)}>
            {explanation.data === null ? t('explanation.write') : t('explanation.edit')}
          </Button>
        )}
      </div>
      {body}
    </div>
  );
}

function ExplanationEditor({
  officialNumber,
  text,
  onDone,
}: {
  officialNumber: string;
  text: string;
  onDone: () => void;
}) {
  const toast = useToast();
  const { t } = useLearningTranslation();
  const { save, remove } = useExplanationMutations(officialNumber);
  const [value, setValue] = useState(text);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const failure = (error: unknown) =>
    errorToastMessage(error, (key) => t(key, { ns: CORE_NAMESPACE }), 'messages.operation_error') ??
    t('explanation.saveFailed');

  const submit = async () => {
    if (value.trim() === '') {
      setProblem(t('explanation.empty'));
      return;
    }
    try {
      await save.mutateAsync(value);
      toast.success(t('explanation.saved'));
      onDone();
    } catch (error) {
      setProblem(failure(error));
    }
  };

  return (
    <form
      className="flex flex-col gap-2"
      aria-label={t('explanation.editorOf', { officialNumber })}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextField
        label={t('explanation.text')}
        description={t('explanation.hint')}
        isMultiline
        rows={6}
        maxLength={MAX_LENGTH}
        value={value}
        onChange={(next) => {
          setValue(next);
          setProblem(null);
        }}
        isInvalid={problem !== null}
        errorMessage={problem ?? undefined}
      />
      <div className="flex flex-wrap justify-between gap-2">
        <div>
          {text !== '' && (
            <Button size="sm" variant="destructive" onPress={() => setConfirmDelete(true)}>
              {t('explanation.delete')}
            </Button>
          )}
        </div>
        <div className="flex gap-2">
          <Button size="sm" variant="secondary" onPress={onDone}>
            {t('explanation.cancel')}
          </Button>
          <Button size="sm" type="submit" isPending={save.isPending}>
            {t('explanation.save')}
          </Button>
        </div>
      </div>
      <ConfirmDialog
        isOpen={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('explanation.deleteTitle')}
        confirmLabel={t('explanation.delete')}
        cancelLabel={t('explanation.cancel')}
        variant="destructive"
        onConfirm={async () => {
          try {
            await remove.mutateAsync();
            toast.success(t('explanation.deleted'));
            onDone();
          } catch (error) {
            setProblem(failure(error));
          }
        }}
      >
        {t('explanation.deleteText', { officialNumber })}
      </ConfirmDialog>
    </form>
  );
}
