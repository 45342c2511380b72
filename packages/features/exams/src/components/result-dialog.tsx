import { Button, Dialog, Modal, NumberField } from '@fahrwerk/ui';
import { useState } from 'react';
import type { ExamStatus } from '../api/exam-queries';
import { useExamsTranslation } from '../use-exams-translation';

export type ResultDialogProps = {
  /** The participant's name. */
  name: string;
  /** The result being recorded (PASSED or FAILED). */
  status: ExamStatus;
  /** The error points recorded so far. */
  points?: number;
  onCancel: () => void;
  /** Saves the result with the error points, if given. */
  onSave: (points: number | undefined) => void;
  isPending: boolean;
};

/** A theory exam's result with its error points (optional; class B fails above 10). */
export function ResultDialog({
  name,
  status,
  points,
  onCancel,
  onSave,
  isPending,
}: ResultDialogProps) {
  const { t } = useExamsTranslation();
  const [value, setValue] = useState<number>(points ?? Number.NaN);
  return (
    <Modal isOpen onOpenChange={(open) => !open && onCancel()}>
      <Dialog title={t('result.title', { name, status: t(`status.${status}`) })}>
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onSave(Number.isNaN(value) ? undefined : value);
          }}
        >
          <NumberField
            label={t('result.points')}
            description={t('result.pointsHint')}
            minValue={0}
            maxValue={110}
            value={value}
            onChange={setValue}
            autoFocus
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onPress={onCancel}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" isPending={isPending}>
              {t('result.save')}
            </Button>
          </div>
        </form>
      </Dialog>
    </Modal>
  );
}
