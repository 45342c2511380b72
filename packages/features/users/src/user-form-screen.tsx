import { MAX_UPLOAD_BYTES } from '@fahrwerk/api';
import { FormAlert, invalidProps, useCan } from '@fahrwerk/core';
import {
  Button,
  Checkbox,
  CheckboxGroup,
  ErrorState,
  FileUpload,
  PageHeader,
  Section,
  Select,
  Spinner,
  Switch,
  TextField,
  toast,
} from '@fahrwerk/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  type Branch,
  type Role,
  type User,
  useActiveUsers,
  useBranches,
  useRoles,
  useSaveUser,
  useUploadAvatar,
  useUser,
} from './api/users-queries';
import { WorkHoursEditor } from './components/work-hours-editor';
import {
  emptyUserForm,
  formToUserInput,
  LICENSE_CLASSES,
  USER_SERVER_FIELDS,
  type UserForm,
  userFormSchema,
  userToForm,
} from './schemas/user-form';
import { applyServerErrors } from './server-errors';
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
  const { t } = useUsersTranslation();
  const canWrite = useCan('MODULE_COMPANY_WRITE');
  const save = useSaveUser();
  const [problems, setProblems] = useState<string[]>([]);
  const { control, handleSubmit, setError, watch, setValue, formState } = useForm<UserForm>({
    resolver: zodResolver(userFormSchema),
    defaultValues: user ? userToForm(user) : emptyUserForm(),
  });
  const roleIds = watch('roleIds');
  const readOnly = !canWrite;

  const submit = handleSubmit(async (form) => {
    setProblems([]);
    try {
      const saved = await save.mutateAsync({ id: user?.id, input: formToUserInput(form) });
      if (!saved) return;
      toast.success(user ? t('messages.save_success') : t('form.created', { email: saved.email }));
      onSaved(saved);
    } catch (error) {
      setProblems(applyServerErrors(error, setError, USER_SERVER_FIELDS));
    }
  });

  const colleagueName = (other: User) => `${other.lastName}, ${other.firstName}`;

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
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
      {problems.length > 0 && (
        <FormAlert>
          {problems.map((problem) => (
            <p key={problem}>{t(problem)}</p>
          ))}
        </FormAlert>
      )}
      <fieldset disabled={readOnly} className="contents">
        <Section title={t('form.person')} columns>
          <Controller
            control={control}
            name="firstName"
            render={({ field, fieldState }) => (
              <TextField
                label={t('form.firstName')}
                isRequired
                isReadOnly={readOnly}
                maxLength={100}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                {...invalidProps(fieldState.error, t)}
              />
            )}
          />
          <Controller
            control={control}
            name="lastName"
            render={({ field, fieldState }) => (
              <TextField
                label={t('form.lastName')}
                isRequired
                isReadOnly={readOnly}
                maxLength={100}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                {...invalidProps(fieldState.error, t)}
              />
            )}
          />
          <Controller
            control={control}
            name="email"
            render={({ field, fieldState }) => (
              <TextField
                label={t('form.email')}
                description={t('form.emailHint')}
                type="email"
                isRequired
                isReadOnly={readOnly}
                maxLength={254}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                {...invalidProps(fieldState.error, t)}
              />
            )}
          />
          <Controller
            control={control}
            name="phone"
            render={({ field, fieldState }) => (
              <TextField
                label={t('form.phone')}
                type="tel"
                isReadOnly={readOnly}
                maxLength={30}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                {...invalidProps(fieldState.error, t)}
              />
            )}
          />
        </Section>

        <Section title={t('form.access')} description={t('form.accessHint')} columns>
          <Controller
            control={control}
            name="roleIds"
            render={({ field, fieldState }) => (
              <CheckboxGroup
                label={t('form.roles')}
                isRequired
                isReadOnly={readOnly}
                value={field.value.map(String)}
                onChange={(values) => {
                  const chosen = values.map(Number);
                  // Keep the current role first while it stays chosen.
                  const current = field.value[0];
                  field.onChange(
                    current !== undefined && chosen.includes(current)
                      ? [current, ...chosen.filter((id) => id !== current)]
                      : chosen,
                  );
                }}
                {...invalidProps(fieldState.error, t)}
              >
                {roles.map((role) => (
                  <Checkbox key={role.id} value={String(role.id)}>
                    {role.name}
                  </Checkbox>
                ))}
              </CheckboxGroup>
            )}
          />
          <Select
            label={t('form.currentRole')}
            description={t('form.currentRoleHint')}
            isDisabled={readOnly || roleIds.length < 2}
            items={roleIds.map((id) => ({
              id: String(id),
              label: roles.find((role) => role.id === id)?.name ?? `#${id}`,
            }))}
            selectedKey={roleIds[0] === undefined ? null : String(roleIds[0])}
            onSelectionChange={(key) => {
              const id = Number(key);
              setValue('roleIds', [id, ...roleIds.filter((other) => other !== id)]);
            }}
          />
          <Controller
            control={control}
            name="branchIds"
            render={({ field, fieldState }) => (
              <CheckboxGroup
                label={t('form.branches')}
                description={t('form.branchesHint')}
                isReadOnly={readOnly}
                value={field.value.map(String)}
                onChange={(values) => field.onChange(values.map(Number))}
                {...invalidProps(fieldState.error, t)}
              >
                {branches.map((branch) => (
                  <Checkbox key={branch.id} value={String(branch.id)}>
                    {branch.name}
                  </Checkbox>
                ))}
              </CheckboxGroup>
            )}
          />
          <Controller
            control={control}
            name="licenseClasses"
            render={({ field, fieldState }) => (
              <CheckboxGroup
                label={t('form.licenseClasses')}
                description={t('form.licenseClassesHint')}
                isReadOnly={readOnly}
                value={field.value}
                onChange={field.onChange}
                {...invalidProps(fieldState.error, t)}
              >
                <div className="flex flex-wrap gap-x-4 gap-y-1">
                  {LICENSE_CLASSES.map((licenseClass) => (
                    <Checkbox key={licenseClass} value={licenseClass}>
                      {licenseClass}
                    </Checkbox>
                  ))}
                </div>
              </CheckboxGroup>
            )}
          />
        </Section>

        <Section title={t('form.calendar')} description={t('form.calendarHint')} columns>
          <Controller
            control={control}
            name="calendarReadAccessUserIds"
            render={({ field, fieldState }) => (
              <CheckboxGroup
                label={t('form.calendarRead')}
                isReadOnly={readOnly}
                value={field.value.map(String)}
                onChange={(values) => field.onChange(values.map(Number))}
                {...invalidProps(fieldState.error, t)}
              >
                {colleagues.length === 0 && (
                  <p className="text-sm text-neutral-600">{t('form.noColleagues')}</p>
                )}
                {colleagues.map((other) => (
                  <Checkbox key={other.id} value={String(other.id)}>
                    {colleagueName(other)}
                  </Checkbox>
                ))}
              </CheckboxGroup>
            )}
          />
          <Controller
            control={control}
            name="calendarWriteAccessUserIds"
            render={({ field, fieldState }) => (
              <CheckboxGroup
                label={t('form.calendarWrite')}
                description={t('form.calendarWriteHint')}
                isReadOnly={readOnly}
                value={field.value.map(String)}
                onChange={(values) => field.onChange(values.map(Number))}
                {...invalidProps(fieldState.error, t)}
              >
                {colleagues.map((other) => (
                  <Checkbox key={other.id} value={String(other.id)}>
                    {colleagueName(other)}
                  </Checkbox>
                ))}
              </CheckboxGroup>
            )}
          />
          <Controller
            control={control}
            name="mobileCalendarAccess"
            render={({ field }) => (
              <Switch
                isSelected={field.value}
                isReadOnly={readOnly}
                onChange={field.onChange}
                description={t('form.mobileHint')}
              >
                {t('form.mobile')}
              </Switch>
            )}
          />
        </Section>

        <Section title={t('form.visibility')}>
          <Controller
            control={control}
            name="studentVisibility"
            render={({ field, fieldState }) => (
              <Select
                label={t('form.visibilityLabel')}
                isRequired
                isDisabled={readOnly}
                items={[
                  { id: 'ALL', label: t('visibility.ALL') },
                  { id: 'OWN', label: t('visibility.OWN') },
                ]}
                selectedKey={field.value}
                onSelectionChange={(key) => field.onChange(key)}
                {...invalidProps(fieldState.error, t)}
              />
            )}
          />
        </Section>

        <Section title={t('form.workHours')} description={t('form.workHoursHint')}>
          <WorkHoursEditor control={control} />
        </Section>
      </fieldset>

      {user && <AvatarSection user={user} canChange={canWrite} />}
    </form>
  );
}

function AvatarSection({ user, canChange }: { user: User; canChange: boolean }) {
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
