import { isApiError } from '@fahrwerk/api';
import { ChecklistsPanel, useCan } from '@fahrwerk/core';
import {
  ActionMenu,
  type ActionMenuItem,
  Badge,
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  PageHeader,
  Section,
  Spinner,
  Tab,
  TabList,
  TabPanel,
  Tabs,
  useToast,
} from '@fahrwerk/ui';
import { type ReactNode, useMemo, useState } from 'react';
import {
  type Student,
  useChangeLearningAppLogin,
  useDeleteUnconfirmedStudent,
  useEmailCheck,
  usePickers,
  useSendConfirmationEmail,
  useStudent,
  useStudentMutations,
} from './api/student-queries';
import { StudentAvatar } from './components/student-avatar';
import { StudentForm } from './components/student-form';
import { formToInput, studentToForm } from './schemas/student-form';
import { StudentAppointmentsPanel } from './student-appointments-panel';
import { StudentDocumentsPanel } from './student-documents-panel';
import { StudentEducationsPanel } from './student-educations-panel';
import { StudentTimeline } from './student-timeline';
import { useStudentsTranslation } from './use-students-translation';

export type StudentEditTab =
  | 'master'
  | 'educations'
  | 'documents'
  | 'appointments'
  | 'timeline'
  | 'checklists';

/**
 * A tab the host adds to the record (the back office: theory and exams, from their own
 * packages), shown after "Termine". `id` must differ from the built-in tabs.
 */
export type StudentRecordTab = {
  id: string;
  label: string;
  render: (student: { id: number; firstName: string; lastName: string }) => ReactNode;
};

export type StudentEditScreenProps = {
  studentId: number;
  onBack: () => void;
  /** After "delete unconfirmed student" (the host returns to the list). */
  onDeleted: () => void;
  /** A built-in tab or the id of one of `extraTabs`. @default 'master' */
  initialTab?: StudentEditTab | (string & {});
  /** Tabs of other features (shown after "Termine", in this order). */
  extraTabs?: StudentRecordTab[];
};

type Confirm = 'archive' | 'unarchive' | 'delete' | null;

/** `/students/edit/{id}`: the student with master data, educations, documents, appointments and timeline. */
export function StudentEditScreen({
  studentId,
  onBack,
  onDeleted,
  initialTab = 'master',
  extraTabs = [],
}: StudentEditScreenProps) {
  const { t } = useStudentsTranslation();
  const student = useStudent(studentId);

  if (student.isPending) {
    return (
      <div className="flex justify-center p-8">
        <Spinner label={t('common.loading')} />
      </div>
    );
  }
  if (student.error) {
    const notFound = isApiError(student.error) && student.error.status === 404;
    return notFound ? (
      <EmptyState
        title={t('edit.notFound')}
        action={<Button onPress={onBack}>{t('edit.back')}</Button>}
      />
    ) : (
      <ErrorState
        message={t('edit.loadError')}
        onRetry={() => student.refetch()}
        isRetrying={student.isFetching}
      />
    );
  }
  return (
    <StudentEditView
      student={student.data}
      onBack={onBack}
      onDeleted={onDeleted}
      initialTab={initialTab}
      extraTabs={extraTabs}
    />
  );
}

function StudentEditView({
  student,
  onBack,
  onDeleted,
  initialTab,
  extraTabs = [],
}: Omit<StudentEditScreenProps, 'studentId'> & { student: Student }) {
  const toast = useToast();
  const { t } = useStudentsTranslation();
  const canWrite = useCan('MODULE_CUSTOMERS_WRITE');
  const pickers = usePickers();
  const { save, archive } = useStudentMutations();
  const remove = useDeleteUnconfirmedStudent();
  const sendConfirmation = useSendConfirmationEmail();
  const learningApp = useChangeLearningAppLogin();
  const checkEmail = useEmailCheck();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const name = `${student.firstName} ${student.lastName}`;
  const editable = canWrite && !student.archived;
  // The form restarts from the server's answer after each save (updatedAt changes).
  const defaults = useMemo(() => studentToForm(student), [student]);
  const appEmail = student.learningAppEmail ?? student.email;

  const items: ActionMenuItem[] = [
    student.archived
      ? { id: 'unarchive', label: t('edit.unarchive') }
      : { id: 'archive', label: t('edit.archive') },
    {
      id: 'send-confirmation',
      label: t('edit.sendConfirmation'),
      isDisabled: student.archived || !appEmail,
    },
    {
      id: 'learning-app',
      label: student.learningAppLoginAllowed ? t('edit.blockApp') : t('edit.allowApp'),
      isDisabled: student.archived,
    },
    {
      id: 'delete',
      label: t('edit.deleteUnconfirmed'),
      isDanger: true,
      // Only for sign-ups that never confirmed the learning app (the server checks the rest).
      isDisabled: student.firstLoginDate !== undefined,
    },
  ];

  const handleAction = (id: string) => {
    if (id === 'archive' || id === 'unarchive' || id === 'delete') setConfirm(id);
    if (id === 'send-confirmation') {
      if (!appEmail) {
        toast.error(t('edit.noEmail'));
        return;
      }
      sendConfirmation.mutate(appEmail, {
        onSuccess: () => toast.success(t('edit.email_sent')),
        onError: (error) => {
          const key = isApiError(error) ? error.globalErrors[0] : undefined;
          toast.error(
            key && key !== 'errors.email_not_sent'
              ? `${t('edit.email_not_sent')} ${t(key)}`
              : t('edit.email_not_sent'),
          );
        },
      });
    }
    if (id === 'learning-app') {
      const allowed = !student.learningAppLoginAllowed;
      learningApp.mutate(
        { id: student.id, allowed },
        { onSuccess: () => toast.success(allowed ? t('edit.appAllowed') : t('edit.appBlocked')) },
      );
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        eyebrow={
          <Button variant="quiet" size="sm" onPress={onBack}>
            {t('edit.back')}
          </Button>
        }
        title={
          <span className="flex flex-wrap items-center gap-2">
            {name}
            {student.archived && <Badge tone="neutral">{t('common.archived')}</Badge>}
            {student.firstLoginDate ? (
              <Badge tone="success">{t('edit.confirmed')}</Badge>
            ) : (
              <Badge tone="warning">{t('edit.unconfirmed')}</Badge>
            )}
          </span>
        }
        actions={
          canWrite ? (
            <ActionMenu label={t('edit.actions')} items={items} onAction={handleAction} />
          ) : undefined
        }
      />
      <Tabs defaultSelectedKey={initialTab}>
        <TabList aria-label={t('edit.tabs.label')}>
          <Tab id="master">{t('edit.tabs.master')}</Tab>
          <Tab id="educations">{t('edit.tabs.educations')}</Tab>
          <Tab id="documents">{t('edit.tabs.documents')}</Tab>
          <Tab id="appointments">{t('edit.tabs.appointments')}</Tab>
          {extraTabs.map((tab) => (
            <Tab key={tab.id} id={tab.id}>
              {tab.label}
            </Tab>
          ))}
          <Tab id="timeline">{t('edit.tabs.timeline')}</Tab>
          <Tab id="checklists">{t('checklists.tab')}</Tab>
        </TabList>
        <TabPanel id="master" className="flex flex-col gap-4 pt-4">
          {student.archived && (
            <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              {t('form.archivedReadOnly')}
            </p>
          )}
          {!canWrite && (
            <p className="rounded-md border border-neutral-300 bg-neutral-50 p-3 text-sm text-neutral-800">
              {t('form.readOnly')}
            </p>
          )}
          <Section title={t('edit.avatar')}>
            <StudentAvatar
              studentId={student.id}
              name={name}
              fileId={student.avatar?.id}
              canWrite={editable}
            />
          </Section>
          <StudentForm
            key={student.updatedAt}
            defaultValues={defaults}
            pickers={pickers}
            isReadOnly={!editable}
            checkEmail={checkEmail}
            submitLabel={t('common.save')}
            onSubmit={async (values) => {
              await save.mutateAsync({ id: student.id, input: formToInput(values) });
              toast.success(t('messages.save_success'));
            }}
          />
        </TabPanel>
        <TabPanel id="educations" className="pt-4">
          <StudentEducationsPanel student={student} pickers={pickers} />
        </TabPanel>
        <TabPanel id="documents" className="pt-4">
          <StudentDocumentsPanel student={student} />
        </TabPanel>
        <TabPanel id="appointments" className="pt-4">
          <StudentAppointmentsPanel student={student} />
        </TabPanel>
        {extraTabs.map((tab) => (
          <TabPanel key={tab.id} id={tab.id} className="pt-4">
            {tab.render(student)}
          </TabPanel>
        ))}
        <TabPanel id="timeline" className="pt-4">
          <StudentTimeline studentId={student.id} />
        </TabPanel>
        <TabPanel id="checklists" className="pt-4">
          <ChecklistsPanel owner={{ kind: 'student', studentId: student.id }} headingLevel={2} />
        </TabPanel>
      </Tabs>

      <ConfirmDialog
        isOpen={confirm === 'archive' || confirm === 'unarchive'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm === 'unarchive' ? t('edit.unarchiveTitle') : t('edit.archiveTitle')}
        confirmLabel={confirm === 'unarchive' ? t('edit.unarchive') : t('edit.archive')}
        onConfirm={async () => {
          const archived = confirm === 'archive';
          await archive.mutateAsync({ id: student.id, archived });
          toast.success(t(archived ? 'messages.archive_success' : 'messages.unarchive_success'));
        }}
      >
        {confirm === 'unarchive'
          ? t('edit.unarchiveText', { name })
          : t('edit.archiveText', { name })}
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={confirm === 'delete'}
        onOpenChange={(open) => !open && setConfirm(null)}
        variant="destructive"
        title={t('edit.deleteTitle')}
        confirmLabel={t('common.delete')}
        onConfirm={async () => {
          await remove.mutateAsync(student.id);
          toast.success(t('messages.delete_success'));
          onDeleted();
        }}
      >
        {t('edit.deleteText', { name })}
      </ConfirmDialog>
    </div>
  );
}
