import { Badge, Button, Checkbox, Dialog, Modal, SearchField, Spinner } from '@fahrwerk/ui';
import { useMemo, useState } from 'react';
import {
  type Exam,
  useCandidateEducations,
  useEducationStatusInfo,
  useStudentNames,
} from '../api/exam-queries';
import type { ExamKind } from '../exam-kind';
import { useExamsTranslation } from '../use-exams-translation';
import { RequirementList } from './requirement-list';

export type AddParticipantsDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  kind: ExamKind;
  exam: Exam;
  /** Saves every education the exam shall have (`PUT {resource}/participants`). */
  onSubmit: (studentEducationIds: number[]) => Promise<unknown>;
  isPending: boolean;
};

/**
 * Adds students to an exam: the educations of the exam's class that may take it, each with
 * what the education status info says (✓/✗ per requirement, "no data" when there is nothing to
 * check). The free places limit the choice.
 */
export function AddParticipantsDialog({
  isOpen,
  onOpenChange,
  kind,
  exam,
  onSubmit,
  isPending,
}: AddParticipantsDialogProps) {
  const { t } = useExamsTranslation();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const candidates = useCandidateEducations(kind, exam.licenseClass, search, isOpen);
  const students = useStudentNames(search, isOpen);
  const taken = useMemo(
    () => new Set(exam.participants.map((row) => row.studentEducationId)),
    [exam.participants],
  );
  const educations = (candidates.data?.data ?? []).filter((row) => !taken.has(row.id));
  const info = useEducationStatusInfo(
    kind,
    educations.map((row) => row.id),
  );
  const names = new Map(
    (students.data?.data ?? []).map((row) => [row.id, `${row.firstName} ${row.lastName}`]),
  );
  const requirementsOf = new Map(
    (info.data ?? []).map((row) => [row.studentEducationId, row.requirements]),
  );
  const free = exam.places === undefined ? null : exam.places - exam.participants.length;
  const tooMany = free !== null && chosen.length > free;

  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} size="lg">
      <Dialog title={t('add.title')}>
        {({ close }) => (
          <div className="flex flex-col gap-4">
            <p className="text-sm text-neutral-700">
              {exam.licenseClass
                ? t('add.intro', { licenseClass: exam.licenseClass })
                : t('add.introMixed')}
              {free !== null && ` ${t('add.places', { free })}`}
            </p>
            <SearchField label={t('add.search')} value={search} onChange={setSearch} />
            {candidates.isPending || students.isPending ? (
              <Spinner label={t('common.loading')} />
            ) : candidates.isError ? (
              <p role="alert" className="text-sm text-danger-700">
                {t('common.loadError')}
              </p>
            ) : educations.length === 0 ? (
              <p className="text-sm text-neutral-700">{t('add.none')}</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {educations.map((education) => {
                  const name = names.get(education.studentId) ?? `#${education.studentId}`;
                  const requirements = requirementsOf.get(education.id);
                  const ready = requirements?.every((row) => row.status);
                  return (
                    <li
                      key={education.id}
                      className="flex flex-wrap items-start gap-x-6 gap-y-2 rounded-md border border-neutral-200 p-3"
                    >
                      <div className="flex min-w-48 flex-col gap-1">
                        <Checkbox
                          isSelected={chosen.includes(education.id)}
                          onChange={(selected) =>
                            setChosen((list) =>
                              selected
                                ? [...list, education.id]
                                : list.filter((id) => id !== education.id),
                            )
                          }
                          aria-label={t('add.choose', {
                            name,
                            licenseClass: education.licenseClass,
                          })}
                        >
                          <span className="font-medium">{name}</span> ({education.licenseClass})
                        </Checkbox>
                        {requirements && (
                          <Badge tone={ready ? 'success' : 'warning'}>
                            {t(ready ? 'add.ready' : 'add.notReady')}
                          </Badge>
                        )}
                      </div>
                      {requirements ? (
                        <RequirementList
                          requirements={requirements}
                          label={t('add.requirements', { name })}
                        />
                      ) : info.isError ? (
                        <p className="text-sm text-danger-700">{t('requirements.loadError')}</p>
                      ) : (
                        <Spinner size="sm" label={t('common.loading')} />
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
            {tooMany && (
              <p role="alert" className="text-sm text-danger-700">
                {t('add.tooMany', { free })}
              </p>
            )}
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onPress={close}>
                {t('common.cancel')}
              </Button>
              <Button
                isDisabled={chosen.length === 0 || tooMany}
                isPending={isPending}
                onPress={async () => {
                  try {
                    await onSubmit([...taken, ...chosen]);
                    setChosen([]);
                    close();
                  } catch {
                    // The screen shows the server's reason.
                  }
                }}
              >
                {chosen.length > 0
                  ? t('add.submitCount', { count: chosen.length })
                  : t('add.submit')}
              </Button>
            </div>
          </div>
        )}
      </Dialog>
    </Modal>
  );
}
