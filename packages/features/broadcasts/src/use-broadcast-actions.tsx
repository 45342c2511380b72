import { ConfirmDialog, formatDate, toIsoDate, useToast } from '@fahrwerk/ui';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import {
  type Broadcast,
  useBroadcastMutations,
  useBroadcastTransition,
} from './api/broadcast-queries';
import type { BroadcastAction } from './broadcast-rules';
import { BroadcastFormDialog } from './components/broadcast-form-dialog';
import { useBroadcastsTranslation } from './use-broadcasts-translation';

type Asking = { action: 'edit' | 'publish' | 'stop' | 'archive' | 'delete'; broadcast: Broadcast };

export type BroadcastActions = {
  /** Runs an action of `broadcastActions`; the irreversible ones ask first. */
  run: (action: Exclude<BroadcastAction, 'open'>, broadcast: Broadcast) => void;
  /** The edit dialog and the confirmations; render once in the screen. */
  dialogs: ReactNode;
};

/**
 * The state actions of a broadcast, shared by the list and the detail view: edit (dialog),
 * prepare (at once; "no recipients" is the server's German toast), publish (confirmation that
 * says it cannot be undone), stop (confirmation: at once), archive (confirmation; a published
 * one is stopped by it), take out of the archive (it stays expired) and delete.
 */
export function useBroadcastActions({ onDeleted }: { onDeleted?: (id: number) => void } = {}) {
  const toast = useToast();
  const { t } = useBroadcastsTranslation();
  const mutations = useBroadcastMutations();
  const transition = useBroadcastTransition();
  const [asking, setAsking] = useState<Asking | null>(null);
  const latest = useRef({ t, mutations, transition });
  latest.current = { t, mutations, transition };

  const run = useCallback(
    (action: Exclude<BroadcastAction, 'open'>, broadcast: Broadcast) => {
      const { t, mutations, transition } = latest.current;
      if (action === 'prepare') {
        transition.mutate(
          { id: broadcast.id, action: 'prepare' },
          {
            onSuccess: (prepared) =>
              toast.success(t('messages.prepared', { count: prepared.recipientCount ?? 0 })),
          },
        );
      } else if (action === 'unarchive') {
        mutations.archive.mutate(
          { id: broadcast.id, archived: false },
          {
            onSuccess: (row) =>
              toast.success(
                row.state === 'CREATED' || row.state === 'PREPARED'
                  ? t('messages.unarchive_success')
                  : t('confirm.unarchiveFinal', { state: t(`states.${row.state}`) }),
              ),
          },
        );
      } else if (
        action === 'publish' &&
        broadcast.publishTo &&
        broadcast.publishTo < toIsoDate(new Date())
      ) {
        // The server refuses it too (invalid_status_transition); here the user learns why.
        toast.error(t('confirm.publishPast', { to: formatDate(broadcast.publishTo) }));
      } else {
        setAsking({ action, broadcast });
      }
    },
    [toast],
  );

  const close = () => setAsking(null);
  const current = asking?.broadcast;
  const confirm = (action: Asking['action']) => (asking?.action === action ? current : undefined);
  const from = current ? formatDate(current.publishFrom) : '';
  const publishing = confirm('publish');
  const stopping = confirm('stop');
  const archiving = confirm('archive');
  const deleting = confirm('delete');
  const editing = confirm('edit');

  const dialogs = (
    <>
      {editing && (
        <BroadcastFormDialog
          isOpen
          onOpenChange={(open) => !open && close()}
          broadcast={editing}
          onSubmit={(input) => mutations.update.mutateAsync({ id: editing.id, input })}
          onSaved={() => toast.success(t('messages.save_success'))}
        />
      )}
      <ConfirmDialog
        isOpen={publishing !== undefined}
        onOpenChange={(open) => !open && close()}
        title={t('confirm.publishTitle')}
        confirmLabel={t('confirm.publishConfirm')}
        cancelLabel={t('actions.cancel')}
        variant="destructive"
        onConfirm={async () => {
          if (!publishing) return;
          await transition.mutateAsync({ id: publishing.id, action: 'publish' });
          toast.success(t('messages.published'));
        }}
      >
        {publishing && (
          <span className="flex flex-col gap-2">
            <span>{t('confirm.publishText', { name: publishing.name, from })}</span>
            <span>{t('confirm.publishRecipients', { count: publishing.recipientCount ?? 0 })}</span>
            {publishing.sendEmail && <span>{t('confirm.publishEmail', { from })}</span>}
            <strong>{t('confirm.publishIrreversible')}</strong>
          </span>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={stopping !== undefined}
        onOpenChange={(open) => !open && close()}
        title={t('confirm.stopTitle')}
        confirmLabel={t('confirm.stopConfirm')}
        cancelLabel={t('actions.cancel')}
        variant="destructive"
        onConfirm={async () => {
          if (!stopping) return;
          await transition.mutateAsync({ id: stopping.id, action: 'stop' });
          toast.success(t('messages.stopped'));
        }}
      >
        {stopping && t('confirm.stopText', { name: stopping.name })}
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={archiving !== undefined}
        onOpenChange={(open) => !open && close()}
        title={t('confirm.archiveTitle')}
        confirmLabel={t('confirm.archiveConfirm')}
        cancelLabel={t('actions.cancel')}
        variant="destructive"
        onConfirm={async () => {
          if (!archiving) return;
          await mutations.archive.mutateAsync({ id: archiving.id, archived: true });
          toast.success(t('messages.archive_success'));
        }}
      >
        {archiving && (
          <span className="flex flex-col gap-2">
            <span>{t('confirm.archiveText', { name: archiving.name })}</span>
            {archiving.state === 'PUBLISHED' && <strong>{t('confirm.archivePublished')}</strong>}
            {archiving.state !== 'CREATED' && archiving.state !== 'PREPARED' && (
              <span>{t('confirm.archiveFinal')}</span>
            )}
          </span>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={deleting !== undefined}
        onOpenChange={(open) => !open && close()}
        title={t('confirm.deleteTitle')}
        confirmLabel={t('actions.delete')}
        cancelLabel={t('actions.cancel')}
        variant="destructive"
        onConfirm={async () => {
          if (!deleting) return;
          await mutations.delete.mutateAsync(deleting.id);
          toast.success(t('messages.delete_success'));
          onDeleted?.(deleting.id);
        }}
      >
        {deleting && t('confirm.deleteText', { name: deleting.name })}
      </ConfirmDialog>
    </>
  );
  return { run, dialogs } satisfies BroadcastActions;
}
