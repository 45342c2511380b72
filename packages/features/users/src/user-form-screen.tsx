import { LICENSE_CLASSES, MAX_UPLOAD_BYTES, STUDENT_VISIBILITIES } from '@fahrwerk/api';
import {
  ApiForm,
  FormCheckboxGroup,
  FormSelect,
  FormSwitch,
  FormTextField,
  useApiForm,
  useCan,
} from '@fahrwerk/core';
import {
  Button,
  ErrorState,
  FileUpload,
  PageHeader,
  Section,
  Select,
  Spinner,
  useToast,
} from '@fahrwerk/ui';
import { useState } from 'react';
import {
  type Branch,
  type Role,
  type User,
  useActiveUsers,
  useBranches,
  useRoles,
  useUploadAvatar,
  useUser,
  useUserMutations,
} from './api/users-queries';
import { WorkHoursEditor } from './components/work-hours-editor';
import { emptyUserForm, formToUserInput, userFormSchema, userToForm } from './schemas/user-form';
import { useUsersTranslation } from './use-users-translation';

/** The contract's limit for avatars (the server answers 413 above it). */
const AVATAR_MAX_BYTES = Math.min(5 * 1024 * 1024, MAX_UPLOAD_BYTES);

export type UserFormScreenProps = {
  /** The user to edit; a new user without. */
  userId?: number | null;
  /** After a save (the new user's id after creating). */
  onSaved: (user: User) => void;
  onCancel: () => void;
};

/**
 * Create or edit a user (`/instructors/create`, `/instructors/edit/{id}`). A new user gets
 * an e-mail with a link to set their password. Users without MODULE_COMPANY_WRITE see the
 * form read-only.
 */
export function UserFormScreen({ userId = null, onSaved, onCancel }: UserFormScreenProps) {
  const { t } = useUsersTranslation();
  const user = useUser(userId);
  const roles = useRoles();
  const branches = useBranches();
  const users = useActiveUsers();

  const title = userId === null ? t('form.titleNew') : t('form.titleEdit');
  if (user.isError || roles.isError || branches.isError || users.isError) {
    return (
      <div className="flex flex-col gap-4">
        <PageHeader title={title} />
        <ErrorState
          title={t('common.loadError')}
          onRetry={() => {
            void user.refetch();
            void roles.refetch();
            void branches.refetch();
            void users.refetch();
          }}
        />
      </div>
    );
  }
  if ((userId !== null && !user.data) || !roles.data || !branches.data || !users.data) {
    return (
      <div className="flex flex-col gap-4">
        <PageHeader title={title} />
        <Spinner label={t('common.loading')} />
      </div>
    );
  }
  return (
    <UserFormBody
      key={user.data?.id ?? 'new'}
      user={user.data ?? undefined}
      roles={roles.data}
      branches={branches.data}
      colleagues={users.data.filter((other) => other.id !== userId)}
      onSaved={onSaved}
      onCancel={onCancel}
    />
  );
}

function UserFormBody({
  user,
  roles,
  branches,
  colleagues,
  onSaved,
  onCancel,
}: {
  user?: User;
  roles: Role[];
  branches: Branch[];
  colleagues: User[];
  onSaved: (user: User) => void;
  onCancel: () => void;
}) {
  const toast = useToast();
  const { t } = useUsersTranslation();
  const canWrite = useCan('MODULE_COMPANY_WRITE');
  const save = useUserMutations().save;
  const form = useApiForm({
    schema: userFormSchema,
    defaultValues: user ? userToForm(user) : emptyUserForm(),
    submit: async (values) => {
      const saved = await save.mutateAsync({ id: user?.id, input: formToUserInput(values) });
      if (!saved) return;
      toast.success(user ? t('messages.save_success') : t('form.created', { email: saved.email }));
      onSaved(saved);
    },
    t,
  });
  const { control, watch, setValue, formState } = form;
  const roleIds = watch('roleIds');
  const readOnly = !canWrite;

  const colleagueOptions = colleagues.map((other) => ({
    id: String(other.id),
    label: `${other.lastName}, ${other.firstName}`,
  }));

  return (
    <ApiForm form={form}>
      <PageHeader
        title={user ? `${user.firstName} ${user.lastName}` : t('form.titleNew')}
        description={
          readOnly
            ? t('common.readOnly')
            : user
              ? t('form.descriptionEdit')
              : t('form.descriptionNew')
        }
        actions={
          <div className="flex gap-2">
            <Button variant="secondary" onPress={onCancel}>
              {readOnly ? t('common.back') : t('common.cancel')}
            </Button>
            {!readOnly && (
              <Button type="submit" isPending={formState.isSubmitting}>
                {user ? t('common.save') : t('form.create')}
              </Button>
            )}
          </div>
        }
      />
      <fieldset disabled={readOnly} className="contents">
        <Section title={t('form.person')} columns>
          <FormTextField
            control={control}
            name="firstName"
            label={t('form.firstName')}
            isRequired
            isReadOnly={readOnly}
            maxLength={100}
          />
          <FormTextField
            control={control}
            name="lastName"
            label={t('form.lastName')}
            isRequired
            isReadOnly={readOnly}
            maxLength={100}
          />
          <FormTextField
            control={control}
            name="email"
            label={t('form.email')}
            description={t('form.emailHint')}
            type="email"
            isRequired
            isReadOnly={readOnly}
            maxLength={254}
          />
          <FormTextField
            control={control}
            name="phone"
            label={t('form.phone')}
            type="tel"
            isReadOnly={readOnly}
            maxLength={30}
          />
        </Section>

        <Section title={t('form.access')} description={t('form.accessHint')} columns>
          {/* The first chosen role is the current one; a new choice is added after it. */}
          <FormCheckboxGroup
            control={control}
            name="roleIds"
            label={t('form.roles')}
            isRequired
            isReadOnly={readOnly}
            options={roles.map((role) => ({ id: String(role.id), label: role.name }))}
          />
          <Select
            label={t('form.currentRole')}
            description={t('form.currentRoleHint')}
            isDisabled={readOnly || roleIds.length < 2}
            items={roleIds.map((id) => ({
              id,
              label: roles.find((role) => String(role.id) === id)?.name ?? `#${id}`,
            }))}
            selectedKey={roleIds[0] ?? null}
            onSelectionChange={(key) => {
              const id = String(key);
              setValue('roleIds', [id, ...roleIds.filter((other) => other !== id)]);
            }}
          />
          <FormCheckboxGroup
            control={control}
            name="branchIds"
            label={t('form.branches')}
            description={t('form.branchesHint')}
            isReadOnly={readOnly}
            options={branches.map((branch) => ({ id: String(branch.id), label: branch.name }))}
          />
          <FormCheckboxGroup
            control={control}
            name="licenseClasses"
            label={t('form.licenseClasses')}
            description={t('form.licenseClassesHint')}
            isReadOnly={readOnly}
            layout="row"
            options={LICENSE_CLASSES.map((id) => ({ id, label: id }))}
          />
        </Section>

        <Section title={t('form.calendar')} description={t('form.calendarHint')} columns>
          <FormCheckboxGroup
            control={control}
            name="calendarReadAccessUserIds"
            label={t('form.calendarRead')}
            description={colleagues.length === 0 ? t('form.noColleagues') : undefined}
            isReadOnly={readOnly}
            options={colleagueOptions}
          />
          <FormCheckboxGroup
            control={control}
            name="calendarWriteAccessUserIds"
            label={t('form.calendarWrite')}
            description={t('form.calendarWriteHint')}
            isReadOnly={readOnly}
            options={colleagueOptions}
          />
          <FormSwitch
            control={control}
            name="mobileCalendarAccess"
            isReadOnly={readOnly}
            description={t('form.mobileHint')}
          >
            {t('form.mobile')}
          </FormSwitch>
        </Section>

        <Section title={t('form.visibility')}>
          <FormSelect
            control={control}
            name="studentVisibility"
            label={t('form.visibilityLabel')}
            isRequired
            isReadOnly={readOnly}
            options={STUDENT_VISIBILITIES.map((id) => ({ id, label: t(`visibility.${id}`) }))}
          />
        </Section>

        <Section title={t('form.workHours')} description={t('form.workHoursHint')}>
          <WorkHoursEditor control={control} />
        </Section>
      </fieldset>

      {user && <AvatarSection user={user} canChange={canWrite} />}
    </ApiForm>
  );
}

function AvatarSection({ user, canChange }: { user: User; canChange: boolean }) {
  const toast = useToast();
  const { t } = useUsersTranslation();
  const upload = useUploadAvatar();
  const [files, setFiles] = useState<File[]>([]);
  return (
    <Section title={t('avatar.title')}>
      <p className="text-sm text-neutral-700">
        {user.avatar ? t('avatar.current', { name: user.avatar.fileName }) : t('avatar.none')}
      </p>
      {canChange && (
        <div className="flex flex-wrap items-end gap-3">
          <FileUpload
            label={t('avatar.file')}
            maxSizeBytes={AVATAR_MAX_BYTES}
            acceptedFileTypes={['image/jpeg', 'image/png']}
            recommendation={t('avatar.recommendation')}
            value={files}
            onChange={setFiles}
          />
          <Button
            variant="secondary"
            isDisabled={files.length === 0}
            isPending={upload.isPending}
            onPress={() => {
              const [file] = files;
              if (!file) return;
              upload.mutate(
                { userId: user.id, file },
                {
                  onSuccess: () => {
                    setFiles([]);
                    toast.success(t('avatar.uploaded'));
                  },
                },
              );
            }}
          >
            {t('avatar.upload')}
          </Button>
        </div>
      )}
    </Section>
  );
}
