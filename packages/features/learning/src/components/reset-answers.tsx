import { Button, ConfirmDialog, useToast } from '@fahrwerk/ui';
import { useState } from 'react';
import { useResetAnswers } from '../api/learning-queries';
import { useLearningTranslation } from '../use-learning-translation';

/**
 * "Antworten zurücksetzen" with a confirmation that says it cannot be undone: deletes the
 * education's answers and moves it to the current catalogue version
 * (`DELETE /student-question-answers/reset-questions`); the spec's snackbar text after.
 */
export function ResetAnswers({
  studentEducationId,
  licenseClass,
  onReset,
}: {
  studentEducationId: number;
  licenseClass: string;
  onReset?: () => void;
}) {
  const toast = useToast();
  const { t } = useLearningTranslation();
  const reset = useResetAnswers();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onPress={() => setOpen(true)}>
        {t('reset.button')}
      </Button>
      <ConfirmDialog
        isOpen={isOpen}
        onOpenChange={setOpen}
        title={t('reset.title')}
        confirmLabel={t('reset.confirm')}
        cancelLabel={t('reset.cancel')}
        variant="destructive"
        onConfirm={async () => {
          await reset.mutateAsync(studentEducationId);
          toast.success(t('students.question_versions_reset_message'));
          onReset?.();
        }}
      >
        {t('reset.text', { licenseClass })}
      </ConfirmDialog>
    </>
  );
}
