import { FormAlert, invalidProps, useCan } from '@fahrwerk/core';
import {
  Badge,
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorState,
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
import { type Role, useDeleteRole, useRoles, useSaveRole } from './api/users-queries';
import { PermissionMatrix } from './components/permission-matrix';
import {
  emptyRoleForm,
  formToRole,
  ROLE_TYPES,
  type RoleForm,
  roleFormSchema,
  roleToForm,
  toggleKey,
} from './schemas/role-form';
import { applyServerErrors } from './server-errors';
import { useUsersTranslation } from './use-users-translation';

const ROLE_SERVER_FIELDS: Record<string, keyof RoleForm> = {
  name: 'name',
  type: 'type',
  description: 'description',
};

/**
 * The roles editor (`/roles`): the school's roles on the left, the chosen role's settings
 * and permission matrix on the right. A change applies to the role's users from their next
 * request (menus from their next sign-in). An owner role is shown locked: it always allows
 * everything, so the school cannot lock itself out.
 */
export function RolesScreen() {
  const { t } = useUsersTranslation();
  const canWrite = useCan('MODULE_COMPANY_WRITE');
  const roles = useRoles();
  const [selected, setSelected] = useState<number | 'new' | null>(null);

  const list = roles.data ?? [];
  const current =
    selected === 'new' ? undefined : (list.find((role) => role.id === selected) ?? list[0]);

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('roles.title')}
        description={canWrite ? t('roles.description') : t('common.readOnly')}
        actions={
          canWrite ? <Button onPress={() => setSelected('new')}>{t('roles.new')}</Button> : null
        }
      />
      {roles.isError ? (
        <ErrorState title={t('common.loadError')} onRetry={() => roles.refetch()} />
      ) : roles.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : list.length === 0 && selected !== 'new' ? (
        <EmptyState title={t('roles.empty')} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-[16rem_1fr]">
          <nav aria-label={t('roles.list')}>
            <ul className="flex flex-col gap-1">
              {list.map((role) => (
                <li key={role.id}>
                  <button
                    type="button"
                    aria-current={
                      current?.id === role.id && selected !== 'new' ? 'true' : undefined
                    }
                    onClick={() => setSelected(role.id)}
                    className={`flex w-full items-center justify-between rounded-md px-3 py-2 text-start text-sm ${
                      current?.id === role.id && selected !== 'new'
                        ? 'bg-brand-50 font-medium text-brand-800'
                        : 'text-neutral-800 hover:bg-neutral-100'
                    }`}
                  >
                    <span>{role.name}</span>
                    <span className="text-xs text-neutral-600">
                      {t('roles.userCount', { count: role.userCount })}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <RoleEditor
            key={selected === 'new' ? 'new' : (current?.id ?? 'none')}
            role={current}
            canWrite={canWrite}
            onSaved={(role) => setSelected(role.id)}
            onDeleted={() => setSelected(null)}
          />
        </div>
      )}
    </div>
  );
}

function RoleEditor({
  role,
  canWrite,
  onSaved,
  onDeleted,
}: {
  role?: Role;
  canWrite: boolean;
  onSaved: (role: Role) => void;
  onDeleted: () => void;
}) {
  const { t } = useUsersTranslation();
  const save = useSaveRole();
  const remove = useDeleteRole();
  const [problems, setProblems] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const { control, handleSubmit, setError, watch, setValue, formState } = useForm<RoleForm>({
    resolver: zodResolver(roleFormSchema),
    defaultValues: role ? roleToForm(role) : emptyRoleForm(),
  });
  const type = watch('type');
  const allowed = watch('allowed');
  const isOwner = type === 'OWNER';
  const readOnly = !canWrite;

  const submit = handleSubmit(async (form) => {
    setProblems([]);
    try {
      const { input, permissions } = formToRole(form);
      const saved = await save.mutateAsync({ id: role?.id, input, permissions });
      if (!saved) return;
      toast.success(t('messages.save_success'));
      onSaved(saved);
    } catch (error) {
      setProblems(applyServerErrors(error, setError, ROLE_SERVER_FIELDS));
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {problems.length > 0 && (
        <FormAlert>
          {problems.map((problem) => (
            <p key={problem}>{t(problem)}</p>
          ))}
        </FormAlert>
      )}
      <Section
        title={role ? role.name : t('roles.newTitle')}
        actions={
          canWrite ? (
            <div className="flex gap-2">
              {role && !isOwner && (
                <Button variant="secondary" onPress={() => setConfirming(true)}>
                  {t('roles.delete')}
                </Button>
              )}
              <Button type="submit" isPending={formState.isSubmitting}>
                {t('common.save')}
              </Button>
            </div>
          ) : null
        }
        columns
      >
        <Controller
          control={control}
          name="name"
          render={({ field, fieldState }) => (
            <TextField
              label={t('roles.name')}
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
          name="type"
          render={({ field, fieldState }) => (
            <Select
              label={t('roles.type')}
              isRequired
              isDisabled={readOnly}
              items={ROLE_TYPES.map((id) => ({ id, label: t(`roleTypes.${id}`) }))}
              selectedKey={field.value}
              onSelectionChange={(key) => field.onChange(key)}
              {...invalidProps(fieldState.error, t)}
            />
          )}
        />
        <Controller
          control={control}
          name="description"
          render={({ field, fieldState }) => (
            <TextField
              label={t('roles.descriptionLabel')}
              isMultiline
              isReadOnly={readOnly}
              maxLength={1000}
              showRemaining
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              {...invalidProps(fieldState.error, t)}
            />
          )}
        />
        <div className="flex flex-col gap-3">
          <Controller
            control={control}
            name="generalAccess"
            render={({ field }) => (
              <Switch
                isSelected={field.value}
                isReadOnly={readOnly}
                onChange={field.onChange}
                description={t('roles.generalAccessHint')}
              >
                {t('roles.generalAccess')}
              </Switch>
            )}
          />
          <Controller
            control={control}
            name="sidebarAccess"
            render={({ field }) => (
              <Switch
                isSelected={field.value}
                isReadOnly={readOnly}
                onChange={field.onChange}
                description={t('roles.sidebarAccessHint')}
              >
                {t('roles.sidebarAccess')}
              </Switch>
            )}
          />
        </div>
      </Section>
      <Section
        title={t('roles.permissions')}
        description={isOwner ? undefined : t('roles.permissionsHint')}
      >
        {isOwner && (
          <p className="flex items-center gap-2 text-sm text-neutral-700">
            <Badge tone="warning">{t('roles.locked')}</Badge>
            {t('roles.ownerLocked')}
          </p>
        )}
        <PermissionMatrix
          allowed={allowed}
          isLocked={isOwner || readOnly}
          onToggle={(key, on) => setValue('allowed', toggleKey(allowed, key, on))}
        />
      </Section>
      {role && (
        <ConfirmDialog
          isOpen={confirming}
          onOpenChange={setConfirming}
          title={t('roles.deleteTitle')}
          confirmLabel={t('roles.delete')}
          cancelLabel={t('common.cancel')}
          variant="destructive"
          onConfirm={async () => {
            await remove.mutateAsync(role.id);
            toast.success(t('messages.delete_success'));
            setConfirming(false);
            onDeleted();
          }}
        >
          {t('roles.deleteText', { name: role.name })}
        </ConfirmDialog>
      )}
    </form>
  );
}
