import { EDUCATION_STATUSES, LICENSE_CLASSES, PAYMENT_WORKFLOWS } from '@fahrwerk/api';
import {
  type ApiFormOf,
  FormCheckboxGroup,
  FormDateField,
  FormDialog,
  type FormOption,
  FormSelect,
  FormTextField,
  useCan,
} from '@fahrwerk/core';
import {
  Badge,
  type BadgeTone,
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  FieldColumns,
  formatDate,
  Section,
  Spinner,
  Switch,
  useToast,
} from '@fahrwerk/ui';
import { useState } from 'react';
import {
  type EducationSwitch,
  type Student,
  type StudentEducation,
  type StudentEducationInput,
  useEducationMutations,
  useEducationSwitch,
  useStudentEducations,
  useTheoryCourses,
} from './api/student-queries';
import type { StudentFormPickers } from './components/student-form';
import { EducationBookedProducts } from './education-booked-products';
import { EducationTrainingContract } from './education-training-contract';
import { type EducationForm, educationFormSchema } from './schemas/student-form';
import { useStudentsTranslation } from './use-students-translation';

const STATUS_TONE: Record<StudentEducation['status'], BadgeTone> = {
  REGISTERED: 'neutral',
  IN_TRAINING: 'brand',
  THEORY_PASSED: 'brand',
  FINISHED: 'success',
  CANCELLED: 'danger',
};

export type StudentEducationsPanelProps = {
  student: Student;
  pickers: StudentFormPickers;
};

/** The educations of a student (one per licence class) with their state switches. */
export function StudentEducationsPanel({ student, pickers }: StudentEducationsPanelProps) {
  const toast = useToast();
  const { t } = useStudentsTranslation();
  const canWrite = useCan('MODULE_CUSTOMERS_WRITE');
  const educations = useStudentEducations(student.id);
  const change = useEducationSwitch();
  const [editing, setEditing] = useState<StudentEducation | 'new' | null>(null);
  const [archiving, setArchiving] = useState<StudentEducation | null>(null);
  const label = (id: number | undefined, options: FormOption[]) =>
    id === undefined
      ? t('common.none')
      : (options.find((o) => o.id === String(id))?.label ?? t('common.none'));

  const flip = (education: StudentEducation, which: EducationSwitch, value: boolean) =>
    change.mutate(
      { id: education.id, which, value },
      {
        onSuccess: () =>
          toast.success(
            which === 'archived'
              ? t(value ? 'messages.archive_success' : 'messages.unarchive_success')
              : t('messages.saveEducationsuccess'),
          ),
      },
    );

  let body: React.ReactNode;
  if (educations.isPending) body = <Spinner label={t('common.loading')} />;
  else if (educations.error)
    body = <ErrorState message={t('educations.loadError')} onRetry={() => educations.refetch()} />;
  else if (educations.data.length === 0) body = <EmptyState title={t('educations.empty')} />;
  else
    body = (
      <ul className="flex flex-col gap-3">
        {educations.data.map((education) => {
          const writable = canWrite && !education.archived;
          return (
            <li key={education.id} className="rounded-md border border-neutral-200 bg-white p-4">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="text-base font-semibold">
                  {t('timeline.education', { licenseClass: education.licenseClass })}
                </h3>
                <Badge tone={STATUS_TONE[education.status]}>
                  {t(`enum.educationStatus.${education.status}`)}
                </Badge>
                {education.archived && <Badge tone="neutral">{t('common.archived')}</Badge>}
                <span className="ms-auto flex gap-2">
                  {writable && (
                    <Button variant="secondary" size="sm" onPress={() => setEditing(education)}>
                      {t('educations.edit')}
                    </Button>
                  )}
                  {canWrite &&
                    (education.archived ? (
                      <Button
                        variant="secondary"
                        size="sm"
                        onPress={() => flip(education, 'archived', false)}
                      >
                        {t('educations.unarchive')}
                      </Button>
                    ) : (
                      <Button variant="secondary" size="sm" onPress={() => setArchiving(education)}>
                        {t('educations.archive')}
                      </Button>
                    ))}
                </span>
              </div>
              <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
                <dt className="text-neutral-600">{t('educations.instructor')}</dt>
                <dd>{label(education.instructorId, pickers.instructors)}</dd>
                <dt className="text-neutral-600">{t('educations.branch')}</dt>
                <dd>{label(education.branchId, pickers.branches)}</dd>
                <dt className="text-neutral-600">{t('educations.paymentWorkflow')}</dt>
                <dd>{t(`enum.paymentWorkflow.${education.paymentWorkflow}`)}</dd>
                <dt className="text-neutral-600">{t('educations.startDate')}</dt>
                <dd>{education.startDate ? formatDate(education.startDate) : t('common.none')}</dd>
                <dt className="text-neutral-600">{t('educations.theoryExam')}</dt>
                <dd>
                  {education.theoryExamDate
                    ? formatDate(education.theoryExamDate)
                    : t('common.none')}
                </dd>
                <dt className="text-neutral-600">{t('educations.practicalExam')}</dt>
                <dd>
                  {education.practicalExamDate
                    ? formatDate(education.practicalExamDate)
                    : t('common.none')}
                </dd>
              </dl>
              <div className="mt-3 flex flex-wrap gap-6">
                <Switch
                  isSelected={education.finished}
                  isDisabled={!writable}
                  onChange={(value) => flip(education, 'finished', value)}
                >
                  {t('educations.finished')}
                </Switch>
                <Switch
                  isSelected={education.automaticPayment}
                  isDisabled={!writable}
                  onChange={(value) => flip(education, 'automaticPayment', value)}
                >
                  {t('educations.automaticPayment')}
                </Switch>
                <Switch
                  isSelected={education.driveBuzzEnabled}
                  isDisabled={!writable}
                  onChange={(value) => flip(education, 'driveBuzzEnabled', value)}
                >
                  {t('educations.driveBuzzEnabled')}
                </Switch>
              </div>
              <EducationTrainingContract
                educationId={education.id}
                licenseClass={education.licenseClass}
                isArchived={education.archived}
                studentName={`${student.firstName} ${student.lastName}`}
              />
              <EducationBookedProducts educationId={education.id} />
            </li>
          );
        })}
      </ul>
    );

  return (
    <Section
      title={t('educations.title')}
      actions={
        canWrite && !student.archived ? (
          <Button onPress={() => setEditing('new')}>{t('educations.add')}</Button>
        ) : undefined
      }
    >
      {body}
      <EducationFormDialog
        isOpen={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        student={student}
        education={editing === 'new' ? null : editing}
        pickers={pickers}
      />
      <ConfirmDialog
        isOpen={archiving !== null}
        onOpenChange={(open) => !open && setArchiving(null)}
        title={t('educations.archiveTitle')}
        confirmLabel={t('educations.archive')}
        onConfirm={async () => {
          if (!archiving) return;
          await change.mutateAsync({ id: archiving.id, which: 'archived', value: true });
          toast.success(t('messages.archive_success'));
        }}
      >
        {archiving && t('educations.archiveText', { licenseClass: archiving.licenseClass })}
      </ConfirmDialog>
    </Section>
  );
}

function toEducationForm(education: StudentEducation | null, student: Student): EducationForm {
  const str = (value: number | undefined) => (value === undefined ? '' : String(value));
  return {
    licenseClass: education?.licenseClass ?? student.mainClass ?? '',
    baseLicenseClass: education?.baseLicenseClass ?? '',
    status: education?.status ?? 'REGISTERED',
    instructorId: str(education?.instructorId ?? student.instructorId),
    branchId: str(education?.branchId ?? student.branchId),
    priceListId: str(education?.priceListId ?? student.priceListId),
    paymentWorkflow: education?.paymentWorkflow ?? student.paymentWorkflow ?? 'CLASSIC_PAY',
    theoryQuestionsVersion: education?.theoryQuestionsVersion ?? '',
    startDate: education?.startDate ?? null,
    courseIds: (education?.courseIds ?? []).map(String),
  };
}

function EducationFormDialog({
  student,
  education,
  pickers,
  ...dialog
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  student: Student;
  education: StudentEducation | null;
  pickers: StudentFormPickers;
}) {
  const toast = useToast();
  const { t } = useStudentsTranslation();
  const canSeeCourses = useCan('MODULE_THEORY');
  const { save } = useEducationMutations();

  const saveEducation = async (form: EducationForm) => {
    const num = (value: string) => (value === '' ? undefined : Number(value));
    const body: StudentEducationInput = {
      studentId: student.id,
      licenseClass: form.licenseClass as StudentEducationInput['licenseClass'],
      baseLicenseClass: form.baseLicenseClass || undefined,
      status: form.status,
      instructorId: num(form.instructorId),
      branchId: num(form.branchId),
      priceListId: num(form.priceListId),
      paymentWorkflow: form.paymentWorkflow,
      driveBuzzEnabled: education?.driveBuzzEnabled ?? false,
      automaticPayment: education?.automaticPayment ?? false,
      theoryQuestionsVersion: form.theoryQuestionsVersion || undefined,
      startDate: form.startDate ?? undefined,
      // Without MODULE_THEORY the courses are not shown; keep the ones the education has.
      courseIds: canSeeCourses ? form.courseIds.map(Number) : (education?.courseIds ?? []),
      costBearerIds: education?.costBearerIds ?? [],
    };
    await save.mutateAsync({ id: education?.id, input: body });
    toast.success(t('educations.saved'));
  };
  const title = education ? t('educations.edit') : t('educations.add');
  return (
    <FormDialog
      {...dialog}
      size="lg"
      title={title}
      schema={educationFormSchema}
      defaultValues={toEducationForm(education, student)}
      submit={saveEducation}
      // The server's German message (the student is archived, more than 3 courses) shows in
      // the form's alert; other failures toast.
      alertOn="validation"
      t={t}
      formProps={{ 'aria-label': title }}
    >
      {({ control }) => (
        <EducationFields control={control} pickers={pickers} canSeeCourses={canSeeCourses} />
      )}
    </FormDialog>
  );
}

/** The fields; the theory courses load while the dialog is open. */
function EducationFields({
  control,
  pickers,
  canSeeCourses,
}: {
  control: ApiFormOf<typeof educationFormSchema>['control'];
  pickers: StudentFormPickers;
  canSeeCourses: boolean;
}) {
  const { t } = useStudentsTranslation();
  const courses = useTheoryCourses(canSeeCourses);
  const classOptions = LICENSE_CLASSES.map((value) => ({ id: value, label: value }));
  const courseOptions: FormOption[] = (courses.data ?? []).map((course) => ({
    id: String(course.id),
    label: `${course.shortDescription} (${formatDate(course.start)})`,
  }));

  return (
    <>
      <FieldColumns>
        <FormSelect
          control={control}
          name="licenseClass"
          label={t('educations.licenseClass')}
          isRequired
          options={classOptions}
        />
        <FormSelect
          control={control}
          name="baseLicenseClass"
          label={t('educations.baseLicenseClass')}
          options={classOptions}
        />
        <FormSelect
          control={control}
          name="status"
          label={t('educations.status')}
          isRequired
          options={EDUCATION_STATUSES.map((value) => ({
            id: value,
            label: t(`enum.educationStatus.${value}`),
          }))}
        />
        <FormSelect
          control={control}
          name="paymentWorkflow"
          label={t('educations.paymentWorkflow')}
          isRequired
          options={PAYMENT_WORKFLOWS.map((value) => ({
            id: value,
            label: t(`enum.paymentWorkflow.${value}`),
          }))}
        />
        <FormSelect
          control={control}
          name="instructorId"
          label={t('educations.instructor')}
          options={pickers.instructors}
        />
        <FormSelect
          control={control}
          name="branchId"
          label={t('educations.branch')}
          options={pickers.branches}
        />
        <FormSelect
          control={control}
          name="priceListId"
          label={t('educations.priceList')}
          options={pickers.priceLists}
        />
        <FormDateField control={control} name="startDate" label={t('educations.startDate')} />
        <FormTextField
          control={control}
          name="theoryQuestionsVersion"
          label={t('educations.theoryQuestionsVersion')}
          description={t('educations.theoryQuestionsHint')}
          maxLength={10}
        />
      </FieldColumns>
      {canSeeCourses && courseOptions.length > 0 && (
        <FormCheckboxGroup
          control={control}
          name="courseIds"
          label={t('educations.courses')}
          options={courseOptions}
        />
      )}
    </>
  );
}
