import { ROLE_TYPES } from '@fahrwerk/api';
import { ApiForm, FormSelect, FormSwitch, FormTextField, useApiForm, useCan } from '@fahrwerk/core';
import {
  Badge,
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  PageHeader,
  Section,
  Spinner,
  useToast,
} from '@fahrwerk/ui';
import { useState } from 'react';
import { type Role, useRoleMutations, useRoles, useSaveRole } from './api/users-queries';
import { PermissionMatrix } from './components/permission-matrix';
import {
  emptyRoleForm,
  formToRole,
  roleFormSchema,
  roleToForm,
  toggleKey,
} from './schemas/role-form';
import { useUsersTranslation } from './use-users-translation';

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
  const toast = useToast();
  const { t } = useUsersTranslation();
  const save = useSaveRole();
  const remove = useRoleMutations().delete;
  const [confirming, setConfirming] = useState(false);
  const form = useApiForm({
    schema: roleFormSchema,
    defaultValues: role ? roleToForm(role) : emptyRoleForm(),
    submit: async (values) => {
      const { input, permissions } = formToRole(values);
      const saved = await save.mutateAsync({ id: role?.id, input, permissions });
      if (!saved) return;
      toast.success(t('messages.save_success'));
      onSaved(saved);
    },
    t,
  });
  const { control, watch, setValue, formState } = form;
  const type = watch('type');
  const allowed = watch('allowed');
  const isOwner = type === 'OWNER';
  const readOnly = !canWrite;

  return (
    <ApiForm form={form}>
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
        <FormTextField
          control={control}
          name="name"
          label={t('roles.name')}
          isRequired
          isReadOnly={readOnly}
          maxLength={100}
        />
        <FormSelect
          control={control}
          name="type"
          label={t('roles.type')}
          isRequired
          isReadOnly={readOnly}
          options={ROLE_TYPES.map((id) => ({ id, label: t(`roleTypes.${id}`) }))}
        />
        <FormTextField
          control={control}
          name="description"
          label={t('roles.descriptionLabel')}
          isMultiline
          isReadOnly={readOnly}
          maxLength={1000}
          showRemaining
        />
        <div className="flex flex-col gap-3">
          <FormSwitch
            control={control}
            name="generalAccess"
            isReadOnly={readOnly}
            description={t('roles.generalAccessHint')}
          >
            {t('roles.generalAccess')}
          </FormSwitch>
          <FormSwitch
            control={control}
            name="sidebarAccess"
            isReadOnly={readOnly}
            description={t('roles.sidebarAccessHint')}
          >
            {t('roles.sidebarAccess')}
          </FormSwitch>
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
    </ApiForm>
  );
}
