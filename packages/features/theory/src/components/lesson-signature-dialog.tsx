import { errorToastMessage } from '@fahrwerk/api';
import { FormAlert } from '@fahrwerk/core';
import {
  Button,
  Dialog,
  formatDate,
  Modal,
  SignaturePad,
  type SignaturePadHandle,
  useToast,
} from '@fahrwerk/ui';
import { useRef, useState } from 'react';
import {
  type TheoryLesson,
  type TheoryLessonParticipant,
  useUploadLessonSignature,
} from '../api/theory-queries';
import { addMinutes } from '../syllabus';
import { useTheoryTranslation } from '../use-theory-translation';

export type LessonSignatureDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  lesson: TheoryLesson;
  /** The booking of the student who signs. */
  participant: TheoryLessonParticipant;
};

/**
 * A participant signs the attendance on the tablet (the design system's `SignaturePad`); "Unterschrift
 * speichern" uploads the pad as a PNG (`POST /theory-lesson-documents/upload-signature`). An empty
 * pad cannot be sent; a refusal shows the server's message and keeps the drawing.
 */
export function LessonSignatureDialog({
  isOpen,
  onOpenChange,
  lesson,
  participant,
}: LessonSignatureDialogProps) {
  const { t } = useTheoryTranslation();
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} size="lg" isDismissable={false}>
      <Dialog title={t('signature.title')}>
        {({ close }) => <SignatureBody lesson={lesson} participant={participant} close={close} />}
      </Dialog>
    </Modal>
  );
}

function SignatureBody({
  lesson,
  participant,
  close,
}: Pick<LessonSignatureDialogProps, 'lesson' | 'participant'> & { close: () => void }) {
  const toast = useToast();
  const { t } = useTheoryTranslation();
  const pad = useRef<SignaturePadHandle>(null);
  const [isEmpty, setEmpty] = useState(true);
  const upload = useUploadLessonSignature();
  const failure = upload.error ? errorToastMessage(upload.error, t) : null;

  const submit = async () => {
    if (!pad.current || pad.current.isEmpty()) return;
    try {
      await upload.mutateAsync({
        studentId: participant.studentId,
        theoryLessonId: lesson.id,
        png: await pad.current.toPng(),
      });
      toast.success(t('messages.save_success'));
      close();
    } catch {
      // The alert shows why; the drawing stays for another try.
    }
  };

  return (
    <div className="flex flex-col gap-4">
      {failure && <FormAlert>{failure}</FormAlert>}
      <p className="font-medium text-neutral-900">
        {t('signature.lessonOf', {
          topic: lesson.topic,
          date: formatDate(lesson.date),
          from: lesson.startTime,
          to: addMinutes(lesson.startTime, lesson.minutes),
          student: `${participant.firstName} ${participant.lastName}`,
        })}
      </p>
      <p>{t('signature.intro')}</p>
      <SignaturePad ref={pad} label={t('signature.pad')} onChange={setEmpty} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p aria-live="polite" className="text-neutral-600">
          {isEmpty ? t('signature.empty') : t('signature.captured')}
        </p>
        <Button
          variant="secondary"
          size="lg"
          isDisabled={isEmpty}
          onPress={() => pad.current?.clear()}
        >
          {t('signature.clear')}
        </Button>
      </div>
      <div className="flex flex-wrap justify-end gap-3 border-t border-neutral-100 pt-4">
        <Button variant="secondary" size="lg" onPress={close}>
          {t('common.cancel')}
        </Button>
        <Button size="lg" isDisabled={isEmpty} isPending={upload.isPending} onPress={submit}>
          {t('signature.submit')}
        </Button>
      </div>
    </div>
  );
}
