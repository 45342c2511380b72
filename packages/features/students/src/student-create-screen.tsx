import { useCan } from '@fahrwerk/core';
import { EmptyState, PageHeader, useToast } from '@fahrwerk/ui';
import { useMemo } from 'react';
import { useEmailCheck, usePickers, useStudentMutations } from './api/student-queries';
import { StudentForm } from './components/student-form';
import { emptyStudentForm, formToInput } from './schemas/student-form';
import { useStudentsTranslation } from './use-students-translation';

export type StudentCreateScreenProps = {
  /** Called with the new student's id (the host opens the student, e.g. to add an education). */
  onCreated: (id: number) => void;
  onCancel: () => void;
};

/** `/students/create`: a new student with every field of the student form. */
export function StudentCreateScreen({ onCreated, onCancel }: StudentCreateScreenProps) {
  const toast = useToast();
  const { t } = useStudentsTranslation();
  const canWrite = useCan('MODULE_CUSTOMERS_WRITE');
  const pickers = usePickers();
  const { save } = useStudentMutations();
  const checkEmail = useEmailCheck();
  // A school with one branch gets it preselected.
  const onlyBranch = pickers.branches.length === 1 ? pickers.branches[0]?.id : undefined;
  const defaults = useMemo(() => emptyStudentForm(onlyBranch ?? ''), [onlyBranch]);

  if (!canWrite) {
    return (
      <div className="flex flex-col gap-4">
        <PageHeader title={t('form.createTitle')} />
        <EmptyState title={t('form.readOnly')} />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('form.createTitle')} description={t('form.createDescription')} />
      <StudentForm
        key={onlyBranch ?? 'none'}
        defaultValues={defaults}
        pickers={pickers}
        checkEmail={checkEmail}
        submitLabel={t('common.create')}
        onCancel={onCancel}
        onSubmit={async (values) => {
          const student = await save.mutateAsync({ input: formToInput(values) });
          toast.success(t('messages.save_success'));
          onCreated(student.id);
        }}
      />
    </div>
  );
}
