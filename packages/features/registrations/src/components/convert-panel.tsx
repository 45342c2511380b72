import { isApiError } from '@fahrwerk/api';
import { FormAlert } from '@fahrwerk/core';
import { Badge, Button, formatDate, Select, Spinner, useToast } from '@fahrwerk/ui';
import { useState } from 'react';
import {
  type Registration,
  useBranches,
  useConvertRegistration,
  useMatchingStudents,
} from '../api/registration-queries';
import { useRegistrationsTranslation } from '../use-registrations-translation';

const NEW_STUDENT = 'new';

export type ConvertPanelProps = {
  registration: Registration;
  canWrite: boolean;
  onOpenStudent: (studentId: number) => void;
};

/**
 * Matching students (same e-mail, same name and birth date, same phone) and the conversion:
 * a new student, or the registration merged into one of the matches; a branch is asked for
 * when the registration names none.
 */
export function ConvertPanel({ registration: r, canWrite, onOpenStudent }: ConvertPanelProps) {
  const toast = useToast();
  const { t } = useRegistrationsTranslation();
  const converted = r.processStatus === 'CONVERTED';
  const matches = useMatchingStudents(converted ? null : r.id);
  const needsBranch = !r.branchId;
  const branches = useBranches(canWrite && !converted && needsBranch);
  const convert = useConvertRegistration();
  const [target, setTarget] = useState<string>(NEW_STUDENT);
  const [branchId, setBranchId] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (converted) {
    return (
      <div className="flex flex-col gap-2 border-t border-neutral-200 pt-4">
        <p className="text-sm text-neutral-700">{t('convert.done')}</p>
        {r.matchedStudentId !== undefined && (
          <div>
            <Button variant="secondary" onPress={() => onOpenStudent(r.matchedStudentId as number)}>
              {t('convert.openStudent')}
            </Button>
          </div>
        )}
      </div>
    );
  }

  const list = matches.data ?? [];
  const mergeInto = target === NEW_STUDENT ? undefined : Number(target);
  const missingBranch = mergeInto === undefined && needsBranch && branchId === null;

  const run = async () => {
    setProblem(null);
    if (missingBranch) {
      setProblem('convert.branchRequired');
      return;
    }
    try {
      const student = await convert.mutateAsync({
        id: r.id,
        studentId: mergeInto,
        branchId: mergeInto === undefined && needsBranch ? (branchId ?? undefined) : undefined,
      });
      toast.success(t('convert.success', { name: `${student.firstName} ${student.lastName}` }));
      onOpenStudent(student.id);
    } catch (error) {
      if (isApiError(error)) {
        const keys = [...error.fieldErrors.map((f) => f.error), ...error.globalErrors];
        setProblem(keys[0] ?? error.body.error_message);
      } else setProblem('errors.unknown');
    }
  };

  return (
    <section
      aria-labelledby="convert-title"
      className="flex flex-col gap-3 border-t border-neutral-200 pt-4"
    >
      <h3 id="convert-title" className="font-semibold text-neutral-900">
        {t('convert.matchesTitle')}
      </h3>
      {matches.isPending ? (
        <Spinner label={t('convert.matchesLoading')} />
      ) : matches.isError ? (
        <p className="text-sm text-danger-700">{t('convert.matchesError')}</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-neutral-700">{t('convert.noMatches')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {list.map((m) => (
            <li
              key={m.student.id}
              className="flex flex-wrap items-center gap-2 rounded-md border border-neutral-200 p-2 text-sm"
            >
              <span className="font-medium text-neutral-900">
                {m.student.firstName} {m.student.lastName}
              </span>
              {m.student.birthDate && (
                <span className="text-neutral-600">{formatDate(m.student.birthDate)}</span>
              )}
              {m.emailMatches && <Badge tone="warning">{t('convert.sameEmail')}</Badge>}
              {m.nameAndBirthDateMatch && (
                <Badge tone="warning">{t('convert.sameNameBirthDate')}</Badge>
              )}
              {m.phoneMatches && <Badge tone="warning">{t('convert.samePhone')}</Badge>}
              <Button
                variant="secondary"
                size="sm"
                className="ms-auto"
                onPress={() => onOpenStudent(m.student.id)}
              >
                {t('convert.open')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <div className="flex flex-col gap-3">
          {problem && (
            <FormAlert>
              <p>{t(problem)}</p>
            </FormAlert>
          )}
          {list.length > 0 && (
            <Select
              label={t('convert.target')}
              items={[
                { id: NEW_STUDENT, label: t('convert.newStudent') },
                ...list.map((m) => ({
                  id: String(m.student.id),
                  label: t('convert.mergeInto', {
                    name: `${m.student.firstName} ${m.student.lastName}`,
                  }),
                })),
              ]}
              selectedKey={target}
              onSelectionChange={(key) => setTarget(String(key))}
            />
          )}
          {mergeInto === undefined && needsBranch && (
            <Select
              label={t('convert.branch')}
              isRequired
              items={(branches.data ?? []).map((b) => ({ id: String(b.id), label: b.name }))}
              selectedKey={branchId === null ? null : String(branchId)}
              onSelectionChange={(key) => setBranchId(key === null ? null : Number(key))}
              isInvalid={problem === 'convert.branchRequired'}
            />
          )}
          <div>
            <Button onPress={run} isPending={convert.isPending}>
              {mergeInto === undefined ? t('convert.submitNew') : t('convert.submitMerge')}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
