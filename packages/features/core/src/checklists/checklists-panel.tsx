import { type components, useApi } from '@fahrwerk/api';
import {
  Button,
  Checkbox,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  Select,
  SelectItem,
  Spinner,
} from '@fahrwerk/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CORE_NAMESPACE } from '../errors';
import { useCan } from '../permissions';

export type Checklist = components['schemas']['Checklist'];
export type ChecklistItem = components['schemas']['ChecklistItem'];
export type ChecklistTemplate = components['schemas']['ChecklistTemplate'];

/** Whose checklists the panel shows. */
export type ChecklistOwner =
  | { kind: 'student'; studentId: number }
  | { kind: 'costBearer'; costBearerId: number };

export type ChecklistsPanelProps = {
  owner: ChecklistOwner;
  /** The level of the checklists' headings, one below the screen's. @default 3 */
  headingLevel?: 2 | 3 | 4;
};

/** The owner's list call (its query key is updated in place after a tick). */
function useOwnerChecklists(owner: ChecklistOwner) {
  const { query } = useApi();
  const studentOptions = (id: number) =>
    query.queryOptions('get', '/checklist/by-student/{id}', { params: { path: { id } } });
  // Both answer Checklist[]; one options type keeps useQuery's overloads apart.
  const options =
    owner.kind === 'student'
      ? studentOptions(owner.studentId)
      : (query.queryOptions('get', '/checklist/by-cost-bearer/{id}', {
          params: { path: { id: owner.costBearerId } },
        }) as unknown as ReturnType<typeof studentOptions>);
  return { list: useQuery(options), queryKey: options.queryKey };
}

/**
 * The checklists of a student or a cost bearer: progress, items to tick, adding one from a
 * template of that kind, deleting one. Read-only without MODULE_CUSTOMERS_WRITE (students)
 * or MODULE_COST_BEARERS_WRITE (cost bearers).
 */
export function ChecklistsPanel({ owner, headingLevel = 3 }: ChecklistsPanelProps) {
  const { t } = useTranslation(CORE_NAMESPACE);
  const api = useApi();
  const queryClient = useQueryClient();
  const canWrite = useCan(
    owner.kind === 'student' ? 'MODULE_CUSTOMERS_WRITE' : 'MODULE_COST_BEARERS_WRITE',
  );
  const { list, queryKey } = useOwnerChecklists(owner);
  const forCostBearers = owner.kind === 'costBearer';
  const templates = useQuery({
    ...api.query.queryOptions('get', '/checklist/templates', {
      params: { query: { forCostBearers } },
    }),
    enabled: canWrite,
  });
  const users = useQuery(
    api.query.queryOptions('get', '/users', { params: { query: { archived: false } } }),
  );
  const userName = useMemo(() => {
    const names = new Map(
      (users.data ?? []).map((user) => [user.id, `${user.firstName} ${user.lastName}`]),
    );
    return (id: number | undefined) => (id === undefined ? undefined : names.get(id));
  }, [users.data]);

  const [templateId, setTemplateId] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<Checklist | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey });

  const check = useMutation({
    mutationFn: async ({ id, checked }: { id: number; checked: boolean }) => {
      const options = { params: { path: { id }, query: { checked } } };
      const { data } =
        owner.kind === 'student'
          ? await api.fetch.PUT('/checklist/check/{id}', options)
          : await api.fetch.PUT('/checklist/cost-bearer/check/{id}', options);
      return data as ChecklistItem;
    },
    onSuccess: (item) => {
      queryClient.setQueryData<Checklist[]>(queryKey, (old) =>
        old?.map((checklist) => ({
          ...checklist,
          items: checklist.items.map((entry) => (entry.id === item.id ? item : entry)),
        })),
      );
    },
  });

  const add = useMutation({
    mutationFn: async (template: number) => {
      if (owner.kind === 'student') {
        await api.fetch.POST('/checklist/template/{studentId}/{templateId}', {
          params: { path: { studentId: owner.studentId, templateId: template } },
        });
      } else {
        await api.fetch.POST('/checklist/template/cost-bearer/{costBearerId}/{templateId}', {
          params: { path: { costBearerId: owner.costBearerId, templateId: template } },
        });
      }
    },
    onSuccess: async () => {
      setTemplateId(null);
      await refresh();
    },
  });

  const remove = useMutation({
    mutationFn: async (template: number) => {
      if (owner.kind === 'student') {
        await api.fetch.DELETE('/checklist/template/{studentId}/{templateId}', {
          params: { path: { studentId: owner.studentId, templateId: template } },
        });
      } else {
        await api.fetch.DELETE('/checklist/template/cost-bearer/{costBearerId}/{templateId}', {
          params: { path: { costBearerId: owner.costBearerId, templateId: template } },
        });
      }
    },
    onSuccess: refresh,
  });

  if (list.isPending) {
    return (
      <div className="flex justify-center p-8">
        <Spinner label={t('checklists.loading')} />
      </div>
    );
  }
  if (list.error) {
    return (
      <ErrorState
        message={t('checklists.loadError')}
        onRetry={() => list.refetch()}
        isRetrying={list.isFetching}
      />
    );
  }

  const checklists = list.data;
  const available = (templates.data ?? []).filter(
    (template) =>
      template.forCostBearers === forCostBearers &&
      !checklists.some((checklist) => checklist.templateId === template.id),
  );

  return (
    <div className="flex flex-col gap-4">
      {!canWrite && (
        <p className="rounded-md border border-neutral-300 bg-neutral-50 p-3 text-sm text-neutral-800">
          {t('checklists.readOnly')}
        </p>
      )}
      {canWrite && (
        <section
          aria-label={t('checklists.add')}
          className="flex flex-wrap items-end gap-2 rounded-md border border-neutral-200 p-3"
        >
          {templates.isPending ? (
            <Spinner label={t('checklists.templatesLoading')} />
          ) : templates.error ? (
            <ErrorState
              message={t('checklists.templatesError')}
              onRetry={() => templates.refetch()}
              isRetrying={templates.isFetching}
            />
          ) : available.length === 0 ? (
            <p className="text-sm text-neutral-700">{t('checklists.noTemplatesLeft')}</p>
          ) : (
            <>
              <Select
                label={t('checklists.template')}
                selectedKey={templateId}
                onSelectionChange={(key) => setTemplateId(key === null ? null : Number(key))}
                className="min-w-64"
              >
                {available.map((template) => (
                  <SelectItem key={template.id} id={template.id}>
                    {template.name}
                  </SelectItem>
                ))}
              </Select>
              <Button
                isDisabled={templateId === null}
                isPending={add.isPending}
                onPress={() => templateId !== null && add.mutate(templateId)}
              >
                {t('checklists.add')}
              </Button>
            </>
          )}
        </section>
      )}
      {checklists.length === 0 ? (
        <EmptyState title={t('checklists.empty')} />
      ) : (
        <ul className="flex flex-col gap-4">
          {checklists.map((checklist) => (
            <li key={checklist.id}>
              <ChecklistCard
                checklist={checklist}
                headingLevel={headingLevel}
                canWrite={canWrite}
                userName={userName}
                pendingItem={check.isPending ? check.variables?.id : undefined}
                onCheck={(id, checked) => check.mutate({ id, checked })}
                onDelete={() => setToDelete(checklist)}
              />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        isOpen={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        variant="destructive"
        title={t('checklists.deleteTitle')}
        confirmLabel={t('checklists.delete')}
        onConfirm={async () => {
          if (toDelete) await remove.mutateAsync(toDelete.templateId);
        }}
      >
        {t('checklists.deleteText', { name: toDelete?.name ?? '' })}
      </ConfirmDialog>
    </div>
  );
}

function ChecklistCard({
  checklist,
  headingLevel,
  canWrite,
  userName,
  pendingItem,
  onCheck,
  onDelete,
}: {
  checklist: Checklist;
  headingLevel: 2 | 3 | 4;
  canWrite: boolean;
  userName: (id: number | undefined) => string | undefined;
  pendingItem: number | undefined;
  onCheck: (id: number, checked: boolean) => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation(CORE_NAMESPACE);
  const total = checklist.items.length;
  const done = checklist.items.filter((item) => item.checked).length;
  const percent = total === 0 ? 0 : Math.round((done / total) * 100);
  const progress = t('checklists.progress', { done, total });
  const date = new Intl.DateTimeFormat(i18n.language, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  const headingId = `checklist-${checklist.id}-name`;
  const Heading = `h${headingLevel}` as const;
  const items = [...checklist.items].sort((a, b) => a.position - b.position);

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-neutral-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex flex-col gap-1">
          <Heading id={headingId} className="font-semibold text-base text-neutral-900">
            {checklist.name}
          </Heading>
          <p className="text-sm text-neutral-700">{progress}</p>
        </div>
        {canWrite && (
          <Button variant="secondary" onPress={onDelete}>
            {t('checklists.delete')}
          </Button>
        )}
      </div>
      <div
        role="progressbar"
        aria-label={t('checklists.progressLabel', { name: checklist.name })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={progress}
        className="h-2 w-full overflow-hidden rounded-full bg-neutral-200"
      >
        <div className="h-full bg-brand-600" style={{ width: `${percent}%` }} />
      </div>
      {total === 0 ? (
        <p className="text-sm text-neutral-700">{t('checklists.noItems')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {items.map((item) => {
            const by = userName(item.checkedByUserId);
            const when = item.checkedAt ? date.format(new Date(item.checkedAt)) : undefined;
            return (
              <li key={item.id}>
                <Checkbox
                  isSelected={item.checked}
                  isReadOnly={!canWrite}
                  isDisabled={pendingItem === item.id}
                  onChange={(checked) => onCheck(item.id, checked)}
                  description={
                    item.checked && when
                      ? by
                        ? t('checklists.checkedBy', { date: when, name: by })
                        : t('checklists.checkedAt', { date: when })
                      : undefined
                  }
                >
                  {item.text}
                </Checkbox>
              </li>
            );
          })}
        </ul>
      )}
    </article>
  );
}
